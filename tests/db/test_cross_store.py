"""``db.cross``: what the cross-server queue keeps (issue 49)."""

from __future__ import annotations

from db import Store, cross


async def test_a_group_is_taken_only_if_all_of_it_still_waits(tmp_path):
    # Two processes (shards) may group the same people at once: the second finds one taken and
    # writes nothing.
    store = await Store.open(tmp_path / "cross.sqlite3")
    try:
        for user in (1, 2, 3):
            await cross.enqueue(
                store, cross.CrossEntry(user, "hindmost", 2, "24h", 10 + user, 20 + user, "p", "en", user, 99.0)
            )
        one, two, three = await cross.waiting(store, 5.0)
        first = await cross.make_pending(store, [one, two], 50.0)
        assert first is not None
        assert await cross.make_pending(store, [two, three], 50.0) is None
        assert [e.user_id for e in await cross.waiting(store, 5.0)] == [3]  # three still waits, alone
        assert len(await cross.pendings(store)) == 1
        # The time runs out with one confirmed: she keeps her place, the other goes to the end.
        assert await cross.confirm(store, first, 2)
        await cross.release(store, first, 60.0)
        assert [e.user_id for e in await cross.waiting(store, 61.0)] == [2, 3, 1]
    finally:
        await store.close()

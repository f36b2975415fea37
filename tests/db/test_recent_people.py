"""People's settings read a moment ago are kept a few seconds (db/recent.py, db/table_data.people):
a move reads them several times, and only the person's own commands change them."""

from db import Store, table_data
from db.recent import Recent


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def counting_reads(store: Store) -> list[str]:
    reads: list[str] = []
    fetch = store.fetch

    async def counted(sql, params=()):
        reads.append(sql)
        return await fetch(sql, params)

    store.fetch = counted
    return reads


async def write_behind_its_back(store: Store, user_id: int, **values) -> None:
    """What another process sharing the database (shards on PostgreSQL) would write."""
    sets = ", ".join(f"{k} = ?" for k in values)
    async with store.transaction() as tx:
        await tx.execute(f"UPDATE table_people SET {sets} WHERE user_id = ?", (*values.values(), user_id))


async def test_a_second_read_within_the_moment_asks_the_database_nothing(db_target):
    store = await Store.open(db_target)
    try:
        await table_data.set_person(store, 7, quiet_from=60, quiet_to=120, quiet_tz="Europe/Amsterdam")
        reads = counting_reads(store)
        first = await table_data.people(store, [7, 8])
        again = await table_data.people(store, [8, 7])
        assert len(reads) == 1
        assert first == again and list(again) == [8, 7]
        assert (again[7].quiet_from, again[7].quiet_tz, again[8]) == (60, "Europe/Amsterdam", table_data.Person(8))
        await table_data.people(store, [7, 9])  # only the one not read yet is asked for
        assert len(reads) == 2 and reads[1].count("?") == 1
    finally:
        await store.close()


async def test_a_persons_own_change_is_read_at_once(db_target):
    store = await Store.open(db_target)
    try:
        await table_data.set_person(store, 7, away_until=None)
        assert (await table_data.people(store, [7]))[7].away_until is None
        changed = await table_data.set_person(store, 7, away_until=5000.0, auto_play=False)
        assert (changed.away_until, changed.auto_play) == (5000.0, False)
        now = (await table_data.people(store, [7]))[7]
        assert (now.away_until, now.auto_play) == (5000.0, False)
    finally:
        await store.close()


async def test_another_processes_change_is_read_once_the_moment_has_passed(db_target):
    store = await Store.open(db_target)
    try:
        clock = Clock()
        table_data._recent(store).clock = clock
        await table_data.set_person(store, 7, heads_up=False)
        assert not (await table_data.people(store, [7]))[7].heads_up
        await write_behind_its_back(store, 7, heads_up=1)
        clock.now += table_data.FRESH_PEOPLE - 0.1
        assert not (await table_data.people(store, [7]))[7].heads_up
        clock.now += 0.2
        assert (await table_data.people(store, [7]))[7].heads_up
    finally:
        await store.close()


def test_a_read_that_began_before_a_write_keeps_nothing():
    recent: Recent[int, str] = Recent(2.0, Clock())
    before = recent.mark()
    recent.changed(7)  # the person changed a setting while the read was on its way
    recent.put(before, [(7, "old"), (8, "other")])
    assert recent.get(7) is None and recent.get(8) == "other"
    after = recent.mark()
    recent.put(after, [(7, "new")])
    assert recent.get(7) == "new"


def test_forgetting_old_writes_still_keeps_reads_from_before_them_out():
    recent: Recent[int, str] = Recent(2.0, Clock(), keep_at_most=3)
    before = recent.mark()
    for key in (1, 2, 3):  # the third write forgets which keys were written
        recent.changed(key)
    recent.put(before, [(1, "old"), (4, "unwritten, but read before the forgetting")])
    assert recent.get(1) is None and recent.get(4) is None
    recent.put(recent.mark(), [(1, "new")])
    assert recent.get(1) == "new"


def test_the_least_recently_used_row_goes_first():
    recent: Recent[int, str] = Recent(2.0, Clock(), keep_at_most=2)
    recent.put(recent.mark(), [(1, "a"), (2, "b")])
    assert recent.get(1) == "a"  # used: 2 is now the oldest
    recent.put(recent.mark(), [(3, "c")])
    assert (recent.get(1), recent.get(2), recent.get(3), len(recent)) == ("a", None, "c", 2)

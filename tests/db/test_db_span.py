"""``db_span``: the time a task waits on the database (what the benchmark reports per move)."""

from __future__ import annotations

import asyncio

from db import Seat, db_span


async def test_a_span_counts_reads_and_transactions_of_its_own_task(store):
    row = await store.create_game(
        guild_id=1, channel_id=1, game="nim", host_id=1, options={}, seats=[Seat("Ann", 1)], seed=1
    )
    with db_span() as outside:
        pass
    assert outside == [0.0]

    async def elsewhere() -> list[float]:
        with db_span() as mine:
            await store.get_game(row.id)
        return mine

    with db_span() as spent:
        other = asyncio.create_task(elsewhere())
        await store.get_game(row.id)
        after_read = spent[0]
        await store.update_game(row.id, row.version, state={"x": 1}, moves=[(0, "a")])
        assert (await other)[0] > 0
    assert 0 < after_read < spent[0]
    total = spent[0]
    await store.get_game(row.id)  # outside the span: not counted
    assert spent[0] == total

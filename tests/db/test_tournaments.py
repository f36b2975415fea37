"""Tournament and queue storage on both backends: a round is paired once (compare-and-set), byes
finish at once, results are recorded once, the queue keeps one entry a person and game and
leaves out expired ones."""

from db import tournaments


async def new_cup(store):
    return await tournaments.create(
        store,
        guild_id=2**40,
        channel_id=2**41,
        organiser_id=2**42,
        name="Cup",
        game="nim",
        format="swiss",
        rounds=3,
        table_size=2,
        options={"pile": 5},
        settings={},
        round_seconds=86400,
        locale="en",
        starts_at=None,
        seed=2**61,
        now=10.0,
    )


async def test_rounds_tables_and_results(store):
    cup = await new_cup(store)
    for user in (2**40 + 1, 2**40 + 2, 2**40 + 3):
        assert await tournaments.add_entry(store, cup.id, user, "x", 0.0, 11.0)
    assert not await tournaments.add_entry(store, cup.id, 2**40 + 1, "x", 0.0, 12.0)
    plan = [((2**40 + 1, 2**40 + 2), False), ((2**40 + 3,), True)]
    assert await tournaments.start_round(store, cup.id, number=1, now=20.0, deadline_at=99.0, tables=plan)
    assert not await tournaments.start_round(store, cup.id, number=1, now=21.0, deadline_at=99.0, tables=plan)
    row = await tournaments.get(store, cup.id)
    assert (row.status, row.current_round, row.options) == ("running", 1, {"pile": 5})
    game, bye = await tournaments.tables(store, cup.id, 1)
    assert bye.bye and bye.finished and not game.finished
    assert await tournaments.finish_table(store, game, [1, 2], [1.0, 0.0], 30.0)
    assert not await tournaments.finish_table(store, game, [2, 1], [0.0, 1.0], 31.0)
    (game, _bye) = await tournaments.tables(store, cup.id, 1)
    assert game.placements == (1, 2) and game.scores == (1.0, 0.0)
    assert await tournaments.drop(store, cup.id, 2**40 + 3)
    assert [e.dropped for e in await tournaments.entries(store, cup.id)] == [False, False, True]
    assert await tournaments.finish(store, cup.id, now=40.0, winner_id=2**40 + 1, status="finished")
    assert [r.finished_at for r in await tournaments.rounds(store, cup.id)] == [40.0]
    assert [t.id for t in await tournaments.in_guild(store, 2**40, ("finished",))] == [cup.id]
    await tournaments.set_organiser_role(store, 2**40, 2**43)
    await tournaments.set_organiser_role(store, 2**40, 2**44)
    assert await tournaments.organiser_role(store, 2**40) == 2**44


async def test_the_queue(store):
    entry = tournaments.QueueEntry(2**40, "nim", 2**40 + 1, "ann", 2, 2**41, 100.0, 200.0)
    await tournaments.enqueue(store, entry)
    await tournaments.enqueue(store, entry)
    assert await tournaments.queue(store, 2**40, 150.0) == [entry]
    assert await tournaments.queue(store, 2**40, 250.0) == []
    assert await tournaments.dequeue(store, 2**40, [2**40 + 1], "other") == 0
    assert await tournaments.dequeue(store, 2**40, [2**40 + 1]) == 1

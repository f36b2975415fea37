"""``tafelbot migrate-db``: SQLite → PostgreSQL and back, with every kind of row; refusals."""

from __future__ import annotations

import pytest

from bot import main
from db import (
    ResultRow,
    Seat,
    Store,
    bot_settings,
    cross,
    ladder,
    league,
    table_data,
    tournaments,
    web_data,
    web_sessions,
)
from db.transfer import IDENTITIES, TABLES, TransferError, migrate_db, table_checks


async def fill(store: Store) -> None:
    """Games in every status, moves, results (rated, with a computer, cancelled), two seasons,
    settings and ratings in two servers, one game outside any server."""
    league.attach(store)
    channel = iter(range(100, 200))

    async def game(guild, users, status, placements=None):
        seats = [Seat(f"P{u}" if u else "Computer", u, computer=u is None) for u in users]
        row = await store.create_game(
            guild_id=guild, channel_id=next(channel), game="hindmost", host_id=1, options={"x": 1}, seats=seats, seed=7
        )
        if status == "lobby":
            return row.id
        version = await store.update_game(
            row.id, row.version, status="active", state={"turn": 0, "hand": ["a♠", "10♥"]}, moves=[(0, "play a♠")]
        )
        version = await store.update_game(row.id, version, state={"turn": 1}, moves=[(1, "pass"), (None, "deal")])
        if status == "active":
            return row.id
        results = [
            ResultRow(i, u, seats[i].name, u is None, False, None if status == "cancelled" else p, float(p) + 0.5)
            for i, (u, p) in enumerate(zip(users, placements or range(1, len(users) + 1), strict=True))
        ]
        await store.update_game(row.id, version, status=status, results=results, rated=None not in users)
        return row.id

    await game(1, [1, 2], "lobby")
    await game(1, [1, 2, 3], "active")
    await game(1, [1, 2, 3], "finished", [2, 1, 3])
    await game(1, [1, None], "finished")
    await game(1, [2, 3], "cancelled")
    await league.set_carry_over(store, 1, False, by=9)
    await league.new_season(store, 1, started_by=9)
    await game(1, [3, 1], "finished", [1, 1])
    await game(2, [5, 6], "finished")
    await game(None, [1, 2], "finished")
    # Clocks: a running game with a deadline and its bookkeeping, server defaults, people's choices.
    running = await game(2, [5, 6], "active")
    row = await store.get_game(running)
    await table_data.set_deadline(store, running, row.version, 1_700_000_000.5, {"kind": "move", "owing": [0]})
    await table_data.set_board_message(store, running, 4242, 1)
    await table_data.set_channel_trouble(store, 8, 2, 1_700_000_050.5, "gone")
    await table_data.set_server_settings(store, 2, by=9, move_seconds=3600, dm_reminders=True, channels=(7, 8))
    await table_data.set_person(store, 5, dm_reminders=True, away_until=1_700_000_100.25)
    # Tournaments and the table queue.
    cup = await tournaments.create(
        store,
        **dict(guild_id=2, channel_id=7, organiser_id=9, name="Cup", game="hindmost", format="swiss", rounds=3),
        **dict(table_size=2, options={}, settings={"move_seconds": 3600}, round_seconds=86400, locale="nl"),
        starts_at=None,
        seed=2**61,
        now=1.5,
    )
    await tournaments.add_entry(store, cup.id, 5, "Eve", 25.0, 2.5)
    await tournaments.add_entry(store, cup.id, 6, "Fay", 24.0, 3.5)
    await tournaments.start_round(store, cup.id, number=1, now=4.5, deadline_at=99.5, tables=[((5, 6), False)])
    (table,) = await tournaments.tables(store, cup.id)
    await tournaments.set_table_game(store, table, running)
    await tournaments.set_organiser_role(store, 2, 4040)
    await tournaments.enqueue(store, tournaments.QueueEntry(2, "hindmost", 5, "Eve", 3, 7, 10.0, 86410.0))
    # Quiet hours, away periods and a held notification (migration 6).
    await table_data.set_person(store, 6, quiet_from=1380, quiet_to=480, quiet_tz="Europe/Amsterdam")
    await table_data.add_away_period(store, 5, 1_700_000_000.0, 1_700_000_100.25)
    await table_data.hold(store, 6, running, "turn", 1_700_000_200.5)
    # The web companion: a server's page on with a rotated secret, and one made on first use.
    await web_data.set_server_page(store, 1, True, by=9)
    await web_data.rotate_secret(store, 1, by=9)
    await web_data.web_server(store, None)
    # A browser signed in on the web companion (only the hash of its secret is kept).
    await web_sessions.add_session(
        store, session_id="s1", secret_hash="cd" * 32, user_id=2**62, name="Eve", csrf="t", now=1.5, expires_at=2.5
    )
    # Tables across servers (migration 15): a channel, a group being confirmed, a name, a block
    # and a game's place in a second server.
    await cross.set_cross_channel(store, 2, cross.CrossChannel(2, 70))
    await cross.enqueue(store, cross.CrossEntry(5, "hindmost", 2, "24h", 2, 70, "Eve", "nl", 10.5, 86410.5))
    (eve,) = await cross.waiting(store, 11.0)
    await cross.make_pending(store, [eve], 130.5)
    await cross.set_neutral(store, 5, True)
    await cross.block(store, 5, 6)
    await cross.add_places(store, [cross.Place(running, 71, 3, frozenset({6}), "en")])
    await cross.set_place_board(store, running, 71, 72, 1)
    async with store.transaction() as tx:  # a table across servers rated on the ladder
        results = [
            {"game": "hindmost", "user_id": u, "name": n, "placement": p, "is_computer": 0}
            for u, n, p in ((5, "Eve", 1), (6, "Fay", 2))
        ]
        assert await ladder.count(tx, running, results, 5.5)
    # Bot-wide settings: the hash of the commands last synced to Discord.
    await bot_settings.set_bot_setting(store, "commands_synced", "ab" * 32)


async def assert_same(a: Store, b: Store) -> None:
    assert await table_checks(a) == await table_checks(b)
    for kind in ("lobby", "active", "finished", "cancelled"):
        assert await a.games_with_status(kind) == await b.games_with_status(kind)
    for row in await a.games_with_status("lobby", "active", "finished", "cancelled"):
        assert await a.moves(row.id) == await b.moves(row.id)
        assert await a.results(row.id) == await b.results(row.id)
    for guild in (1, 2):
        assert await league.standings(a, guild, season=1) == await league.standings(b, guild, season=1)
        assert await league.seasons(a, guild) == await league.seasons(b, guild)
        assert await league.history(a, guild) == await league.history(b, guild)
        assert await league.settings(a, guild) == await league.settings(b, guild)


async def test_every_table_of_the_schema_is_copied(db_target):
    store = await Store.open(db_target)
    try:
        assert set(await store.backend.tables()) == set(TABLES)
    finally:
        await store.close()
    assert set(IDENTITIES) <= set(TABLES)


async def test_every_column_of_every_table_is_copied(tmp_path):
    # Columns added later with ALTER TABLE must not be left behind by migrate-db.
    store = await Store.open(tmp_path / "columns.sqlite3")
    try:
        for table, columns in TABLES.items():
            found = [row["name"] for row in await store.fetch(f"PRAGMA table_info({table})")]
            assert set(found) == set(columns), table
    finally:
        await store.close()


@pytest.mark.parametrize(("source_kind", "target_kind"), [("sqlite", "postgresql"), ("postgresql", "sqlite")])
async def test_a_whole_database_goes_across_and_checks_out(make_target, source_kind, target_kind):
    source, target = await make_target(source_kind), await make_target(target_kind)
    store = await Store.open(source)
    await fill(store)
    await store.close()

    checks = await migrate_db(source, target)
    assert {c.table: c.rows for c in checks}["moves"] == 24 and all(c.rows for c in checks)

    a, b = await Store.open(source), await Store.open(target)
    try:
        await assert_same(a, b)
        # The copy goes on numbering games and ledger entries after the copied ones, and rates.
        league.attach(b)
        row = await b.create_game(
            guild_id=1, channel_id=999, game="hindmost", host_id=1, options={}, seats=[Seat("A", 1)], seed=1
        )
        assert row.id > max(g.id for g in await a.games_with_status("lobby", "active", "finished", "cancelled"))
        results = [ResultRow(0, 1, "P1", False, False, 1, 1.0), ResultRow(1, 2, "P2", False, False, 2, 0.0)]
        await b.update_game(row.id, row.version, status="finished", results=results, rated=True)
        assert (await league.history(b, 1, limit=1))[0].game_id == row.id
    finally:
        await a.close()
        await b.close()


async def test_a_target_with_data_is_refused_and_left_alone(make_target):
    source, target = await make_target("sqlite"), await make_target("postgresql")
    store = await Store.open(source)
    await fill(store)
    await store.close()
    busy = await Store.open(target)
    await busy.create_game(guild_id=1, channel_id=1, game="nim", host_id=1, options={}, seats=[], seed=1)
    before = await table_checks(busy)
    await busy.close()
    with pytest.raises(TransferError, match="already holds data"):
        await migrate_db(source, target)
    busy = await Store.open(target)
    assert await table_checks(busy) == before
    await busy.close()


async def test_a_mismatch_rolls_the_copy_back(make_target, monkeypatch):
    import db.transfer as transfer

    source, target = await make_target("postgresql"), await make_target("sqlite")
    store = await Store.open(source)
    await fill(store)
    await store.close()
    real = transfer._check

    async def one_row_differs(tx, table):  # what a lossy copy would read back
        check = await real(tx, table)
        return transfer.TableCheck(table, check.rows, "0" * 64) if table == "results" else check

    monkeypatch.setattr(transfer, "_check", one_row_differs)
    with pytest.raises(TransferError, match="nothing was copied"):
        await migrate_db(source, target)
    store = await Store.open(target)
    assert all(c.rows == 0 for c in await table_checks(store))
    await store.close()


async def test_the_command_prints_the_checks_and_refuses_a_second_run(make_target, capsys):
    source, target = await make_target("sqlite"), await make_target("postgresql")
    store = await Store.open(source)
    await fill(store)
    await store.close()
    import asyncio

    # main() runs its own event loop: give it a thread of its own.
    code = await asyncio.to_thread(main, ["migrate-db", source, target])
    out = capsys.readouterr()
    assert code == 0 and "league_ratings" in out.out and "checksums match" in out.out
    code = await asyncio.to_thread(main, ["migrate-db", source, target])
    assert code == 1 and "already holds data" in capsys.readouterr().err

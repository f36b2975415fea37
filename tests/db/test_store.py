"""The store on both backends (SQLite file, PostgreSQL database): migrations, the one open game
per channel, compare-and-set writes, the move log, results and the results hook."""

import ast
from pathlib import Path

import pytest

from db import ChannelBusy, DatabaseTooNew, ResultRow, Seat, StaleVersion, Store
from db.backend import open_backend, to_numbered
from db.migrations import MIGRATIONS, Step


async def new_game(store, channel=10, game="nim"):
    return await store.create_game(
        guild_id=1, channel_id=channel, game=game, host_id=5, options={"pile": 7}, seats=[Seat("Ann", 5)], seed=42
    )


async def set_schema_version(target, version):
    backend = await open_backend(target)
    try:
        async with backend.transaction() as tx:
            await backend.begin_migration(tx)
            await backend.set_schema_version(tx, version)
    finally:
        await backend.close()


def test_the_store_imports_nothing_of_the_league():
    tree = ast.parse((Path(__file__).parents[2] / "db" / "store.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not {m for m in imported if m and "league" in m}


def test_placeholders_are_numbered_for_postgresql_outside_literals():
    sql = "SELECT '?' AS q, \"a?\" FROM t WHERE a = ? AND b IN (?, ?)"
    assert to_numbered(sql) == "SELECT '?' AS q, \"a?\" FROM t WHERE a = $1 AND b IN ($2, $3)"


async def test_migrations_set_the_schema_version_and_are_idempotent(db_target):
    s = await Store.open(db_target)
    assert await s.schema_version() == len(MIGRATIONS)
    await s.migrate()
    assert await s.schema_version() == len(MIGRATIONS)
    await s.close()
    # Reopening runs nothing twice and keeps the data.
    s = await Store.open(db_target)
    assert await s.schema_version() == len(MIGRATIONS)
    await s.close()


async def test_a_database_from_newer_code_is_refused(db_target):
    await set_schema_version(db_target, len(MIGRATIONS) + 1)
    with pytest.raises(DatabaseTooNew, match="schema version"):
        await Store.open(db_target)


async def test_a_failed_migration_leaves_the_old_version(store):
    async def half_done(tx, dialect):
        await tx.run_script("CREATE TABLE ok_table (x INTEGER); THIS IS NOT SQL")

    with pytest.raises(Exception, match="(?i)syntax"):
        await store.migrate([*MIGRATIONS, Step(len(MIGRATIONS) + 1, "a step that fails half way", half_done)])
    assert await store.schema_version() == len(MIGRATIONS)
    with pytest.raises(Exception, match="ok_table"):
        await store.fetch("SELECT x FROM ok_table")


async def test_a_migration_in_both_dialects_runs_its_own_statements(store):
    async def clocks(tx, dialect):
        if dialect == "postgresql":
            await tx.run_script("CREATE TABLE clocks (game_id BIGINT PRIMARY KEY, left_s DOUBLE PRECISION)")
        else:
            await tx.run_script("CREATE TABLE clocks (game_id INTEGER PRIMARY KEY, left_s REAL)")

    await store.migrate([*MIGRATIONS, Step(len(MIGRATIONS) + 1, "a clocks table", clocks)])
    assert await store.schema_version() == len(MIGRATIONS) + 1
    async with store.transaction() as tx:
        await tx.execute("INSERT INTO clocks (game_id, left_s) VALUES (?, ?)", (2**40, 1.5))
    assert await store.fetchval("SELECT left_s FROM clocks WHERE game_id = ?", (2**40,)) == 1.5


async def test_one_open_game_per_channel_but_threads_are_channels(store):
    first = await new_game(store, channel=10)
    with pytest.raises(ChannelBusy) as busy:
        await new_game(store, channel=10)
    assert busy.value.game_id == first.id
    await new_game(store, channel=11)  # a thread has its own id
    await store.update_game(first.id, first.version, status="cancelled")
    again = await new_game(store, channel=10)
    assert again.id != first.id


async def test_stale_version_write_is_refused_and_changes_nothing(store):
    row = await new_game(store)
    v1 = await store.update_game(row.id, row.version, status="active", state={"x": 1}, moves=[(0, "a")])
    with pytest.raises(StaleVersion):
        await store.update_game(row.id, row.version, state={"x": 2}, moves=[(0, "b")])
    now = await store.get_game(row.id)
    assert now.version == v1 and now.state == {"x": 1}
    assert await store.moves(row.id) == [(1, 0, "a")]


async def test_racing_writes_of_one_version_let_exactly_one_win(store):
    import asyncio

    row = await new_game(store)
    outcomes = await asyncio.gather(
        *(store.update_game(row.id, row.version, state={"by": i}, moves=[(0, f"m{i}")]) for i in range(8)),
        return_exceptions=True,
    )
    assert sum(1 for o in outcomes if o == row.version + 1) == 1
    assert sum(1 for o in outcomes if isinstance(o, StaleVersion)) == 7
    (winner,) = [i for i, o in enumerate(outcomes) if o == row.version + 1]
    assert (await store.get_game(row.id)).state == {"by": winner}
    assert await store.moves(row.id) == [(1, 0, f"m{winner}")]


async def test_several_moves_of_a_step_are_numbered_on_after_the_log(store):
    row = await new_game(store)
    v1 = await store.update_game(row.id, row.version, status="active", moves=[(0, "a"), (None, "!timeout")])
    await store.update_game(row.id, v1, moves=[(0, "b"), (1, "c")])
    assert await store.moves(row.id) == [(1, 0, "a"), (2, None, "!timeout"), (3, 0, "b"), (4, 1, "c")]


async def test_a_write_batch_is_all_or_nothing(store):
    row = await new_game(store)
    rename = ("UPDATE games SET game = ? WHERE id = ?", ("renamed", row.id))
    assert await store.write_batch([rename, ("UPDATE games SET host_id = 6 WHERE id = -1", ())]) == [1, 0]
    # Guarded: the first statement must change a row, else nothing of the batch is written.
    unchanged = ("UPDATE games SET host_id = 7 WHERE id = -1", ())
    assert (
        await store.write_batch([unchanged, ("UPDATE games SET game = 'x' WHERE id = ?", (row.id,))], guarded=True)
        is None
    )
    # A statement that fails undoes the ones before it, and the store goes on working.
    duplicate = ("INSERT INTO games SELECT * FROM games WHERE id = ?", (row.id,))
    with pytest.raises(Exception):  # noqa: B017 - sqlite3 and asyncpg raise their own kinds
        await store.write_batch([("UPDATE games SET host_id = 8 WHERE id = ?", (row.id,)), duplicate])
    now = await store.get_game(row.id)
    assert (now.game, now.host_id) == ("renamed", 5)
    async with store.transaction() as tx:
        await tx.execute("UPDATE games SET host_id = 9 WHERE id = ?", (row.id,))
    assert (await store.get_game(row.id)).host_id == 9


async def test_a_batch_that_need_not_wait_for_the_disk_is_written_all_the_same(store):
    """``durable=False`` (the board's bookkeeping): committed, all or nothing, and the writes after
    it wait for the disk again (SQLite's synchronous setting is back to FULL)."""
    row = await new_game(store)
    setting = "PRAGMA synchronous" if store.dialect == "sqlite" else "SHOW synchronous_commit"
    before = await store.fetchval(setting)
    rename = ("UPDATE games SET game = ? WHERE id = ?", ("quick", row.id))
    assert await store.write_batch([rename], durable=False) == [1]
    assert (await store.get_game(row.id)).game == "quick"
    duplicate = ("INSERT INTO games SELECT * FROM games WHERE id = ?", (row.id,))
    with pytest.raises(Exception):  # noqa: B017 - sqlite3 and asyncpg raise their own kinds
        await store.write_batch([("UPDATE games SET host_id = 8 WHERE id = ?", (row.id,)), duplicate], durable=False)
    assert (await store.get_game(row.id)).host_id == 5
    # SQLite's FULL (2) is set again; PostgreSQL's SET LOCAL ended with its transaction.
    assert await store.fetchval(setting) == before
    assert store.dialect != "sqlite" or before == 2


async def test_a_sqlite_write_batch_is_one_trip_to_the_database_thread(tmp_path, monkeypatch):
    """Statement by statement, every round trip waits for the busy event loop while holding the
    write lock; a batch must not (it relies on aiosqlite's ``_execute``, so this guards upgrades)."""
    store = await Store.open(tmp_path / "one.sqlite3")
    try:
        row = await new_game(store)
        conn = store.backend.conn
        trips = []
        original = conn._execute

        async def counted(fn, *args, **kwargs):
            trips.append(fn)
            return await original(fn, *args, **kwargs)

        monkeypatch.setattr(conn, "_execute", counted)
        await store.update_game(row.id, row.version, status="active", state={"x": 1}, moves=[(0, "a"), (0, "b")])
        assert len(trips) == 1
        assert await store.moves(row.id) == [(1, 0, "a"), (2, 0, "b")]
    finally:
        await store.close()


async def test_results_are_recorded_once_even_if_retried(store):
    row = await new_game(store)
    results = [ResultRow(0, 5, "Ann", False, False, 1, 3.0)]
    v = await store.update_game(row.id, row.version, status="finished", results=results, rated=True)
    # A retried finishing write (new version) must not count the game twice.
    await store.update_game(row.id, v, results=[ResultRow(0, 5, "Ann", False, False, 2, 9.0)])
    assert await store.results(row.id) == results


async def test_the_results_hook_runs_once_in_the_results_transaction_and_a_failing_one_is_undone(store, caplog):
    seen = []

    async def counting(tx, game_id):
        seen.append((game_id, await tx.fetchval("SELECT COUNT(*) FROM results WHERE game_id = ?", (game_id,))))

    async def failing(tx, game_id):
        await tx.execute("UPDATE games SET locale = 'xx' WHERE id = ?", (game_id,))
        raise RuntimeError("hook bug")

    store.on_results("counting", counting)
    store.on_results("failing", failing)
    row = await new_game(store)
    results = [ResultRow(0, 5, "Ann", False, False, 1, 3.0), ResultRow(1, 6, "Bob", False, False, 2, 1.0)]
    v = await store.update_game(row.id, row.version, status="finished", results=results)
    await store.update_game(row.id, v, results=results)  # a retry: no second call
    assert seen == [(row.id, 2)]
    assert "hook bug" in caplog.text
    saved = await store.get_game(row.id)
    assert saved.status == "finished" and saved.locale == "en"  # the failing hook's write was undone
    assert len(await store.results(row.id)) == 2


async def test_big_discord_ids_and_seeds_survive(store):
    big = 1_234_567_890_123_456_789
    row = await store.create_game(
        guild_id=big,
        channel_id=big + 1,
        game="nim",
        host_id=big + 2,
        options={},
        seats=[Seat("A", big)],
        seed=2**62 - 1,
    )
    again = await store.get_game(row.id)
    assert (again.guild_id, again.channel_id, again.host_id, again.seed) == (big, big + 1, big + 2, 2**62 - 1)
    assert again.seats[0].user_id == big and (await store.open_game_in_channel(big + 1)).id == row.id


async def test_state_and_seats_survive_a_reopen(db_target):
    s = await Store.open(db_target)
    row = await new_game(s)
    await s.update_game(
        row.id,
        row.version,
        seats=[Seat("Ann", 5), Seat("Computer 1", None, computer=True)],
        status="active",
        state={"pile": 3},
    )
    await s.close()
    s = await Store.open(db_target)
    again = await s.get_game(row.id)
    assert again.status == "active" and again.state == {"pile": 3}
    assert again.seats[1].computer and again.seats[1].user_id is None
    assert [g.id for g in await s.games_with_status("active")] == [row.id]
    await s.close()


async def test_an_unreachable_postgresql_server_is_a_clear_error_without_the_password():
    import socket

    from db import DatabaseUnavailable

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(DatabaseUnavailable) as refused:
        await Store.open(f"postgresql://tafelbot:s3cret@127.0.0.1:{port}/tafelbot")
    assert f"postgresql://tafelbot:***@127.0.0.1:{port}/tafelbot" in str(refused.value)
    assert "s3cret" not in str(refused.value)

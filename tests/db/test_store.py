import sqlite3

import pytest

from db import ChannelBusy, DatabaseTooNew, ResultRow, Seat, StaleVersion, Store
from db.migrations import MIGRATIONS


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "bot.sqlite3")
    yield s
    await s.close()


async def new_game(store, channel=10, game="nim"):
    return await store.create_game(
        guild_id=1, channel_id=channel, game=game, host_id=5, options={"pile": 7}, seats=[Seat("Ann", 5)], seed=42
    )


async def test_migrations_set_the_schema_version_and_are_idempotent(tmp_path):
    path = tmp_path / "x.sqlite3"
    s = await Store.open(path)
    assert await s.schema_version() == len(MIGRATIONS)
    await s.migrate()
    assert await s.schema_version() == len(MIGRATIONS)
    await s.close()
    # Reopening runs nothing twice and keeps the data.
    s = await Store.open(path)
    assert await s.schema_version() == len(MIGRATIONS)
    await s.close()


async def test_a_database_from_newer_code_is_refused(tmp_path):
    path = tmp_path / "new.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    conn.close()
    with pytest.raises(DatabaseTooNew):
        await Store.open(path)


async def test_a_failed_migration_leaves_the_old_version(tmp_path):
    s = await Store.open(tmp_path / "m.sqlite3")
    with pytest.raises(sqlite3.OperationalError):
        await s.migrate([*MIGRATIONS, "CREATE TABLE ok_table (x INTEGER); THIS IS NOT SQL"])
    assert await s.schema_version() == len(MIGRATIONS)
    async with s.conn.execute("SELECT name FROM sqlite_master WHERE name = 'ok_table'") as cur:
        assert await cur.fetchone() is None
    await s.close()


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


async def test_results_are_recorded_once_even_if_retried(store):
    row = await new_game(store)
    results = [ResultRow(0, 5, "Ann", False, False, 1, 3.0)]
    v = await store.update_game(row.id, row.version, status="finished", results=results, rated=True)
    # A retried finishing write (new version) must not count the game twice.
    await store.update_game(row.id, v, results=[ResultRow(0, 5, "Ann", False, False, 2, 9.0)])
    assert await store.results(row.id) == results


async def test_state_and_seats_survive_a_reopen(tmp_path):
    path = tmp_path / "r.sqlite3"
    s = await Store.open(path)
    row = await new_game(s)
    await s.update_game(
        row.id,
        row.version,
        seats=[Seat("Ann", 5), Seat("Computer 1", None, bot=True)],
        status="active",
        state={"pile": 3},
    )
    await s.close()
    s = await Store.open(path)
    again = await s.get_game(row.id)
    assert again.status == "active" and again.state == {"pile": 3}
    assert again.seats[1].bot and again.seats[1].user_id is None
    assert [g.id for g in await s.games_with_status("active")] == [row.id]
    await s.close()

"""The migration of the table data (deadlines, settings) and its store queries (db/table_data.py)."""

import json

from db import Seat, Store, table_data
from db.backend import open_backend
from db.migrations import MIGRATIONS
from table.settings import TableSettings


async def test_rows_from_before_the_settings_column_get_their_underscore_options_as_settings(db_target):
    path = db_target
    legacy = Store(await open_backend(path))
    await legacy.migrate(MIGRATIONS[:2])
    async with legacy.transaction() as tx:
        await tx.execute(
            "INSERT INTO games (guild_id, channel_id, game, status, host_id, options, seats, seed, locale, created_at,"
            " updated_at) VALUES (1, 5, 'duvelen', 'lobby', 1, ?, '[]', 3, 'en', 0, 0)",
            (json.dumps({"rounds": 3, "_quiet": 45, "_bot_speed": 2.0}),),
        )
    await legacy.close()
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    row = await store.get_game(1)
    # Migration 4 moved them into the settings column (migration 12 gave them their new names): the
    # options hold only the rules.
    assert row.options == {"rounds": 3} and row.deadline_at is None
    assert row.settings == {"lull": 45.0, "computer_speed": 2.0, "move_seconds": 0}
    settings = TableSettings.from_stored(row.settings, row.options)
    assert (settings.lull, settings.computer_speed, settings.move_seconds) == (45.0, 2.0, 0)
    await store.close()


async def test_server_settings_and_people_are_stored_and_read_back(db_target):
    store = await Store.open(db_target)
    assert await table_data.server_settings(store, 9) == {}
    await table_data.set_server_settings(store, 9, move_seconds=3600, by=1)
    await table_data.set_server_settings(store, 9, dm_reminders=False, channels=(5, 6))
    assert await table_data.server_settings(store, 9) == {
        "move_seconds": 3600,
        "dm_reminders": False,
        "channels": (5, 6),
    }
    person = await table_data.set_person(store, 7, dm_reminders=True)
    assert person.dm_reminders and not person.heads_up and person.away_until is None
    await table_data.set_person(store, 7, away_until=123.0)
    found = await table_data.people(store, [7, 8])
    assert found[7].away_until == 123.0 and found[7].dm_reminders and found[8] == table_data.Person(8)
    await store.close()


async def test_open_games_of_a_person_in_every_server_and_only_theirs(db_target):
    """ "Your tables" (web/me): seats are JSON, so the query narrows by the id's digits and the seats
    decide; an id that is part of another id, or of a name, finds nothing."""
    store = await Store.open(db_target)
    alice, bob = 900_000_000_000_000_001, 900_000_000_000_000_002
    within = int(f"1{alice}")  # alice's digits inside a longer id

    async def game(guild: int, channel: int, *seats: Seat) -> int:
        row = await store.create_game(
            guild_id=guild,
            channel_id=channel,
            game="nim",
            host_id=seats[0].user_id or 0,
            options={},
            seats=seats,
            seed=1,
        )
        return row.id

    first = await game(1, 10, Seat("Alice", alice), Seat("Bob", bob))
    elsewhere = await game(2, 20, Seat("Bob", bob), Seat("Alice", alice))
    await game(1, 11, Seat("Bob", bob), Seat(f"named {alice}", within))
    await game(1, 12, Seat("Bob", bob), Seat("Computer 1", None, computer=True))
    assert [g.id for g in await table_data.open_games_of(store, alice)] == [first, elsewhere]
    assert len(await table_data.open_games_of(store, bob)) == 4
    assert await table_data.open_games_of(store, 123) == []
    await store.close()

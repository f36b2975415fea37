"""Migrations as numbered, described steps (db/migrations/), on SQLite and PostgreSQL: a database
made at every old version, with the data that version wrote, comes up to the newest with its data
intact, the old ``_quiet``/``_bot_speed`` options converted into table settings and the old words
(a "bot" seat, a "quiet" lull) into the new ones; each step is logged; a database from newer code is refused and left alone."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest

import db.migrations
from db import DatabaseTooNew, Store
from db.backend import open_backend
from db.migrations import MIGRATIONS, Step, UpgradeTable
from db.migrations.steps.v12_one_word_per_thing import deadline_in_words, seats_in_words, settings_in_words
from table.settings import TableSettings

LATEST = len(MIGRATIONS)
BIG = 2**40  # Discord ids need 64 bits: BIGINT on PostgreSQL


def games_row(id, channel, game, status, options, **more):
    row = {
        "id": id,
        "guild_id": BIG + 1,
        "channel_id": BIG + channel,
        "game": game,
        "status": status,
        "host_id": BIG + 5,
        "options": json.dumps(options),
        "seats": json.dumps([{"name": "Ann", "user_id": BIG + 5, "bot": False, "resigned": False}]),
        "seed": 2**61 + id,
        "state": json.dumps({"turn": id}) if status != "lobby" else None,
        "version": 7 + id,
        "lobby_message_id": BIG + 100 + id,
        "locale": "nl",
        "created_at": 1000.5 + id,
        "updated_at": 2000.25 + id,
        "finished_at": 3000.0 + id if status == "finished" else None,
    }
    row.update(more)
    return row


async def insert(tx, table, row):
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    await tx.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})", tuple(row.values()))


# What the code of each version wrote. Games of versions 1 and 2 kept the table's own settings as
# "_" options; from version 3 they have a settings column.
async def fill_v1(tx):
    await insert(tx, "games", games_row(1, 10, "duvelen", "active", {"rounds": 3, "_quiet": 45, "_bot_speed": 2.0}))
    await insert(
        tx,
        "games",
        games_row(2, 11, "howruck", "finished", {"learning": False, "barrels_to_win": 2, "_bot_speed": 0.5}),
    )
    await insert(tx, "games", games_row(3, 12, "nim", "lobby", {"pile": 7}))
    for seq in (1, 2):
        await insert(tx, "moves", {"game_id": 1, "seq": seq, "seat": seq - 1, "action": f"play:{seq}", "at": 1500.5})
    for seat in (0, 1):
        await insert(
            tx,
            "results",
            {
                "game_id": 2,
                "seat": seat,
                "guild_id": BIG + 1,
                "game": "howruck",
                "user_id": BIG + 5 + seat,
                "name": f"P{seat}",
                "is_bot": 0,
                "resigned": 0,
                "placement": seat + 1,
                "score": 2.5 - seat,
                "rated": 1,
                "finished_at": 3002.0,
            },
        )


async def fill_v2(tx):
    await insert(tx, "games", games_row(4, 13, "duvelen", "lobby", {"rounds": 5, "_quiet": 30}))
    await insert(tx, "league_settings", {"guild_id": BIG + 1, "carry_over": 0, "updated_at": 5.5, "updated_by": BIG})
    await insert(
        tx,
        "league_seasons",
        {"guild_id": BIG + 1, "number": 1, "started_at": 10.0, "started_by": None, "carry_over": 1},
    )
    await insert(
        tx,
        "league_games",
        {"seq": 1, "game_id": 2, "guild_id": BIG + 1, "season": 1, "game": "howruck", "rated": 1, "applied": 1},
    )
    await insert(
        tx,
        "league_ratings",
        {"guild_id": BIG + 1, "season": 1, "game": "all", "user_id": BIG + 5, "mu": 26.5, "sigma": 7.9, "games": 1},
    )


V3_SETTINGS = {"quiet": 20.0, "bot_speed": None, "move_seconds": 3600, "handover_after": 2}


async def fill_v3(tx):
    await insert(
        tx,
        "games",
        games_row(
            5,
            14,
            "nim",
            "active",
            {"pile": 9},
            settings=json.dumps(V3_SETTINGS),
            deadline_at=9000.5,
            clock=json.dumps({"kind": "move", "start": 1.0, "owing": [0]}),
            board_message_id=BIG + 77,
        ),
    )
    # Written without settings (the store's create_game leaves them out unless given): read as an
    # old game, so converted the same way.
    await insert(tx, "games", games_row(6, 15, "nim", "lobby", {"pile": 3}, settings="{}"))
    await insert(
        tx,
        "table_server_settings",
        {
            "guild_id": BIG + 1,
            "move_seconds": 600,
            "dm_reminders": 0,
            "lobby_seconds": 60,
            "channels": json.dumps([BIG + 10]),
            "updated_at": 4.5,
            "updated_by": BIG,
        },
    )
    await insert(tx, "table_people", {"user_id": BIG + 5, "dm_reminders": 1, "heads_up": 0, "away_until": 99.5})


async def fill_v4(tx):
    await insert(tx, "games", games_row(7, 16, "duvelen", "lobby", {"rounds": 3}, settings=json.dumps(V3_SETTINGS)))


async def fill_v5(tx):
    await insert(
        tx,
        "games",
        games_row(
            8,
            17,
            "nim",
            "active",
            {"pile": 4},
            settings=json.dumps(V3_SETTINGS),
            deadline_at=9500.0,
            deadline=json.dumps({"kind": "move", "start": 2.0, "owing": [1]}),
        ),
    )


async def fill_v6(tx):
    await insert(
        tx,
        "tournaments",
        {
            "id": 1,
            "guild_id": BIG + 1,
            "channel_id": BIG + 10,
            "organiser_id": BIG + 5,
            "name": "Winter",
            "game": "nim",
            "format": "swiss",
            "rounds": 3,
            "table_size": 2,
            "options": json.dumps({"pile": 7}),
            "settings": json.dumps({"move_seconds": 3600}),
            "round_seconds": 86400,
            "locale": "nl",
            "status": "running",
            "starts_at": None,
            "signup_message_id": BIG + 300,
            "current_round": 1,
            "seed": 2**61,
            "winner_id": None,
            "created_at": 10.5,
            "finished_at": None,
        },
    )
    entry = {"tournament_id": 1, "name": "Ann", "rating": 25.5, "dropped": 0, "joined_at": 11.5}
    await insert(tx, "tournament_entries", {**entry, "user_id": BIG + 5})
    await insert(tx, "tournament_entries", {**entry, "user_id": BIG + 6, "dropped": 1})
    await insert(
        tx,
        "tournament_rounds",
        {
            "tournament_id": 1,
            "number": 1,
            "started_at": 12.5,
            "deadline_at": 99.5,
            "finished_at": None,
            "message_id": BIG,
        },
    )
    await insert(
        tx,
        "tournament_tables",
        {
            "tournament_id": 1,
            "round": 1,
            "number": 1,
            "players": json.dumps([BIG + 5, BIG + 6]),
            "bye": 0,
            "game_id": 8,
            "placements": json.dumps([1, 2]),
            "scores": json.dumps([1.0, 0.0]),
            "finished_at": 50.5,
        },
    )
    await insert(tx, "tournament_settings", {"guild_id": BIG + 1, "organiser_role": BIG + 40})
    await insert(
        tx,
        "table_queue",
        {
            "guild_id": BIG + 1,
            "game": "nim",
            "user_id": BIG + 5,
            "name": "Ann",
            "players": 2,
            "channel_id": BIG + 10,
            "queued_at": 5.5,
            "expires_at": 86405.5,
        },
    )


async def fill_v7(tx):
    await insert(
        tx,
        "table_people",
        {
            "user_id": BIG + 6,
            "dm_reminders": 0,
            "heads_up": 1,
            "away_until": None,
            "quiet_from": 23 * 60,
            "quiet_to": 8 * 60,
            "quiet_tz": "Europe/Amsterdam",
            "share_turn_times": 1,
        },
    )
    await insert(tx, "table_away_periods", {"user_id": BIG + 6, "away_from": 10.5, "away_to": 20.5})
    await insert(tx, "table_held", {"user_id": BIG + 6, "game_id": 8, "kind": "turn", "due_at": 30.5})


async def fill_v8(tx):
    await insert(
        tx,
        "web_servers",
        {"guild_id": BIG + 1, "secret": "ab" * 32, "server_page": 1, "rotated_at": 7.5, "updated_by": BIG + 5},
    )
    await insert(tx, "web_servers", {"guild_id": 0, "secret": "cd" * 32, "server_page": 0})


async def fill_v9(tx):
    # A server that chose who takes over absent players' seats, and a computer seat with a level.
    await insert(
        tx,
        "table_server_settings",
        {"guild_id": BIG + 2, "takeover_level": "easy", "updated_at": 5.5, "updated_by": BIG},
    )
    seats = [{"name": "Computer 1", "user_id": None, "bot": True, "resigned": False, "level": "hard"}]
    await insert(
        tx,
        "games",
        games_row(9, 18, "nim", "lobby", {"pile": 5}, seats=json.dumps(seats), settings=json.dumps(V3_SETTINGS)),
    )


async def fill_v10(tx):
    # The hash of the commands last synced to Discord.
    await insert(tx, "bot_settings", {"name": "commands_synced", "value": "ab" * 32})


async def fill_v11(tx):
    # A running game whose newest board shows an older version than the stored one.
    seats = [{"name": "Ann", "user_id": BIG + 7, "bot": False, "resigned": False}]
    row = games_row(10, 19, "nim", "active", {"pile": 5}, seats=json.dumps(seats), settings=json.dumps(V3_SETTINGS))
    await insert(tx, "games", {**row, "board_version": 1})
    await insert(
        tx, "table_channel_trouble", {"channel_id": BIG + 19, "guild_id": BIG + 1, "since": 9.5, "reason": "gone"}
    )
    # A live Duvelen round against a computer: a "bot" seat, the lull and the computer's pace under
    # their old names, and a deadline of the old kind "quiet".
    seats = [
        {"name": "Ann", "user_id": BIG + 7, "bot": False, "resigned": False, "level": None},
        {"name": "Computer 1", "user_id": None, "bot": True, "resigned": False, "level": "hard"},
    ]
    settings = {"quiet": 30.0, "bot_speed": 2.0, "move_seconds": 3600, "quiet_pause": True}
    deadline = {"kind": "quiet", "due": 60.5, "started": 30.5, "owing": [], "reminded": 0, "timeouts": [0, 0]}
    row = games_row(11, 20, "duvelen", "active", {"rounds": 3}, seats=json.dumps(seats), settings=json.dumps(settings))
    await insert(tx, "games", {**row, "deadline_at": 60.5, "deadline": json.dumps(deadline), "board_version": 18})


async def fill_v12(tx):
    # The same in the new words.
    seats = [{"name": "Computer 1", "user_id": None, "computer": True, "resigned": False, "level": None}]
    settings = {"lull": 20.0, "computer_speed": None, "move_seconds": 0}
    deadline = {"kind": "lull", "due": 70.5, "started": 50.5, "owing": [], "reminded": 0, "timeouts": [0]}
    row = games_row(12, 21, "howruck", "active", {}, seats=json.dumps(seats), settings=json.dumps(settings))
    await insert(tx, "games", {**row, "deadline_at": 70.5, "deadline": json.dumps(deadline), "board_version": 19})


async def fill_v13(tx):
    # A signed-in browser's session (only the hash of its cookie's secret).
    await insert(
        tx,
        "web_sessions",
        {
            "session_id": "s1",
            "secret_hash": "cd" * 32,
            "user_id": BIG + 7,
            "name": "Ann",
            "csrf": "token",
            "created_at": 10.5,
            "expires_at": 20.5,
        },
    )


async def fill_v14(tx):
    # A person with an inbox kept as one message, and the turns it told them about.
    await insert(
        tx,
        "table_people",
        {
            "user_id": BIG + 9,
            "inbox_mode": "one",
            "inbox_locale": "nl",
            "inbox_channel": BIG + 30,
            "inbox_message": BIG + 31,
            "inbox_shown": json.dumps(["12:50.5"]),
        },
    )


async def fill_v15(tx):
    # A server's cross-server channel, a group being confirmed, a person waiting in it, their
    # choice of a neutral name, a block, and a game's place in a second server.
    await insert(tx, "cross_channels", {"guild_id": BIG + 40, "channel_id": BIG + 41})
    await insert(tx, "cross_pending", {"id": 3, "game": "hindmost", "players": 2, "pace": "24h", "confirm_by": 99.5})
    await insert(
        tx,
        "cross_queue",
        {
            "user_id": BIG + 42,
            "game": "hindmost",
            "players": 2,
            "pace": "24h",
            "guild_id": BIG + 40,
            "channel_id": BIG + 41,
            "name": "Ann",
            "locale": "nl",
            "queued_at": 10.5,
            "expires_at": 90.5,
            "pending": 3,
            "confirmed": 1,
        },
    )
    await insert(tx, "cross_people", {"user_id": BIG + 42, "neutral": 1})
    await insert(tx, "cross_blocks", {"user_id": BIG + 42, "blocked_id": BIG + 43})
    game_id = await tx.fetchval("SELECT MIN(id) FROM games")
    await insert(
        tx,
        "game_places",
        {
            "game_id": game_id,
            "channel_id": BIG + 44,
            "guild_id": BIG + 45,
            "people": json.dumps([BIG + 46]),
            "locale": "en",
            "board_message_id": BIG + 47,
            "board_version": 2,
        },
    )
    await insert(tx, "cross_ladder_games", {"game_id": game_id, "counted_at": 12.5})
    await insert(
        tx,
        "cross_ratings",
        {
            "game": "hindmost",
            "user_id": BIG + 46,
            "name": "Ann",
            "mu": 26.5,
            "sigma": 7.5,
            "games": 1,
            "updated_at": 12.5,
        },
    )


FILLS = {
    1: fill_v1,
    2: fill_v2,
    3: fill_v3,
    4: fill_v4,
    5: fill_v5,
    6: fill_v6,
    7: fill_v7,
    8: fill_v8,
    9: fill_v9,
    10: fill_v10,
    11: fill_v11,
    12: fill_v12,
    13: fill_v13,
    14: fill_v14,
    15: fill_v15,
}
# Columns a later step renamed: (the step, the table, the old name, the new name).
RENAMED = [(5, "games", "clock", "deadline"), (12, "results", "is_bot", "is_computer")]
WORDS_STEP = 12  # the step that gave seats, settings and deadlines their new words

# The games whose settings the last step makes from their "_" options, as the readers took them.
CONVERTED = {
    1: ({"rounds": 3}, {"quiet": 45.0, "bot_speed": 2.0, "move_seconds": 0}),
    2: ({"learning": False, "barrels_to_win": 2}, {"bot_speed": 0.5, "move_seconds": 0}),
    3: ({"pile": 7}, {"move_seconds": 0}),
    4: ({"rounds": 5}, {"quiet": 30.0, "move_seconds": 0}),
    6: ({"pile": 3}, {"move_seconds": 0}),
}


def test_every_version_has_data_for_the_upgrade_test():
    # A new migration adds what its version of the code writes to FILLS, so the test below carries
    # a database made at that version through every later step.
    assert set(FILLS) == set(range(1, LATEST + 1))


def test_steps_are_numbered_in_order_and_described():
    assert [step.version for step in MIGRATIONS] == list(range(1, LATEST + 1))
    assert all(step.description.strip() for step in MIGRATIONS)
    table = UpgradeTable()

    async def nothing(tx, dialect):
        pass

    with pytest.raises(ValueError, match="numbered 2"):
        table.register(2, "skips one")(nothing)
    with pytest.raises(ValueError, match="description"):
        table.register(1, " ")(nothing)
    table.register(1, "first")(nothing)
    assert [(s.version, s.description) for s in table] == [(1, "first")]


def test_every_step_file_is_registered_under_the_version_its_name_gives():
    # A file in db/migrations/steps/ that the package forgot to import would never run; one whose
    # name and number disagree would mislead whoever looks for a version's step.
    folder = Path(db.migrations.__file__).parent / "steps"
    files = sorted(path.stem for path in folder.glob("v*.py"))
    assert files and [int(name[1:3]) for name in files] == list(range(1, LATEST + 1))
    assert [step.run.__module__ for step in MIGRATIONS] == [f"db.migrations.steps.{name}" for name in files]


async def test_steps_out_of_order_are_not_run(store):
    async def nothing(tx, dialect):
        pass

    with pytest.raises(ValueError, match="stands at"):
        await store.migrate([*MIGRATIONS, Step(LATEST + 2, "a step numbered wrong", nothing)])
    assert await store.schema_version() == LATEST


async def dump(store):
    """Every row of every table, as dicts, in key order."""
    found = {}
    for table in await store.backend.tables():
        rows = await store.fetch(f"SELECT * FROM {table}")
        found[table] = sorted(
            (dict(zip(row.keys(), tuple(row), strict=True)) for row in rows), key=lambda r: json.dumps(r, default=str)
        )
    return found


async def made_at(target, version):
    """A database as the code of ``version`` left it: the steps up to ``version`` only, with what
    each version wrote in between. Returns its rows."""
    store = Store(await open_backend(target))
    try:
        for number in range(1, version + 1):
            await store.migrate(MIGRATIONS[:number])
            async with store.transaction() as tx:
                await FILLS[number](tx)
        assert await store.schema_version() == version
        return await dump(store)
    finally:
        await store.close()


@pytest.mark.parametrize("version", range(1, LATEST + 1))
async def test_a_database_from_every_version_comes_up_to_the_newest_with_its_data(db_target, version, caplog):
    before = await made_at(db_target, version)
    caplog.set_level(logging.INFO, logger="tafelbot.migrations")
    store = await Store.open(db_target)
    try:
        assert await store.schema_version() == LATEST
        steps = [r.getMessage() for r in caplog.records if r.getMessage().startswith("database from")]
        assert steps == [
            f"database from v{n - 1} to v{n}: {MIGRATIONS[n - 1].description}" for n in range(version + 1, LATEST + 1)
        ]
        after = await dump(store)

        # Every table of the old version is still there with every row; only the converted games'
        # options and settings changed (not their version: buttons on their boards stay valid).
        def renamed(table):
            return {old: new for step, where, old, new in RENAMED if step > version and where == table}

        for table, rows in before.items():
            if table != "games":
                # Columns a later step added are left out: every old column keeps its value (under
                # its new name if a later step renamed it).
                names = renamed(table)
                kept = [{k: r[names.get(k, k)] for k in old} for r, old in zip(after[table], rows, strict=True)]
                assert kept == rows, table
        old_games = {row["id"]: {renamed("games").get(k, k): v for k, v in row.items()} for row in before["games"]}
        in_words = version < WORDS_STEP
        new_games = {row["id"]: row for row in after["games"]}
        assert set(new_games) == set(old_games)
        for game_id, old in old_games.items():
            new = new_games[game_id]
            kept = [k for k in old if k not in ("options", "settings", "seats", "deadline")]
            assert {k: new[k] for k in kept} == {k: old[k] for k in kept}, game_id
            # Seats, settings and deadlines say the same in the new words.
            seats, deadline = json.loads(old["seats"]), json.loads(old["deadline"]) if old.get("deadline") else None
            if in_words:
                seats, deadline = seats_in_words(seats), deadline and deadline_in_words(deadline)
            assert (json.loads(new["seats"]), json.loads(new["deadline"]) if new["deadline"] else None) == (
                seats,
                deadline,
            ), game_id
            old_settings = json.loads(old["settings"]) if old.get("settings") else None
            if in_words and old_settings:
                old_settings = settings_in_words(old_settings)
            read_before = TableSettings.from_stored(old_settings, json.loads(old["options"]))
            row = await store.get_game(game_id)
            if game_id in CONVERTED:
                options, settings = CONVERTED[game_id]
                assert (row.options, row.settings) == (options, settings_in_words(settings))  # by step 12 either way
            else:
                assert (row.options, row.settings) == (json.loads(old["options"]), old_settings)
            # The table plays exactly as before: the settings read the same, the rules see the same.
            assert TableSettings.from_stored(row.settings, row.options) == read_before
            assert TableSettings.from_json(row.settings) == read_before
            assert row.options == {k: v for k, v in json.loads(old["options"]).items() if not k.startswith("_")}
    finally:
        await store.close()


async def test_the_settings_step_runs_again_without_changing_anything(db_target):
    await made_at(db_target, 3)
    store = await Store.open(db_target)
    try:
        before = await dump(store)
        async with store.transaction() as tx:
            await MIGRATIONS[3].run(tx, store.dialect)
        assert await dump(store) == before
    finally:
        await store.close()


async def test_an_unreadable_old_setting_keeps_its_default(db_target, caplog):
    store = Store(await open_backend(db_target))
    await store.migrate(MIGRATIONS[:2])
    async with store.transaction() as tx:
        await insert(
            tx, "games", games_row(1, 10, "duvelen", "lobby", {"rounds": 3, "_quiet": "soon", "_bot_speed": 1})
        )
    await store.close()
    store = await Store.open(db_target)
    try:
        row = await store.get_game(1)
        assert (row.options, row.settings) == (
            {"rounds": 3},
            {"computer_speed": 1.0, "move_seconds": 0},
        )  # step 12 renamed it
        assert "_quiet='soon' is not a number" in caplog.text
    finally:
        await store.close()


async def test_a_failed_step_rolls_back_its_conversion(db_target):
    await made_at(db_target, 3)

    async def converts_then_fails(tx, dialect):
        await MIGRATIONS[3].run(tx, dialect)
        raise RuntimeError("disk on fire")

    store = Store(await open_backend(db_target))
    try:
        before = await dump(store)
        with pytest.raises(RuntimeError, match="disk on fire"):
            await store.migrate([*MIGRATIONS[:3], Step(4, "converts, then fails", converts_then_fails)])
        assert await store.schema_version() == 3
        assert await dump(store) == before
    finally:
        await store.close()


async def test_a_database_from_newer_code_is_refused_and_left_alone(db_target, caplog):
    await made_at(db_target, LATEST)

    async def later(tx, dialect):
        await tx.execute("CREATE TABLE later_things (x INTEGER)")

    newer = Store(await open_backend(db_target))
    await newer.migrate([*MIGRATIONS, Step(LATEST + 1, "something of a later version", later)])
    before = await dump(newer)
    await newer.close()

    caplog.set_level(logging.INFO, logger="tafelbot.migrations")
    with pytest.raises(DatabaseTooNew) as refused:
        await Store.open(db_target)
    message = str(refused.value)
    assert f"schema version {LATEST + 1}" in message and f"up to {LATEST}" in message
    assert "newer" in message and "backup" in message
    assert not [r for r in caplog.records if r.getMessage().startswith("database from")]

    store = Store(await open_backend(db_target))
    try:
        assert await store.schema_version() == LATEST + 1
        assert await dump(store) == before
    finally:
        await store.close()


async def test_two_processes_starting_at_once_run_each_step_once(db_target, caplog):
    # PostgreSQL: an advisory lock per step's transaction; SQLite: BEGIN IMMEDIATE. The second
    # re-reads the version inside its transaction and finds the step done.
    await made_at(db_target, 1)
    caplog.set_level(logging.INFO, logger="tafelbot.migrations")
    first, second = await asyncio.gather(Store.open(db_target), Store.open(db_target))
    try:
        assert await first.schema_version() == await second.schema_version() == LATEST
        steps = [r.getMessage() for r in caplog.records if r.getMessage().startswith("database from")]
        assert sorted(steps) == sorted(
            f"database from v{n - 1} to v{n}: " + MIGRATIONS[n - 1].description for n in range(2, LATEST + 1)
        )
        assert (await first.get_game(1)).settings == settings_in_words(CONVERTED[1][1])
    finally:
        await first.close()
        await second.close()


async def test_running_games_from_before_the_board_version_count_as_shown(db_target):
    """Step 11: a running game from before knows no board version; it counts as shown, so the
    first start after the upgrade posts no board again (and pings nobody twice)."""
    await made_at(db_target, 10)
    store = await Store.open(db_target)
    try:
        games = await store.fetch("SELECT status, version, board_version FROM games")
        running = [g for g in games if g["status"] == "active"]
        assert running and all(g["board_version"] == g["version"] for g in running)
        assert all(g["board_version"] is None for g in games if g["status"] != "active")
    finally:
        await store.close()


async def test_computer_seats_lulls_and_results_get_their_new_words(db_target):
    """Step 12: a "bot" seat becomes a computer seat, the "quiet" setting and deadline kind a lull,
    "bot_speed" the computer's speed, ``results.is_bot`` ``is_computer``; quiet hours keep theirs."""
    await made_at(db_target, 11)
    store = await Store.open(db_target)
    try:
        row = await store.get_game(11)
        assert [(s.computer, s.human, s.level) for s in row.seats] == [(False, True, None), (True, False, "hard")]
        settings = TableSettings.from_json(row.settings)
        assert (settings.lull, settings.computer_speed, settings.quiet_pause) == (30.0, 2.0, True)
        assert row.deadline["kind"] == "lull" and row.deadline_at == 60.5 and row.version == 18
        assert [r.is_computer for r in await store.results(2)] == [False, False]
        again = await dump(store)
        async with store.transaction() as tx:  # a second run finds nothing left in the old words
            await tx.execute("ALTER TABLE results RENAME COLUMN is_computer TO is_bot")
            await MIGRATIONS[WORDS_STEP - 1].run(tx, store.dialect)
        assert await dump(store) == again
    finally:
        await store.close()

"""The schema's numbered, described steps, one list for both dialects (after mautrix's
``UpgradeTable``).

A step is an async function registered with its number and what it does::

    @MIGRATIONS.register(4, "table settings of games from before v3 out of their options (_quiet, _bot_speed)")
    async def _settings_out_of_options(tx: Tx, dialect: str) -> None:
        ...

It gets the open transaction and the dialect (``"sqlite"`` or ``"postgresql"``). Where the dialects
differ, both scripts stand side by side in the step (PostgreSQL needs ``BIGINT`` for Discord ids,
``DOUBLE PRECISION`` for times and scores, an identity column where SQLite has ``INTEGER PRIMARY
KEY``); a step that converts stored rows does it in Python, once, instead of every reader coping
with the old form for ever.

The schema version is the number of the last step run: ``PRAGMA user_version`` on SQLite, the
one-row table ``tafelbot_schema`` on PostgreSQL. Both dialects always have the same version.
:func:`upgrade` runs the steps a database has not had, each in its own transaction together with
its new version number (a step that fails leaves the database at the version before it), and logs
each as ``database from v3 to v4: <description>``. A database whose version is higher than the
last step was written by newer code and is refused (:class:`DatabaseTooNew`) rather than damaged.

Append new steps; never edit one that has shipped. How to add one: see the docstring of
``db/__init__.py``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from db.backend import POSTGRESQL, Tx

if TYPE_CHECKING:
    from db.backend import Backend

log = logging.getLogger("tafelbot.migrations")

Upgrade = Callable[[Tx, str], Awaitable[None]]
"""A step's work: ``await step.run(tx, dialect)`` inside the step's transaction."""


class DatabaseTooNew(Exception):
    """The database was written by a newer version of the bot."""


@dataclass(frozen=True)
class Step:
    """One migration: it takes a database from version ``version - 1`` to ``version``."""

    version: int
    description: str
    run: Upgrade


class UpgradeTable(Sequence[Step]):
    """The steps in order; step ``n`` is at index ``n - 1``, so ``MIGRATIONS[:n]`` builds a database
    as version ``n`` of the code left it."""

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self._steps: list[Step] = []
        for step in steps:
            self.add(step)

    def add(self, step: Step) -> None:
        expected = len(self._steps) + 1
        if step.version != expected:
            raise ValueError(f"migration {step.description!r} is numbered {step.version}, but the next is {expected}")
        if not step.description.strip():
            raise ValueError(f"migration {step.version} needs a description")
        self._steps.append(step)

    def register(self, version: int, description: str) -> Callable[[Upgrade], Upgrade]:
        """``@MIGRATIONS.register(4, "what it does")`` on ``async def step(tx, dialect)``."""

        def add(run: Upgrade) -> Upgrade:
            self.add(Step(version, description, run))
            return run

        return add

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> list[Step]: ...

    def __getitem__(self, index: int | slice) -> Step | list[Step]:
        return self._steps[index]

    def __len__(self) -> int:
        return len(self._steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self._steps)


def check_numbers(steps: Sequence[Step]) -> None:
    """Steps are numbered 1, 2, 3 … in order (a list built by hand in a test, too)."""
    for position, step in enumerate(steps, start=1):
        if step.version != position:
            raise ValueError(f"migration {step.description!r} is numbered {step.version} but stands at {position}")


def refuse_newer(current: int, latest: int) -> None:
    if current > latest:
        raise DatabaseTooNew(
            f"The database has schema version {current}, but this version of Tafelbot knows only versions up to "
            f"{latest}: it was written by a newer Tafelbot. Run that version (or a newer one), or restore the "
            "backup made before the upgrade (see 'Upgrading' in the README)."
        )


async def upgrade(backend: Backend, steps: Sequence[Step] | None = None) -> int:
    """Run the steps this database has not had, each in its own transaction; return how many ran.
    Raises :class:`DatabaseTooNew` for a database from newer code. On PostgreSQL each transaction
    holds an advisory lock, so processes starting at once run every step once."""
    steps = MIGRATIONS if steps is None else steps
    check_numbers(steps)
    latest = len(steps)
    current = await backend.schema_version()
    refuse_newer(current, latest)
    if current == latest:
        log.debug("database at v%d, nothing to migrate", current)
    ran = 0
    while current < latest:
        async with backend.transaction() as tx:
            await backend.begin_migration(tx)
            current = await backend.schema_version(tx)  # another process may have run it
            refuse_newer(current, latest)
            if current == latest:
                break
            step = steps[current]
            log.info("database from v%d to v%d: %s", current, step.version, step.description)
            try:
                await step.run(tx, backend.dialect)
                await backend.set_schema_version(tx, step.version)
            except BaseException:
                log.error("database stays at v%d: the step to v%d failed", current, step.version)
                raise
        current = step.version
        ran += 1
    return ran


MIGRATIONS = UpgradeTable()


@MIGRATIONS.register(1, "games (one open game per channel), the move log and results")
async def _games_moves_results(tx: Tx, dialect: str) -> None:
    if dialect == POSTGRESQL:
        await tx.run_script(
            """
            CREATE TABLE games (
                id               BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                guild_id         BIGINT,
                channel_id       BIGINT NOT NULL,
                game             TEXT    NOT NULL,
                status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
                host_id          BIGINT NOT NULL,
                options          TEXT    NOT NULL,
                seats            TEXT    NOT NULL,
                seed             BIGINT NOT NULL,
                state            TEXT,
                version          INTEGER NOT NULL DEFAULT 0,
                lobby_message_id BIGINT,
                locale           TEXT    NOT NULL DEFAULT 'en',
                created_at       DOUBLE PRECISION NOT NULL,
                updated_at       DOUBLE PRECISION NOT NULL,
                finished_at      DOUBLE PRECISION
            );
            -- A thread is a channel too, so several games at once live in threads.
            CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
            CREATE INDEX games_by_status ON games (status);

            CREATE TABLE moves (
                game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seq     INTEGER NOT NULL,
                seat    INTEGER,
                action  TEXT    NOT NULL,
                at      DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (game_id, seq)
            );

            CREATE TABLE results (
                game_id     BIGINT NOT NULL REFERENCES games (id),
                seat        INTEGER NOT NULL,
                guild_id    BIGINT,
                game        TEXT    NOT NULL,
                user_id     BIGINT,
                name        TEXT    NOT NULL,
                is_bot      INTEGER NOT NULL,
                resigned    INTEGER NOT NULL DEFAULT 0,
                placement   INTEGER,
                score       DOUBLE PRECISION,
                rated       INTEGER NOT NULL,
                finished_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (game_id, seat)
            );
            CREATE INDEX results_by_guild ON results (guild_id, game, finished_at);
            CREATE INDEX results_by_user ON results (user_id, finished_at);
            """
        )
    else:
        await tx.run_script(
            """
            CREATE TABLE games (
                id               INTEGER PRIMARY KEY,
                guild_id         INTEGER,
                channel_id       INTEGER NOT NULL,
                game             TEXT    NOT NULL,
                status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
                host_id          INTEGER NOT NULL,
                options          TEXT    NOT NULL,
                seats            TEXT    NOT NULL,
                seed             INTEGER NOT NULL,
                state            TEXT,
                version          INTEGER NOT NULL DEFAULT 0,
                lobby_message_id INTEGER,
                locale           TEXT    NOT NULL DEFAULT 'en',
                created_at       REAL    NOT NULL,
                updated_at       REAL    NOT NULL,
                finished_at      REAL
            );
            -- A thread is a channel too, so several games at once live in threads.
            CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
            CREATE INDEX games_by_status ON games (status);

            CREATE TABLE moves (
                game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seq     INTEGER NOT NULL,
                seat    INTEGER,
                action  TEXT    NOT NULL,
                at      REAL    NOT NULL,
                PRIMARY KEY (game_id, seq)
            );

            CREATE TABLE results (
                game_id     INTEGER NOT NULL REFERENCES games (id),
                seat        INTEGER NOT NULL,
                guild_id    INTEGER,
                game        TEXT    NOT NULL,
                user_id     INTEGER,
                name        TEXT    NOT NULL,
                is_bot      INTEGER NOT NULL,
                resigned    INTEGER NOT NULL DEFAULT 0,
                placement   INTEGER,
                score       REAL,
                rated       INTEGER NOT NULL,
                finished_at REAL    NOT NULL,
                PRIMARY KEY (game_id, seat)
            );
            CREATE INDEX results_by_guild ON results (guild_id, game, finished_at);
            CREATE INDEX results_by_user ON results (user_id, finished_at);
            """
        )


# The league. Seasons per server, the server's league settings, and a ledger of every finished or
# cancelled game in a server (its season, whether it is rated, and the order in which it was
# counted). Ratings per (server, season, game or 'all', person) are derived data: a full
# recomputation from the ledger and the results rebuilds them exactly (db/league.py).
@MIGRATIONS.register(2, "the league: seasons, settings, the ledger of counted games and ratings")
async def _league(tx: Tx, dialect: str) -> None:
    if dialect == POSTGRESQL:
        await tx.run_script(
            """
            CREATE TABLE league_settings (
                guild_id   BIGINT PRIMARY KEY,
                carry_over INTEGER NOT NULL DEFAULT 1 CHECK (carry_over IN (0, 1)),
                updated_at DOUBLE PRECISION,
                updated_by BIGINT
            );

            -- carry_over: 1 if this season's ratings start from the previous season's, 0 if they start afresh.
            CREATE TABLE league_seasons (
                guild_id   BIGINT NOT NULL,
                number     INTEGER NOT NULL CHECK (number >= 1),
                started_at DOUBLE PRECISION NOT NULL,
                started_by BIGINT,
                carry_over INTEGER NOT NULL CHECK (carry_over IN (0, 1)),
                PRIMARY KEY (guild_id, number)
            );

            -- seq is the order in which games were counted: ratings are replayed in this order.
            -- applied = 0 marks games whose ratings still need a recomputation of their server.
            CREATE TABLE league_games (
                seq      BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
                game_id  BIGINT NOT NULL UNIQUE REFERENCES games (id),
                guild_id BIGINT NOT NULL,
                season   INTEGER NOT NULL,
                game     TEXT    NOT NULL,
                rated    INTEGER NOT NULL CHECK (rated IN (0, 1)),
                applied  INTEGER NOT NULL DEFAULT 1 CHECK (applied IN (0, 1)),
                FOREIGN KEY (guild_id, season) REFERENCES league_seasons (guild_id, number)
            );
            CREATE INDEX league_games_by_season ON league_games (guild_id, season, game);
            CREATE INDEX league_games_pending ON league_games (guild_id) WHERE applied = 0;

            -- game is a game key or 'all' (one rating over every game). mu and sigma are openskill's
            -- PlackettLuce parameters, games the rated games counted in this season.
            CREATE TABLE league_ratings (
                guild_id BIGINT NOT NULL,
                season   INTEGER NOT NULL,
                game     TEXT    NOT NULL,
                user_id  BIGINT NOT NULL,
                mu       DOUBLE PRECISION NOT NULL,
                sigma    DOUBLE PRECISION NOT NULL,
                games    INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, game, user_id)
            );
            CREATE INDEX league_ratings_by_user ON league_ratings (guild_id, user_id, game, season);
            """
        )
    else:
        await tx.run_script(
            """
            CREATE TABLE league_settings (
                guild_id   INTEGER PRIMARY KEY,
                carry_over INTEGER NOT NULL DEFAULT 1 CHECK (carry_over IN (0, 1)),
                updated_at REAL,
                updated_by INTEGER
            );

            -- carry_over: 1 if this season's ratings start from the previous season's, 0 if they start afresh.
            CREATE TABLE league_seasons (
                guild_id   INTEGER NOT NULL,
                number     INTEGER NOT NULL CHECK (number >= 1),
                started_at REAL    NOT NULL,
                started_by INTEGER,
                carry_over INTEGER NOT NULL CHECK (carry_over IN (0, 1)),
                PRIMARY KEY (guild_id, number)
            );

            -- seq is the order in which games were counted: ratings are replayed in this order.
            -- applied = 0 marks games whose ratings still need a recomputation of their server.
            CREATE TABLE league_games (
                seq      INTEGER PRIMARY KEY,
                game_id  INTEGER NOT NULL UNIQUE REFERENCES games (id),
                guild_id INTEGER NOT NULL,
                season   INTEGER NOT NULL,
                game     TEXT    NOT NULL,
                rated    INTEGER NOT NULL CHECK (rated IN (0, 1)),
                applied  INTEGER NOT NULL DEFAULT 1 CHECK (applied IN (0, 1)),
                FOREIGN KEY (guild_id, season) REFERENCES league_seasons (guild_id, number)
            );
            CREATE INDEX league_games_by_season ON league_games (guild_id, season, game);
            CREATE INDEX league_games_pending ON league_games (guild_id) WHERE applied = 0;

            -- game is a game key or 'all' (one rating over every game). mu and sigma are openskill's
            -- PlackettLuce parameters, games the rated games counted in this season.
            CREATE TABLE league_ratings (
                guild_id INTEGER NOT NULL,
                season   INTEGER NOT NULL,
                game     TEXT    NOT NULL,
                user_id  INTEGER NOT NULL,
                mu       REAL    NOT NULL,
                sigma    REAL    NOT NULL,
                games    INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, game, user_id)
            );
            CREATE INDEX league_ratings_by_user ON league_ratings (guild_id, user_id, game, season);
            """
        )


# Clocks. A game's own table settings (JSON; games from before keep "_" options until step 4), its
# next deadline (indexed, so start-up re-arms only games that have one) with the clock's
# bookkeeping (JSON: kind, start, seats owing, reminders sent, timeouts in a row), and its latest
# board message for jump links. Server defaults for tables, and each person's notification choices.
@MIGRATIONS.register(3, "clocks: table settings, deadlines and board messages of games, server defaults, people")
async def _clocks(tx: Tx, dialect: str) -> None:
    if dialect == POSTGRESQL:
        await tx.run_script(
            """
            ALTER TABLE games ADD COLUMN settings TEXT;
            ALTER TABLE games ADD COLUMN deadline_at DOUBLE PRECISION;
            ALTER TABLE games ADD COLUMN clock TEXT;
            ALTER TABLE games ADD COLUMN board_message_id BIGINT;
            CREATE INDEX games_by_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL;

            CREATE TABLE table_server_settings (
                guild_id      BIGINT PRIMARY KEY,
                move_seconds  INTEGER,
                dm_reminders  INTEGER CHECK (dm_reminders IN (0, 1)),
                lobby_seconds INTEGER,
                channels      TEXT,
                updated_at    DOUBLE PRECISION,
                updated_by    BIGINT
            );

            CREATE TABLE table_people (
                user_id      BIGINT PRIMARY KEY,
                dm_reminders INTEGER NOT NULL DEFAULT 0 CHECK (dm_reminders IN (0, 1)),
                heads_up     INTEGER NOT NULL DEFAULT 0 CHECK (heads_up IN (0, 1)),
                away_until   DOUBLE PRECISION
            );
            """
        )
    else:
        await tx.run_script(
            """
            ALTER TABLE games ADD COLUMN settings TEXT;
            ALTER TABLE games ADD COLUMN deadline_at REAL;
            ALTER TABLE games ADD COLUMN clock TEXT;
            ALTER TABLE games ADD COLUMN board_message_id INTEGER;
            CREATE INDEX games_by_deadline ON games (deadline_at) WHERE deadline_at IS NOT NULL;

            CREATE TABLE table_server_settings (
                guild_id      INTEGER PRIMARY KEY,
                move_seconds  INTEGER,
                dm_reminders  INTEGER CHECK (dm_reminders IN (0, 1)),
                lobby_seconds INTEGER,
                channels      TEXT,
                updated_at    REAL,
                updated_by    INTEGER
            );

            CREATE TABLE table_people (
                user_id      INTEGER PRIMARY KEY,
                dm_reminders INTEGER NOT NULL DEFAULT 0 CHECK (dm_reminders IN (0, 1)),
                heads_up     INTEGER NOT NULL DEFAULT 0 CHECK (heads_up IN (0, 1)),
                away_until   REAL
            );
            """
        )


# Games opened before step 3 kept their table settings as options with a leading underscore
# (``_quiet``: the quiet time of a live phase, ``_bot_speed``: seconds a computer player takes),
# and every reader had to tell such a game from a newer one. This step gives each of them its
# settings once, exactly as the readers took them: the two values in seconds, and no move clock (a
# game from before move clocks carries on without one); every other setting keeps its default, as
# an absent key does. The options keep only the rules. Nothing else of the game changes: not its
# version (buttons on its board stay valid), nor its times.
_LEGACY_SETTINGS = {"_quiet": "quiet", "_bot_speed": "bot_speed"}


def _settings_from_legacy_options(game_id: int, options: dict[str, Any]) -> dict[str, Any]:
    """The settings of a game from before step 3, from its ``_`` options."""
    settings: dict[str, Any] = {}
    for option, setting in _LEGACY_SETTINGS.items():
        if option not in options:
            continue
        try:
            settings[setting] = float(options[option])
        except (TypeError, ValueError):
            log.warning(
                "game %d: %s=%r is not a number of seconds; the default is kept", game_id, option, options[option]
            )
    settings["move_seconds"] = 0
    return settings


@MIGRATIONS.register(4, "table settings of games from before v3 out of their options (_quiet, _bot_speed)")
async def _settings_out_of_options(tx: Tx, dialect: str) -> None:
    # Every game is looked at (in Python: the options are JSON text in both dialects). Rows are
    # small without their state, and this runs once.
    changed = []
    for row in await tx.fetch("SELECT id, options, settings FROM games ORDER BY id"):
        options = json.loads(row["options"])
        stored = json.loads(row["settings"]) if row["settings"] else None
        settings = stored or _settings_from_legacy_options(row["id"], options)
        rules = {key: value for key, value in options.items() if key not in _LEGACY_SETTINGS}
        if settings != stored or rules != options:
            changed.append((json.dumps(rules), json.dumps(settings), row["id"]))
    await tx.executemany("UPDATE games SET options = ?, settings = ? WHERE id = ?", changed)
    if changed:
        log.info("table settings taken out of the options of %d game(s)", len(changed))


@MIGRATIONS.register(
    5, "games.clock renamed deadline: the bookkeeping of a game's next deadline ('clock' is the time source)"
)
async def _deadline_column(tx: Tx, dialect: str) -> None:
    # The same statement in both dialects (SQLite 3.25 and later, PostgreSQL): the column keeps its
    # data and the indexes, only its name changes.
    await tx.execute("ALTER TABLE games RENAME COLUMN clock TO deadline")


# Tournaments and the table queue. A tournament (its game, format, table size, options, time per
# move and per round, status and the round it is in), who signed up (dropped: no more pairings),
# its rounds (deadline, when finished, the round's message), and each round's tables: the players
# in seat order, the game opened for them (none for a bye) and, once it ended, each seat's
# placement and score (JSON lists); the role a server lets organise tournaments. The queue: who
# waits for a game in a server, for how many players, until when.
_TOURNAMENT_TABLES = """
CREATE TABLE tournaments (
    id                {id},
    guild_id          {big} NOT NULL,
    channel_id        {big} NOT NULL,
    organiser_id      {big} NOT NULL,
    name              TEXT    NOT NULL,
    game              TEXT    NOT NULL,
    format            TEXT    NOT NULL CHECK (format IN ('swiss', 'knockout', 'round-robin')),
    rounds            INTEGER,
    table_size        INTEGER NOT NULL,
    options           TEXT    NOT NULL,
    settings          TEXT    NOT NULL,
    round_seconds     INTEGER NOT NULL,
    locale            TEXT    NOT NULL DEFAULT 'en',
    status            TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    starts_at         {real},
    signup_message_id {big},
    current_round     INTEGER NOT NULL DEFAULT 0,
    seed              {big} NOT NULL,
    winner_id         {big},
    created_at        {real} NOT NULL,
    finished_at       {real}
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_entries (
    tournament_id {big} NOT NULL REFERENCES tournaments (id),
    user_id       {big} NOT NULL,
    name          TEXT    NOT NULL,
    rating        {real} NOT NULL DEFAULT 0,
    dropped       INTEGER NOT NULL DEFAULT 0 CHECK (dropped IN (0, 1)),
    joined_at     {real} NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_rounds (
    tournament_id {big} NOT NULL REFERENCES tournaments (id),
    number        INTEGER NOT NULL,
    started_at    {real} NOT NULL,
    deadline_at   {real},
    finished_at   {real},
    message_id    {big},
    PRIMARY KEY (tournament_id, number)
);

CREATE TABLE tournament_tables (
    tournament_id {big} NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    number        INTEGER NOT NULL,
    players       TEXT    NOT NULL,
    bye           INTEGER NOT NULL DEFAULT 0 CHECK (bye IN (0, 1)),
    game_id       {big} REFERENCES games (id),
    placements    TEXT,
    scores        TEXT,
    finished_at   {real},
    PRIMARY KEY (tournament_id, round, number)
);
CREATE INDEX tournament_tables_by_game ON tournament_tables (game_id) WHERE game_id IS NOT NULL;

CREATE TABLE table_queue (
    guild_id   {big} NOT NULL,
    game       TEXT    NOT NULL,
    user_id    {big} NOT NULL,
    name       TEXT    NOT NULL,
    players    INTEGER NOT NULL,
    channel_id {big} NOT NULL,
    queued_at  {real} NOT NULL,
    expires_at {real} NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX table_queue_by_expiry ON table_queue (expires_at);

CREATE TABLE tournament_settings (
    guild_id       {big} PRIMARY KEY,
    organiser_role {big}
);
"""


@MIGRATIONS.register(6, "tournaments (entries, rounds, tables linked to games) and the table queue")
async def _tournaments_and_queue(tx: Tx, dialect: str) -> None:
    if dialect == POSTGRESQL:
        types = {
            "id": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
            "big": "BIGINT",
            "real": "DOUBLE PRECISION",
        }
    else:
        types = {"id": "INTEGER PRIMARY KEY", "big": "INTEGER", "real": "REAL"}
    await tx.run_script(_TOURNAMENT_TABLES.format(**types))


@MIGRATIONS.register(
    7,
    "quiet hours, turn-time sharing and away periods of people; the servers' open-game limit; held notifications",
)
async def _comforts(tx: Tx, dialect: str) -> None:
    # quiet_from/quiet_to: minutes after midnight in the person's own time zone (quiet_tz, an IANA
    # name); share_turn_times: 1 if /league profile may show their median time to move.
    big, real = ("BIGINT", "DOUBLE PRECISION") if dialect == POSTGRESQL else ("INTEGER", "REAL")
    await tx.run_script(
        f"""
        ALTER TABLE table_people ADD COLUMN quiet_from INTEGER;
        ALTER TABLE table_people ADD COLUMN quiet_to INTEGER;
        ALTER TABLE table_people ADD COLUMN quiet_tz TEXT;
        ALTER TABLE table_people ADD COLUMN share_turn_times INTEGER NOT NULL DEFAULT 0
            CHECK (share_turn_times IN (0, 1));
        ALTER TABLE table_server_settings ADD COLUMN open_games_limit INTEGER;

        CREATE TABLE table_away_periods (
            user_id   {big} NOT NULL,
            away_from {real} NOT NULL,
            away_to   {real} NOT NULL,
            PRIMARY KEY (user_id, away_from)
        );

        CREATE TABLE table_held (
            user_id  {big} NOT NULL,
            game_id  {big} NOT NULL,
            kind     TEXT NOT NULL,
            due_at   {real} NOT NULL,
            PRIMARY KEY (user_id, game_id, kind)
        );
        CREATE INDEX table_held_by_due ON table_held (due_at);
        """
    )


# The web companion (``web/``): per server, the secret that table addresses are signed with (an
# HMAC of the game's number: unguessable, and a new secret makes every old address useless) and
# whether the server's own page (running tables, standings) is shown. ``guild_id`` 0 holds the
# secret of games outside any server.
@MIGRATIONS.register(8, "web companion: each server's secret for table addresses, and its server page switch")
async def _web_servers(tx: Tx, dialect: str) -> None:
    if dialect == POSTGRESQL:
        await tx.run_script(
            """
            CREATE TABLE web_servers (
                guild_id     BIGINT PRIMARY KEY,
                secret       TEXT NOT NULL,
                server_page  INTEGER NOT NULL DEFAULT 0 CHECK (server_page IN (0, 1)),
                rotated_at   DOUBLE PRECISION,
                updated_by   BIGINT
            );
            """
        )
    else:
        await tx.run_script(
            """
            CREATE TABLE web_servers (
                guild_id     INTEGER PRIMARY KEY,
                secret       TEXT NOT NULL,
                server_page  INTEGER NOT NULL DEFAULT 0 CHECK (server_page IN (0, 1)),
                rotated_at   REAL,
                updated_by   INTEGER
            );
            """
        )


# Computer levels (easy, normal, hard): the level that takes over an absent player's seat is a
# server setting (NULL: the default, hard). A computer seat's own level is kept with the seat in the
# game's seats JSON, so games need no change (a seat without one plays at the default level).
@MIGRATIONS.register(9, "server setting: the computer level that takes over absent players' seats")
async def _takeover_level(tx: Tx, dialect: str) -> None:
    await tx.execute("ALTER TABLE table_server_settings ADD COLUMN takeover_level TEXT")


# Settings of the bot as a whole, not of a server or a person: a name and a text value. The first is
# the hash of the command list last synced to Discord (``cogs/command_sync.py``), so a restart with
# unchanged commands does not spend one of Discord's 200 command creates a day.
@MIGRATIONS.register(10, "bot-wide settings (name and value), such as the hash of the commands last synced")
async def _bot_settings(tx: Tx, dialect: str) -> None:
    await tx.execute("CREATE TABLE bot_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)")


# Self-healing tables. The version of a game its newest board shows (posted or edited), so that
# after a restart or a fault the table platform knows which running games still owe their board
# (``table.reconcile``): NULL or a smaller number than ``version`` means the stored move was never
# shown; running games from before count as shown (their players were pinged, and a restart
# after the upgrade must not post every board again). And the channels the bot cannot post in now
# (deleted, locked, permission lost, the bot removed from the server), since when and why: their
# games' clocks stand still, their hosts were told, and after a while the games are cancelled
# (``cogs.table.trouble``); kept across restarts.
# And each person's choice whether a decision with one legal action is played for them
# (``table.autoplay``; on unless they turned it off).
@MIGRATIONS.register(11, "self-healing tables: the version each board shows, channels in trouble; auto-play")
async def _self_healing(tx: Tx, dialect: str) -> None:
    big, real = ("BIGINT", "DOUBLE PRECISION") if dialect == POSTGRESQL else ("INTEGER", "REAL")
    await tx.run_script(
        f"""
        ALTER TABLE games ADD COLUMN board_version INTEGER;
        UPDATE games SET board_version = version WHERE status = 'active';
        ALTER TABLE table_people ADD COLUMN auto_play INTEGER NOT NULL DEFAULT 1 CHECK (auto_play IN (0, 1));

        CREATE TABLE table_channel_trouble (
            channel_id  {big} PRIMARY KEY,
            guild_id    {big},
            since       {real} NOT NULL,
            reason      TEXT NOT NULL
        );
        """
    )

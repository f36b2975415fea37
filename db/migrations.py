"""Numbered schema migrations. ``PRAGMA user_version`` holds how many have run.

Append new migrations; never edit one that has shipped. A database whose version is higher than
``len(MIGRATIONS)`` was written by newer code and is refused rather than damaged.
"""

MIGRATIONS: list[str] = [
    # 1: tables, one open game per channel, move log, results for the league.
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
    """,
    # 2: the league. Seasons per server, the server's league settings, and a ledger of every
    # finished or cancelled game in a server (its season, whether it is rated, and the order in which
    # it was counted). Ratings per (server, season, game or 'all', person) are derived data: a full
    # recomputation from the ledger and the results rebuilds them exactly (db/league.py).
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
    """,
    # 3: clocks. A game's own table settings (JSON, replacing "_" options), its next deadline
    # (indexed, so start-up re-arms only games that have one) with the clock's bookkeeping (JSON:
    # kind, start, seats owing, reminders sent, timeouts in a row), and its latest board message
    # for jump links. Server defaults for tables, and each person's notification choices.
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
    """,
]

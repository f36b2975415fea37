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
]

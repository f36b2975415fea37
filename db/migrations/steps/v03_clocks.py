"""Clocks. A game's own table settings (JSON; games from before keep "_" options until step 4), its
next deadline (indexed, so start-up re-arms only games that have one) with the clock's
bookkeeping (JSON: kind, start, seats owing, reminders sent, timeouts in a row), and its latest
board message for jump links. Server defaults for tables, and each person's notification choices.
"""

from __future__ import annotations

from db.backend import POSTGRESQL, Tx
from db.migrations.runner import MIGRATIONS


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

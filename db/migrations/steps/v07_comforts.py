"""Quiet hours, turn-time sharing and away periods of people; the servers' open-game limit; held
notifications.
"""

from __future__ import annotations

from db.backend import POSTGRESQL, Tx
from db.migrations.runner import MIGRATIONS


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

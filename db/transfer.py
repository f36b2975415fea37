"""``tafelbot migrate-db SOURCE TARGET``: copy every row from one database to another (a SQLite
file to PostgreSQL, or back), then check that both hold the same.

Both are opened as stores, so both are migrated to the current schema first (an older source is
upgraded in place, as the bot would on start). The target must be empty: nothing is merged. The
copy is one transaction on the target; before it commits, each table's row count and a checksum of
its rows are compared with the source's, and any difference rolls the whole copy back.

The source is read while nothing writes to it: a SQLite source is locked against the bot
(``StoreInUse``), so stop the bot first; stop it for a PostgreSQL source as well.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db.backend import Tx
from db.store import Store

# Every table, parents before children (foreign keys), with the columns copied. A table added by a
# migration must be added here: a test compares this with the schema.
TABLES: dict[str, tuple[str, ...]] = {
    "games": (
        "id",
        "guild_id",
        "channel_id",
        "game",
        "status",
        "host_id",
        "options",
        "seats",
        "seed",
        "state",
        "version",
        "lobby_message_id",
        "locale",
        "created_at",
        "updated_at",
        "finished_at",
        "settings",
        "deadline_at",
        "deadline",
        "board_message_id",
        "board_version",
    ),
    "moves": ("game_id", "seq", "seat", "action", "at"),
    "results": (
        "game_id",
        "seat",
        "guild_id",
        "game",
        "user_id",
        "name",
        "is_computer",
        "resigned",
        "placement",
        "score",
        "rated",
        "finished_at",
    ),
    "league_settings": ("guild_id", "carry_over", "updated_at", "updated_by"),
    "league_seasons": ("guild_id", "number", "started_at", "started_by", "carry_over"),
    "league_games": ("seq", "game_id", "guild_id", "season", "game", "rated", "applied"),
    "league_ratings": ("guild_id", "season", "game", "user_id", "mu", "sigma", "games"),
    "table_server_settings": (
        "guild_id",
        "move_seconds",
        "dm_reminders",
        "lobby_seconds",
        "channels",
        "takeover_level",
        "updated_at",
        "updated_by",
        "open_games_limit",
    ),
    "tournaments": (
        "id",
        "guild_id",
        "channel_id",
        "organiser_id",
        "name",
        "game",
        "format",
        "rounds",
        "table_size",
        "options",
        "settings",
        "round_seconds",
        "locale",
        "status",
        "starts_at",
        "signup_message_id",
        "current_round",
        "seed",
        "winner_id",
        "created_at",
        "finished_at",
    ),
    "tournament_entries": ("tournament_id", "user_id", "name", "rating", "dropped", "joined_at"),
    "tournament_rounds": ("tournament_id", "number", "started_at", "deadline_at", "finished_at", "message_id"),
    "tournament_tables": (
        "tournament_id",
        "round",
        "number",
        "players",
        "bye",
        "game_id",
        "placements",
        "scores",
        "finished_at",
    ),
    "tournament_settings": ("guild_id", "organiser_role"),
    "table_queue": ("guild_id", "game", "user_id", "name", "players", "channel_id", "queued_at", "expires_at"),
    "table_people": (
        "user_id",
        "dm_reminders",
        "heads_up",
        "away_until",
        "quiet_from",
        "quiet_to",
        "quiet_tz",
        "share_turn_times",
        "auto_play",
        "inbox_mode",
        "inbox_locale",
        "inbox_channel",
        "inbox_message",
        "inbox_shown",
    ),
    "table_away_periods": ("user_id", "away_from", "away_to"),
    "table_held": ("user_id", "game_id", "kind", "due_at"),
    "table_channel_trouble": ("channel_id", "guild_id", "since", "reason"),
    "web_servers": ("guild_id", "secret", "server_page", "rotated_at", "updated_by"),
    "bot_settings": ("name", "value"),
    "web_sessions": ("session_id", "secret_hash", "user_id", "name", "csrf", "created_at", "expires_at"),
    "cross_channels": ("guild_id", "channel_id"),
    "cross_pending": ("id", "game", "players", "pace", "confirm_by"),
    "cross_queue": (
        "user_id",
        "game",
        "players",
        "pace",
        "guild_id",
        "channel_id",
        "name",
        "locale",
        "queued_at",
        "expires_at",
        "pending",
        "confirmed",
        "ask_channel",
        "ask_message",
    ),
    "cross_people": ("user_id", "neutral"),
    "cross_blocks": ("user_id", "blocked_id"),
    "game_places": ("game_id", "channel_id", "guild_id", "people", "locale", "board_message_id", "board_version"),
    "cross_ladder_games": ("game_id", "counted_at"),
    "cross_ratings": ("game", "user_id", "name", "mu", "sigma", "games", "updated_at"),
}
# Columns that number new rows by themselves; copied rows keep their numbers, and the target's
# counter is moved on past them.
IDENTITIES = {"games": "id", "league_games": "seq", "tournaments": "id", "cross_pending": "id"}
# Columns stored as REAL / DOUBLE PRECISION: compared as floats (SQLite hands back 3 for 3.0 when a
# value was written as an integer).
FLOATS = {
    "created_at",
    "updated_at",
    "finished_at",
    "at",
    "score",
    "started_at",
    "mu",
    "sigma",
    "deadline_at",
    "away_until",
    "rotated_at",
    "expires_at",
    "queued_at",
    "confirm_by",
    "counted_at",
}


class TransferError(Exception):
    """The copy was refused or did not check out; the target is unchanged."""


@dataclass(frozen=True)
class TableCheck:
    table: str
    rows: int
    checksum: str


async def migrate_db(source: str | Path, target: str | Path) -> list[TableCheck]:
    """Copy ``source`` into the empty ``target``; returns the checked count and checksum per table."""
    if str(source) == str(target):
        raise TransferError("SOURCE and TARGET are the same database.")
    src = await Store.open(source)
    try:
        dst = await Store.open(target)
        try:
            return await _copy(src, dst)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: Store, dst: Store) -> list[TableCheck]:
    for store in (src, dst):
        unknown = set(await store.backend.tables()) - set(TABLES)
        if unknown:
            raise TransferError(f"tables that migrate-db does not know: {sorted(unknown)} (db/transfer.py TABLES)")
    async with dst.transaction() as tx:
        for table in TABLES:
            if await tx.fetchval(f"SELECT COUNT(*) FROM {table}"):
                raise TransferError(
                    f"The target already holds data (table {table}). migrate-db copies into an empty database only."
                )
        checks = []
        for table, columns in TABLES.items():
            rows = await src.fetch(f"SELECT {', '.join(columns)} FROM {table}")
            marks = ", ".join("?" * len(columns))
            await tx.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                [_typed(columns, row) for row in rows],
            )
            checks.append(TableCheck(table, len(rows), _checksum(columns, rows)))
        await dst.backend.after_copy(tx, IDENTITIES)
        for check in checks:
            copied = await _check(tx, check.table)
            if copied != check:
                raise TransferError(
                    f"{check.table}: the source has {check.rows} rows (checksum {check.checksum[:12]}), the copy "
                    f"{copied.rows} (checksum {copied.checksum[:12]}); nothing was copied."
                )
    return checks


async def _check(tx: Tx, table: str) -> TableCheck:
    columns = TABLES[table]
    rows = await tx.fetch(f"SELECT {', '.join(columns)} FROM {table}")
    return TableCheck(table, len(rows), _checksum(columns, rows))


async def table_checks(store: Store) -> list[TableCheck]:
    """Count and checksum of every table (what ``migrate-db`` compares)."""
    return [await _check(store.reader, table) for table in TABLES]


def _typed(columns: tuple[str, ...], row: Any) -> tuple[Any, ...]:
    return tuple(float(v) if c in FLOATS and v is not None else v for c, v in zip(columns, row, strict=True))


def _checksum(columns: tuple[str, ...], rows: list[Any]) -> str:
    """SHA-256 over the rows in a fixed order (sorted here: the two databases collate text
    differently), each value written with its type so 1, 1.0, '1' and NULL differ."""
    lines = sorted("\x1f".join(_canonical(v) for v in _typed(columns, row)) for row in rows)
    digest = hashlib.sha256()
    for line in lines:
        digest.update(line.encode("utf-8", "surrogatepass") + b"\x1e")
    return digest.hexdigest()


def _canonical(value: Any) -> str:
    if value is None:
        return "N"
    if isinstance(value, bool):
        return f"i{int(value)}"
    if isinstance(value, int):
        return f"i{value}"
    if isinstance(value, float):
        return f"f{value!r}"
    if isinstance(value, bytes):
        return f"b{value.hex()}"
    return f"s{value}"

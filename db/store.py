"""The game store: games with versioned state, an append-only move log, and results.

One aiosqlite connection serves the whole bot. aiosqlite runs every statement on one worker
thread, but two coroutines could still interleave statements inside each other's transaction, so
every write transaction holds ``self._write_lock``. Each move is committed (WAL, synchronous=FULL)
before the caller tells anyone it happened.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from db import league
from db.migrations import MIGRATIONS
from db.rows import ResultRow

OPEN_STATUSES = ("lobby", "active")


class StaleVersion(Exception):
    """Someone else changed the game since it was read: the write was refused."""


class ChannelBusy(Exception):
    """The channel already has an open game (lobby or running)."""

    def __init__(self, game_id: int | None) -> None:
        super().__init__(f"channel already has open game {game_id}")
        self.game_id = game_id


class DatabaseTooNew(Exception):
    """The database was written by a newer version of the bot."""


@dataclass
class Seat:
    """Who sits in a seat. ``user_id`` is None for a computer player."""

    name: str
    user_id: int | None = None
    bot: bool = False
    resigned: bool = False

    @property
    def human(self) -> bool:
        return self.user_id is not None and not self.bot


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: str
    host_id: int
    options: dict[str, Any]
    seats: list[Seat]
    seed: int
    state: dict[str, Any] | None
    version: int
    lobby_message_id: int | None
    locale: str
    created_at: float
    updated_at: float
    finished_at: float | None = None
    # Clocks (migration 3): the table's settings, the next deadline and the clock's bookkeeping
    # (plain JSON here; ``table.settings`` and ``table.turnclock`` give them their types).
    settings: dict[str, Any] | None = None
    deadline_at: float | None = None
    clock: dict[str, Any] | None = None
    board_message_id: int | None = None

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.bot:
                return index
        return None


def _seats_json(seats: Sequence[Seat]) -> str:
    return json.dumps([asdict(s) for s in seats])


def _row_to_game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=row["status"],
        host_id=row["host_id"],
        options=json.loads(row["options"]),
        seats=[Seat(**s) for s in json.loads(row["seats"])],
        seed=row["seed"],
        state=json.loads(row["state"]) if row["state"] is not None else None,
        version=row["version"],
        lobby_message_id=row["lobby_message_id"],
        locale=row["locale"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
        settings=json.loads(row["settings"]) if row["settings"] else None,
        deadline_at=row["deadline_at"],
        clock=json.loads(row["clock"]) if row["clock"] else None,
        board_message_id=row["board_message_id"],
    )


class Store:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write_lock = asyncio.Lock()

    # ---- lifecycle -------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path) -> Store:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = sqlite3.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=FULL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        store = cls(conn)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self.conn.close()

    async def schema_version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            (version,) = await cur.fetchone()
        return int(version)

    async def migrate(self, migrations: Sequence[str] = MIGRATIONS) -> None:
        current = await self.schema_version()
        if current > len(migrations):
            raise DatabaseTooNew(
                f"The database has schema version {current}, but this bot knows only {len(migrations)}. "
                "Run a newer version of the bot or restore a backup."
            )
        for number in range(current, len(migrations)):
            async with self._write_lock:
                await self.conn.execute("BEGIN IMMEDIATE")
                try:
                    await self._run_script(migrations[number])
                    await self.conn.execute(f"PRAGMA user_version = {number + 1}")
                    await self.conn.execute("COMMIT")
                except BaseException:
                    await self.conn.execute("ROLLBACK")
                    raise

    async def _run_script(self, script: str) -> None:
        # executescript() would COMMIT first; run statement by statement inside our transaction.
        for statement in _split_sql(script):
            await self.conn.execute(statement)

    # ---- reads -----------------------------------------------------------------------------
    async def get_game(self, game_id: int) -> GameRow | None:
        async with self.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return _row_to_game(row) if row else None

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        async with self.conn.execute(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        ) as cur:
            row = await cur.fetchone()
        return _row_to_game(row) if row else None

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        async with self.conn.execute(f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", statuses) as cur:
            rows = await cur.fetchall()
        return [_row_to_game(r) for r in rows]

    async def moves(self, game_id: int) -> list[tuple[int, int | None, str]]:
        async with self.conn.execute(
            "SELECT seq, seat, action FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [(r["seq"], r["seat"], r["action"]) for r in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        async with self.conn.execute("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,)) as cur:
            rows = await cur.fetchall()
        return [
            ResultRow(
                r["seat"], r["user_id"], r["name"], bool(r["is_bot"]), bool(r["resigned"]), r["placement"], r["score"]
            )
            for r in rows
        ]

    # ---- writes ----------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host_id: int,
        options: dict[str, Any],
        seats: Sequence[Seat],
        seed: int,
        locale: str = "en",
        settings: dict[str, Any] | None = None,
        deadline: tuple[float | None, dict[str, Any] | None] | None = None,
    ) -> GameRow:
        now = time.time()
        deadline_at, clock = deadline or (None, None)
        async with _Transaction(self) as conn:
            try:
                cur = await conn.execute(
                    "INSERT INTO games (guild_id, channel_id, game, status, host_id, options, seats, seed, locale,"
                    " created_at, updated_at, settings, deadline_at, clock)"
                    " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        game,
                        host_id,
                        json.dumps(options),
                        _seats_json(seats),
                        seed,
                        locale,
                        now,
                        now,
                        json.dumps(settings) if settings is not None else None,
                        deadline_at,
                        json.dumps(clock) if clock is not None else None,
                    ),
                )
            except sqlite3.IntegrityError:
                existing = None
                async with conn.execute(
                    "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
                ) as c2:
                    row = await c2.fetchone()
                    existing = row["id"] if row else None
                raise ChannelBusy(existing) from None
            game_id = cur.lastrowid
        row = await self.get_game(game_id)
        assert row is not None
        return row

    async def update_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: Sequence[Seat] | None = None,
        status: str | None = None,
        state: dict[str, Any] | None = None,
        options: dict[str, Any] | None = None,
        lobby_message_id: int | None = None,
        moves: Iterable[tuple[int | None, str]] = (),
        results: Sequence[ResultRow] | None = None,
        rated: bool = False,
        deadline: tuple[float | None, dict[str, Any] | None] | None = None,
    ) -> int:
        """Compare-and-set write of a game, its new moves and (when it ends) its results, in one
        transaction. Returns the new version; raises ``StaleVersion`` if the game moved on.
        ``deadline`` = (deadline_at, clock bookkeeping) replaces both when given."""
        now = time.time()
        sets = ["version = version + 1", "updated_at = ?"]
        params: list[Any] = [now]
        if seats is not None:
            sets.append("seats = ?")
            params.append(_seats_json(seats))
        if status is not None:
            sets.append("status = ?")
            params.append(status)
            if status in ("finished", "cancelled"):
                sets.append("finished_at = ?")
                params.append(now)
        if state is not None:
            sets.append("state = ?")
            params.append(json.dumps(state, separators=(",", ":")))
        if options is not None:
            sets.append("options = ?")
            params.append(json.dumps(options))
        if lobby_message_id is not None:
            sets.append("lobby_message_id = ?")
            params.append(lobby_message_id)
        if deadline is not None:
            sets.append("deadline_at = ?")
            sets.append("clock = ?")
            params.append(deadline[0])
            params.append(json.dumps(deadline[1]) if deadline[1] is not None else None)
        async with _Transaction(self) as conn:
            cur = await conn.execute(
                f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
                (*params, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
            moves = list(moves)
            if moves:
                async with conn.execute("SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?", (game_id,)) as c:
                    (seq,) = await c.fetchone()
                await conn.executemany(
                    "INSERT INTO moves (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                    [(game_id, seq + i + 1, seat, action, now) for i, (seat, action) in enumerate(moves)],
                )
            if results is not None:
                async with conn.execute("SELECT guild_id, game FROM games WHERE id = ?", (game_id,)) as c:
                    g = await c.fetchone()
                # INSERT OR IGNORE: a finished game is recorded exactly once, even if retried.
                inserted = await conn.executemany(
                    "INSERT OR IGNORE INTO results (game_id, seat, guild_id, game, user_id, name, is_bot, resigned,"
                    " placement, score, rated, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            game_id,
                            r.seat,
                            g["guild_id"],
                            g["game"],
                            r.user_id,
                            r.name,
                            int(r.is_bot),
                            int(r.resigned),
                            r.placement,
                            r.score,
                            int(rated),
                            now,
                        )
                        for r in results
                    ],
                )
                if inserted.rowcount > 0:  # the league counts the game in this same transaction
                    await league.on_results(conn, game_id)
        return expected_version + 1


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` under the store's write lock; rolls back on any error."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def __aenter__(self) -> aiosqlite.Connection:
        await self.store._write_lock.acquire()
        try:
            await self.store.conn.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.store._write_lock.release()
            raise
        return self.store.conn

    async def __aexit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is None:
                await self.store.conn.execute("COMMIT")
            else:
                await self.store.conn.execute("ROLLBACK")
        finally:
            self.store._write_lock.release()


def _split_sql(script: str) -> list[str]:
    """Split a migration script into statements (our scripts have no ';' inside literals)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]

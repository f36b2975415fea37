"""The game store: games with versioned state, an append-only move log, and results.

The same store runs on SQLite (a file, the default) or PostgreSQL (a ``postgresql://`` URL); see
``db/backend.py`` for what differs. Every write is one transaction and is committed before the
caller tells anyone it happened. A move is a compare-and-set write ("update … where version = ?"),
so two racing moves cannot both win, whichever process they come from.

The store knows nothing of the league: code that must act on a game's results in the same
transaction registers a hook with :meth:`Store.on_results` (``db/league.py`` does).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from db.backend import Backend, Statement, StoreInUse, Tx, open_backend
from db.migrations import DatabaseTooNew, Step, upgrade
from db.rows import OPEN_STATUSES, GameStatus, ResultRow


class StaleVersion(Exception):
    """Someone else changed the game since it was read: the write was refused."""


class ChannelBusy(Exception):
    """The channel already has an open game (lobby or running)."""

    def __init__(self, game_id: int | None) -> None:
        super().__init__(f"channel already has open game {game_id}")
        self.game_id = game_id


@dataclass
class Seat:
    """Who sits in a seat. ``user_id`` is None for a computer player."""

    name: str
    user_id: int | None = None
    computer: bool = False
    resigned: bool = False
    level: str | None = None  # a computer's strength (``engines.levels``); None: the default

    @property
    def human(self) -> bool:
        return self.user_id is not None and not self.computer


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: GameStatus
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
    # Migration 3: the table's settings, the next deadline and its bookkeeping (the ``deadline``
    # column, ``clock`` until migration 5) (plain JSON here; ``table.settings`` and
    # ``table.deadlines`` give them their types).
    settings: dict[str, Any] | None = None
    deadline_at: float | None = None
    deadline: dict[str, Any] | None = None
    board_message_id: int | None = None
    # Migration 11: the version the newest board shows (None: none shown since the column came).
    board_version: int | None = None

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.computer:
                return index
        return None


def _seats_json(seats: Sequence[Seat]) -> str:
    return json.dumps([asdict(s) for s in seats])


def _row_to_game(row: Any) -> GameRow:
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=GameStatus(row["status"]),
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
        deadline=json.loads(row["deadline"]) if row["deadline"] else None,
        board_message_id=row["board_message_id"],
        board_version=row["board_version"],
    )


ResultsHook = Callable[[Tx, int], Awaitable[None]]
"""Called as ``hook(tx, game_id)`` inside the transaction that first writes a game's results."""

log = logging.getLogger("tafelbot.store")


class Store:
    """Games, moves and results on one backend. Open with :meth:`open`; close with :meth:`close`."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._results_hooks: list[tuple[str, ResultsHook]] = []

    # ---- lifecycle -------------------------------------------------------------------------
    @classmethod
    async def open(cls, target: str | Path) -> Store:
        """A SQLite file path (or ``:memory:``) or a ``postgresql://`` URL. Migrates the schema;
        raises ``DatabaseTooNew`` for a database from newer code and ``StoreInUse`` for a SQLite
        file another process has open."""
        backend = await open_backend(target)
        store = cls(backend)
        try:
            await store.migrate()
        except BaseException:
            await backend.close()
            raise
        return store

    async def close(self) -> None:
        await self.backend.close()

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.backend.dialect

    @property
    def conn(self) -> Any:
        """The SQLite connection (aiosqlite), for tests that look at the file directly. Other code
        uses :meth:`fetch` and :meth:`transaction`, which work on both backends."""
        conn = getattr(self.backend, "conn", None)
        if conn is None:
            raise AttributeError("a PostgreSQL store has no single connection; use fetch() or transaction()")
        return conn

    async def schema_version(self) -> int:
        return await self.backend.schema_version()

    async def migrate(self, steps: Sequence[Step] | None = None) -> int:
        """Run the migrations (``db/migrations/``) this database has not had, each in its own
        transaction, and return how many ran; ``steps`` replaces the list in tests."""
        return await upgrade(self.backend, steps)

    # ---- for code built on the store (the league) ---------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        async with self.backend.transaction() as tx:
            yield tx

    async def write_batch(
        self, statements: Sequence[Statement], *, guarded: bool = False, durable: bool = True
    ) -> list[int] | None:
        """A write transaction known in advance, in one go: each statement's changed-row count, or
        None when ``guarded`` and the first statement changed no row (then nothing is written).
        ``durable=False``: bookkeeping that something else redoes if a power cut loses it (the
        commit does not wait for the disk; it is never half written)."""
        return await self.backend.write_batch(statements, guarded=guarded, durable=durable)

    @property
    def reader(self) -> Tx:
        """Reads outside any transaction, with the same methods as a transaction."""
        return self.backend.reader

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of one read, outside any transaction. SQL with ``?`` placeholders."""
        return await self.backend.reader.fetch(sql, params)

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        return await self.backend.reader.fetchrow(sql, params)

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self.backend.reader.fetchval(sql, params)

    def on_results(self, name: str, hook: ResultsHook) -> None:
        """Run ``hook(tx, game_id)`` in the transaction that first writes a game's results
        (registering the same name again replaces the hook). A hook that raises is undone (to a
        savepoint) and logged; the results themselves are still written."""
        self._results_hooks = [(n, h) for n, h in self._results_hooks if n != name]
        self._results_hooks.append((name, hook))

    async def _run_results_hooks(self, tx: Tx, game_id: int) -> None:
        for name, hook in self._results_hooks:
            await tx.execute("SAVEPOINT results_hook")
            try:
                await hook(tx, game_id)
            except Exception:
                await tx.execute("ROLLBACK TO SAVEPOINT results_hook")
                log.exception("%s: could not take in the results of game %s now", name, game_id)
            await tx.execute("RELEASE SAVEPOINT results_hook")

    # ---- reads -----------------------------------------------------------------------------
    async def get_game(self, game_id: int) -> GameRow | None:
        row = await self.fetchrow("SELECT * FROM games WHERE id = ?", (game_id,))
        return _row_to_game(row) if row else None

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        row = await self.fetchrow(
            "SELECT * FROM games WHERE channel_id = ? AND status IN (?, ?)", (channel_id, *OPEN_STATUSES)
        )
        return _row_to_game(row) if row else None

    async def games_with_status(self, *statuses: GameStatus) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self.fetch(f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", statuses)
        return [_row_to_game(r) for r in rows]

    async def moves(self, game_id: int) -> list[tuple[int, int | None, str]]:
        rows = await self.fetch("SELECT seq, seat, action FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        return [(r["seq"], r["seat"], r["action"]) for r in rows]

    async def results(self, game_id: int) -> list[ResultRow]:
        rows = await self.fetch("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
        return [ResultRow.of(r) for r in rows]

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
        deadline_at, bookkeeping = deadline or (None, None)
        try:
            async with self.transaction() as tx:
                game_id = await tx.insert_returning_id(
                    "INSERT INTO games (guild_id, channel_id, game, status, host_id, options, seats, seed, locale,"
                    " created_at, updated_at, settings, deadline_at, deadline)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        game,
                        GameStatus.LOBBY,
                        host_id,
                        json.dumps(options),
                        _seats_json(seats),
                        seed,
                        locale,
                        now,
                        now,
                        json.dumps(settings) if settings is not None else None,
                        deadline_at,
                        json.dumps(bookkeeping) if bookkeeping is not None else None,
                    ),
                )
        except Exception as error:
            if not is_unique_violation(error):
                raise
            # The partial unique index "one open game per channel" refused it (the transaction is
            # rolled back, so the open game is read afresh).
            existing = await self.open_game_in_channel(channel_id)
            raise ChannelBusy(existing.id if existing else None) from None
        row = await self.get_game(game_id)
        assert row is not None
        return row

    async def update_game(
        self,
        game_id: int,
        expected_version: int,
        *,
        seats: Sequence[Seat] | None = None,
        status: GameStatus | None = None,
        state: dict[str, Any] | None = None,
        options: dict[str, Any] | None = None,
        lobby_message_id: int | None = None,
        moves: Iterable[tuple[int | None, str]] = (),
        results: Sequence[ResultRow] | None = None,
        rated: bool = False,
        deadline: tuple[float | None, dict[str, Any] | None] | None = None,
        moves_at: float | None = None,
    ) -> int:
        """Compare-and-set write of a game, its new moves and (when it ends) its results, in one
        transaction. Returns the new version; raises ``StaleVersion`` if the game moved on.

        ``rated`` is what the caller thinks; it is stored with the results, and the league's
        results hook replaces it with the league's own decision (``db.ratings.is_rated``).
        ``deadline`` = (deadline_at, the deadline's bookkeeping) replaces both when given.
        ``moves_at``: the time logged with the moves (the table's clock); default the system's."""
        now = time.time()
        logged_at = now if moves_at is None else moves_at
        sets = ["version = version + 1", "updated_at = ?"]
        params: list[Any] = [now]
        if seats is not None:
            sets.append("seats = ?")
            params.append(_seats_json(seats))
        if status is not None:
            sets.append("status = ?")
            params.append(status)
            if status in (GameStatus.FINISHED, GameStatus.CANCELLED):
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
            sets.append("deadline = ?")
            params.append(deadline[0])
            params.append(json.dumps(deadline[1]) if deadline[1] is not None else None)
        update = (
            f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?",
            (*params, game_id, expected_version),
        )
        if results is None:
            # A step of play: known in advance, so one batch (a single trip to SQLite's thread).
            # The update holds the game's row, so no other writer numbers moves meanwhile.
            batch = [update] + [(_INSERT_MOVE, (game_id, seat, action, logged_at, game_id)) for seat, action in moves]
            if await self.backend.write_batch(batch, guarded=True) is None:
                raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
            return expected_version + 1
        async with self.transaction() as tx:
            changed = await tx.execute(*update)
            if changed != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
            moves = list(moves)
            if moves:
                # The update above holds the game's row, so no other writer numbers moves meanwhile.
                seq = await tx.fetchval("SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?", (game_id,))
                await tx.executemany(
                    "INSERT INTO moves (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                    [(game_id, seq + i + 1, seat, action, logged_at) for i, (seat, action) in enumerate(moves)],
                )
            if results is not None:
                g = await tx.fetchrow("SELECT guild_id, game FROM games WHERE id = ?", (game_id,))
                inserted = 0
                for r in results:
                    # ON CONFLICT DO NOTHING: a finished game is recorded exactly once, even if retried.
                    inserted += await tx.execute(
                        "INSERT INTO results (game_id, seat, guild_id, game, user_id, name, is_computer, resigned,"
                        " placement, score, rated, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                        " ON CONFLICT DO NOTHING",
                        (
                            game_id,
                            r.seat,
                            g["guild_id"],
                            g["game"],
                            r.user_id,
                            r.name,
                            int(r.is_computer),
                            int(r.resigned),
                            r.placement,
                            None if r.score is None else float(r.score),
                            int(rated),
                            now,
                        ),
                    )
                if inserted > 0:  # the hooks (the league) see the results in this same transaction
                    await self._run_results_hooks(tx, game_id)
        return expected_version + 1


# The next number of a game's move log, counted in the statement itself so a step of play needs no
# read between its statements. (PostgreSQL cannot type bare parameters in a SELECT list.)
_INSERT_MOVE = (
    "INSERT INTO moves (game_id, seq, seat, action, at)"
    " SELECT CAST(? AS BIGINT), COALESCE(MAX(seq), 0) + 1, CAST(? AS INTEGER), CAST(? AS TEXT),"
    " CAST(? AS DOUBLE PRECISION) FROM moves WHERE game_id = ?"
)


def is_unique_violation(error: BaseException) -> bool:
    if isinstance(error, sqlite3.IntegrityError):
        return "UNIQUE" in str(error)
    return type(error).__name__ == "UniqueViolationError"  # asyncpg, imported only with PostgreSQL


__all__ = [
    "ChannelBusy",
    "DatabaseTooNew",
    "GameRow",
    "ResultRow",
    "ResultsHook",
    "Seat",
    "StaleVersion",
    "Store",
    "StoreInUse",
]

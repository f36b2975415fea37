"""The two database backends behind the store: SQLite (aiosqlite) and PostgreSQL (asyncpg).

Store and league SQL is written once, with ``?`` placeholders, where the dialects agree; the
PostgreSQL backend numbers them (``$1, $2 …``). Both dialects agree on ``INSERT … ON CONFLICT DO
NOTHING`` ("insert or ignore") and ``ON CONFLICT (…) DO UPDATE SET x = excluded.x`` (upsert), so
those are written once too. Where they do not agree (column types, the schema version, ids of new
rows) a backend method or a statement per dialect side by side decides.

Rows are ``sqlite3.Row`` or ``asyncpg.Record``: both read as ``row["column"]``, ``row[0]`` and
``tuple(row)``. Parameters that PostgreSQL cannot type on their own (``? IS NULL``) are written
``CAST(? AS TEXT)`` / ``CAST(? AS BIGINT)``, which SQLite reads the same way.
"""

from __future__ import annotations

import asyncio
import fcntl
import functools
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiosqlite

SQLITE = "sqlite"
POSTGRESQL = "postgresql"
# Held by a migration on PostgreSQL, so two processes starting at once do not both migrate.
MIGRATION_LOCK = 0x7AFE1B07
SQLITE_SYNCHRONOUS = "FULL"  # every commit waits for the disk: a committed move survives a power cut


class StoreInUse(Exception):
    """Another process has this SQLite database open."""


class DatabaseUnavailable(Exception):
    """The PostgreSQL server could not be reached or refused us (the message has no password)."""


def redact(url: str) -> str:
    """The URL without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def is_postgres_url(target: str | Path) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


class Tx:
    """One open transaction (or, outside one, the connection for reads). ``execute`` returns the
    number of rows the statement changed."""

    dialect: str

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = await self.fetchrow(sql, params)
        return row[0] if row is not None else None

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        raise NotImplementedError

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        raise NotImplementedError

    async def insert_returning_id(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an ``INSERT`` into a table whose key is ``id`` and return the new row's id."""
        raise NotImplementedError

    async def lock(self, key: int) -> None:
        """Serialize writers of ``key`` until this transaction ends, across processes. SQLite needs
        nothing: ``BEGIN IMMEDIATE`` already lets one writer in at a time."""

    async def run_script(self, script: str) -> None:
        for statement in split_sql(script):
            await self.execute(statement)


# ---- time spent on the database ---------------------------------------------------------------------
# The benchmark's "share of a move spent in the database": code that wants to know (the computer
# players, per move) opens a ``db_span``; every read and every transaction of the same task adds the
# time it waited to it. Outside a span this costs a clock read and a context lookup per statement.
_SPAN: ContextVar[list[float] | None] = ContextVar("tafelbot_db_span", default=None)


@contextmanager
def db_span() -> Iterator[list[float]]:
    """``with db_span() as spent:`` … ``spent[0]``: seconds this task waited on the database."""
    spent = [0.0]
    token = _SPAN.set(spent)
    try:
        yield spent
    finally:
        _SPAN.reset(token)


def _spent_since(started: float) -> None:
    spent = _SPAN.get()
    if spent is not None:
        spent[0] += time.perf_counter() - started


@asynccontextmanager
async def _timed(transaction: AsyncIterator[Tx]) -> AsyncIterator[Tx]:
    """A backend's transaction, counted from waiting for it to the end of its commit."""
    started = time.perf_counter()
    try:
        async with transaction as tx:
            yield tx
    finally:
        _spent_since(started)


class TimedReader(Tx):
    """A backend's reader whose every statement counts towards the current ``db_span``."""

    def __init__(self, inner: Tx) -> None:
        self.inner = inner
        self.dialect = inner.dialect

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        started = time.perf_counter()
        try:
            return await self.inner.fetch(sql, params)
        finally:
            _spent_since(started)

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        started = time.perf_counter()
        try:
            return await self.inner.fetchrow(sql, params)
        finally:
            _spent_since(started)

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        started = time.perf_counter()
        try:
            return await self.inner.fetchval(sql, params)
        finally:
            _spent_since(started)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        started = time.perf_counter()
        try:
            return await self.inner.execute(sql, params)
        finally:
            _spent_since(started)


# ---- a transaction known in advance ----------------------------------------------------------------
Statement = tuple[str, Sequence[Any]]  # SQL with ``?`` placeholders, and its parameters


class _Unchanged(Exception):
    """A guarded batch's first statement changed no row: roll back."""


async def _batch_by_statements(
    transaction: AbstractAsyncContextManager[Tx],
    statements: Sequence[Statement],
    guarded: bool,
    prelude: Sequence[Statement] = (),
) -> list[int] | None:
    counts: list[int] = []
    try:
        async with transaction as tx:
            for sql, params in prelude:  # settings of the transaction itself: not counted
                await tx.execute(sql, params)
            for sql, params in statements:
                counts.append(await tx.execute(sql, params))
                if guarded and len(counts) == 1 and counts[0] != 1:
                    raise _Unchanged
    except _Unchanged:
        return None
    return counts


def _sqlite_batch(
    conn: sqlite3.Connection, statements: Sequence[Statement], guarded: bool, durable: bool = True
) -> list[int] | None:
    """On aiosqlite's thread: the whole transaction, from BEGIN to COMMIT or ROLLBACK. Not
    ``durable``: committed without waiting for the disk (WAL with synchronous=NORMAL), so a power
    cut may lose it whole, never half; the next durable commit's sync takes it along."""
    if not durable:
        conn.execute("PRAGMA synchronous=NORMAL")
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            counts = []
            for sql, params in statements:
                counts.append(conn.execute(sql, tuple(params)).rowcount)
                if guarded and len(counts) == 1 and counts[0] != 1:
                    conn.execute("ROLLBACK")
                    return None
            conn.execute("COMMIT")
            return counts
        except BaseException:
            if conn.in_transaction:  # also after a failed COMMIT (disk full, I/O error)
                conn.execute("ROLLBACK")
            raise
    finally:
        if not durable:
            conn.execute(f"PRAGMA synchronous={SQLITE_SYNCHRONOUS}")


# ---- SQLite ---------------------------------------------------------------------------------------
class SQLiteTx(Tx):
    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        # Executed and read in one call on aiosqlite's thread: no statement stays open across an
        # await, where it would hold an old read snapshot while another coroutine begins a write.
        return list(await self.conn.execute_fetchall(sql, tuple(params)))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self.conn.execute(sql, tuple(params)) as cur:
            return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(sql, [tuple(r) for r in rows])

    async def insert_returning_id(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self.conn.execute(sql, tuple(params)) as cur:
            return int(cur.lastrowid)


class SQLiteBackend:
    """One aiosqlite connection for the whole process. aiosqlite runs every statement on one worker
    thread, but two coroutines could still interleave statements inside each other's transaction, so
    every write transaction holds ``write_lock``. WAL and synchronous=FULL: a committed move
    survives a power cut."""

    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection, lock: _FileLock | None) -> None:
        self.conn = conn
        self._tx = SQLiteTx(conn)  # what a transaction hands out: the same connection, not timed twice
        self.reader = TimedReader(self._tx)
        self.write_lock = asyncio.Lock()
        self._file_lock = lock

    @classmethod
    async def open(cls, path: str | Path) -> SQLiteBackend:
        lock = None
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            lock = _FileLock.take(Path(path))
        try:
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except BaseException:
            if lock:
                lock.release()
            raise
        conn.row_factory = sqlite3.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute(f"PRAGMA synchronous={SQLITE_SYNCHRONOUS}")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute("PRAGMA busy_timeout=5000")
        return cls(conn, lock)

    async def close(self) -> None:
        try:
            await self.conn.close()
        finally:
            if self._file_lock:
                self._file_lock.release()
                self._file_lock = None

    def transaction(self) -> AsyncIterator[SQLiteTx]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` under the write lock; rolls back on any error."""
        return _timed(self._transaction())

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[SQLiteTx]:
        async with self.write_lock, self._transaction_unlocked() as tx:
            yield tx

    @asynccontextmanager
    async def _transaction_unlocked(self) -> AsyncIterator[SQLiteTx]:
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self._tx
        except BaseException:
            await self.conn.execute("ROLLBACK")
            raise
        try:
            await self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:  # a failed COMMIT (disk full, I/O error) leaves it open
                await self.conn.execute("ROLLBACK")
            raise

    async def write_batch(
        self, statements: Sequence[Statement], *, guarded: bool = False, durable: bool = True
    ) -> list[int] | None:
        """Run ``statements`` as one transaction and return each one's changed-row count. With
        ``guarded``, the first statement must change exactly one row (a compare-and-set), else all
        is rolled back and the answer is None. Not ``durable``: bookkeeping that may be lost whole
        in a power cut (its commit does not wait for the disk).

        The whole transaction is one call on aiosqlite's thread. Statement by statement, each
        round trip waits for the event loop to take up its answer, and under load the write lock
        was held for those waits: five round trips made the lock the bottleneck of every move."""
        started = time.perf_counter()
        try:
            async with self.write_lock:
                run = getattr(self.conn, "_execute", None)  # aiosqlite: run a function on its thread
                if run is None:  # an aiosqlite without it: the same, statement by statement (always synced)
                    return await _batch_by_statements(self._transaction_unlocked(), statements, guarded)
                return await run(_sqlite_batch, self.conn._conn, statements, guarded, durable)
        finally:
            _spent_since(started)

    async def schema_version(self, tx: Tx | None = None) -> int:
        return int(await (tx or self.reader).fetchval("PRAGMA user_version"))

    async def set_schema_version(self, tx: Tx, version: int) -> None:
        await tx.execute(f"PRAGMA user_version = {int(version)}")

    async def begin_migration(self, tx: Tx) -> None:
        # Read the schema inside the write transaction first: SQLite checks a DDL statement's
        # names (ALTER TABLE … RENAME COLUMN) against the connection's cached schema when it
        # prepares it, so after another connection's step the rename failed with "no such column"
        # (4 of 60 double starts here); a read of sqlite_master reloads the schema when it changed.
        await tx.fetch("SELECT count(*) FROM sqlite_master")

    async def tables(self) -> list[str]:
        rows = await self.reader.fetch("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        return [r[0] for r in rows if not r[0].startswith("sqlite_")]

    async def after_copy(self, tx: Tx, identities: dict[str, str]) -> None:
        pass  # a rowid key goes on from the largest id by itself


class _FileLock:
    """An exclusive ``flock`` on ``<database>.lock``: SQLite's locking cannot keep two bots from
    playing the same games, so a second process is refused outright. Within one process the lock is
    shared (counted), so a restart in tests or ``migrate-db`` can open the file again."""

    _held: dict[str, _FileLock] = {}

    def __init__(self, key: str, fd: int) -> None:
        self.key = key
        self.fd = fd
        self.count = 1

    @classmethod
    def take(cls, database: Path) -> _FileLock:
        path = Path(str(database) + ".lock").resolve()
        key = str(path)
        held = cls._held.get(key)
        if held is not None:
            held.count += 1
            return held
        fd = os.open(key, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreInUse(
                f"The database {database} is already in use by another process (lock file {path}). "
                "A SQLite database serves one bot process only: stop the other process, or move to "
                "PostgreSQL (TAFELBOT_DB=postgresql://…, see 'Moving to PostgreSQL' in the README) "
                "to run several processes, such as one per shard (TAFELBOT_SHARDS)."
            ) from None
        lock = cls(key, fd)
        cls._held[key] = lock
        return lock

    def release(self) -> None:
        self.count -= 1
        if self.count == 0:
            del self._held[self.key]
            os.close(self.fd)  # closing the only descriptor drops the flock


def claim_sqlite(target: str | Path) -> _FileLock | None:
    """Take the process's lock on a SQLite database early (``bot.py`` does, to fail fast before
    connecting to Discord). None for PostgreSQL or ``:memory:``."""
    if is_postgres_url(target) or str(target) == ":memory:":
        return None
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    return _FileLock.take(Path(target))


# ---- PostgreSQL -----------------------------------------------------------------------------------
@functools.lru_cache(maxsize=512)
def to_numbered(sql: str) -> str:
    """``?`` → ``$1, $2 …`` outside quoted literals and identifiers."""
    out = []
    number = 0
    quote = None
    for ch in sql:
        if quote:
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
        elif ch == "?":
            number += 1
            out.append(f"${number}")
            continue
        out.append(ch)
    return "".join(out)


def _rowcount(status: str) -> int:
    # asyncpg returns the command tag: "UPDATE 1", "INSERT 0 1", "DELETE 3".
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTx(Tx):
    dialect = POSTGRESQL

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self.conn.fetch(to_numbered(sql), *params)

    async def fetchrow(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        return await self.conn.fetchrow(to_numbered(sql), *params)

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self.conn.fetchval(to_numbered(sql), *params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self.conn.execute(to_numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            await self.conn.executemany(to_numbered(sql), rows)

    async def insert_returning_id(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self.conn.fetchval(to_numbered(sql) + " RETURNING id", *params))

    async def lock(self, key: int) -> None:
        await self.conn.execute("SELECT pg_advisory_xact_lock($1)", key)


class _PoolReader(PostgresTx):
    """Reads outside a transaction: each statement on any free connection of the pool."""

    def __init__(self, pool: Any) -> None:
        self.conn = pool


class PostgresBackend:
    """A pool of asyncpg connections: several processes (and coroutines) write at once, kept apart
    by PostgreSQL's row locks (the compare-and-set update) and advisory locks (the league)."""

    dialect = POSTGRESQL

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self.reader = TimedReader(_PoolReader(pool))

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresBackend:
        import asyncpg  # only needed with a PostgreSQL URL

        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseUnavailable(f"Cannot use the PostgreSQL database {redact(url)}: {error}") from error
        return cls(pool)

    async def close(self) -> None:
        await self.pool.close()

    def transaction(self) -> AsyncIterator[PostgresTx]:
        return _timed(self._transaction())

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[PostgresTx]:
        async with self.pool.acquire() as conn, conn.transaction():
            yield PostgresTx(conn)

    async def write_batch(
        self, statements: Sequence[Statement], *, guarded: bool = False, durable: bool = True
    ) -> list[int] | None:
        """As :meth:`SQLiteBackend.write_batch`."""
        started = time.perf_counter()
        prelude = [] if durable else [("SET LOCAL synchronous_commit TO OFF", ())]
        try:
            return await _batch_by_statements(self._transaction(), statements, guarded, prelude)
        finally:
            _spent_since(started)

    async def schema_version(self, tx: Tx | None = None) -> int:
        reader = tx or self.reader
        if await reader.fetchval("SELECT to_regclass('tafelbot_schema')") is None:
            return 0
        return int(await reader.fetchval("SELECT version FROM tafelbot_schema") or 0)

    async def set_schema_version(self, tx: Tx, version: int) -> None:
        await tx.execute(
            "INSERT INTO tafelbot_schema (one, version) VALUES (1, ?)"
            " ON CONFLICT (one) DO UPDATE SET version = excluded.version",
            (version,),
        )

    async def begin_migration(self, tx: Tx) -> None:
        await tx.lock(MIGRATION_LOCK)
        # PostgreSQL has no PRAGMA user_version: the schema version is a one-row table.
        await tx.execute(
            "CREATE TABLE IF NOT EXISTS tafelbot_schema (one INTEGER PRIMARY KEY CHECK (one = 1), version INTEGER NOT NULL)"
        )

    async def tables(self) -> list[str]:
        rows = await self.reader.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'tafelbot_schema'"
            " ORDER BY tablename"
        )
        return [r[0] for r in rows]

    async def after_copy(self, tx: Tx, identities: dict[str, str]) -> None:
        """Rows copied with their ids: move each identity on past the largest one."""
        for table, column in identities.items():
            await tx.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                f" COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
            )


Backend = SQLiteBackend | PostgresBackend


async def open_backend(target: str | Path) -> Backend:
    """A ``postgresql://`` URL opens PostgreSQL; anything else is a SQLite file path."""
    if is_postgres_url(target):
        return await PostgresBackend.open(str(target))
    return await SQLiteBackend.open(target)


def split_sql(script: str) -> list[str]:
    """Split a migration script into statements (our scripts have no ';' inside literals)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]

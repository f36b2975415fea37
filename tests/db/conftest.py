"""Every store and league test runs twice: on a SQLite file and on a fresh database of one
throwaway PostgreSQL server per test session (see tests/pg_server.py)."""

from __future__ import annotations

import atexit
import itertools

import pytest

from db import Store
from tests.pg_server import PostgresServer, find_bindir

BACKENDS = ("sqlite", "postgresql")
_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server():
    bindir = find_bindir()
    if bindir is None:
        pytest.skip(
            "no PostgreSQL server binaries (initdb, pg_ctl) on this machine: install the postgresql package "
            "or set TAFELBOT_PG_BIN to their folder to run the PostgreSQL half of the store tests"
        )
    server = PostgresServer(bindir).start()
    atexit.register(server.stop)  # also if the session dies before its teardown; stop() is idempotent
    yield server
    server.stop()


@pytest.fixture
def make_target(request, tmp_path):
    """``await make_target("sqlite" | "postgresql")``: an empty database, as a path or a URL."""

    async def make(kind: str) -> str:
        number = next(_numbers)
        if kind == "sqlite":
            return str(tmp_path / f"db{number}.sqlite3")
        import asyncpg

        # A schema per test, picked by the URL's search_path (asyncpg passes unknown URL parameters
        # on as server settings): as empty as a new database, and made in a millisecond.
        server = request.getfixturevalue("pg_server")
        admin = await asyncpg.connect(server.url())
        try:
            await admin.execute(f"CREATE SCHEMA test_{number}")
        finally:
            await admin.close()
        return f"{server.url()}?search_path=test_{number}"

    return make


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
async def db_target(backend, make_target) -> str:
    return await make_target(backend)


@pytest.fixture
async def store(db_target):
    s = await Store.open(db_target)
    yield s
    await s.close()

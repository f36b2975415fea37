"""The web companion's sign-in sessions on both dialects: found by the secret's hash while live,
gone when signed out or purged after expiring."""

from __future__ import annotations

import pytest

from db import web_sessions

BIG = 2**62 + 5  # Discord ids need 64 bits


async def add(store, session_id: str, secret_hash: str, expires_at: float) -> None:
    await web_sessions.add_session(
        store,
        session_id=session_id,
        secret_hash=secret_hash,
        user_id=BIG,
        name="Ann",
        csrf=f"csrf-{session_id}",
        now=1.0,
        expires_at=expires_at,
    )


async def test_a_session_is_found_by_its_hash_until_it_expires(store):
    await add(store, "s1", "aa" * 32, 100.5)
    found = await web_sessions.find_session(store, "aa" * 32, 100.0)
    assert found == web_sessions.SessionRow("s1", BIG, "Ann", "csrf-s1", 100.5)
    assert await web_sessions.find_session(store, "aa" * 32, 100.5) is None
    assert await web_sessions.find_session(store, "bb" * 32, 1.0) is None


async def test_signing_out_and_purging_delete_rows(store):
    await add(store, "s1", "aa" * 32, 100.0)
    await add(store, "s2", "bb" * 32, 200.0)
    await add(store, "s3", "cc" * 32, 300.0)
    assert await web_sessions.delete_session(store, "s1") is True
    assert await web_sessions.delete_session(store, "s1") is False
    assert await web_sessions.purge_expired(store, 250.0) == 1
    assert await web_sessions.find_session(store, "cc" * 32, 250.0) is not None
    assert await store.fetchval("SELECT COUNT(*) FROM web_sessions") == 1


async def test_one_secret_hash_cannot_name_two_sessions(store):
    await add(store, "s1", "aa" * 32, 100.0)
    with pytest.raises(Exception):  # noqa: B017 (sqlite3 and asyncpg raise their own kinds)
        await add(store, "s2", "aa" * 32, 100.0)

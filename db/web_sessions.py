"""The web companion's sign-in sessions (``web.sessions`` gives them meaning): plain rows.

A session is found by the hash of the secret its cookie holds (never the secret itself) and only
while it has not expired; signing out deletes it. Expired rows are deleted by ``purge_expired``.
"""

from __future__ import annotations

from dataclasses import dataclass

from db.store import Store


@dataclass(frozen=True)
class SessionRow:
    session_id: str
    user_id: int
    name: str
    csrf: str
    expires_at: float


async def add_session(
    store: Store,
    *,
    session_id: str,
    secret_hash: str,
    user_id: int,
    name: str,
    csrf: str,
    now: float,
    expires_at: float,
) -> None:
    async with store.transaction() as tx:
        await tx.execute(
            "INSERT INTO web_sessions (session_id, secret_hash, user_id, name, csrf, created_at, expires_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (session_id, secret_hash, user_id, name, csrf, now, expires_at),
        )


async def find_session(store: Store, secret_hash: str, now: float) -> SessionRow | None:
    """The live session whose cookie secret hashes to ``secret_hash``; None if none or expired."""
    row = await store.fetchrow(
        "SELECT session_id, user_id, name, csrf, expires_at FROM web_sessions WHERE secret_hash = ? AND expires_at > ?",
        (secret_hash, now),
    )
    if row is None:
        return None
    return SessionRow(row["session_id"], int(row["user_id"]), row["name"], row["csrf"], float(row["expires_at"]))


async def delete_session(store: Store, session_id: str) -> bool:
    async with store.transaction() as tx:
        return await tx.execute("DELETE FROM web_sessions WHERE session_id = ?", (session_id,)) > 0


async def purge_expired(store: Store, now: float) -> int:
    async with store.transaction() as tx:
        return await tx.execute("DELETE FROM web_sessions WHERE expires_at <= ?", (now,))

"""Signing in on the web companion (``web.signin``): one row per signed-in browser. The cookie
holds a random secret; only its SHA-256 is kept here, so a copy of the database signs nobody in.
``session_id`` is the session's public name (the play routes' ``Person.session``), ``csrf`` the
token its state-changing requests must carry. Rows live in the database, not in a process, so
several ``tafelbot web`` processes behind one proxy share them; a session ends at ``expires_at``
(a read ignores it, a purge deletes it) or when its owner signs out (deleted at once).
"""

from __future__ import annotations

from db.backend import POSTGRESQL, Tx
from db.migrations.runner import MIGRATIONS


@MIGRATIONS.register(13, "web sign-in: sessions of people signed in with Discord (secret kept as a hash)")
async def _web_sessions(tx: Tx, dialect: str) -> None:
    big, real = ("BIGINT", "DOUBLE PRECISION") if dialect == POSTGRESQL else ("INTEGER", "REAL")
    await tx.run_script(
        f"""
        CREATE TABLE web_sessions (
            session_id   TEXT PRIMARY KEY,
            secret_hash  TEXT NOT NULL UNIQUE,
            user_id      {big} NOT NULL,
            name         TEXT NOT NULL,
            csrf         TEXT NOT NULL,
            created_at   {real} NOT NULL,
            expires_at   {real} NOT NULL
        );
        CREATE INDEX web_sessions_expiry ON web_sessions (expires_at);
        """
    )

"""The web companion (``web/``): per server, the secret that table addresses are signed with (an
HMAC of the game's number: unguessable, and a new secret makes every old address useless) and
whether the server's own page (running tables, standings) is shown. ``guild_id`` 0 holds the
secret of games outside any server.
"""

from __future__ import annotations

from db.backend import POSTGRESQL, Tx
from db.migrations.runner import MIGRATIONS


@MIGRATIONS.register(8, "web companion: each server's secret for table addresses, and its server page switch")
async def _web_servers(tx: Tx, dialect: str) -> None:
    if dialect == POSTGRESQL:
        await tx.run_script(
            """
            CREATE TABLE web_servers (
                guild_id     BIGINT PRIMARY KEY,
                secret       TEXT NOT NULL,
                server_page  INTEGER NOT NULL DEFAULT 0 CHECK (server_page IN (0, 1)),
                rotated_at   DOUBLE PRECISION,
                updated_by   BIGINT
            );
            """
        )
    else:
        await tx.run_script(
            """
            CREATE TABLE web_servers (
                guild_id     INTEGER PRIMARY KEY,
                secret       TEXT NOT NULL,
                server_page  INTEGER NOT NULL DEFAULT 0 CHECK (server_page IN (0, 1)),
                rotated_at   REAL,
                updated_by   INTEGER
            );
            """
        )

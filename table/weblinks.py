"""Addresses of the web companion's pages, signed so that nobody can guess one.

A table's address holds a token: an HMAC-SHA256 of the game's number under its server's secret
(``db.web_data``), 128 bits of it in base64url. Knowing one table's address tells nothing about
another's; a server admin who makes a new secret (``rotate``) makes every old address of the
server useless. The server page has a token of its own, made the same way. Checks compare in
constant time. Secrets are kept in memory for ``ttl`` seconds (of the clock, ``db.recent``), so a
board post does not read the database for its link; a rotation in this process takes effect at
once, one made by another process within ``ttl``.

Only making an address (the bot) may give a server its secret; checking one (any visitor's
request) only reads, and remembers only servers that have a secret, at most ``remembered`` of
them, so made-up addresses neither write to the database nor grow the memory.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from db import GameRow, Store, web_data
from db.recent import Recent
from table.clock import Clock, SystemClock

TOKEN_BYTES = 16


def sign(secret: str, kind: str, ident: int) -> str:
    digest = hmac.new(secret.encode(), f"{kind}:{ident}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).rstrip(b"=").decode()


class WebLinks:
    def __init__(
        self,
        store: Store,
        base_url: str,
        *,
        clock: Clock | None = None,
        ttl: float = 60.0,
        remembered: int = 10_000,
        signin: bool = False,
    ) -> None:
        self.store = store
        self.base_url = base_url.rstrip("/")
        self.signin = signin  # people can sign in there (then "Your tables" exists)
        self.clock = clock or SystemClock()
        # By server id (``NO_SERVER`` for none); the least recently used are forgotten first.
        self.servers: Recent[int, web_data.WebServer] = Recent(ttl, self.clock.now, keep_at_most=remembered)

    async def server(self, guild_id: int | None) -> web_data.WebServer:
        """The server's secret, made if it has none: for making addresses, never for checking one."""
        key = web_data.NO_SERVER if guild_id is None else guild_id
        found = self.servers.get(key)
        if found is None:
            mark = self.servers.mark()
            found = await web_data.web_server(self.store, guild_id)
            self.servers.put(mark, [(key, found)])
        return found

    async def _existing(self, guild_id: int | None) -> web_data.WebServer | None:
        """The server's secret if it has one; reads only (a request's check)."""
        key = web_data.NO_SERVER if guild_id is None else guild_id
        found = self.servers.get(key)
        if found is None:
            mark = self.servers.mark()
            found = await web_data.find_web_server(self.store, guild_id)
            if found is not None:  # a miss is not remembered: made-up ids would fill the memory
                self.servers.put(mark, [(key, found)])
        return found

    def forget(self, guild_id: int | None) -> None:
        self.servers.changed(web_data.NO_SERVER if guild_id is None else guild_id)

    # ---- addresses ------------------------------------------------------------------------------
    async def table_token(self, game_id: int, guild_id: int | None) -> str:
        return sign((await self.server(guild_id)).secret, "table", game_id)

    async def table_url(self, row: GameRow) -> str:
        return f"{self.base_url}/t/{row.id}/{await self.table_token(row.id, row.guild_id)}"

    async def replay_url(self, row: GameRow, step: int | None = None) -> str:
        at = f"#move={step}" if step is not None else ""
        return f"{await self.table_url(row)}/replay{at}"

    def mine_url(self) -> str | None:
        """ "Your tables" (``/me``): a signed-in person's running tables in every server; None
        where nobody can sign in."""
        return f"{self.base_url}/me" if self.signin else None

    async def server_url(self, guild_id: int) -> str | None:
        """The server page's address, None while the server's admins have not turned it on."""
        server = await self.server(guild_id)
        if not server.server_page:
            return None
        return f"{self.base_url}/s/{guild_id}/{sign(server.secret, 'server', guild_id)}"

    # ---- checks ------------------------------------------------------------------------------------
    async def table_token_ok(self, game_id: int, guild_id: int | None, token: str) -> bool:
        server = await self._existing(guild_id)
        if server is None:  # no address of this server was ever made
            return False
        expected = sign(server.secret, "table", game_id)
        return hmac.compare_digest(expected.encode(), token.encode())

    async def server_token_ok(self, guild_id: int, token: str) -> bool:
        server = await self._existing(guild_id)
        if server is None or not server.server_page:
            return False
        expected = sign(server.secret, "server", guild_id)
        return hmac.compare_digest(expected.encode(), token.encode())

    # ---- a server admin's changes ---------------------------------------------------------------------
    async def rotate(self, guild_id: int, *, by: int | None = None) -> None:
        await web_data.rotate_secret(self.store, guild_id, by=by)
        self.forget(guild_id)

    async def set_server_page(self, guild_id: int, on: bool, *, by: int | None = None) -> None:
        await web_data.set_server_page(self.store, guild_id, on, by=by)
        self.forget(guild_id)

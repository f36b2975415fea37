"""What the web companion keeps: each server's secret for table addresses and its page switch,
and PostgreSQL's NOTIFY/LISTEN for "a game changed" between the bot's and the web's processes.

Plain data only (``table.weblinks`` gives it meaning). A server has no row until its first address
is made; then it gets a random secret (``INSERT … ON CONFLICT DO NOTHING``, so two processes
making the first one at once agree on one). ``guild_id`` 0 stands for games outside any server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from db.store import Store

log = logging.getLogger("tafelbot.web")

NO_SERVER = 0  # the key of games outside a server (direct messages)
CHANNEL = "tafelbot_games"  # the NOTIFY channel: payload "<game id>:<version>"
# Moves played on a page of a separate web process: the bot listens, and shows them on Discord.
MOVES_CHANNEL = "tafelbot_web_moves"


@dataclass(frozen=True)
class WebServer:
    guild_id: int
    secret: str
    server_page: bool


def _key(guild_id: int | None) -> int:
    return NO_SERVER if guild_id is None else guild_id


async def find_web_server(store: Store, guild_id: int | None) -> WebServer | None:
    """The server's secret and switch, None while it has none. Reads only: a page lookup (any
    visitor's address) must never make the bot write."""
    key = _key(guild_id)
    row = await store.fetchrow("SELECT secret, server_page FROM web_servers WHERE guild_id = ?", (key,))
    return None if row is None else WebServer(key, row["secret"], bool(row["server_page"]))


async def web_server(store: Store, guild_id: int | None) -> WebServer:
    """The server's secret and switch, made on first use (only the bot making an address calls this)."""
    found = await find_web_server(store, guild_id)
    if found is not None:
        return found
    async with store.transaction() as tx:
        await tx.execute(
            "INSERT INTO web_servers (guild_id, secret, server_page) VALUES (?, ?, 0) ON CONFLICT DO NOTHING",
            (_key(guild_id), secrets.token_hex(32)),
        )
    made = await find_web_server(store, guild_id)
    assert made is not None  # the row was just made, by us or by a process racing us
    return made


async def rotate_secret(store: Store, guild_id: int | None, *, by: int | None = None) -> WebServer:
    """A new secret: every address signed with the old one stops working."""
    current = await web_server(store, guild_id)
    async with store.transaction() as tx:
        await tx.execute(
            "UPDATE web_servers SET secret = ?, rotated_at = ?, updated_by = ? WHERE guild_id = ?",
            (secrets.token_hex(32), time.time(), by, current.guild_id),
        )
    return await web_server(store, guild_id)


async def set_server_page(store: Store, guild_id: int, on: bool, *, by: int | None = None) -> WebServer:
    await web_server(store, guild_id)
    async with store.transaction() as tx:
        await tx.execute(
            "UPDATE web_servers SET server_page = ?, updated_by = ? WHERE guild_id = ?", (int(on), by, guild_id)
        )
    return await web_server(store, guild_id)


async def moves_after(store: Store, game_id: int, seq: int) -> list[tuple[int, int | None, str]]:
    """The game's move-log entries after number ``seq``, in order."""
    rows = await store.fetch(
        "SELECT seq, seat, action FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, seq)
    )
    return [(r["seq"], r["seat"], r["action"]) for r in rows]


async def notify(store: Store, game_id: int, version: int, *, channel: str = CHANNEL) -> None:
    """PostgreSQL only: tell every listening process that ``game_id`` is at ``version`` now."""
    await store.fetchval("SELECT pg_notify(?, ?)", (channel, f"{game_id}:{version}"))


class Listening:
    """A connection of its own that LISTENs (PostgreSQL); calls ``heard(game_id, version)`` for each
    notification, and after a lost connection listens again (``reconnected()`` is called then,
    since notifications sent meanwhile are lost)."""

    def __init__(
        self,
        store: Store,
        heard: Callable[[int, int], None],
        reconnected: Callable[[], Awaitable[None]],
        *,
        channel: str = CHANNEL,
    ) -> None:
        self.store = store
        self.channel = channel
        self.heard = heard
        self.reconnected = reconnected
        self._task: asyncio.Task[None] | None = None
        self._lost = asyncio.Event()
        self.listening = asyncio.Event()  # set while LISTEN is in place

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"tafelbot LISTEN {self.channel}")

    def _payload(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        game, _, version = payload.partition(":")
        if game.isdigit() and version.isdigit():
            self.heard(int(game), int(version))

    async def _run(self) -> None:
        first = True
        while True:
            try:
                async with self.store.backend.pool.acquire() as conn:
                    self._lost.clear()
                    conn.add_termination_listener(lambda _conn: self._lost.set())
                    await conn.add_listener(self.channel, self._payload)
                    self.listening.set()
                    if not first:
                        await self.reconnected()
                    first = False
                    try:
                        await self._lost.wait()
                    finally:
                        self.listening.clear()
                        with contextlib.suppress(Exception):
                            await conn.remove_listener(self.channel, self._payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening for game changes failed; trying again")
            await asyncio.sleep(1.0)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

"""The table queue ("looking for players"): people of a server wait for a game; once enough wait
for the same game and number of players, they are taken out together and seated at a new table.

An entry lasts a day (``QUEUE_SECONDS``, on the injectable clock). Everything is stored
(``db.tournaments``' ``table_queue``), so a restart loses nobody's place. Opening the table is
the caller's (the Discord side opens it in a new thread with ``table.lobby.open_seated``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from db import tournaments as stored
from db.tournaments import QueueEntry
from table import lobby
from table.service import Player, TableError, TableService
from table.settings import DAY, ServerSettings

QUEUE_SECONDS = DAY


@dataclass(frozen=True)
class Queued:
    """After someone queued: everyone now waiting for that game, the group to seat (if full), and
    those passed over because they reached the server's open-games limit while they waited (taken
    out of the queue; ``limit`` is that limit)."""

    waiting: list[QueueEntry]
    group: list[QueueEntry] | None
    passed_over: list[QueueEntry] = field(default_factory=list)
    limit: int = 0


class TableQueue:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._lock = asyncio.Lock()  # one server's queue is changed by one task at a time

    async def join(self, guild_id: int, game: str, player: Player, *, players: int | None, channel_id: int) -> Queued:
        engine = self.service.spec(game).engine
        wanted = players or engine.min_players
        if not engine.min_players <= wanted <= engine.max_players:
            raise TableError("queue-bad-players", min=engine.min_players, max=engine.max_players)
        # Every seated player counts against the open-games limit: one at it may not queue, and
        # one who reached it while waiting is passed over (never blocking the others).
        server = await self.service.server_settings(guild_id)
        await lobby.check_open_games_limit(self.service, guild_id, player.user_id, server)
        now = self.service.clock.now()
        entry = QueueEntry(guild_id, game, player.user_id, player.name, wanted, channel_id, now, now + QUEUE_SECONDS)
        async with self._lock:
            await stored.enqueue(self.service.store, entry)
            waiting = [e for e in await stored.queue(self.service.store, guild_id, now, game) if e.players == wanted]
            if len(waiting) < wanted:
                return Queued(waiting, None)
            passed_over = [e for e in waiting if not await self._may_sit(guild_id, e.user_id, server)]
            if passed_over:
                await stored.dequeue(self.service.store, guild_id, [e.user_id for e in passed_over], game)
                waiting = [e for e in waiting if e not in passed_over]
            limit = server.open_games_limit or 0
            if len(waiting) < wanted:
                return Queued(waiting, None, passed_over, limit)
            # The newest entry completes the table with those who waited longest.
            late = entry in waiting and entry not in waiting[:wanted]
            group = [*waiting[: wanted - 1], entry] if late else waiting[:wanted]
            await stored.dequeue(self.service.store, guild_id, [e.user_id for e in group], game)
            return Queued(waiting, group, passed_over, limit)

    async def _may_sit(self, guild_id: int, user_id: int, server: ServerSettings) -> bool:
        try:
            await lobby.check_open_games_limit(self.service, guild_id, user_id, server)
        except TableError:
            return False
        return True

    async def leave(self, guild_id: int, user_id: int, game: str | None = None) -> int:
        async with self._lock:
            gone = await stored.dequeue(self.service.store, guild_id, [user_id], game)
        if not gone:
            raise TableError("queue-not-in")
        return gone

    async def put_back(self, group: list[QueueEntry]) -> None:
        """The table could not be opened: everyone waits again, in their old places."""
        async with self._lock:
            for entry in group:
                await stored.enqueue(self.service.store, entry)

    async def waiting(self, guild_id: int) -> list[QueueEntry]:
        return await stored.queue(self.service.store, guild_id, self.service.clock.now())

"""The table queue ("looking for players"): people of a server wait for a game; once enough wait
for the same game and number of players, they are taken out together and seated at a new table.

An entry lasts a day (``QUEUE_SECONDS``, on the injectable clock). Everything is stored
(``db.tournaments``' ``table_queue``), so a restart loses nobody's place. Opening the table is
the caller's (the Discord side opens it in a new thread with ``TableService.open_seated``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from db import tournaments as stored
from db.tournaments import QueueEntry
from table.service import Player, TableError, TableService
from table.settings import DAY

QUEUE_SECONDS = DAY


@dataclass(frozen=True)
class Queued:
    """After someone queued: everyone now waiting for that game, and the group to seat (if full)."""

    waiting: list[QueueEntry]
    group: list[QueueEntry] | None


class TableQueue:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._lock = asyncio.Lock()  # one server's queue is changed by one task at a time

    async def join(self, guild_id: int, game: str, player: Player, *, players: int | None, channel_id: int) -> Queued:
        engine = self.service.spec(game).engine
        wanted = players or engine.min_players
        if not engine.min_players <= wanted <= engine.max_players:
            raise TableError("queue-bad-players", min=engine.min_players, max=engine.max_players)
        now = self.service.clock.now()
        entry = QueueEntry(guild_id, game, player.user_id, player.name, wanted, channel_id, now, now + QUEUE_SECONDS)
        async with self._lock:
            await stored.enqueue(self.service.store, entry)
            waiting = [e for e in await stored.queue(self.service.store, guild_id, now, game) if e.players == wanted]
            if len(waiting) < wanted:
                return Queued(waiting, None)
            # The newest entry completes the table with those who waited longest.
            group = [*waiting[: wanted - 1], entry] if entry not in waiting[:wanted] else waiting[:wanted]
            await stored.dequeue(self.service.store, guild_id, [e.user_id for e in group], game)
            return Queued(waiting, group)

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

"""The queue across servers (issue 49): people of any server whose admins chose a channel for
cross-server tables wait for a game, a number of players and a pace; once enough wait for the same
three, who never blocked one another, they form a group and each confirms within
``CONFIRM_SECONDS``. When all have confirmed the table opens (the caller's: the Discord side opens
a thread in each of their servers); when the time runs out, who confirmed waits again in their old
place and who did not goes to the queue's end.

Everything is stored (``db.cross``), so a restart loses nobody's place, nor a group half confirmed
(``resume`` gives the groups still to be confirmed, to arm their deadlines again).

Only game actions cross servers: the name others see is the person's display name, or, when they
chose it (``/cross name``), a neutral name picked per table (``neutral_names``).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass

from db import Store
from db import cross as stored
from db.cross import CrossEntry, Pending
from table import lobby
from table.service import TableError, TableService
from table.settings import DAY, MOVE_TIME_CHOICES

QUEUE_SECONDS = DAY
CONFIRM_SECONDS = 10 * 60
# The paces a cross-server table can be played at: the time per move (``MOVE_TIME_CHOICES``).
PACES = tuple(name for name, seconds in MOVE_TIME_CHOICES.items() if seconds)
DEFAULT_PACE = "24h"
# Neutral names, the same in Dutch and English, so one board reads alike in every server.
NEUTRAL_NAMES = ("Otter", "Panda", "Koala", "Zebra", "Tapir", "Bison", "Gorilla", "Pelikaan")


@dataclass(frozen=True)
class Joined:
    """After someone queued: how many now wait for the same game, size and pace, and the group
    formed (to be confirmed), if one did."""

    waiting: int
    group: tuple[Pending, list[CrossEntry]] | None = None


@dataclass(frozen=True)
class Confirmed:
    group: list[CrossEntry]
    pending: Pending
    complete: bool  # everyone confirmed: open the table


def neutral_names(seed: int, count: int) -> list[str]:
    """``count`` different neutral names for one table (the same table always gets the same)."""
    return random.Random(seed).sample(NEUTRAL_NAMES, count)


class CrossQueue:
    def __init__(self, service: TableService) -> None:
        self.service = service
        # The queue is changed by one task at a time here; between processes (shards on one
        # PostgreSQL) a group is taken only if all of it still waits (``db.cross.make_pending``).
        self._lock = asyncio.Lock()

    @property
    def store(self) -> Store:
        return self.service.store

    async def join(
        self,
        *,
        guild_id: int,
        channel_id: int,
        user_id: int,
        name: str,
        locale: str,
        game: str,
        players: int | None,
        pace: str | None,
    ) -> Joined:
        engine = self.service.spec(game).engine
        wanted = players or engine.min_players
        if not engine.min_players <= wanted <= engine.max_players:
            raise TableError("queue-bad-players", min=engine.min_players, max=engine.max_players)
        pace = pace or DEFAULT_PACE
        if pace not in PACES:
            raise TableError("cross-bad-pace", paces=", ".join(PACES))
        server = await self.service.server_settings(guild_id)
        await lobby.check_open_games_limit(self.service, guild_id, user_id, server)
        now = self.service.clock.now()
        entry = CrossEntry(user_id, game, wanted, pace, guild_id, channel_id, name, locale, now, now + QUEUE_SECONDS)
        async with self._lock:
            mine = next((e for e in await stored.entries_of(self.store, user_id) if e.game == game), None)
            if mine is not None and mine.pending is not None:
                raise TableError("cross-being-confirmed")
            if mine is None or (mine.players, mine.pace) != (wanted, pace) or mine.expires_at <= now:
                await stored.enqueue(self.store, entry)  # asking again for the same keeps one's place
            alike = [
                e for e in await stored.waiting(self.store, now, game=game) if (e.players, e.pace) == (wanted, pace)
            ]
            group = await self._group(alike, wanted)
            if group is None:
                return Joined(len(alike))
            pending_id = await stored.make_pending(self.store, group, now + CONFIRM_SECONDS)
            if pending_id is None:  # another process (a shard) grouped one of them first
                return Joined(len(alike))
            found = await stored.pending(self.store, pending_id)
            assert found is not None
            return Joined(len(alike), found)

    async def _group(self, alike: Sequence[CrossEntry], wanted: int) -> list[CrossEntry] | None:
        """The longest waiting who may sit together (nobody blocked by another of them)."""
        if len(alike) < wanted:
            return None
        blocked = await stored.blocks_among(self.store, (e.user_id for e in alike))
        group: list[CrossEntry] = []
        for entry in alike:
            if all(frozenset((entry.user_id, other.user_id)) not in blocked for other in group):
                group.append(entry)
                if len(group) == wanted:
                    return group
        return None

    async def confirm(self, pending_id: int, user_id: int) -> Confirmed:
        async with self._lock:
            found = await stored.pending(self.store, pending_id)
            if found is None:
                raise TableError("cross-confirm-gone")
            if all(e.user_id != user_id for e in found[1]):
                raise TableError("cross-confirm-not-yours")
            if found[0].confirm_by <= self.service.clock.now():
                raise TableError("cross-confirm-late")
            await stored.confirm(self.store, pending_id, user_id)
            found = await stored.pending(self.store, pending_id)
            assert found is not None
            pending, group = found
            return Confirmed(group, pending, all(e.confirmed for e in group))

    async def expire(self, pending_id: int) -> list[CrossEntry]:
        """The time to confirm ran out (or the table could not open): everyone waits again, who
        did not confirm at the queue's end. Returns the group as it was (empty: already gone)."""
        async with self._lock:
            found = await stored.pending(self.store, pending_id)
            if found is None:
                return []
            await stored.release(self.store, pending_id, self.service.clock.now())
            return found[1]

    async def seated(self, pending_id: int) -> None:
        async with self._lock:
            await stored.seated(self.store, pending_id)

    async def leave(self, user_id: int, game: str | None = None) -> int:
        async with self._lock:
            gone = await stored.dequeue(self.store, user_id, game)
        if not gone:
            raise TableError("queue-not-in")
        return gone

    async def waiting(self) -> list[CrossEntry]:
        return await stored.waiting(self.store, self.service.clock.now())

    async def resume(self) -> list[Pending]:
        """The groups still being confirmed (after a restart: arm their deadlines again)."""
        return await stored.pendings(self.store)

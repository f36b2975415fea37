"""Notifications held during a person's quiet hours, sent once when the window ends.

A ping or direct message that would reach someone in their quiet hours (``table.quiet``) is not
sent; instead it is written down (``db.table_data.hold``: one per person, game and kind, so holding
it again changes nothing) with the moment the window ends. ``HeldNotifications`` wakes then, on the
table's clock, takes what is due for that person (deleting it, so it goes out once even across a
restart) and hands it to ``release``, which says it on Discord if it still matters (the person
still owes a move, the game still runs). After a restart ``resume`` arms every stored hold again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from db import table_data
from table.clock import Scheduler
from table.quiet import QuietHours, of_person
from table.service import TableService

log = logging.getLogger("tafelbot.clock")

TURN, REMINDER, HEADS_UP = "turn", "reminder", "heads-up"
INBOX = "inbox"  # the inbox message sent anew (``cogs.table.inbox``): held for the person, not a game's turn
Release = Callable[[int, int, list[str]], Awaitable[None]]  # (user, game, kinds)


class HeldNotifications:
    def __init__(self, service: TableService, release: Release) -> None:
        self.service = service
        self.release = release
        self.scheduler = Scheduler(service.clock, self.due)  # keyed by user id

    async def quiet_until(self, user_ids: list[int]) -> dict[int, float]:
        """Those of ``user_ids`` in their quiet hours now, with when their window ends."""
        now = self.service.clock.now()
        found = {}
        for user_id, person in (await table_data.people(self.service.store, user_ids)).items():
            hours: QuietHours | None = of_person(person.quiet_from, person.quiet_to, person.quiet_tz)
            end = hours.ends(now) if hours is not None else None
            if end is not None:
                found[user_id] = end
        return found

    async def hold(self, user_id: int, game_id: int, kind: str, until: float) -> None:
        await table_data.hold(self.service.store, user_id, game_id, kind, until)
        current = self.scheduler.due_at(user_id)
        self.scheduler.arm(user_id, until if current is None else min(current, until))

    async def resume(self) -> int:
        """Arm every stored hold again (start-up); what fell due meanwhile goes out at once."""
        count = 0
        for user_id, _game, _kind, due in await table_data.held(self.service.store):
            current = self.scheduler.due_at(user_id)
            self.scheduler.arm(user_id, due if current is None else min(current, due))
            count += 1
        return count

    def start(self) -> None:
        self.scheduler.start()

    async def close(self) -> None:
        await self.scheduler.close()

    async def due(self, user_id: int) -> None:
        now = self.service.clock.now()
        later: list[float] = []
        for _user, game_id, _kind, due in await table_data.held(self.service.store, user_id):
            if due > now:
                later.append(due)
                continue
            row = await self.service.store.get_game(game_id)
            if row is not None and not self.service.owns(row):
                continue  # another shard's server: its process sends it
            kinds = await table_data.take_held(self.service.store, user_id, game_id, now)
            if kinds and row is not None:
                try:
                    await self.release(user_id, game_id, kinds)
                except Exception:
                    log.exception("held notifications of game %s for %s could not be sent", game_id, user_id)
        if later:
            self.scheduler.arm(user_id, min(later))

"""One edited board message during simultaneous play, instead of a new post for every action.

When several seats act at once (How Ruck!'s team-forming race, Duvelen), posting a picture per
action would flood the channel and run into Discord's rate limits. A game in such a phase keeps
one "live" message that is edited at most once every ``interval`` seconds with the newest picture
and the latest event lines. When the phase ends, the normal flow posts a fresh board again.

A refresh is an interim picture: the turn's real boards go through the outbox, which holds them
for a channel in trouble and shows the newest once it heals. So a refresh is not sent where the
outbox holds posts (``held``: no request to a locked, deleted or forbidden channel), and Discord
refusing one (an archived thread, a permission just taken) is noted, not an error.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from engines.base import Event
from table.places import Spot
from table.service import ActResult

# (game id, events not shown yet, where) -> (content, picture file, view), or None once the game
# is over.
LiveMessage = Callable[[int, list[Event], Spot], Awaitable[tuple[str, discord.File, discord.ui.View] | None]]

log = logging.getLogger("tafelbot.live")
KEEP_EVENTS = 8


@dataclass
class _Live:
    spots: list[Spot]  # every channel the game is shown in (``table.places``)
    message_ids: dict[int, int] = field(default_factory=dict)  # channel -> its live message
    events: deque[Event] = field(default_factory=lambda: deque(maxlen=KEEP_EVENTS))
    last_edit: float = 0.0
    task: asyncio.Task[None] | None = None


class LiveBoards:
    def __init__(
        self,
        render: LiveMessage,
        channel: Callable[[int], Awaitable[Any]],
        *,
        interval: float = 1.5,
        held: Callable[[int], bool] = lambda _channel_id: False,
    ) -> None:
        self.render = render
        self.channel = channel
        self.held = held
        self.interval = interval
        self.refreshes = 0  # pictures sent, for the benchmark
        self._games: dict[int, _Live] = {}
        # Kept after a live phase ends, so a new phase cannot refresh sooner than the interval.
        self._last_edit: dict[int, float] = {}
        self._sending: set[asyncio.Task[None]] = set()

    def is_live(self, game_id: int) -> bool:
        return game_id in self._games

    async def update(self, result: ActResult, spots: list[Spot]) -> None:
        live = self._games.get(result.row.id)
        if live is None:
            live = self._games[result.row.id] = _Live(spots)
            live.last_edit = self._last_edit.get(result.row.id, 0.0)
        live.events.extend(result.events)
        if live.task is None:
            self._schedule(result.row.id, live)

    async def finish(self, game_id: int) -> list[Event]:
        """Stop refreshing this game; returns events not shown yet (the next post shows them)."""
        live = self._games.pop(game_id, None)
        if live is None:
            return []
        if live.task is not None and live.task is not asyncio.current_task():
            live.task.cancel()
        return list(live.events)

    async def close(self) -> None:
        for game_id in list(self._games):
            await self.finish(game_id)
        for task in list(self._sending):
            task.cancel()
        await asyncio.gather(*self._sending, return_exceptions=True)

    def _schedule(self, game_id: int, live: _Live) -> None:
        wait = max(0.0, live.last_edit + self.interval - time.monotonic())
        live.task = asyncio.create_task(self._refresh_later(game_id, wait))
        self._sending.add(live.task)
        live.task.add_done_callback(self._sending.discard)

    async def _refresh_later(self, game_id: int, wait: float) -> None:
        """One refresh; the task stays registered until the message is sent, so updates arriving
        meanwhile wait for the next slot instead of starting a parallel refresh."""
        try:
            if wait:
                await asyncio.sleep(wait)
            live = self._games.get(game_id)
            if live is None:
                return
            live.last_edit = self._last_edit[game_id] = time.monotonic()
            events = list(live.events)
            live.events.clear()
            await self._send(game_id, live, events)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("live board of game %s could not be refreshed", game_id)
        finally:
            live = self._games.get(game_id)
            if live is not None and live.task is asyncio.current_task():
                live.task = None
                if live.events:  # more happened while this refresh was being sent
                    self._schedule(game_id, live)

    async def _send(self, game_id: int, live: _Live, events: list[Event]) -> None:
        """The refresh in every channel the game is shown in; one channel's failure is raised
        once the others were sent."""
        failed: Exception | None = None
        for spot in live.spots:
            if self.held(spot.channel_id):
                continue
            try:
                await self._send_to(game_id, live, spot, events)
            except discord.HTTPException as error:
                log.info("live board of game %s not refreshed in %s (%s)", game_id, spot.channel_id, error)
            except Exception as error:
                failed = failed or error
        if failed is not None:
            raise failed

    async def _send_to(self, game_id: int, live: _Live, spot: Spot, events: list[Event]) -> None:
        message = await self.render(game_id, events, spot)
        if message is None:
            return
        content, file, view = message
        channel = await self.channel(spot.channel_id)
        self.refreshes += 1
        message_id = live.message_ids.get(spot.channel_id)
        if message_id is None:
            sent = await channel.send(
                content=content, file=file, view=view, allowed_mentions=discord.AllowedMentions.none()
            )
            live.message_ids[spot.channel_id] = sent.id
        else:
            await channel.get_partial_message(message_id).edit(content=content, attachments=[file], view=view)

"""Time as an input: one injectable clock, and a scheduler that wakes only for the next deadline.

The table platform never calls ``time.time()`` or ``asyncio.sleep`` for its deadlines; it asks a
``Clock`` (in this code base the word means only this: the time source). In production that is
``SystemClock``; tests use ``FakeClock`` and move it forward, so a 24-hour move deadline is tested
in microseconds and no test sleeps. The deadlines themselves are ``table.deadlines``.

``Scheduler`` keeps a heap of ``(due, game_id)`` wake-ups. Its loop sleeps until the earliest one
(or until an earlier one is armed) and then hands every due game to one callback. A game has at
most one live wake-up: arming it again supersedes the old heap entry, which is skipped when it
surfaces (lazy deletion), so re-arming is O(log n) and a wake-up costs O(log n) plus the callback.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger("tafelbot.clock")


class Clock:
    """Wall-clock seconds (``now``) and a way to wait that a fake clock can cut short."""

    def now(self) -> float:
        raise NotImplementedError

    async def wait(self, event: asyncio.Event, seconds: float) -> None:
        """Return when ``event`` is set or ``seconds`` of this clock's time have passed."""
        raise NotImplementedError


class SystemClock(Clock):
    def now(self) -> float:
        return time.time()

    async def wait(self, event: asyncio.Event, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), max(0.0, seconds))


class FakeClock(Clock):
    """A clock that only moves when told to (``advance``); waiting on it never sleeps."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._waiters: set[asyncio.Event] = set()

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds
        for event in list(self._waiters):
            event.set()  # waiters look at the new time and decide for themselves

    def set(self, when: float) -> None:
        self.advance(when - self._now)

    async def wait(self, event: asyncio.Event, seconds: float) -> None:
        if seconds <= 0:
            return
        self._waiters.add(event)
        try:
            await event.wait()
        finally:
            self._waiters.discard(event)


Due = Callable[[int], Awaitable[None]]


class Scheduler:
    """A heap of per-game wake-ups and one task that runs ``on_due(game_id)`` when they come."""

    def __init__(self, clock: Clock, on_due: Due) -> None:
        self.clock = clock
        self.on_due = on_due
        self._heap: list[tuple[float, int]] = []
        self._wake: dict[int, float] = {}  # the one current wake-up of each game
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._running: set[int] = set()
        self._idle = asyncio.Event()
        self._idle.set()

    def __len__(self) -> int:
        return len(self._wake)

    def due_at(self, game_id: int) -> float | None:
        return self._wake.get(game_id)

    def arm(self, game_id: int, when: float | None) -> None:
        """Wake for ``game_id`` at ``when`` (None: do not wake for it any more)."""
        if when is None:
            self._wake.pop(game_id, None)
            return
        if self._wake.get(game_id) == when:
            return
        first = self._heap[0][0] if self._heap else None
        self._wake[game_id] = when
        heapq.heappush(self._heap, (when, game_id))
        if first is None or when < first:
            self._changed.set()

    def next_due(self) -> float | None:
        self._drop_stale()
        return self._heap[0][0] if self._heap else None

    def _drop_stale(self) -> None:
        while self._heap and self._wake.get(self._heap[0][1]) != self._heap[0][0]:
            heapq.heappop(self._heap)

    def pop_due(self) -> list[int]:
        """The games whose wake-up has come, each once, removed from the schedule."""
        now = self.clock.now()
        due: list[int] = []
        while True:
            self._drop_stale()
            if not self._heap or self._heap[0][0] > now:
                return due
            _, game_id = heapq.heappop(self._heap)
            del self._wake[game_id]
            due.append(game_id)

    async def run_due(self) -> int:
        """Handle every game that is due now (the loop calls this; so do tests after ``advance``)."""
        games = self.pop_due()
        if games:
            self._idle.clear()
        try:
            for game_id in games:
                self._running.add(game_id)
                try:
                    await self.on_due(game_id)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("deadline of game %s could not be handled", game_id)
                finally:
                    self._running.discard(game_id)
        finally:
            if not self._running:
                self._idle.set()
        return len(games)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name="table-clock")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def idle(self) -> None:
        await self._idle.wait()

    async def catch_up(self) -> None:
        """Handle everything due by now, whether this call or the loop picks it up (tests call
        this after moving a fake clock). Popping and marking busy happen in one step, so there is
        no moment where a due game is neither waiting nor being handled."""
        while True:
            await self.run_due()
            await self._idle.wait()
            upcoming = self.next_due()
            if upcoming is None or upcoming > self.clock.now():
                return

    async def _loop(self) -> None:
        while True:
            self._changed.clear()
            upcoming = self.next_due()
            if upcoming is None:
                await self._changed.wait()
                continue
            wait = upcoming - self.clock.now()
            if wait > 0:
                await self.clock.wait(self._changed, wait)
                continue
            await self.run_due()

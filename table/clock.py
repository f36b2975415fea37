"""Time as an input: one injectable clock, and a scheduler that wakes only for the next deadline.

The table platform never calls ``time.time()`` or ``asyncio.sleep`` for its deadlines; it asks a
``Clock`` (in this code base the word means only this: the time source). In production that is
``SystemClock``; tests use ``FakeClock`` and move it forward, so a 24-hour move deadline is tested
in microseconds and no test sleeps. The deadlines themselves are ``table.deadlines``.

``Scheduler`` keeps a heap of ``(due, game_id)`` wake-ups. Its loop sleeps until the earliest one
(or until an earlier one is armed) and then starts the callback for each due game in a task of its
own, so one slow handler (a Discord post that hangs) delays no other game's deadline. At most
``limit`` handlers run at once (the rest wait in the heap, earliest first), and never two for one
game: a game that falls due while its handler runs is taken up when that handler ends. A game has
at most one live wake-up: arming it again supersedes the old heap entry, which is skipped when it
surfaces (lazy deletion), so re-arming is O(log n) and a wake-up costs O(log n) plus the callback.
``close`` cancels the running handlers and waits for them.
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

DEFAULT_LIMIT = 32  # handlers running at once; what falls due beyond that waits in the heap


class Scheduler:
    """A heap of per-game wake-ups, one task that watches it, and one task per game being handled."""

    def __init__(self, clock: Clock, on_due: Due, *, limit: int = DEFAULT_LIMIT) -> None:
        self.clock = clock
        self.on_due = on_due
        self.limit = max(1, limit)
        self._heap: list[tuple[float, int]] = []
        self._wake: dict[int, float] = {}  # the one current wake-up of each game
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._running: dict[int, asyncio.Task[None]] = {}  # game -> its handler, at most one each
        # Games that fell due again while their handler ran: still in ``_wake`` but out of the heap;
        # they go back in when that handler ends, so one game is never handled twice at once.
        self._deferred: set[int] = set()
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
            self._deferred.discard(game_id)
            return
        if self._wake.get(game_id) == when and game_id not in self._deferred:
            return
        first = self._heap[0][0] if self._heap else None
        self._wake[game_id] = when
        self._deferred.discard(game_id)  # superseded: this heap entry is the game's one wake-up
        heapq.heappush(self._heap, (when, game_id))
        if first is None or when < first:
            self._changed.set()

    def next_due(self) -> float | None:
        """The earliest wake-up that a handler could take now (not one waiting for its game's
        running handler)."""
        self._drop_stale()
        return self._heap[0][0] if self._heap else None

    def _drop_stale(self) -> None:
        while self._heap:
            when, game_id = self._heap[0]
            if self._wake.get(game_id) != when or game_id in self._deferred:
                heapq.heappop(self._heap)
            elif game_id in self._running and when <= self.clock.now():
                heapq.heappop(self._heap)
                self._deferred.add(game_id)  # due while being handled: after that handler ends
            else:
                return

    def pop_due(self) -> list[int]:
        """The games whose wake-up has come, each once, removed from the schedule (no more than
        there is room for; the rest stay in the heap, earliest first)."""
        now = self.clock.now()
        due: list[int] = []
        while len(self._running) + len(due) < self.limit:
            self._drop_stale()
            if not self._heap or self._heap[0][0] > now:
                break
            _, game_id = heapq.heappop(self._heap)
            del self._wake[game_id]
            due.append(game_id)
        return due

    def start_due(self) -> int:
        """Start a handler task for every game that is due now (as many as there is room for);
        returns how many were started. ``catch_up`` also waits for them."""
        games = self.pop_due()
        for game_id in games:
            self._idle.clear()
            self._running[game_id] = asyncio.create_task(self._handle(game_id), name=f"table-clock-{game_id}")
        return len(games)

    async def _handle(self, game_id: int) -> None:
        try:
            await self.on_due(game_id)
        except Exception:
            # The callback decides what a failure means for its own game (``TimeKeeper`` re-arms);
            # here it only must not take other games' wake-ups with it.
            log.exception("wake-up of %s could not be handled", game_id)
        finally:
            self._running.pop(game_id, None)
            if game_id in self._deferred:
                self._deferred.discard(game_id)
                heapq.heappush(self._heap, (self._wake[game_id], game_id))
            if not self._running:
                self._idle.set()
            self._changed.set()  # room for another handler, or a deferred game to take up

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._loop(), name="table-clock")

    async def close(self) -> None:
        """Stop watching the heap and cancel the handlers still running (their wake-ups are lost
        with this process; ``resume`` re-arms from the database at the next start)."""
        tasks = list(self._running.values())
        if self._task is not None:
            tasks.append(self._task)
            self._task = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self) -> None:
        await self._idle.wait()

    async def catch_up(self) -> None:
        """Handle everything due by now, whether this call or the loop picks it up (tests call
        this after moving a fake clock). Popping and starting a handler happen in one step, so
        there is no moment where a due game is neither waiting nor being handled."""
        while True:
            self.start_due()
            await self._idle.wait()
            upcoming = self.next_due()
            if upcoming is None or upcoming > self.clock.now():
                return

    async def _loop(self) -> None:
        while True:
            self._changed.clear()
            upcoming = self.next_due()
            if upcoming is None or len(self._running) >= self.limit:
                await self._changed.wait()  # a new earliest wake-up, or a handler ended
                continue
            wait = upcoming - self.clock.now()
            if wait > 0:
                await self.clock.wait(self._changed, wait)
                continue
            self.start_due()

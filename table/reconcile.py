"""Self-healing tables: every running game brought back to what it owes its players.

The promise of a table is that nobody can stall it: its newest board shows the stored version
(with a mention of whoever is to move, which a fresh board carries), a computer seat to move is
moving, and its deadline is armed. ``table.aftermath`` keeps that promise change by change; when
something in between failed (the process died after a move was saved, a board could not be shown,
a channel was unusable for a while), the ``Reconciler`` restores it from the database:

- at start-up, for every running game of this process's servers;
- when a channel works again (``run(channel_id=...)``);
- when showing a change failed (``soon``): that game again after a pause, growing while it fails.

It never polls every game: a game is looked at only at those moments, with one query for the
running games (of a channel, or one game) it is about.
A board that was shown is never shown again (the stored ``board_version`` says so), so nobody is
pinged twice for one turn.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from db import GameRow, GameStatus, cross, table_data
from table.aftermath import Aftermath, Change
from table.service import ActResult, TableService
from table.timeouts import TimeKeeper

log = logging.getLogger("tafelbot.table")

FIRST_RETRY = 30.0  # seconds before a game whose board failed is looked at again
MAX_RETRY = 600.0  # the pause between looks at a game whose board keeps failing, at most


@dataclass
class Report:
    """What one run found and did, and what it cost."""

    games: int = 0  # running games of this process looked at
    boards: int = 0  # boards shown again
    seconds: float = 0.0


class Reconciler:
    def __init__(
        self,
        service: TableService,
        aftermath: Aftermath,
        timekeeper: TimeKeeper,
        *,
        skip: Callable[[GameRow], bool] = lambda row: False,
        on_the_way: Callable[[], set[int]] = set,
    ) -> None:
        self.service = service
        self.aftermath = aftermath
        self.timekeeper = timekeeper
        # Games whose board is not this run's to show (a live board refreshing itself).
        self.skip = skip
        # Games whose newest board is on its way already (waiting in the outbox): asked before the
        # database is read, since such a board leaves the outbox only once its version is stored.
        self.on_the_way = on_the_way
        self._retries: dict[int, asyncio.Task[None]] = {}
        self._delays: dict[int, float] = {}
        aftermath.on_fault.append(self.soon)

    async def run(self, *, channel_id: int | None = None, game_id: int | None = None, arm: bool = True) -> Report:
        """Bring the running games of this process (of one channel, or one game) back to their
        promise; returns what was done. ``arm=False`` at start-up, where ``TimeKeeper.resume``
        armed every deadline already (with its grace for those that passed while the bot was down)."""
        started = time.perf_counter()
        report = Report()
        on_the_way = self.on_the_way()
        places_owing = await cross.owing_places(self.service.store)  # tables across servers
        for row in await self._running(channel_id, game_id):
            if not self.service.owns(row) or row.state is None:
                continue
            report.games += 1
            if arm:
                self.timekeeper.arm(row)  # the same deadline again: arming twice changes nothing
            # A change being followed right now shows the newest version itself.
            # A board waiting in the outbox is one channel's: across servers another thread of the
            # game may still owe one (the board then goes only where it is owed and not waiting).
            waiting = row.id in on_the_way and row.id not in places_owing
            shown_anyway = waiting or self.skip(row) or self.aftermath.following(row.id)
            owing = row.board_version is None or row.board_version < row.version or row.id in places_owing
            if owing and not shown_anyway:
                report.boards += 1
                # Shown as a fresh board (a new message with the mention), then the computers wake.
                state = self.service.state_of(row)
                self.aftermath.follow(Change(ActResult(row, -1, "", [], state, None), fresh=True))
            else:
                self.aftermath.computers.poke(row)  # loads the state only where a computer sits
        report.seconds = time.perf_counter() - started
        if report.boards:
            log.info(
                "reconciled %d running game(s)%s: %d board(s) shown again in %.1f ms",
                report.games,
                "" if channel_id is None else f" of channel {channel_id}",
                report.boards,
                1000 * report.seconds,
            )
        return report

    async def _running(self, channel_id: int | None, game_id: int | None) -> list[GameRow]:
        """The running games to look at: one, a channel's, or all."""
        store = self.service.store
        if game_id is not None:
            rows = [row] if (row := await store.get_game(game_id)) is not None else []
        elif channel_id is not None:
            rows = await table_data.open_games_in_channel(store, channel_id)
            rows += await cross.open_games_in_place(store, channel_id)
        else:
            rows = await store.games_with_status(GameStatus.ACTIVE)
        return [row for row in rows if row.status == GameStatus.ACTIVE]

    def soon(self, game_id: int) -> None:
        """Showing a change of ``game_id`` failed: look at it again after a pause (growing while
        it keeps failing, reset once a look finds nothing owed)."""
        if game_id in self._retries:
            return
        delay = self._delays.get(game_id, FIRST_RETRY)
        self._delays[game_id] = min(MAX_RETRY, delay * 2)
        self._retries[game_id] = asyncio.create_task(self._later(game_id, delay), name=f"reconcile-{game_id}")

    async def _later(self, game_id: int, delay: float) -> None:
        try:
            clock = self.service.clock  # time is an input: a test moves a fake clock instead
            due = clock.now() + delay
            while (left := due - clock.now()) > 0:
                await clock.wait(asyncio.Event(), left)
            report = await self.run(game_id=game_id)
            if not report.boards:
                self._delays.pop(game_id, None)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s could not be reconciled", game_id)
        finally:
            self._retries.pop(game_id, None)

    async def close(self) -> None:
        for task in self._retries.values():
            task.cancel()
        await asyncio.gather(*self._retries.values(), return_exceptions=True)
        self._retries.clear()

"""What follows a saved change: the board, the computer's turn and the heads-up, run by the table
platform whatever happens to the answer to the person who caused it.

Every change of a running game (a move, a start, a timeout, a hand-over, a take-back, a
tournament's deadline) is saved first (``TableService``); then it comes here as a ``Change``. Here,
per game and in the order the changes were saved, each one is shown (the board presenter's
``show``: post or edit the board, refresh a live board), then every computer seat that may act is
woken, a decision that decides nothing is played for its person (``table.autoplay``) and the next
person gets their heads-up. It runs in a task of its own, so an answer to a
player that fails (an expired token, five refused tries, a lost connection) or comes late neither
skips nor delays it. A step that fails is logged and the next still runs; the game's board is then
restored by ``table.reconcile``, which compares the version the newest board shows with the stored
one (``games.board_version``).

Nothing here knows Discord: ``show`` and ``heads_up`` are given; ``Change.actor`` is passed
through untouched (the presenter may tell that person about a board it may not post).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from db import GameRow, GameStatus
from engines.errors import GameError
from table.autoplay import AUTO_PLAYED, forced_actions
from table.computers import ComputerPlayers
from table.pictures import Painter
from table.service import TAKEBACK_ACTION, ActResult, TableError, TableService

log = logging.getLogger("tafelbot.table")


@dataclass(frozen=True)
class Change:
    """A saved change of a game, as it is to be shown."""

    result: ActResult
    intro: str | None = None  # the first line of a fresh board (a game started)
    fresh: bool = False  # a new board message even within one person's turn (the board was lost)
    actor: Any = None  # who caused it (an interaction), when someone did; only the presenter reads it


class Aftermath:
    """Runs what follows each saved change; owns the computer players, who are woken here."""

    def __init__(
        self,
        service: TableService,
        *,
        show: Callable[[Change], Awaitable[None]],
        heads_up: Callable[[GameRow], Awaitable[None]],
        changed: Callable[[GameRow], Awaitable[None]] | None = None,
        computer_delay_factor: float = 1.0,
        painter: Painter | None = None,
    ) -> None:
        self.service = service
        self.show = show
        self.heads_up = heads_up
        # Told every change once it is shown, whatever the game's status (the people's inboxes).
        self.changed = changed
        # A computer's move is a change like any other: it comes back here, and is awaited, so a
        # computer moves again only once its last move has been shown.
        self.computers = ComputerPlayers(service, self.after, delay_factor=computer_delay_factor, painter=painter)
        # Told the game's id when showing one of its changes failed (``table.reconcile`` listens).
        self.on_fault: list[Callable[[int], None]] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._waiting: dict[int, int] = {}  # game -> changes queued or running (to free its lock)
        self._tasks: set[asyncio.Task[None]] = set()

    def follow(self, change: Change) -> asyncio.Task[None]:
        """Start what follows ``change`` now, after the game's earlier changes; returns its task
        (which never raises). Call it right after the change is saved, before answering anyone."""
        game_id = change.result.row.id
        self._waiting[game_id] = self._waiting.get(game_id, 0) + 1
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        # Tasks start in the order they are made and the lock is fair: changes follow in order.
        task = asyncio.create_task(self._run(change, lock), name=f"aftermath-{game_id}-v{change.result.row.version}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def after(self, result: ActResult) -> None:
        """Follow ``result`` and wait until it has been shown (the computer players and the
        deadline scheduler, whose next step should see the board of their last one)."""
        # Shielded: a computer player stopped at shutdown must not cut its own board off.
        await asyncio.shield(self.follow(Change(result)))

    async def _run(self, change: Change, lock: asyncio.Lock) -> None:
        row = change.result.row
        try:
            async with lock:
                try:
                    await self.show(change)
                except Exception:
                    log.exception("the board of game %s (v%s) could not be shown", row.id, row.version)
                    for listener in self.on_fault:
                        listener(row.id)
                if row.status == GameStatus.ACTIVE:
                    self.computers.poke(row, change.result.state)
                    if change.result.action != TAKEBACK_ACTION:
                        # An only legal action is played for its person, except right after a
                        # take-back (from Discord or a web page): that would undo the take-back.
                        await self._play_forced(change.result)
                    try:
                        await self.heads_up(row)
                    except Exception:
                        log.exception("heads-up for game %s failed", row.id)
                if self.changed is not None:
                    try:
                        await self.changed(row)
                    except Exception:
                        log.exception("the change of game %s could not be passed on", row.id)
        finally:
            left = self._waiting[row.id] - 1
            if left:
                self._waiting[row.id] = left
            else:
                del self._waiting[row.id]
                self._locks.pop(row.id, None)

    async def _play_forced(self, result: ActResult) -> None:
        """Play the moves that decide nothing (``table.autoplay``); each follows as a change of
        its own, after this one."""
        try:
            forced = await forced_actions(self.service, result.row, result.state)
            if not forced:
                return
            seat, action = forced[0]  # any other is found after this move, from its own result
            played = await self.service.act(
                result.row.id, seat=seat, action=action, expected_version=result.row.version
            )
            played.events.insert(0, {"type": AUTO_PLAYED, "seat": seat})
            self.follow(Change(played))
        except (TableError, GameError) as error:  # someone moved first: nothing to play for them
            log.info("auto-play in game %s not needed: %s", result.row.id, error)
        except Exception:
            log.exception("auto-play in game %s failed", result.row.id)

    def following(self, game_id: int) -> bool:
        """Whether a change of the game is being followed now (its board is on its way)."""
        return game_id in self._waiting

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    async def idle(self) -> None:
        """Wait until every change handed in so far has been followed."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        """On shutdown: the computer players stop, and what was started finishes."""
        await self.computers.close()
        await self.idle()

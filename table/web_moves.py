"""Moves played on the web pages of a separate ``tafelbot web`` process (PostgreSQL), followed in
the bot as if they came from Discord.

The web process saves a move through its own ``TableService`` (the stored version is the lock
between processes, so a tap and a click at once cannot both win) and sends NOTIFY on
``db.web_data.MOVES_CHANNEL``. The bot listens; for each game heard of, ``WebMoves`` reads the
stored game and hands one ``Change`` to the aftermath, as a Discord click's handler does: the
board is edited within a person's turn or posted when one begins (one post per human turn), the
computers wake, the next person is pinged, and the deadline the web process stored is armed here.

The events of the move (its lines on the board) are not stored: they are replayed from the seed
and the move log (``table.replay.Replayer``), the entries after the last one this process
followed. The replayer of each followed game is kept, so a move costs the entries since the last
one followed, not the whole log again (a long game's log replayed on every tap); after a restart,
or when a follow fails, the whole log is replayed once. A game whose board is shown already
(``board_version``) is left alone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Protocol

from db import GameRow, GameStatus, web_data
from engines.base import Event
from table.aftermath import Aftermath, Change
from table.replay import Replayer
from table.service import ActResult, TableService

log = logging.getLogger("tafelbot.table")


class Arms(Protocol):
    def arm(self, row: GameRow) -> None: ...


class WebMoves:
    def __init__(self, service: TableService, aftermath: Aftermath, timekeeper: Arms) -> None:
        self.service = service
        self.aftermath = aftermath
        self.timekeeper = timekeeper
        self._followed: dict[int, tuple[int, Replayer]] = {}  # game -> (version, its log replayed so far)
        self._locks: dict[int, asyncio.Lock] = {}
        self._waiting: dict[int, int] = {}  # game -> notifications being followed (to free its lock)
        self._tasks: set[asyncio.Task[None]] = set()

    def heard(self, game_id: int, version: int) -> None:
        """NOTIFY's payload: ``game_id`` is at ``version`` after a move on a web page."""
        self._waiting[game_id] = self._waiting.get(game_id, 0) + 1
        task = asyncio.create_task(self.follow(game_id), name=f"web-move-{game_id}-v{version}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def follow(self, game_id: int) -> None:
        """Show the game's newest stored version on Discord and run what follows it (once)."""
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:  # notifications of one game are followed in order
                await self._follow(game_id)
        except Exception:
            log.exception("the web's move in game %s could not be followed", game_id)
        finally:
            left = self._waiting.get(game_id, 1) - 1
            if left > 0:
                self._waiting[game_id] = left
            else:
                self._waiting.pop(game_id, None)
                self._locks.pop(game_id, None)

    async def _follow(self, game_id: int) -> None:
        row = await self.service.store.get_game(game_id)
        if row is None or row.state is None or row.game not in self.service.specs:
            return
        if not self.service.owns(row) or row.status not in (GameStatus.ACTIVE, GameStatus.FINISHED):
            return
        version, replayer = self._followed.pop(game_id, (-1, None))
        if version >= row.version or (row.board_version is not None and row.board_version >= row.version):
            if replayer is not None:
                self._followed[game_id] = (version, replayer)
            return  # followed already (an earlier notification read this version)
        spec = self.service.spec(row.game)
        fresh = replayer is None
        if replayer is None:
            replayer = Replayer(spec, row)
        moves = await web_data.moves_after(self.service.store, game_id, replayer.seq)
        events = await asyncio.to_thread(_replay, replayer, moves, fresh)
        state = self.service.state_of(row)
        seat, action = (moves[-1][1], moves[-1][2]) if moves else (None, "")
        result = ActResult(row, -1 if seat is None else seat, action, events, state, spec.engine.outcome(state))
        if row.status == GameStatus.ACTIVE:
            self._followed[game_id] = (row.version, replayer)  # a failed follow drops it: replayed anew
            self.timekeeper.arm(row)
        self.aftermath.follow(Change(result))

    async def idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def _replay(replayer: Replayer, moves: Sequence[tuple[int, int | None, str]], fresh: bool) -> list[Event]:
    """Feeds the entries after the replayer's last one: their events, or only the last move's
    when the replayer is ``fresh`` (where Discord's board stands is unknown after a restart)."""
    events: list[Event] = []
    for seq, seat, action in moves:
        frame = replayer.feed(seq, seat, action)
        if frame is None:
            continue
        if fresh:
            events = list(frame.events)
        else:
            events.extend(frame.events)
    return events

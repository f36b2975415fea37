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
followed. A game whose board is shown already (``board_version``) is left alone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from db import GameRow, GameStatus, web_data
from engines.base import Event
from table.aftermath import Aftermath, Change
from table.replay import Replayer
from table.service import ActResult, TableService
from table.spec import GameSpec

log = logging.getLogger("tafelbot.table")


class Arms(Protocol):
    def arm(self, row: GameRow) -> None: ...


class WebMoves:
    def __init__(self, service: TableService, aftermath: Aftermath, timekeeper: Arms) -> None:
        self.service = service
        self.aftermath = aftermath
        self.timekeeper = timekeeper
        self._followed: dict[int, tuple[int, int]] = {}  # game -> (version, last move-log entry) followed
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
        version, seq = self._followed.get(game_id, (-1, -1))
        if version >= row.version or (row.board_version is not None and row.board_version >= row.version):
            return  # followed already (an earlier notification read this version)
        moves = await web_data.moves_after(self.service.store, game_id, 0)
        spec = self.service.spec(row.game)
        state = self.service.state_of(row)
        result = await asyncio.to_thread(_result, spec, row, state, moves, seq)
        if row.status == GameStatus.ACTIVE:
            self._followed[game_id] = (row.version, moves[-1][0] if moves else 0)
            self.timekeeper.arm(row)
        else:
            self._followed.pop(game_id, None)  # the game is over: nothing more to follow
        self.aftermath.follow(Change(result))

    async def idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def _result(
    spec: GameSpec, row: GameRow, state: Any, moves: Sequence[tuple[int, int | None, str]], after: int
) -> ActResult:
    """The stored game as an ``ActResult``: its last move-log entry, with the events of the
    entries after ``after`` (all of them those of the last entry, when ``after`` is unknown)."""
    replayer = Replayer(spec, row)
    events: list[Event] = []
    for seq, seat, action in moves:
        frame = replayer.feed(seq, seat, action)
        if frame is None:
            continue
        if after < 0:
            events = list(frame.events)  # unknown where Discord's board stands: the last move's lines
        elif seq > after:
            events.extend(frame.events)
    seat, action = (moves[-1][1], moves[-1][2]) if moves else (None, "")
    return ActResult(row, -1 if seat is None else seat, action, events, state, spec.engine.outcome(state))

"""Computer players: one small task per (game, seat) that moves whenever that seat may act.

A computer decides from its own view and the legal actions only (``GameSpec.choose``), after a
short pause so people can follow. It acts through the same ``TableService.act`` as a person, so
its moves are checked, saved and logged the same way. After a restart ``resume`` picks every
running game up again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from db import GameRow, GameStatus, db_span
from engines.errors import GameError
from engines.levels import NORMAL, level_of, pause_factor
from engines.rng import derive_seed
from table.pictures import Painter
from table.service import ActResult, TableError, TableService
from table.spec import GameSpec

log = logging.getLogger("tafelbot.computers")


async def computer_action(spec: GameSpec, row: GameRow, state: Any, seat: int, painter: Painter) -> str:
    """What the computer plays for ``seat`` now: from that seat's own view and legal actions,
    with randomness derived from the game (a replay of the same game chooses the same).

    The decision itself (``spec.choose``, a search of up to its work budget, see ``engines.budget``)
    runs in the painter's worker process, or a thread without one: never on the event loop, where
    it would stall every other game. It gets plain data only: the view, the legal actions, a seed,
    and the seat's level (``engines.levels``; a seat stored without one plays at the default)."""
    legal = spec.engine.legal_actions(state, seat)
    view = spec.engine.view(state, seat)
    level = level_of(row.seats[seat].level)
    seed = derive_seed(row.seed, row.version, seat)
    action: str = await painter.compute(spec.choose, view, legal, seed, None, level)
    return action


class ComputerPlayers:
    def __init__(
        self,
        service: TableService,
        publish: Callable[[ActResult], Awaitable[None]],
        *,
        delay_factor: float = 1.0,
        painter: Painter | None = None,
    ) -> None:
        self.service = service
        self.publish = publish
        self.delay_factor = delay_factor
        # Where decisions are computed: the picture workers when given, else a thread.
        self.painter = painter if painter is not None else Painter(0)
        self._tasks: dict[tuple[int, int], asyncio.Task[None]] = {}
        self.stats = MoveStats()

    def poke(self, row: GameRow, state: Any = None) -> None:
        """Start a task for every computer seat that may act now and has none running (``state``:
        the row's state when the caller has it loaded already). Only for games of this process's
        servers: whatever asks for a computer move, another process's game is left alone."""
        if row.status != GameStatus.ACTIVE or row.state is None or not self.service.owns(row):
            return
        if not any(seat.computer for seat in row.seats):
            return  # people only: nothing to load (a start-up with hundreds of running games)
        engine = self.service.spec(row.game).engine
        to_move = engine.to_move(state if state is not None else self.service.state_of(row))
        for seat in to_move:
            key = (row.id, seat)
            if row.seats[seat].computer and key not in self._tasks:
                self._tasks[key] = asyncio.create_task(self._play(row.id, seat), name=f"computer-{row.id}-{seat}")

    async def resume(self) -> int:
        """After a start: pick up the running games of this process's servers; returns how many."""
        rows = [
            r
            for r in await self.service.store.games_with_status(GameStatus.ACTIVE)
            if r.game in self.service.specs and self.service.owns(r)
        ]
        for row in rows:
            self.poke(row)
        return len(rows)

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    async def idle(self) -> None:
        """Wait until no computer player is thinking (tests and the simulator use this)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()
        if self.stats.moves:
            log.info("%s", self.stats)  # bench/bench_shards.py reads this line

    def pause(self, row: GameRow, seat: int) -> float:
        """Seconds to think: the table's chosen speed (its settings) or the game's default, with
        a little jitter so computers in live play do not act in lockstep; an easy computer reacts
        more slowly and a hard one faster (``engines.levels.PACE``: what counts in Duvelen's live play)."""
        speed = self.service.settings_of(row).computer_speed
        spec = self.service.spec(row.game)
        base = float(speed if speed is not None else spec.computer_delay)
        level = level_of(row.seats[seat].level) if seat < len(row.seats) else NORMAL
        # Racing people in a live phase, no computer is faster than a normal one.
        racing = (
            any(s.human for s in row.seats)
            and row.state is not None
            and spec.engine.is_live(self.service.state_of(row))
        )
        factor = pause_factor(row.seed, row.version, seat, level, racing_people=racing)
        return base * factor * self.delay_factor

    async def _play(self, game_id: int, seat: int) -> None:
        try:
            while True:
                row = await self.service.store.get_game(game_id)
                if row is None or row.status != GameStatus.ACTIVE or not row.seats[seat].computer:
                    return
                delay = self.pause(row, seat)
                if delay:
                    await asyncio.sleep(delay)
                    # The world may have changed while we waited.
                    row = await self.service.store.get_game(game_id)
                    if row is None or row.status != GameStatus.ACTIVE or not row.seats[seat].computer:
                        return
                with db_span() as waited:
                    started = time.perf_counter()
                    spec = self.service.spec(row.game)
                    state = self.service.state_of(row)
                    if seat not in spec.engine.to_move(state):
                        return
                    action = await computer_action(spec, row, state, seat, self.painter)
                    try:
                        result = await self.service.act(game_id, seat=seat, action=action)
                    except (TableError, GameError) as error:
                        # Someone else acted first (simultaneous play): think again on the new board.
                        log.debug("computer seat %s of game %s: %s", seat, game_id, error)
                        await asyncio.sleep(0)
                        continue
                    await self.publish(result)
                    self.stats.add(time.perf_counter() - started, waited[0])
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer player %s of game %s stopped", seat, game_id)
        finally:
            self._tasks.pop((game_id, seat), None)


class MoveStats:
    """What computer moves cost in this process: from choosing a move until its board is out
    (checked, saved, drawn, posted), and how much of that was spent waiting on the database."""

    def __init__(self) -> None:
        self.moves = 0
        self.seconds = 0.0
        self.database = 0.0

    def add(self, seconds: float, database: float) -> None:
        self.moves += 1
        self.seconds += seconds
        self.database += database

    def __str__(self) -> str:
        each = 1000 * self.seconds / self.moves
        share = self.database / self.seconds if self.seconds else 0.0
        return (
            f"computer moves: {self.moves} moves, {each:.2f} ms each,"
            f" {1000 * self.database / self.moves:.2f} ms of it in the database ({100 * share:.1f}%)"
        )

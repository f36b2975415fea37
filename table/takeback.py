"""Taking back one's own last action within one's own turn (Board Game Arena's undo policy).

A take-back is allowed only while it is still the person's turn, when the last entry of the move
log (after earlier take-backs) is that person's own action, and when the game's engine says so
(``Engine.takeback_allowed``: nothing hidden was revealed and nothing random happened). Several
in a row go back action by action to the start of the turn, never past another seat's action, a
timeout or any other platform entry. It is logged as ``!takeback`` (``TAKEBACK_ACTION``), so the
move log still replays exactly (``history``); the move deadline is not restarted (the turn goes on).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from db import GameRow, GameStatus
from engines.base import Engine, Event
from table.service import LULL_ACTION, TAKEBACK_ACTION, ActResult, TableError, TableService, engine_options


@dataclass(frozen=True)
class Step:
    seat: int | None
    action: str
    before: Any  # the state before this entry (None for platform marks that change no state)


def history(
    engine: Engine[Any, Any], row: GameRow, moves: Sequence[tuple[int, int | None, str]]
) -> tuple[Any, list[Step]]:
    """The state after the move log and the entries still in effect (take-backs removed)."""
    state, _ = engine.new_game(len(row.seats), row.seed, engine_options(row))
    steps: list[Step] = []
    for _seq, seat, action in moves:
        if action == TAKEBACK_ACTION:
            taken = steps.pop()
            state = taken.before
        elif action == LULL_ACTION:
            steps.append(Step(seat, action, state))
            state, _ = engine.timeout(state)
        elif action.startswith("!"):
            steps.append(Step(seat, action, None))
        else:
            steps.append(Step(seat, action, state))
            state, _ = engine.apply(state, cast(int, seat), action)
    return state, steps


def has_takebacks(engine: Engine[Any, Any]) -> bool:
    """Whether the game allows take-backs at all (it overrides the hook's "never")."""
    return type(engine).takeback_allowed is not Engine.takeback_allowed


async def _last_own_step(service: TableService, row: GameRow, seat: int) -> tuple[Any, Step]:
    """(the state now, the step to take back), or TableError saying why there is none."""
    engine = service.spec(row.game).engine
    state = service.state_of(row)
    if seat not in engine.to_move(state):
        raise TableError("takeback-not-your-turn")
    moves = await service.store.moves(row.id)
    # Without a take-back at the end of the log, its last entry is the step in effect: another
    # seat's action or a platform mark refuses without replaying the whole game (the controls ask
    # this each time they open, and most often a turn has only just begun).
    if not moves or (moves[-1][2] != TAKEBACK_ACTION and (moves[-1][1] != seat or moves[-1][2].startswith("!"))):
        raise TableError("takeback-nothing")
    _, steps = history(engine, row, moves)
    last = steps[-1] if steps else None
    if last is None or last.seat != seat or last.action.startswith("!") or last.before is None:
        raise TableError("takeback-nothing")
    if seat not in engine.to_move(last.before):
        raise TableError("takeback-nothing")
    _, events = engine.apply(last.before, seat, last.action)
    if not engine.takeback_allowed(last.before, state, seat, last.action, events):
        raise TableError("takeback-not-allowed")
    return state, last


async def offered(service: TableService, row: GameRow, seat: int) -> bool:
    """Whether ``seat`` could take its last action back now (for a Take back button)."""
    if row.status != GameStatus.ACTIVE or not has_takebacks(service.spec(row.game).engine):
        return False
    try:
        await _last_own_step(service, row, seat)
    except TableError:
        return False
    return True


async def take_back(service: TableService, game_id: int, user_id: int, *, version: int | None = None) -> ActResult:
    """Take ``user_id``'s last action back (``version``: only if the game is still at it)."""
    async with service.lock(game_id):
        row = await service.get(game_id)
        if row.status != GameStatus.ACTIVE:
            raise TableError("not-running")
        if version is not None and row.version != version:
            raise TableError("board-moved-on")
        seat = row.seat_of(user_id)
        if seat is None:
            raise TableError("not-a-player")
        if not has_takebacks(service.spec(row.game).engine):
            raise TableError("takeback-none")  # whose turn it is does not matter then
        _, last = await _last_own_step(service, row, seat)
        before = last.before
        saved = await service.rewind(row, before, (seat, TAKEBACK_ACTION))
        taken: list[Event] = [{"type": "took-back", "seat": seat}]
        return ActResult(saved, seat, TAKEBACK_ACTION, taken, before, None)

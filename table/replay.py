"""A finished game again, move by move: every state rebuilt from the seed and the move log.

Replays only ever hand out spectator views (``view(state, None)``), so a replay shows no hand.
Platform entries in the move log start with "!": ``!quiet`` is the engine's ``timeout`` (a live
round ended by the quiet time), ``!takeback`` goes back to the state before the last applied entry,
the others (``!resign``) change seats, not the board.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

from db import GameRow, GameStatus
from engines.base import Event
from table.gif import evenly  # noqa: F401  (re-exported: the replay picks its frames with it)
from table.service import QUIET_ACTION, TAKEBACK_ACTION, TableError, TableService, engine_options
from table.spec import GameSpec


@dataclass(frozen=True)
class ReplayFrame:
    step: int  # 0: the opening; then one per move that changed the board
    view: dict[str, Any]  # the spectator's view: no private part
    events: list[Event]


def replay_frames(spec: GameSpec, row: GameRow, moves: Sequence[tuple[int, int | None, str]]) -> Iterator[ReplayFrame]:
    engine = spec.engine
    state, events = engine.new_game(len(row.seats), row.seed, engine_options(row))
    step = 0
    yield ReplayFrame(step, engine.view(state, None), events)
    earlier: list[Any] = []  # the state before each applied entry, for take-backs
    for _seq, seat, action in moves:
        if action == TAKEBACK_ACTION:
            state, events = earlier.pop(), [{"type": "took-back", "seat": seat}]
        elif action == QUIET_ACTION:
            earlier.append(state)
            state, events = engine.timeout(state)
        elif action.startswith("!"):
            continue
        else:
            earlier.append(state)
            state, events = engine.apply(state, cast(int, seat), action)  # only quiet ends lack a seat
        step += 1
        yield ReplayFrame(step, engine.view(state, None), events)


async def finished_game(
    service: TableService, *, game_id: int | None, guild_id: int | None, channel_id: int
) -> GameRow:
    """The game a replay asks for: by number (in this server), or the channel's last finished one."""
    if game_id is None:
        rows = [r for r in await service.store.games_with_status(GameStatus.FINISHED) if r.channel_id == channel_id]
        if not rows:
            raise TableError("replay-none-here")
        row = max(rows, key=lambda r: r.id)
    else:
        found = await service.store.get_game(game_id)
        # Another server's game is as good as unknown here: its players never agreed to show it.
        if found is None or found.guild_id != guild_id or found.game not in service.specs:
            raise TableError("no-such-game")
        row = found
    if row.status != GameStatus.FINISHED:
        raise TableError("replay-not-finished", game_id=row.id)
    return row

"""A finished game again, move by move: every state rebuilt from the seed and the move log.

Replays only ever hand out spectator views (``view(state, None)``), so a replay shows no hand.
Platform entries in the move log start with "!": ``!quiet`` is the engine's ``timeout`` (a live
round ended by its lull), ``!takeback`` goes back to the state before the last applied entry,
the others (``!resign``) change seats, not the board.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

from db import GameRow, GameStatus
from engines.base import Event
from table.gif import evenly  # noqa: F401  (re-exported: the replay picks its frames with it)
from table.service import LULL_ACTION, TAKEBACK_ACTION, TableError, TableService, engine_options
from table.spec import GameSpec


@dataclass(frozen=True)
class ReplayFrame:
    step: int  # 0: the opening; then one per move that changed the board
    view: dict[str, Any]  # the spectator's view: no private part
    events: list[Event]


class Replayer:
    """Replays a move log one entry at a time (the web companion follows a running game this way,
    feeding only the new entries): ``first`` is the opening frame, ``feed`` gives the frame of a
    move that changed the board, None for the platform's marks."""

    def __init__(self, spec: GameSpec, row: GameRow) -> None:
        self.engine = spec.engine
        self.state, events = self.engine.new_game(len(row.seats), row.seed, engine_options(row))
        self.step = 0
        self.seq = 0  # the move-log number fed last
        self.first = ReplayFrame(0, self.engine.view(self.state, None), events)
        self.earlier: list[Any] = []  # the state before each applied entry, for take-backs

    def feed(self, seq: int, seat: int | None, action: str) -> ReplayFrame | None:
        self.seq = seq
        if action == TAKEBACK_ACTION:
            self.state, events = self.earlier.pop(), [{"type": "took-back", "seat": seat}]
        elif action == LULL_ACTION:
            self.earlier.append(self.state)
            self.state, events = self.engine.timeout(self.state)
        elif action.startswith("!"):
            return None
        else:
            self.earlier.append(self.state)
            self.state, events = self.engine.apply(self.state, cast(int, seat), action)  # only quiet ends lack a seat
        self.step += 1
        return ReplayFrame(self.step, self.engine.view(self.state, None), events)


def replay_frames(spec: GameSpec, row: GameRow, moves: Sequence[tuple[int, int | None, str]]) -> Iterator[ReplayFrame]:
    replayer = Replayer(spec, row)
    yield replayer.first
    for seq, seat, action in moves:
        frame = replayer.feed(seq, seat, action)
        if frame is not None:
            yield frame


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

"""Open games as lists: "my games" (a person's, oldest waiting first) and "running games". Pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from db import GameRow, GameStatus
from engines.base import Engine
from table.deadlines import TableDeadline, banks_now, time_left
from table.settings import TableSettings


@dataclass(frozen=True)
class Listed:
    row: GameRow
    to_move: tuple[int, ...]  # seats that may act now (empty in a lobby)
    waiting_since: float  # when the current turn began (or the table opened)
    left: float | None  # seconds on the move deadline, if one runs
    your_turn: bool = False
    bank: float | None = None  # the person's own time bank (tables with time banks)


def listed(
    rows: list[GameRow], engines: dict[str, Engine[Any, Any]], now: float, *, user_id: int | None = None
) -> list[Listed]:
    """The games (of ``user_id`` if given), oldest waiting first; lobbies after running games."""
    found = []
    for row in rows:
        if user_id is not None and row.seat_of(user_id) is None:
            continue
        deadline = TableDeadline.from_json(row.deadline)
        to_move: tuple[int, ...] = ()
        if row.status == GameStatus.ACTIVE and row.game in engines:
            engine = engines[row.game]
            to_move = tuple(sorted(engine.to_move(engine.load(row.state))))
        since = deadline.started if deadline.started is not None else row.updated_at
        seat = row.seat_of(user_id) if user_id is not None else None
        mine = seat is not None and seat in to_move
        banks = banks_now(deadline, TableSettings.from_stored(row.settings, row.options), len(row.seats), now)
        bank = banks[seat] if banks is not None and seat is not None and row.status == GameStatus.ACTIVE else None
        found.append(Listed(row, to_move, since, time_left(deadline, now), mine, bank))
    return sorted(found, key=lambda g: (g.row.status != GameStatus.ACTIVE, not g.your_turn, g.waiting_since, g.row.id))

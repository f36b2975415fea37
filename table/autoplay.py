"""Decisions that decide nothing are played for the person.

When a person may act and has exactly one legal action (a Manöver recruit with one place to go,
Trackgammon's "Done" with no die left to use), pressing it decides nothing: the table plays it for
them, at once, through the ordinary ``TableService.act`` (so it is logged as their move and a replay
is exact), and the board says so. Not in live phases, where when to act is the decision, and not
right after a take-back (the person just undid that very action). Anyone can turn it off for
themselves (``/table auto-play``; ``db.table_data.Person.auto_play``).
"""

from __future__ import annotations

from typing import Any

from db import GameRow, GameStatus, table_data
from table.service import TableService

AUTO_PLAYED = "auto-played"  # the event put before such a move's own events (table.text)


async def forced_actions(service: TableService, row: GameRow, state: Any) -> list[tuple[int, str]]:
    """(seat, action) for every person to move whose only legal action is to be played for them."""
    engine = service.spec(row.game).engine
    if row.status != GameStatus.ACTIVE:
        return []
    forced = []
    for seat in sorted(engine.to_move(state)):
        user_id = row.seats[seat].user_id
        if not row.seats[seat].human or user_id is None:
            continue
        action = engine.forced_action(state, seat)  # the only legal action, or the game's own rule
        if action is not None:
            forced.append((seat, user_id, action))
    if not forced:
        return []
    people = await table_data.people(service.store, [user_id for _, user_id, _ in forced])
    return [(seat, action) for seat, user_id, action in forced if people[user_id].auto_play]

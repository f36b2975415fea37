"""Decisions that decide nothing are played for the person.

When a person may act and has exactly one legal action (a Manöver recruit with one place to go,
Trackgammon's "Done" when no die could be used at all), pressing it decides nothing: the table plays
it for them, at once, through the ordinary ``TableService.act`` (so it is logged as their move and a
replay is exact), and the board says so. Only where that takes nothing away from them:

- not in live phases, where when to act is the decision (``Engine.forced_action``);
- not while they could still take their last action back, by the table's take-back
  (``table.takeback.offered``) or the game's own (an ``undo`` among the legal actions, so the
  only-legal-action rule of ``Engine.forced_action`` leaves it alone). Playing the step after it would
  end the turn, and with it the take-back their controls still offer; the step that ends such a turn
  ("Done") is the person's confirmation, and a confirmation is theirs to give;
- not right after a take-back, even of the turn's first action (the person just undid that very
  action; ``table.aftermath``).

Anyone can turn it off for themselves (``/table auto-play``; ``db.table_data.Person.auto_play``).
"""

from __future__ import annotations

from typing import Any

from db import GameRow, GameStatus, table_data
from table import takeback
from table.service import TAKEBACK_ACTION, TableService

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
        if action is None or await takeback.offered(service, row, seat) or await just_took_back(service, row, seat):
            continue  # a choice, or their last one is not final yet: the controls they have stay live
        forced.append((seat, user_id, action))
    if not forced:
        return []
    people = await table_data.people(service.store, [user_id for _, user_id, _ in forced])
    return [(seat, action) for seat, user_id, action in forced if people[user_id].auto_play]


async def just_took_back(service: TableService, row: GameRow, seat: int) -> bool:
    """Whether the game's newest entry is ``seat`` taking an action back (so the controls drawn
    after it and ``table.aftermath`` agree that nothing is played for them)."""
    moves = await service.store.moves(row.id)
    return bool(moves) and moves[-1][1] == seat and moves[-1][2] == TAKEBACK_ACTION

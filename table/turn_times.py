"""Turn times: how long a person takes to move, from the move log's times.

A person's turn starts with the log entry before their first action of the turn (another seat's
action, a timeout, a lull ending) and ends with that first action. Turns the computer
finished (a timeout) and everything after a seat went to the computer are left out, and so is
the first turn of a game (the log does not say when the game started). Time in the person's quiet
hours and away periods is not counted. ``median`` per game feeds the end-of-game summary and,
for people who opt in, ``/league profile``.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from db import Store, table_data
from table.quiet import QuietHours, of_person

RETIRED = ("!resign", "!handover")
TIMEOUT = "!timeout"

LoggedMove = tuple[int | None, str, float]  # (seat, action, at)


def turn_seconds(
    moves: Sequence[LoggedMove],
    seat: int,
    *,
    quiet: QuietHours | None = None,
    away: Sequence[tuple[float, float]] = (),
) -> list[float]:
    """The seconds each of ``seat``'s own turns took (see the module)."""
    found = []
    for i, (who, action, at) in enumerate(moves):
        if who == seat and action in RETIRED:
            break
        if who != seat or action.startswith("!") or i == 0:
            continue
        before_seat, before_action, before_at = moves[i - 1]
        if before_seat == seat:
            continue  # not the first action of the turn (or the computer's after a timeout)
        took = at - before_at
        if quiet is not None:
            took -= quiet.overlap(before_at, at)
        took -= sum(max(0.0, min(end, at) - max(start, before_at)) for start, end in away)
        found.append(max(0.0, took))
    return found


def median(values: Sequence[float]) -> float | None:
    return float(statistics.median(values)) if values else None


async def person_leaves(store: Store, user_id: int) -> tuple[QuietHours | None, list[tuple[float, float]]]:
    """The person's quiet hours and away periods (left out of their turn times)."""
    person = (await table_data.people(store, [user_id]))[user_id]
    return of_person(person.quiet_from, person.quiet_to, person.quiet_tz), await table_data.away_periods(store, user_id)


async def game_medians(store: Store, game_id: int, seats: Sequence[Any]) -> dict[int, float]:
    """Each person's median seconds per move in one game, by seat (seats with no timed turn left out)."""
    moves = await table_data.timed_moves(store, game_id)
    found = {}
    for seat, s in enumerate(seats):
        if s.user_id is None:
            continue
        quiet, away = await person_leaves(store, s.user_id)
        value = median(turn_seconds(moves, seat, quiet=quiet, away=away))
        if value is not None:
            found[seat] = value
    return found


async def person_medians(store: Store, guild_id: int, user_id: int, *, games: int = 200) -> dict[str, float]:
    """The person's median seconds to move per game type, over their last ``games`` finished games in
    the server."""
    played = await table_data.recent_games_of(store, guild_id, user_id, games)
    quiet, away = await person_leaves(store, user_id)
    times: dict[str, list[float]] = {}
    for game_id, seat, game in played:
        moves = await table_data.timed_moves(store, game_id)
        times.setdefault(game, []).extend(turn_seconds(moves, seat, quiet=quiet, away=away))
    return {game: value for game, values in sorted(times.items()) if (value := median(values)) is not None}

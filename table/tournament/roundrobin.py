"""Round robin.

Two players a table: the circle method. Player 0 stays put and the others turn round one place
each round; with an odd field a "rest" place joins, and whoever meets it has a bye. Every two
players meet exactly once in ``n - 1`` rounds (``n`` rounded up to even).

More players a table: each round's tables are chosen so meetings spread evenly: tables are
filled seat by seat with the player who has met the table's players least so far (then the one
who has met fewest people overall), trying a few starting orders and keeping the round with the
fewest repeated meetings. The number of rounds is what it takes for everyone to have met
everyone once if the tables could be arranged perfectly (``rounds_needed``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from table.tournament.swiss import Pairing, met_pairs


def circle_round(players: Sequence[int], number: int) -> Pairing:
    """Round ``number`` (1-based) of the circle method over ``players`` (in entry order)."""
    field: list[int | None] = [*players]
    if len(field) % 2:
        field.append(None)
    n = len(field)
    if n < 2:
        return Pairing((), players[0] if players else None)
    turn = (number - 1) % (n - 1)
    rest = field[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    order = [field[0], *rest]
    tables: list[tuple[int, ...]] = []
    bye = None
    for i in range(n // 2):
        a, b = order[i], order[n - 1 - i]
        if a is None or b is None:
            bye = b if a is None else a
            continue
        # Alternate who sits first, so each player sits first about half the time.
        tables.append((a, b) if (number + i) % 2 else (b, a))
    return Pairing(tuple(tables), bye)


def circle_rounds(count: int) -> int:
    return count - 1 if count % 2 == 0 else count


def rounds_needed(count: int, size: int) -> int:
    """Rounds for everyone to meet everyone once at tables of ``size``, were it perfect."""
    if count <= size:
        return 1
    return -(-(count - 1) // (size - 1))


def spread_round(
    players: Sequence[int], size: int, earlier: Sequence[Sequence[int]], *, seed: int, tries: int = 48
) -> Pairing:
    """One round of tables of ``size`` (a few one short) spreading meetings evenly."""
    n = len(players)
    if n <= size:
        return Pairing((tuple(players),)) if n >= 2 else Pairing((), players[0] if players else None)
    met = met_pairs(earlier)
    count = -(-n // size)
    sizes = [n // count + (1 if i < n % count else 0) for i in range(count)]
    rng = random.Random(seed)
    best: tuple[int, list[tuple[int, ...]]] | None = None
    for attempt in range(tries):
        order = list(players)
        if attempt:
            rng.shuffle(order)
        tables: list[list[int]] = [[order.pop(0)] for _ in range(count)] if len(order) >= count else []
        for seats in range(1, max(sizes)):
            for t, table in enumerate(tables):
                if seats >= sizes[t] or not order:
                    continue
                pick = min(
                    range(len(order)),
                    key=lambda k: (sum(met.get(frozenset((order[k], p)), 0) ** 2 for p in table), k),
                )
                table.append(order.pop(pick))
        # Squared: two people meeting a third time weighs more than two pairs meeting a second time.
        repeats = sum(met.get(frozenset((a, b)), 0) ** 2 for t in tables for i, a in enumerate(t) for b in t[i + 1 :])
        if best is None or repeats < best[0]:
            best = (repeats, [tuple(t) for t in tables])
        if repeats == 0:
            break
    assert best is not None
    return Pairing(tuple(best[1]))

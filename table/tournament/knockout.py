"""Knockout brackets.

Two players a table: a bracket of the next power of two, seeded by rating in the usual order
(1 meets the lowest seed, and 1 and 2 can only meet in the final); the empty places are byes,
which therefore go to the best seeds. Each round pairs the winners of neighbouring places.

More players a table: each round splits the players still in into tables of the tournament's
size (snake seeding, so every table gets a fair share of strong and weak seeds), and the best two
of each table go on (the winner of a two-player table); once everyone left fits at one table,
that table is the final.
"""

from __future__ import annotations

from collections.abc import Sequence

from table.tournament.swiss import Pairing


def bracket_order(size: int) -> list[int]:
    """Seed numbers (0 = best) in bracket order for a bracket of ``size`` (a power of two)."""
    order = [0]
    while len(order) < size:
        total = 2 * len(order)
        order = [x for seed in order for x in (seed, total - 1 - seed)]
    return order


def first_bracket(seeded: Sequence[int]) -> list[int | None]:
    """The bracket's places: players by seed, None where a bye sits."""
    size = 1
    while size < len(seeded):
        size *= 2
    return [seeded[s] if s < len(seeded) else None for s in bracket_order(size)]


def pair_bracket(places: Sequence[int | None]) -> tuple[Pairing, list[int]]:
    """One round of a two-player bracket: the tables, and who goes on without playing (byes)."""
    tables: list[tuple[int, ...]] = []
    through: list[int] = []
    for i in range(0, len(places), 2):
        a, b = places[i], places[i + 1] if i + 1 < len(places) else None
        if a is not None and b is not None:
            tables.append((a, b))
        elif a is not None or b is not None:
            through.append(a if a is not None else b)  # type: ignore[arg-type]
    return Pairing(tuple(tables)), through


def multi_tables(alive: Sequence[int], size: int) -> Pairing:
    """Tables of at most ``size`` for the players still in (best seed first), snake-seeded."""
    n = len(alive)
    if n <= size:
        return Pairing((tuple(alive),))
    count = -(-n // size)
    tables: list[list[int]] = [[] for _ in range(count)]
    for index, player in enumerate(alive):
        lap, pos = divmod(index, count)
        tables[pos if lap % 2 == 0 else count - 1 - pos].append(player)
    return Pairing(tuple(tuple(t) for t in tables))


def going_on(table: Sequence[int], order: Sequence[int], *, final: bool) -> list[int]:
    """Who of ``table`` goes on: ``order`` is the table's players best first (by placement, then
    the game's score, then seed). The best two of a table of three or more, else the winner."""
    if final:
        return list(order[:1])
    return list(order[: 2 if len(table) >= 3 else 1])

"""Swiss pairings.

Two players a table: a maximum-weight matching (networkx's ``max_weight_matching``, Edmonds'
blossom algorithm) over the players in standing order, everyone matched (``maxcardinality``). The
weights say, in this order of importance: never pair two people who met before, then keep the
scores apart as little as possible, then keep the standings apart as little as possible (so by
score, then rating). With an odd field a "bye" node joins the graph, joined only to the players
who have not had a bye, the lowest placed preferred: the bye goes to the lowest player without
one, unless that would force a repeat pairing. Seat order: two players who both sat first (or
both second) two more times than the other way are not paired while the field allows it (above
the score, as the Dutch system's absolute colour preference); a milder wish for the same side
weighs less than the score. The one who sat first less often sits first.

A dense graph of 4,096 players has eight million edges, too many for the blossom algorithm in a
second. As real Swiss programs do, each player is first joined only to the players near them in
the standings (``window``); if the best matching of that graph leaves anyone out or repeats a
pairing, the window doubles, up to the whole field. So a repeat is only ever chosen when the
whole field offers no way round it.

More players a table: tables of similar standing, filled top down, each seat going to the next
player in the standings who has met the table's players least (``group_tables``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx

BYE = -1  # the bye's node in the matching graph
BLOCK = 32  # players matched at once (neighbours in the standings)


@dataclass(frozen=True)
class Pairing:
    """One round: ``tables`` of players in seat order, and who has the bye (None: nobody)."""

    tables: tuple[tuple[int, ...], ...]
    bye: int | None = None


def met_pairs(tables: Iterable[Sequence[int]]) -> dict[frozenset[int], int]:
    """How often each two players sat at the same table."""
    met: dict[frozenset[int], int] = {}
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                key = frozenset((a, b))
                met[key] = met.get(key, 0) + 1
    return met


def pair_two(
    ranked: Sequence[int],
    points: dict[int, float],
    met: dict[frozenset[int], int],
    *,
    had_bye: Iterable[int] = (),
    first_seats: dict[int, int] | None = None,
    window: int = 12,
    block: int = BLOCK,
) -> Pairing:
    """Pair ``ranked`` (best first) two by two. ``first_seats``: how many more times each player sat
    first than second, for balancing the seat order.

    The field is matched in blocks of ``block`` neighbours in the standings, top down; a block that
    cannot be matched without a repeat (or at all) is merged with the block above it and matched
    again, up to the whole field: so a repeat is chosen only when the whole field has no way round
    it."""
    n = len(ranked)
    if n == 0:
        return Pairing(())
    if n == 1:
        return Pairing((), ranked[0])
    had = set(had_bye)
    # A second bye only once the whole field has had one: a block whose players all had theirs
    # offers the bye to nobody, so it is not clean and merges with the block above.
    second_byes = all(u in had for u in ranked)
    balance = first_seats or {}
    step = max(2, block - block % 2)
    blocks = [list(ranked[i : i + step]) for i in range(0, n, step)]
    if len(blocks) > 1 and len(blocks[-1]) < step // 2:
        tail = blocks.pop()
        blocks[-1] = blocks[-1] + tail
    done: list[tuple[list[int], list[tuple[int, int]]]] = []
    index = 0
    current = blocks[0]
    while True:
        last = index == len(blocks) - 1
        matching, clean = _solve(current, points, met, had, window, last=last, balance=balance, second_byes=second_byes)
        whole = not done and last
        if clean or whole:
            done.append((current, matching))
            index += 1
            if index == len(blocks):
                break
            current = blocks[index]
        elif done:
            current = done.pop()[0] + current  # merge with the block above and try again
        else:
            index += 1
            current = current + blocks[index]
    rank = {u: i for i, u in enumerate(ranked)}
    tables: list[tuple[int, ...]] = []
    bye = None
    for a, b in (pair for _players, found in done for pair in found):
        if BYE in (a, b):
            bye = b if a == BYE else a
            continue
        # The one who sat first less often goes first; equal: the better placed.
        if (balance.get(a, 0), rank[a]) > (balance.get(b, 0), rank[b]):
            a, b = b, a
        tables.append((a, b))
    tables.sort(key=lambda t: min(rank[p] for p in t))
    return Pairing(tuple(tables), bye)


def _solve(
    players: Sequence[int],
    points: dict[int, float],
    met: dict[frozenset[int], int],
    had: set[int],
    window: int,
    *,
    last: bool,
    balance: dict[int, int],
    second_byes: bool,
) -> tuple[list[tuple[int, int]], bool]:
    """The best matching of one block, widening the window up to the block; whether it is clean
    (everyone matched, no repeat)."""
    width = max(2, window)
    n = len(players)
    while True:
        matching = _match(
            players, points, met, had, width, bye=last and n % 2 == 1, balance=balance, second_byes=second_byes
        )
        covered = {u for pair in matching for u in pair if u != BYE}
        clean = len(covered) == n and not any(met.get(frozenset(p), 0) for p in matching if BYE not in p)
        if clean or width >= n:
            return matching, clean
        width *= 2


def _match(
    ranked: Sequence[int],
    points: dict[int, float],
    met: dict[frozenset[int], int],
    had: set[int],
    width: int,
    *,
    bye: bool,
    balance: dict[int, int],
    second_byes: bool,
) -> list[tuple[int, int]]:
    n = len(ranked)
    odd = bye
    # Integer costs in levels, each level's unit more than the sum of every lower level's costs
    # over a whole matching: a repeat pairing, then two players who both must sit the same side
    # next (each sat first, or second, two more times than the other way), then the score gap,
    # then a milder wish for the same side, then the distance in the standings.
    mild_unit = n * n + 1
    score_unit = (n + 1) * mild_unit
    max_gap = int(4 * max(1.0, max((abs(points.get(u, 0.0)) for u in ranked), default=1.0))) + 2
    side_unit = (n + 1) * score_unit * max_gap * max_gap + 1
    repeat_cost = (n + 1) * side_unit * 2
    base = repeat_cost * (n + 1) * 4
    graph = nx.Graph()
    graph.add_nodes_from(ranked)
    for i, a in enumerate(ranked):
        for j in range(i + 1, min(n, i + 1 + width)):
            b = ranked[j]
            gap = int(round(2 * abs(points.get(a, 0.0) - points.get(b, 0.0))))
            ba, bb = balance.get(a, 0), balance.get(b, 0)
            same_side = ba * bb > 0
            cost = (
                met.get(frozenset((a, b)), 0) * repeat_cost
                + (side_unit if same_side and min(abs(ba), abs(bb)) >= 2 else 0)
                + gap * gap * score_unit
                + (mild_unit if same_side else 0)
                + (j - i)
            )
            graph.add_edge(a, b, weight=base - cost)
    if odd:
        candidates = [u for u in ranked if u not in had] or (list(ranked) if second_byes else [])
        lowest = max((ranked.index(u) for u in candidates), default=0)
        for u in candidates:
            if lowest - ranked.index(u) < 2 * width or width >= n:
                # Lower placed players cost less: the bye goes to the lowest without one.
                graph.add_edge(BYE, u, weight=base - (n - ranked.index(u)) * score_unit)
    found = nx.max_weight_matching(graph, maxcardinality=True)
    return [(int(a), int(b)) for a, b in found]


def group_tables(
    ranked: Sequence[int], size: int, met: dict[frozenset[int], int], *, min_size: int = 2, look: int = 8
) -> Pairing:
    """Tables of ``size`` (a few one seat short when the field does not divide) from players of
    similar standing: each table takes the best placed player left, then for each further seat
    the player among the next ``look`` who has met the table's players least."""
    n = len(ranked)
    if n == 0:
        return Pairing(())
    if n < min_size:
        return Pairing((), ranked[0]) if n == 1 else Pairing((tuple(ranked),))
    count = -(-n // size)
    sizes = [n // count + (1 if i < n % count else 0) for i in range(count)]
    if min(sizes) < min_size:
        count = max(1, n // min_size)
        sizes = [n // count + (1 if i < n % count else 0) for i in range(count)]
    left = list(ranked)
    tables: list[tuple[int, ...]] = []
    for seats in sizes:
        table = [left.pop(0)]
        while len(table) < seats:
            best = min(
                range(min(look, len(left))),
                key=lambda k: (sum(met.get(frozenset((left[k], p)), 0) for p in table), k),
            )
            table.append(left.pop(best))
        tables.append(tuple(table))
    return Pairing(tuple(tables))

"""The rating model the league and the ladder that travels share: openskill's Plackett-Luce,
ties counted as each tied player taking each tied place equally often, the rating players see,
and the one rule for which games are rated."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40


def display_rating(mu: float, sigma: float) -> int:
    """The rating players see: ``mu - 3 sigma`` (openskill's ordinal), scaled; a newcomer has 1000."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma))


def is_rated(rows: Sequence[Any]) -> bool:
    """The one rule for "rated": every seat a person, each once, each placed (so the game finished;
    a cancelled game has no placements), and at least two of them. ``rows`` are a game's results."""
    users = [r["user_id"] for r in rows]
    return (
        len(rows) >= 2
        and all(r["placement"] is not None and r["user_id"] is not None and not r["is_computer"] for r in rows)
        and len(set(users)) == len(users)
    )


def rate(before: Sequence[tuple[float, float]], placements: Sequence[int]) -> list[tuple[float, float]]:
    """One free-for-all game: (mu, sigma) per seat before → after. Equal placements are ties.

    Ties are not handed to openskill as equal ranks: openskill 6.2's PlackettLuce mishandles them
    once three or more players are involved (players tied for 2nd can end below the one placed 4th;
    openskill.py issues #155 and #201). Instead every tied group is broken in each rotation of its
    members (as many orderings as the least common multiple of the group sizes: at most 15 with
    eight players), and each player gets the mean of their ratings over those orderings: a tie
    counts as each tied player taking each of the tied places equally often. Without ties this is
    exactly one openskill update."""
    groups: dict[int, list[int]] = {}
    for seat, placement in enumerate(placements):
        groups.setdefault(placement, []).append(seat)
    ordered = [groups[p] for p in sorted(groups)]
    orderings = math.lcm(*(len(g) for g in ordered))
    totals = [[0.0, 0.0] for _ in before]
    for turn in range(orderings):
        ranks = [0] * len(before)
        place = 1
        for group in ordered:
            for k, seat in enumerate(group):
                ranks[seat] = place + (k + turn) % len(group)
            place += len(group)
        teams = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before], ranks=ranks)
        for total, team in zip(totals, teams, strict=True):
            total[0] += team[0].mu
            total[1] += team[0].sigma
    return [(mu / orderings, sigma / orderings) for mu, sigma in totals]

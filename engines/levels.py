"""The three strengths of a computer player, and what every game's player does with them.

- ``easy`` plays like a casual person: it ranks the legal actions with the ``normal`` player's own
  evaluation and then, now and then, takes the second or third best instead of the best
  (``human_pick``). It never takes an action the evaluation calls much worse than the best (a
  per-game margin), so its mistakes are the ones people make, never absurd ones.
- ``normal`` is the one-move (or one-turn) heuristic each game has had from the start.
- ``hard`` searches: determinized look-ahead where cards are hidden, an expectation over the dice
  where dice decide, a reply by the next player where the board is open. Each game's hard player
  says how (``engines.<key>_hard``), within its own deterministic work budget (``engines.budget``).

Every level decides from the seat's view, the legal actions, a seed and a budget only, so the same
view and seed give the same move at every level. The level also sets how fast a computer reacts
(``PACE``), which matters where everyone plays at once (Duvelen's live rounds).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from engines.rng import Rng, derive_seed

EASY: Final = "easy"
NORMAL: Final = "normal"
HARD: Final = "hard"
LEVELS: Final = (EASY, NORMAL, HARD)
DEFAULT_LEVEL: Final = NORMAL  # a computer added without a level
TAKEOVER_LEVEL: Final = HARD  # who takes over an absent player's seat, unless the server says otherwise

# Factor on a computer's thinking pause: an easy one reacts more slowly than a hard one.
PACE: Final = {EASY: 1.6, NORMAL: 1.0, HARD: 0.7}


def pause_factor(seed: int, version: int, seat: int, level: str, *, racing_people: bool = False) -> float:
    """A computer's pause before it acts, as a factor of the table's delay: its level's ``PACE``
    with a little jitter (0.75 to 1.25, from the game's seed and move number) so that computers in
    live play do not act in lockstep. ``racing_people``: a live phase with people at the table,
    where no level plays faster than normal (a race against a person is won by thinking, not by
    reflexes; ``bench/race_pace.py``). The bot waits this (``table/computers.py``) and
    ``bench/ai_strength.py`` paces its live games by it."""
    jitter = 0.75 + 0.5 * (derive_seed(seed, version, seat, "pause") % 1000) / 1000
    pace = max(PACE[level], PACE[NORMAL]) if racing_people else PACE[level]
    return jitter * pace


# ``human_pick``: how often easy does not take the best action, and how far down it may look.
MISTAKE_RATE = 0.35
MISTAKE_DEPTH = 3


def level_of(value: object) -> str:
    """A stored or typed level, or the default for anything else (old seats have none)."""
    return value if isinstance(value, str) and value in LEVELS else DEFAULT_LEVEL


def human_pick(
    scored: Sequence[tuple[float, str]],
    rng: Rng,
    *,
    margin: float,
    rate: float = MISTAKE_RATE,
    depth: int = MISTAKE_DEPTH,
) -> str:
    """The ``easy`` choice among (score, action) pairs, higher scores better.

    Usually the best; with chance ``rate`` one of the next ``depth - 1`` distinct scores, the
    nearer ones likelier (weights halve per rank), but only among actions scoring within ``margin``
    of the best. Ties at one score are broken by ``rng`` too."""
    if not scored:
        raise ValueError("nothing to choose from")
    best = max(score for score, _ in scored)
    levels = sorted({score for score, _ in scored if score >= best - margin}, reverse=True)[:depth]
    rank = 0
    if len(levels) > 1 and rng.below(1_000_000) < rate * 1_000_000:
        weights = [0.5**i for i in range(1, len(levels))]
        roll = rng.below(1_000_000) / 1_000_000 * sum(weights)
        rank = 1
        for i, weight in enumerate(weights, 1):
            rank = i
            if roll < weight:
                break
            roll -= weight
    chosen = [action for score, action in scored if math.isclose(score, levels[rank], abs_tol=1e-9)]
    return chosen[rng.below(len(chosen))]

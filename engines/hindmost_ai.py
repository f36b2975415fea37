"""The Devil Take The Hindmost computer player as the table loads it (``table.registry``): the pace,
the work budgets and ``choose``, which hands the decision to the player of the level asked for. The
normal player (``engines.hindmost_normal``, with ``easy``) scores every play by how likely it
leaves a rider hindmost; the hard player (``engines.hindmost_hard``) plays the best few out.
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.hindmost_hard import choose_hard
from engines.hindmost_normal import WORK_BUDGET, choose_easy, choose_normal
from engines.levels import EASY, HARD, NORMAL

__all__ = ["COMPUTER_DELAY", "HARD_WORK_BUDGET", "HARD_WORK_BUDGET_TWO", "WORK_BUDGET", "choose", "hard_work"]

COMPUTER_DELAY = 1.0  # seconds before a computer player acts (the table scales it)
# ``hard`` (``engines.levels``): moves played in the sampled worlds per decision, and where it searches.
HARD_WORK_BUDGET = 900
# At two players hard searches from three turns before the lap's end, which needs more worlds:
# hard won 66.0% [61.2, 70.5] of 400 games against normal (seed 23, safety stop off; 61.5% with two
# turns and 900; the first 200 of those deals 65.5% against 61.0%, the other 200 66.5% against 62%).
HARD_WORK_BUDGET_TWO = 1500


def choose(view: dict[str, Any], legal: list[str], seed: int, budget: Budget | None = None, level: str = NORMAL) -> str:
    """The play for the rider to move, chosen from the seat's view and its legal plays only."""
    if level == HARD:
        return choose_hard(view, legal, seed, budget or Budget(hard_work(view["players"])))
    if level == EASY:
        return choose_easy(view, legal, seed, budget or Budget(WORK_BUDGET))
    return choose_normal(view, legal, seed, budget or Budget(WORK_BUDGET))


def hard_work(players: int) -> int:
    """Hard's work budget at this table (``bench/ai_decisions.py`` reads it too)."""
    return HARD_WORK_BUDGET_TWO if players == 2 else HARD_WORK_BUDGET

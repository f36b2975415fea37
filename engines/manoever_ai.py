"""The Manöver computer player as the table loads it (``table.registry``): the pace, the work
budgets and ``choose``, which hands the decision to the player of the level asked for. The normal
player (``engines.manoever_normal``, with ``easy``) plans the whole turn by a beam search; the hard
player (``engines.manoever_hard``) plays its best plans on for the following turns.
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.levels import EASY, HARD, NORMAL
from engines.manoever_hard import choose_hard
from engines.manoever_normal import WORK_BUDGET, choose_easy, choose_normal

__all__ = ["COMPUTER_DELAY", "HARD_WORK_BUDGET", "WORK_BUDGET", "choose"]

COMPUTER_DELAY = 0.6  # several moves a turn: keep the channel readable without dragging
# ``hard`` (``engines.levels``): the best plans of this turn (one per first move) are each played on,
# turn after turn, every seat playing a narrow-beam plan of its own (``engines.manoever_hard``), one turn
# deeper per round while the work lasts, to the end of the game where that fits; same units of work.
# About 8,000 units is some 145 ms of CPU on the reference machine (issue 40: the budget it may use).
HARD_WORK_BUDGET = 8000


def choose(view: dict[str, Any], legal: list[str], seed: int, budget: Budget | None = None, level: str = NORMAL) -> str:
    """The next move of the planned turn (deterministic: ties go to the lexically first plan)."""
    if level == HARD:
        return choose_hard(view, legal, seed, budget if budget is not None else Budget(HARD_WORK_BUDGET))
    if level == EASY:
        return choose_easy(view, legal, seed, budget if budget is not None else Budget(WORK_BUDGET))
    return choose_normal(view, legal, seed, budget if budget is not None else Budget(WORK_BUDGET))

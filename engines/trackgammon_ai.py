"""The Trackgammon computer player as the table loads it (``table.registry``): the pace, the work
budgets and ``choose``, which hands the decision to the player of the level asked for. The normal
player (``engines.trackgammon_normal``, with ``easy``) plans the whole turn; the hard player
(``engines.trackgammon_hard``) weighs its best plans by the next player's reply.
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.levels import EASY, HARD, NORMAL
from engines.trackgammon_hard import choose_hard
from engines.trackgammon_normal import WORK_BUDGET, choose_easy, choose_normal

__all__ = ["COMPUTER_DELAY", "HARD_WORK_BUDGET", "WORK_BUDGET", "choose"]

# Seconds the table flow waits before each computer action: a turn is two to four moves and a
# confirmation, so a short pause keeps it followable without dragging.
COMPUTER_DELAY = 0.6

# ``hard`` (``engines.levels``): the turn search as above, then the best few end positions are
# weighed by the next player's reply, averaged over the 21 rolls (the same units of work).
HARD_WORK_BUDGET = 5000


def choose(view: dict[str, Any], legal: list[str], seed: int, budget: Budget | None = None, level: str = NORMAL) -> str:
    if level == HARD:
        return choose_hard(view, legal, seed, budget if budget is not None else Budget(HARD_WORK_BUDGET))
    if level == EASY:
        return choose_easy(view, legal, seed, budget if budget is not None else Budget(WORK_BUDGET))
    return choose_normal(view, legal, seed, budget if budget is not None else Budget(WORK_BUDGET))

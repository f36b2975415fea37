"""How Ruck!'s computer player as the table loads it (``table.registry``): the pace, the work
budgets and ``choose``, which hands the decision to the player of the level asked for. The normal
player (``engines.howruck_normal``, with ``easy``) judges one move ahead; the hard player
(``engines.howruck_hard``) plays the normal player's best moves out in sampled worlds.
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.howruck_hard import choose_hard
from engines.howruck_normal import WORK_BUDGET, choose_easy, choose_normal
from engines.levels import EASY, HARD, NORMAL

__all__ = ["COMPUTER_DELAY", "HARD_WORK_BUDGET", "WORK_BUDGET", "choose"]

# Seconds the table flow lets the computer wait before each action (``table.spec``). In the
# race that is its pace per pair: about what a person needs to read two cards and click, so a quick
# player can beat it and a slow one will not.
COMPUTER_DELAY = 2.5
HARD_WORK_BUDGET = 850  # ``hard``: moves played in sampled worlds per decision (``engines.howruck_hard``)
# (issue 40: play-outs read the world directly, some 118 instead of 145 microseconds a move here,
# so 850 moves cost what 700 did)


def choose(view: dict[str, Any], legal: list[str], seed: int, budget: Budget | None = None, level: str = NORMAL) -> str:
    # Forming the teams is a race decided by speed, not by search: hard forms as normal does.
    if level == HARD and view["phase"] != "forming" and len(legal) > 1:
        return choose_hard(view, legal, seed, budget or Budget(HARD_WORK_BUDGET))
    if level == EASY:
        return choose_easy(view, legal, seed, budget or Budget(WORK_BUDGET))
    return choose_normal(view, legal, seed, budget or Budget(WORK_BUDGET))

"""The Duvelen computer player as the table loads it (``table.registry``): the pace, the work
budgets and ``choose``, which hands the decision to the player of the level asked for. The normal
player (``engines.duvelen_normal``, with ``easy``) plays what fits, most valuable first; the hard
player (``engines.duvelen_hard``) plays its candidates out in sampled worlds.
The bot decides *when* to act; these modules only pick *what*.
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.duvelen_hard import choose_hard
from engines.duvelen_normal import WORK_BUDGET, choose_easy, choose_normal
from engines.levels import EASY, HARD, NORMAL

__all__ = ["COMPUTER_DELAY", "HARD_WORK_BUDGET", "WORK_BUDGET", "choose", "hard_work"]

# Seconds between a computer player's actions before the bot's speed factor: quick enough to feel
# like a live speed game, slow enough that a person still gets to the spots first now and then.
COMPUTER_DELAY = 1.5
# ``hard``: moves played in sampled worlds per decision (``engines.duvelen_hard``, on its lean copy
# of the rules, about 6 us a move): decision p99 about 40 ms at two players on the loaded machine.
HARD_WORK_BUDGET = 4000
HARD_FULL_TABLE = 4  # up to this many players; a move costs more at a fuller table, so the budget shrinks


def hard_work(players: int) -> int:
    """The hard work budget at this table: 4000 moves up to four players, 2000 at eight (a move
    there costs about twice as much)."""
    return HARD_WORK_BUDGET * HARD_FULL_TABLE // max(HARD_FULL_TABLE, players)


def choose(view: dict[str, Any], legal: list[str], seed: int, budget: Budget | None = None, level: str = NORMAL) -> str:
    if level == HARD:
        return choose_hard(view, legal, seed, budget or Budget(hard_work(view["players"])))
    if level == EASY:
        return choose_easy(view, legal, seed, budget or Budget(WORK_BUDGET))
    return choose_normal(view, legal, seed, budget or Budget(WORK_BUDGET))

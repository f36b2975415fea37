"""Trackgammon's turn search within its work budget: a plain roll is searched whole; the bushiest
doubles hit the budget, stay within it and still play a legal, repeatable move that a whole search
rates about as well."""

from __future__ import annotations

from engines import trackgammon_ai as ai
from engines.budget import Budget
from engines.trackgammon import ENGINE
from tests.engines.test_trackgammon import position

# Four players, seat 3 to move with double fours and all its discs out (from a computer game):
# about 3,100 units of work for the whole search, twice the budget.
BUSHY = {
    0: dict(zip(range(1, 6), [10, 7, 7, 1, 1], strict=True)),
    1: dict(zip(range(1, 6), [5, 6, 4, 3, 7], strict=True)),
    2: dict(zip(range(1, 6), [11, 8, 4, 10, 9], strict=True)),
    3: dict(zip(range(1, 6), [19, 10, 7, 4, 5], strict=True)),
}


def decide(state, budget: Budget, seed: int = 1) -> str:
    view, legal = ENGINE.view(state, state.turn), ENGINE.legal_actions(state, state.turn)
    return ai.choose(view, legal, seed, budget)


def whole_search(state) -> dict:
    view = ENGINE.view(state, state.turn)
    pos = tuple(point for row in view["discs"] for point in row)
    return ai.turn_ends(pos, 4, state.turn, tuple(sorted(view["remaining"])), Budget(10**9, seconds=None))


def test_a_bushy_double_hits_the_budget_and_still_plays_well():
    state = position(BUSHY, players=4, turn=3, dice=(4, 4))
    budget = Budget(ai.WORK_BUDGET, seconds=None)
    action = decide(state, budget)
    assert budget.bound and not budget.timed_out
    assert budget.spent <= ai.WORK_BUDGET + 2
    assert action in ENGINE.legal_actions(state, 3)
    assert decide(state, Budget(ai.WORK_BUDGET, seconds=None)) == action  # the same every time
    # Without a budget the search finds every end; the move chosen within it starts a plan that
    # ends within a few points of the best.
    ends = whole_search(state)
    best = max(score for score, _plan in ends.values())
    reachable = [score for score, plan in ends.values() if plan and plan[0] == action]
    unlimited = Budget(10**9, seconds=None)
    decide(state, unlimited)
    assert not unlimited.bound and unlimited.spent > ai.WORK_BUDGET
    assert max(reachable) == best  # here the budget costs nothing at all


def test_a_plain_roll_in_the_same_position_is_searched_whole():
    state = position(BUSHY, players=4, turn=3, dice=(4, 3))
    budget = Budget(ai.WORK_BUDGET, seconds=None)
    action = decide(state, budget)
    assert not budget.bound and budget.spent < ai.WORK_BUDGET / 10
    assert action in ENGINE.legal_actions(state, 3)


def test_a_tiny_budget_still_plays_a_legal_move():
    state = position(BUSHY, players=4, turn=3, dice=(4, 4))
    for work in (0, 1, 30, 300):
        budget = Budget(work, seconds=None)
        assert decide(state, budget) in ENGINE.legal_actions(state, 3)
        assert budget.bound

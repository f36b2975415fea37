"""The ``hard`` computer player for Das glorreiche Manöver (``engines.levels``): the normal player's
best plans of this turn (``engines.manoever_normal``), one per first move, each played on turn after
turn with every seat playing its own normal plan, one turn deeper per round while the work lasts.
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.manoever_normal import (
    BEAM_WIDTH,
    WORK_BUDGET,
    Board,
    board_from_view,
    evaluate,
    first_action,
    game_over,
    plan_turn,
    play,
)

HARD_CANDIDATES = 8
# The play-out turns are the normal player's own plans: with a narrower beam (2) hard used a fifth
# of its budget and won only 45% [33.1, 57.5] of 60 games against the Monte Carlo yardstick.
PLAYOUT_WIDTH = BEAM_WIDTH
PLAYOUT_TURN_WORK = 1000  # a play-out turn stops planning here (the beam normally ends it first)


def choose_hard(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """The first move of the candidate turn whose play-out ends best for the seat."""
    board = board_from_view(view)
    plans: dict[tuple[int, int], tuple[float, list[tuple[int, int]], Board]] = {}
    # The turn's own plans get what the normal player has; the rest plays them on.
    own = Budget(min(WORK_BUDGET, budget.work), seconds=None)
    plan = plan_turn(board, own, plans)
    budget.charge(own.spent)
    return first_action(board, _look_ahead(board, plan, plans, budget), legal)


def _look_ahead(
    board: Board,
    plan: list[tuple[int, int]],
    plans: dict[tuple[int, int], tuple[float, list[tuple[int, int]], Board]],
    budget: Budget,
) -> list[tuple[int, int]]:
    """The best ``HARD_CANDIDATES`` turns (one per first move), each played on by iterative
    deepening: every round plays one more turn after every candidate (the next seats in turn order,
    each its ``PLAYOUT_WIDTH`` plan by its own evaluation) and scores all of them at the same depth.
    The open board has no luck left after the opening, so the play-outs are deterministic and a
    deeper round only extends the one before. The last round finished decides; a candidate whose
    play-out reached the end of the game keeps its final score."""
    ranked = sorted(plans.values(), key=lambda item: (-item[0], item[1]))[:HARD_CANDIDATES]
    if len(ranked) < 2:
        return plan
    nodes = [end for _score, _plan, end in ranked]
    values = [_score_for(board.me, end) for end in nodes]
    seat = board.me
    while not all(game_over(node) for node in nodes):
        seat = (seat + 1) % board.players
        deeper: list[Board] = []
        for node in nodes:
            if budget.left() <= 0 or budget.out_of_time():
                budget.bound = not budget.timed_out
                return _best_plan(ranked, values)
            after, whole = _play_turn(node, seat, budget)
            if not whole:  # the work ran out within this turn: the round is not finished
                budget.bound = True
                return _best_plan(ranked, values)
            deeper.append(after)
        nodes = deeper
        values = [_score_for(board.me, node) for node in nodes]
    return _best_plan(ranked, values)


def _best_plan(ranked: list[tuple[float, list[tuple[int, int]], Board]], values: list[float]) -> list[tuple[int, int]]:
    """The candidate with the best value; ties go to the one the turn's own plan ranked higher."""
    best = max(range(len(ranked)), key=lambda i: (values[i], -i))
    return ranked[best][1]


def _play_turn(node: Board, seat: int, budget: Budget) -> tuple[Board, bool]:
    """``node`` after ``seat`` has played its ``PLAYOUT_WIDTH`` plan (nothing once the game is over),
    and whether the plan was whole rather than cut short by what was left of ``budget``."""
    if game_over(node):
        return node, True
    theirs = Board(node.players, seat, node.stacks, node.bonus, node.rewards, node.arrived, node.taken, frozenset())
    left = budget.left()
    turn_budget = Budget(min(PLAYOUT_TURN_WORK, left), seconds=None)
    for field, distance in plan_turn(theirs, turn_budget, width=PLAYOUT_WIDTH):
        theirs = play(theirs, field, distance)
    budget.charge(turn_budget.spent)
    return theirs, not (turn_budget.bound and left < PLAYOUT_TURN_WORK)


def _score_for(me: int, node: Board) -> float:
    return evaluate(
        Board(node.players, me, node.stacks, node.bonus, node.rewards, node.arrived, node.taken, frozenset())
    )

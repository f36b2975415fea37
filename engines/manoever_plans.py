"""Whole Manöver turns to offer a person as one button each (``Extras.PLANS``, issue 47).

A turn moves every free recruit, each by its own choice, so played move by move it costs a click
(or a recruit, then a select menu) per recruit. The normal computer player already plans whole
turns (``engines.manoever_normal.plan_turn``: a beam search keeping the best whole turn per first
move); the few best of those plans are offered as they are, the one the normal player would play
first. Each is one action: its moves joined by ``,`` (``engines.manoever``), which the engine
checks and plays move by move, so a plan can do nothing a person could not do by hand. Asked in
the middle of a turn, the plans are for the rest of it; with one recruit left, they are its few
most promising moves ("its usual move" before the 80 in a select menu).

Pure and deterministic (work-bounded, no clock): the same view always offers the same plans, so
Discord's buttons and the web page's list agree and a stale button is refused by the version.
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.manoever import COURTYARD, PLAN_JOIN
from engines.manoever_normal import WORK_BUDGET, Board, board_from_view, game_over, pending, plan_turn, play

PLANS_OFFERED = 3  # buttons: they share the controls' rows with the recruits and Take back


def offered_plans(view: dict[str, Any], limit: int = PLANS_OFFERED) -> list[list[str]]:
    """Up to ``limit`` different plans for the rest of the turn, best first, as lists of actions:
    the turn the normal player would play, then the best turns found that start otherwise."""
    if view.get("mover") is None or not view.get("pending"):
        return []
    board = board_from_view(view)
    by_first: dict[tuple[int, int], tuple[float, list[tuple[int, int]], Board]] = {}
    best = plan_turn(board, Budget(WORK_BUDGET, seconds=None), by_first)
    if not best:
        return []
    offered = [as_played(board, best)]
    for _score, plan, _end in sorted(by_first.values(), key=lambda item: (-item[0], item[1])):
        actions = as_actions(board, plan)
        if len(offered) < limit and actions[0] != offered[0][0] and actions not in offered:
            offered.append(actions)
    return offered


def as_played(board: Board, plan: list[tuple[int, int]]) -> list[str]:
    """The plan's moves as the normal player plays them: it plans again after every move (the
    board it then sees can show a better rest of the turn than the first plan's), so the turn it
    offers is the turn it would play, move for move."""
    actions = []
    while plan:
        field, distance = plan[0]
        actions.append(f"{board.stacks[field][-1][1]}-{distance}")
        board = play(board, field, distance)
        if game_over(board) or not pending(board):
            break
        plan = plan_turn(board, Budget(WORK_BUDGET, seconds=None))
    return actions


def as_actions(board: Board, plan: list[tuple[int, int]]) -> list[str]:
    """A plan's (field, distance) moves as the engine's ``recruit-distance`` actions."""
    actions = []
    for field, distance in plan:
        actions.append(f"{board.stacks[field][-1][1]}-{distance}")
        board = play(board, field, distance)
    return actions


def plan_moves(view: dict[str, Any], action: str) -> list[tuple[int, int, int]] | None:
    """What a plan does, move by move: (recruit, from field, to field) with the courtyard as
    ``COURTYARD``; None if a step is not a move of a free recruit of the mover there and then."""
    board = board_from_view(view)
    moves = []
    for step in action.split(PLAN_JOIN):
        recruit, _, distance = step.partition("-")
        if not (recruit.isdigit() and distance.isdigit()):
            return None
        field = next((f for f in pending(board) if board.stacks[f][-1][1] == int(recruit)), None)
        if field is None:
            return None
        moves.append((int(recruit), field, min(field + int(distance), COURTYARD)))
        board = play(board, field, int(distance))
    return moves


def turn_plans(view: dict[str, Any], legal: list[str]) -> list[str]:
    """The offered plans as actions (``table.spec.PlanOfferer``), only those whose first move is legal."""
    return [PLAN_JOIN.join(actions) for actions in offered_plans(view) if actions[0] in legal]

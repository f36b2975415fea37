"""The ``normal`` computer player for Das glorreiche Manöver (and ``easy``, its plans with mistakes;
its plans are also the hard player's play-out turns, ``engines.manoever_hard``).

A turn is several moves whose order matters (ranks change as recruits jump, a recruit that leaves a
stack uncovers the one below), so the player plans the whole turn: a beam search over its own
moves this turn, each recruit trying a handful of promising distances (the furthest, landings on
stacks, bonus and reward fields, the shortest, the field just behind a group), and an evaluation of
the position the turn leaves. It returns the first move of the best plan; asked again after that
move, it plans again from the new view, so it never needs memory between calls.

The evaluation weighs, for every seat, how far each recruit has come plus part of how far it could
go next (rank × passenger × bonus, capped at the courtyard), arrivals by their place, and reward
stones; a recruit held under another seat's recruit cannot move next turn and gets no reach. The
seat's own total minus the opponents' average is the score, so covering an opponent or jumping
just past one (which raises its rank) both count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.budget import Budget
from engines.levels import human_pick
from engines.manoever import (
    COURTYARD,
    FIRST_PLACE,
    TOTAL_RECRUITS,
    Stacks,
    legal_distances,
    move_recruit,
    rank_in,
)
from engines.rng import Rng

BEAM_WIDTH = 8
# Boards played and scored per decision (``engines.budget``). The beam already bounds the search:
# the most seen over 30 games of 2-4 players is about 850 (about 20 ms of CPU on the reference
# machine, some 20 microseconds a unit), so this never binds in play and only guards against a
# position nobody has met yet, at about 100 ms.
WORK_BUDGET = 5000
REACH_WEIGHT = 1.0
HOME_VALUE = 92.0
PLACE_WEIGHT = 4.0
REWARD_WEIGHT = 4.0
DECIDED = 10_000.0
# ``easy``: a first move whose best plan scores up to this much below the best may be played.
EASY_MARGIN = 12.0


@dataclass(frozen=True)
class Board:
    """The part of a view the planner needs, in the engine's own shapes."""

    players: int
    me: int
    stacks: Stacks
    bonus: dict[int, int]
    rewards: dict[int, int]
    arrived: tuple[int, ...]  # seat of each arrival, in order
    taken: tuple[int, ...]  # reward points per seat
    moved: frozenset[int]


# What makes two boards the same position for the planner (``board_key``).
BoardKey = tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], frozenset[int], tuple[int, ...]]


def board_from_view(view: dict[str, Any]) -> Board:
    return Board(
        players=view["players"],
        me=view["mover"],
        stacks={
            entry["field"]: tuple((r["seat"], r["recruit"]) for r in entry["recruits"]) for entry in view["stacks"]
        },
        bonus={entry["field"]: entry["factor"] for entry in view["bonus"]},
        rewards={entry["field"]: entry["value"] for entry in view["rewards"]},
        arrived=tuple(entry["seat"] for entry in view["courtyard"]),
        taken=tuple(sum(values) for values in view["rewards_taken"]),
        moved=frozenset(view["moved"]),
    )


def pending(board: Board) -> list[int]:
    return [
        field
        for field in sorted(board.stacks)
        if board.stacks[field][-1][0] == board.me
        and board.stacks[field][-1][1] not in board.moved
        and legal_distances(board.stacks, board.bonus, field)
    ]


def candidate_distances(board: Board, field: int) -> list[int]:
    """A few distances worth trying instead of all of them (there can be more than 80)."""
    distances = legal_distances(board.stacks, board.bonus, field)
    picks = {distances[0], distances[-1]}
    behind_group = None
    for d in distances:
        target = field + d
        if target in board.stacks or target in board.bonus or target in board.rewards:
            picks.add(d)
        if target + 1 in board.stacks and target not in board.stacks:
            behind_group = d
    if behind_group is not None:
        picks.add(behind_group)
    return sorted(picks)


def play(board: Board, field: int, distance: int) -> Board:
    stacks, recruit, arrived = move_recruit(board.stacks, field, distance)
    rewards, taken = board.rewards, board.taken
    target = field + distance
    if not arrived and target in rewards:
        value = rewards[target]
        rewards = {f: v for f, v in rewards.items() if f != target}
        taken = tuple(t + value if s == board.me else t for s, t in enumerate(taken))
    return Board(
        players=board.players,
        me=board.me,
        stacks=stacks,
        bonus=board.bonus,
        rewards=rewards,
        arrived=(*board.arrived, recruit[0]) if arrived else board.arrived,
        taken=taken,
        moved=board.moved | {recruit[1]},
    )


def final_points(board: Board) -> list[int]:
    """Points once the 11th recruit is home: the last one on the route takes place 1."""
    points = list(board.taken)
    for index, seat in enumerate(board.arrived):
        points[seat] += FIRST_PLACE - index
    for stack in board.stacks.values():
        for seat, _number in stack:
            points[seat] += 1
    return points


def game_over(board: Board) -> bool:
    return len(board.arrived) >= TOTAL_RECRUITS - 1


def evaluate(board: Board) -> float:
    if game_over(board):
        points = final_points(board)
        best_other = max(p for s, p in enumerate(points) if s != board.me)
        mine: float = points[board.me]
        return (DECIDED if mine > best_other else -DECIDED) + mine - best_other
    values = [REWARD_WEIGHT * t for t in board.taken]
    for index, seat in enumerate(board.arrived):
        values[seat] += HOME_VALUE + PLACE_WEIGHT * (FIRST_PLACE - index)
    occupied = sorted(board.stacks)
    for field in occupied:
        stack = board.stacks[field]
        base = rank_in(occupied, field) * board.bonus.get(field, 1)
        room = COURTYARD - field
        top_seat = stack[-1][0]
        for height, (seat, _number) in enumerate(stack):
            reach: float = min(base * (height + 1), room)
            if height < len(stack) - 1 and top_seat != seat:
                # Held under someone else's recruit, it cannot move on its next turn; under its own
                # seat's recruit it moves right after that one leaves.
                reach = 0.0
            values[seat] += field + REACH_WEIGHT * reach
    mine = values[board.me]
    others = [v for s, v in enumerate(values) if s != board.me]
    return mine - sum(others) / len(others)


def board_key(board: Board) -> BoardKey:
    return tuple(sorted(board.stacks.items())), board.moved, board.arrived


def plan_turn(
    board: Board,
    budget: Budget | None = None,
    plans: dict[tuple[int, int], tuple[float, list[tuple[int, int]], Board]] | None = None,
    width: int = BEAM_WIDTH,
) -> list[tuple[int, int]]:
    """The best order and distances found for this turn's remaining moves, as (field, distance).

    One unit of work is one board played and scored. When the budget is spent (or the safety
    stop fires) the best plan scored so far is taken: a whole turn if one was finished, else the
    start of the best partial plan in the beam."""
    budget = budget if budget is not None else Budget(WORK_BUDGET)
    beam: list[tuple[float, list[tuple[int, int]], Board]] = [(evaluate(board), [], board)]
    best: tuple[float, list[tuple[int, int]]] | None = None
    while beam:
        children: dict[BoardKey, tuple[float, list[tuple[int, int]], Board]] = {}
        for _score, plan, node in beam:
            fields = [] if game_over(node) else pending(node)
            if not fields:
                score = evaluate(node)
                if best is None or score > best[0]:
                    best = (score, plan)
                if plans is not None and plan and (plan[0] not in plans or score > plans[plan[0]][0]):
                    plans[plan[0]] = (score, plan, node)  # the best whole turn found per first move
                continue
            for field in fields:
                for distance in candidate_distances(node, field):
                    if budget.left() <= 0 or budget.out_of_time():
                        budget.bound = not budget.timed_out
                        return best[1] if best else beam[0][1]
                    budget.charge()
                    child = play(node, field, distance)
                    key = board_key(child)
                    if key not in children:
                        children[key] = (evaluate(child), [*plan, (field, distance)], child)
        ranked = sorted(children.values(), key=lambda item: (-item[0], item[1]))
        beam = ranked[:width]
    return best[1] if best else []


def choose_normal(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """The next move of the best planned turn (deterministic: ties go to the lexically first plan)."""
    board = board_from_view(view)
    return first_action(board, plan_turn(board, budget), legal)


def choose_easy(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """The first move of a turn whose best plan scores within ``EASY_MARGIN`` of the best."""
    board = board_from_view(view)
    plans: dict[tuple[int, int], tuple[float, list[tuple[int, int]], Board]] = {}
    plan = plan_turn(board, budget, plans)
    if plans:
        first = human_pick(
            [(score, f"{f}-{d}") for (f, d), (score, _p, _b) in sorted(plans.items())],
            Rng(seed),
            margin=EASY_MARGIN,
        )
        field, distance = (int(x) for x in first.split("-"))
        plan = plans[(field, distance)][1]
    return first_action(board, plan, legal)


def first_action(board: Board, plan: list[tuple[int, int]], legal: list[str]) -> str:
    """The action that plays the plan's first move, or the last legal action without one."""
    if plan:
        field, distance = plan[0]
        action = f"{board.stacks[field][-1][1]}-{distance}"
        if action in legal:
            return action
    return legal[-1]

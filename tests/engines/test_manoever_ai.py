"""The computer player of Das glorreiche Manöver: legal, deterministic, view-only, and strong."""

from __future__ import annotations

import json

import pytest

from engines.manoever import ENGINE
from engines.manoever_ai import choose
from engines.rng import Rng
from tests.engines.test_manoever import make


def random_policy(view: dict, legal: list[str], seed: int) -> str:
    return legal[Rng(seed).below(len(legal))]


def furthest_policy(view: dict, legal: list[str], seed: int) -> str:
    """A simple greedy baseline: always the longest move of the first recruit that can make it."""
    return max(legal, key=lambda a: (int(a.split("-")[1]), -int(a.split("-")[0])))


def play_game(policies, seed: int):
    state = ENGINE.new_game(len(policies), seed)[0]
    step = 0
    while ENGINE.outcome(state) is None:
        seat = state.seat
        legal = ENGINE.legal_actions(state, seat)
        action = policies[seat](ENGINE.view(state, seat), legal, seed * 1000 + step)
        assert action in legal
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    return ENGINE.outcome(state)


def ai_results(opponent, games_per_count: dict[int, int]) -> tuple[int, int, float]:
    wins = games = 0
    margin = 0.0
    for players, count in games_per_count.items():
        for game in range(count):
            ai_seat = game % players
            policies = [opponent] * players
            policies[ai_seat] = choose
            out = play_game(policies, 100 + game)
            wins += out.placements[ai_seat] == 1
            margin += out.scores[ai_seat] - max(s for i, s in enumerate(out.scores) if i != ai_seat)
            games += 1
    return wins, games, margin / games


@pytest.mark.slow
def test_ai_beats_random_players_clearly():
    wins, games, margin = ai_results(random_policy, {2: 16, 3: 12, 4: 12})
    # A random player wins 1 in 2..4 games; the planner should win nearly all of them.
    assert games == 40 and wins >= 36, (wins, games)
    assert margin > 5


@pytest.mark.slow
def test_ai_beats_the_always_furthest_baseline():
    wins, games, margin = ai_results(furthest_policy, {2: 12, 3: 6})
    assert wins >= 14, (wins, games)
    assert margin > 0


def test_ai_is_deterministic_and_uses_only_the_view():
    state = ENGINE.new_game(3, 8)[0]
    for _ in range(30):
        seat = state.seat
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        action = choose(view, legal, 5)
        assert choose(json.loads(json.dumps(view)), list(legal), 5) == action
        assert action in legal
        state, _ = ENGINE.apply(state, seat, action)


def test_ai_plans_the_order_of_its_moves():
    # Nobody reaches the reward stone (3) on 67 yet: recruit 1 on 62 has rank 4, recruit 6 on 50
    # may go 15 of the 17 it needs. A move onto an empty field ahead of them (recruit 2 leaving the
    # stack on 70, say) raises their rank first; then one of them can take the stone.
    bonus = {11: 3, 12: 3, 13: 3, 14: 3, 15: 2, 16: 2, 17: 2, 18: 2, 19: 2, 20: 2}
    spec = {30: "B5 B6", 50: "A4 A5 A6", 62: "A1", 70: "A3 A2", 75: "B1", 80: "B2 B3 B4"}
    state = make(spec, bonus=bonus, rewards={67: 3, 21: 1, 22: 2})
    assert "1-5" not in ENGINE.legal_actions(state, 0) and "6-17" not in ENGINE.legal_actions(state, 0)
    while state.seat == 0:
        action = choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), 1)
        state, _ = ENGINE.apply(state, 0, action)
    assert state.taken[0] == (3,)


def test_ai_finishes_a_turn_with_uncovered_recruits():
    spec = {10: "A1 A2 A3", 20: "A4 A5 A6", 30: "B1 B2 B3", 40: "B4 B5 B6"}
    state = make(spec)
    moves = 0
    while state.seat == 0:
        state, _ = ENGINE.apply(state, 0, choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), 0))
        moves += 1
    assert moves == 6, "each uncovered recruit had to move too"


def test_table_game_with_one_person_and_computer_players():
    """What the bot does: store, reload, render and label every step; seat 0 is a person who
    pages through recruit groups and picks targets, the others are computer players."""
    from render.manoever import action_group, action_label, render_board

    state = ENGINE.new_game(3, 21)[0]
    names = ["Ada", "Computer 1", "Computer 2"]
    step = 0
    while ENGINE.outcome(state) is None:
        stored = json.loads(json.dumps(ENGINE.dump(state)))
        state = ENGINE.load(stored)
        seat = state.seat
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_actions(state, seat)
        if seat == 0:
            groups: dict[str, list[str]] = {}
            for action in legal:
                groups.setdefault(action_group(view, action), []).append(action)
            labels = [action_label(view, a) for a in legal]
            assert len(set(labels)) == len(labels) and all(len(label) <= 80 for label in labels)  # Discord: 80
            first_group = sorted(groups)[step % len(groups)]
            action = groups[first_group][-1]
        else:
            action = choose(view, legal, step)
        if step % 40 == 0:
            assert render_board(ENGINE.view(state, None), names=names).startswith(b"\x89PNG")
        state, events = ENGINE.apply(state, seat, action)
        assert all(isinstance(e["type"], str) for e in events)
        step += 1
    out = ENGINE.outcome(state)
    assert sorted(out.placements) in ([1, 2, 3], [1, 1, 3], [1, 2, 2])
    assert render_board(ENGINE.view(state, 0), names=names).startswith(b"\x89PNG")


def _endgame_views(seed: int, arrived: int):
    """Views of the seat to move once ``arrived`` recruits are home, in a game of normal players."""
    state = ENGINE.new_game(2, seed)[0]
    step = 0
    while ENGINE.outcome(state) is None:
        view = ENGINE.view(state, state.seat)
        legal = ENGINE.legal_actions(state, state.seat)
        if len(view["courtyard"]) >= arrived and len(legal) > 1:
            yield view, legal
        state, _ = ENGINE.apply(state, state.seat, choose(view, legal, step))
        step += 1


@pytest.mark.slow  # among the quick tier's slowest (10–50 s on a busy machine, issue 46): the full run has it
def test_hard_plays_its_candidates_out_to_the_end_of_the_game_near_it():
    from engines.budget import Budget
    from engines.manoever_ai import HARD_WORK_BUDGET

    checked = 0
    for seed in (1, 2, 3):
        for view, legal in _endgame_views(seed, arrived=7):
            budget = Budget(HARD_WORK_BUDGET, seconds=None)
            move = choose(view, legal, 5, budget, "hard")
            assert move in legal and not budget.bound  # every play-out reached the end within the work
            assert budget.spent <= HARD_WORK_BUDGET
            checked += 1
    assert checked >= 10


@pytest.mark.slow  # among the quick tier's slowest (10–50 s on a busy machine, issue 46): the full run has it
def test_hard_never_spends_more_than_its_budget_and_repeats_its_move():
    from engines.budget import Budget

    for view, legal in list(_endgame_views(4, arrived=0))[:60:6]:
        for work in (50, 900, 2500):
            budget = Budget(work, seconds=None)
            move = choose(view, legal, 3, budget, "hard")
            assert budget.spent <= work
            assert choose(view, legal, 3, Budget(work, seconds=None), "hard") == move

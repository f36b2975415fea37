"""Whole Manöver turns on one button (issue 47): the plans offered, the one action that plays
them, their labels, and what they save in clicks."""

from __future__ import annotations

import statistics

import pytest

from bench.turn_clicks import played, turn_cost, turns_of
from engines.errors import IllegalAction
from engines.manoever import ENGINE
from engines.manoever_ai import choose
from engines.manoever_plans import offered_plans, turn_plans
from render.manoever import action_label
from table.spec import load_spec, plan_steps


def position(seed: int = 5, players: int = 2):
    state, _events = ENGINE.new_game(players, seed)
    (seat,) = ENGINE.to_move(state)
    return state, seat


def test_a_plan_is_its_moves_played_one_by_one():
    state, seat = position()
    plans = turn_plans(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
    assert 2 <= len(plans) <= 3 and all("," in plan for plan in plans[:2])
    for plan in plans:
        whole, whole_events = ENGINE.apply(state, seat, plan)
        step_by_step, events = state, []
        for step in plan_steps(plan):
            step_by_step, more = ENGINE.apply(step_by_step, seat, step)
            events += more
        assert ENGINE.dump(whole) == {**ENGINE.dump(step_by_step), "last": events}
        assert whole_events == events
        assert seat not in ENGINE.to_move(whole), "a plan is the whole rest of the turn"


def test_the_first_plan_is_the_turn_the_normal_player_plays():
    for seed in (5, 11):
        state, seat = position(seed)
        first = offered_plans(ENGINE.view(state, seat))[0]
        played_moves = []
        while seat in ENGINE.to_move(state):
            action = choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), seed)
            played_moves.append(action)
            state, _events = ENGINE.apply(state, seat, action)
        assert first == played_moves


def test_a_refused_move_refuses_the_whole_plan_with_its_reason():
    state, seat = position()
    legal = ENGINE.legal_actions(state, seat)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, seat, f"{legal[0]},{legal[0]}")  # the same recruit twice
    assert refused.value.code == "moved"
    plan = turn_plans(ENGINE.view(state, seat), legal)[0]
    with pytest.raises(IllegalAction) as too_long:
        ENGINE.apply(state, seat, f"{plan},1-1")
    assert too_long.value.code == "plan-too-long"
    assert ENGINE.legal_actions(state, seat) == legal, "nothing was played"


def test_a_plan_names_every_move_in_both_languages():
    state, seat = position()
    view = ENGINE.view(state, seat)
    plan = turn_plans(view, ENGINE.legal_actions(state, seat))[0]
    for locale, word in (("en", "All: "), ("nl", "Alles: ")):
        label = action_label(view, plan, locale=locale)
        assert label.startswith(word) and len(label) <= 80
        for step in plan_steps(plan):
            assert f"{step.split('-')[0]}: " in label
    assert action_label(view, "9-1,1-1") == "9-1,1-1", "a plan that is no plan is shown as typed"


def test_a_two_player_turn_takes_at_most_four_clicks_as_a_rule_and_never_more_than_ten():
    """The issue's yardstick on a small sample: physical clicks per turn with the normal computer
    choosing ("My hand / play", then the controls); it was 6 / 11 / 17 without whole turns."""
    spec = load_spec("manoever")
    clicks = []
    for seed in (100_003, 100_004, 100_005):
        clicks += [1 + turn_cost(spec, turn)[1] for turn in turns_of(played(spec, 2, seed)) if not turn[0].live]
    assert statistics.median(clicks) <= 4
    assert max(clicks) <= 10

"""``Engine.scores_now``: each game's score as it stands mid-game (recorded when a game ends by
resignations), in the units of its outcome's scores."""

from __future__ import annotations

from collections import deque

import pytest

from engines import duvelen, hindmost, howruck, manoever, trackgammon
from engines.base import Engine
from tests import nim
from tests.engines.playout import random_steps


def play(engine: Engine, players: int, seed: int, steps: int, options=None):
    """``steps`` random legal actions from a new game (stops early at the end)."""
    last = deque(random_steps(engine, players, seed, steps, options), maxlen=1)
    return last[0][2] if last else engine.new_game(players, seed, engine.normalize_options(dict(options or {})))[0]


def test_default_is_zero_for_everyone():
    state = nim.ENGINE.new_game(3, 1, {})[0]
    assert nim.ENGINE.scores_now(state) == [0.0, 0.0, 0.0]


def test_hindmost_race_points_so_far():
    engine = hindmost.ENGINE
    seen_points = False
    for seed in range(6):
        state = play(engine, 3, seed, 400)
        now = engine.scores_now(state)
        assert now == [float(x) for x in engine._totals(state)]
        seen_points |= any(now)
    assert seen_points


def test_howruck_barrels_so_far():
    engine = howruck.ENGINE
    seen = False
    for seed in range(6):
        state = play(engine, 2, seed, 300, {"learning": True})
        now = engine.scores_now(state)
        assert now == [float(b) for b in state["barrels"]]
        seen |= any(now)
    assert seen


def test_manoever_points_so_far():
    engine = manoever.ENGINE
    seen = False
    for seed in range(6):
        state = play(engine, 3, seed, 60)
        now = engine.scores_now(state)
        assert now == [float(x) for x in manoever.scores_so_far(state)]
        seen |= any(now)
    assert seen


def test_duvelen_rounds_played_plus_the_running_round_as_it_stands():
    engine = duvelen.ENGINE
    state = engine.new_game(3, 4, engine.normalize_options({"rounds": 3}))[0]
    for step in range(60):  # eager players: a card when one fits, else turn
        seat = step % 3
        legal = engine.legal_actions(state, seat)
        plays = [a for a in legal if "." in a]
        state, _ = engine.apply(state, seat, plays[0] if plays else "turn")
    assert state.history == [] and any(row["plus1"] for row in duvelen.round_breakdown(state))
    running = duvelen.round_breakdown(state)
    expected = [float(t + running[s]["score"]) for s, t in enumerate(duvelen.totals(state))]
    assert engine.scores_now(state) == expected
    # The running round as the lull would end it: the same as ending the round now.
    ended, _ = engine.timeout(state)
    assert [float(x) for x in duvelen.totals(ended)] == expected


def test_trackgammon_leader_first_by_discs_home_then_distance():
    engine = trackgammon.ENGINE
    for seed in range(4):
        state = play(engine, 3, seed, 40)
        now = engine.scores_now(state)
        assert sorted(now) == [0.0, 1.0, 2.0] or len(set(now)) < 3  # ties share a place
        homes = [trackgammon.home_count(state.pos, s) for s in range(3)]
        leader = max(range(3), key=lambda s: now[s])
        assert homes[leader] == max(homes)


@pytest.mark.parametrize("engine", [hindmost.ENGINE, howruck.ENGINE, manoever.ENGINE])
def test_scores_now_at_the_start_is_zero(engine):
    players = 2 if engine is howruck.ENGINE else 3
    state = engine.new_game(players, 7, engine.normalize_options({}))[0]
    assert engine.scores_now(state) == [0.0] * players

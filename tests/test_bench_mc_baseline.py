"""bench/mc_baseline.py, issue 40's yardstick: it decides from the seat's view alone, deterministically
in work, and its Manöver world is the open board the view shows."""

from __future__ import annotations

import importlib

import pytest

from bench import mc_baseline
from engines.manoever import ENGINE as MANOEVER
from engines.rng import Rng, derive_seed
from engines.trackgammon import ENGINE as TRACKGAMMON
from table.registry import GAMES


def _position(key: str, steps: int) -> tuple[dict, list[str]]:
    """A two-player position ``steps`` normal moves into a game, as the seat to move sees it."""
    entry = next(e for e in GAMES if e.key == key)
    engine = importlib.import_module(entry.engine_module).ENGINE
    ai = importlib.import_module(entry.ai_module)
    state = engine.new_game(2, 11, engine.normalize_options({"mode": "relaxed"} if key == "duvelen" else {}))[0]
    step = 0
    while True:
        seat = sorted(engine.to_move(state))[0]
        legal, view = engine.legal_actions(state, seat), engine.view(state, seat)
        if step >= steps and len(legal) > 2 and mc_baseline.WORLDS[key](view, Rng(1)) is not None:
            return dict(view), legal
        state = engine.apply(state, seat, ai.choose(view, legal, derive_seed(11, step), None, "normal"))[0]
        step += 1


def test_the_manoever_world_is_the_board_the_view_shows():
    view, _legal = _position("manoever", 20)
    world = mc_baseline.manoever_world(view, Rng(3))
    again = MANOEVER.view(world, view["viewer"])
    for part in ("stacks", "bonus", "rewards", "courtyard", "rewards_taken", "moved", "pending", "mover", "scores"):
        assert again[part] == view[part]


@pytest.mark.parametrize("key", sorted(mc_baseline.WORK))
def test_the_same_view_and_seed_give_the_same_legal_move(key: str):
    view, legal = _position(key, 30)
    first = mc_baseline.choose(key, view, legal, 7, work=60)
    assert first in legal
    assert mc_baseline.choose(key, view, legal, 7, work=60) == first


def test_the_trackgammon_world_is_the_board_the_view_shows_with_dice_of_its_own():
    view, legal = _position("trackgammon", 25)
    world = mc_baseline.trackgammon_world(view, Rng(3))
    assert world is not None
    again = TRACKGAMMON.view(world, view["viewer"])
    for part in ("discs", "dice", "remaining", "choices", "turn", "turn_number", "moves"):
        assert again[part] == view[part]
    assert TRACKGAMMON.legal_actions(world, view["viewer"]) == legal
    other = mc_baseline.trackgammon_world(view, Rng(4))
    assert other is not None and world.rng != other.rng


def test_a_trackgammon_turn_start_taken_back_wrongly_gives_no_world():
    for steps in range(10, 200):
        view, _legal = _position("trackgammon", steps)
        if view["moves"]:
            break
    broken = {**view, "moves": [{**view["moves"][0], "from": view["moves"][0]["to"]}] + view["moves"][1:]}
    assert mc_baseline.trackgammon_world(broken, Rng(3)) is None


# Searched decisions per game for the yardstick's share test (each about 150 ms of CPU).
SEARCHED = 4


def _searched_decisions(key: str, count: int):
    """``mc_baseline.decide`` at every 11th position of two-player normal-against-normal games (a
    spread of positions, as issue 47 counted), for the first ``count`` the search ran on."""
    entry = next(e for e in GAMES if e.key == key)
    engine = importlib.import_module(entry.engine_module).ENGINE
    ai = importlib.import_module(entry.ai_module)
    options = engine.normalize_options({"mode": "relaxed"} if key == "duvelen" else {})
    found, game = [], 0
    while len(found) < count:
        state, step = engine.new_game(2, derive_seed(47, key, game), options)[0], 0
        game += 1
        while engine.outcome(state) is None and len(found) < count:
            seat = sorted(engine.to_move(state))[0]
            legal, view = engine.legal_actions(state, seat), engine.view(state, seat)
            seed = derive_seed(game, step, seat)
            if step % 11 == 3 and len(legal) > 1:
                decision = mc_baseline.decide(key, dict(view), legal, seed)
                if decision.totals is not None:
                    found.append(decision)
            state = engine.apply(state, seat, ai.choose(view, legal, seed, None, "normal"))[0]
            step += 1
    return found


def test_the_yardstick_searches_at_the_work_it_is_given():
    """Issue 47: every play-out ran to the end of the game and a round of candidates counted only
    when whole, so at its work the search mostly decided on nothing and the normal player's move
    was played (30 of 30 decisions in Trackgammon and Duvelen). Play-outs now stop at a horizon
    sized to the work: the search tells candidates apart in nearly every decision (before: 20 of
    30 such decisions, six a game, told none apart), and plays another move than the normal
    player's often (before: 27 of those 30 were the normal player's; after: 19, Duvelen's six among
    them, where the search prefers the normal player's move by a wide margin: turning a card over
    rather than stopping). Four decisions a game here, to keep the suite short."""
    decisions = [d for key in sorted(mc_baseline.WORK) for d in _searched_decisions(key, SEARCHED)]
    told_nothing = sum(d.by_default for d in decisions)
    normal = sum(d.action == d.normal for d in decisions)
    print(f"{len(decisions)} searched: {told_nothing} told no candidate apart, {normal} the normal player's move")
    assert told_nothing <= 0.1 * len(decisions)
    assert normal <= 3 / 4 * len(decisions)


def test_a_play_out_stops_at_a_horizon_that_lets_whole_rounds_fit_in_the_work():
    assert mc_baseline.horizon("trackgammon", 130, 8) == mc_baseline.MIN_HORIZON
    assert mc_baseline.horizon("hindmost", 1450, 5) == 1450 // (5 * mc_baseline.MIN_WORLDS)
    assert mc_baseline.horizon("manoever", 200, 8) == 25  # one world: the open board, no chance

"""A game's board keeps one height from its first move to its end (within ±5%), so a thread of
boards does not jump as it scrolls: a seeded game per game between the computer players (with
some random moves), every frame measured, in both languages with long names."""

from __future__ import annotations

import importlib
import statistics

import pytest

from engines.rng import Rng
from render.layout import picture_size
from tests.render.phone import LONG_NAMES

# Whole games drawn picture by picture: seconds, so in the slow tier (CONTRIBUTING).
pytestmark = pytest.mark.slow

TABLES = [
    ("hindmost", 3, {"riders": 3, "betting": True}),
    ("hindmost", 6, {"riders": 2}),
    ("trackgammon", 3, None),
    ("manoever", 2, None),
    ("manoever", 4, None),
    ("howruck", 2, None),
    ("duvelen", 4, {"rounds": 1, "mode": "live"}),
    ("duvelen", 8, {"rounds": 1, "mode": "relaxed"}),
]
MAX_STEPS = 1500


def board_heights(key: str, players: int, options: dict | None, seed: int = 5) -> list[int]:
    engine = importlib.import_module(f"engines.{key}").ENGINE
    choose = importlib.import_module(f"engines.{key}_ai").choose
    render = importlib.import_module(f"render.{key}").render_board
    rng = Rng(seed)
    state, _ = engine.new_game(players, seed, options) if options else engine.new_game(players, seed)
    heights = []
    for step in range(MAX_STEPS):
        view = engine.view(state, None)
        locale = ("en", "nl")[step % 2]
        heights.append(picture_size(render(view, names=LONG_NAMES[:players], locale=locale))[1])
        if engine.outcome(state) is not None:
            break
        movers = sorted(engine.to_move(state))
        if not movers:  # Duvelen live: nobody can act until the deadline
            state, _events = engine.timeout(state)
            continue
        seat = movers[rng.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        pick = rng.below(4) == 0
        action = legal[rng.below(len(legal))] if pick else choose(engine.view(state, seat), legal, step)
        state, _events = engine.apply(state, seat, action)
    return heights


@pytest.mark.parametrize(("key", "players", "options"), TABLES)
def test_a_games_board_keeps_one_height(key, players, options):
    heights = board_heights(key, players, options)
    assert len(heights) > 10
    middle = statistics.median(heights)
    assert all(abs(h - middle) <= 0.05 * middle for h in heights), (min(heights), max(heights), middle)

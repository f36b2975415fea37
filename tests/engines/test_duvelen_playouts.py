"""Duvelen: random playouts with the platform's invariants (every seat count, both modes, and an
eager player that plays a lot), and the game's declaration for the conformance check (``CHECKS``,
``tests/conformance.py``): nothing is private, but face-down cards are unknown to their owner too.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from engines.base import Engine
from engines.duvelen import ENGINE
from engines.rng import Rng
from render import cards as card_pictures
from render import duvelen as pictures
from render.common import BACKGROUND, INK, seat_colour
from tests.conformance import GameChecks, redeal_zones
from tests.engines.playout import random_playout
from tests.engines.test_duvelen import eager, leak_check


def redeal(engine: Engine[Any, Any], state: Any, viewer: int | None, rng: Rng) -> Any:
    """Every seat's face-down cards (its Stok below the open top, its Draaistok) dealt anew."""
    data = engine.dump(state)
    for seat in data["seats"]:
        face_down = [seat["stok"][:-1], seat["down"]]  # the Stok's top lies open
        redeal_zones(face_down, rng)
        seat["stok"] = face_down[0] + seat["stok"][-1:]
        seat["down"] = face_down[1]
    return engine.load(data)


CHECKS = GameChecks(
    text_counts=frozenset({"count", "own", "score", "points", "stok", "total"}),
    palette_named=(
        BACKGROUND,
        INK,
        pictures.PANEL_FILL,
        pictures.MIDDLE_FILL,
        pictures.STOP_FILL,
        *(seat_colour(seat) for seat in range(8)),
        *card_pictures.CARD_NAMED,
    ),
    redeal=redeal,
    option_sets=({"rounds": 1}, {"mode": "relaxed", "rounds": 1}),
    crash_seats=3,
    short_game={"rounds": 1},
    fuzz_options=lambda: st.fixed_dictionaries(
        {"rounds": st.integers(0, 2)},
        optional={
            "mode": st.sampled_from(["live", "relaxed", "wild"]),
            "quiet": st.integers(14, 601),
            "computer_speed": st.floats(0.2, 11),
        },
    ),
)


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["live", "relaxed"])
@pytest.mark.parametrize("players", range(2, 9))
def test_random_playouts(players, mode):
    for seed in range(6):
        random_playout(ENGINE, players, seed, {"mode": mode, "rounds": 2}, leak_check=leak_check)


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["live", "relaxed"])
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_eager_playouts(players, mode):
    for seed in range(2):
        _, log = random_playout(ENGINE, players, 100 + seed, {"mode": mode, "rounds": 1}, chooser=eager)
        assert sum(1 for _, a in log if "." in a) > players

"""Das glorreiche Manöver: random playouts with the platform's invariants, and the game's
declaration for the conformance check (``CHECKS``, ``tests/conformance.py``): nothing is hidden.
"""

from __future__ import annotations

import pytest

from engines.manoever import ENGINE
from render import manoever as pictures
from render.common import BACKGROUND, INK, WHITE, seat_colour
from tests.conformance import GameChecks
from tests.engines.playout import random_playout
from tests.engines.test_manoever import check_free_recruits_all_pending

CHECKS = GameChecks(
    text_counts=frozenset({"distance", "max", "onto", "points", "rerolls", "score"}),
    palette_named=(
        BACKGROUND,
        INK,
        WHITE,
        pictures.LIGHT_TEN,
        pictures.DARK_TEN,
        pictures.GOLD,
        *(seat_colour(seat) for seat in range(4)),
    ),
)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts(players):
    for seed in range(12):
        state, log = random_playout(ENGINE, players, seed, leak_check=check_free_recruits_all_pending)
        out = ENGINE.outcome(state)
        assert sorted(place for places in out.detail["places"] for place in places) == list(range(1, 13))
        taken = sum(sum(values) for values in out.detail["rewards"])
        assert sum(out.scores) == 78 + taken
        assert taken + sum(state.rewards.values()) == 6

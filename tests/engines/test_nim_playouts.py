"""Nim, the tests' toy game: random playouts with the platform's invariants, and its declaration
for the conformance check (``CHECKS``, ``tests/conformance.py``), as every game has one."""

from __future__ import annotations

import pytest

from tests.conformance import GameChecks
from tests.engines.playout import random_playout
from tests.nim import ENGINE

# Nothing is hidden; a short pile and a long one.
CHECKS = GameChecks(text_counts=frozenset({"n", "left"}), option_sets=({}, {"pile": 23}), short_game={"pile": 5})


@pytest.mark.parametrize("players", [2, 3])
def test_random_playouts(players):
    for seed in range(20):
        state, log = random_playout(ENGINE, players, seed, {"pile": 3 + seed})
        assert sum(int(action[4:]) for _seat, action in log) == 3 + seed
        assert ENGINE.outcome(state).placements.count(1) == 1

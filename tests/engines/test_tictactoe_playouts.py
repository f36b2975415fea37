"""Tic-tac-toe, the tests' short game: random playouts with the platform's invariants, and its
declaration for the conformance check (``CHECKS``, ``tests/conformance.py``)."""

from __future__ import annotations

from render.common import BACKGROUND, INK, seat_colour
from tests.conformance import GameChecks
from tests.engines.playout import random_playout
from tests.tictactoe import ENGINE

# Nothing is hidden and no text counts anything (a cell's number is a name, not a count).
CHECKS = GameChecks(palette_named=(BACKGROUND, INK, seat_colour(0), seat_colour(1)))


def test_random_playouts_end_within_nine_decisions():
    for seed in range(30):
        state, log = random_playout(ENGINE, 2, seed)
        assert 5 <= len(log) <= 9
        assert [seat for seat, _action in log] == [i % 2 for i in range(len(log))]
        assert sorted(ENGINE.outcome(state).placements) in ([1, 1], [1, 2])

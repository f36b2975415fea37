"""Trackgammon random playouts: every player count, many seeds, the platform's invariants plus the
game's own (discs are never lost or duplicated, stacks always shrink upwards, nothing secret shown)."""

from __future__ import annotations

import pytest

from engines.rng import Rng
from engines.trackgammon import DISCS, ENGINE, FINISH
from render import trackgammon as pictures
from render.common import BACKGROUND, INK, WHITE, seat_colour
from tests.conformance import GameChecks

SECRET_KEYS = ("rng", "seed", "turn_start")


def forward_leaning(pick: Rng, legal: list[str]) -> str:
    """Random, but mostly forward and rarely taking back, so games end in a few hundred actions."""
    if "done" in legal:
        return "done" if "undo" not in legal or pick.below(8) else "undo"
    moves = [a for a in legal if a != "undo"]
    if "undo" in legal and pick.below(25) == 0:
        return "undo"
    forward = [a for a in moves if a[1] == "f"]
    if forward and pick.below(4):
        return forward[pick.below(len(forward))]
    return moves[pick.below(len(moves))]


# The game's declaration for the conformance check (tests/conformance.py): nothing is hidden;
# random play leans forward, or a game drags on.
CHECKS = GameChecks(
    text_counts=frozenset({"count", "points"}),
    palette_named=(
        BACKGROUND,
        INK,
        WHITE,
        pictures.YELLOW,
        pictures.PURPLE,
        pictures.BOARD,
        *(seat_colour(seat) for seat in range(4)),
    ),
    chooser=forward_leaning,
)


def check_view(view: dict, viewer, state) -> None:
    # No hidden information: everyone, spectators included, sees the same, and never the generator.
    spectator = ENGINE.view(state, None)
    assert {k: v for k, v in view.items() if k != "viewer"} == {k: v for k, v in spectator.items() if k != "viewer"}
    assert view["private"] is None and view["viewer"] == viewer
    assert not any(key in view for key in SECRET_KEYS)
    players = view["players"]
    on_board = sorted((seat, size) for stack in view["stacks"].values() for seat, size in stack)
    expected = sorted(
        (seat, size) for seat in range(players) for size in range(1, 6) if view["discs"][seat][size - 1] != FINISH
    )
    assert on_board == expected, "a disc was lost or duplicated"
    for seat in range(players):
        assert view["home"][seat] + sum(1 for s, _ in expected if s == seat) == DISCS
    for stack in view["stacks"].values():
        sizes = [size for _, size in stack]
        assert sizes == sorted(sizes, reverse=True) and len(set(sizes)) == len(sizes)
    assert len(view["tracks"]) == players and all(len(track) == 25 for track in view["tracks"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(players):
    from tests.engines.playout import random_playout

    for seed in range(3 if players == 4 else 4):
        state, log = random_playout(ENGINE, players, seed, leak_check=check_view, chooser=forward_leaning)
        out = ENGINE.outcome(state)
        assert out.placements.count(1) == 1 and out.detail["home"][out.placements.index(1)] == 5
        assert out.scores[out.placements.index(1)] == players - 1
        assert any(action == "undo" for _, action in log)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_quick_games_end_with_all_discs_accounted_for(players):
    # Engine only (no views, no storage round trip), so many more seeds fit in the time.
    for seed in range(100, 140):
        state = ENGINE.new_game(players, seed)[0]
        pick = Rng(seed)
        for _ in range(5000):
            if ENGINE.outcome(state) is not None:
                break
            legal = ENGINE.legal_actions(state, state.turn)
            assert legal, "the seat to move always has an action"
            state, _ = ENGINE.apply(state, state.turn, forward_leaning(pick, legal))
            assert len(state.pos) == players * DISCS
        else:
            raise AssertionError("game did not end")
        assert sum(1 for seat in range(players) if ENGINE.outcome(state).detail["home"][seat] == 5) == 1

"""Trackgammon random playouts: every player count, many seeds, the platform's invariants plus the
game's own (discs are never lost or duplicated, stacks always shrink upwards, nothing secret shown);
a whole game the way the bot plays it; and the game's declaration for the conformance check
(``CHECKS``, ``tests/conformance.py``)."""

from __future__ import annotations

import json

import pytest

from engines import trackgammon_ai as ai
from engines.rng import Rng
from engines.trackgammon import DISCS, ENGINE, FINISH
from locales import tr
from render import trackgammon as pictures
from render.common import BACKGROUND, INK, WHITE, seat_colour
from render.trackgammon import action_group, action_label, render_board
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


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(players):
    from tests.engines.playout import random_playout

    for seed in range(2 if players == 4 else 3):
        state, log = random_playout(ENGINE, players, seed, leak_check=check_view, chooser=forward_leaning)
        out = ENGINE.outcome(state)
        assert out.placements.count(1) == 1 and out.detail["home"][out.placements.index(1)] == 5
        assert out.scores[out.placements.index(1)] == players - 1
        assert any(action == "undo" for _, action in log)


@pytest.mark.slow
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


# ---- a whole game the way the bot plays it ----------------------------------------------------------
# A whole Trackgammon game the way the bot plays it, minus Discord: one person choosing through the
# button labels (disc first, then value and direction, sometimes taking a move back) and two computer
# players, with the game stored as JSON and loaded again after every action, every event put into
# words in both languages and the picture drawn along the way.


NAMES = ["Ann", "Computer 1", "Computer 2"]
PERSON = 0


def event_text(lang: str, event: dict) -> str:
    args = {k: (NAMES[v] if k == "seat" or k.endswith("_seat") else v) for k, v in event.items() if k != "type"}
    text = tr(lang, f"trackgammon-event-{event['type']}", **args)
    assert "{" not in text and not text.startswith("trackgammon-"), text
    return text


def person_choice(state, pick: Rng) -> str:
    """Tap a disc, then one of its labelled moves; now and then take the last move back."""
    view = ENGINE.view(state, PERSON)
    legal = ENGINE.legal_actions(state, PERSON)
    labels = [action_label(view, a) for a in legal]
    assert len(set(labels)) == len(labels) and all(len(label) <= 80 for label in labels)  # Discord: 80
    if "done" in legal:
        return "undo" if pick.below(6) == 0 else "done"
    if "undo" in legal and pick.below(10) == 0:
        return "undo"
    moves = [a for a in legal if a != "undo"]
    groups = sorted({action_group(view, a) for a in moves})
    chosen_group = groups[pick.below(len(groups))]
    in_group = [a for a in moves if action_group(view, a) == chosen_group]
    assert all(chosen_group.startswith(f"Disc {a[0]} on ") for a in in_group)
    return in_group[pick.below(len(in_group))]


def test_one_person_and_two_computer_players_play_a_whole_game():
    state = ENGINE.new_game(3, 2024)[0]
    for lang in ("en", "nl"):
        for event in ENGINE.view(state, None)["last"]:
            event_text(lang, event)
    pick = Rng(7)
    pictures = 0
    for step in range(3000):
        if ENGINE.outcome(state) is not None:
            break
        seat = state.turn
        if seat == PERSON:
            action = person_choice(state, pick)
        else:
            action = ai.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), step)
        state, events = ENGINE.apply(state, seat, action)
        state = ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))  # stored and read back
        for lang in ("en", "nl"):
            for event in events:
                event_text(lang, event)
        if step % 40 == 0:
            png = render_board(ENGINE.view(state, PERSON), names=NAMES, locale="nl" if step % 80 else "en")
            assert png.startswith(b"\x89PNG")
            pictures += 1
    else:
        raise AssertionError("the game did not end")
    out = ENGINE.outcome(state)
    assert sorted(out.placements)[0] == 1 and len(out.placements) == 3
    assert pictures >= 3
    final = render_board(ENGINE.view(state, None), names=NAMES)
    assert final.startswith(b"\x89PNG")

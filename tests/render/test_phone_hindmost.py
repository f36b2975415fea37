"""Devil Take The Hindmost pictures read on a phone: every picture type from random games of every
player count, in English and Dutch, with 32-character names, emoji and accents, has no text cut
off, overlapping or too small at 400 px wide, counters of at least 40 px per 1280 px of width,
and button labels that say what moves and differ from each other."""

from __future__ import annotations

import pytest

from engines.hindmost import ENGINE
from locales import tr
from render import hindmost as board
from render.layout import recording
from tests.render.phone_check import (
    NAME_SETS,
    labels_pairwise_different,
    layout_problems,
    piece_px_on_phone,
    sample_games,
)

TABLES = [
    (2, {"riders": 4}),
    (3, {"riders": 3, "betting": True}),
    (4, {"riders": 3, "races": 2}),
    (5, {"riders": 2, "own_decks": True}),
    (6, {"riders": 2, "betting": True, "races": 2}),
]


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_every_picture_fits_a_phone(players, options):
    checked = 0
    for i, (state, seat) in enumerate(sample_games(ENGINE, players, range(2), options, every=23)):
        names = NAME_SETS[i % 2][:players]
        locale = ("en", "nl")[(i // 2) % 2]
        assert layout_problems(board.render_board, ENGINE.view(state, None), names, locale) == []
        viewer = seat if seat is not None else i % players
        assert layout_problems(board.render_hand, ENGINE.view(state, viewer), names, locale) == []
        checked += 1
    assert checked >= 6


def test_counters_are_large_enough_on_a_phone():
    assert piece_px_on_phone(2 * board.COUNTER_R, board.WIDTH) >= 14
    assert board.LANE_W >= 2 * board.COUNTER_R  # four counters side by side fit a space


def test_the_end_picture_shows_the_full_ranking_and_no_last_play():
    for players, options in TABLES:
        state = list(sample_games(ENGINE, players, range(1), options, every=10_000))[-1][0]
        view = ENGINE.view(state, None)
        names = [f"Speler{seat}" for seat in range(players)]
        with recording() as placed:
            board.render_board(view, names=names, locale="nl")
        texts = [p.text for p in placed]
        for place, seat in board._ranking(view):
            assert f"{place}." in texts and names[seat] in texts
            assert str(view["match_points"][seat]) in texts
        assert tr("nl", "hindmost-label-last-play") not in texts
        assert tr("nl", "hindmost-label-then") not in texts


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_buttons_name_the_rider_and_differ(players, options):
    for locale in ("en", "nl"):
        for state, seat in sample_games(ENGINE, players, range(2), options, every=5):
            if seat is None:
                continue
            view = ENGINE.view(state, seat)
            legal = ENGINE.legal_actions(state, seat)
            assert (
                labels_pairwise_different(legal, lambda a, v=view, lang=locale: board.action_label(v, a, lang), None)
                == []
            )
            num = view["current"]["num"]
            word = "rider" if locale == "en" else "renner"
            assert all(f"{word} {num} →" in board.action_label(view, a, locale) for a in legal)


def test_plays_are_only_in_the_own_view_of_the_seat_to_move():
    state, seat = next((s, p) for s, p in sample_games(ENGINE, 3, range(1), {"riders": 3}, every=3) if p is not None)
    assert set(ENGINE.view(state, seat)["private"]["plays"]) == set(ENGINE.legal_actions(state, seat))
    assert ENGINE.view(state, None)["private"] is None and "plays" not in ENGINE.view(state, None)
    assert ENGINE.view(state, (seat + 1) % 3)["private"]["plays"] == {}

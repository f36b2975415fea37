"""Trackgammon pictures read on a phone: boards from random games of 2, 3 and 4 players, spectator
and player views, English and Dutch, long names, emoji and accents; no text cut off, overlapping or
too small at 400 px wide; even the runner disc 14 px across on a phone; the end picture ranks every
player; buttons that name the disc and differ."""

from __future__ import annotations

import pytest

from engines.trackgammon import ENGINE
from engines.trackgammon_ai import choose
from locales import tr
from render import trackgammon as board
from render.layout import recording
from tests.render.phone_check import (
    NAME_SETS,
    button_labels,
    labels_pairwise_different,
    piece_px_on_phone,
    render_checked,
    sample_games,
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_picture_fits_a_phone(players):
    checked = 0
    for i, (state, seat) in enumerate(sample_games(ENGINE, players, range(1), every=19, choose=choose)):
        names = NAME_SETS[i % 2][:players]
        locale = ("en", "nl")[(i // 2) % 2]
        view = ENGINE.view(state, None if i % 3 == 0 else seat)
        (width, height), found = render_checked(board.render_board, view, names, locale)
        assert found == []
        assert width == 1080 and height <= 1440  # 3:4 at most
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_discs_are_large_enough_on_a_phone(players):
    assert piece_px_on_phone(board.smallest_disc(players), board.WIDTH) >= 14


@pytest.mark.slow  # among the quick tier's slowest (10–50 s on a busy machine, issue 46): the full run has it
def test_the_end_picture_ranks_every_player_and_drops_the_last_move():
    for players in (2, 3, 4):
        state = list(sample_games(ENGINE, players, range(1), every=10_000, choose=choose))[-1][0]
        view = ENGINE.view(state, None)
        names = [f"Speler{seat}" for seat in range(players)]
        with recording() as placed:
            board.render_board(view, names=names, locale="nl")
        texts = [p.text for p in placed]
        for seat, place in enumerate(view["placements"]):
            assert f"{place}." in texts and names[seat] in texts
            assert any(tr("nl", "trackgammon-label-to-go", points=view["to_go"][seat]) in t for t in texts)
        assert tr("nl", "trackgammon-label-last-move") not in texts
        assert not any(t.isdigit() and int(t) > 5 for t in texts)  # no point numbers of a stale track


@pytest.mark.parametrize("players", [2, 3, 4])
def test_buttons_name_the_disc_and_differ(players):
    for locale in ("en", "nl"):
        for state, seat in sample_games(ENGINE, players, range(1), every=7, choose=choose):
            if seat is None:
                continue
            view = ENGINE.view(state, seat)
            legal = ENGINE.legal_actions(state, seat)

            label, group = button_labels(board, view, locale)
            assert labels_pairwise_different(legal, label, group) == []
            word = "Disc" if locale == "en" else "Schijf"
            for choice in view["choices"]:
                assert label(choice["action"]).startswith(f"{word} {choice['size']} ")


def test_a_computer_name_with_its_level_is_shown_whole_in_the_two_column_list():
    """Below the board at 3-4 players the names share a line two by two: a computer's name with
    its level ("Computer 1 (makkelijk)", what the board calls a seat) gets the small text size
    rather than being cut off."""
    state, _ = ENGINE.new_game(4, 7)
    names = ["Alexandrina van der Bovenkamp", "Computer 1 (makkelijk)", "Computer 2 (moeilijk)", "Bob"]
    view = ENGINE.view(state, None)
    (_size, found) = render_checked(board.render_board, view, names, "nl")
    assert found == []
    with recording() as placed:
        board.render_board(view, names=names, locale="nl")
    texts = [p.text for p in placed]
    assert "Computer 1 (makkelijk)" in texts and "Computer 2 (moeilijk)" in texts

"""Das glorreiche Manöver pictures read on a phone: boards from random games of every player count,
spectator and player views, English and Dutch, long names, emoji and accents; no text cut off,
overlapping or too small at 400 px wide; recruits at least 40 px per 1280 px of width; the route
folded so the picture stays about 4:5; buttons that name the recruit and differ."""

from __future__ import annotations

import pytest

from engines.manoever import ENGINE
from locales import tr
from render import manoever as board
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
    for i, (state, seat) in enumerate(sample_games(ENGINE, players, range(2), every=13)):
        names = NAME_SETS[i % 2][:players]
        locale = ("en", "nl")[(i // 2) % 2]
        view = ENGINE.view(state, None if i % 3 == 0 else seat)
        (width, height), found = render_checked(board.render_board, view, names, locale)
        assert found == []
        assert width == 1080 and height <= 1460  # about 4:5, never a long strip
        checked += 1
    assert checked >= 8


def test_recruits_and_stones_are_large_enough_on_a_phone():
    assert piece_px_on_phone(2 * board.MARKER_R, board.WIDTH) >= 14
    assert piece_px_on_phone(2 * board.STONE_R, board.WIDTH) >= 13  # a stone beside the stack


def test_rows_behind_the_hindmost_recruit_only_fill_room_left_and_empty_rows_fold():
    for state, _seat in sample_games(ENGINE, 3, range(2), every=15):
        view = ENGINE.view(state, None)
        items, cell_h = board.route_rows(view, 700)
        occupied = {board._row_of(s["field"]) for s in view["stacks"]}
        full = {first for kind, first, _last in items if kind == "full"}
        assert occupied <= full
        if occupied and items[0][1] < min(occupied):  # behind the pack only once all ahead is drawn
            assert all(kind == "full" for kind, _first, _last in items)
        assert board.CELL_H_CROWDED <= cell_h <= board.CELL_H_MAX
        if occupied and len(full) > len(occupied):  # rows beyond those with recruits never squeeze it
            assert cell_h >= board.CELL_H_MIN


def test_the_end_picture_shows_the_full_ranking_and_no_stale_marks():
    for players in (2, 3, 4):
        state = list(sample_games(ENGINE, players, range(1), every=10_000))[-1][0]
        view = ENGINE.view(state, None)
        names = [f"Speler{seat}" for seat in range(players)]
        with recording() as placed:
            board.render_board(view, names=names, locale="nl")
        texts = [p.text for p in placed]
        for seat, place in enumerate(view["result"]["placements"]):
            assert f"{place}." in texts and names[seat] in texts
            points = tr("nl", "manoever-label-points", points=view["scores"][seat])
            assert any(t.startswith(points) for t in texts)
        assert not any(t.startswith("Nog te zetten") for t in texts)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_buttons_name_the_recruit_and_differ(players):
    for locale in ("en", "nl"):
        for state, seat in sample_games(ENGINE, players, range(2), every=5):
            if seat is None:
                continue
            view = ENGINE.view(state, seat)
            legal = ENGINE.legal_actions(state, seat)

            label, group = button_labels(board, view, locale)
            assert labels_pairwise_different(legal, label, group) == []
            word = "Recruit" if locale == "en" else "Rekruut"
            for action in legal:
                assert label(action).startswith(f"{word} {action.split('-')[0]}: ")

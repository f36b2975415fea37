"""Trackgammon pictures and button labels: drawn from views only, deterministic, phone-sized."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines import trackgammon_ai as ai
from engines.trackgammon import ENGINE
from render import trackgammon as picture
from render.trackgammon import action_group, action_label, render_board
from tests.engines.test_trackgammon import F, play, position

NAMES = ["Ann", "Bartholomeus van der Berg", "Chris", "Dee"]


def views_of_a_game(players: int, seed: int = 3, every: int = 25) -> list[dict]:
    state = ENGINE.new_game(players, seed)[0]
    views = [ENGINE.view(state, 0)]
    step = 0
    while ENGINE.outcome(state) is None:
        seat = state.turn
        state, _ = ENGINE.apply(
            state, seat, ai.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), step)
        )
        step += 1
        if step % every == 0:
            views.append(ENGINE.view(state, step % players))
    views.append(ENGINE.view(state, None))
    return views


def image(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG")
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pictures_are_portrait_1080_wide_and_deterministic(players):
    for view in views_of_a_game(players)[::3]:
        png = render_board(view, names=NAMES[:players])
        img = image(png)
        assert img.width == 1080 and img.width < img.height <= 1440
        assert render_board(view, names=NAMES[:players]) == png
        assert image(render_board(view, names=NAMES[:players], locale="nl")).size == img.size


def test_the_picture_changes_with_the_position_and_the_dice():
    state = position({}, dice=(2, 5))
    before = render_board(ENGINE.view(state, 0), names=NAMES[:2])
    moved, _ = play(state, "1f5")
    after = render_board(ENGINE.view(moved, 0), names=NAMES[:2])
    assert before != after


def test_finished_discs_a_win_and_a_move_into_the_finish_are_drawn():
    state = position({0: {5: F, 4: F, 3: F, 2: F, 1: 24}}, dice=(2, 3))
    won, _ = play(state, "1f2")
    view = ENGINE.view(won, None)
    assert view["winner"] == 0 and view["last_move"]["to"] == F
    image(render_board(view, names=NAMES[:2]))


def test_spectators_see_the_board_numbered_for_the_player_to_move():
    state = ENGINE.new_game(4, 1)[0]
    image(render_board(ENGINE.view(state, None), names=NAMES))


def test_yellow_and_purple_points_differ_in_brightness_not_only_in_hue():
    def luminance(rgb):
        r, g, b = rgb
        return 0.299 * r + 0.587 * g + 0.114 * b

    assert luminance(picture.YELLOW) - luminance(picture.PURPLE) > 80


def test_labels_name_the_disc_the_value_the_direction_and_the_landing_point():
    state = position({0: {3: 3}, 1: {3: 22, 4: 10}}, dice=(1, 5))
    view = ENGINE.view(state, 0)
    assert action_label(view, "3f1") == "Disc 3 on 3: forward 1 → 4 (hits ✖)"
    assert action_label(view, "3b5") == "Disc 3 on 3: back 5 → 4 (bounces, hits ✖)"
    assert action_group(view, "3f1") == "Disc 3 on 3"
    assert action_label(view, "3f1", locale="nl") == "Schijf 3 op 3: 1 vooruit → 4 (slaat ✖)"
    moved, _ = play(state, "3f1")
    view = ENGINE.view(moved, 0)
    assert action_label(view, "undo") == "↩ Take back last move"
    home = ENGINE.view(position({0: {5: 22}}, dice=(4, 6)), 0)
    assert action_label(home, "5f6") == "Disc 5 on 22: forward 6 → home"


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_action_gets_a_short_distinct_label(players):
    state = ENGINE.new_game(players, 9)[0]
    for step in range(120):
        if ENGINE.outcome(state) is not None:
            break
        view = ENGINE.view(state, state.turn)
        legal = ENGINE.legal_actions(state, state.turn)
        for lang in ("en", "nl"):
            labels = [action_label(view, a, lang) for a in legal]
            assert len(set(labels)) == len(labels)
            assert all(0 < len(label) <= 80 for label in labels)
        state, _ = ENGINE.apply(state, state.turn, ai.choose(view, legal, step))


def test_what_is_left_to_go_reads_as_steps_not_score_points():
    """The ranking's "17 to go" counts steps along the track; in Dutch "nog 17 punten" read as score
    points (the track's spaces are "punten" too), so both languages say steps."""
    from render.layout import recording

    view = views_of_a_game(2)[-1]
    for locale, word in (("en", "to go"), ("nl", "stap")):
        with recording() as placed:
            render_board(view, names=NAMES[:2], locale=locale)
        lines = [p.text for p in placed if " · " in p.text]
        assert lines and all(word in line for line in lines), lines
        assert not any("punt" in line for line in lines), lines

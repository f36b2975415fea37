"""Pictures and button labels of Das glorreiche Manöver."""

from __future__ import annotations

import io

from PIL import Image

from engines.manoever import ENGINE
from engines.manoever_ai import choose
from render.manoever import action_group, action_label, drawable, render_board
from tests.engines.test_manoever import DEFAULT_BONUS, make

NAMES = ["Ada", "Bartholomeus-Maximilian", "Zoë", "Dirk"]


def played(players: int, moves: int, seed: int = 7):
    state = ENGINE.new_game(players, seed)[0]
    for step in range(moves):
        if ENGINE.outcome(state) is not None:
            break
        view = ENGINE.view(state, state.seat)
        state, _ = ENGINE.apply(state, state.seat, choose(view, ENGINE.legal_actions(state, state.seat), step))
    return state


def picture(view, locale="en", players=None) -> Image.Image:
    png = render_board(view, names=NAMES[: players or view["players"]], locale=locale)
    return Image.open(io.BytesIO(png))


def test_board_is_a_portrait_png_for_every_player_count_and_language():
    for players in (2, 3, 4):
        for moves in (0, 30, 2000):
            state = played(players, moves)
            for viewer in (None, 0):
                for locale in ("en", "nl"):
                    image = picture(ENGINE.view(state, viewer), locale)
                    assert image.format == "PNG"
                    assert image.width == 1080 and image.height <= 1460


def test_same_view_same_bytes():
    view = ENGINE.view(played(3, 25), 1)
    assert render_board(view, names=NAMES[:3]) == render_board(view, names=NAMES[:3])
    assert render_board(view, names=NAMES[:3], locale="nl") != render_board(view, names=NAMES[:3])


def test_the_bundled_font_gets_text_it_can_draw():
    assert drawable("Zoë") == "Zoë"
    assert drawable("Das glorreiche Manöver") == "Das glorreiche Manöver"
    assert drawable("5 × 3 日") == "5 × 3 "  # undrawable symbols are left out, not "?"


def test_labels_name_the_recruit_then_the_target_with_stones_and_stacks():
    bonus = {**{f: v for f, v in DEFAULT_BONUS.items() if f != 70}, 14: 3}
    spec = {10: "A1", 12: "B1", 13: "B2 B3", 20: "A2 A3 A4", 30: "A5 A6", 40: "B4 B5 B6"}
    state = make(spec, bonus=bonus, rewards={15: 2, 80: 1, 84: 3})
    view = ENGINE.view(state, 0)
    assert action_group(view, "1-3") == "Recruit 1 on 10 (max 6)"
    assert action_group(view, "1-3", "nl") == "Rekruut 1 op 10 (max 6)"
    assert action_label(view, "1-1") == "Recruit 1: 10 → 11 (+1)"
    assert action_label(view, "1-2") == "Recruit 1: 10 → 12 (+2), on top of 1 recruit"
    assert action_label(view, "1-3", "nl") == "Rekruut 1: 10 → 13 (+3), bovenop 2 rekruten"
    assert action_label(view, "1-4") == "Recruit 1: 10 → 14 (+4), black stone ×3"
    assert action_label(view, "1-5") == "Recruit 1: 10 → 15 (+5), takes reward 2"


def test_courtyard_label_tells_the_place():
    spec = {80: "A1 A2 A3", 70: "A4", 81: "B6", 60: "A5", 50: "A6", 40: "B1 B2 B3", 30: "B4 B5"}
    no_70 = {**{f: v for f, v in DEFAULT_BONUS.items() if f != 70}, 73: 3}
    state = make(spec, bonus=no_70, rewards={7: 1, 8: 2, 9: 3}, courtyard="")
    view = ENGINE.view(state, 0)
    assert action_label(view, "3-5") == "Recruit 3: 80 → courtyard, place 12 (+5)"
    assert action_label(view, "3-5", "nl") == "Rekruut 3: 80 → binnenplaats, plaats 12 (+5)"


def test_every_legal_action_has_a_short_distinct_label_within_its_group():
    for players in (2, 3, 4):
        for moves in (0, 12, 45):
            state = played(players, moves, seed=players)
            if ENGINE.outcome(state) is not None:
                continue
            view = ENGINE.view(state, state.seat)
            groups: dict[str, list[str]] = {}
            for action in ENGINE.legal_actions(state, state.seat):
                group = action_group(view, action)
                assert len(group) <= 80 and len(action_label(view, action)) <= 80
                groups.setdefault(group, []).append(action_label(view, action))
            assert len(groups) == len(view["pending"])
            for labels in groups.values():
                assert len(set(labels)) == len(labels)


def test_the_final_picture_keeps_the_whole_route():
    """Once every recruit is home the picture used to fold the whole route into one cryptic strip;
    it keeps the board: every field numbered, the stones left on it drawn."""
    from render.layout import recording
    from tests.render.phone_check import sample_games

    for players in (2, 4):
        state = list(sample_games(ENGINE, players, range(1), every=10_000))[-1][0]
        view = ENGINE.view(state, None)
        assert view["over"] and not view["stacks"]
        with recording() as placed:
            render_board(view, names=[f"P{seat}" for seat in range(players)], locale="en")
        texts = {p.text for p in placed}
        assert {str(field) for field in range(13, 85)} <= texts  # 1..12 are also the courtyard's
        assert not any(t.startswith("Fields") for t in texts)


def test_a_folded_strip_says_in_words_what_it_holds():
    """A run of rows without recruits reads "Fields 11–84: no recruits; stones on 25 (3) …" with a
    count of the stones left out, not "11–84 25 ③ 32 ② …"."""
    from render import manoever
    from render.common import new_canvas
    from render.layout import recording

    view = {"bonus": [{"field": f, "factor": 2 + f % 2} for f in range(15, 84, 4)], "rewards": []}
    for locale, start, more in (
        ("en", "Fields 11–84: no recruits; stones on:", "more"),
        ("nl", "Velden 11–84: geen rekruten; stenen op:", "en nog"),
    ):
        _img, draw = new_canvas(manoever.WIDTH, 60, manoever.BACKGROUND)
        with recording() as placed:
            manoever._draw_fold(draw, view, locale, 1, manoever.ROWS - 1, 0)
        texts = [p.text for p in placed]
        assert texts[0].startswith(start) and "15" in texts
        assert more in texts[-1] and str(len(view["bonus"]) - (len(texts) - 2)) in texts[-1]
        assert not any("…" in t for t in texts)

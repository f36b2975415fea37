"""The Duvelen table picture and button labels."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from engines.duvelen import ENGINE
from engines.duvelen_ai import choose
from engines.rng import Rng
from render.duvelen import action_label, format_event, render_board, render_hand

NAMES = ["Anna", "Bob", "Charlotte van der Berg-Jansen", "Dirk", "Zoë 🎲", "Femke", "Gijs", "Hanneke"]


def played(players: int, steps: int, *, mode: str = "live", seed: int = 1, stop: bool = True):
    """A table after ``steps`` actions of computer players (Stop held back unless ``stop``)."""
    state = ENGINE.new_game(players, seed, {"mode": mode, "rounds": 1})[0]
    pick = Rng(seed)
    for step in range(steps):
        movers = sorted(ENGINE.to_move(state))
        if not movers:
            break
        seat = movers[pick.below(len(movers))]
        legal = ENGINE.legal_actions(state, seat)
        action = choose(ENGINE.view(state, seat), legal, step)
        if action == "stop" and not stop:
            action = next(a for a in legal if a != "stop")
        after, events = ENGINE.apply(state, seat, action)
        if any(e["type"] == "round_end" for e in events):
            break
        state = after
    return state


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize("players", range(2, 9))
def test_1200_wide_and_no_taller_than_4_to_5_for_every_player_count(players):
    view = ENGINE.view(played(players, 40 * players, stop=False), None)
    img = png(render_board(view, names=NAMES[:players]))
    assert img.width == 1200 and 500 < img.height <= img.width * 5 / 4


def test_same_view_same_bytes_and_viewer_does_not_matter():
    state = played(4, 200)
    spectator = render_board(ENGINE.view(state, None), names=NAMES[:4])
    assert render_board(ENGINE.view(state, None), names=NAMES[:4]) == spectator
    # Nothing is private on this table: every seat's view draws the same picture.
    assert render_board(ENGINE.view(state, 2), names=NAMES[:4]) == spectator


def test_the_picture_changes_with_the_piles_and_the_language():
    before = played(3, 30, stop=False)
    seat = 0
    after, _ = ENGINE.apply(before, seat, "turn")
    names = NAMES[:3]
    assert render_board(ENGINE.view(before, None), names=names) != render_board(ENGINE.view(after, None), names=names)
    view = ENGINE.view(before, None)
    assert render_board(view, names=names, locale="nl") != render_board(view, names=names, locale="en")


@pytest.mark.parametrize("locale", ["en", "nl"])
def test_special_tables_draw(locale):
    stopped = played(5, 2000, seed=3)  # computer players run the round down to Stop
    relaxed = played(4, 120, mode="relaxed", stop=False)
    fresh = ENGINE.new_game(8, 5, {})[0]
    over, _ = ENGINE.timeout(played(2, 200, stop=False))
    for state in (stopped, relaxed, fresh, over):
        view = ENGINE.view(state, None)
        img = png(render_board(view, names=NAMES[: view["players"]], locale=locale))
        assert img.width == 1200
    assert ENGINE.view(stopped, None)["stop_seat"] is not None
    assert ENGINE.view(over, None)["over"] is True


def test_many_hoops_still_fit():
    view = ENGINE.view(played(8, 600, stop=False), None)
    # Eight players can open 32 Hoops: the middle wraps rather than spilling off the picture.
    view["hoops"] = [{"suit": s, "top": "9" + s, "size": 9, "owners": [0] * 9} for s in "SHDC" for _ in range(8)]
    img = png(render_board(view, names=NAMES))
    assert img.width == 1200 and img.height <= 1500


def test_missing_names_do_not_crash():
    view = ENGINE.view(played(3, 20), None)
    png(render_board(view, names=["Only one"]))


def test_action_labels():
    state = played(3, 60, stop=False)
    view = ENGINE.view(state, None)
    assert action_label(view, "s.5H") == "5♥: Stack → middle"
    assert action_label(view, "r2.TS") == "10♠: Row 2 → middle"
    assert action_label(view, "d.QD", "nl") == "Q♦: Draaistok → midden"
    assert action_label(view, "turn") == "Turn three"
    assert action_label(view, "turn", "nl") == "Draai er drie om"
    assert action_label(view, "done", "nl") == "Klaar"
    for seat in range(3):
        seat_view = ENGINE.view(state, seat)
        for action in ENGINE.legal_actions(state, seat) + ["stop", "pass"]:
            for locale in ("en", "nl"):
                label = action_label(seat_view, action, locale)
                assert 0 < len(label) <= 80 and not label.startswith("duvelen-")


def test_every_label_used_exists_in_both_languages():
    source = (Path(__file__).parents[2] / "render" / "duvelen.py").read_text(encoding="utf-8")
    used = set(re.findall(r'_label\(locale, "([a-z-]+)"', source)) | {"turn", "stop", "done-button", "pass"}
    assert {"score", "ranking", "points", "draaistok-open", "play-button"} <= used
    for lang in ("en", "nl"):
        text = (Path(__file__).parents[2] / "locales" / lang / "duvelen.ftl").read_text(encoding="utf-8")
        ids = set(re.findall(r"^duvelen-label-([a-z-]+) =", text, flags=re.M))
        assert used <= ids, used - ids


def test_hand_picture_shows_the_viewers_piles_large():
    state = played(4, 120, stop=False)
    img = png(render_hand(ENGINE.view(state, 1), names=NAMES[:4]))
    assert img.width == 1200 and img.height < 600
    assert render_hand(ENGINE.view(state, 1), names=NAMES[:4]) != render_hand(ENGINE.view(state, 2), names=NAMES[:4])
    with pytest.raises(ValueError):
        render_hand(ENGINE.view(state, None), names=NAMES[:4])


def test_event_cards_are_shown_with_suit_symbols():
    assert format_event({"type": "play", "seat": 0, "card": "TH", "source": "rij"})["card"] == "10♥"
    herenhoop = {"type": "herenhoop", "seat": 1, "suit": "D", "own": 3}
    assert format_event(herenhoop) == herenhoop


def test_the_turn_pile_caption_says_its_open_cards_lie_face_up():
    """ "Turn pile: 33 open" left unsaid what is open; the caption says the cards lie face up."""
    from render.layout import recording

    state = played(2, 40, stop=False)
    view = ENGINE.view(state, None)
    assert any(seat["draai_open"] for seat in view["seats"])
    for locale, word in (("en", "face up"), ("nl", "Draaistok, open:")):
        with recording() as placed:
            render_board(view, names=NAMES[:2], locale=locale)
        captions = [p.text for p in placed if p.text.startswith(("Turn pile", "Draaistok"))]
        assert captions and all(word in caption for caption in captions), captions

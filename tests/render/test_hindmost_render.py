"""The Devil Take The Hindmost pictures.

Most views here are written by hand from the view contract, so each situation is sure to be drawn:
start grid with overflow, full spaces, a crossed line, the final sprint, the end of the match,
betting, a seat's view and a spectator's. Views from random games with the real engine then check
that the pictures cope with whatever the engine produces, and that button labels agree with it.
"""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from engines.hindmost import ENGINE
from engines.rng import Rng
from locales import reload, tr
from render import hindmost as board
from render.cards import card_text

NAMES = ["Anna", "Bram", "Chloë", "Dirk", "Eva", "Fatima"]


def rider(seat, num, d, lane, *, out=False, moved=False):
    return {"seat": seat, "num": num, "d": d, "lane": lane, "out": out, "moved": moved}


def order_of(riders):
    live = [r for r in riders if not r["out"]]
    live.sort(key=lambda r: (-r["d"], r["lane"]))
    return [[r["seat"], r["num"]] for r in live]


def make_view(players, riders, **extra):
    """A complete view per the contract; ``extra`` overrides any key."""
    live = [r for r in riders if not r["out"]]
    order = order_of(riders)
    current = next((r for r in riders if not r["out"] and not r["moved"]), None)
    total = len(riders)
    view = {
        "game": "hindmost",
        "players": players,
        "viewer": None,
        "to_move": [current["seat"]] if current else [],
        "over": False,
        "options": {"riders": total // players, "races": 1, "own_decks": False, "betting": False},
        "race": 1,
        "races": 1,
        "lap": total - len(live) + 1,
        "laps": total - 1,
        "final_sprint": len(live) == 2,
        "finish_crossed": any(r["d"] >= 30 for r in live),
        "riders": riders,
        "current": {"seat": current["seat"], "num": current["num"]} if current else None,
        "order": order,
        "eliminated": [],
        "race_points": [0] * players,
        "match_points": [0] * players,
        "race_wins": [0] * players,
        "bank": None,
        "pot": 0,
        "hand_sizes": [5] * players,
        "draw_pile": 108 - 5 * players,
        "discards": 0,
        "last": [],
        "private": None,
    }
    view.update(extra)
    return view


def start_grid_six_teams():
    """Six teams of two: four riders fit on the starred 10, the rest overflow to the spaces behind."""
    riders, slots = [], {}
    for num in (1, 2):
        for seat in (3, 0, 5, 1, 4, 2):  # a random team order
            d = 1 - num
            while slots.get(d, 0) == 4:
                d -= 1
            riders.append(rider(seat, num, d, slots.get(d, 0)))
            slots[d] = slots.get(d, 0) + 1
    return make_view(6, riders)


def mid_lap_full_spaces():
    riders = [
        rider(0, 1, 17, 0, moved=True),
        rider(1, 1, 17, 1, moved=True),
        rider(2, 1, 17, 2, moved=True),
        rider(0, 2, 17, 3, moved=True),
        rider(1, 2, 14, 0),
        rider(2, 2, 14, 1),
        rider(0, 3, 14, 2),
        rider(1, 3, 14, 3),
        rider(2, 3, 9, 0),
        rider(0, 4, 3, 0, out=True),
    ]
    last = [{"type": "played", "seat": 0, "num": 2, "cards": "JK+7H", "from": 7, "to": 7, "spaces": 10}]
    return make_view(
        3,
        riders,
        eliminated=[[0, 4, 1]],
        race_points=[1, 0, 0],
        match_points=[1, 0, 0],
        hand_sizes=[4, 5, 5],
        draw_pile=78,
        discards=9,
        last=last,
    )


def finish_crossed():
    riders = [
        rider(1, 1, 33, 0, moved=True),
        rider(0, 1, 30, 0, moved=True),
        rider(0, 2, 28, 0),
        rider(1, 2, 25, 0),
        rider(1, 3, 25, 1),
        rider(0, 3, 4, 0),
    ]
    last = [
        {"type": "played", "seat": 0, "num": 1, "cards": "KS", "from": 2, "to": 10, "spaces": 8},
        {"type": "crossed", "seat": 1, "num": 1},
    ]
    return make_view(2, riders, last=last, draw_pile=60, discards=22)


def final_sprint():
    riders = [
        rider(0, 1, 12, 0, moved=True),
        rider(2, 2, 9, 0),
        rider(1, 1, 0, 0, out=True),
        rider(2, 1, 0, 0, out=True),
        rider(0, 2, 0, 0, out=True),
        rider(1, 2, 0, 0, out=True),
    ]
    return make_view(
        3,
        riders,
        eliminated=[[1, 1, 1], [2, 1, 2], [0, 2, 3], [1, 2, 4]],
        race_points=[3, 5, 2],
        match_points=[3, 5, 2],
        hand_sizes=[3, 0, 4],
        lap=5,
        laps=5,
    )


def game_over():
    """The end of a three-race match: ten riders out, the final two where the sprint left them."""
    finishers = {(1, 1): (31, 0), (0, 2): (27, 0)}
    out_order = [(s, n) for n in (3, 2, 1) for s in range(4) if (s, n) not in finishers]
    riders = [
        rider(s, n, *finishers.get((s, n), (-n, 0)), out=(s, n) not in finishers) for s in range(4) for n in (1, 2, 3)
    ]
    return make_view(
        4,
        riders,
        eliminated=[[s, n, k] for k, (s, n) in enumerate(out_order, 1)],
        race_points=[25, 20, 17, 16],
        match_points=[61, 61, 40, 38],
        race_wins=[1, 2, 0, 0],
        races=3,
        race=3,
        lap=11,
        laps=11,
        final_sprint=False,
        finish_crossed=True,
        options={"riders": 3, "races": 3, "own_decks": False, "betting": False},
        over=True,
        to_move=[],
        current=None,
        hand_sizes=[3, 3, 0, 0],
        last=[
            {"type": "played", "seat": 0, "num": 2, "cards": "QS", "from": 10, "to": 7, "spaces": 7},
            {"type": "runner-up", "seat": 0, "num": 2, "points": 12},
            {"type": "race-won", "seat": 1, "num": 1, "points": 15},
            {"type": "match-over", "seat": 1, "points": 61, "wins": 2},
        ],
    )


def betting_on():
    view = mid_lap_full_spaces()
    view["options"]["betting"] = True
    view["bank"] = [4, -2, -2]
    view["pot"] = 9
    return view


def play(num, start, target, landing, *, crosses=False):
    """One entry of the view's ``plays``: labels of the start, the aim and the landing."""
    label = lambda d: (d - 1) % 10 + 1  # noqa: E731
    return {
        "num": num,
        "from": label(start),
        "target": label(target),
        "to": label(landing),
        "spaces": landing - start,
        "blocked": target - landing,
        "crosses": crosses,
    }


def seat_view(seat=1):
    view = mid_lap_full_spaces()
    view["viewer"] = seat
    view["private"] = {"hand": ["7H", "JK", "TS", "AD", "2C"], "draw_pile": 30, "discards": 0}
    # seat 1's rider 2 stands on d = 14 (label 4); d = 17 holds four riders
    view["private"]["plays"] = {
        "4C": play(2, 14, 18, 18),
        "JK": play(2, 14, 19, 19),
        "JK+7H": play(2, 14, 22, 22),
        "JK+JK": play(2, 14, 24, 24),
        "AD": play(2, 14, 24, 24),
        "QD": play(2, 14, 21, 21),
        "3H": play(2, 14, 17, 16),
    }
    return view


SCENES = {
    "start_grid": start_grid_six_teams,
    "mid_lap": mid_lap_full_spaces,
    "finish_crossed": finish_crossed,
    "final_sprint": final_sprint,
    "game_over": game_over,
    "betting": betting_on,
    "seat_view": seat_view,
}


def png_size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == "PNG"
        return img.size


# ---- the board ----------------------------------------------------------------------------------


@pytest.mark.parametrize("scene", sorted(SCENES))
@pytest.mark.parametrize("locale", ["en", "nl"])
def test_board_is_portrait_and_deterministic(scene, locale):
    view = SCENES[scene]()
    first = board.render_board(view, names=NAMES, locale=locale)
    again = board.render_board(copy.deepcopy(view), names=list(NAMES), locale=locale)
    assert first == again
    width, height = png_size(first)
    assert width == 1080 and width < height <= 1900


def test_board_never_draws_a_hand():
    spectator = mid_lap_full_spaces()
    with_hand = copy.deepcopy(spectator)
    with_hand["private"] = {"hand": ["JK", "JK", "AS", "KH", "QD"], "draw_pile": 30, "discards": 0}
    assert board.render_board(spectator, names=NAMES) == board.render_board(with_hand, names=NAMES)


def test_board_changes_with_what_it_shows():
    """A sanity check that the picture reads the view: a rider moving changes it."""
    view = mid_lap_full_spaces()
    moved = copy.deepcopy(view)
    moved["riders"][8]["d"] += 3
    assert board.render_board(view, names=NAMES) != board.render_board(moved, names=NAMES)


def test_spectator_and_seat_boards_match():
    """The board is the public picture: whose view it was drawn from does not matter."""
    view = seat_view()
    public = copy.deepcopy(view)
    public["viewer"] = None
    public["private"] = None
    assert board.render_board(view, names=NAMES) == board.render_board(public, names=NAMES)


def test_names_that_the_font_cannot_draw_still_render():
    view = start_grid_six_teams()
    names = ["日本語", "🚲🚲", "", "Zoë", "x" * 80, "Ana María"]
    png_size(board.render_board(view, names=names))
    assert board._name(names, 0, "en") == "Player 1"
    assert board._name(names, 3, "en") == "Zoë"
    assert board._name(["Anna"], 4, "nl") == "Speler 5"


def test_riders_keep_their_lanes_and_out_riders_leave_the_track():
    view = mid_lap_full_spaces()
    slots = {(r["seat"], r["num"]): (space, lane) for r, space, lane in board.rider_slots(view)}
    assert (0, 4) not in slots
    assert slots[(0, 2)] == (17, 3)
    assert slots[(1, 2)] == (14, 0)


def test_a_rider_past_the_line_shows_just_past_the_finish():
    view = finish_crossed()
    slots = {(r["seat"], r["num"]): (space, lane) for r, space, lane in board.rider_slots(view)}
    assert slots[(0, 1)] == (0, 0)  # d = 30: the starred 10
    assert slots[(1, 1)] == (3, 0)


def test_riders_a_lap_apart_do_not_overlap():
    riders = [rider(0, 1, 33, 0), rider(1, 1, 3, 0), rider(0, 2, 3, 1), rider(1, 2, 3, 2), rider(0, 3, 3, 3)]
    slots = [(space, lane) for _r, space, lane in board.rider_slots(make_view(2, riders))]
    assert len(set(slots)) == len(slots)


def test_start_grid_overflows_behind():
    view = start_grid_six_teams()
    per_space = {}
    for r in view["riders"]:
        per_space[r["d"]] = per_space.get(r["d"], 0) + 1
    assert per_space == {0: 4, -1: 4, -2: 4}
    png_size(board.render_board(view, names=NAMES))


def test_last_play_in_words():
    lines = board.last_play_lines(mid_lap_full_spaces(), NAMES, "en")
    assert lines[0] == "Anna: Joker + 7♥, rider 2: 7 → 7"
    lines_nl = board.last_play_lines(mid_lap_full_spaces(), NAMES, "nl")
    assert lines_nl[0] == "Anna: Joker + 7♥, renner 2: 7 → 7"


def test_winners_follow_points_then_race_wins():
    assert board._winners(game_over()) == [1]


def test_score_columns_follow_the_match():
    assert [key for key, _ in board._columns(mid_lap_full_spaces())] == ["race_points", "hand_sizes"]
    assert [key for key, _ in board._columns(betting_on())] == ["race_points", "bank", "hand_sizes"]
    keys = [key for key, _ in board._columns(game_over())]
    assert keys == ["race_points", "match_points", "race_wins"]  # hands no longer matter at the end


# ---- the hand -----------------------------------------------------------------------------------


def test_hand_picture_draws_the_cards():
    view = seat_view()
    data = board.render_hand(view, names=NAMES)
    width, height = png_size(data)
    assert width > height
    fewer = copy.deepcopy(view)
    fewer["private"]["hand"] = fewer["private"]["hand"][:3]
    assert board.render_hand(fewer, names=NAMES) != data
    other = copy.deepcopy(view)
    other["private"]["hand"][0] = "8H"
    assert board.render_hand(other, names=NAMES) != data


def test_hand_picture_says_which_rider_moves():
    view = seat_view(seat=1)  # the current rider is seat 1's rider 2 on d = 14
    assert [text for text, _ in board.hand_status(view, NAMES, "en")] == ["Your rider 2 on space 14 is to move"]
    view = seat_view(seat=0)
    assert [text for text, _ in board.hand_status(view, NAMES, "en")] == [
        "Bram is to move (rider 2)",
        "Then your rider 3 on space 14",
    ]
    assert board.hand_status(view, NAMES, "nl")[1][0] == "Daarna jouw renner 3 op vakje 14"


def test_hand_picture_of_a_seat_with_no_cards():
    view = seat_view()
    view["private"]["hand"] = []
    png_size(board.render_hand(view, names=NAMES, locale="nl"))
    assert board.hand_status(view, NAMES, "en") == [("No cards: all your riders are out", None)]


def test_hand_picture_refuses_a_spectator_view():
    with pytest.raises(ValueError):
        board.render_hand(mid_lap_full_spaces(), names=NAMES)


# ---- button labels ------------------------------------------------------------------------------


def test_action_labels_show_target_label_and_distance():
    view = seat_view(seat=1)  # rider on d = 14, label 4
    assert board.action_label(view, "4C") == "4♣: rider 2 → 8 (+4)"
    assert board.action_label(view, "JK") == "Joker: rider 2 → 9 (+5)"
    assert board.action_label(view, "JK+7H") == "Joker + 7♥: rider 2 → 2 (+8)"
    assert board.action_label(view, "JK+JK") == "Joker + Joker: rider 2 → 4 (+10)"
    assert board.action_label(view, "AD") == "A♦: rider 2 → 4 (+10)"
    assert board.action_label(view, "QD", locale="nl") == "Q♦: renner 2 → 1 (+7)"


def test_action_label_on_a_full_space_shows_where_the_rider_really_lands():
    view = seat_view(seat=1)  # d = 17 holds four riders
    label = board.action_label(view, "3H")  # 14 + 3 = 17 is full: back to 16
    assert label == "3♥: rider 2 → 6 (+2, 7 is full)"
    assert board.action_label(view, "3H", locale="nl") == "3♥: renner 2 → 6 (+2, 7 is vol)"


def test_action_label_flags_a_line_crossing():
    view = finish_crossed()  # current rider: seat 0's rider 2 on d = 28
    view["private"] = {
        "hand": ["KS"],
        "draw_pile": 0,
        "discards": 0,
        "plays": {"KS": play(2, 28, 36, 36, crosses=True)},
    }
    assert board.action_label(view, "KS") == "K♠: rider 2 → 6 (+8) 🏁"


def test_action_labels_are_short():
    view = seat_view()
    for action in ("7H", "JK", "JK+TS", "JK+JK", "QD", "AS"):
        for locale in ("en", "nl"):
            assert len(board.action_label(view, action, locale)) <= 80


def test_cards_text():
    assert board.cards_text("JK+7H") == "Joker + 7♥"
    assert board.cards_text(["TD"]) == card_text("TD") == "10♦"


# ---- words ----------------------------------------------------------------------------------------

USED_LABELS = [
    "player", "finish", "race", "lap", "final-sprint", "eliminated", "points", "riders-left", "first", "second", "to-move",
    "rider-on", "finish-crossed", "then", "waiting", "game-over", "winner", "col-team", "col-points",
    "col-race", "col-match", "col-wins", "col-bank", "col-cards", "pot", "last-play", "played", "piles",
    "hand-title", "hand-your-move", "hand-waiting", "hand-next", "hand-empty", "move", "move-blocked",
]  # fmt: skip


@pytest.mark.parametrize("locale", ["en", "nl"])
def test_every_label_exists_in_both_languages(locale):
    from locales import has

    reload()
    missing = [key for key in USED_LABELS if not has(locale, f"hindmost-label-{key}")]
    assert missing == []


def test_every_label_used_in_the_code_is_listed():
    import re
    from pathlib import Path

    source = Path(board.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'_label\(\s*locale,\s*"([a-z-]+)"', source))
    used |= {"col-points", "col-race", "col-match", "col-wins", "col-bank", "col-cards"}
    assert used <= set(USED_LABELS)


def test_points_label_in_both_languages():
    assert tr("en", "hindmost-label-points", points=1) == "1 pt"
    assert tr("en", "hindmost-label-points", points=3) == "3 pts"
    assert tr("nl", "hindmost-label-points", points=3) == "3 pt"


# ---- views from the real engine -----------------------------------------------------------------


def random_game_states(players, seed, options):
    """Every state of one random game, with the seat to move (None at the end)."""
    rng = Rng(seed)
    state = ENGINE.new_game(players, seed, options)[0]
    while ENGINE.outcome(state) is None:
        seat = next(iter(ENGINE.to_move(state)))
        yield state, seat
        legal = ENGINE.legal_actions(state, seat)
        state, _events = ENGINE.apply(state, seat, legal[rng.below(len(legal))])
    yield state, None


TABLES = [
    (2, {"riders": 3}),
    (3, {"riders": 4, "betting": True}),
    (4, {"riders": 2, "races": 2}),
    (5, {"riders": 2, "own_decks": True}),
    (6, {"riders": 2, "betting": True}),
]


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_engine_views_render(players, options):
    states = list(random_game_states(players, players, options))
    picks = states[:: max(1, len(states) // 5)] + [states[-1]]
    for state, seat in picks:
        spectator = ENGINE.view(state, None)
        png_size(board.render_board(spectator, names=NAMES[:players], locale="nl" if seat else "en"))
        viewer = 0 if seat is None else seat
        png_size(board.render_hand(ENGINE.view(state, viewer), names=NAMES[:players]))


def test_board_from_a_seat_view_equals_the_spectator_board():
    """No hand reaches the board: a seat's view draws the same picture as a spectator's."""
    for state, seat in list(random_game_states(3, 11, {"riders": 3}))[::40]:
        for viewer in range(3):
            seat_board = board.render_board(ENGINE.view(state, viewer), names=NAMES)
            assert seat_board == board.render_board(ENGINE.view(state, None), names=NAMES), seat


def test_action_labels_agree_with_the_engine():
    """Every button label names the space and distance the engine then really moves the rider."""
    checked = 0
    for players, options in TABLES:
        for state, seat in random_game_states(players, 100 + players, options):
            if seat is None:
                continue
            view = ENGINE.view(state, seat)
            for action in ENGINE.legal_actions(state, seat):
                label = board.action_label(view, action)
                assert len(label) <= 80
                played = next(e for e in ENGINE.apply(state, seat, action)[1] if e["type"] == "played")
                assert f"→ {played['to_space']} (+{played['spaces']}" in label, (label, played)
                checked += 1
    assert checked > 1000


def test_last_play_lines_from_engine_events():
    for state, _seat in list(random_game_states(2, 5, {"riders": 3}))[1:60]:
        view = ENGINE.view(state, None)
        lines = board.last_play_lines(view, NAMES, "nl")
        assert lines and " → " in lines[0]
        assert all("hindmost-event" not in line for line in lines)


def test_the_event_line_names_the_cards_played_not_their_codes():
    from db import Seat
    from table.spec import load_spec
    from table.text import event_line

    formatter = load_spec("hindmost").event_formatter
    event = {"type": "played", "seat": 0, "num": 2, "cards": "JK+7H", "from": 3, "to": 15, "spaces": 12}
    line = event_line("nl", "hindmost", event, [Seat(name="Anna", user_id=1)], formatter)
    assert line == "**Anna** speelt Joker + 7♥ voor renner 2: 3 → 15 (+12)."


def test_spaces_are_numbered_once_round_the_track_and_texts_agree():
    """The track used to print 1..10 three times, so "10 → 3 (+3)" read like a mistake: the
    spaces are numbered 1..30 on the picture, in the event line and on the buttons alike."""
    from render.layout import recording

    with recording() as placed:
        board.render_board(seat_view(seat=None), names=NAMES, locale="en")
    numbers = [p.text for p in placed if p.text.isdigit()]
    track = [n for n in numbers if n in {str(i) for i in range(1, 31)}]
    assert {str(i) for i in range(1, 31)} <= set(track)
    from tests.engines.test_hindmost import SPREAD_OUT, build
    from tests.engines.test_hindmost import play as apply_play

    state = build(at={**SPREAD_OUT, (0, 1): 10}, hands={0: ["3S", "2S", "4S", "5S", "6S"]})
    _state, events = apply_play(state, "3S")
    line = tr("en", "hindmost-event-played", **board.format_event({**events[0], "seat": "Anna"}))
    assert "16 → 19 (+3)" in line, line  # the labels alone said "6 → 9"


def test_rider_numbers_read_at_phone_width():
    """A rider's number is a bold digit at least 7 px tall at 400 px wide, in black or white,
    whichever stands out more from the team colour (at least 3:1, WCAG's bar for large bold text;
    white on the orange and yellow teams was about 2:1 and 1.3:1)."""
    from render.common import font, seat_colour

    digit = font(board.NUMBER_SIZE, True).getbbox("8")
    assert (digit[3] - digit[1]) * 400 / board.WIDTH >= 7
    for seat in range(6):
        assert board.contrast(board.number_ink(seat), seat_colour(seat)) >= 3, seat

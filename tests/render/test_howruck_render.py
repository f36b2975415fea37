"""How Ruck! pictures and button texts, drawn from views of real games."""

from __future__ import annotations

import io

from PIL import Image

from engines.howruck import ENGINE
from engines.rng import Rng
from render.howruck import action_group, action_label, event_text, render_board, render_hand
from tests.engines.test_howruck_helpers import tug_state

NAMES = ["Anna", "Bob"]


def sample_states(seeds=range(3), every=5):
    """States from seeded random games: the race, the tug, pending steals, the end."""
    states = []
    for seed in seeds:
        state = ENGINE.new_game(2, seed, {"learning": seed == 1})[0]
        pick = Rng(seed)
        step = 0
        while ENGINE.outcome(state) is None:
            movers = sorted(ENGINE.to_move(state))
            seat = movers[pick.below(len(movers))]
            legal = ENGINE.legal_actions(state, seat)
            state, _ = ENGINE.apply(state, seat, legal[pick.below(len(legal))])
            step += 1
            if step % every == 0 or state["tug"] and state["tug"]["pending"]:
                states.append(state)
        states.append(state)
    return states


def picture(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_board_pictures_for_every_phase_viewer_and_language():
    phases = set()
    for i, state in enumerate(sample_states()[::3]):
        viewer = (None, 0, 1)[i % 3]
        view = ENGINE.view(state, viewer)
        phases.add(view["phase"])
        img = picture(render_board(view, names=NAMES, locale=("en", "nl")[i % 2]))
        assert img.size == (1080, 1380)  # portrait, near 4:5, for phones
    assert phases == {"forming", "tug", "over"}


def test_hand_pictures_show_the_private_part():
    for i, state in enumerate(sample_states(seeds=[4])[::2]):
        seat = i % 2
        img = picture(render_hand(ENGINE.view(state, seat), names=NAMES, locale=("en", "nl")[i % 2]))
        assert img.width == 780 and img.height < 2 * img.width


def test_pictures_are_deterministic():
    state = tug_state(fields={"ar": ["R1", "R3h"], "bg": ["N6"]}, hands=(["HR", "W2"], ["G0"]), discard=["AD"])
    state, _ = ENGINE.apply(state, 0, "HR")
    view = ENGINE.view(state, 1)
    assert render_board(view, names=NAMES) == render_board(view, names=NAMES)
    assert render_hand(view, names=NAMES, locale="nl") == render_hand(view, names=NAMES, locale="nl")
    assert render_board(view, names=NAMES) != render_board(view, names=NAMES, locale="nl")


def test_the_board_shows_what_the_view_says():
    """A different top card, barrel position or strength changes the picture."""
    base = tug_state(fields={"ar": ["R1"]}, hands=(["G0"], ["B0"]), barrel=6)
    other_card = tug_state(fields={"ar": ["R3"]}, hands=(["G0"], ["B0"]), barrel=6)
    other_barrel = tug_state(fields={"ar": ["R1"]}, hands=(["G0"], ["B0"]), barrel=4)
    pictures = {render_board(ENGINE.view(s, None), names=NAMES) for s in (base, other_card, other_barrel)}
    assert len(pictures) == 3


def test_every_legal_action_has_a_short_distinct_label():
    for state in sample_states(seeds=range(5, 9), every=2):
        for seat in ENGINE.to_move(state):
            view = ENGINE.view(state, seat)
            legal = ENGINE.legal_actions(state, seat)
            for locale in ("en", "nl"):
                seen: dict[str, set[str]] = {}
                for action in legal:
                    label = action_label(view, action, locale)
                    group = action_group(view, action, locale)
                    assert 0 < len(label) <= 80 and 0 < len(group) <= 80, (action, label, group)
                    assert label != action or action == "stop", (action, label)
                    seen.setdefault(group, set())
                    assert label not in seen[group], (group, label, legal)
                    seen[group].add(label)


def test_labels_name_cards_and_fields_from_the_viewers_side():
    state = tug_state(fields={"bb": ["W4"]}, hands=(["R3h", "TZ", "WK", "VT"], ["B0", "G1"]), turn=0)
    view = ENGINE.view(state, 0)
    assert action_group(view, "R3h:ar") == "Red 3 (How Ruck!)"
    assert action_label(view, "R3h:ar") == "Red 3 (How Ruck!) → red field, your side"
    assert action_label(view, "R3h:br") == "Red 3 (How Ruck!) → red field, their side"
    assert action_label(view, "R3h:br", "nl") == "Rode 3 (How Ruck!) → het rode veld, overkant"
    assert action_label(view, "TZ:4") == "Bye Bye: name 4"
    assert action_label(view, "TZ:x") == "Bye Bye: decline"
    assert action_label(view, "WK:bb-ag") == "Switch Sides: dame 4: their blue → your green"
    assert action_label(view, "VT:2") == "Dirty Trick: card 2 of 2 (blind)"
    assert action_label(view, "TZ:4", "nl") == "Tot ziens: noem 4"
    assert action_group(view, "VT:2", "nl") == "Vuile truc"
    forming = ENGINE.new_game(2, 1, {})[0]
    fview = ENGINE.view(forming, 0)
    keep_a = action_label(fview, "keep:1:a")
    assert keep_a.startswith("Keep ") and ", give " in keep_a
    assert action_label(fview, "keep:1:a") != action_label(fview, "keep:1:b")
    assert action_group(fview, "keep:1:a") == "Split a pair"
    # Dutch names a Schot or dame with "de" in the middle of the sentence; action cards are names.
    green = ENGINE.view(ENGINE.new_game(2, 3, {})[0], 0)
    assert action_label(green, "keep:1:b", "nl") == "Houd de groene 0, geef de groene 1 (How Ruck!)"
    action = ENGINE.view(ENGINE.new_game(2, 2, {})[0], 0)
    assert action_label(action, "keep:1:a", "nl") == "Houd De zwakste wint, geef de groene 3 (How Ruck!)"


def test_event_lines_use_names():
    line = event_text(
        {
            "type": "compare",
            "seat": 0,
            "a_seat": 0,
            "a": 6,
            "b_seat": 1,
            "b": 9,
            "pull": 3,
            "toward_seat": 1,
            "barrel": 9,
        },
        NAMES,
    )
    assert line == "How Ruck! Anna 6 against Bob 9: the barrel moves 3 fields toward Bob (field 9)."


def test_names_with_any_letters_draw():
    state = tug_state(fields={"ar": ["R1"]}, hands=(["G0"], ["B0"]))
    picture(render_board(ENGINE.view(state, None), names=["José Ñandú", "熊 🎉"], locale="nl"))


def test_no_card_name_is_cut_beside_the_last_move():
    """Every card as the discard beside the last move, in both languages: names like
    "Reinforcements", "Adrenalinestoot" and the HOW RUCK! mark are drawn whole, not "Reinforc…"."""
    from engines.howruck_cards import CODES, card
    from render.layout import picture_size, problems, recording

    for code in CODES:
        hand = [c for c in CODES if card(c).is_scot and c != code][:2]
        state = tug_state(discard=[code], hands=([hand[0]], [hand[1]]))
        for locale in ("en", "nl"):
            with recording() as placed:
                png = render_board(ENGINE.view(state, None), names=NAMES, locale=locale)
            assert [p for p in placed if p.whole], code  # the check below has card names to look at
            assert problems(placed, picture_size(png)) == [], (code, locale)


def test_the_layout_check_flags_a_card_name_cut_short():
    from render.layout import Placed, problems

    cut = Placed("Reinforc…", (10, 10, 100, 30), None, 24, whole=True)
    player = Placed("WWWWWW…", (10, 40, 100, 60), None, 24)  # a long player name may be shortened
    assert problems([cut, player], (400, 400)) == ["'Reinforc…' is a card name cut short"]


def test_dutch_field_headings_stand_alone():
    """Above a field the colour stands alone: "rood", not the inflected "rode" of "het rode veld"."""
    from render.layout import recording

    with recording() as placed:
        render_board(ENGINE.view(tug_state(hands=(["R1"], ["B1"])), None), names=NAMES, locale="nl")
    texts = {p.text for p in placed}
    assert {"rood", "blauw", "groen"} <= texts
    assert not {"rode", "blauwe", "groene"} & texts

"""A whole Trackgammon game the way the bot plays it, minus Discord: one person choosing through the
button labels (disc first, then value and direction, sometimes taking a move back) and two computer
players, with the game stored as JSON and loaded again after every action, every event put into
words in both languages and the picture drawn along the way."""

from __future__ import annotations

import json

from engines import trackgammon_ai as ai
from engines.rng import Rng
from engines.trackgammon import ENGINE
from locales import tr
from render.trackgammon import action_group, action_label, render_board

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

"""How Ruck! pictures read on a phone: every text inside its box, none overlapping, none too small,
barrel and counters big enough, through the team-forming race, the tug and the end, for spectators
and both players, in English and Dutch with long names; and buttons that say what moves."""

from __future__ import annotations

import pytest

from engines.howruck import ENGINE
from engines.rng import Rng
from render import howruck
from render.howruck import action_group, action_label, render_board, render_hand
from render.layout import recording
from tests.render.phone import LONG_NAMES, min_piece, phone_problems


def snapshots(seed: int, every: int) -> list:
    state, _ = ENGINE.new_game(2, seed, {"learning": seed % 2 == 1})
    pick = Rng(seed)
    found = [state]
    step = 0
    while ENGINE.outcome(state) is None:
        movers = sorted(ENGINE.to_move(state))
        seat = movers[pick.below(len(movers))]
        legal = ENGINE.legal_actions(state, seat)
        state, _ = ENGINE.apply(state, seat, legal[pick.below(len(legal))])
        step += 1
        if step % every == 0 or (state["tug"] and state["tug"]["pending"]):
            found.append(state)
    found.append(state)
    return found


@pytest.mark.parametrize("seed", range(4))
def test_every_picture_reads_on_a_phone(seed):
    names = [LONG_NAMES[seed * 2 % 8], LONG_NAMES[(seed * 2 + 5) % 8]]  # every long name once
    phases = set()
    states = snapshots(seed, every=11)
    for i, state in enumerate(states[:: max(1, len(states) // 10)] + [states[-1]]):
        locale = ("en", "nl")[(i + seed) % 2]
        for viewer in (None, 0, 1):
            view = ENGINE.view(state, viewer)
            phases.add(view["phase"])
            _png, found = phone_problems(render_board, view, names=names, locale=locale)
            assert found == [], (seed, i, viewer)
            if viewer is not None:
                _png, found = phone_problems(render_hand, view, names=names, locale=locale)
                assert found == [], (seed, i, viewer, "hand")
    assert phases == {"forming", "tug", "over"}


def test_pieces_are_big_enough():
    board = min_piece(howruck.WIDTH)
    assert min(howruck.BARREL_W, howruck.BARREL_H) >= board  # the barrel on the track
    assert min(howruck.ICON_W, howruck.ICON_H) >= board  # barrels won
    assert board <= howruck.FIELD_H - 48 - 56  # the top card of a field (its value is most of it)
    width, height = howruck._card_size(6)
    assert width >= min_piece(howruck.HAND_WIDTH) * 3


def test_the_end_shows_the_ranking_and_no_stale_arrow():
    end = snapshots(2, every=1000)[-1]
    view = ENGINE.view(end, None)
    assert view["winner"] is not None
    with recording() as placed:
        render_board(view, names=["Anna", "Bob"], locale="en")
    texts = [p.text for p in placed]
    assert "Final ranking" in texts
    for seat in (0, 1):
        assert howruck.tr("en", "howruck-label-barrels-won", count=view["barrels"][seat]) in texts
    assert any(t.startswith("1.") for t in texts) and any(t.startswith("2.") for t in texts)


def test_labels_name_what_moves_and_never_repeat():
    for seed in range(6, 12):
        for state in snapshots(seed, every=3):
            for seat in ENGINE.to_move(state):
                view = ENGINE.view(state, seat)
                legal = list(dict.fromkeys(ENGINE.legal_actions(state, seat)))
                for locale in ("en", "nl"):
                    labels = [action_label(view, action, locale) for action in legal]
                    # Pairwise different over all actions, so also within every group.
                    assert len(set(labels)) == len(labels), labels
                    for action, label in zip(legal, labels, strict=True):
                        assert 0 < len(label) <= 80 and 0 < len(action_group(view, action, locale)) <= 80
                        if action != "stop" and not action.startswith(("keep:", "rest:")):
                            code = action.partition(":")[0]
                            assert howruck.card_title(code, locale) in label  # the card that moves

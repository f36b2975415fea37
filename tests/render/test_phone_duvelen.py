"""Duvelen pictures read on a phone: every text inside its box, none overlapping, none too small,
cards and counters big enough, for 2 to 8 players, live and relaxed, after Stop and at the end,
in English and Dutch with long names; and buttons that say what moves, never two alike."""

from __future__ import annotations

import pytest

from engines.duvelen import ENGINE
from engines.rng import Rng
from render import duvelen
from render.cards import index_height
from render.duvelen import action_label, render_board, render_hand
from tests.render.phone import LONG_NAMES, min_piece, phone_problems
from tests.render.test_duvelen_render import played


def snapshots(players: int, mode: str, seed: int, every: int) -> list:
    """States along a random game (random legal actions, Stop included) and its end."""
    state, _ = ENGINE.new_game(players, seed, {"mode": mode, "rounds": 2})
    pick = Rng(seed)
    found = [state]
    step = 0
    while ENGINE.outcome(state) is None and step < 4000:
        movers = sorted(ENGINE.to_move(state))
        if not movers:
            state, _ = ENGINE.timeout(state)
            found.append(state)
            continue
        seat = movers[pick.below(len(movers))]
        legal = ENGINE.legal_actions(state, seat)
        # Prefer playing over turning, so piles empty, Stop gets called and rounds end.
        plays = [a for a in legal if "." in a or a == "stop"]
        options = plays if plays and pick.below(4) else legal
        state, _ = ENGINE.apply(state, seat, options[pick.below(len(options))])
        step += 1
        if step % every == 0:
            found.append(state)
        if step % 300 == 0 and ENGINE.outcome(state) is None:
            state, _ = ENGINE.timeout(state)  # a lull ends the round
            found.append(state)
    found.append(state)
    return found


@pytest.mark.parametrize("players", range(2, 9))
def test_every_table_reads_on_a_phone(players):
    stopped = over = False
    for mode in ("live", "relaxed"):
        states = snapshots(players, mode, seed=players * 7 + len(mode), every=90)
        # The computer players run a round down to Stop more often than random ones.
        states = states[:: max(1, len(states) // 5)] + [states[-1], played(players, 3000, seed=3, mode=mode)]
        for i, state in enumerate(states):
            locale = ("en", "nl")[i % 2]
            viewer = (None, 0, players - 1)[i % 3]
            view = ENGINE.view(state, viewer)
            stopped |= view["stop_seat"] is not None
            over |= view["over"]
            _png, found = phone_problems(render_board, view, names=LONG_NAMES[:players], locale=locale)
            assert found == [], (players, mode, i)
            if viewer is not None:
                _png, found = phone_problems(render_hand, view, names=LONG_NAMES[:players], locale=locale)
                assert found == [], (players, mode, i, "hand")
    assert over
    assert stopped or players < 4  # (small tables rarely reach Stop within the round)


@pytest.mark.parametrize("players", range(2, 9))
def test_cards_and_counters_are_big_enough(players):
    minimum = min_piece(duvelen.WIDTH)
    _w, _h, card_w, card_h = duvelen._panel_geometry(players)
    assert card_w >= minimum and index_height(card_w, card_h) >= minimum
    for hoops in (1, 16, 32):
        hoop_w, _per_row, _rows = duvelen._hoop_geometry(hoops)
        assert index_height(hoop_w, round(hoop_w * 1.4)) >= minimum
    assert minimum <= duvelen.TEXT * 1.6  # the face-down counter's disc


def test_the_end_shows_the_full_ranking_with_points():
    state = snapshots(5, "live", seed=11, every=1000)[-1]
    view = ENGINE.view(state, None)
    assert view["over"]
    ranking = duvelen._ranking(view)
    assert sorted(seat for _place, seat in ranking) == list(range(5))
    totals = [view["totals"][seat] for _place, seat in ranking]
    assert totals == sorted(totals, reverse=True)
    from render.layout import recording

    with recording() as placed:
        render_board(view, names=LONG_NAMES[:5], locale="nl")
    texts = [p.text for p in placed]
    for seat in range(5):
        assert duvelen._label("nl", "points", points=view["totals"][seat]) in texts


def test_buttons_name_the_card_and_its_pile_and_never_repeat():
    for players, mode in ((2, "live"), (4, "relaxed"), (6, "live")):
        for state in snapshots(players, mode, seed=players, every=25)[:12]:
            for seat in range(players):
                legal = ENGINE.legal_actions(state, seat)
                view = ENGINE.view(state, seat)
                for locale in ("en", "nl"):
                    labels = [action_label(view, action, locale) for action in legal]
                    assert len(set(labels)) == len(labels), labels
                    assert all(0 < len(label) <= 80 for label in labels)
                    for action, label in zip(legal, labels, strict=True):
                        if "." in action:
                            assert "→" in label and (
                                "Stok" in label or "Rij" in label or "Draaistok" in label or locale == "en"
                            )

"""The Duvelen computer player: its choices on set tables, and its strength against random play."""

from __future__ import annotations

import pytest

from engines.duvelen import ENGINE
from engines.duvelen_ai import choose
from engines.rng import Rng
from tests.engines.test_duvelen import QUIET, eager, rij, table


def pick(state, seat, seed=1):
    return choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), seed)


def test_prefers_the_stok_over_the_draaistok():
    state = table({0: {"stok": ["9D", "AS"], "rij": ["2C", "3C", "4C", "5C"], "open": ["AH"]}, 1: QUIET})
    assert pick(state, 0) == "s.AS"


def test_a_rij_card_that_the_stok_refills_beats_a_draaistok_card():
    state = table({0: {"stok": ["9D", "8D"], "rij": ["2C", "AS", "4C", "5C"], "open": ["AH"]}, 1: QUIET})
    assert pick(state, 0) == "r2.AS"


def test_with_an_empty_stok_the_draaistok_goes_before_the_rij():
    state = table(
        {0: {"stok": [], "rij": rij("AS"), "open": ["AH"]}, 1: {**QUIET, "stok": ["8C", "9C", "7C"]}},
        stop_seat=None,
    )
    # Stop is not urgent (the rival has 3 Stok cards): play first, the Draaistok card first.
    assert pick(state, 0) == "d.AH"


def test_a_king_closing_a_hoop_full_of_own_cards_goes_first():
    state = table(
        {0: {"stok": ["9D", "8D"], "rij": ["KH", "AS", "4C", "5C"]}, 1: QUIET},
        hoops=[("H", [0] * 12)],
    )
    assert pick(state, 0) == "r1.KH"


def test_stops_when_nothing_fits():
    state = table({0: {"stok": [], "rij": rij("7C")}, 1: {**QUIET, "stok": ["8C", "9C", "7C"]}})
    assert "turn" in ENGINE.legal_actions(state, 0)
    assert pick(state, 0) == "stop"


def test_stops_at_once_when_a_rival_could_stop_first():
    state = table({0: {"stok": [], "rij": rij("AC")}, 1: {"stok": ["8C"], "rij": ["2S", "3S", "4S", "5S"]}})
    assert pick(state, 0) == "stop"


def test_plays_on_before_stopping_while_that_pays():
    state = table({0: {"stok": [], "rij": rij("AC")}, 1: {**QUIET, "stok": ["8C", "9C", "7C"]}})
    assert pick(state, 0) == "r1.AC"


def test_turns_when_stuck_and_quits_only_when_everybody_is_stuck():
    state = table({0: QUIET, 1: QUIET})
    assert pick(state, 0) == "turn"
    # 46 cards in the Draaistok: 16 turns per pass; 3 passes without any play is stuck.
    stuck = table({0: {**QUIET, "idle": 49}, 1: QUIET})
    assert pick(stuck, 0) == "turn"  # the other player may still change the table
    both = table({0: {**QUIET, "idle": 49}, 1: {**QUIET, "idle": 49}})
    assert pick(both, 0) == "done"
    other_done = table({0: {**QUIET, "idle": 49}, 1: {**QUIET, "done": True}})
    assert pick(other_done, 0) == "done"
    very_stuck = table({0: {**QUIET, "idle": 200}, 1: QUIET})
    assert pick(very_stuck, 0) == "done"


def test_after_stop_without_a_play_it_is_done():
    state = table({0: {"stok": [], "rij": rij("7C")}, 1: {"stok": [], "rij": rij("AC")}}, stop_seat=1)
    assert ENGINE.legal_actions(state, 0) == ["done"]
    assert pick(state, 0) == "done"


def test_choice_is_legal_and_deterministic():
    state = ENGINE.new_game(4, 3, {})[0]
    for _ in range(150):
        if ENGINE.outcome(state) is not None:
            break
        seat = min(ENGINE.to_move(state))
        view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
        action = choose(view, legal, 77)
        assert action in legal and choose(view, legal, 77) == action
        state, _ = ENGINE.apply(state, seat, action)


def play_round(players, seed, ai_seats, mode, opponent):
    state = ENGINE.new_game(players, seed, {"rounds": 1, "mode": mode})[0]
    scheduler = Rng(seed * 31 + 7)
    step = 0
    while ENGINE.outcome(state) is None:
        movers = sorted(ENGINE.to_move(state))
        seat = movers[scheduler.below(len(movers))]
        legal = ENGINE.legal_actions(state, seat)
        if seat in ai_seats:
            action = choose(ENGINE.view(state, seat), legal, seed * 1000 + step)
        else:
            action = opponent(scheduler, legal)
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
        assert step < 5000, "a round with the computer player must end by itself"
    return ENGINE.outcome(state).scores


def uniform(rng, legal):
    return legal[rng.below(len(legal))]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["live", "relaxed"])
@pytest.mark.parametrize("opponent", [uniform, eager])
def test_ai_beats_random_players_by_round_score(mode, opponent):
    ai_total = random_total = 0.0
    games = 16
    for seed in range(games):
        players = 2 + seed % 3
        ai_seat = seed % players
        scores = play_round(players, seed, {ai_seat}, mode, opponent)
        ai_total += scores[ai_seat]
        random_total += (sum(scores) - scores[ai_seat]) / (players - 1)
    assert ai_total / games > random_total / games + 15


@pytest.mark.parametrize("mode", ["live", "relaxed"])
@pytest.mark.parametrize("players", [2, 5, 8])
def test_rounds_of_computer_players_end_by_themselves(players, mode):
    scores = play_round(players, 40 + players, set(range(players)), mode, uniform)
    assert len(scores) == players

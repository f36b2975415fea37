"""The Devil Take The Hindmost computer player: sensible choices in set positions, and much
stronger than random play."""

from __future__ import annotations

import pytest

from engines.hindmost import ENGINE, HindmostState
from engines.hindmost_ai import choose
from engines.hindmost_hard import HARD_WIN_VALUE, _lap_value, _match_value, _win_chance, hard_weights
from engines.hindmost_normal import NORMAL_WEIGHTS, playout_choice
from engines.levels import HARD
from engines.rng import Rng
from tests.engines.test_hindmost import build


def ai_choice(state: HindmostState, seed: int = 1) -> str:
    (seat,) = ENGINE.to_move(state)
    legal = ENGINE.legal_actions(state, seat)
    action = choose(ENGINE.view(state, seat), legal, seed)
    assert action in legal
    return action


def test_joker_sprint_saves_a_rider_from_elimination():
    # The line is crossed; (0, 3) moves last in the turn and is 12 behind the last rider of seat 1.
    at = {(1, 1): 31, (0, 1): 24, (1, 2): 20, (0, 2): 18, (1, 3): 14, (0, 3): 2}
    turn = [(1, 1), (0, 1), (1, 2), (0, 2), (1, 3), (0, 3)]
    state = build(at=at, turn=turn, current=(0, 3), hands={0: ["JK", "KS", "2S", "3S", "4S"]})
    assert ai_choice(state) == "JK+KS"  # 8 + 5 = 13: the only play that gets past 14


def test_cheapest_card_that_is_enough_at_the_end_of_a_lap():
    # Past the line already; (0, 3) on 12 must pass the rider on 14. The matching 2 only draws level
    # (and the later arrival is outside), a 3 is short; the Queen is the cheapest card that is enough.
    at = {(1, 1): 31, (0, 1): 24, (1, 2): 20, (0, 2): 18, (1, 3): 14, (0, 3): 12}
    turn = [(1, 1), (0, 1), (1, 2), (0, 2), (1, 3), (0, 3)]
    state = build(at=at, turn=turn, current=(0, 3), hands={0: ["JK", "KS", "AS", "QS", "2S"]})
    assert ai_choice(state) == "QS"


def test_matching_number_is_preferred_to_a_face_card():
    # (0, 3) on a 7 must pass the rider on 13: the 7 (7 spaces), Queen and King all do; the 7 is cheapest.
    at = {(1, 1): 31, (0, 1): 24, (1, 2): 20, (0, 2): 18, (1, 3): 13, (0, 3): 7}
    turn = [(1, 1), (0, 1), (1, 2), (0, 2), (1, 3), (0, 3)]
    state = build(at=at, turn=turn, current=(0, 3), hands={0: ["7H", "KS", "QS", "2S", "3S"]})
    assert ai_choice(state) == "7H"


def test_safe_rider_spends_a_low_card_early_in_the_lap():
    # Start of a lap: the leader is far from the back and the line is far away.
    at = {(0, 1): 0, (1, 1): -1, (0, 2): -2, (1, 2): -3, (0, 3): -4, (1, 3): -5}
    state = build(at=at, hands={0: ["2S", "AS", "KS", "QS", "JK"]})
    assert ai_choice(state) == "2S"


def test_a_safe_leader_keeps_the_high_cards_for_the_rider_in_danger():
    # Late in the lap: seat 0's leader is safe, its third rider is last. The leader plays low (which
    # also keeps it short of the line, leaving the rider at the back another turn).
    at = {(0, 1): 24, (1, 1): 22, (1, 2): 21, (0, 2): 20, (1, 3): 19, (0, 3): 12}
    state = build(at=at, hands={0: ["3S", "KS", "QS", "AS", "JK"]})
    assert ai_choice(state) == "3S"


def test_choice_ignores_hidden_cards_and_is_deterministic():
    at = {(0, 1): 20, (1, 1): 16, (0, 2): 12, (1, 2): 8, (0, 3): 4, (1, 3): 0}
    one = build(at=at, hands={0: ["3S", "7H", "KS", "QS", "JK"], 1: ["2H", "3H", "4H", "5H", "6H"]})
    two = build(at=at, hands={0: ["3S", "7H", "KS", "QS", "JK"], 1: ["AH", "AD", "KH", "KD", "JK"]})
    assert ENGINE.view(one, 0) == ENGINE.view(two, 0)  # seat 0 cannot tell the two apart
    choices = {ai_choice(state, seed) for state in (one, two) for seed in range(5)}
    assert len(choices) == 1


def play_race(players: int, seed: int, ai_seat: int) -> list[float]:
    state = ENGINE.new_game(players, seed, {})[0]
    rng = Rng(seed ^ 0x5EED)
    step = 0
    while not state.over:
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        if seat == ai_seat:
            action = choose(ENGINE.view(state, seat), legal, seed * 1000 + step)
        else:
            action = legal[rng.below(len(legal))]
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    return ENGINE.outcome(state).scores


@pytest.mark.slow
def test_ai_beats_random_play_clearly_two_players():
    races, ai_points, random_points, ai_wins = 80, 0, 0, 0
    for seed in range(races):
        ai_seat = seed % 2
        scores = play_race(2, seed, ai_seat)
        ai_points += scores[ai_seat]
        random_points += scores[1 - ai_seat]
        ai_wins += scores[ai_seat] > scores[1 - ai_seat]
    # 25 points per race are shared; an even split would be 12.5 each.
    assert ai_points / races >= 14.5 > 10.5 >= random_points / races
    assert ai_wins >= 0.8 * races


@pytest.mark.slow
def test_ai_beats_random_play_four_players():
    races, ai_points, others = 24, 0.0, 0.0
    for seed in range(races):
        ai_seat = seed % 4
        scores = play_race(4, 1000 + seed, ai_seat)
        ai_points += scores[ai_seat]
        others += (sum(scores) - scores[ai_seat]) / 3
    assert ai_points / races > 1.3 * others / races


def hard_choice(state: HindmostState, seed: int = 1) -> str:
    (seat,) = ENGINE.to_move(state)
    legal = ENGINE.legal_actions(state, seat)
    action = choose(ENGINE.view(state, seat), legal, seed, None, HARD)
    assert action in legal
    return action


def test_hard_endgame_sprint_searches_from_the_view_and_repeats():
    # The final sprint, seat 0 against seat 1, early in the lap: hard plays it out to the end of the
    # match (``HARD_ENDGAME_RIDERS``) from the view alone, so hidden cards do not change its play,
    # and the same view and seed give the same play.
    out = ((0, 3), (1, 3), (1, 2), (0, 2))
    at = {(0, 1): 8, (1, 1): 6}
    hand = ["3S", "7H", "KS", "QS", "JK"]
    one = build(at=at, out=out, hands={0: hand, 1: ["2H", "3H", "4H", "5H", "6H"]})
    two = build(at=at, out=out, hands={0: hand, 1: ["AH", "AD", "KH", "KD", "JK"]})
    assert ENGINE.view(one, 0) == ENGINE.view(two, 0)
    assert hard_choice(one, 3) == hard_choice(two, 3) == hard_choice(one, 3)


def test_match_value_counts_the_match_won():
    out = ((0, 3), (1, 3), (1, 2), (0, 2))
    state = build(at={(0, 1): 20, (1, 1): 18}, out=out)
    done = state.clone()
    done.over = True
    done.race_points = [2 + 6 + 9, 1 + 3 + 4 + 6]  # illustrative totals: seat 0 ahead
    assert _match_value(state, done, 0) > _match_value(state, done, 1) == 0.0
    done.race_points = [10, 10]
    done.race_wins = [0, 0]
    assert _match_value(state, done, 0) == _match_value(state, done, 1) > 0.0


def test_win_chance_counts_the_orders_the_riders_left_can_go_out_in():
    table = (1, 2, 3, 4, 6, 9)  # six riders
    assert _win_chance((3, 3), (0, 0), (0, 0), 0, table, 0) == pytest.approx(0.5)
    # Seat 1 lost its first two riders (1 + 2 points): its last rider can reach 2 + 9 at best, and
    # seat 0's three riders share at least 3 + 4 + 6: decided.
    assert _win_chance((3, 1), (0, 3), (0, 0), 2, table, 0) == pytest.approx(1.0)
    assert _win_chance((2, 3), (1, 0), (0, 0), 1, table, 0) < 0.5 < _win_chance((3, 2), (0, 1), (0, 0), 1, table, 0)
    # At four players another seat's rider going out helps, one's own hurts.
    eight = (1, 2, 3, 4, 5, 6, 8, 11)
    mine = _win_chance((1, 2, 2, 2), (1, 0, 0, 0), (0,) * 4, 1, eight, 0)
    theirs = _win_chance((2, 1, 2, 2), (0, 1, 0, 0), (0,) * 4, 1, eight, 0)
    assert mine < 0.25 < theirs


def test_hard_lap_value_prefers_the_other_seat_losing_the_rider():
    state = build(at={(0, 1): 20, (1, 1): 18, (0, 2): 16, (1, 2): 14, (0, 3): 12, (1, 3): 10})
    mine, theirs = state.clone(), state.clone()
    mine.out[2], theirs.out[5] = True, True  # rider 3 of seat 0, rider 3 of seat 1
    mine.eliminated, theirs.eliminated = [2], [5]
    mine.race_points, theirs.race_points = [1, 0], [0, 1]
    assert _lap_value(state, theirs, 0) - _lap_value(state, mine, 0) == pytest.approx(HARD_WIN_VALUE * 0.4)


@pytest.mark.parametrize("players", [2, 4])
def test_hard_play_outs_ask_the_normal_player_exactly_as_choose_would(players):
    # The play-outs skip building views (``playout_choice``): in every position of a game they
    # must make the play ``choose`` makes from the seat's view at ``normal``.
    state = ENGINE.new_game(players, 40 + players, {"races": 2})[0]
    step = 0
    while not state.over:
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        action = choose(ENGINE.view(state, seat), legal, step)
        assert playout_choice(state, legal, step) == action
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    assert step > 100


def test_hard_at_four_players_spends_a_face_card_earlier_to_leave_the_back():
    # Four players, three turns before the lap's end (too early for hard's play-outs): seat 0's
    # second rider is last, two spaces behind the pack. The normal player's scoring, tuned at two
    # players, keeps the Queen for later; hard's own weights at four players (an elimination costs
    # more there) spend it now. At two players hard scores as normal does.
    at = {(1, 1): 10, (2, 1): 9, (3, 1): 8, (0, 1): 7, (1, 2): 6, (2, 2): 5, (3, 2): 4, (0, 2): 2}
    turn = sorted(at, key=lambda key: -at[key])
    state = build(4, at=at, turn=turn, current=(0, 2), hands={0: ["3S", "KS", "QS", "AS", "2H"]})
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    assert choose(view, legal, 1) == "3S"
    assert choose(view, legal, 1, None, HARD) == "QS"
    assert hard_weights(2) == NORMAL_WEIGHTS != hard_weights(4)

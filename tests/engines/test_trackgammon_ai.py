"""Trackgammon computer player: legal, deterministic, decides from the view, beats random play."""

from __future__ import annotations

from engines import trackgammon_ai as ai
from engines.rng import Rng
from engines.trackgammon import ENGINE, FINISH
from tests.engines.test_trackgammon import F, position


def ai_move(state, seed: int = 0) -> str:
    seat = state.turn
    return ai.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), seed)


def play_game(players: int, seed: int, ai_seats: set[int]) -> tuple[list[int], int]:
    state = ENGINE.new_game(players, seed)[0]
    pick = Rng(seed + 1000)
    steps = 0
    while ENGINE.outcome(state) is None:
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        if seat in ai_seats:
            action = ai.choose(ENGINE.view(state, seat), legal, seed * 1000 + steps)
            assert action in legal
        else:
            plain = [a for a in legal if a != "undo"]
            action = plain[pick.below(len(plain))]
        state, _ = ENGINE.apply(state, seat, action)
        steps += 1
        assert steps < 20000
    return ENGINE.outcome(state).placements, steps


def test_ai_beats_random_play_clearly():
    games = 40
    wins = 0
    for seed in range(games):
        ai_seat = seed % 2
        placements, _ = play_game(2, seed, {ai_seat})
        wins += placements[ai_seat] == 1
    assert wins >= 0.85 * games, f"the computer player won only {wins} of {games}"


def test_ai_games_with_three_and_four_computer_players_end():
    for players in (3, 4):
        placements, steps = play_game(players, 7, set(range(players)))
        assert sorted(placements)[0] == 1 and steps < 2000


def test_ai_is_deterministic_and_confirms_a_finished_turn():
    state = ENGINE.new_game(3, 11)[0]
    assert ai_move(state, 5) == ai_move(state, 5)
    while "done" not in ENGINE.legal_actions(state, state.turn):
        state, _ = ENGINE.apply(state, state.turn, ai_move(state))
    assert ENGINE.legal_actions(state, state.turn) == ["undo", "done"]
    assert ai_move(state) == "done"


def test_ai_takes_the_win_when_it_can():
    state = position({0: {5: F, 4: F, 3: F, 2: F, 1: 22}}, dice=(1, 4))
    assert ai_move(state) == "1f4"


def test_ai_hits_a_far_advanced_disc():
    # Seat 1's fat man is on its 20 (seat 0's purple 6); seat 0's fat man on 2 can hit it with a 4.
    discs = {0: {5: 2, 4: 7, 3: 9, 2: 11, 1: 13}, 1: {5: 20, 4: 1, 3: 1, 2: 1, 1: 1}}
    state = position(discs, dice=(4, 3))
    state, events = ENGINE.apply(state, 0, ai_move(state))
    if not any(e["type"] == "hit" for e in events):
        state, events = ENGINE.apply(state, 0, ai_move(state))
    assert ENGINE.view(state, None)["discs"][1][4] == 1


def test_ai_moves_the_disc_allowed_home_towards_the_finish():
    discs = {0: {5: 19, 4: 3, 3: 3, 2: 3, 1: 3}}
    state = position(discs, dice=(6, 1))
    for _ in range(2):
        state, _ = ENGINE.apply(state, 0, ai_move(state))
    assert ENGINE.view(state, None)["discs"][0][4] == FINISH


def test_ai_uses_only_the_view():
    state = ENGINE.new_game(2, 3)[0]
    view = ENGINE.view(state, state.turn)
    legal = ENGINE.legal_actions(state, state.turn)
    assert "rng" not in view
    assert ai.choose(view, legal, 1) in legal

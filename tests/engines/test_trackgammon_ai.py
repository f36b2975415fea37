"""Trackgammon computer player: legal, deterministic, decides from the view, beats random play."""

from __future__ import annotations

import pytest

from engines import trackgammon_ai as ai
from engines import trackgammon_hard, trackgammon_normal
from engines.budget import Budget
from engines.rng import Rng
from engines.trackgammon import DISCS, ENGINE, FINISH
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


@pytest.mark.slow
def test_ai_beats_random_play_clearly():
    games = 24
    wins = 0
    for seed in range(games):
        ai_seat = seed % 2
        placements, _ = play_game(2, seed, {ai_seat})
        wins += placements[ai_seat] == 1
    assert wins >= 0.85 * games, f"the computer player won only {wins} of {games}"


@pytest.mark.slow
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


# ---- turn search within the work budget -------------------------------------------------------------
# Trackgammon's turn search within its work budget: a plain roll is searched whole; the bushiest
# doubles hit the budget, stay within it and still play a legal, repeatable move that a whole search
# rates about as well.


# Four players, seat 3 to move with double fours and all its discs out (from a computer game):
# about 3,100 units of work for the whole search, twice the budget.
BUSHY = {
    0: dict(zip(range(1, 6), [10, 7, 7, 1, 1], strict=True)),
    1: dict(zip(range(1, 6), [5, 6, 4, 3, 7], strict=True)),
    2: dict(zip(range(1, 6), [11, 8, 4, 10, 9], strict=True)),
    3: dict(zip(range(1, 6), [19, 10, 7, 4, 5], strict=True)),
}


def decide(state, budget: Budget, seed: int = 1) -> str:
    view, legal = ENGINE.view(state, state.turn), ENGINE.legal_actions(state, state.turn)
    return ai.choose(view, legal, seed, budget)


def whole_search(state) -> dict:
    view = ENGINE.view(state, state.turn)
    pos = tuple(point for row in view["discs"] for point in row)
    return trackgammon_normal.turn_ends(
        pos, 4, state.turn, tuple(sorted(view["remaining"])), Budget(10**9, seconds=None)
    )


def test_a_bushy_double_hits_the_budget_and_still_plays_well():
    state = position(BUSHY, players=4, turn=3, dice=(4, 4))
    budget = Budget(ai.WORK_BUDGET, seconds=None)
    action = decide(state, budget)
    assert budget.bound and not budget.timed_out
    assert budget.spent <= ai.WORK_BUDGET + 2
    assert action in ENGINE.legal_actions(state, 3)
    assert decide(state, Budget(ai.WORK_BUDGET, seconds=None)) == action  # the same every time
    # Without a budget the search finds every end; the move chosen within it starts a plan that
    # ends within a few points of the best.
    ends = whole_search(state)
    best = max(score for score, _plan in ends.values())
    reachable = [score for score, plan in ends.values() if plan and plan[0] == action]
    unlimited = Budget(10**9, seconds=None)
    decide(state, unlimited)
    assert not unlimited.bound and unlimited.spent > ai.WORK_BUDGET
    assert max(reachable) == best  # here the budget costs nothing at all


def test_a_plain_roll_in_the_same_position_is_searched_whole():
    state = position(BUSHY, players=4, turn=3, dice=(4, 3))
    budget = Budget(ai.WORK_BUDGET, seconds=None)
    action = decide(state, budget)
    assert not budget.bound and budget.spent < ai.WORK_BUDGET / 10
    assert action in ENGINE.legal_actions(state, 3)


def test_a_tiny_budget_still_plays_a_legal_move():
    state = position(BUSHY, players=4, turn=3, dice=(4, 4))
    for work in (0, 1, 30, 300):
        budget = Budget(work, seconds=None)
        assert decide(state, budget) in ENGINE.legal_actions(state, 3)
        assert budget.bound


def test_hard_sees_the_whole_reply_to_a_plain_roll_the_largest_discs_hits_included():
    # The reply search gets enough work for a whole plain roll (this one takes 106 units; 60, the
    # old figure, cut it short): moves come smallest disc first, so a cut search loses the largest
    # discs' replies first. Here seat 0's fat man on 2 can hit seat 1's with the 4.
    discs = {0: {5: 2, 4: 7, 3: 9, 2: 11, 1: 13}, 1: {5: 20, 4: 1, 3: 1, 2: 1, 1: 1}}
    pos = tuple(p for row in ENGINE.view(position(discs, dice=(4, 3)), None)["discs"] for p in row)
    budget = Budget(trackgammon_hard.REPLY_WORK, seconds=None)
    ends = trackgammon_normal.turn_ends(pos, 2, 0, (3, 4), budget)
    assert not budget.bound
    assert ends == trackgammon_normal.turn_ends(pos, 2, 0, (3, 4), Budget(10**9, seconds=None))
    assert any(end[DISCS + 4] == 1 for end in ends)  # seat 1's fat man sent back


def turn_played(state, level: str) -> list[list[int]]:
    """Every seat's discs after seat 0 has played its whole turn at ``level``."""
    while (action := ai.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), 1, None, level)) != "done":
        state, _ = ENGINE.apply(state, 0, action)
    discs: list[list[int]] = ENGINE.view(state, None)["discs"]
    return discs


def test_hard_clears_a_smaller_foreign_disc_out_of_its_fat_mans_way():
    # Seat 1's 2 stands on seat 0's purple 22, just ahead of seat 0's fat man on 21: the fat man may
    # not pass it. Hard (its blocked disc weighs more) hits it with its own 2 (23, bounce, 22) and
    # then moves the fat man past; normal runs the 3 and 4 instead and leaves the block (from a
    # computer game).
    discs = {
        0: dict(zip(range(1, 6), [2, 23, 10, 17, 21], strict=True)),
        1: dict(zip(range(1, 6), [21, 4, 9, 13, 15], strict=True)),
    }
    state = position(discs, dice=(2, 5))
    played = {level: turn_played(state, level) for level in ("normal", "hard")}
    assert played["hard"] == [[2, 22, 10, 17, 23], [21, 1, 9, 13, 15]]
    assert played["normal"][1][1] == 4  # the block stays


def test_hard_at_four_players_frees_its_own_disc_rather_than_keep_a_neighbours_disc_blocked():
    # Seat 0's runner covers its own 3 on purple 12, where it also stands ahead of a neighbour's
    # disc allowed home. Normal (blocking weighs as at two players) keeps it there and runs its 2
    # eleven points; hard at four players (blocking a neighbour helps the two others as much, so it
    # weighs half) uncovers the 3 instead: it runs the runner the same eleven points to its yellow 23
    # (from a computer game). Before it counted shots it ran the 3 to 17 and the runner to 18,
    # where the next player's runner on its 16 (8 points off) reaches it in 10 rolls of 36.
    rows = [[12, 6, 12, 4, 15], [16, 2, 10, 4, 13], [4, 2, 4, 9, 17], [8, 15, 2, 9, 11]]
    discs = {seat: dict(zip(range(1, 6), row, strict=True)) for seat, row in enumerate(rows)}
    state = position(discs, players=4, turn=0, dice=(5, 6))
    played = {level: turn_played(state, level)[0] for level in ("normal", "hard")}
    assert played["normal"] == [12, 17, 12, 4, 15]  # the runner stays in the way, on its own 3
    assert played["hard"] == [23, 6, 12, 4, 15]


def test_hard_at_four_players_keeps_its_disc_allowed_home_out_of_the_previous_players_reach():
    # Seat 0 (3 allowed home, on 3) rolls 6-1. Seat 3, the player before it, has its 2 on its 24,
    # which is 8 points from seat 0's purple 10 (seat 3's 16): backward 8 with the two dice, or a
    # double, reaches it in 12 rolls of 36. Normal counts a disc both dice away as a tenth of a shot
    # and lands its 3 on 10; hard counts the rolls (``Weights.shot_weight``) and plays it 6 to the
    # yellow 9 and its 2 one point, both out of reach.
    state = position({0: {5: FINISH, 4: FINISH, 3: 3, 2: 4, 1: 6}, 3: {2: 24}}, players=4, turn=0, dice=(1, 6))
    played = {level: turn_played(state, level)[0] for level in ("normal", "hard")}
    assert played["normal"] == [6, 4, 10, FINISH, FINISH]  # the 3 on 10, in the 2's reach
    assert played["hard"] == [6, 5, 9, FINISH, FINISH]


def test_the_shot_table_counts_every_way_a_disc_can_land_this_turn():
    # Chances over the 36 rolls, never the disc's own point (it has to move).
    shots = trackgammon_normal._shots()
    assert all(0.0 <= chance <= 1.0 for row in shots for chance in row)
    assert all(shots[point][point] == 0.0 for point in range(1, 26))
    assert shots[10][11] > shots[10][21] > 0.0  # one point on is likelier than eleven
    assert shots[24][16] == 12 / 36  # the case above


@pytest.mark.slow  # among the quick tier's slowest (10–50 s on a busy machine, issue 46): the full run has it
def test_remembered_scores_change_no_decision():
    # Position scores are remembered across decisions (``EVALUATION_CACHE``). A game's decisions,
    # each made once with what earlier ones left behind and once from an empty cache, are the same
    # moves at the same cost in work, at every level and at two and four players.
    reused = 0

    def decided(view, legal, seed, level, fresh):
        nonlocal reused
        if fresh:
            reused += trackgammon_normal._evaluate.cache_info().hits
            trackgammon_normal._evaluate.cache_clear()
        budget = Budget(ai.HARD_WORK_BUDGET if level == "hard" else ai.WORK_BUDGET, seconds=None)
        return ai.choose(view, legal, seed, budget, level), budget.spent, budget.bound

    for players, level in ((2, "hard"), (4, "hard"), (4, "normal"), (4, "easy")):
        state = ENGINE.new_game(players, 31)[0]
        for step in range(14):
            seat = state.turn
            view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
            warm = decided(view, legal, step, level, fresh=False)
            assert warm == decided(view, legal, step, level, fresh=True), (players, level, step)
            state, _ = ENGINE.apply(state, seat, warm[0])
    assert reused > 0  # the warm decisions did read earlier scores

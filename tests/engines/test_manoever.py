"""Das glorreiche Manöver: every rule of ../shared/rules/manoever.md as a scenario, plus playouts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engines.errors import BadAction, BadOption, BadState, GameOver, IllegalAction, NotYourTurn
from engines.manoever import (
    BONUS_FACTORS,
    ENGINE,
    bonus_stretches,
    canonical_action,
    legal_distances,
    max_distance,
    rank_of,
)
from locales import tr

SEATS = "ABCD"
# Bonus stones out of the way of most scenarios (black 70..76, white 61..71), rewards at the end.
DEFAULT_BONUS = {70: 3, 72: 3, 74: 3, 76: 3, 61: 2, 63: 2, 65: 2, 67: 2, 69: 2, 71: 2}
DEFAULT_REWARDS = {80: 1, 82: 2, 84: 3}


def recruits(text: str) -> list[list[int]]:
    """ "A1 B2" -> [[0, 1], [1, 2]]: seat letter and recruit number, bottom of the stack first."""
    return [[SEATS.index(token[0]), int(token[1:])] for token in text.split()]


def make(
    stacks: dict[int, str],
    *,
    players: int = 2,
    seat: int = 0,
    courtyard: str = "",
    moved: tuple[int, ...] = (),
    bonus: dict[int, int] | None = None,
    rewards: dict[int, int] | None = None,
    taken: list[list[int]] | None = None,
):
    """A scenario state through ``_load`` (which checks every invariant)."""
    return ENGINE._load(
        {
            "players": players,
            "seed": 0,
            "start_seat": 0,
            "seat": seat,
            "turn": 5,
            "stacks": {str(field): recruits(text) for field, text in stacks.items()},
            "courtyard": recruits(courtyard),
            "bonus": {str(f): v for f, v in (DEFAULT_BONUS if bonus is None else bonus).items()},
            "rewards": {str(f): v for f, v in (DEFAULT_REWARDS if rewards is None else rewards).items()},
            "taken": taken if taken is not None else [[] for _ in range(players)],
            "moved": list(moved),
            "opening": [],
            "last": [],
        }
    )


def pending_max(state, recruit: int) -> int:
    view = ENGINE.view(state, state.seat)
    (entry,) = [e for e in view["pending"] if e["recruit"] == recruit]
    return entry["max"]


def distances(state, recruit: int) -> list[int]:
    return [int(a.split("-")[1]) for a in ENGINE.legal_actions(state, state.seat) if a.split("-")[0] == str(recruit)]


def play(state, *actions: str):
    events = []
    for action in actions:
        state, new = ENGINE.apply(state, state.seat, action)
        events += new
    return state, events


def types(events) -> list[str]:
    return [e["type"] for e in events]


# Two players, the other recruits spread over fields ahead so they do not interfere.
SPREAD_B = {30: "B1", 40: "B2", 50: "B3", 55: "B4", 58: "B5", 59: "B6"}


# ---- the rulebook's example -----------------------------------------------------------------


def test_rulebook_example_on_two_recruits_in_fifth_group_up_to_15_fields():
    # Four occupied fields ahead (stacks among them count once), so the group on 10 is fifth.
    state = make({10: "B1 B2 A1", 30: "A2 A3 B3", 40: "A4 B4", 50: "B5", 54: "A5 A6 B6"})
    assert rank_of(state.stacks, 10) == 5
    assert pending_max(state, 1) == 15
    assert max(distances(state, 1)) == 15
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, "1-16")
    assert err.value.code == "too-far" and err.value.params["max"] == 15


# ---- maximum distance: rank, passenger, bonus --------------------------------------------


def test_rank_counts_occupied_fields_ahead_stacks_once_and_not_the_courtyard():
    spec = {5: "A1", 10: "A2 B1 B2", 12: "B3", 20: "B4 B5 B6", 25: "A3"}
    state = make(spec, courtyard="A4 A5 A6")
    assert rank_of(state.stacks, 25) == 1  # the leader
    assert rank_of(state.stacks, 20) == 2  # one occupied field ahead, recruits ahead do not matter
    assert rank_of(state.stacks, 12) == 3  # the 3-stack counts once
    assert rank_of(state.stacks, 5) == 5
    assert pending_max(state, 1) == 5  # three recruits home add nothing
    assert pending_max(state, 3) == 1


def test_last_recruit_has_rank_at_most_12_and_moves_up_to_12():
    spec = {f: f"{'AB'[i % 2]}{i // 2 + 1}" for i, f in enumerate(range(3, 27, 2))}
    state = make(spec)
    assert rank_of(state.stacks, 3) == 12
    assert max_distance(state.stacks, state.bonus, 3) == 12


def test_passenger_and_bonus_factors_multiply():
    bonus = {**{f: v for f, v in DEFAULT_BONUS.items() if f != 70}, 20: 3}  # black stone under the stack
    spec = {20: "B1 B2 A1", 30: "A2", 40: "B3 B4", 50: "A3 A4 A5", 60: "B5 B6 A6"}
    state = make(spec, bonus=bonus)
    assert rank_of(state.stacks, 20) == 5
    assert pending_max(state, 1) == 5 * 3 * 3
    (entry,) = [e for e in ENGINE.view(state, 0)["pending"] if e["recruit"] == 1]
    assert (entry["rank"], entry["passenger"], entry["bonus"]) == (5, 3, 3)
    assert 45 in distances(state, 1) and 46 not in distances(state, 1)


def test_passenger_factor_on_one_recruit_is_two():
    state = make({10: "B1 A1", 20: "A2", 30: "A3", 40: "A4", 45: "A5", 46: "A6", 60: "B2 B3", 62: "B4 B5 B6"})
    assert rank_of(state.stacks, 10) == 8
    assert pending_max(state, 1) == 16


def test_bonus_counts_only_for_a_recruit_that_landed_there():
    bonus = {**{f: v for f, v in DEFAULT_BONUS.items() if f != 70}, 15: 3}
    spec = {10: "A1", 12: "A2", 40: "B1 B2", 50: "B3", 55: "B4", 58: "B5", 59: "B6", 60: "A3 A4", 62: "A5 A6"}
    state = make(spec, bonus=bonus)
    # Recruit 1 passes over the black stone on 15; recruit 2 lands on it.
    state, events = play(state, "1-8", "2-3")
    assert events[0]["bonus"] == 0 and events[1]["bonus"] == 3
    assert {"field": 15, "factor": 3} in ENGINE.view(state, None)["bonus"], "bonus stones stay on the board"
    # On 18, seven occupied fields ahead: rank 8, no factor for the stone it passed.
    assert max_distance(state.stacks, state.bonus, 18) == 8
    # On the stone, 18 is ahead too: rank 9, tripled.
    assert max_distance(state.stacks, state.bonus, 15) == 9 * 3


def test_maximum_distance_is_taken_at_the_moment_of_moving():
    spec = {10: "A1", 11: "A3 A2", 30: "A4", 32: "A5 A6", 70: "B1 B2 B3", 71: "B4 B5 B6"}
    state = make(spec, bonus={**{f: v for f, v in DEFAULT_BONUS.items() if f not in (70, 71)}, 20: 3, 21: 2})
    assert pending_max(state, 1) == 6  # 11, 30, 32, 70, 71 ahead
    state, _ = play(state, "4-2")  # 30 -> 32, onto a stack: one occupied field fewer ahead of 1
    assert pending_max(state, 1) == 5
    state, _ = play(state, "2-1")  # 11 -> 12 leaves recruit 3 on 11: one occupied field more
    assert pending_max(state, 1) == 6


# ---- landing ----------------------------------------------------------------------------


def test_cannot_land_on_a_full_field_but_may_land_on_one_or_two():
    spec = {10: "A1", 12: "B1", 13: "B2 B3", 14: "B4 B5 A2", 30: "A3 A4 A5", 40: "A6", 50: "B6"}
    state = make(spec)
    assert rank_of(state.stacks, 10) == 7
    assert distances(state, 1) == [1, 2, 3, 5, 6, 7]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, "1-4")
    assert err.value.code == "full" and err.value.params["field"] == 14
    state, events = play(state, "1-3")
    assert events[0]["onto"] == 2
    assert state.stacks[13] == ((1, 2), (1, 3), (0, 1))


def test_recruits_jump_over_others_freely():
    spec = {10: "A1", 11: "B1 B2 B3", 12: "B4 B5 B6", 30: "A2 A3 A4", 40: "A5", 45: "A6"}
    state = make(spec)
    assert 1 not in distances(state, 1) and 2 not in distances(state, 1)
    state, _ = play(state, "1-5")
    assert state.stacks[15] == ((0, 1),)


def test_legal_distances_never_empty_by_the_rank_rule():
    # The ruling's "skip a free recruit that cannot land" cannot trigger: with rank r at most r-1
    # of the next r fields are occupied.
    spec = {10: "A1", 11: "B1 B2 B3", 12: "B4 B5 B6", 13: "A2 A3 A4", 14: "A5 A6"}
    state = make(spec)
    assert legal_distances(state.stacks, state.bonus, 10) == [4, 5]
    assert ENGINE.view(state, 0)["pending"][0]["max"] == 5


# ---- a turn: forced moves, order, uncovered recruits -----------------------------------


def test_every_free_recruit_must_move_once_in_any_order_then_the_turn_ends():
    spec = {10: "A1", 20: "A2", 30: "B1 A3", 40: "B6 A5 A6", 50: "B2 B3", 60: "B4 B5", 65: "A4"}
    state = make(spec)
    assert [e["recruit"] for e in ENGINE.view(state, 0)["pending"]] == [1, 2, 3, 4, 6]  # free ones only
    assert {a.split("-")[0] for a in ENGINE.legal_actions(state, 0)} == {"1", "2", "3", "4", "6"}
    state, events = play(state, "6-1", "3-1")
    assert state.seat == 0 and sorted(state.moved) == [3, 6]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, "6-1")
    assert err.value.code == "moved"
    # Recruit 5 under 6 (now moved away) became free and must move as well.
    assert {"type": "freed", "seat": 0, "recruit": 5, "field": 40} in events
    assert [e["recruit"] for e in ENGINE.view(state, 0)["pending"]] == [1, 2, 4, 5]
    state, events = play(state, "1-1", "2-1", "4-1")
    assert state.seat == 0
    state, events = play(state, "5-1")  # 40 -> 41 onto recruit 6; B6 on 40 is not ours
    assert types(events) == ["move", "turn-end", "turn"]
    assert events[1] == {"type": "turn-end", "seat": 0} and events[2] == {"type": "turn", "seat": 1}
    assert state.seat == 1 and state.moved == frozenset()


def test_uncovered_recruit_must_move_too_and_covered_one_need_not():
    spec = {10: "A1 A2", 19: "A3", 30: "B1", 40: "B2 B3", 50: "B4", 60: "B5 B6 A4", 62: "A5", 63: "A6"}
    state = make(spec)
    state, events = play(state, "2-5")  # recruit 2 leaves 10: recruit 1 is uncovered
    assert {"type": "freed", "seat": 0, "recruit": 1, "field": 10} in events
    assert 1 in [e["recruit"] for e in ENGINE.view(state, 0)["pending"]]
    state, events = play(state, "1-9")  # 10 -> 19, onto recruit 3: recruit 3 is covered
    assert state.stacks[19] == ((0, 3), (0, 1))
    assert 3 not in [e["recruit"] for e in ENGINE.view(state, 0)["pending"]]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, "3-1")
    assert err.value.code == "covered"


def test_recruit_under_another_seats_recruit_cannot_move():
    spec = {10: "A1 B1", 20: "A2", 30: "A3", 40: "A4", 50: "A5", 60: "A6 B2", 70: "B3 B4 B5", 71: "B6"}
    state = make(spec, bonus={**{f: v for f, v in DEFAULT_BONUS.items() if f != 70}, 73: 3})
    assert [e["recruit"] for e in ENGINE.view(state, 0)["pending"]] == [2, 3, 4, 5]


def test_a_player_with_no_free_recruit_passes():
    # A has moved five recruits onto B's; once recruit 6 has moved, B has nothing free and passes.
    spec = {10: "B1 B2 A1", 20: "B3 B4 A2", 30: "B5 B6 A3", 40: "A4", 50: "A5", 60: "A6"}
    state = make(spec, moved=(1, 2, 3, 4, 5))
    state, events = play(state, "6-1")
    assert types(events) == ["move", "turn-end", "pass", "turn"]
    assert events[2] == {"type": "pass", "seat": 1} and events[3] == {"type": "turn", "seat": 0}
    assert state.seat == 0 and state.moved == frozenset()
    with pytest.raises(BadState):
        make(spec, moved=(1, 2, 3, 4, 5, 6))  # nobody to move: the turn should have passed


def test_not_your_turn_and_bad_format():
    state = make({10: "A1", 20: "A2", 30: "A3", 40: "A4", 50: "A5", 60: "A6"} | {62: "B1 B2 B3", 64: "B4 B5 B6"})
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 1, "1-1")
    with pytest.raises(BadAction):
        ENGINE.apply(state, 0, "x y")
    with pytest.raises(BadAction) as err:
        ENGINE.apply(state, 0, "roll")
    assert err.value.code == "format"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, "7-1")
    assert err.value.code == "no-recruit"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, "1-0")
    assert err.value.code == "zero"


# ---- reward stones ------------------------------------------------------------------------


def test_landing_on_a_reward_stone_takes_it_passing_over_does_not():
    rewards = {25: 2, 80: 1, 84: 3}
    spec = {20: "A1", 21: "A2", 30: "B1", 40: "B2", 50: "B3", 60: "B4", 61: "B5", 62: "B6", 63: "A3 A4 A5", 64: "A6"}
    state = make(spec, rewards=rewards)
    state, events = play(state, "1-7")  # 20 -> 27, over the stone on 25
    assert "reward" not in types(events) and 25 in state.rewards
    state, events = play(state, "2-4")  # 21 -> 25: takes it
    assert {"type": "reward", "seat": 0, "value": 2, "field": 25} in events
    assert 25 not in state.rewards and state.taken == ((2,), ())
    assert ENGINE.view(state, None)["scores"] == [2, 0]
    assert ENGINE.view(state, None)["rewards_taken"] == [[2], []]


# ---- the courtyard, the end and scoring --------------------------------------------------


def test_moves_past_84_reach_the_courtyard_with_one_canonical_distance():
    no_70 = {**{f: v for f, v in DEFAULT_BONUS.items() if f != 70}, 73: 3}
    spec = {80: "A1", 70: "A2 A3 A4", 60: "A5", 50: "A6", 40: "B1 B2 B3", 30: "B4 B5 B6"}
    assert distances(make(spec, bonus=no_70), 1) == [1]  # the leader crawls
    spec = {80: "A1 A2 A3", 70: "A4", 81: "B6", 60: "A5", 50: "A6", 40: "B1 B2 B3", 30: "B4 B5"}
    state = make(spec, bonus=no_70, rewards={7: 1, 8: 2, 9: 3})
    # Recruit 3 on two recruits with rank 2 may go 6; the courtyard is 5 away: 5 is its only distance there.
    assert pending_max(state, 3) == 6
    assert distances(state, 3) == [1, 2, 3, 4, 5]
    assert canonical_action(ENGINE.view(state, 0), 3, 6) == "3-5"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, "3-6")
    assert err.value.code == "overshoot" and err.value.params["distance"] == 5
    state, events = play(state, "3-5")
    assert events[0] == {"type": "arrive", "seat": 0, "recruit": 3, "from": 80, "distance": 5, "place": 12}
    assert state.courtyard == ((0, 3),)
    assert {"type": "freed", "seat": 0, "recruit": 2, "field": 80} in events
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, "3-1")
    assert err.value.code == "home"


def test_courtyard_places_count_down_from_12():
    spec = {84: "A1", 83: "B1", 10: "A2 A3 A4", 20: "A5 A6", 30: "B2 B3 B4", 40: "B5 B6"}
    state = make(spec, courtyard="", rewards={80: 1, 82: 2, 81: 3})
    state, events = play(state, "1-1")
    assert events[0]["place"] == 12
    view = ENGINE.view(state, None)
    assert view["courtyard"] == [{"place": 12, "seat": 0, "recruit": 1}]
    assert view["scores"] == [12, 0]


def test_eleventh_arrival_ends_the_game_last_recruit_takes_place_1():
    # Ten home already; recruit A6 on 84 (leader) arrives 11th, B6 on 20 is the last one: place 1.
    courtyard = "A1 B1 A2 B2 A3 B3 A4 B4 A5 B5"  # places 12..3
    state = make({84: "A6", 20: "B6"}, courtyard=courtyard, rewards={}, taken=[[1], [2, 3]])
    state, events = play(state, "6-1")
    assert types(events) == ["arrive", "last", "end"]
    assert events[1] == {"type": "last", "seat": 1, "recruit": 6, "field": 20, "place": 1}
    out = ENGINE.outcome(state)
    # A: 12+10+8+6+4 + 2 (11th arrival) + 1 reward = 43; B: 11+9+7+5+3 + 1 + 5 rewards = 41.
    assert out.scores == [43.0, 41.0]
    assert out.placements == [1, 2]
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.legal_actions(state, 0) == []
    view = ENGINE.view(state, 0)
    assert view["over"] and view["result"]["placements"] == [1, 2] and view["pending"] == []


def test_tie_on_points_goes_to_the_single_highest_place():
    # Places: B1 12, A1 11, A2 10, B2 9, A3 8, B3 7, A4 6, B4 5, A5 4, B5 3; A6 will take 2, B6 1.
    courtyard = "B1 A1 A2 B2 A3 B3 A4 B4 A5 B5"
    state = make({84: "A6", 20: "B6"}, courtyard=courtyard, rewards={}, taken=[[1], [2, 3]])
    state, events = play(state, "6-1")
    out = ENGINE.outcome(state)
    # A: 11+10+8+6+4+2 + 1 = 42; B: 12+9+7+5+3+1 + 5 = 42. B holds the single highest place.
    assert out.scores == [42.0, 42.0]
    assert out.detail["best_place"] == [11, 12]
    assert out.placements == [2, 1]
    assert events[-1] == {"type": "end", "winner_seat": 1, "score": 42}


def test_a_move_that_ends_the_game_ends_the_turn_at_once():
    courtyard = "A1 B1 A2 B2 A3 B3 A4 B4 A5 B5"
    state = make({84: "A6", 20: "B6"}, courtyard=courtyard, rewards={}, taken=[[1], [2, 3]])
    state, _ = play(state, "6-1")
    assert ENGINE.outcome(state) is not None
    with pytest.raises(GameOver):
        ENGINE.apply(state, 0, "1-1")


# ---- setup and the opening -------------------------------------------------------------------


@pytest.mark.parametrize("players,each", [(2, 6), (3, 4), (4, 3)])
def test_recruits_per_player_count(players, each):
    state = ENGINE.new_game(players, 3)[0]
    on_route = [r for stack in state.stacks.values() for r in stack]
    assert len(on_route) == 12
    for seat in range(players):
        assert sorted(n for s, n in on_route if s == seat) == list(range(1, each + 1))
    assert ENGINE.view(state, None)["recruits_per_seat"] == each


def test_opening_places_every_recruit_on_fields_1_to_6_at_most_3_high_and_rerolls():
    rerolled = 0
    for seed in range(60):
        for players in (2, 3, 4):
            state = ENGINE.new_game(players, seed)[0]
            assert set(state.stacks) <= set(range(1, 7))
            assert all(len(stack) <= 3 for stack in state.stacks.values())
            openings = [e for e in state.opening if e["type"] == "opening"]
            assert [e["seat"] for e in openings] == [(state.start_seat + i) % players for i in range(players)]
            rerolled += sum(e["rerolls"] for e in openings)
            # The dice read in seat order per round rebuild the stacks bottom to top.
            rebuilt: dict[int, list] = {}
            for number in range(1, 12 // players + 1):
                for e in openings:
                    rebuilt.setdefault(e["fields"][number - 1], []).append((e["seat"], number))
            assert {f: tuple(v) for f, v in rebuilt.items()} == state.stacks
    assert rerolled > 0, "some seed should hit a full field"


def test_start_player_moves_first_and_opening_is_in_the_view():
    for seed in range(20):
        state = ENGINE.new_game(3, seed)[0]
        view = ENGINE.view(state, None)
        assert view["opening"][0] == {"type": "start", "seat": state.start_seat}
        assert view["last"][: len(view["opening"])] == view["opening"]
        turn_events = view["last"][len(view["opening"]) :]
        # The start player moves first unless every recruit of theirs is covered (then they pass).
        seats = [(state.start_seat + i) % 3 for i in range(len(turn_events))]
        assert turn_events == [*({"type": "pass", "seat": s} for s in seats[:-1]), {"type": "turn", "seat": seats[-1]}]
        assert view["mover"] == seats[-1] and view["to_move"] == [seats[-1]]
    assert {ENGINE.new_game(2, seed)[0].start_seat for seed in range(20)} == {0, 1}


def test_stones_are_placed_as_the_rules_say():
    stretches = bonus_stretches()
    assert [len(s) for s in stretches].count(7) + [len(s) for s in stretches].count(8) == 10
    assert stretches[0].start == 7 and stretches[-1].stop == 79
    for seed in range(100):
        state = ENGINE.new_game(2, seed)[0]
        assert sorted(state.rewards.values()) == [1, 2, 3]
        assert all(7 <= f <= 84 for f in state.rewards)
        assert sorted(state.bonus.values()) == sorted(BONUS_FACTORS)
        assert not set(state.bonus) & set(state.rewards)
        for stretch in stretches:
            assert sum(1 for f in state.bonus if f in stretch) == 1


def test_same_seed_same_game_and_options_are_checked():
    assert ENGINE.dump(ENGINE.new_game(4, 99)[0]) == ENGINE.dump(ENGINE.new_game(4, 99)[0])
    assert ENGINE.dump(ENGINE.new_game(4, 99)[0]) != ENGINE.dump(ENGINE.new_game(4, 98)[0])
    assert ENGINE.normalize_options({}) == {}
    with pytest.raises(BadOption):
        ENGINE.normalize_options({"variant": True})
    for players in (1, 5):
        with pytest.raises(BadOption) as err:
            ENGINE.new_game(players, 1)[0]
        assert err.value.code == "players"


# ---- storage -------------------------------------------------------------------------------


def test_dump_load_round_trip_and_refusals():
    state = ENGINE.new_game(3, 5)[0]
    dumped = json.loads(json.dumps(ENGINE.dump(state)))
    assert ENGINE.dump(ENGINE.load(dumped)) == ENGINE.dump(state)
    good = ENGINE._dump(state)

    def broken(**changes):
        data = json.loads(json.dumps(good))
        data.update(changes)
        return data

    field, stack = next(iter(good["stacks"].items()))
    bad_cases = [
        broken(players=5),
        broken(stacks={**good["stacks"], field: [*stack, stack[0]]}),  # a recruit twice
        broken(stacks={k: v for k, v in good["stacks"].items() if k != field}),  # recruits missing
        broken(stacks={**{k: v for k, v in good["stacks"].items() if k != field}, "85": stack}),
        broken(bonus={**good["bonus"], "79": 2}),
        broken(rewards={}),
        broken(seat=7),
        broken(moved=[9]),
        broken(turn="x"),
    ]
    for data in bad_cases:
        with pytest.raises(BadState):
            ENGINE.load({"game": "manoever", "v": 1, **data})
    with pytest.raises(BadState):
        ENGINE.load({"game": "manoever", "v": 2, **good})


def test_load_refuses_a_full_stack_of_four_and_an_unended_game():
    with pytest.raises(BadState):
        make({10: "A1 A2 A3 A4", 20: "A5 A6", 30: "B1 B2 B3", 40: "B4 B5 B6"})
    with pytest.raises(BadState):
        make({84: "A6"}, courtyard="A1 B1 A2 B2 A3 B3 A4 B4 A5 B5 B6")


# ---- text ------------------------------------------------------------------------------------


EVENT_TYPES = {"start", "opening", "turn", "turn-end", "pass", "move", "reward", "arrive", "freed", "last", "end"}
ERROR_CODES = {
    "option",
    "players",
    "format",
    "no-recruit",
    "home",
    "moved",
    "covered",
    "zero",
    "too-far",
    "overshoot",
    "full",
    "bad-state",
}


def test_every_event_and_error_has_text_in_both_languages():
    source = Path("engines/manoever.py").read_text(encoding="utf-8")
    assert set(re.findall(r'"type": "([a-z-]+)"', source)) == EVENT_TYPES
    ids = {}
    for lang in ("en", "nl"):
        ftl = Path(f"locales/{lang}/manoever.ftl").read_text(encoding="utf-8")
        ids[lang] = set(re.findall(r"^([a-z0-9-]+) =", ftl, flags=re.M))
        assert {f"manoever-event-{t}" for t in EVENT_TYPES} <= ids[lang]
        assert {f"manoever-error-{c}" for c in ERROR_CODES} <= ids[lang]
        assert {"manoever-name", "manoever-rules"} <= ids[lang]
        assert len(tr(lang, "manoever-rules")) <= 1800
    assert ids["en"] == ids["nl"]


def test_event_lines_read_well():
    state = ENGINE.new_game(2, 4)[0]
    state, events = ENGINE.apply(state, state.seat, ENGINE.legal_actions(state, state.seat)[-1])
    for lang in ("en", "nl"):
        for event in [*state.opening, *events]:
            args = {k: (", ".join(map(str, v)) if isinstance(v, list) else v) for k, v in event.items()}
            line = tr(lang, f"manoever-event-{event['type']}", **{k: v for k, v in args.items() if k != "type"})
            assert "{" not in line and "manoever-" not in line, line


# ---- random playouts ---------------------------------------------------------------------------


def no_private_part(view: dict, viewer, state) -> None:
    """Nothing is hidden in this game: every seat and a spectator see the same view."""
    spectator = ENGINE.view(state, None)
    assert {k: v for k, v in view.items() if k != "viewer"} == {k: v for k, v in spectator.items() if k != "viewer"}
    assert "rng" not in json.dumps(view)


def check_free_recruits_all_pending(view: dict, viewer, state) -> None:
    no_private_part(view, viewer, state)
    if view["over"] or viewer is not None:
        return
    seat = view["mover"]
    free = {s["recruits"][-1]["recruit"] for s in view["stacks"] if s["recruits"][-1]["seat"] == seat}
    assert {e["recruit"] for e in view["pending"]} == free - set(view["moved"])
    for entry in view["pending"]:
        assert entry["max"] == entry["rank"] * entry["passenger"] * entry["bonus"] >= 1

"""Trackgammon engine: the rulebook's example, a scenario per rule, turn building, end and storage."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engines.errors import BadOption, BadState, GameOver, IllegalAction, NotYourTurn
from engines.rng import Rng
from engines.trackgammon import (
    ENGINE,
    FINISH,
    forced_moves,
    geometry,
    max_usable,
    single_moves,
    trace,
    turn_values,
)
from locales import has, tr

F = FINISH


# ---- building positions -----------------------------------------------------------------------------


def dumped(
    discs: dict[int, dict[int, int]],
    *,
    players: int = 2,
    turn: int = 0,
    dice: tuple[int, int] = (2, 5),
) -> dict:
    """A stored game at the start of ``turn``'s turn. ``discs[seat][size] = point``; every disc not
    given stands on its owner's start (point 1)."""
    rows = [[discs.get(seat, {}).get(size, 1) for size in range(1, 6)] for seat in range(players)]
    return {
        "game": "trackgammon",
        "v": 1,
        "players": players,
        "rng": 12345,
        "turn": turn,
        "turn_number": 1,
        "dice": list(dice),
        "turn_start": rows,
        "turn_moves": [],
        "discs": rows,
        "winner": None,
        "opening": [[[s, 3, 3 + (s == turn)] for s in range(players)]],
        "last_turn": None,
        "last_events": [],
    }


def position(discs, **kwargs):
    return ENGINE.load(dumped(discs, **kwargs))


def point_of(state, seat: int, size: int) -> int:
    return ENGINE.view(state, None)["discs"][seat][size - 1]


def moves_of(state, size: int) -> list[str]:
    return [a for a in ENGINE.legal_actions(state, state.turn) if a[0] == str(size)]


def play(state, *actions):
    events = []
    for action in actions:
        state, new_events = ENGINE.apply(state, state.turn, action)
        events += new_events
    return state, events


def event_types(events) -> list[str]:
    return [e["type"] for e in events]


# ---- the rulebook's example -----------------------------------------------------------------------


def test_rulebook_bounce_example_from_3_with_2_and_5():
    # "A disc of the player stands on 3 and he wants to reach 2. He rolled 2 and 5. First he plays
    # the 5 backward: the disc bounces and lands on 4. Then the 2, also backward: it stands on 2."
    state = position({0: {3: 3}}, dice=(2, 5))
    assert trace(3, 5, -1, False).passed == (2, 1, 2, 3)
    state, events = play(state, "3b5")
    assert point_of(state, 0, 3) == 4
    assert events[0] == {
        "type": "moved",
        "seat": 0,
        "size": 3,
        "value": 5,
        "dir": "backward",
        "from": 3,
        "to": 4,
        "bounced": "yes",
    }
    state, _ = play(state, "3b2")
    assert point_of(state, 0, 3) == 2


# ---- board geometry ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_purple_point_is_shared_by_two_neighbours_and_each_yellow_point_has_one_owner(players):
    geo = geometry(players)
    users: dict[int, set] = {}
    for seat in range(players):
        for point in range(1, 26):
            users.setdefault(geo.cell_of[seat][point], set()).add((seat, point))
    for cell, used_by in users.items():
        if geo.purple[cell]:
            (s1, p1), (s2, p2) = sorted(used_by)
            assert p1 + p2 == 26 and p1 % 2 == 0
            assert (s2 + 1) % players == s1 or (s1 + 1) % players == s2
        else:
            assert len(used_by) == 1
            seat, point = next(iter(used_by))
            assert point % 2 == 1 and geo.cells[cell].owner == seat
    assert len(users) == players * 13 + players * 6


def test_point_13_is_the_s_bend_and_the_track_crosses_to_the_next_part():
    geo = geometry(3)
    bend = geo.cells[geo.cell_of[1][13]]
    assert (bend.kind, bend.owner, bend.row) == ("yellow", 1, -1)
    assert geo.cells[geo.cell_of[1][12]].part == 1
    assert geo.cells[geo.cell_of[1][14]].part == 2
    assert geo.cells[geo.cell_of[1][25]].col == 1


def test_yellow_points_are_closed_to_other_players():
    # Seat 1's disc 4 wants to land on seat 1's point 19, the same column as seat 0's yellow 7:
    # different cells, so seat 0's disc there neither blocks nor is hit.
    state = position({0: {4: 7}, 1: {4: 17}}, turn=1, dice=(2, 5))
    state, events = play(state, "4f2")
    assert "hit" not in event_types(events)
    assert point_of(state, 0, 4) == 7


# ---- dice and values ----------------------------------------------------------------------------


def test_a_double_adds_the_bottom_faces():
    assert turn_values((2, 2)) == (2, 2, 5, 5)
    assert turn_values((6, 6)) == (6, 6, 1, 1)
    assert turn_values((3, 5)) == (3, 5)
    view = ENGINE.view(position({}, dice=(2, 2)), 0)
    assert view["values"] == [2, 2, 5, 5] and view["remaining"] == [2, 2, 5, 5]


def test_each_value_is_used_once_and_separately_never_added():
    state = position({}, dice=(2, 5))
    assert ENGINE.legal_actions(state, 0) == ["1f2", "1f5"]
    state, _ = play(state, "1f5")
    assert ENGINE.legal_actions(state, 0) == ["1f2", "1b2", "2f2", "undo"]
    view = ENGINE.view(state, 0)
    assert view["used"] == [False, True] and view["remaining"] == [2]


def test_double_gives_four_moves_in_any_order():
    state = position({}, dice=(3, 3))
    state, _ = play(state, "1f4", "1f3", "1f3", "1b4")
    assert ENGINE.legal_actions(state, 0) == ["undo", "done"]
    assert point_of(state, 0, 1) == 7


def test_forward_and_backward_are_both_offered_and_the_dice_come_from_the_seeded_generator():
    state = position({0: {2: 9}}, dice=(1, 4))
    assert {"2f1", "2b1", "2f4", "2b4"} <= set(ENGINE.legal_actions(state, 0))
    a = ENGINE.new_game(2, 99)[0]
    b = ENGINE.new_game(2, 99)[0]
    assert ENGINE.dump(a) == ENGINE.dump(b)
    assert {ENGINE.new_game(2, seed)[0].dice for seed in range(30)} != {a.dice}


# ---- bouncing ----------------------------------------------------------------------------------


def test_bounce_at_point_25_for_a_disc_not_allowed_home():
    state = position({0: {4: 24}}, dice=(3, 6))
    state, events = play(state, "4f3")
    assert point_of(state, 0, 4) == 23
    assert events[0]["bounced"] == "yes"


def test_backward_from_start_is_the_same_as_forward_and_offered_once():
    state = position({}, dice=(2, 5))
    assert "1b2" not in ENGINE.legal_actions(state, 0)
    assert trace(1, 2, -1, False).landing == trace(1, 2, 1, False).landing == 3


def test_a_disc_may_bounce_back_onto_its_own_starting_point():
    state = position({0: {3: 24}}, dice=(2, 5))
    assert trace(24, 2, 1, False).landing == 24
    state, _ = play(state, "3f2")
    assert point_of(state, 0, 3) == 24


# ---- the finish -------------------------------------------------------------------------------


def test_only_the_largest_disc_not_home_may_enter_the_finish():
    state = position({0: {5: 20, 4: 23}}, dice=(3, 6))
    state, _ = play(state, "4f3")
    assert point_of(state, 0, 4) == 24  # 24, 25, bounce, 24
    state = position({0: {5: 20, 4: 23}}, dice=(3, 6))
    state, events = play(state, "5f6")
    assert point_of(state, 0, 5) == F
    assert events[0] == {"type": "finished", "seat": 0, "size": 5, "value": 6, "from": 20}
    state, _ = play(state, "4f3")  # now the 4 is the largest not home
    assert point_of(state, 0, 4) == F


def test_entering_the_finish_needs_at_least_the_distance_and_surplus_is_lost():
    state = position({0: {5: 21}}, dice=(4, 5))
    state, _ = play(state, "5f4")
    assert point_of(state, 0, 5) == 25  # 4 short of 26 - 21 = 5
    state = position({0: {5: 21}}, dice=(4, 6))
    state, _ = play(state, "5f6")
    assert point_of(state, 0, 5) == F  # one pip of surplus, lost
    state = position({0: {5: 25}}, dice=(1, 6))
    assert {"5f1", "5f6", "5b1", "5b6"} <= set(ENGINE.legal_actions(state, 0))


def test_finished_discs_never_move_again():
    state = position({0: {5: F, 4: 10}}, dice=(1, 2))
    assert not moves_of(state, 5)


# ---- restrictions on a move --------------------------------------------------------------------------


def test_only_the_top_disc_of_a_stack_moves():
    state = position({0: {5: 7, 3: 7, 1: 7}}, dice=(1, 2))
    assert moves_of(state, 5) == [] and moves_of(state, 3) == []
    assert moves_of(state, 1)
    state = position({}, dice=(1, 2))
    assert all(a[0] == "1" for a in ENGINE.legal_actions(state, 0))


def test_never_land_on_a_smaller_disc():
    # seat 1's disc 2 on its point 20 = seat 0's purple 6; seat 0's disc 3 on 4 may not land there.
    state = position({0: {3: 4}, 1: {2: 20}}, dice=(2, 5))
    assert "3f2" not in moves_of(state, 3)
    state = position({0: {3: 4, 2: 6}}, dice=(2, 5))  # own smaller disc: the same
    assert "3f2" not in moves_of(state, 3)


def test_smaller_foreign_disc_on_a_passed_point_blocks():
    state = position({0: {3: 3}, 1: {2: 22}}, dice=(2, 5))  # seat 1's 2 on seat 0's 4
    assert "3f5" not in moves_of(state, 3)  # passes 4
    assert "3f2" not in moves_of(state, 3)  # passes 4 as well
    state = position({0: {3: 3}, 1: {3: 22}}, dice=(2, 5))  # equal size does not block
    assert {"3f5", "3f2"} <= set(moves_of(state, 3))


def test_own_smaller_disc_does_not_block():
    state = position({0: {3: 3, 2: 4}}, dice=(2, 5))
    assert "3f5" in moves_of(state, 3)


def test_a_covered_smaller_foreign_disc_blocks_too():
    # seat 1's 2 stands on seat 0's 4 under seat 0's own runner: still a block for seat 0's 3.
    state = position({0: {3: 3, 1: 4}, 1: {2: 22}}, dice=(2, 5))
    assert ENGINE.view(state, None)["stacks"]["p0-4"] == [[1, 2], [0, 1]]
    assert "3f5" not in moves_of(state, 3)


def test_blocking_counts_the_points_passed_while_bouncing():
    # From 3, 5 backward passes 2, 1, 2, 3 and lands on 4; a foreign runner on 2 blocks it.
    state = position({0: {3: 3}, 1: {1: 24}}, dice=(2, 5))
    assert "3b5" not in moves_of(state, 3)
    # The landing point is not a passed point: a foreign 3 on 4 is simply hit.
    state = position({0: {3: 3}, 1: {3: 22}}, dice=(2, 5))
    assert "3b5" in moves_of(state, 3)


def test_the_runner_is_never_blocked():
    state = position({0: {1: 3}, 1: {1: 24, 2: 22}}, dice=(2, 5))
    assert {"1f2", "1b2", "1f5", "1b5"} <= set(moves_of(state, 1))


# ---- hitting and burying ---------------------------------------------------------------------


def test_hitting_an_equal_disc_sends_it_to_its_owners_start_in_size_order():
    # Seat 1: 5, 2 and 1 at the start, 4 elsewhere, 3 on its 22 = seat 0's 4.
    state = position({0: {3: 3}, 1: {3: 22, 4: 10}}, dice=(1, 5))
    state, events = play(state, "3f1")
    assert {"type": "hit", "seat": 0, "victim_seat": 1, "size": 3} in events
    view = ENGINE.view(state, None)
    assert view["discs"][1][2] == 1
    assert view["stacks"]["y1-1"] == [[1, 5], [1, 3], [1, 2], [1, 1]]
    assert view["stacks"]["p0-4"] == [[0, 3]]


def test_a_hit_runner_goes_back_on_top_of_its_start_stack():
    state = position({0: {1: 3}, 1: {1: 22}}, dice=(1, 5))
    state, events = play(state, "1f1")
    assert {"type": "hit", "seat": 0, "victim_seat": 1, "size": 1} in events
    assert ENGINE.view(state, None)["stacks"]["y1-1"] == [[1, 5], [1, 4], [1, 3], [1, 2], [1, 1]]


def test_burying_a_larger_foreign_disc_and_the_buried_disc_cannot_move():
    state = position({0: {3: 3}, 1: {4: 22}}, dice=(1, 5))
    state, events = play(state, "3f1")
    assert {"type": "buried", "seat": 0, "victim_seat": 1, "size": 3, "under": 4} in events
    state, _ = play(state, "1f5", "done")
    assert state.turn == 1
    assert not moves_of(state, 4)


def test_landing_on_an_own_larger_disc_is_allowed_and_is_not_burying():
    state = position({0: {3: 3, 5: 4}}, dice=(1, 5))
    state, events = play(state, "3f1")
    assert "buried" not in event_types(events)
    assert ENGINE.view(state, None)["stacks"]["p0-4"] == [[0, 5], [0, 3]]


def test_blocking_hitting_and_burying_only_happen_on_purple_points():
    for players in (2, 3, 4):
        geo = geometry(players)
        for seat in range(players):
            for point in range(1, 26, 2):
                assert not geo.purple[geo.cell_of[seat][point]]


# ---- forced play and building the turn ----------------------------------------------------------------


def test_done_is_legal_only_once_every_value_is_used():
    state = position({}, dice=(2, 5))
    assert "done" not in ENGINE.legal_actions(state, 0)
    state, _ = play(state, "1f2")
    assert "done" not in ENGINE.legal_actions(state, 0)
    state, _ = play(state, "1f5")
    assert ENGINE.legal_actions(state, 0) == ["undo", "done"]
    with pytest.raises(IllegalAction):
        ENGINE.apply(position({}, dice=(2, 5)), 0, "done")


def test_forced_play_keeps_only_moves_that_let_every_usable_value_be_used():
    # A search-only position (the runner is not in play, which a real game never allows): the
    # fat man on 2, foreign runner on 4. Playing the 1 backward to the start leaves the 4 unusable
    # (forward is blocked at 4, backward from 1 is the same move); playing it forward to 3 keeps
    # the 4 usable (backward: 2, 1, 2, 3), so forced play drops "5b1".
    geo = geometry(2)
    pos = (F, F, F, F, 2, 22, 20, 1, 1, 1)
    assert [m.action for m in single_moves(pos, geo, 0, (1, 4))] == ["5f1", "5b1"]
    assert max_usable(pos, geo, 0, (1, 4), shortcut=False) == 2
    assert [m.action for m in forced_moves(pos, geo, 0, (1, 4), shortcut=False)] == ["5f1"]


def test_with_the_runner_in_play_every_value_can_always_be_used():
    # The shortcut the engine takes (every value usable while the runner is on the board) agrees
    # with the full search on many positions of real games.
    geo3 = geometry(3)
    rng = Rng(5)
    checked = 0
    state = ENGINE.new_game(3, 5)[0]
    while ENGINE.outcome(state) is None and checked < 150:
        values = ENGINE.remaining_values(state)
        full = max_usable(state.pos, geo3, state.turn, values, shortcut=False)
        assert full == len(values)
        moves = {m.action for m in forced_moves(state.pos, geo3, state.turn, values, shortcut=False)}
        assert moves == {m.action for m in forced_moves(state.pos, geo3, state.turn, values)}
        legal = [a for a in ENGINE.legal_actions(state, state.turn) if a != "undo"]
        state, _ = ENGINE.apply(state, state.turn, legal[rng.below(len(legal))])
        checked += 1


def test_undo_restores_the_position_exactly_including_a_hit():
    state = position({0: {3: 3}, 1: {3: 22, 4: 10}}, dice=(1, 5))
    before = ENGINE.dump(state)
    moved, _ = play(state, "3f1")
    undone, events = play(moved, "undo")
    assert events == [{"type": "undone", "seat": 0, "size": 3, "value": 1, "dir": "forward"}]
    after = ENGINE.dump(undone)
    assert {k: v for k, v in after.items() if k != "last_events"} == {
        k: v for k, v in before.items() if k != "last_events"
    }


def test_undo_takes_back_one_move_at_a_time_and_the_view_follows():
    state = position({}, dice=(4, 4))
    state, _ = play(state, "1f4", "1f3", "1f4")
    view = ENGINE.view(state, 0)
    assert [m["action"] for m in view["moves"]] == ["1f4", "1f3", "1f4"]
    assert view["used"] == [True, True, True, False]
    state, _ = play(state, "undo")
    view = ENGINE.view(state, 0)
    assert [m["action"] for m in view["moves"]] == ["1f4", "1f3"]
    assert view["remaining"] == [4, 3] and view["last_move"]["action"] == "1f3"


def test_confirming_rolls_for_the_next_player_and_records_the_turn():
    state = position({}, dice=(2, 5))
    state, events = play(state, "1f2", "1f5", "undo", "1f5")
    assert ENGINE.dump(state)["rng"] == 12345  # building the turn draws nothing
    state, events = play(state, "done")
    assert event_types(events) == ["turn-done", "rolled"]
    assert ENGINE.dump(state)["rng"] != 12345
    assert state.turn == 1
    view = ENGINE.view(state, 1)
    assert view["last_turn"]["seat"] == 0 and [m["action"] for m in view["last_turn"]["moves"]] == ["1f2", "1f5"]
    assert view["last_move"]["action"] == "1f5"
    assert view["last"][-1]["type"] == "rolled" and view["last"][-1]["seat"] == 1


# ---- rolling for the first player --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_highest_opening_roll_starts_and_ties_roll_again(players):
    saw_tie = False
    for seed in range(40):
        state = ENGINE.new_game(players, seed)[0]
        rounds = state.opening
        last = rounds[-1]
        best = max(a + b for _, a, b in last)
        assert [s for s, a, b in last if a + b == best] == [state.turn]
        for earlier, later in zip(rounds, rounds[1:], strict=False):
            top = max(a + b for _, a, b in earlier)
            assert sorted(s for s, _, _ in later) == sorted(s for s, a, b in earlier if a + b == top)
            saw_tie = True
        types = event_types(ENGINE.view(state, None)["last"])
        assert types.count("starts") == 1 and types[-1] == "rolled"
        assert types.count("opening-tie") == len(rounds) - 1
    assert saw_tie


# ---- the end ------------------------------------------------------------------------------------


def test_the_game_ends_as_soon_as_the_fifth_disc_is_home_and_the_others_are_ranked():
    discs = {
        0: {5: F, 4: F, 3: F, 2: F, 1: 23},
        1: {5: F, 4: F, 3: 20, 2: 20, 1: 20},  # 2 home, distance 18
        2: {5: F, 4: F, 3: 17, 2: 19, 1: 24},  # 2 home, distance 18: shares the place
    }
    state = position(discs, players=3, dice=(3, 6))
    state, events = play(state, "1f3")
    assert event_types(events) == ["finished", "won"]
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.legal_actions(state, 0) == []
    out = ENGINE.outcome(state)
    assert out.placements == [1, 2, 2]
    assert out.scores == [2.0, 0.0, 0.0]  # finishing order: one point per player behind
    assert out.detail["home"] == [5, 2, 2]
    assert out.detail["distance"] == [0, 18, 18]
    with pytest.raises(GameOver):
        ENGINE.apply(state, 0, "done")


def test_ranking_by_discs_home_before_distance():
    discs = {0: {5: F, 4: F, 3: F, 2: F, 1: 25}, 1: {5: F, 4: 2, 3: 2, 2: 2, 1: 2}, 2: {5: 25, 4: 25}}
    state = position(discs, players=3, dice=(1, 2))
    state, _ = play(state, "1f1")
    assert ENGINE.outcome(state).placements == [1, 2, 3]


# ---- errors, options, storage ------------------------------------------------------------------------


def test_players_and_options_are_checked():
    with pytest.raises(BadOption):
        ENGINE.new_game(1, 1)[0]
    with pytest.raises(BadOption):
        ENGINE.new_game(5, 1)[0]
    with pytest.raises(BadOption) as info:
        ENGINE.normalize_options({"fast": True})
    assert info.value.code == "no-options"
    assert ENGINE.normalize_options({}) == {}


def test_not_your_turn_and_malformed_actions_are_refused():
    state = position({}, dice=(2, 5))
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 1, "1f2")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, "1f3")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, "undo")


def test_dump_and_load_round_trip_through_json():
    state = position({0: {3: 3}, 1: {3: 22}}, dice=(1, 5))
    state, _ = play(state, "3f1")
    data = json.loads(json.dumps(ENGINE.dump(state)))
    assert ENGINE.dump(ENGINE.load(data)) == ENGINE.dump(state)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["discs"][0].__setitem__(0, F),  # runner home before the fat man
        lambda d: d["discs"][1].__setitem__(2, 22) or d["discs"][0].__setitem__(2, 4),  # two 3s on one point
        lambda d: d.__setitem__("turn_moves", ["1f6"]),  # not a move of this roll
        lambda d: d.__setitem__("winner", 1),  # nobody has five home
        lambda d: d.__setitem__("players", 5),
        lambda d: d.__setitem__("dice", [0, 7]),
        lambda d: d["discs"][0].__setitem__(4, 27),
        lambda d: d.__setitem__("discs", [[1, 1, 1, 1, 1]]),
    ],
)
def test_load_refuses_broken_states(damage):
    data = dumped({}, dice=(2, 5))  # its "discs" and "turn_start" are one list: damage hits both
    damage(data)
    with pytest.raises(BadState):
        ENGINE.load(json.loads(json.dumps(data)))


def test_load_refuses_a_position_the_turns_moves_do_not_lead_to():
    data = dumped({}, dice=(2, 5))
    data["turn_moves"] = ["1f2"]
    with pytest.raises(BadState):
        ENGINE.load(data)
    data["discs"] = [[3, 1, 1, 1, 1], [1, 1, 1, 1, 1]]
    assert ENGINE.load(data).turn_moves == ("1f2",)


# ---- texts --------------------------------------------------------------------------------------------

ENGINE_SOURCE = Path(__file__).resolve().parents[2] / "engines" / "trackgammon.py"


def test_every_event_type_and_error_code_has_english_and_dutch_text():
    source = ENGINE_SOURCE.read_text(encoding="utf-8")
    types = set(re.findall(r'"type": "([a-z-]+)"', source))
    codes = set(re.findall(r'Bad(?:Option|State)\(\s*f?"[^"]*",\s*"([a-z-]+)"', source))
    assert {"moved", "finished", "hit", "buried", "undone", "rolled", "no-move", "won", "turn-done"} <= types
    assert {"no-options", "players", "bad-state"} <= codes
    for lang in ("en", "nl"):
        for kind in types:
            assert has(lang, f"trackgammon-event-{kind}"), (lang, kind)
        for code in codes:
            assert has(lang, f"trackgammon-error-{code}"), (lang, code)
        assert has(lang, "trackgammon-name")
        assert len(tr(lang, "trackgammon-rules")) <= 1800


def test_event_lines_read_well():
    line = tr(
        "en", "trackgammon-event-moved", seat="Ann", size=3, value=5, dir="backward", to=4, bounced="yes", **{"from": 3}
    )
    assert line == "Ann moves disc 3 back 5: 3 → 4 (bounced)."
    line = tr(
        "nl", "trackgammon-event-moved", seat="Ann", size=3, value=5, dir="forward", to=8, bounced="no", **{"from": 3}
    )
    assert line == "Ann zet schijf 3 vooruit met 5: 3 → 8."


@pytest.mark.parametrize("seed", range(20))
def test_done_is_played_for_the_player_only_when_nothing_can_be_taken_back(seed):
    """``forced_action``: the only legal action ("Done" when no die can be used at all, or a
    single move), never while a move of the turn can still be taken back (issue 46: "Done" played
    for the person left their "Take back last move" button dead), never a choice between moves."""
    state = ENGINE.new_game(2, seed)[0]
    rng = Rng(seed)
    for _ in range(200):
        if ENGINE.outcome(state) is not None:
            break
        [seat] = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        forced = ENGINE.forced_action(state, seat)
        if len(legal) == 1:
            assert forced == legal[0]
        else:
            assert forced is None  # "undo" and "done" included: confirming is the person's own
        moves = [a for a in legal if a != "undo"]
        state = ENGINE.apply(state, seat, moves[rng.below(len(moves))])[0]

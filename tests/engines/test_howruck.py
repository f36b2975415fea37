"""How Ruck!: the rules page as tests (../shared/rules/howruck.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.errors import BadOption, BadState, IllegalAction, NotYourTurn
from engines.howruck import ENGINE, FIELDS, GOAL, START
from engines.howruck_cards import ACTIONS, CARDS, card, tiebreak_key
from tests.engines.test_howruck_helpers import event_types, hand_codes, tops, tug_state

# ---- the cards ------------------------------------------------------------------------------------


def test_card_list_composition():
    assert len(CARDS) == 55
    scots = [c for c in CARDS if c.is_scot]
    assert len(scots) == 45 and sum(c.kind == "action" for c in CARDS) == 10
    assert sorted(c.action for c in CARDS if c.action) == sorted(ACTIONS)
    for colour in "rbg":
        men = [c for c in CARDS if c.kind == "man" and c.colour == colour]
        assert sorted(c.value for c in men) == [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
        assert sorted(c.value for c in men if c.howruck) == [1, 2, 3]
    dames = [c for c in CARDS if c.kind == "dame"]
    assert sorted(c.value for c in dames) == [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert sorted(c.value for c in dames if c.howruck) == [1, 2, 2, 3, 3, 4]
    nessie = [c for c in CARDS if c.kind == "nessie"]
    assert len(nessie) == 1 and nessie[0].value == 6 and nessie[0].colour == "w" and not nessie[0].howruck
    assert sum(c.howruck for c in CARDS) == 15


# ---- options and setup --------------------------------------------------------------------------------


def test_options_defaults_and_checks():
    assert ENGINE.normalize_options({}) == {"learning": False, "barrels_to_win": 3}
    for bad in ({"learning": "yes"}, {"barrels_to_win": 0}, {"barrels_to_win": 4}, {"colour": 1}):
        with pytest.raises(BadOption):
            ENGINE.normalize_options(bad)
    with pytest.raises(BadOption):
        ENGINE.new_game(3, 1, {})[0]


def test_deal_twenty_twenty_fifteen_and_both_race_at_once():
    state = ENGINE.new_game(2, 5, {})[0]
    forming = state["forming"]
    for seat in (0, 1):
        assert len(forming["prep"][seat]) + len(forming["pair"][seat]) == 20
    assert len(state["aside"]) == 15
    assert ENGINE.to_move(state) == {0, 1}
    assert ENGINE.legal_actions(state, 0) in (["keep:1:a", "keep:1:b"], ["keep:1:a"])
    view = ENGINE.view(state, 0)
    assert len(view["private"]["pair"]) == 2 and view["tug"] is None


# ---- forming the teams: the race ------------------------------------------------------------------


def split(state, seat, choice="a"):
    """One split by ``seat``, keeping the ``a`` or ``b`` card (``a`` when both are the same card)."""
    legal = ENGINE.legal_actions(state, seat)
    action = next((a for a in legal if a.endswith(":" + choice)), legal[0])
    return ENGINE.apply(state, seat, action)


def split_all(state, seat, count, choice="a"):
    for _ in range(count):
        state, _events = split(state, seat, choice)
    return state


def test_finishing_does_not_call_stop_by_itself():
    state = split_all(ENGINE.new_game(2, 3, {})[0], 0, 10)
    assert ENGINE.legal_actions(state, 0) == ["stop"]
    assert state["phase"] == "forming" and state["forming"]["faster"] is None


def test_race_arrival_order_decides_and_faster_splits_the_rest():
    state = ENGINE.new_game(2, 11, {})[0]
    state = split_all(state, 1, 3)
    state = split_all(state, 0, 10)
    slow_pair = list(state["forming"]["pair"][1])
    slow_rest = list(state["forming"]["prep"][1])
    assert len(slow_rest) == 20 - 3 * 2 - 2
    state, events = ENGINE.apply(state, 0, "stop")
    assert events == [{"type": "stop", "seat": 0, "other_seat": 1}]
    assert state["forming"]["faster"] == 0
    # The slower one may split only the pair in hand; the faster one splits the rest.
    assert ENGINE.to_move(state) == {0, 1}
    assert ENGINE.view(state, 0)["private"]["rest_pair"] == [card(c).code for c in slow_rest[:2]]
    assert ENGINE.view(state, 1)["private"]["rest_pair"] == []
    assert ENGINE.legal_actions(state, 1) == ["keep:4:a", "keep:4:b"]
    state, events = ENGINE.apply(state, 1, "keep:4:b")
    assert events == [{"type": "split", "seat": 1, "done": 4}]
    assert ENGINE.legal_actions(state, 1) == []
    assert state["forming"]["kept"][1][-1] == slow_pair[1] and state["forming"]["given"][1][-1] == slow_pair[0]
    for number in range(5, 11):
        assert ENGINE.to_move(state) == {0}
        assert ENGINE.legal_actions(state, 0)[0] == f"rest:{number}:a"
        state, events = ENGINE.apply(state, 0, f"rest:{number}:a")
    assert event_types(events) == ["split-rest", "tug-start"]
    assert events[-1] == {"type": "tug-start", "seat": 0, "barrel_seat": 0, "barrel": START[0]}
    tug = state["tug"]
    assert state["phase"] == "tug" and tug["turn"] == 0 and tug["barrel"] == 6
    # The faster one kept one card of each pair of the slower one's stack and gave the other.
    kept0 = set(tug["memory"][0]["kept"])
    assert {slow_rest[i] for i in range(0, 12, 2)} <= kept0
    assert {slow_rest[i] for i in range(1, 12, 2)} <= set(tug["memory"][0]["given"])
    for seat in (0, 1):
        team = tug["memory"][seat]["kept"] + tug["memory"][1 - seat]["given"]
        assert len(team) == 20
        assert sorted(tug["hands"][seat] + tug["piles"][seat]) == sorted(team)
        assert len(tug["hands"][seat]) == 6


def test_slower_with_the_last_pair_in_hand_leaves_nothing_for_the_faster():
    state = split_all(ENGINE.new_game(2, 4, {})[0], 1, 9)
    state = split_all(state, 0, 10)
    state, _ = ENGINE.apply(state, 0, "stop")
    assert ENGINE.to_move(state) == {1}
    state, events = split(state, 1)
    assert event_types(events) == ["split", "tug-start"] and state["tug"]["turn"] == 0


def test_the_first_stop_wins_though_the_other_has_finished_splitting_too():
    for seed in range(20):
        state = split_all(ENGINE.new_game(2, seed, {})[0], 0, 10)
        state = split_all(state, 1, 10)
        caller = seed % 2
        aside = list(state["aside"])
        state, events = ENGINE.apply(state, caller, "stop")
        # No draw: the caller is the faster one, puts the barrel on their start field and begins.
        assert events[0] == {"type": "stop", "seat": caller, "other_seat": 1 - caller}
        assert not [e for e in events if e["type"].startswith("tiebreak")]
        assert event_types(events) == ["stop", "tug-start"]
        assert state["tug"]["starter"] == caller and state["tug"]["barrel"] == START[caller]
        assert state["aside"] == aside


def test_two_stops_handled_as_one_go_to_the_tiebreak_draw():
    redraws = 0
    for seed in range(60):
        state = split_all(ENGINE.new_game(2, seed, {})[0], 0, 10)
        state = split_all(state, 1, 10)
        state, events = ENGINE.stops_together(state)
        assert events[0] == {"type": "stop-tie", "seat": 0, "other_seat": 1}
        draws = [e for e in events if e["type"] == "tiebreak-draw"]
        won = next(e for e in events if e["type"] == "tiebreak-won")
        keys = [(card(d["card_a"]).value, card(d["card_b"]).value) for d in draws]
        for earlier in draws[:-1]:
            assert tiebreak_key(card(earlier["card_a"]).id) == tiebreak_key(card(earlier["card_b"]).id)
        final = draws[-1]
        a, b = tiebreak_key(card(final["card_a"]).id), tiebreak_key(card(final["card_b"]).id)
        assert won["seat"] == (0 if a > b else 1), keys
        assert state["tug"]["starter"] == won["seat"] and state["tug"]["barrel"] == START[won["seat"]]
        assert len(state["aside"]) == 15  # the drawn cards went back
        assert ENGINE.load(ENGINE.dump(state)) == state
        redraws += len(draws) > 1
    assert redraws >= 1  # some seed needed a second draw


def test_two_stops_as_one_need_both_players_finished():
    state = split_all(ENGINE.new_game(2, 5, {})[0], 0, 10)
    with pytest.raises(IllegalAction):
        ENGINE.stops_together(state)


def test_tiebreak_order_value_then_white_red_blue_green_then_action_cards():
    key = lambda code: tiebreak_key(card(code).id)  # noqa: E731
    assert key("N6") > key("W4") > key("R3") > key("B3h") > key("G3") > key("W2")
    assert key("W1") > key("R1") > key("B1") > key("G1")
    assert key("G0") > key("AD")  # an action card counts 0 and has no colour
    assert key("MO") == key("VS")  # two action cards: draw again


def test_a_late_or_repeated_click_cannot_split_an_unseen_pair():
    state = ENGINE.new_game(2, 6, {})[0]
    first = ENGINE.legal_actions(state, 0)[0]
    state, _ = ENGINE.apply(state, 0, first)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, first)  # the same button clicked twice
    state = split_all(state, 0, 9)
    state = split_all(state, 1, 2)
    state, _ = ENGINE.apply(state, 0, "stop")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, "keep:10:a")  # an own-pair click after Stop is not a rest split
    assert ENGINE.legal_actions(state, 0)[0] == "rest:4:a"


def test_a_pair_of_identical_cards_is_split_one_way():
    for seed in range(200):
        state = ENGINE.new_game(2, seed, {})[0]
        pair = ENGINE.view(state, 0)["private"]["pair"]
        if pair[0] == pair[1]:
            assert ENGINE.legal_actions(state, 0) == ["keep:1:a"]
            return
    raise AssertionError("no seed dealt a pair of identical cards")


def test_stop_only_once_all_own_cards_are_split():
    state = split_all(ENGINE.new_game(2, 8, {})[0], 0, 9)
    assert "stop" not in ENGINE.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, "stop")


def test_learning_round_skips_forming_then_forms_from_round_two():
    state = ENGINE.new_game(2, 21, {"learning": True})[0]
    assert state["phase"] == "tug" and state["forming"] is None
    tug = state["tug"]
    barrel_seat = 0 if tug["barrel"] == START[0] else 1
    assert tug["barrel"] == START[barrel_seat] and tug["turn"] == 1 - barrel_seat
    assert all(len(tug["hands"][s]) + len(tug["piles"][s]) == 20 for s in (0, 1))
    seats = Counter()
    for seed in range(40):
        t = ENGINE.new_game(2, seed, {"learning": True})[0]["tug"]
        seats[t["turn"]] += 1
    assert seats[0] > 5 and seats[1] > 5  # a random player puts the barrel down
    # Round 2 forms the teams.
    state = tug_state(hands=(["AD"], []), barrel=3, options={"learning": True})
    state, events = ENGINE.apply(state, 0, "AD")
    assert state["phase"] == "forming" and state["round"] == 2


# ---- the tug ----------------------------------------------------------------------------------------


def test_men_on_their_colour_either_side_whites_anywhere():
    state = tug_state(hands=(["R2", "W3", "N6"], ["B1"]), turn=0)
    legal = ENGINE.legal_actions(state, 0)
    assert [a for a in legal if a.startswith("R2")] == ["R2:ar", "R2:br"]
    assert [a for a in legal if a.startswith("W3")] == [f"W3:{f}" for f in FIELDS]
    assert [a for a in legal if a.startswith("N6")] == [f"N6:{f}" for f in FIELDS]
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, "R2:ab")
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 1, "B1:bb")
    # Seat B sees its own side first.
    state_b = tug_state(hands=(["R2"], ["B1"]), turn=1)
    assert ENGINE.legal_actions(state_b, 1) == ["B1:bb", "B1:ab"]


def test_identical_copies_share_one_action():
    state = tug_state(hands=(["R0", "R0", "G1"], []), turn=0)
    assert ENGINE.legal_actions(state, 0) == ["R0:ar", "R0:br", "G1:ag", "G1:bg"]


def test_play_covers_draws_one_and_passes_the_turn():
    state = tug_state(fields={"br": ["R3"]}, hands=(["R0", "G1"], ["B1"]), piles=(["W2", "W4"], ["B2"]), turn=0)
    state, events = ENGINE.apply(state, 0, "R0:br")
    assert events == [
        {"type": "play", "seat": 0, "card": "R0", "colour": "r", "value": 0, "side_seat": 1, "field": "r"}
    ]
    assert tops(state)["br"] == "R0" and len(state["tug"]["fields"]["br"]) == 2
    assert hand_codes(state, 0) == ["G1", "W2"]
    assert state["tug"]["turn"] == 1
    assert ENGINE.view(state, None)["tug"]["strength"] == [6, 0 + 2 + 2]


def test_uncovering_restores_the_card_beneath():
    state = tug_state(fields={"ar": ["R3", "R1"]}, hands=(["TZ"], ["B1"]), turn=0)
    assert ENGINE.view(state, None)["tug"]["strength"][0] == 1 + 2 + 2
    state, events = ENGINE.apply(state, 0, "TZ:1")
    assert tops(state)["ar"] == "R3"
    assert ENGINE.view(state, None)["tug"]["strength"][0] == 3 + 2 + 2


def test_rulebook_comparison_example_six_against_nine():
    fields = {"ar": ["R2"], "ab": ["B1"], "ag": ["G3"], "br": ["R3"], "bb": ["B2"], "bg": ["W4"]}
    state = tug_state(fields=fields, hands=(["HR"], ["G0"]), barrel=6, turn=0)
    state, events = ENGINE.apply(state, 0, "HR")
    compare = events[-1]
    assert compare == {
        "type": "compare",
        "seat": 0,
        "a_seat": 0,
        "a": 6,
        "b_seat": 1,
        "b": 9,
        "pull": 3,
        "toward_seat": 1,
        "barrel": 9,
    }
    assert state["tug"]["barrel"] == 9
    assert tops(state) == {f: stack[-1] for f, stack in fields.items()}  # cards stay on the board


def test_laying_a_labelled_scot_triggers_the_comparison_with_it():
    fields = {"ar": ["R2"], "ab": ["B1"], "ag": ["G3"], "br": ["R3"], "bb": ["B2"]}
    state = tug_state(fields=fields, hands=(["B0", "G0"], ["W4h", "G1"]), barrel=6, turn=1)
    state, events = ENGINE.apply(state, 1, "W4h:bg")
    assert event_types(events) == ["play", "compare"]
    assert events[1]["b"] == 9 and state["tug"]["barrel"] == 9
    # An unlabelled card does not compare.
    state, events = ENGINE.apply(state, 0, "B0:bb")
    assert event_types(events) == ["play"]


def test_empty_fields_count_as_printed_scot_of_two():
    state = tug_state(hands=(["HR", "R0"], ["G1"]), turn=0)
    state, events = ENGINE.apply(state, 0, "HR")
    assert events[-1] == {"type": "compare-even", "seat": 0, "a_seat": 0, "a": 6, "b_seat": 1, "b": 6}
    assert state["tug"]["barrel"] == 6
    state = tug_state(fields={"ar": ["R0"]}, hands=(["HR"], ["G1"]), turn=0)
    state, events = ENGINE.apply(state, 0, "HR")
    assert events[-1]["a"] == 4 and events[-1]["toward_seat"] == 1 and state["tug"]["barrel"] == 8


def test_comparison_reaching_a_goal_wins_the_round_and_clamps():
    fields = {"br": ["W4"], "bb": ["W4"], "bg": ["N6"]}
    state = tug_state(fields=fields, hands=(["HR"], ["G1"]), barrel=9, turn=0)
    state, events = ENGINE.apply(state, 0, "HR")
    assert events[1]["barrel"] == GOAL[1]
    assert events[2] == {"type": "round-won", "seat": 1, "reason": "goal", "barrels": 1}
    assert events[3] == {"type": "round-start", "round": 2}
    assert state["barrels"] == [0, 1] and state["phase"] == "forming"


# ---- the action cards --------------------------------------------------------------------------------


def test_adrenalinestoot_moves_two_toward_the_player():
    state = tug_state(hands=(["G1"], ["AD"]), barrel=6, turn=1)
    state, events = ENGINE.apply(state, 1, "AD")
    assert events == [
        {"type": "action", "seat": 1, "card": "AD"},
        {"type": "adrenaline", "seat": 1, "steps": 2, "barrel": 8},
    ]
    assert state["tug"]["discard"] and card(state["tug"]["discard"][-1]).code == "AD"


def test_goal_reached_by_an_action_wins_the_round():
    state = tug_state(hands=(["AD"], ["G1"]), barrel=2, turn=0, barrels=(1, 1))
    state, events = ENGINE.apply(state, 0, "AD")
    assert events[1]["barrel"] == 1
    assert events[2] == {"type": "round-won", "seat": 0, "reason": "goal", "barrels": 2}
    assert state["barrels"] == [2, 1] and state["round"] == 4


def test_third_barrel_wins_the_game():
    state = tug_state(hands=(["AD"], ["G1"]), barrel=3, turn=0, barrels=(2, 1))
    state, events = ENGINE.apply(state, 0, "AD")
    assert event_types(events)[-2:] == ["round-won", "game-won"]
    outcome = ENGINE.outcome(state)
    assert outcome.placements == [1, 2] and outcome.scores == [3.0, 1.0]
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.view(state, None)["winner"] == 0


def test_barrels_to_win_option():
    state = tug_state(hands=(["AD"], ["G1"]), barrel=3, turn=0, options={"barrels_to_win": 1})
    state, _ = ENGINE.apply(state, 0, "AD")
    assert ENGINE.outcome(state).placements == [1, 2]


def test_vuile_truc_steals_blind_by_position_and_plays_it():
    state = tug_state(hands=(["VT", "W1"], ["G0", "B3", "R1"]), piles=(["W2"], ["G2"]), turn=0)
    legal = ENGINE.legal_actions(state, 0)
    assert [a for a in legal if a.startswith("VT")] == ["VT:1", "VT:2", "VT:3", "VT:x"]
    state, events = ENGINE.apply(state, 0, "VT:2")
    assert events[-1] == {"type": "steal", "seat": 0, "victim_seat": 1, "position": 2, "card": "B3"}
    assert hand_codes(state, 1) == ["G0", "R1"]  # no replacement for the victim
    assert ENGINE.to_move(state) == {0}
    assert ENGINE.legal_actions(state, 0) == ["B3:ab", "B3:bb"]
    assert ENGINE.view(state, None)["tug"]["pending"] == {"seat": 0, "card": "B3"}
    state, events = ENGINE.apply(state, 0, "B3:ab")
    assert events == [
        {"type": "play", "seat": 0, "card": "B3", "colour": "b", "value": 3, "side_seat": 0, "field": "b"}
    ]
    assert hand_codes(state, 0) == ["W1", "W2"]  # one normal draw for the turn
    assert hand_codes(state, 1) == ["G0", "R1"] and state["tug"]["turn"] == 1


def test_vuile_truc_stolen_action_is_the_thiefs():
    state = tug_state(hands=(["AD", "B1"], ["VT", "G0"]), barrel=6, turn=1)
    state, _ = ENGINE.apply(state, 1, "VT:1")
    assert ENGINE.legal_actions(state, 1) == ["AD", "AD:x"]
    state, events = ENGINE.apply(state, 1, "AD")
    assert events[-1] == {"type": "adrenaline", "seat": 1, "steps": 2, "barrel": 8}


def test_vuile_truc_stolen_labelled_card_compares():
    state = tug_state(hands=(["G3h", "R0"], ["VT", "G0"]), barrel=6, turn=1)
    state, _ = ENGINE.apply(state, 1, "VT:1")
    state, events = ENGINE.apply(state, 1, "G3h:bg")
    assert event_types(events) == ["play", "compare"] and state["tug"]["barrel"] == 7


def test_vuile_truc_against_an_empty_hand_can_only_be_declined():
    state = tug_state(hands=([], ["VT", "G0"]), turn=1)
    assert [a for a in ENGINE.legal_actions(state, 1) if a.startswith("VT")] == ["VT:x"]


def test_how_ruck_action_compares_at_once():
    state = tug_state(fields={"ab": ["W4"]}, hands=(["HR"], ["G0"]), turn=0)
    state, events = ENGINE.apply(state, 0, "HR")
    assert events[-1]["toward_seat"] == 0 and state["tug"]["barrel"] == 4


def test_mucho_macho_discards_white_tops_but_not_nessie():
    fields = {"ar": ["R3", "W4"], "ab": ["N6"], "bg": ["W2h"], "bb": ["W1", "B2"]}
    state = tug_state(fields=fields, hands=(["MM"], ["G0"]), turn=0)
    state, events = ENGINE.apply(state, 0, "MM")
    assert events[-1] == {"type": "mucho-macho", "seat": 0, "count": 2, "cards": "W4,W2h"}
    assert tops(state) == {"ar": "R3", "ab": "N6", "ag": None, "br": None, "bb": "B2", "bg": None}


def test_de_zwakste_wint_weaker_side_pulls():
    fields = {"ar": ["R0"], "br": ["W4"]}  # A 4, B 8
    state = tug_state(fields=fields, hands=(["ZW"], ["G0"]), barrel=6, turn=0)
    state, events = ENGINE.apply(state, 0, "ZW")
    assert events[-1] == {
        "type": "compare-weakest",
        "seat": 0,
        "a_seat": 0,
        "a": 4,
        "b_seat": 1,
        "b": 8,
        "pull": 4,
        "toward_seat": 0,
        "barrel": 2,
    }


def test_het_touw_breekt_resets_to_own_start_and_round_goes_on():
    state = tug_state(hands=(["G0"], ["TB", "B1"]), barrel=3, turn=1)
    state, events = ENGINE.apply(state, 1, "TB")
    assert events[-1] == {"type": "rope-breaks", "seat": 1, "barrel": 7}
    assert state["tug"]["turn"] == 0 and state["phase"] == "tug"


def test_wisselen_van_kant_men_to_their_colour_whites_anywhere():
    fields = {"ar": ["R3"], "bb": ["W4"]}
    state = tug_state(fields=fields, hands=(["WK"], ["G0"]), turn=0)
    legal = [a for a in ENGINE.legal_actions(state, 0) if a.startswith("WK")]
    assert legal == ["WK:ar-br", "WK:bb-ar", "WK:bb-ab", "WK:bb-ag", "WK:x"]
    state, events = ENGINE.apply(state, 0, "WK:bb-ag")
    assert events[-1] == {
        "type": "switch",
        "seat": 0,
        "card": "W4",
        "colour": "w",
        "value": 4,
        "from_seat": 1,
        "from_field": "b",
        "to_seat": 0,
        "to_field": "g",
    }
    assert tops(state)["ag"] == "W4" and tops(state)["bb"] is None


def test_wisselen_van_kant_moving_a_labelled_card_does_not_compare():
    state = tug_state(fields={"ar": ["R3h"]}, hands=(["WK"], ["G0"]), turn=0)
    state, events = ENGINE.apply(state, 0, "WK:ar-br")
    assert event_types(events) == ["action", "switch"] and state["tug"]["barrel"] == 6


def test_tot_ziens_removes_the_named_value_everywhere_never_a_printed_scot():
    fields = {"ar": ["R2", "R3"], "ab": ["B3h"], "bg": ["W3"], "bb": ["W2"]}
    state = tug_state(fields=fields, hands=(["TZ"], ["G0"]), turn=0)
    assert [a for a in ENGINE.legal_actions(state, 0) if a.startswith("TZ")] == ["TZ:2", "TZ:3", "TZ:x"]
    state, events = ENGINE.apply(state, 0, "TZ:3")
    assert events[-1] == {"type": "tot-ziens", "seat": 0, "value": 3, "count": 3, "cards": "R3,B3h,W3"}
    assert tops(state) == {"ar": "R2", "ab": None, "ag": None, "br": None, "bb": "W2", "bg": None}
    state2 = tug_state(fields={"bb": ["W2"]}, hands=(["TZ"], ["G0"]), turn=0)
    state2, _ = ENGINE.apply(state2, 0, "TZ:2")
    assert ENGINE.view(state2, None)["tug"]["strength"] == [6, 6]


def test_monsterlijk_nessie_on_opponents_side_loses_the_round():
    state = tug_state(fields={"bg": ["N6"]}, hands=(["MO"], ["G0"]), barrel=4, turn=0)
    state, events = ENGINE.apply(state, 0, "MO")
    assert events[1] == {"type": "monster-hit", "seat": 0, "victim_seat": 1}
    assert events[2] == {"type": "round-won", "seat": 0, "reason": "monster", "barrels": 1}


def test_monsterlijk_misses_covered_or_own_nessie():
    for fields in ({"bg": ["N6", "G0"]}, {"ag": ["N6"]}):
        state = tug_state(fields=fields, hands=(["MO"], ["G0"]), turn=0)
        state, events = ENGINE.apply(state, 0, "MO")
        assert events[-1]["type"] == "monster-miss" and state["round"] == 1


def test_versterking_takes_three_and_still_draws():
    state = tug_state(hands=(["VS", "G1"], ["B0"]), piles=(["W1", "W2", "W3", "W4", "R0"], []), turn=0)
    state, events = ENGINE.apply(state, 0, "VS")
    assert events[-1] == {"type": "reinforce", "seat": 0, "count": 3}
    assert hand_codes(state, 0) == ["G1", "W1", "W2", "W3", "W4"]
    state = tug_state(hands=(["VS"], ["B0"]), piles=(["W1", "W2"], []), turn=0)
    state, events = ENGINE.apply(state, 0, "VS")
    assert events[-1]["count"] == 2 and hand_codes(state, 0) == ["W1", "W2"]


@pytest.mark.parametrize("code", sorted(ACTIONS))
def test_every_action_card_can_be_declined(code):
    fields = {"bg": ["N6"], "ar": ["W2"]}
    state = tug_state(fields=fields, hands=([code, "G0"], ["B0", "R1"]), barrel=3, turn=0)
    before = ENGINE.view(state, None)["tug"]
    state, events = ENGINE.apply(state, 0, f"{code}:x")
    assert events == [{"type": "action", "seat": 0, "card": code}, {"type": "decline", "seat": 0, "card": code}]
    after = ENGINE.view(state, None)["tug"]
    assert after["fields"] == before["fields"] and after["barrel"] == before["barrel"]
    assert hand_codes(state, 1) == ["B0", "R1"] and after["discard"] == [code]


# ---- end of a round ----------------------------------------------------------------------------------


def test_player_out_of_cards_passes_and_the_other_plays_on():
    state = tug_state(hands=(["G0"], ["B1", "R1"]), barrel=5, turn=0)
    state, _ = ENGINE.apply(state, 0, "G0:ag")
    state, events = ENGINE.apply(state, 1, "B1:bb")
    assert events[-1] == {"type": "pass", "seat": 0}
    assert ENGINE.to_move(state) == {1}


def test_both_hands_empty_the_half_decides():
    state = tug_state(hands=(["G0"], ["B1"]), barrel=6, turn=0)
    state, _ = ENGINE.apply(state, 0, "G0:ag")
    state, events = ENGINE.apply(state, 1, "B1:bb")
    assert events[-2:] == [
        {"type": "round-won", "seat": 0, "reason": "half", "barrels": 1},
        {"type": "round-start", "round": 2},
    ]
    state = tug_state(hands=(["G0"], []), barrel=7, turn=0)
    state, events = ENGINE.apply(state, 0, "G0:ag")
    assert {"type": "round-won", "seat": 1, "reason": "half", "barrels": 1} in events


def test_new_round_reshuffles_all_55_and_forms_again():
    state = tug_state(hands=(["AD"], ["G1"]), barrel=2, turn=0)
    state, _ = ENGINE.apply(state, 0, "AD")
    forming = state["forming"]
    assert state["phase"] == "forming" and state["tug"] is None
    assert all(len(forming["pair"][s]) == 2 and len(forming["prep"][s]) == 18 for s in (0, 1))
    assert ENGINE.to_move(state) == {0, 1}


# ---- storage ------------------------------------------------------------------------------------------


def test_load_refuses_damaged_states():
    good = ENGINE.dump(tug_state(fields={"ar": ["R1"]}, hands=(["G1"], ["B1"])))
    assert ENGINE.dump(ENGINE.load(good)) == good

    def damaged(change):
        data = ENGINE.dump(ENGINE.load(good))
        change(data)
        with pytest.raises(BadState):
            ENGINE.load(data)

    damaged(lambda d: d["tug"]["hands"][0].append(d["tug"]["hands"][1][0]))  # a card twice
    damaged(lambda d: d["tug"]["fields"]["ab"].append(d["tug"]["fields"]["ar"].pop()))  # red man on blue
    damaged(lambda d: d["tug"].update(barrel=13))
    damaged(lambda d: d["tug"].update(barrel=1))  # on a goal in a running round
    damaged(lambda d: d.update(v=99))
    damaged(lambda d: d.update(barrels=[1, 0]))  # does not match round 1
    damaged(lambda d: d["options"].update(barrels_to_win=9))
    damaged(lambda d: d.pop("tug"))
    damaged(lambda d: d.update(phase="forming"))


def test_forming_state_round_trips_and_checks_stack_sizes():
    state = split_all(ENGINE.new_game(2, 2, {})[0], 0, 4)
    data = ENGINE.dump(state)
    assert ENGINE.dump(ENGINE.load(data)) == data
    data["forming"]["prep"][0] = data["forming"]["prep"][0][2:]
    with pytest.raises(BadState):
        ENGINE.load(data)

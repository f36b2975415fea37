"""Duvelen engine: the rulebook's example, a scenario per rule, races, hidden cards, playouts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engines.base import Outcome
from engines.duvelen import DECK, ENGINE, _recycled, round_breakdown
from engines.errors import BadOption, BadState, GameOver, IllegalAction, NotYourTurn
from engines.rng import Rng

# ---- building tables ------------------------------------------------------------------------

RANKS = "A23456789TJQK"


def hoop_cards(suit: str, owners: list[int]) -> list[tuple[int, str]]:
    return [(owner, RANKS[i] + suit) for i, owner in enumerate(owners)]


def table_data(
    seats: dict[int, dict],
    *,
    players: int = 2,
    hoops: list[tuple[str, list[int]]] = (),
    herenhopen: list[tuple[int, str, list[int]]] = (),
    stop_seat: int | None = None,
    mode: str = "live",
    rounds: int = 1,
    turn_seat: int | None = None,
) -> dict:
    """A dumped table; every card a seat's spec leaves out goes to the bottom of its Draaistok
    (or of its open pile with ``rest="open"``), so all 52 cards of each deck are always placed."""
    in_middle = [card for suit, owners in hoops for card in hoop_cards(suit, owners)]
    in_middle += [card for _, suit, owners in herenhopen for card in hoop_cards(suit, owners)]
    out_seats = []
    for seat in range(players):
        spec = seats.get(seat, {})
        stok, rij = list(spec.get("stok", [])), list(spec.get("rij", [None] * 4))
        down, open_ = list(spec.get("down", [])), list(spec.get("open", []))
        used = set(stok + down + open_ + [c for c in rij if c]) | {c for o, c in in_middle if o == seat}
        rest = [c for c in DECK if c not in used]
        if spec.get("rest", "down") == "down":
            down = rest + down
        else:
            open_ = rest + open_
        out_seats.append(
            {
                "stok": stok,
                "rij": rij,
                "down": down,
                "open": open_,
                "done": spec.get("done", False),
                "idle": spec.get("idle", 0),
            }
        )
    return {
        "players": players,
        "options": {"rounds": rounds, "mode": mode},
        "rng": 12345,
        "round": 1,
        "stop_seat": stop_seat,
        "turn_seat": (0 if turn_seat is None else turn_seat) if mode == "relaxed" else None,
        "history": [],
        "seats": out_seats,
        "hoops": [{"suit": s, "owners": o} for s, o in hoops],
        "herenhopen": [{"seat": seat, "suit": s, "owners": o} for seat, s, o in herenhopen],
    }


def table(seats: dict[int, dict], **kw):
    return ENGINE._load(table_data(seats, **kw))


def rij(*cards):
    return list(cards) + [None] * (4 - len(cards))


# A neutral hand: nothing of it fits an empty middle (no Aces showing), Stok not empty.
QUIET = {"stok": ["9C", "8C"], "rij": ["2S", "3S", "4S", "5S"]}


def apply(state, seat, action):
    return ENGINE.apply(state, seat, action)


def seat_view(state, seat):
    return ENGINE.view(state, None)["seats"][seat]


def types(events):
    return [e["type"] for e in events]


# ---- the rulebook ---------------------------------------------------------------------------


def test_rulebook_scoring_example_is_17():
    """3 Stok cards (-6), 4 own cards in an own Herenhoop (+8), 15 in the middle and in others'
    Herenhopen (+15): 17 points."""
    own_heren = [0, 0, 0] + [1] * 9 + [0]  # hearts: A-3 and the King by seat 0
    others_heren = [0] * 10 + [1] * 3  # spades: seat 1 laid the King
    middle = [0] * 5  # clubs A-5
    state = table(
        {0: {"stok": ["9D", "8D", "7D"], "rij": ["2D", "3D", "4D", "5D"]}, 1: QUIET},
        herenhopen=[(0, "H", own_heren), (1, "S", others_heren)],
        hoops=[("C", middle)],
    )
    row = round_breakdown(state)[0]
    assert row == {"plus1": 15, "own_heren": 4, "stok": 3, "stop": 0, "score": 17}
    final, events = ENGINE.timeout(state)
    assert {"type": "round_score", "seat": 0, "score": 17, "stok": 3, "total": 17} in events
    assert ENGINE.outcome(final).scores[0] == 17


def test_scoring_stop_bonus_and_other_cards_in_herenhoop():
    # Seat 1 owns 9 hearts in seat 0's Herenhoop: +1 each; seat 1 called Stop: +10.
    state = table(
        {0: QUIET, 1: {"stok": [], "rij": rij("AC")}},  # the Ace keeps the round alive
        herenhopen=[(0, "H", [0, 0, 0] + [1] * 9 + [0])],
        stop_seat=1,
    )
    rows = round_breakdown(state)
    assert rows[1] == {"plus1": 9, "own_heren": 0, "stok": 0, "stop": 1, "score": 19}
    assert rows[0]["score"] == 4 * 2 - 2 * 2


# ---- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5, 8])
def test_setup_stok_rij_draaistok(players):
    state = ENGINE.new_game(players, 7, {})[0]
    view = ENGINE.view(state, None)
    for s in view["seats"]:
        assert s["stok_count"] == 13 and s["stok_top"] is not None
        assert len(s["rij"]) == 4 and None not in s["rij"]
        assert (s["draai_down"], s["draai_open"], s["draai_top"]) == (35, 0, None)
    assert view["hoops"] == [] and view["herenhopen"] == [] and view["round"] == 1
    assert ENGINE.to_move(state) == frozenset(range(players))
    # Each player shuffles an own deck.
    assert len({tuple(s["rij"]) for s in view["seats"]}) == players


def test_options_and_player_counts():
    assert ENGINE.normalize_options({}) == {"rounds": 3, "mode": "live"}
    assert ENGINE.normalize_options({"rounds": 10, "mode": "relaxed"}) == {"rounds": 10, "mode": "relaxed"}
    for bad in ({"rounds": 0}, {"rounds": 11}, {"rounds": "3"}, {"rounds": True}, {"mode": "fast"}, {"speed": 1}):
        with pytest.raises(BadOption):
            ENGINE.normalize_options(bad)
    for players in (1, 9):
        with pytest.raises(BadOption):
            ENGINE.new_game(players, 1, {})[0]


# ---- playing cards --------------------------------------------------------------------------


def test_only_aces_start_hoops_and_cards_follow_suit_one_rank_up():
    state = table({0: {"stok": ["AH"], "rij": ["2H", "3H", "2S", "9S"]}, 1: QUIET})
    assert ENGINE.legal_actions(state, 0) == ["s.AH", "turn", "done"]
    state, events = apply(state, 0, "s.AH")
    assert events[0] == {"type": "open_hoop", "seat": 0, "card": "AH", "source": "stok"}
    assert ENGINE.view(state, None)["hoops"] == [{"suit": "H", "top": "AH", "size": 1, "owners": [0]}]
    # 2H fits; 3H does not yet (one rank up only); 2S has no spade Hoop.
    assert [a for a in ENGINE.legal_actions(state, 0) if "." in a] == ["r1.2H"]
    state, _ = apply(state, 0, "r1.2H")
    with pytest.raises(IllegalAction):
        apply(state, 0, "r3.2S")
    assert "r2.3H" in ENGINE.legal_actions(state, 0)


def test_play_from_stok_turns_up_the_next_card():
    state = table({0: {"stok": ["7D", "AS"], "rij": ["2C", "3C", "4C", "5C"]}, 1: QUIET})
    state, events = apply(state, 0, "s.AS")
    assert types(events) == ["open_hoop"]
    assert seat_view(state, 0)["stok_top"] == "7D" and seat_view(state, 0)["stok_count"] == 1


def test_play_from_rij_refills_from_stok_and_turns_up_the_next():
    state = table({0: {"stok": ["9D", "8D", "7D"], "rij": ["2D", "AH", "3D", "4D"]}, 1: QUIET})
    state, events = apply(state, 0, "r2.AH")
    assert events[-1] == {"type": "refill", "seat": 0, "slot": 2, "card": "7D"}
    sv = seat_view(state, 0)
    assert sv["rij"] == ["2D", "7D", "3D", "4D"]
    assert (sv["stok_top"], sv["stok_count"]) == ("8D", 2)


def test_rij_gap_stays_empty_when_the_stok_is_empty():
    state = table({0: {"stok": [], "rij": ["AH", "2H", "3D", "4D"]}, 1: QUIET})
    state, events = apply(state, 0, "r1.AH")
    assert "refill" not in types(events)
    assert seat_view(state, 0)["rij"] == [None, "2H", "3D", "4D"]
    state, _ = apply(state, 0, "r2.2H")
    assert seat_view(state, 0)["rij"] == [None, None, "3D", "4D"]
    assert not any(a.startswith(("r1.", "r2.")) for a in ENGINE.legal_actions(state, 0))


def test_play_from_draaistok_uncovers_the_card_beneath():
    state = table({0: {**QUIET, "open": ["5C", "AC"]}, 1: QUIET}, hoops=[])
    assert "d.AC" in ENGINE.legal_actions(state, 0)
    state, _ = apply(state, 0, "d.AC")
    assert seat_view(state, 0)["draai_top"] == "5C"
    assert "d.5C" not in ENGINE.legal_actions(state, 0)


def test_action_names_its_card_so_a_stale_button_cannot_play_another():
    state = table({0: {"stok": ["AD", "AS"], "rij": ["2C", "3C", "4C", "5C"]}, 1: QUIET})
    state, _ = apply(state, 0, "s.AS")
    with pytest.raises(IllegalAction):
        apply(state, 0, "s.AS")  # an old button: the Stok top is AD now
    assert "s.AD" in ENGINE.legal_actions(state, 0)


# ---- turning and recycling ------------------------------------------------------------------


def test_turn_three_puts_the_third_on_top():
    state = table({0: {**QUIET, "down": ["3C", "7H", "JS", "4D"]}, 1: QUIET})
    state, events = apply(state, 0, "turn")
    # The last card of ``down`` is the top of the face-down pile: 4D, JS, 7H are turned, 7H on top.
    assert events == [{"type": "turn", "seat": 0, "count": 3, "card": "7H"}]
    sv = seat_view(state, 0)
    assert (sv["draai_top"], sv["draai_open"], sv["draai_down"]) == ("7H", 3, 52 - 2 - 4 - 3)


def test_turn_the_rest_when_fewer_than_three_remain():
    rest_open = [c for c in DECK if c not in ("9C", "8C", "2S", "3S", "4S", "5S", "KD", "QD")]
    state = table({0: {**QUIET, "down": ["KD", "QD"], "open": rest_open, "rest": "open"}, 1: QUIET})
    assert seat_view(state, 0)["draai_down"] == 2
    state, events = apply(state, 0, "turn")
    assert events == [{"type": "turn", "seat": 0, "count": 2, "card": "KD"}]
    assert seat_view(state, 0)["draai_down"] == 0


def test_recycling_moves_the_top_card_to_the_bottom_and_turning_continues():
    # Open pile, bottom to top: 2C 3C 4C 5C 6C 7C (and the rest of the deck beneath them).
    base = {"stok": ["9D"], "rij": ["2S", "3S", "4S", "5S"]}
    mine = ["2C", "3C", "4C", "5C", "6C", "7C"]
    state = table({0: {**base, "down": [], "open": mine, "rest": "open"}, 1: QUIET})
    open_before = ENGINE._dump(state)["seats"][0]["open"]
    state, events = apply(state, 0, "turn")
    assert types(events) == ["recycle", "turn"]
    # Turned face down, the first-turned card (the bottom of the open pile) is on top; it goes to
    # the bottom, so the next three are the 2nd, 3rd and 4th cards of the old open pile.
    assert events[1]["card"] == open_before[3]
    dumped = ENGINE._dump(state)["seats"][0]
    assert dumped["open"] == open_before[1:4]
    assert dumped["down"][0] == open_before[0]  # the moved card is now at the very bottom
    assert dumped["down"][-1] == open_before[4]


def test_recycling_shows_other_cards_on_the_next_pass():
    state = table({0: {"stok": ["9D"], "rij": ["2S", "3S", "4S", "5S"]}, 1: QUIET})
    seen = set()
    for _ in range(60):
        state, _ = apply(state, 0, "turn")
        seen.add(seat_view(state, 0)["draai_top"])
    assert len(seen) == 52 - 5  # every card of the Draaistok came on top


# ---- Hoops and Herenhopen -------------------------------------------------------------------


def test_several_hoops_of_one_suit():
    state = table(
        {0: {"stok": ["AH"], "rij": ["2H", "7C", "8C", "9C"]}, 1: {"stok": ["AH"], "rij": ["2S", "7C", "8C", "9C"]}}
    )
    state, _ = apply(state, 0, "s.AH")
    state, _ = apply(state, 1, "s.AH")
    hoops = ENGINE.view(state, None)["hoops"]
    assert [(h["suit"], h["owners"]) for h in hoops] == [("H", [0]), ("H", [1])]
    # Where a card fits two Hoops: the one with most of the player's own cards, else the oldest.
    state2, _ = apply(state, 0, "r1.2H")
    assert [h["owners"] for h in ENGINE.view(state2, None)["hoops"]] == [[0, 0], [1]]


def test_fitting_several_hoops_prefers_own_cards_then_oldest():
    hand = {"stok": ["4S"], "rij": ["6C", "7C", "8C", "9C"]}
    other = {"stok": ["9D"], "rij": ["2D", "3D", "4D", "5D"]}
    state = table({0: hand, 1: other}, hoops=[("S", [1, 0, 1]), ("S", [0, 1, 0])])
    after = ENGINE.view(apply(state, 0, "s.4S")[0], None)["hoops"]
    assert [h["owners"] for h in after] == [[1, 0, 1], [0, 1, 0, 0]]
    oldest = table({0: hand, 1: other, 2: other}, hoops=[("S", [1, 1, 1]), ("S", [2, 2, 2])], players=3)
    after = ENGINE.view(apply(oldest, 0, "s.4S")[0], None)["hoops"]
    assert [h["owners"] for h in after] == [[1, 1, 1, 0], [2, 2, 2]]


def test_king_makes_a_herenhoop_for_whoever_laid_it():
    state = table(
        {0: {"stok": ["KD"], "rij": ["6S", "7S", "8S", "9S"]}, 1: QUIET},
        hoops=[("D", [1] * 12), ("C", [0, 1])],
    )
    state, events = apply(state, 0, "s.KD")
    assert events[-1] == {"type": "herenhoop", "seat": 0, "suit": "D", "own": 1}
    view = ENGINE.view(state, None)
    assert [h["suit"] for h in view["hoops"]] == ["C"]  # it leaves the middle
    assert view["herenhopen"] == [{"seat": 0, "suit": "D", "owners": [1] * 12 + [0]}]
    rows = round_breakdown(state)
    assert rows[0]["own_heren"] == 1 and rows[1]["plus1"] == 12 + 1


def test_a_king_goes_where_the_player_has_most_own_cards():
    state = table(
        {0: {"stok": ["KD"], "rij": ["6S", "7S", "8S", "9S"]}, 1: QUIET, 2: QUIET},
        hoops=[("D", [1] * 12), ("D", [0] * 6 + [2] * 6)],
        players=3,
    )
    state, _ = apply(state, 0, "s.KD")
    assert ENGINE.view(state, None)["herenhopen"][0]["owners"] == [0] * 6 + [2] * 6 + [0]


# ---- races ----------------------------------------------------------------------------------


def race_table():
    return table(
        {0: {"stok": ["9S"], "rij": ["5H", "7C", "8C", "9C"]}, 1: {"stok": ["5H"], "rij": ["6S", "7S", "8S", "9S"]}},
        hoops=[("H", [0, 1, 0, 1])],
    )


@pytest.mark.parametrize("first", [0, 1])
def test_race_for_the_same_spot_has_exactly_one_winner(first):
    state = race_table()
    actions = {0: "r1.5H", 1: "s.5H"}
    second = 1 - first
    assert actions[0] in ENGINE.legal_actions(state, 0) and actions[1] in ENGINE.legal_actions(state, 1)
    won, _ = apply(state, first, actions[first])
    assert ENGINE.lost_race(won, second, actions[second])
    with pytest.raises(IllegalAction):
        apply(won, second, actions[second])
    view = ENGINE.view(won, None)
    assert view["hoops"][0]["owners"] == [0, 1, 0, 1, first]
    # The loser keeps the card where it was; nothing lost or duplicated.
    loser = view["seats"][second]
    assert "5H" in ([loser["stok_top"]] + loser["rij"])
    ENGINE._load(ENGINE._dump(won))


def test_too_late_is_only_for_a_card_still_held_that_no_longer_fits():
    state = race_table()
    assert not ENGINE.lost_race(state, 0, "r1.5H")  # still fits
    won, _ = apply(state, 0, "r1.5H")
    assert not ENGINE.lost_race(won, 0, "r1.5H")  # the winner no longer holds it
    assert not ENGINE.lost_race(won, 1, "r1.5H")  # seat 1 never had 5H in its Rij
    assert not ENGINE.lost_race(won, 1, "turn") and not ENGINE.lost_race(won, 1, "zz")
    assert ENGINE.lost_race(won, 1, "s.5H")


def test_both_racers_apply_from_the_same_version_but_only_one_can_be_stored():
    # The table flow serialises actions; whichever reaches it first is stored, the other is
    # re-checked against the new state and refused. Both orders keep every card in one place.
    state = race_table()
    for order in ((0, "r1.5H", 1, "s.5H"), (1, "s.5H", 0, "r1.5H")):
        s1, _ = apply(state, order[0], order[1])
        with pytest.raises(IllegalAction):
            apply(s1, order[2], order[3])
        assert_conserved(s1)


# ---- Stop and the end of the round ----------------------------------------------------------


def test_stop_only_with_an_empty_stok_and_only_once():
    state = table({0: {"stok": [], "rij": rij("AC")}, 1: {"stok": [], "rij": rij("8C")}})
    assert "stop" in ENGINE.legal_actions(state, 0) and "stop" in ENGINE.legal_actions(state, 1)
    state, events = apply(state, 1, "stop")
    assert events[0] == {"type": "stop", "seat": 1}
    assert types(events[1:]) == ["lay_open", "lay_open"]  # both open piles were empty
    assert "stop" not in ENGINE.legal_actions(state, 0)
    with_stok = table({0: QUIET, 1: QUIET})
    assert "stop" not in ENGINE.legal_actions(with_stok, 0)


def test_no_turning_after_stop_but_rij_stok_and_open_draaistok_still_play():
    state = table(
        {
            0: {"stok": [], "rij": rij("7C")},
            1: {"stok": ["9D", "AD"], "rij": ["AS", "5S", "6S", "7S"], "open": ["2H", "AH"]},
        }
    )
    state, _ = apply(state, 0, "stop")
    assert ENGINE.view(state, None)["can_turn"] is False
    legal = ENGINE.legal_actions(state, 1)
    assert "turn" not in legal
    assert {"s.AD", "r1.AS", "d.AH"} <= set(legal)
    state, _ = apply(state, 1, "d.AH")
    assert "d.2H" in ENGINE.legal_actions(state, 1)  # the card beneath is uncovered
    with pytest.raises(IllegalAction):
        apply(state, 1, "turn")


def test_after_stop_an_empty_open_pile_lays_the_rest_of_the_draaistok_open():
    # Seat 1's open pile is empty at Stop: its face-down Draaistok is laid open at once, in order
    # (the card that would have been turned next, the last of ``down``, on top), and the 2H in it
    # can then be played on the Ace of Hearts, and the card beneath it after.
    state = table(
        {
            0: {"stok": [], "rij": rij("7C"), "rest": "open"},
            1: {"stok": ["9D", "8D"], "rij": ["2S", "3S", "4S", "5S"], "down": ["3H", "2H"], "open": []},
        },
        hoops=[("H", [0])],
    )
    assert seat_view(state, 1)["draai_down"] > 2
    down_before = list(state.seats[1].down)
    state, events = apply(state, 0, "stop")
    assert types(events) == ["stop", "lay_open"]
    assert events[1] == {"type": "lay_open", "seat": 1, "count": len(down_before), "card": "2H"}
    assert state.seats[1].open == down_before and state.seats[1].down == []
    assert seat_view(state, 1)["draai_top"] == "2H" and seat_view(state, 1)["draai_down"] == 0
    legal = ENGINE.legal_actions(state, 1)
    assert "d.2H" in legal and "turn" not in legal
    state, events = apply(state, 1, "d.2H")
    assert "round_end" not in types(events)
    assert ENGINE.load(ENGINE.dump(state)).seats[1].open == state.seats[1].open
    assert_conserved(state)
    state, events = apply(state, 1, "d.3H")  # the next card of the rest, uncovered in its turn
    assert events[0] == {"type": "play", "seat": 1, "card": "3H", "source": "draai"}


def test_after_stop_the_open_pile_emptied_by_a_play_lays_the_rest_open():
    # Before: the round would end as stuck with 2H out of reach in the face-down Draaistok.
    state = table(
        {
            0: {"stok": [], "rij": rij("7C"), "rest": "open"},
            1: {"stok": ["9D", "8D"], "rij": ["2S", "3S", "4S", "5S"], "down": ["2H"], "open": ["AH"]},
        },
        rounds=2,
    )
    state, events = apply(state, 0, "stop")
    assert types(events) == ["stop"]  # seat 1 still has an open card: nothing laid open yet
    state, events = apply(state, 1, "d.AH")
    assert types(events)[-1] == "lay_open" and events[-1]["card"] == "2H" and events[-1]["seat"] == 1
    assert "round_end" not in types(events)
    assert "d.2H" in ENGINE.legal_actions(state, 1)
    state, events = apply(state, 1, "d.2H")
    assert "round_end" not in types(events) or state.round == 2


def test_no_laying_open_before_stop():
    state = table({0: QUIET, 1: {**QUIET, "down": ["2H"], "open": []}})
    state, events = apply(state, 0, "done")
    assert "lay_open" not in types(events) and state.seats[1].open == []


def test_round_ends_when_nobody_can_play_after_stop():
    state = table(
        {0: {"stok": [], "rij": rij("7C")}, 1: {"stok": ["9D", "8D"], "rij": ["2S", "3S", "4S", "AS"]}},
        rounds=2,
    )
    state, _ = apply(state, 0, "stop")
    # Seat 0 has nothing left; seat 1 still has the Ace.
    assert ENGINE.to_move(state) == frozenset({0, 1}) and ENGINE.legal_actions(state, 0) == ["done"]
    state, events = apply(state, 1, "r4.AS")
    # Now 2S fits on the Ace: the round goes on.
    assert "round_end" not in types(events)
    for action in ("r1.2S", "r2.3S", "r3.4S"):
        state, events = apply(state, 1, action)
    # 9D/8D moved into the Rij; nothing fits any more and nobody may turn: the round is over.
    assert types(events)[-4:] == ["round_end", "round_score", "round_score", "round_start"]
    assert events[-4] == {"type": "round_end", "round": 1, "reason": "stuck"}
    view = ENGINE.view(state, None)
    assert view["round"] == 2 and view["history"] == [[10, 4 - 0]]
    assert view["totals"] == [10, 4] and view["stop_seat"] is None and view["hoops"] == []


def test_round_ends_when_everybody_said_done_and_done_is_final():
    state = table({0: QUIET, 1: QUIET}, rounds=1)
    state, _ = apply(state, 0, "done")
    assert ENGINE.to_move(state) == frozenset({1})
    assert ENGINE.legal_actions(state, 0) == []
    with pytest.raises(NotYourTurn):
        apply(state, 0, "turn")
    state, events = apply(state, 1, "done")
    assert events[1] == {"type": "round_end", "round": 1, "reason": "done"}
    assert types(events) == ["done", "round_end", "round_score", "round_score", "winner", "winner"]
    out = ENGINE.outcome(state)
    assert out.scores == [-4.0, -4.0] and out.placements == [1, 1]
    assert ENGINE.to_move(state) == frozenset()
    with pytest.raises(GameOver):
        apply(state, 1, "turn")


def test_quiet_time_ends_the_round_and_deals_the_next():
    state = ENGINE.new_game(3, 5, {"rounds": 2})[0]
    state2, events = ENGINE.timeout(state)
    assert events[0] == {"type": "round_end", "round": 1, "reason": "quiet"}
    assert events[-1] == {"type": "round_start", "round": 2}
    assert ENGINE.view(state2, None)["history"] == [[-26, -26, -26]]
    assert ENGINE.view(state, None)["round"] == 1  # the input state is untouched
    state3, events = ENGINE.timeout(state2)
    assert [e["type"] for e in events].count("winner") == 3
    assert ENGINE.outcome(state3).scores == [-52.0] * 3
    with pytest.raises(GameOver):
        ENGINE.timeout(state3)


def test_several_rounds_add_up_and_decide_the_winner():
    state = ENGINE.new_game(2, 11, {"rounds": 3})[0]
    rounds_seen = []
    while ENGINE.outcome(state) is None:
        rounds_seen.append(ENGINE.view(state, None)["round"])
        seat = 0 if 0 in ENGINE.to_move(state) else 1
        legal = ENGINE.legal_actions(state, seat)
        plays = [a for a in legal if "." in a]
        state, _ = apply(state, seat, plays[0] if plays and seat == 0 else "done")
    out = ENGINE.outcome(state)
    view = ENGINE.view(state, None)
    assert sorted(set(rounds_seen)) == [1, 2, 3] and len(view["history"]) == 3
    assert out.scores == [float(sum(r[s] for r in view["history"])) for s in (0, 1)]
    assert out.detail == {"rounds": view["history"]}
    assert out.placements[0] == 1 and out.scores[0] > out.scores[1]


# ---- relaxed mode ---------------------------------------------------------------------------


def test_relaxed_turn_many_plays_then_turn_ends_the_turn():
    state = table(
        {0: {"stok": ["AH"], "rij": ["2H", "7C", "8C", "9C"]}, 1: QUIET, 2: QUIET},
        players=3,
        mode="relaxed",
    )
    assert ENGINE.to_move(state) == frozenset({0})
    assert ENGINE.legal_actions(state, 1) == []
    state, _ = apply(state, 0, "s.AH")
    state, _ = apply(state, 0, "r1.2H")
    assert ENGINE.to_move(state) == frozenset({0})
    state, _ = apply(state, 0, "turn")
    assert ENGINE.to_move(state) == frozenset({1})
    with pytest.raises(NotYourTurn):
        apply(state, 0, "turn")


def test_relaxed_pass_only_when_nothing_can_be_turned_and_finished_seats_are_skipped():
    state = table(
        {
            0: {"stok": [], "rij": rij("AH", "2H")},
            1: {"stok": ["9D"], "rij": ["2S", "3S", "4S", "5S"]},  # nothing fits: skipped after Stop
            2: {"stok": ["AC"], "rij": ["2C", "3D", "4D", "5D"]},
        },
        players=3,
        mode="relaxed",
    )
    assert "pass" not in ENGINE.legal_actions(state, 0)
    state, _ = apply(state, 0, "stop")
    assert ENGINE.legal_actions(state, 0) == ["r1.AH", "pass", "done"]
    state, _ = apply(state, 0, "pass")
    assert ENGINE.to_move(state) == frozenset({2})
    state, _ = apply(state, 2, "s.AC")
    state, _ = apply(state, 2, "r1.2C")
    # Nothing left for seat 2 (its Stok is empty, nobody may turn): the turn moves on by itself.
    assert ENGINE.to_move(state) == frozenset({0})
    state, _ = apply(state, 0, "r1.AH")
    state, events = apply(state, 0, "r2.2H")
    # Nobody has anything left: the round (and this one-round game) ends.
    assert "round_end" in types(events) and ENGINE.outcome(state) is not None


def test_relaxed_rotation_starts_with_a_new_seat_each_round():
    state = ENGINE.new_game(3, 2, {"mode": "relaxed", "rounds": 3})[0]
    starts = []
    for _ in range(3):
        starts.append(ENGINE.view(state, None)["turn_seat"])
        if ENGINE.outcome(state) is None:
            state, _ = ENGINE.timeout(state)
    assert starts == [0, 1, 2]


# ---- hidden information, events, persistence ------------------------------------------------

CARD = re.compile(r"^[A2-9TJQK][SHDC]$")


def card_strings(obj) -> list[str]:
    if isinstance(obj, str):
        return [obj] if CARD.match(obj) else []
    if isinstance(obj, dict):
        return [c for v in obj.values() for c in card_strings(v)]
    if isinstance(obj, list):
        return [c for v in obj for c in card_strings(v)]
    return []


def shown_now(seat_view):
    """A seat's view without the cards remembered from earlier tops (``draai_seen``, ``draai_known``)."""
    return {k: v for k, v in seat_view.items() if k not in ("draai_seen", "draai_known")}


def leak_check(view, viewer, state):
    """No face-down card in any view, the owner's included; every viewer sees the same table."""
    dumped = ENGINE._dump(state)
    for seat, (pub, raw) in enumerate(zip(view["seats"], dumped["seats"], strict=True)):
        visible = {c for c in raw["rij"] if c} | set(raw["stok"][-1:]) | set(raw["open"][-1:])
        assert set(card_strings(shown_now(pub))) <= visible, f"seat {seat} shows a face-down card"
        # Remembered cards were on top earlier (test_the_seen_draaistok_cards_are_the_tops_shown)
        # and are still in that Draaistok, never in the Stok.
        assert set(pub["draai_seen"]) <= set(raw["down"]) | set(raw["open"])
    for hoop, raw in zip(view["hoops"], dumped["hoops"], strict=True):
        assert hoop["top"] == RANKS[len(raw["owners"]) - 1] + raw["suit"]
    spectator = ENGINE.view(state, None)
    assert {**view, "viewer": None} == spectator


def assert_conserved(state):
    dumped = ENGINE._dump(state)
    for seat, raw in enumerate(dumped["seats"]):
        cards = raw["stok"] + raw["down"] + raw["open"] + [c for c in raw["rij"] if c]
        for pile in dumped["hoops"] + dumped["herenhopen"]:
            cards += [RANKS[i] + pile["suit"] for i, owner in enumerate(pile["owners"]) if owner == seat]
        assert sorted(cards) == sorted(DECK), f"seat {seat}'s cards are not each in one place"


def test_views_hide_face_down_cards_from_everyone():
    state = ENGINE.new_game(3, 4, {})[0]
    for seat in (0, 1, 2):
        for _ in range(4):
            state, _ = apply(state, seat, "turn")
    for viewer in (None, 0, 1, 2):
        view = ENGINE.view(state, viewer)
        leak_check(view, viewer, state)
        for sv in view["seats"]:
            # At most Stok top + 4 Rij + open top: 6 faces per player.
            assert len(card_strings(shown_now(sv))) <= 6


def eager(rng: Rng, legal: list[str]) -> str:
    """A random player that plays and turns a lot and rarely quits: long rounds, every rule used."""
    plays = [a for a in legal if "." in a]
    if "stop" in legal and rng.below(3) == 0:
        return "stop"
    if plays and rng.below(10) < 8:
        return rng.choice(plays)
    if "done" in legal and rng.below(60) == 0:
        return "done"
    for action in ("turn", "pass"):
        if action in legal:
            return action
    return rng.choice(legal)


def test_every_card_is_in_exactly_one_place_and_events_are_public():
    seen_events: set[str] = set()
    for players, seed in ((2, 1), (4, 2), (8, 3)):
        state = ENGINE.new_game(players, seed, {"rounds": 2})[0]
        pick = Rng(seed)
        while ENGINE.outcome(state) is None:
            movers = sorted(ENGINE.to_move(state))
            seat = movers[pick.below(len(movers))]
            state, events = apply(state, seat, eager(pick, ENGINE.legal_actions(state, seat)))
            assert_conserved(state)
            check_events_public(state, events)
            seen_events |= set(types(events))
    assert {"play", "open_hoop", "herenhoop", "refill", "turn", "recycle", "stop"} <= seen_events
    assert {"round_end", "round_score", "round_start", "winner"} <= seen_events


def test_the_seen_draaistok_cards_are_the_tops_shown_this_round_and_not_played_since():
    """``draai_seen`` is what anybody watching the table remembers: every card the views showed
    on top of a seat's open Draaistok this round, less those played from there since."""
    for players, seed, mode in ((2, 5, "relaxed"), (3, 6, "live"), (4, 7, "live")):
        state = ENGINE.new_game(players, seed, {"rounds": 2, "mode": mode})[0]
        pick = Rng(seed)
        remembered: list[set[str]] = [set() for _ in range(players)]
        grew = False
        while ENGINE.outcome(state) is None:
            movers = sorted(ENGINE.to_move(state))
            seat = movers[pick.below(len(movers))]
            state, events = apply(state, seat, eager(pick, ENGINE.legal_actions(state, seat)))
            if any(e["type"] == "round_start" for e in events):
                remembered = [set() for _ in range(players)]
            for event in events:
                if event["type"] in ("play", "open_hoop") and event["source"] == "draai":
                    remembered[event["seat"]].discard(event["card"])
            view = ENGINE.view(state, None)
            for index, sv in enumerate(view["seats"]):
                remembered[index] |= {sv["draai_top"]} - {None}
                assert sv["draai_seen"] == sorted(remembered[index])
                grew |= len(remembered[index]) > 20
        assert grew  # after a few passes most of a Draaistok is known


def test_the_known_draaistok_order_is_what_following_the_table_gives():
    """``draai_known`` places every seen card where an observer who only watched the table (views
    and events) and applied the fixed rules of turning, recycling and laying open would put it."""
    for players, seed, mode in ((2, 5, "relaxed"), (3, 6, "live"), (4, 7, "live")):
        state = ENGINE.new_game(players, seed, {"rounds": 2, "mode": mode})[0]
        pick = Rng(seed)
        view = ENGINE.view(state, None)
        down = [[None] * sv["draai_down"] for sv in view["seats"]]
        opened: list[list] = [[] for _ in range(players)]
        while ENGINE.outcome(state) is None:
            movers = sorted(ENGINE.to_move(state))
            seat = movers[pick.below(len(movers))]
            state, events = apply(state, seat, eager(pick, ENGINE.legal_actions(state, seat)))
            view = ENGINE.view(state, None)
            for event in events:
                who = event.get("seat")
                if event["type"] == "round_start":
                    down = [[None] * sv["draai_down"] for sv in view["seats"]]
                    opened = [[] for _ in range(players)]
                elif event["type"] == "recycle":
                    down[who], opened[who] = _recycled(opened[who]), []
                elif event["type"] == "turn":
                    opened[who] += [down[who].pop() for _ in range(event["count"])]
                elif event["type"] == "lay_open":
                    opened[who], down[who] = down[who], []
                elif event["type"] in ("play", "open_hoop") and event["source"] == "draai":
                    opened[who].pop()
            for index, sv in enumerate(view["seats"]):
                if opened[index]:
                    opened[index][-1] = sv["draai_top"]
                assert sv["draai_known"] == down[index] + opened[index]
                assert sorted(c for c in sv["draai_known"] if c) == sv["draai_seen"]


def test_a_game_stored_before_the_seen_cards_were_kept_loads_and_plays_on():
    state = ENGINE.new_game(2, 8, {"rounds": 2, "mode": "relaxed"})[0]
    for _ in range(12):
        seat = state.turn_seat
        state, _ = apply(state, seat, "turn")
    old = ENGINE.dump(state)
    for raw in old["seats"]:
        del raw["seen"]
    loaded = ENGINE.load(json.loads(json.dumps(old)))
    for seat, s in enumerate(loaded.seats):
        assert s.seen == set(s.open[-1:]), "an old game starts remembering from the open top"
        assert ENGINE.view(loaded, None)["seats"][seat]["draai_seen"] == sorted(s.seen)
    seat = loaded.turn_seat
    loaded, _ = apply(loaded, seat, "turn")
    assert loaded.seats[seat].open[-1] in loaded.seats[seat].seen


def check_events_public(state, events):
    """A card named by an event is face up afterwards (or, once a round was scored, was public)."""
    if any(e["type"] == "round_end" for e in events):
        return
    view = ENGINE.view(state, None)
    for event in events:
        assert json.loads(json.dumps(event)) == event
        if event["type"] == "turn":
            assert view["seats"][event["seat"]]["draai_top"] == event["card"]
        elif event["type"] == "refill":
            assert view["seats"][event["seat"]]["rij"][event["slot"] - 1] == event["card"]
        elif event["type"] in ("play", "open_hoop"):
            # One card per action: the played card is a Hoop's top now, or the King of a Herenhoop.
            in_middle = {h["top"] for h in view["hoops"]} | {"K" + h["suit"] for h in view["herenhopen"]}
            assert event["card"] in in_middle


# ---- persistence ----------------------------------------------------------------------------


def test_dump_load_round_trip_through_json():
    state = ENGINE.new_game(4, 9, {"rounds": 2, "mode": "relaxed"})[0]
    for _ in range(10):
        seat = next(iter(ENGINE.to_move(state)))
        state, _ = apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    dumped = ENGINE.dump(state)
    assert ENGINE.dump(ENGINE.load(json.loads(json.dumps(dumped)))) == dumped


def damaged(mutate):
    data = table_data({0: {"stok": ["9D", "AD"], "rij": ["2S", "3S", "4S", "5S"]}, 1: QUIET}, hoops=[("H", [0, 1])])
    mutate(data)
    return data


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d["seats"][0]["down"].append("AD"),  # duplicated card
        lambda d: d["seats"][0]["down"].pop(),  # lost card
        lambda d: d["seats"][0]["down"].__setitem__(0, "ZZ"),  # not a card
        lambda d: d["hoops"][0]["owners"].append(0),  # 3H of seat 0 now twice
        lambda d: d["hoops"].append({"suit": "X", "owners": [0]}),
        lambda d: d["seats"][0]["rij"].__setitem__(0, None),  # a gap while the Stok has cards
        lambda d: d.__setitem__("stop_seat", 0),  # Stop with a full Stok
        lambda d: d.__setitem__("players", 9),
        lambda d: d.__setitem__("round", 2),
        lambda d: d["options"].__setitem__("mode", "blitz"),
        lambda d: d.__setitem__("turn_seat", 1),  # live play has no turns
        lambda d: d["seats"][0].__setitem__("done", "yes"),
        lambda d: d["herenhopen"].append({"seat": 0, "suit": "S", "owners": [1] * 13}),  # King not laid by 0
        lambda d: d["seats"][0].__setitem__("seen", ["9D"]),  # a Stok card cannot have been seen in the Draaistok
        lambda d: d["seats"][0].__setitem__("seen", ["XX"]),
    ],
)
def test_load_refuses_broken_states(mutate):
    with pytest.raises(BadState):
        ENGINE.load({"game": "duvelen", "v": ENGINE.dump_version, **damaged(mutate)})


def test_load_refuses_a_round_that_should_have_ended():
    data = table_data({0: {**QUIET, "done": True}, 1: {**QUIET, "done": True}})
    with pytest.raises(BadState):
        ENGINE._load(data)


def test_outcome_is_none_while_running_and_complete_at_the_end():
    state = ENGINE.new_game(2, 3, {"rounds": 1})[0]
    assert ENGINE.outcome(state) is None
    state, _ = ENGINE.timeout(state)
    assert isinstance(ENGINE.outcome(state), Outcome)


# ---- texts ----------------------------------------------------------------------------------

EVENT_TYPES = {
    "play",
    "open_hoop",
    "herenhoop",
    "refill",
    "turn",
    "recycle",
    "stop",
    "lay_open",
    "done",
    "pass",
    "round_end",
    "round_score",
    "round_start",
    "winner",
}
ERROR_CODES = {"players", "rounds", "mode", "unknown-option", "too-late"}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_event_and_error_has_text_in_both_languages(lang):
    text = (Path(__file__).parents[2] / "locales" / lang / "duvelen.ftl").read_text(encoding="utf-8")
    ids = set(re.findall(r"^([a-z][a-z0-9_-]*) =", text, flags=re.M))
    assert {f"duvelen-event-{t}" for t in EVENT_TYPES} <= ids
    assert {f"duvelen-error-{c}" for c in ERROR_CODES} <= ids
    assert {"duvelen-name", "duvelen-rules"} <= ids
    from locales import tr

    rules = tr(lang, "duvelen-rules")
    assert 200 < len(rules) <= 1800
    line = tr(lang, "duvelen-event-play", seat="Ann", card="5H", source="rij")
    assert "Ann" in line and "5H" in line

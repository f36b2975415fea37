"""Scenario tests for Devil Take The Hindmost: every rulebook example and one test per rule.

States are built from a picture of the track with ``build`` (through ``ENGINE.load``, so every
scenario also passes the load-time invariant checks).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engines.base import Outcome
from engines.errors import BadOption, BadState, IllegalAction, NotYourTurn
from engines.hindmost import (
    CARD_ORDER,
    DECK,
    ENGINE,
    HindmostState,
    card_movement,
    label_of,
    movement,
    race_points_for,
)
from engines.rng import Rng

VIEW_KEYS = {
    "game",
    "players",
    "viewer",
    "to_move",
    "over",
    "options",
    "race",
    "races",
    "lap",
    "laps",
    "final_sprint",
    "finish_crossed",
    "riders",
    "current",
    "order",
    "eliminated",
    "race_points",
    "match_points",
    "race_wins",
    "bank",
    "pot",
    "hand_sizes",
    "draw_pile",
    "discards",
    "last",
    "private",
}
RIDER_KEYS = {"seat", "num", "d", "lane", "out", "moved"}


# ---- building scenario states ---------------------------------------------------------------------
def build(
    players: int = 2,
    *,
    at: dict[tuple[int, int], int],
    out: tuple[tuple[int, int], ...] = (),
    options: dict | None = None,
    hands: dict[int, list[str]] | None = None,
    turn: list[tuple[int, int]] | None = None,
    current: tuple[int, int] | None = None,
    pile_top: dict[int, list[str]] | None = None,
    empty_pile: bool = False,
    race: int = 1,
    match_base: list[int] | None = None,
    race_wins: list[int] | None = None,
    bank: list[int] | None = None,
) -> HindmostState:
    """A state from a picture of the track.

    ``at`` maps (seat, num) to d for every rider still racing; riders sharing a space get lanes in
    the order they are listed. ``out`` lists eliminated riders in order. The turn is the race order
    (or ``turn``), with every rider before ``current`` already moved. Cards not in a hand are in the
    draw pile (``pile_top[pile]`` on top) or, with ``empty_pile``, all in the discards.
    """
    opts = ENGINE.resolve_options(players, options or {})
    riders = opts["riders"]
    total = players * riders

    def rid(key: tuple[int, int]) -> int:
        return key[0] * riders + key[1] - 1

    d, lane = [0] * total, [0] * total
    taken: Counter[int] = Counter()
    for key, space in at.items():
        d[rid(key)], lane[rid(key)] = space, taken[space]
        taken[space] += 1
    out_ids = [rid(key) for key in out]
    assert sorted([rid(k) for k in at] + out_ids) == list(range(total)), "every rider must be placed"
    in_race = [rid(k) for k in at]
    order = sorted(in_race, key=lambda r: (-d[r], lane[r]))
    turn_ids = [rid(k) for k in turn] if turn else order
    turn_pos = turn_ids.index(rid(current)) if current else 0
    moved = ["1" if r in turn_ids[:turn_pos] else "0" for r in range(total)]

    decks = players if opts["own_decks"] else 1
    pools = [Counter(DECK) for _ in range(decks)]
    seats_racing = {key[0] for key in at}
    hands = dict(hands or {})
    filler = [card for card in DECK if card != "JK" and card[0] in "23456"]
    for seat in range(players):
        pool = pools[seat if decks > 1 else 0]
        if seat not in hands:
            hands[seat] = [] if seat not in seats_racing else [c for c in filler if pool[c] > 0][:5]
        for card in hands[seat]:
            assert pool[card] > 0, f"card {card} used too often"
            pool[card] -= 1
    piles, discards = [], []
    for index, pool in enumerate(pools):
        top = (pile_top or {}).get(index, [])
        for card in top:
            pool[card] -= 1
        rest = sorted(pool.elements())
        if empty_pile:
            piles.append("")
            discards.append("".join(rest + top))
        else:
            piles.append("".join(rest + top))
            discards.append("")
    race_points = [0] * players
    for points, r in enumerate(out_ids, 1):
        race_points[r // riders] += points
    if opts["betting"] and bank is None:
        bank = [-sum(1 for k in at if k[0] == seat) for seat in range(players)]
    data = {
        "game": "hindmost",
        "v": 1,
        "players": players,
        "options": opts,
        "rng": 987654321,
        "race": race,
        "lap": len(out) + 1,
        "d": d,
        "lanes": "".join(map(str, lane)),
        "out": "".join("1" if r in out_ids else "0" for r in range(total)),
        "moved": "".join(moved),
        "turn": turn_ids,
        "turn_pos": turn_pos,
        "eliminated": out_ids,
        "race_points": race_points,
        "match_base": match_base or [0] * players,
        "race_wins": race_wins or [0] * players,
        "bank": bank,
        "pot": len(at) if opts["betting"] else 0,
        "hands": ["".join(sorted(hands[s], key=CARD_ORDER.__getitem__)) for s in range(players)],
        "piles": piles,
        "discards": discards,
        "last": [],
        "over": False,
    }
    return ENGINE.load(json.loads(json.dumps(data)))


def play(state: HindmostState, action: str) -> tuple[HindmostState, list[dict]]:
    (seat,) = ENGINE.to_move(state)
    return ENGINE.apply(state, seat, action)


def rider(view: dict, seat: int, num: int) -> dict:
    return next(r for r in view["riders"] if r["seat"] == seat and r["num"] == num)


def spot(state: HindmostState, seat: int, num: int) -> tuple[int, int]:
    r = rider(ENGINE.view(state, None), seat, num)
    return r["d"], r["lane"]


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def current(state: HindmostState) -> tuple[int, int]:
    cur = ENGINE.view(state, None)["current"]
    return cur["seat"], cur["num"]


# Six riders of two teams well apart, leader first: (0,1) 20, (1,1) 16, (0,2) 12, (1,2) 8, (0,3) 4, (1,3) 0.
SPREAD_OUT = {(0, 1): 20, (1, 1): 16, (0, 2): 12, (1, 2): 8, (0, 3): 4, (1, 3): 0}


# ---- the track and the movement table -------------------------------------------------------------
def test_labels_of_the_track():
    assert [label_of(d) for d in range(1, 31)] == list(range(1, 11)) * 3
    assert label_of(0) == 10  # the starred 10 just past the line
    assert label_of(-1) == 9
    assert label_of(29) == 9


def test_rulebook_example_nine_moving_eight_lands_on_seven():
    assert label_of(9 + 8) == 7
    state = build(at={**SPREAD_OUT, (0, 1): 19}, hands={0: ["KS", "2S", "3S", "4S", "5S"]})
    state, events = play(state, "KS")
    assert spot(state, 0, 1) == (27, 0)
    assert events[0] == {"type": "played", "seat": 0, "num": 1, "cards": "KS", "from": 9, "to": 7, "spaces": 8,
                         "from_space": 19, "to_space": 27}  # fmt: skip


def test_rulebook_example_two_moving_six_lands_on_eight():
    assert label_of(2 + 6) == 8
    state = build(at={**SPREAD_OUT, (0, 1): 22}, hands={0: ["JS", "2S", "3S", "4S", "5S"]})
    state, events = play(state, "JS")
    assert spot(state, 0, 1) == (28, 0)
    assert (events[0]["from"], events[0]["to"], events[0]["spaces"]) == (2, 8, 6)


@pytest.mark.parametrize(
    ("cards", "label", "spaces"),
    [
        (["7H"], 7, 7),  # matching number: its value
        (["7H"], 6, 3),  # other numbers: 3
        (["2C"], 2, 2),  # a matching 2 is worse than a plain 3
        (["TD"], 10, 10),
        (["TD"], 1, 3),
        (["AS"], 1, 1),  # Ace on a 1
        (["AS"], 10, 10),
        (["JS"], 4, 6),
        (["QS"], 4, 7),
        (["KS"], 4, 8),
        (["JK"], 3, 5),  # joker alone
        (["JK", "7H"], 7, 12),  # Joker Sprint: card + 5
        (["JK", "7H"], 5, 8),
        (["JK", "AS"], 1, 6),
        (["JK", "KS"], 9, 13),
        (["JK", "JK"], 6, 10),  # two jokers: 5 + 5
    ],
)
def test_movement_table(cards, label, spaces):
    assert movement(cards, label) == spaces


def test_never_three_cards_and_never_two_without_a_joker():
    with pytest.raises(ValueError):
        movement(["JK", "JK", "7H"], 3)
    with pytest.raises(ValueError):
        movement(["7H", "8H"], 3)
    with pytest.raises(ValueError):
        card_movement("1X", 3)


def test_rulebook_scores():
    assert race_points_for(6) == [1, 2, 3, 4, 6, 9]
    assert race_points_for(8) == [1, 2, 3, 4, 5, 6, 8, 11]


# ---- options and setup ----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "riders"), [(2, 3), (3, 3), (4, 2), (5, 2), (6, 2)])
def test_default_team_size_is_the_lower_value_of_the_table(players, riders):
    state = ENGINE.new_game(players, 1, ENGINE.normalize_options({}))[0]
    view = ENGINE.view(state, None)
    assert view["options"] == {"riders": riders, "races": 1, "own_decks": False, "betting": False}
    assert len(view["riders"]) == players * riders
    assert view["laps"] == players * riders - 1


@pytest.mark.parametrize(("players", "riders"), [(2, 4), (3, 4), (4, 3), (5, 3)])
def test_upper_team_size_is_allowed(players, riders):
    state = ENGINE.new_game(players, 1, {"riders": riders})[0]
    assert len(ENGINE.view(state, None)["riders"]) == players * riders


@pytest.mark.parametrize(("players", "riders"), [(2, 2), (3, 2), (4, 4), (5, 4), (6, 3), (6, 4)])
def test_team_size_outside_the_table_is_refused(players, riders):
    with pytest.raises(BadOption) as info:
        ENGINE.new_game(players, 1, {"riders": riders})[0]
    assert info.value.code == "bad-riders"
    assert str(players) in info.value.message


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"riders": 5}, "bad-riders"),
        ({"riders": 1}, "bad-riders"),
        ({"races": 0}, "bad-races"),
        ({"races": 6}, "bad-races"),
        ({"riders": "many"}, "bad-option"),
        ({"betting": "maybe"}, "bad-option"),
        ({"laps": 3}, "bad-option"),
    ],
)
def test_bad_options_are_refused(options, code):
    with pytest.raises(BadOption) as info:
        ENGINE.normalize_options(options)
    assert info.value.code == code


def test_options_are_normalized():
    assert ENGINE.normalize_options({}) == {"riders": None, "races": 1, "own_decks": False, "betting": False}
    assert ENGINE.normalize_options({"riders": "3", "races": 2, "own_decks": "yes", "betting": True}) == {
        "riders": 3,
        "races": 2,
        "own_decks": True,
        "betting": True,
    }


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_is_checked(players):
    with pytest.raises(BadOption) as info:
        ENGINE.new_game(players, 1, {})[0]
    assert info.value.code == "bad-players"


def test_deal_five_cards_each_from_a_shared_deck_of_108():
    state = ENGINE.new_game(3, 5, {})[0]
    view = ENGINE.view(state, 1)
    assert view["hand_sizes"] == [5, 5, 5]
    assert len(view["private"]["hand"]) == 5
    assert view["draw_pile"] == 108 - 15 and view["discards"] == 0
    assert len(DECK) == 108 and Counter(DECK)["JK"] == 4 and Counter(DECK)["7H"] == 2
    assert view["last"] == []


def _spaces(view: dict) -> Counter[int]:
    return Counter(r["d"] for r in view["riders"] if not r["out"])


def test_start_grid_rows_of_teams():
    view = ENGINE.view(ENGINE.new_game(3, 2, {"riders": 4})[0], None)
    assert _spaces(view) == {0: 3, -1: 3, -2: 3, -3: 3}
    for r in view["riders"]:
        assert r["d"] == 1 - r["num"]
    # Team order is the same in every row.
    rows = [sorted((r["lane"], r["seat"]) for r in view["riders"] if r["d"] == -row) for row in range(4)]
    assert all([seat for _, seat in row] == [seat for _, seat in rows[0]] for row in rows)


@pytest.mark.parametrize(("players", "counts"), [(5, {0: 4, -1: 4, -2: 2}), (6, {0: 4, -1: 4, -2: 4})])
def test_start_grid_overflows_to_the_next_space_behind(players, counts):
    view = ENGINE.view(ENGINE.new_game(players, 3, {})[0], None)
    assert _spaces(view) == counts
    order = [tuple(x) for x in view["order"]]
    for seat in range(players):
        assert order.index((seat, 1)) < order.index((seat, 2))
    # The team that overflowed row one is inside on the next space, ahead of the second row.
    overflow = [r for r in view["riders"] if r["num"] == 1 and r["d"] == -1]
    assert len(overflow) == players - 4 and {r["lane"] for r in overflow} == set(range(players - 4))


def test_start_grid_team_order_is_random():
    leaders = {ENGINE.view(ENGINE.new_game(4, seed, {})[0], None)["order"][0][0] for seed in range(30)}
    assert leaders == {0, 1, 2, 3}


def test_first_turn_follows_the_start_grid():
    state = ENGINE.new_game(2, 7, {})[0]
    view = ENGINE.view(state, None)
    assert view["current"] == {"seat": view["order"][0][0], "num": 1}
    seen = []
    for _ in range(6):
        seen.append(list(current(state)))
        state, _ = play(state, ENGINE.legal_actions(state, current(state)[0])[-1])
    assert seen == view["order"]


# ---- lanes and full spaces ------------------------------------------------------------------------
def test_arriving_rider_takes_the_next_lane_and_leavers_close_up():
    at = {(0, 1): 15, (1, 1): 15, (0, 2): 15, (1, 2): 12, (0, 3): 4, (1, 3): 0}
    state = build(at=at, current=(1, 2), hands={1: ["3S", "4S", "5S", "6S", "8S"]})
    state, _ = play(state, "3S")  # 12 -> 15, on the outside of the three already there
    assert [spot(state, *k) for k in [(0, 1), (1, 1), (0, 2), (1, 2)]] == [(15, 0), (15, 1), (15, 2), (15, 3)]
    state, _ = play(state, ENGINE.legal_actions(state, 0)[0])  # (0, 3) moves up from 4
    # A new turn: (0, 1) on the inside moves first and the rest close up inward.
    state, _ = play(state, ENGINE.legal_actions(state, 1)[0])  # (1, 3) last of the turn
    assert current(state) == (0, 1)
    state, _ = play(state, ENGINE.legal_actions(state, 0)[-1])
    assert [spot(state, *k) for k in [(1, 1), (0, 2), (1, 2)]] == [(15, 0), (15, 1), (15, 2)]


def test_race_order_is_distance_then_inside_lane():
    at = {(1, 1): 9, (0, 1): 9, (1, 2): 9, (0, 2): 20, (0, 3): 3, (1, 3): 3}
    view = ENGINE.view(build(at=at), None)
    assert view["order"] == [[0, 2], [1, 1], [0, 1], [1, 2], [0, 3], [1, 3]]


def _three_teams_of_four(at: dict[tuple[int, int], int]) -> dict[tuple[int, int], int]:
    """Fill the unplaced riders of a 3 x 4 race onto distinct spaces far behind."""
    spare = iter(range(-1, -13, -1))
    return {**{(s, n): next(spare) for s in range(3) for n in range(1, 5) if (s, n) not in at}, **at}


def test_landing_on_a_full_space_goes_to_the_first_space_behind_with_room():
    full = {(1, 1): 8, (1, 2): 8, (1, 3): 8, (1, 4): 8}
    state = build(3, at=_three_teams_of_four({**full, (0, 1): 5}), options={"riders": 4}, current=(0, 1))
    state, events = play(state, ENGINE.legal_actions(state, 0)[-1])  # a plain 3-space card
    assert spot(state, 0, 1) == (7, 0)
    assert events[:2] == [
        {
            "type": "played",
            "seat": 0,
            "num": 1,
            "cards": events[0]["cards"],
            "from": 5,
            "to": 7,
            "spaces": 2,
            "from_space": 5,
            "to_space": 7,
        },  # fmt: skip
        {"type": "blocked", "seat": 0, "num": 1, "spaces": 1},
    ]


def test_full_spaces_may_be_jumped():
    full = {(1, 1): 7, (1, 2): 7, (1, 3): 7, (1, 4): 7}
    state = build(3, at=_three_teams_of_four({**full, (0, 1): 5}), options={"riders": 4}, current=(0, 1))
    state, events = play(state, ENGINE.legal_actions(state, 0)[-1])
    assert spot(state, 0, 1) == (8, 0)
    assert "blocked" not in types(events)


def test_several_full_spaces_push_back_further():
    full = {(1, n): 8 for n in range(1, 5)} | {(2, n): 7 for n in range(1, 5)}
    state = build(3, at=_three_teams_of_four({**full, (0, 1): 5, (0, 2): 6}), options={"riders": 4}, current=(0, 1))
    state, events = play(state, ENGINE.legal_actions(state, 0)[-1])
    assert spot(state, 0, 1) == (6, 1)  # beside the rider already on 6
    assert events[1] == {"type": "blocked", "seat": 0, "num": 1, "spaces": 2}


def test_a_boxed_in_rider_can_stay_where_it_is():
    # Five teams of three: twelve riders fill the three spaces ahead of (0, 1).
    at = {}
    others = [(s, n) for s in range(1, 5) for n in range(1, 4)]
    for i, key in enumerate(others):
        at[key] = 6 + i // 4
    at |= {(0, 1): 5, (0, 2): -1, (0, 3): -2}
    state = build(5, at=at, options={"riders": 3}, current=(0, 1), hands={0: ["3S", "4S", "5S", "6S", "8S"]})
    state, events = play(state, "3S")
    assert spot(state, 0, 1) == (5, 0)
    assert events[0]["spaces"] == 0 and events[1] == {"type": "blocked", "seat": 0, "num": 1, "spaces": 3}


# ---- plays, the joker limit and drawing ---------------------------------------------------------
def test_legal_plays_are_the_distinct_cards_and_joker_combinations():
    state = build(at=SPREAD_OUT, hands={0: ["JK", "JK", "7H", "7H", "AS"]})  # rider on 20: label 10
    legal = ENGINE.legal_actions(state, 0)
    assert sorted(legal) == sorted(["7H", "AS", "JK", "JK+7H", "JK+AS", "JK+JK"])
    assert legal[0] == "JK+AS"  # longest move first
    assert ENGINE.legal_actions(state, 1) == []
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 1, "7H")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, "KS")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, "7H+JK")  # the joker always comes first


def test_joker_combination_needs_two_cards_left_after_drawing():
    three = build(at=SPREAD_OUT, hands={0: ["JK", "7H", "9C"]})
    assert set(ENGINE.legal_actions(three, 0)) == {"7H", "9C", "JK", "JK+7H", "JK+9C"}
    two = build(at=SPREAD_OUT, hands={0: ["JK", "7H"]})
    assert set(ENGINE.legal_actions(two, 0)) == {"7H", "JK"}
    two_jokers = build(at=SPREAD_OUT, hands={0: ["JK", "JK"]})
    assert ENGINE.legal_actions(two_jokers, 0) == ["JK"]
    with pytest.raises(IllegalAction):
        ENGINE.apply(two_jokers, 0, "JK+JK")
    after, _ = play(three, "JK+7H")
    assert ENGINE.view(after, None)["hand_sizes"][0] == 2


def test_at_most_three_joker_combinations_per_race_from_five_cards():
    # Everyone plays a joker combination whenever allowed: each one costs a card for good.
    state = ENGINE.new_game(2, 17, {"riders": 4})[0]
    combos = [0, 0]
    while ENGINE.view(state, None)["race"] == 1 and not state.over:
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        action = next((a for a in legal if "+" in a), legal[-1])
        combos[seat] += "+" in action
        state, _ = ENGINE.apply(state, seat, action)
        sizes = ENGINE.view(state, None)["hand_sizes"]
        assert all(size == 5 - combos[s] for s, size in enumerate(sizes) if size)
    assert max(combos) == 3 and all(n <= 3 for n in combos)


def test_one_card_drawn_per_play():
    state = build(at=SPREAD_OUT, hands={0: ["JK", "7H", "9C", "2S", "3S"]}, pile_top={0: ["KD"]})
    before = ENGINE.view(state, 0)
    state, _ = play(state, "9C")
    after = ENGINE.view(state, 0)
    assert after["private"]["hand"] == ["2S", "3S", "7H", "KD", "JK"]  # the top card drawn, hand kept sorted
    assert after["draw_pile"] == before["draw_pile"] - 1 and after["discards"] == 1
    state = build(at=SPREAD_OUT, hands={0: ["JK", "7H", "9C", "2S", "3S"]}, pile_top={0: ["KD"]})
    state, _ = play(state, "JK+9C")
    after = ENGINE.view(state, 0)
    assert after["private"]["hand"] == ["2S", "3S", "7H", "KD"]
    assert after["draw_pile"] == before["draw_pile"] - 1 and after["discards"] == 2


def test_a_seat_to_move_always_has_a_play():
    # The smallest possible hand (two cards, after three combinations) still offers every single card.
    state = build(at=SPREAD_OUT, hands={0: ["JK", "JK"]})
    assert ENGINE.legal_actions(state, 0) == ["JK"]


# ---- turns ----------------------------------------------------------------------------------------
def test_turn_order_is_fixed_at_the_start_of_the_turn():
    hands = {0: ["2S", "3S", "4S", "5S", "6S"], 1: ["KS", "KH", "QS", "QH", "JS"]}
    state = build(at=SPREAD_OUT, hands=hands)
    state, _ = play(state, "2S")  # (0, 1): 20 -> 23
    state, _ = play(state, "KS")  # (1, 1): 16 -> 24, now the leader
    assert current(state) == (0, 2)  # the turn goes on in the order taken at its start
    for _ in range(4):
        state, _ = play(state, ENGINE.legal_actions(state, current(state)[0])[-1])
    view = ENGINE.view(state, None)
    assert view["order"][0] == [1, 1] and current(state) == (1, 1)  # next turn: new race order
    assert not any(r["moved"] for r in view["riders"])


def test_moved_flags_follow_the_turn():
    state = build(at=SPREAD_OUT, current=(0, 2))
    view = ENGINE.view(state, None)
    assert [(r["seat"], r["num"]) for r in view["riders"] if r["moved"]] == [(0, 1), (1, 1)]
    assert view["to_move"] == [0] and view["current"] == {"seat": 0, "num": 2}


# ---- lap end, elimination and regrouping ------------------------------------------------------------
def test_crossing_the_line_completes_the_turn_before_the_elimination():
    hands = {0: ["KS", "2S", "3S", "4S", "5S"], 1: ["KH", "KD", "QH", "QD", "2H"]}
    at = {(0, 1): 25, (1, 1): 16, (0, 2): 12, (1, 2): 8, (0, 3): 4, (1, 3): 0}
    state = build(at=at, hands=hands)
    state, events = play(state, "KS")  # 25 -> 33
    assert types(events) == ["played", "crossed"]
    assert events[1] == {"type": "crossed", "seat": 0, "num": 1}
    view = ENGINE.view(state, None)
    assert view["finish_crossed"] and not view["eliminated"]
    for _ in range(4):
        state, events = play(state, ENGINE.legal_actions(state, current(state)[0])[-1])
        assert "eliminated" not in types(events)
    # The last rider of the turn, (1, 3) on 0, overtakes (0, 3) (on 4 + 3 = 7): (0, 3) goes out.
    state, events = play(state, "KH")
    assert spot(state, 0, 3)[0] < 8
    assert {"type": "eliminated", "seat": 0, "num": 3, "points": 1} in events
    view = ENGINE.view(state, None)
    assert view["eliminated"] == [[0, 3, 1]] and view["lap"] == 2 and not view["finish_crossed"]


def test_a_second_rider_over_the_line_is_not_announced():
    hands = {0: ["KS", "2S", "3S", "4S", "5S"], 1: ["KH", "KD", "QH", "QD", "2H"]}
    at = {(0, 1): 25, (1, 1): 24, (0, 2): 12, (1, 2): 8, (0, 3): 4, (1, 3): 0}
    state = build(at=at, hands=hands)
    state, _ = play(state, "KS")
    state, events = play(state, "KH")
    assert types(events) == ["played"]


def test_tie_on_the_hindmost_space_eliminates_the_outer_lane():
    # (1, 2) and (0, 3) share the last space; (0, 3) arrived later, so it is outside.
    at = {(0, 1): 33, (1, 1): 20, (0, 2): 12, (1, 2): 6, (0, 3): 6, (1, 3): 10}
    turn = [(0, 1), (1, 1), (0, 2), (1, 2), (0, 3), (1, 3)]
    state = build(at=at, turn=turn, current=(1, 3), hands={1: ["2H", "3H", "4H", "5H", "6H"]})
    assert spot(state, 1, 2) == (6, 0) and spot(state, 0, 3) == (6, 1)
    state, events = play(state, "2H")
    assert {"type": "eliminated", "seat": 0, "num": 3, "points": 1} in events


def test_regrouping_puts_the_pack_one_per_space_from_the_starred_ten():
    at = {(0, 1): 33, (1, 1): 20, (0, 2): 20, (1, 2): 6, (0, 3): 9, (1, 3): 10}
    turn = [(0, 1), (1, 1), (0, 2), (1, 3), (0, 3), (1, 2)]
    state = build(at=at, turn=turn, current=(1, 2), hands={1: ["2H", "3H", "4H", "5H", "6H"]})
    state, events = play(state, "2H")  # (1, 2): 6 -> 9, outside (0, 3): still last
    assert types(events) == ["played", "eliminated", "regrouped", "lap-started"]
    assert events[2] == {"type": "regrouped", "riders": 5}
    assert events[3] == {"type": "lap-started", "lap": 2, "laps": 5}
    view = ENGINE.view(state, None)
    assert view["order"] == [[0, 1], [1, 1], [0, 2], [1, 3], [0, 3]]
    assert [spot(state, s, n) for s, n in view["order"]] == [(0, 0), (-1, 0), (-2, 0), (-3, 0), (-4, 0)]
    assert rider(view, 1, 2)["out"] and view["eliminated"] == [[1, 2, 1]]
    assert current(state) == (0, 1) and not any(r["moved"] for r in view["riders"])


# ---- final sprint and scoring ---------------------------------------------------------------------
def _three_left(**kwargs) -> HindmostState:
    """2 x 3 riders, three eliminated; the crossing happened and (0, 1) moves last in the turn."""
    at = {(1, 1): 31, (0, 1): 12, (1, 2): 14}
    out = ((0, 2), (1, 3), (0, 3))
    hands = {0: ["2S", "3S", "4S", "5S", "KS"], 1: ["2H", "3H", "4H", "5H", "6H"]}
    return build(at=at, out=out, turn=[(1, 1), (1, 2), (0, 1)], current=(0, 1), hands=hands, **kwargs)


def test_two_riders_left_ride_a_final_sprint():
    state, events = play(_three_left(), "KS")  # 12 -> 20: (1, 2) on 14 is the hindmost
    assert types(events) == ["played", "eliminated", "regrouped", "lap-started", "final-sprint"]
    assert events[1]["points"] == 4
    assert events[-1] == {"type": "final-sprint", "seat": 1, "num": 1, "other_seat": 0, "other_num": 1}
    view = ENGINE.view(state, None)
    assert view["final_sprint"] and view["lap"] == view["laps"] == 5
    assert view["order"] == [[1, 1], [0, 1]]


def test_final_sprint_winner_is_ahead_at_the_end_of_the_completed_turn():
    at = {(1, 1): 31, (0, 1): 26}
    out = ((0, 2), (1, 3), (0, 3), (1, 2))
    hands = {0: ["2S", "3S", "4S", "5S", "KS"], 1: ["2H", "3H", "4H", "5H", "6H"]}
    state = build(at=at, out=out, turn=[(1, 1), (0, 1)], current=(0, 1), hands=hands)
    state, events = play(state, "KS")  # 26 -> 34 passes the rider on 31
    assert types(events) == ["played", "runner-up", "race-won", "match-over"]
    assert events[1] == {"type": "runner-up", "seat": 1, "num": 1, "points": 6}
    assert events[2] == {"type": "race-won", "seat": 0, "num": 1, "points": 9}
    view = ENGINE.view(state, None)
    assert view["over"] and view["to_move"] == [] and view["current"] is None
    # Riders' points: seat 0: 1 + 3 + 9, seat 1: 2 + 4 + 6 (the rulebook's 1, 2, 3, 4, 6, 9).
    assert view["race_points"] == [13, 12] and view["match_points"] == [13, 12]
    assert view["race_wins"] == [1, 0]
    assert ENGINE.outcome(state) == Outcome(placements=[1, 2], scores=[13, 12], detail={"race_wins": [1, 0]})
    assert events[3] == {"type": "match-over", "seat": 0, "points": 13, "wins": 1}


def test_whole_race_scores_the_rulebook_points():
    for players, riders in ((2, 4), (3, 3), (6, 2)):
        state = ENGINE.new_game(players, 11, {"riders": riders})[0]
        rng = Rng(3)
        while not state.over:
            (seat,) = ENGINE.to_move(state)
            legal = ENGINE.legal_actions(state, seat)
            state, _ = ENGINE.apply(state, seat, legal[rng.below(len(legal))])
        view = ENGINE.view(state, None)
        table = race_points_for(players * riders)
        assert [p for _, _, p in view["eliminated"]] == table[:-2]
        assert sum(view["race_points"]) == sum(table)


def test_team_ranking_ties_go_to_race_wins():
    # Race 2 of 2; seat 1 won race 1 with only 10 points, seat 0 scored 15 there.
    at = {(1, 1): 31, (0, 1): 26}
    out = ((0, 2), (1, 3), (0, 3), (1, 2))
    kwargs = {"options": {"races": 2}, "race": 2, "match_base": [15, 10], "race_wins": [0, 1]}
    state = build(at=at, out=out, turn=[(1, 1), (0, 1)], current=(0, 1), hands={0: ["2S"] * 2 + ["3S"] * 2}, **kwargs)
    state, _ = play(state, "2S")  # (0, 1) stays behind: seat 1 wins race 2 as well
    view = ENGINE.view(state, None)
    assert view["match_points"] == [15 + 4 + 6, 10 + 6 + 9] == [25, 25]
    assert ENGINE.outcome(state).placements == [2, 1]


def test_fully_tied_teams_share_the_placement():
    at = {(1, 1): 31, (0, 1): 26}
    out = ((0, 2), (1, 3), (0, 3), (1, 2))
    kwargs = {"options": {"races": 2}, "race": 2, "match_base": [15, 10], "race_wins": [1, 0]}
    state = build(at=at, out=out, turn=[(1, 1), (0, 1)], current=(0, 1), hands={0: ["2S"] * 2 + ["3S"] * 2}, **kwargs)
    state, events = play(state, "2S")
    outcome = ENGINE.outcome(state)
    assert outcome.placements == [1, 1] and outcome.scores == [25, 25]
    assert [e for e in events if e["type"] == "match-over"] == [
        {"type": "match-over", "seat": 0, "points": 25, "wins": 1},
        {"type": "match-over", "seat": 1, "points": 25, "wins": 1},
    ]


# ---- matches, teams out, own decks, betting, reshuffles -------------------------------------------------
def test_match_of_several_races_adds_up_and_restarts_everything():
    at = {(1, 1): 31, (0, 1): 26}
    out = ((0, 2), (1, 3), (0, 3), (1, 2))
    state = build(at=at, out=out, turn=[(1, 1), (0, 1)], current=(0, 1), options={"races": 3})
    state, events = play(state, ENGINE.legal_actions(state, 0)[-1])
    assert types(events)[-4:] == ["runner-up", "race-won", "race-started", "lap-started"]
    assert events[-2] == {"type": "race-started", "race": 2, "races": 3}
    view = ENGINE.view(state, 0)
    assert not view["over"] and view["race"] == 2 and view["lap"] == 1
    assert view["race_points"] == [0, 0] and view["match_points"] == [1 + 3 + 6, 2 + 4 + 9]
    assert view["race_wins"] == [0, 1] and view["eliminated"] == []
    assert not any(r["out"] for r in view["riders"]) and _spaces(view) == {0: 2, -1: 2, -2: 2}
    assert view["hand_sizes"] == [5, 5] and view["draw_pile"] == 98 and view["discards"] == 0


def test_a_team_without_riders_drops_out_but_keeps_its_points():
    at = {(1, 1): 31, (1, 2): 20, (0, 1): 12, (1, 3): 14}
    out = ((0, 2), (0, 3))
    hands = {0: ["2S", "3S", "4S", "5S", "6S"], 1: ["2H", "3H", "4H", "5H", "6H"]}
    state = build(at=at, out=out, turn=[(1, 1), (1, 2), (1, 3), (0, 1)], current=(0, 1), hands=hands)
    state, events = play(state, "2S")  # 12 -> 14, outside (1, 3): the hindmost
    assert types(events)[1:3] == ["eliminated", "team-out"]
    assert events[2] == {"type": "team-out", "seat": 0}
    view = ENGINE.view(state, None)
    assert view["hand_sizes"] == [0, 5] and view["race_points"] == [1 + 2 + 3, 0]
    assert view["discards"] == 1 + 5  # the played card and the dropped hand
    while not state.over:
        assert ENGINE.to_move(state) == {1}
        state, _ = play(state, ENGINE.legal_actions(state, 1)[-1])
    assert ENGINE.outcome(state).scores == [6, 4 + 6 + 9]


def test_own_decks_draw_and_discard_per_seat():
    state = ENGINE.new_game(3, 4, {"own_decks": True})[0]
    views = [ENGINE.view(state, seat) for seat in range(3)]
    assert [v["private"]["draw_pile"] for v in views] == [103, 103, 103]
    assert all(v["draw_pile"] == 309 for v in views)  # the public count: all piles together
    assert ENGINE.view(state, None)["draw_pile"] == 309
    (seat,) = ENGINE.to_move(state)
    state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    for other in range(3):
        view = ENGINE.view(state, other)
        assert view["private"]["draw_pile"] == (102 if other == seat else 103)
        assert view["private"]["discards"] == (1 if other == seat else 0)
        assert (view["draw_pile"], view["discards"]) == (308, 1)


def test_own_decks_are_shuffled_independently():
    state = ENGINE.new_game(2, 8, {"own_decks": True})[0]
    assert state.piles[0] != state.piles[1]
    assert sorted(state.piles[0] + state.hands[0]) == sorted(state.piles[1] + state.hands[1]) == sorted(DECK)


def test_own_deck_reshuffles_its_own_discards():
    state = build(at=SPREAD_OUT, options={"own_decks": True}, empty_pile=True)
    view = ENGINE.view(state, 0)["private"]
    assert view["draw_pile"] == 0 and view["discards"] == 103
    state, events = play(state, ENGINE.legal_actions(state, 0)[0])
    assert {"type": "reshuffled-own", "seat": 0, "cards": 104} in events
    view = ENGINE.view(state, 0)["private"]
    assert view["draw_pile"] == 103 and view["discards"] == 0 and len(view["hand"]) == 5


def test_shared_pile_reshuffles_the_discards_when_empty():
    state = build(at=SPREAD_OUT, empty_pile=True)
    assert ENGINE.view(state, None)["draw_pile"] == 0
    state, events = play(state, ENGINE.legal_actions(state, 0)[0])
    assert events[-1] == {"type": "reshuffled", "cards": 99}
    view = ENGINE.view(state, None)
    assert view["draw_pile"] == 98 and view["discards"] == 0


def test_betting_stakes_before_each_lap_and_the_lap_winner_takes_the_pot():
    state = ENGINE.new_game(2, 3, {"betting": True})[0]
    view = ENGINE.view(state, None)
    assert view["bank"] == [-3, -3] and view["pot"] == 6
    at = {(0, 1): 33, (1, 1): 20, (0, 2): 12, (1, 2): 9, (0, 3): 4, (1, 3): 10}
    turn = [(0, 1), (1, 1), (0, 2), (1, 3), (1, 2), (0, 3)]
    state = build(at=at, turn=turn, current=(0, 3), options={"betting": True}, bank=[-1, -5])
    state, events = play(state, ENGINE.legal_actions(state, 0)[-1])  # (0, 3): 4 -> 7, still last
    assert types(events) == ["played", "pot-won", "eliminated", "regrouped", "lap-started", "staked"]
    assert events[1] == {"type": "pot-won", "seat": 0, "num": 1, "amount": 6}
    assert events[-1] == {"type": "staked", "pot": 5}
    view = ENGINE.view(state, None)
    assert view["bank"] == [-1 + 6 - 2, -5 - 3] and view["pot"] == 5
    assert sum(view["bank"]) + view["pot"] == 0


def test_betting_pays_the_final_sprint_and_survives_into_the_next_race():
    at = {(1, 1): 31, (0, 1): 26}
    out = ((0, 2), (1, 3), (0, 3), (1, 2))
    state = build(
        at=at,
        out=out,
        turn=[(1, 1), (0, 1)],
        current=(0, 1),
        options={"betting": True, "races": 2},
        bank=[-10, 8],
    )
    state, events = play(state, ENGINE.legal_actions(state, 0)[-1])
    assert {"type": "pot-won", "seat": 1, "num": 1, "amount": 2} in events
    view = ENGINE.view(state, None)
    assert view["bank"] == [-10 - 3, 8 + 2 - 3] and view["pot"] == 6


def test_without_betting_there_is_no_bank():
    view = ENGINE.view(ENGINE.new_game(2, 3, {})[0], None)
    assert view["bank"] is None and view["pot"] == 0


# ---- views, persistence and determinism ---------------------------------------------------------
def test_view_has_exactly_the_contract_keys():
    state = ENGINE.new_game(4, 9, {"own_decks": True, "betting": True})[0]
    spectator = ENGINE.view(state, None)
    assert set(spectator) == VIEW_KEYS and spectator["viewer"] is None and spectator["private"] is None
    for seat in range(4):
        view = ENGINE.view(state, seat)
        assert set(view) == VIEW_KEYS and view["viewer"] == seat
        assert view["private"]["hand"] == state.hands[seat]
    assert all(set(r) == RIDER_KEYS for r in spectator["riders"])
    assert json.loads(json.dumps(spectator)) == spectator


def test_view_of_a_running_race():
    state = build(at=SPREAD_OUT, out=(), current=(1, 1), options={"races": 2})
    view = ENGINE.view(state, 1)
    assert view["game"] == "hindmost" and view["players"] == 2 and view["to_move"] == [1]
    assert (view["race"], view["races"], view["lap"], view["laps"]) == (1, 2, 1, 5)
    assert not view["final_sprint"] and not view["finish_crossed"] and not view["over"]
    assert rider(view, 0, 1) == {"seat": 0, "num": 1, "d": 20, "lane": 0, "out": False, "moved": True}
    assert view["hand_sizes"] == [5, 5] and view["draw_pile"] == 98 and view["discards"] == 0


def test_dump_load_round_trip():
    state = ENGINE.new_game(5, 21, {"betting": True, "own_decks": True, "races": 2})[0]
    rng = Rng(5)
    for _ in range(150):
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        state, _ = ENGINE.apply(state, seat, legal[rng.below(len(legal))])
        dumped = ENGINE.dump(state)
        assert ENGINE.dump(ENGINE.load(json.loads(json.dumps(dumped)))) == dumped


def _damaged(change) -> dict:
    data = json.loads(json.dumps(ENGINE.dump(build(at=SPREAD_OUT, current=(0, 2)))))
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(v=2),
        lambda d: d.update(game="other"),
        lambda d: d.update(lanes="010000"),  # two riders in lane 0... and a lane 1 on an empty space
        lambda d: d.update(moved="000000"),
        lambda d: d.update(turn=[0, 1, 2, 3, 4, 4]),
        lambda d: d.update(piles=[d["piles"][0][2:]]),  # a card missing
        lambda d: d.update(hands=[d["hands"][0], d["hands"][1][2:] + d["hands"][1][:2]]),  # unsorted
        lambda d: d.update(race_points=[1, 0]),
        lambda d: d.update(pot=3),
        lambda d: d.update(options={"riders": 5, "races": 1, "own_decks": False, "betting": False}),
        lambda d: d.update(d=[99, 0, 0, 0, 0, 0]),
        lambda d: d.update(rng=-1),
        lambda d: d.pop("turn"),
    ],
)
def test_load_refuses_damaged_data(change):
    with pytest.raises(BadState):
        ENGINE.load(_damaged(change))


def test_replay_is_deterministic_and_seeds_differ():
    def run(seed: int) -> tuple[dict, list[str]]:
        state = ENGINE.new_game(3, seed, {})[0]
        rng, actions = Rng(1), []
        for _ in range(200):
            (seat,) = ENGINE.to_move(state)
            legal = ENGINE.legal_actions(state, seat)
            actions.append(legal[rng.below(len(legal))])
            state, _ = ENGINE.apply(state, seat, actions[-1])
        return ENGINE.dump(state), actions

    first, actions = run(42)
    again, same_actions = run(42)
    assert first == again and actions == same_actions
    assert ENGINE.dump(ENGINE.new_game(3, 42, {})[0]) != ENGINE.dump(ENGINE.new_game(3, 43, {})[0])


def test_apply_does_not_mutate_its_input():
    state = build(at=SPREAD_OUT)
    before = ENGINE.dump(state)
    play(state, ENGINE.legal_actions(state, 0)[0])
    assert ENGINE.dump(state) == before


def test_every_event_has_a_message_in_both_languages():
    from locales import has, tr

    kinds = {
        "race-started",
        "lap-started",
        "staked",
        "final-sprint",
        "played",
        "blocked",
        "crossed",
        "reshuffled",
        "reshuffled-own",
        "pot-won",
        "eliminated",
        "team-out",
        "regrouped",
        "runner-up",
        "race-won",
        "match-over",
    }
    for lang in ("en", "nl"):
        for kind in kinds:
            assert has(lang, f"hindmost-event-{kind}"), (lang, kind)
        for code in ("bad-option", "bad-riders", "bad-races", "bad-players", "bad-state", "illegal"):
            assert has(lang, f"hindmost-error-{code}"), (lang, code)
        assert has(lang, "hindmost-name")
        rules = tr(lang, "hindmost-rules")
        assert 500 < len(rules) <= 1800 and "hindmost-rules" not in rules


def test_a_refused_play_says_why():
    """``explain_illegal``: a card not in the hand, or a joker combination with too few cards, is
    named in the refusal; anything else gets the generic message."""
    from engines.errors import IllegalAction

    state, _ = ENGINE.new_game(3, 11, ENGINE.normalize_options({}))
    (seat,) = ENGINE.to_move(state)
    hand = state.hands[seat]
    missing = next(card for card in ("2C", "3D", "4H", "5S", "6C", "7D", "8H", "9S") if card not in hand)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, seat, missing)
    assert refused.value.code == "not-in-hand" and refused.value.params == {"card": missing}
    assert refused.value.game == "hindmost"
    if "JK" not in hand:
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(state, seat, f"JK+{hand[0]}")
        assert refused.value.code == "not-in-hand" and refused.value.params == {"card": "JK"}
    short = state.clone()
    short.hands[seat] = sorted(["JK", hand[0]], key=lambda c: c == "JK")  # jokers last, as hands are
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(short, seat, f"JK+{hand[0]}")
    assert refused.value.code == "combo-too-few"
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, seat, "ZZ")
    assert refused.value.code == "illegal"


def test_plays_that_differ_only_in_suits_are_offered_once():
    """Suits mean nothing in the race: 9♠ and 9♣ are one choice, and so are Joker + 9♠ and Joker + 9♣.
    Joker + 4 and Joker + 6 move as far but keep different cards: two choices."""
    state = build(at=SPREAD_OUT, hands={0: ["4D", "6H", "9S", "9C", "JK"]})
    seat = current(state)[0]
    legal = ENGINE.legal_actions(state, seat)
    assert {"9S", "9C", "JK+9S", "JK+9C"} <= set(legal)
    offered = ENGINE.offered_actions(state, seat)
    assert sorted(offered) == sorted(["4D", "6H", "9S", "JK", "JK+4D", "JK+6H", "JK+9S"])
    assert [a for a in legal if a in offered] == offered  # in the engine's own order
    # The one left out stays legal and plays as its twin does.
    twin, _ = play(state, "JK+9C")
    offered_twin, _ = play(state, "JK+9S")
    assert spot(twin, *current(state)) == spot(offered_twin, *current(state))

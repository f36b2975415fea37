"""Duvelen's hard player (``engines.duvelen_hard``): its play-outs follow the real rules and the
normal player's choices, and it holds a card back where playing it hands a rival the points."""

from __future__ import annotations

import pytest

from engines.budget import Budget
from engines.duvelen import DECK, ENGINE, parse_play, round_breakdown
from engines.duvelen_ai import HARD_WORK_BUDGET, choose
from engines.duvelen_hard import Sim, _play_value, rollout_policy, sample_world
from engines.levels import HARD
from engines.rng import Rng
from tests.engines.test_duvelen import table, table_data


@pytest.mark.parametrize("mode", ["live", "relaxed"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_play_outs_lean_rules_agree_with_the_engine_move_by_move(mode, players):
    for seed in range(6):
        state = ENGINE.new_game(players, seed, ENGINE.normalize_options({"mode": mode, "rounds": 1}))[0]
        sim, rng, step = Sim(state), Rng(seed), 0
        while not state.over:
            movers = sorted(ENGINE.to_move(state))
            seat = movers[step % len(movers)]
            step += 1
            legal = ENGINE.legal_actions(state, seat)
            # Mostly the play-outs' own player, sometimes anything legal (done rarely: long rounds).
            action = rollout_policy(sim, seat) if rng.below(4) else legal[rng.below(len(legal))]
            if action == "done" and rng.below(3):
                action = legal[0]
            assert action in legal
            state, _ = ENGINE._apply(state, seat, action)
            sim.apply(seat, action)
            assert sim.ended == state.over
            if state.over:
                break
            for index, s in enumerate(state.seats):
                assert (sim.stok[index], sim.rij[index], sim.down[index], sim.open[index]) == (
                    s.stok,
                    s.rij,
                    s.down,
                    s.open,
                )
                assert (sim.done[index], sim.idle[index]) == (s.done, s.idle_turns)
            assert sim.hoops == [(h.suit, h.owners) for h in state.hoops]
            assert sim.turn_seat == state.turn_seat
            assert sim.scores() == [row["score"] for row in round_breakdown(state)]


@pytest.mark.parametrize("mode", ["live", "relaxed"])
def test_the_play_outs_choose_as_the_normal_player_does(mode):
    for seed in range(6):
        state = ENGINE.new_game(3, seed, ENGINE.normalize_options({"mode": mode, "rounds": 1}))[0]
        step = 0
        while not state.over:
            movers = sorted(ENGINE.to_move(state))
            seat = movers[step % len(movers)]
            step += 1
            legal = ENGINE.legal_actions(state, seat)
            normal = choose(ENGINE.view(state, seat), legal, step)
            sim = Sim(state)
            lean = rollout_policy(sim, seat)
            if lean != normal:  # only a tie between plays the normal player breaks at random
                assert parse_play(lean) and parse_play(normal)
                assert _play_value(sim, seat, parse_play(lean)) == _play_value(sim, seat, parse_play(normal))
            state, _ = ENGINE._apply(state, seat, normal)


def test_sampled_worlds_keep_every_seen_draaistok_card_in_its_draaistok():
    """A card seen on top of a seat's open Draaistok and not played since is in that Draaistok in
    every world, where it really lies, never in the Stok; the cards nobody saw fill the Stok."""
    state = ENGINE.new_game(2, 11, ENGINE.normalize_options({"mode": "relaxed", "rounds": 1}))[0]
    step = 0
    while step < 60 or sum(len(s.seen) for s in state.seats) < 30:
        seat = state.turn_seat
        legal = ENGINE.legal_actions(state, seat)
        state, _ = ENGINE.apply(state, seat, choose(ENGINE.view(state, seat), legal, step))
        step += 1
    unseen = [set(DECK) - s.seen - set(s.open[-1:]) - set(s.stok[-1:]) - set(s.rij) for s in state.seats]
    for viewer in (0, 1):
        view = ENGINE.view(state, viewer)
        for seed in range(200):
            world = sample_world(view, Rng(seed))
            assert ENGINE.view(world, viewer) == view
            for index, (real, sampled) in enumerate(zip(state.seats, world.seats, strict=True)):
                assert real.seen <= set(sampled.down) | set(sampled.open)
                # ... each where following the table placed it.
                place = [c if c in real.seen else None for c in real.down + real.open]
                assert [c if c in real.seen else None for c in sampled.down + sampled.open] == place
                assert set(sampled.stok[:-1]) <= unseen[index]
    assert all(len(s.seen) >= 10 for s in state.seats)


def queen_before_the_rivals_king(mode: str, players: int = 2, third: dict | None = None, third_seen=()):
    """Our Queen of hearts would complete all but the King of a Hoop of hearts; the rival shows
    that King on top of their Stok (and the Queen's play gives us one point only)."""
    data = table_data(
        {
            0: {"stok": ["9D", "8D", "7D"], "rij": ["2C", "3C", "4C", "5C"], "open": ["QH"]},
            1: {"stok": ["9C", "8C", "KH"], "rij": ["2S", "3S", "4S", "5S"]},
            2: third or {},
        },
        hoops=[("H", [0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1])],
        players=players,
        mode=mode,
        rounds=3,
        turn_seat=0 if mode == "relaxed" else None,
    )
    if players > 2:
        data["seats"][2]["seen"] = list(third_seen)
    return ENGINE._load(data)


def hard(state, seat):
    view = ENGINE.view(state, seat)
    return choose(view, ENGINE.legal_actions(state, seat), 5, Budget(HARD_WORK_BUDGET, seconds=None), HARD)


def test_hard_holds_back_a_card_that_lets_the_rival_lay_a_king_from_the_stok():
    state = queen_before_the_rivals_king("relaxed")
    assert pick_normal(state) == "d.QH"  # the normal player plays whatever fits
    assert hard(state, 0) == "turn"


def test_live_hard_turns_over_a_card_that_lets_the_rival_lay_a_king_from_the_stok():
    """In live play too (issue 47): only our own Queen fits the spot, so turning keeps it shut."""
    state = queen_before_the_rivals_king("live")
    assert pick_normal(state) == "d.QH"
    assert hard(state, 0) == "turn"


def test_live_hard_plays_the_card_where_a_third_seat_would_lay_its_own_copy_first():
    state = queen_before_the_rivals_king("live", players=3, third={"rij": ["QH", "3S", "4S", "5S"]})
    assert hard(state, 0) == "d.QH"


def test_at_three_players_hard_holds_back_only_where_no_rival_can_take_the_spot():
    """A card held from the rival it would help is held from every rival: one showing its own
    copy (here the third seat's Queen of hearts in its Rij) would lay it on the spot first."""
    assert hard(queen_before_the_rivals_king("relaxed", players=3), 0) == "turn"
    state = queen_before_the_rivals_king("relaxed", players=3, third={"rij": ["QH", "3S", "4S", "5S"]})
    assert hard(state, 0) == "d.QH"
    # Seen on top before and known to come up again at its next turn (the third of the next three).
    state = queen_before_the_rivals_king("relaxed", players=3, third={"down": ["QH", "2D", "3D"]}, third_seen=["QH"])
    assert state.seats[2].down[-3:] == ["QH", "2D", "3D"]
    assert hard(state, 0) == "d.QH"


def test_at_three_players_hard_plays_on_in_the_normal_players_order():
    """Where hard does not hold back (the third seat shows its own Six of clubs, so it could take
    that spot), a play is not judged as if the other cards that fit were kept for the turn: they
    are all played anyway, so the order changes nothing and normal's stands."""
    state = table(
        {
            0: {"stok": ["9D", "8D", "QH"], "rij": ["9S", "TS", "JS", "QS"], "open": ["6C"]},
            1: {"stok": ["9C", "8C", "KH"], "rij": ["2S", "3S", "4S", "5S"]},
            2: {"rij": ["6C", "3H", "4H", "5H"]},
        },
        hoops=[("H", [0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1]), ("C", [1, 1, 1, 1, 1])],
        players=3,
        mode="relaxed",
        rounds=3,
        turn_seat=0,
    )
    assert pick_normal(state) == "s.QH"
    assert hard(state, 0) == "s.QH"


@pytest.mark.parametrize("mode", ["relaxed", "live"])
def test_hard_plays_a_card_that_gives_the_rival_nothing(mode):
    state = table(
        {
            0: {"stok": ["9D", "8D", "7D"], "rij": ["2C", "3C", "4C", "5C"], "open": ["QH"]},
            1: {"stok": ["9C", "8C", "6D"], "rij": ["2S", "3S", "4S", "5S"]},
        },
        hoops=[("H", [0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1])],
        mode=mode,
        rounds=3,
        turn_seat=0 if mode == "relaxed" else None,
    )
    assert hard(state, 0) == "d.QH"


def pick_normal(state):
    return choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), 5)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_rounds_of_hard_players_end_by_themselves(players):
    """Hard players holding cards back from each other still finish a round (never pass with
    cards that fit, and stop holding back once the whole Draaistok went round without a play)."""
    for seed in range(2):
        state = ENGINE.new_game(players, 70 + seed, ENGINE.normalize_options({"mode": "relaxed", "rounds": 1}))[0]
        step = 0
        while not state.over:
            seat = state.turn_seat
            view = ENGINE.view(state, seat)
            action = choose(view, ENGINE.legal_actions(state, seat), step, Budget(300, seconds=None), HARD)
            state, _ = ENGINE.apply(state, seat, action)
            step += 1
            assert step < 3000, "a round of hard players must end by itself"

"""How Ruck!'s computer player: legal, deterministic, sensible, and clearly stronger than random."""

from __future__ import annotations

from engines import howruck_ai, howruck_normal
from engines.howruck import ENGINE
from engines.rng import Rng
from tests.engines.test_howruck_helpers import tug_state


def random_policy(view, legal, seed):
    return legal[Rng(seed).below(len(legal))]


def own_side_policy(view, legal, seed):
    """A plausible beginner: lays every Scot on its own side and always carries out actions."""
    own = "ab"[view["viewer"]]
    mine = [a for a in legal if ":" in a and a.split(":")[1][:1] == own and not a.startswith(("VT", "TZ", "WK"))]
    plain = [a for a in legal if not a.endswith(":x")]
    options = mine or plain or legal
    return options[Rng(seed).below(len(options))]


def match(seed, policies):
    """One whole game; the race's arrival order is random, so neither side is faster by design."""
    state = ENGINE.new_game(2, seed, {})[0]
    arrival = Rng(seed * 7 + 1)
    step = 0
    while ENGINE.outcome(state) is None:
        movers = sorted(ENGINE.to_move(state))
        seat = movers[arrival.below(len(movers))]
        legal = ENGINE.legal_actions(state, seat)
        action = policies[seat](ENGINE.view(state, seat), legal, seed * 10007 + step)
        assert action in legal
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    return ENGINE.outcome(state)


def wins_of_ai(opponent, games):
    wins = 0
    for seed in range(games):
        ai_seat = seed % 2
        policies = [opponent, opponent]
        policies[ai_seat] = howruck_ai.choose
        wins += match(seed, policies).placements[ai_seat] == 1
    return wins


def test_ai_beats_random_clearly():
    assert wins_of_ai(random_policy, 40) >= 36


def test_ai_beats_an_own_side_beginner():
    assert wins_of_ai(own_side_policy, 30) >= 24


def choose(state, seat, seed=1):
    return howruck_ai.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), seed)


def test_deterministic_for_a_seed():
    state = tug_state(hands=(["R1", "G1", "W2", "B0"], ["G0"]), turn=0)
    assert len({choose(state, 0, seed=5) for _ in range(5)}) == 1


def test_forming_keeps_the_stronger_card_and_calls_stop():
    state = ENGINE.new_game(2, 9, {})[0]
    for _ in range(10):
        view = ENGINE.view(state, 0)
        first, second = view["private"]["pair"]
        action = howruck_ai.choose(view, ENGINE.legal_actions(state, 0), 0)
        kept = first if action.endswith(":a") else second
        given = second if action.endswith(":a") else first
        assert howruck_normal.forming_worth(kept) >= howruck_normal.forming_worth(given)
        state, _ = ENGINE.apply(state, 0, action)
    assert howruck_ai.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0), 0) == "stop"


def test_forming_worth_orders_cards_sensibly():
    worth = howruck_normal.forming_worth
    assert worth("N6") > worth("W4h") > worth("W4") > worth("R3") > worth("R1")
    assert worth("R0") > worth("R1")  # a 0 knocks an opponent's field below the printed 2
    assert worth("AD") > worth("R1")


def test_faster_player_splits_the_slower_stack_with_the_rest_pair():
    state = ENGINE.new_game(2, 12, {})[0]
    for _ in range(10):
        state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    state, _ = ENGINE.apply(state, 0, "stop")
    view = ENGINE.view(state, 0)
    first, second = view["private"]["rest_pair"]
    legal = ENGINE.legal_actions(state, 0)
    expected = legal[0] if howruck_normal.forming_worth(first) >= howruck_normal.forming_worth(second) else legal[1]
    assert expected.startswith("rest:")
    assert howruck_ai.choose(view, legal, 3) == expected


def test_takes_the_round_when_it_can():
    state = tug_state(hands=(["R1", "AD", "W2"], ["G0"]), barrel=3, turn=0)
    assert choose(state, 0) == "AD"


def test_monsterlijk_when_nessie_shows_on_the_other_side():
    state = tug_state(fields={"ag": ["W1"], "bg": ["W3", "N6"]}, hands=(["R1", "MO"], ["G0"]))
    assert choose(state, 0) == "MO"


def test_covers_the_opponents_best_field_when_that_pays_most():
    state = tug_state(fields={"bg": ["N6"]}, hands=(["G0", "R3"], ["B0"]), turn=0)
    assert choose(state, 0) == "G0:bg"


def test_does_not_trigger_a_losing_comparison():
    fields = {"bg": ["N6"], "br": ["R2"]}
    state = tug_state(fields=fields, hands=(["R3h", "G1"], ["B0"]), turn=0)
    assert not choose(state, 0).startswith("R3h")


def test_cashes_a_lead_with_a_comparison():
    fields = {"ar": ["W4"], "ab": ["W4"]}
    state = tug_state(fields=fields, hands=(["HR", "G0"], ["B0"]), barrel=6, turn=0)
    assert choose(state, 0) == "HR"


def test_declines_de_zwakste_wint_when_ahead():
    fields = {"ar": ["W4"], "ab": ["W4"]}
    state = tug_state(fields=fields, hands=(["ZW"], ["B0"]), turn=0)
    assert choose(state, 0) == "ZW:x"


def test_steals_blind_and_plays_the_stolen_card_well():
    state = tug_state(fields={"ag": ["G3"]}, hands=(["VT"], ["G0", "G1", "B1"]), turn=0)
    action = choose(state, 0)
    assert action.startswith("VT:") and action != "VT:x"
    state, _ = ENGINE.apply(state, 0, "VT:1")  # the stolen card is G0
    assert choose(state, 0) == "G0:bg"


def test_hards_play_outs_read_the_world_as_the_view_would_show_it():
    """``engines.howruck_hard`` plays its play-outs from the world directly: the board and the move
    are the ones the normal player finds from the seat's view of that world, at every step."""
    from engines.budget import Budget
    from engines.howruck_hard import _WorldSearch, board_of_world, sample_world
    from engines.rng import derive_seed

    checked = 0
    for seed in range(6):
        state = ENGINE.new_game(2, seed)[0]
        for step in range(400):
            if ENGINE.outcome(state) is not None:
                break
            seat = sorted(ENGINE.to_move(state))[step % len(ENGINE.to_move(state))]
            legal, view = ENGINE.legal_actions(state, seat), ENGINE.view(state, seat)
            if view["phase"] == "tug" and step % 5 == 0:
                world = sample_world(view, Rng(seed))
                for mover in (0, 1):
                    assert board_of_world(world, mover) == howruck_normal.board_from_view(ENGINE.view(world, mover))
                mover = world["tug"]["turn"]
                moves = ENGINE.legal_actions(world, mover)
                search = _WorldSearch(
                    ENGINE,
                    sample=None,
                    policy=howruck_ai.choose,
                    stop=None,
                    evaluate=None,
                    policy_work=1000,
                    max_plies=1,
                )
                by_view = howruck_ai.choose(ENGINE.view(world, mover), moves, derive_seed(seed, step), Budget(1000))
                assert search.playout_move(world, mover, moves, derive_seed(seed, step)) == by_view
                checked += 1
            state = ENGINE.apply(state, seat, howruck_ai.choose(view, legal, step))[0]
    assert checked >= 20

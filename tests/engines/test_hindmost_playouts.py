"""Random playouts of Devil Take The Hindmost for every player count and option.

Two layers, to keep the file fast: the shared ``random_playout`` (dump/load and every view at every
step, replay at the end) over a set of seeds per player count, and a lighter loop of our own over
100 seeds per player count that checks the same rules of the game at every step and the full
load-time invariants (through a JSON round-trip) at every lap boundary and at the end.

``CHECKS`` is the game's declaration for the conformance check (``tests/conformance.py``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import strategies as st

from engines.base import Engine, Outcome
from engines.hindmost import ENGINE, TEAM_SIZES, HindmostState, _sort_hand, race_points_for
from engines.rng import Rng
from render import cards as card_pictures
from render import hindmost as pictures
from render.cards import card_text
from render.common import BACKGROUND, INK, seat_colour
from tests.conformance import GameChecks, PrivateCards, cards, redeal_zones
from tests.engines.playout import random_playout
from tests.engines.test_hindmost import VIEW_KEYS

PLAYER_COUNTS = (2, 3, 4, 5, 6)
SHARED_SEEDS = 5  # CI-sized; bench/playouts.py plays thousands
FAST_SEEDS = 100
OPTION_SETS = (
    {},
    {"own_decks": True},
    {"betting": True},
    {"races": 2, "betting": True, "own_decks": True},
    {"upper": True},
)


# ---- the game's declaration for the conformance check ---------------------------------------------
def expected_private(state: HindmostState, seat: int) -> dict[str, Any]:
    """A seat's own hand, its pile's counts, and what its plays would do (only on its turn)."""
    pile = seat if state.options["own_decks"] else 0
    # What each play would do is worked out from the hand by the engine (its own tests check it);
    # here it only has to be there for exactly the seat's legal plays, and empty off turn.
    legal = ENGINE.legal_actions(state, seat) if seat in ENGINE.to_move(state) else []
    plays = ENGINE._plays(state, seat) if legal else {}
    assert set(plays) == set(legal)
    return {
        "hand": list(state.hands[seat]),
        "draw_pile": len(state.piles[pile]),
        "discards": len(state.discards[pile]),
        "plays": plays,
    }


def redeal(engine: Engine[Any, Any], state: Any, viewer: int | None, rng: Rng) -> Any:
    """Everything ``viewer`` has not seen dealt anew: the other hands and the draw piles."""
    data = engine.dump(state)
    hands = [cards(text) for text in data["hands"]]
    piles = [cards(text) for text in data["piles"]]
    others = [hand for seat, hand in enumerate(hands) if seat != viewer]
    if data["options"]["own_decks"]:
        # Each seat draws from its own deck: its hand and pile are one pool (the viewer's own pile
        # is face down to the viewer too).
        for seat, pile in enumerate(piles):
            redeal_zones(([hands[seat]] if seat != viewer else []) + [pile], rng)
    else:
        redeal_zones([*others, *piles], rng)
    data["hands"] = ["".join(_sort_hand(hand)) for hand in hands]
    data["piles"] = ["".join(pile) for pile in piles]
    return engine.load(data)


def _fuzz_options() -> Any:
    """Options a person might type, short games mostly, sometimes out of range (the client refuses)."""
    return st.fixed_dictionaries(
        {},
        optional={
            "riders": st.integers(1, 5),
            "races": st.integers(0, 2),
            "own_decks": st.booleans(),
            "betting": st.booleans(),
        },
    ).map(lambda o: {**o, "races": o.get("races", 1)})


CHECKS = GameChecks(
    text_counts=frozenset({"cards", "points", "riders", "spaces", "wins"}),
    not_a_count={"hindmost-event-played": frozenset({"cards"})},  # the cards played, such as 7H or JK+7H
    palette_named=(
        BACKGROUND,
        INK,
        pictures.TRACK_LIGHT,
        pictures.TRACK_DARK,
        pictures.INFIELD,
        *(seat_colour(seat) for seat in range(6)),
        *card_pictures.CARD_NAMED,
    ),
    expected_private=expected_private,
    redeal=redeal,
    redeal_changes_hands=True,
    option_sets=({}, {"own_decks": True, "betting": True}),
    crash_seats=3,
    short_game={"races": 1},
    private_cards=PrivateCards(
        lambda view: list((view.get("private") or {}).get("hand") or []), lambda code: [code, card_text(code)]
    ),
    fuzz_options=_fuzz_options,
)


def options_for(players: int, seed: int) -> dict:
    """Cycle through the options; ``upper`` means the larger team size of the table."""
    options = dict(OPTION_SETS[seed % len(OPTION_SETS)])
    if options.pop("upper", False):
        options["riders"] = TEAM_SIZES[players][-1]
    return options


def no_leak(view: dict, viewer: int | None, state: HindmostState) -> None:
    """A view holds the public part plus, for a seat, exactly that seat's own hand."""
    assert set(view) == VIEW_KEYS
    if viewer is None:
        assert view["private"] is None
    else:
        assert view["private"]["hand"] == state.hands[viewer]
    assert view["hand_sizes"] == [len(hand) for hand in state.hands]


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_shared_random_playouts(players):
    for seed in range(SHARED_SEEDS):
        state, log = random_playout(ENGINE, players, seed, options_for(players, seed), leak_check=no_leak)
        check_result(state)
        assert log


def check_result(state: HindmostState) -> None:
    outcome = ENGINE.outcome(state)
    assert isinstance(outcome, Outcome)
    view = ENGINE.view(state, None)
    table = race_points_for(len(view["riders"]))
    assert sum(outcome.scores) == sum(table) * view["races"]
    assert sum(view["race_wins"]) == view["races"]
    assert [points for _, _, points in view["eliminated"]] == table[:-2]
    assert len(view["order"]) == 2
    if view["bank"] is not None:
        assert sum(view["bank"]) == 0 and view["pot"] == 0


def fast_playout(players: int, seed: int) -> int:
    """One random game with the rule checks at every step; returns the number of plays."""
    state = ENGINE.new_game(players, seed, ENGINE.normalize_options(options_for(players, seed)))[0]
    pick = Rng(seed * 7919 + players)
    steps = 0
    while not state.over:
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_actions(state, seat)
        assert legal, "the seat to move has no play"
        assert len(state.hands[seat]) >= 2
        action = legal[pick.below(len(legal))]
        state, events = ENGINE.apply(state, seat, action)
        steps += 1
        assert events[0]["type"] == "played" and events[0]["seat"] == seat and events[0]["cards"] == action
        if events[-1]["type"] in ("lap-started", "staked", "final-sprint", "match-over"):
            check_boundary(state)
    check_result(state)
    return steps


def check_boundary(state: HindmostState) -> None:
    """The full invariants of ``load`` through real JSON, and every view free of leaks."""
    dumped = ENGINE.dump(state)
    assert ENGINE.dump(ENGINE.load(json.loads(json.dumps(dumped)))) == dumped
    for viewer in [None, *range(state.players)]:
        no_leak(ENGINE.view(state, viewer), viewer, state)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_fast_playouts_over_200_seeds(players):
    total = sum(fast_playout(players, seed) for seed in range(FAST_SEEDS))
    assert total > FAST_SEEDS * 50

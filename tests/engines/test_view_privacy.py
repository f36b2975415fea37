"""No view shows anything its viewer may not know: one test over every registered game.

The views share one envelope (``engines.base.ViewEnvelope``): everything outside ``viewer`` and
``private`` is the game's public part, which the engine builds without knowing who looks. So, at
every step of many seeded random games, for every seat count:

1. every seat's view equals the spectator's view except for ``viewer`` and ``private``, and the
   spectator's ``private`` is None (nothing private can hide outside ``private``);
2. each seat's ``private`` is exactly what that seat may see, worked out from the state here, apart
   from the engine's view code;
3. *non-interference*: redeal every card the viewer has never seen (the other seats' hands, the
   draw piles, face-down cards, cards set aside) and move the random generator on: the viewer's
   whole view must not change. Whatever of seat B's private part leaked into seat A's view (or the
   spectator's) would change with the redeal, so this fails on any leak, however it is encoded,
   while public cards that happen to share a code with a hidden one (two decks) do not confuse it.
   The test also counts the redeals that did change another seat's hand, so it cannot pass by
   redealing nothing.

``TAFELBOT_PRIVACY_SEEDS`` plays more games per seat count (the suite plays a CI-sized amount).
"""

from __future__ import annotations

import copy
import importlib
import os
from collections.abc import Callable
from typing import Any

import pytest

from engines.base import ENVELOPE_KEYS, Engine
from engines.hindmost import HindmostEngine, HindmostPublic, HindmostState, _sort_hand
from engines.rng import Rng
from table.registry import GAMES
from tests.engines.test_howruck_playout import expected_private as howruck_private
from tests.engines.test_howruck_playout import unknown_to as howruck_unknown_to

SEEDS = int(os.environ.get("TAFELBOT_PRIVACY_SEEDS", "2"))
# Long games (six riders' teams) are checked over their first steps; the playout tests play them out.
MAX_CHECKED_STEPS = 120
MASK = (1 << 64) - 1

# Option sets the games take in turn, seed by seed: those that change who holds which cards.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "hindmost": [{}, {"own_decks": True, "betting": True}],
    "howruck": [{}, {"learning": True}],
    "duvelen": [{}, {"mode": "relaxed"}],
}


# ---- what a seat may see, from the state ---------------------------------------------------------
def _hindmost_private(state: HindmostState, seat: int) -> dict[str, Any]:
    pile = seat if state.options["own_decks"] else 0
    # What each play would do is worked out from the hand by the engine (its own tests check it);
    # here it only has to be there for exactly the seat's legal plays, and empty off turn.
    from engines.hindmost import ENGINE

    legal = ENGINE.legal_actions(state, seat) if seat in ENGINE.to_move(state) else []
    plays = ENGINE._plays(state, seat) if legal else {}
    assert set(plays) == set(legal)
    return {
        "hand": list(state.hands[seat]),
        "draw_pile": len(state.piles[pile]),
        "discards": len(state.discards[pile]),
        "plays": plays,
    }


EXPECTED_PRIVATE: dict[str, Callable[[Any, int], Any]] = {
    "hindmost": _hindmost_private,
    "howruck": howruck_private,
    # Trackgammon and Manöver hide nothing; Duvelen's face-down cards are unknown to their owner too.
    "trackgammon": lambda state, seat: None,
    "manoever": lambda state, seat: None,
    "duvelen": lambda state, seat: None,
}


# ---- redealing what a viewer has never seen, on the dumped state -------------------------------
def _cards(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def _redeal_zones(zones: list[list[str]], rng: Rng) -> None:
    pool = [card for zone in zones for card in zone]
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:], pool = pool[:size], pool[size:]


def _hindmost_redeal(engine: Engine[Any, Any], state: Any, viewer: int | None, rng: Rng) -> Any:
    data = engine.dump(state)
    hands = [_cards(text) for text in data["hands"]]
    piles = [_cards(text) for text in data["piles"]]
    others = [hand for seat, hand in enumerate(hands) if seat != viewer]
    if data["options"]["own_decks"]:
        # Each seat draws from its own deck: its hand and pile are one pool (the viewer's own pile
        # is face down to the viewer too).
        for seat, pile in enumerate(piles):
            _redeal_zones(([hands[seat]] if seat != viewer else []) + [pile], rng)
    else:
        _redeal_zones([*others, *piles], rng)
    data["hands"] = ["".join(_sort_hand(hand)) for hand in hands]
    data["piles"] = ["".join(pile) for pile in piles]
    return engine.load(data)


def _howruck_redeal(engine: Engine[Any, Any], state: Any, viewer: int | None, rng: Rng) -> Any:
    twin = engine.load(engine.dump(state))
    # A spectator knows less than either seat: what seat 0 has not seen, the spectator has not either.
    zones = howruck_unknown_to(twin, 0 if viewer is None else viewer)
    pool = [cid for zone, start in zones for cid in zone[start:]]
    rng.shuffle(pool)
    for zone, start in zones:
        size = max(0, len(zone) - start)
        zone[start:], pool = pool[:size], pool[size:]
    return twin


def _duvelen_redeal(engine: Engine[Any, Any], state: Any, viewer: int | None, rng: Rng) -> Any:
    data = engine.dump(state)
    for seat in data["seats"]:
        face_down = [seat["stok"][:-1], seat["down"]]  # the Stok's top lies open
        _redeal_zones(face_down, rng)
        seat["stok"] = face_down[0] + seat["stok"][-1:]
        seat["down"] = face_down[1]
    return engine.load(data)


def _no_cards(engine: Engine[Any, Any], state: Any, viewer: int | None, rng: Rng) -> Any:
    return engine.load(engine.dump(state))


REDEAL: dict[str, Callable[[Engine[Any, Any], Any, int | None, Rng], Any]] = {
    "hindmost": _hindmost_redeal,
    "howruck": _howruck_redeal,
    "duvelen": _duvelen_redeal,
    "trackgammon": _no_cards,
    "manoever": _no_cards,
}


def _with_other_future(engine: Engine[Any, Any], state: Any, rng: Rng) -> Any:
    """The same position with a different random generator: the future is nobody's business."""
    data = engine.dump(state)
    if "rng" in data:
        data["rng"] = rng.next64() & MASK
    return engine.load(data)


# ---- the checks ------------------------------------------------------------------------------
def _public(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in ("viewer", "private")}


def check_views(engine: Engine[Any, Any], state: Any, rng: Rng) -> int:
    """All three checks on one state; returns how many redeals changed another seat's private part."""
    players = engine.players(state)
    views = {viewer: engine.view(state, viewer) for viewer in [None, *range(players)]}
    spectator = views[None]
    assert set(spectator) >= ENVELOPE_KEYS
    assert spectator["viewer"] is None and spectator["private"] is None
    assert spectator["to_move"] == sorted(engine.to_move(state))
    assert spectator["over"] == (engine.outcome(state) is not None)
    public = _public(spectator)
    for seat in range(players):
        view = views[seat]
        assert view["viewer"] == seat
        assert _public(view) == public, f"seat {seat}'s view differs from the spectator's outside 'private'"
        assert view["private"] == EXPECTED_PRIVATE[engine.name](state, seat), f"seat {seat}'s private part"
    changed = 0
    for viewer, view in views.items():
        twin = REDEAL[engine.name](engine, state, viewer, rng)
        twin = _with_other_future(engine, twin, rng)
        assert engine.view(twin, viewer) == view, f"viewer {viewer} sees something it has never seen"
        changed += any(
            engine.view(twin, other)["private"] != views[other]["private"]
            for other in range(players)
            if other != viewer
        )
    return changed


def play_and_check(engine: Engine[Any, Any], players: int, seed: int) -> tuple[int, int]:
    """One seeded random game; returns (states checked, redeals that changed another's private)."""
    pick = Rng(seed * 1009 + players)
    option_sets = OPTION_SETS.get(engine.name, [{}])
    options = engine.normalize_options(option_sets[seed % len(option_sets)])
    state, _events = engine.new_game(players, seed, options)
    checked = changed = 0
    while engine.outcome(state) is None and checked < MAX_CHECKED_STEPS:
        changed += check_views(engine, state, Rng(seed + checked))
        checked += 1
        movers = sorted(engine.to_move(state))
        seat = movers[pick.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        state, _events = engine.apply(state, seat, legal[pick.below(len(legal))])
    if engine.outcome(state) is not None:
        changed += check_views(engine, state, Rng(seed))
        checked += 1
    return checked, changed


def _engine(game_key: str) -> Engine[Any, Any]:
    module = importlib.import_module(next(g for g in GAMES if g.key == game_key).engine_module)
    engine: Engine[Any, Any] = module.ENGINE
    return engine


CASES = [
    (game.key, players)
    for game in GAMES
    for players in range(_engine(game.key).min_players, _engine(game.key).max_players + 1)
]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_no_view_shows_what_its_viewer_may_not_know(game, players):
    engine = _engine(game)
    checked = changed = 0
    for seed in range(SEEDS):
        steps, redealt = play_and_check(engine, players, seed)
        checked += steps
        changed += redealt
    assert checked >= 2
    if game in ("hindmost", "howruck"):
        assert changed > checked // 2, "the redeal hardly changed anything: the check would be toothless"


# ---- the check can fail ---------------------------------------------------------------------------
class _LeakyPublic(HindmostEngine):
    """Hand sizes are public, but this engine also puts a count of everyone's jokers there."""

    def _public_view(self, state: HindmostState) -> HindmostPublic:
        public = copy.deepcopy(super()._public_view(state))
        public["hand_sizes"] = [sum(card == "JK" for card in hand) * 100 + len(hand) for hand in state.hands]
        return public


class _LeakyPrivate(HindmostEngine):
    """A seat's private part that also holds the next seat's first card."""

    def _private_view(self, state: HindmostState, seat: int) -> Any:
        private = dict(super()._private_view(state, seat))
        private["hand"] = [*private["hand"], *state.hands[(seat + 1) % state.players][:1]]
        return private


@pytest.mark.parametrize("leaky", [_LeakyPublic, _LeakyPrivate])
def test_a_leaking_engine_is_caught(leaky):
    engine = leaky()
    with pytest.raises(AssertionError):
        for seed in range(5):
            play_and_check(engine, 3, seed)


def test_a_leak_into_the_private_part_is_caught_by_the_redeal_alone(monkeypatch):
    """Even if the expected private part were wrong the same way, the redeal sees the leak."""
    monkeypatch.setitem(
        EXPECTED_PRIVATE,
        "hindmost",
        lambda state, seat: {
            **_hindmost_private(state, seat),
            "hand": [*state.hands[seat], *state.hands[(seat + 1) % state.players][:1]],
        },
    )
    with pytest.raises(AssertionError, match="has never seen"):
        play_and_check(_LeakyPrivate(), 3, 1)

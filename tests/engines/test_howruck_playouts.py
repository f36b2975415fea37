"""How Ruck!: random playouts with the platform's invariants, and hidden information.

``CHECKS`` is the game's declaration for the conformance check (``tests/conformance.py``).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from engines.base import Engine
from engines.howruck import ENGINE
from engines.howruck_cards import code_of
from engines.rng import Rng
from render import howruck as pictures
from render.common import BACKGROUND, INK, WHITE, seat_colour
from render.howruck import card_name, card_title
from tests.conformance import GameChecks, PrivateCards
from tests.engines.playout import random_playout

PUBLIC_KEYS = ("game", "round", "phase", "barrels", "barrels_to_win", "learning", "winner", "to_move")


def expected_private(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """What a seat may know, worked out from the state independently of ``view``."""
    codes = lambda ids: [code_of(cid) for cid in ids]  # noqa: E731
    private = {"hand": [], "pair": [], "rest_pair": [], "kept": [], "given": []}
    forming, tug = state["forming"], state["tug"]
    if forming is not None:
        private["pair"] = codes(forming["pair"][seat])
        if forming["faster"] == seat:
            private["rest_pair"] = codes(forming["prep"][1 - seat][:2])
        private["kept"] = sorted(codes(forming["kept"][seat]))
        private["given"] = sorted(codes(forming["given"][seat]))
    elif tug is not None:
        private["hand"] = codes(tug["hands"][seat])
        private["kept"] = sorted(codes(tug["memory"][seat]["kept"]))
        private["given"] = sorted(codes(tug["memory"][seat]["given"]))
    return private


def unknown_to(state: dict[str, Any], seat: int) -> list[tuple[list[int], int]]:
    """Zones (list, first index) whose cards ``seat`` has never seen."""
    other = 1 - seat
    forming, tug = state["forming"], state["tug"]
    zones = [(state["aside"], 0)]
    if forming is not None:
        seen_of_other_stack = 2 if forming["faster"] == seat else 0
        zones += [
            (forming["prep"][seat], 0),
            (forming["prep"][other], seen_of_other_stack),
            (forming["pair"][other], 0),
            (forming["kept"][other], 0),
            (forming["given"][other], 0),
        ]
    elif tug is not None:
        zones += [(tug["hands"][other], 0), (tug["piles"][0], 0), (tug["piles"][1], 0)]
    return zones


def reshuffle_hidden(state: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
    """The same game as ``seat`` knows it, with every card it has not seen dealt differently."""
    data = ENGINE.dump(state)
    twin = ENGINE.load(data)
    zones = unknown_to(twin, seat)
    hidden = [cid for zone, start in zones for cid in zone[start:]]
    assert hidden, "there is always something hidden: the set-aside cards"
    Rng(seed).shuffle(hidden)
    for zone, start in zones:
        size = max(0, len(zone) - start)
        zone[start:] = hidden[:size]
        hidden = hidden[size:]
    return twin


# ---- the game's declaration for the conformance check ---------------------------------------------
def redeal(engine: Engine[Any, Any], state: Any, viewer: int | None, rng: Rng) -> Any:
    twin = engine.load(engine.dump(state))
    # A spectator knows less than either seat: what seat 0 has not seen, the spectator has not either.
    zones = unknown_to(twin, 0 if viewer is None else viewer)
    pool = [cid for zone, start in zones for cid in zone[start:]]
    rng.shuffle(pool)
    for zone, start in zones:
        size = max(0, len(zone) - start)
        zone[start:], pool = pool[:size], pool[size:]
    return twin


def _private_codes(view: dict) -> list[str]:
    private = view.get("private") or {}
    return [code for key in ("hand", "pair", "rest_pair", "kept", "given") for code in private.get(key) or []]


def _words(code: str) -> list[str]:
    return [code, card_title(code, "en"), card_title(code, "nl"), card_name(code, "en"), card_name(code, "nl")]


CHECKS = GameChecks(
    text_counts=frozenset({"barrels", "count", "left", "pull", "steps"}),
    palette_named=(
        BACKGROUND,
        INK,
        WHITE,
        pictures.CARD_FACE,
        *pictures.CARD_COLOURS.values(),
        *(seat_colour(seat) for seat in range(2)),
    ),
    expected_private=expected_private,
    redeal=redeal,
    redeal_changes_hands=True,
    option_sets=({}, {"learning": True}),
    short_game={"barrels": 1},
    # "How Ruck!" is the game's name and its strength comparison, and an action card's name too;
    # action cards speak of Nessie ("Monstrous, but no Nessie shows").
    private_cards=PrivateCards(_private_codes, _words, frozenset({"How Ruck", "Nessie"})),
    fuzz_options=lambda: st.fixed_dictionaries(
        {"barrels": st.integers(0, 2)},
        optional={"learning": st.booleans(), "computer_speed": st.floats(0.4, 11)},
    ),
)


def leak_check(view: dict[str, Any], viewer: int | None, state: dict[str, Any]) -> None:
    spectator = ENGINE.view(state, None)
    assert spectator["private"] is None
    for key in PUBLIC_KEYS + ("forming", "tug", "last"):
        assert view[key] == spectator[key], key
    if spectator["tug"] is not None:
        assert all(isinstance(n, int) for n in spectator["tug"]["hands"] + spectator["tug"]["piles"])
    if viewer is None:
        assert view["private"] is None
        return
    assert view["private"] == expected_private(state, viewer)


def strong_leak_check(view: dict[str, Any], viewer: int | None, state: dict[str, Any]) -> None:
    """Redealing every card the viewer has not seen must not change what it is shown."""
    leak_check(view, viewer, state)
    seats = (0, 1) if viewer is None else (viewer,)
    for seat in seats:
        twin = reshuffle_hidden(state, seat, seed=len(state["last"]) + state["rng"] % 1000)
        assert ENGINE.view(twin, viewer) == view


@pytest.mark.slow
@pytest.mark.parametrize("learning", [False, True])
def test_random_playouts(learning):
    for seed in range(40):
        state, log = random_playout(ENGINE, 2, seed, {"learning": learning}, leak_check=leak_check)
        assert max(state["barrels"]) == 3


def test_playouts_to_one_barrel():
    for seed in range(20):
        state, _ = random_playout(ENGINE, 2, 1000 + seed, {"barrels_to_win": 1}, leak_check=leak_check)
        assert sorted(state["barrels"]) == [0, 1]


def test_no_view_shows_what_its_seat_has_not_seen():
    for seed in range(4):
        random_playout(ENGINE, 2, 500 + seed, {}, leak_check=strong_leak_check)


def test_kept_and_given_cards_are_known_to_their_player_only():
    state = ENGINE.new_game(2, 77, {})[0]
    for _ in range(4):
        state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    mine, theirs, spectator = ENGINE.view(state, 0), ENGINE.view(state, 1), ENGINE.view(state, None)
    assert len(mine["private"]["kept"]) == 4 and len(mine["private"]["given"]) == 4
    assert theirs["private"]["kept"] == [] and theirs["private"]["given"] == []
    assert spectator["forming"]["splits"] == [4, 0] and spectator["forming"]["team"] == [4, 4]
    # Forming's secrets stay out of events too: a split names no card.
    _, events = ENGINE.apply(state, 1, ENGINE.legal_actions(state, 1)[-1])
    assert events == [{"type": "split", "seat": 1, "done": 1}]


def test_view_keys():
    state = ENGINE.new_game(2, 3, {"learning": True})[0]
    view = ENGINE.view(state, 1)
    assert set(view) == {"viewer", "over", "private", "last", "forming", "tug", *PUBLIC_KEYS}
    assert set(view["tug"]) == {
        "barrel",
        "starter",
        "turn",
        "fields",
        "strength",
        "hands",
        "piles",
        "discard",
        "pending",
    }
    assert view["tug"]["hands"] == [6, 6] and view["tug"]["piles"] == [14, 14]
    assert len(view["private"]["hand"]) == 6

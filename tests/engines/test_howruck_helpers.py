"""Scenario builders for the How Ruck! tests: whole states through ``ENGINE._load``.

(Named ``test_*`` so it stays within the files this game owns; its own tests check the builders.)
"""

from __future__ import annotations

from typing import Any

from engines.howruck import ENGINE, FIELDS
from engines.howruck_cards import CARDS


class CardPool:
    """Hands out card ids by code, each id once; what is left over becomes the set-aside cards."""

    def __init__(self) -> None:
        self.free: dict[str, list[int]] = {}
        for c in CARDS:
            self.free.setdefault(c.code, []).append(c.id)

    def take(self, code: str) -> int:
        if not self.free.get(code):
            raise AssertionError(f"no copy of {code} left for the scenario")
        return self.free[code].pop(0)

    def take_all(self, codes) -> list[int]:
        return [self.take(code) for code in codes]

    def rest(self) -> list[int]:
        return sorted(cid for ids in self.free.values() for cid in ids)


def tug_state(
    *,
    fields: dict[str, list[str]] | None = None,
    hands: tuple[list[str], list[str]] = ([], []),
    piles: tuple[list[str], list[str]] = ([], []),
    discard: list[str] = (),
    barrel: int = 6,
    turn: int = 0,
    starter: int = 0,
    barrels: tuple[int, int] = (0, 0),
    pending: tuple[int, str] | None = None,
    options: dict[str, Any] | None = None,
    rng: int = 12345,
) -> dict[str, Any]:
    """A running tug; cards not named anywhere are the set-aside cards."""
    pool = CardPool()
    built_fields = {f: pool.take_all((fields or {}).get(f, [])) for f in FIELDS}
    built_hands = [pool.take_all(h) for h in hands]
    built_piles = [pool.take_all(p) for p in piles]
    built_discard = pool.take_all(discard)
    built_pending = None
    if pending is not None:
        built_pending = {"seat": pending[0], "card": pool.take(pending[1])}
    data = {
        "options": ENGINE.normalize_options(options or {}),
        "rng": rng,
        "round": 1 + sum(barrels),
        "barrels": list(barrels),
        "phase": "tug",
        "winner": None,
        "aside": pool.rest(),
        "forming": None,
        "tug": {
            "barrel": barrel,
            "starter": starter,
            "turn": turn,
            "hands": built_hands,
            "piles": built_piles,
            "fields": built_fields,
            "discard": built_discard,
            "pending": built_pending,
            "memory": [{"kept": [], "given": []}, {"kept": [], "given": []}],
        },
        "last": [],
    }
    return ENGINE._load(data)


def hand_codes(state: dict[str, Any], seat: int) -> list[str]:
    return [CARDS[cid].code for cid in state["tug"]["hands"][seat]]


def tops(state: dict[str, Any]) -> dict[str, str | None]:
    return {f: (CARDS[s[-1]].code if s else None) for f, s in state["tug"]["fields"].items()}


def event_types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def test_builder_gives_a_loadable_state_with_every_card_once():
    state = tug_state(fields={"ar": ["R1", "R3h"]}, hands=(["W2"], ["AD"]), piles=(["G0"], []))
    assert tops(state)["ar"] == "R3h"
    assert hand_codes(state, 1) == ["AD"]
    assert len(state["aside"]) == 55 - 5
    assert ENGINE.load(ENGINE.dump(state)) == state

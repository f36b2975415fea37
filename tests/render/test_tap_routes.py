"""How the page plays a plan (``render.taps.route``, ``kept_selection``: the model of taps.js that
bench/turn_taps.py counts and the browser tests follow): from nothing selected every action takes
the plan's own count of taps, and the piece kept selected after a move never costs a tap."""

from __future__ import annotations

import pytest

from render.taps import kept_selection, route
from tests.render.test_spots import TAPPED, windows


def _drawn_keys(plan: dict) -> set[str]:
    return {key for picture in plan["pictures"] for key in picture["spots"]}


@pytest.mark.parametrize("key", TAPPED)
def test_from_nothing_selected_each_action_takes_the_plans_taps(key):
    for _spec, _state, _seat, _view, legal, plan, _pictures, _action in windows(key, games=2, length=8):
        for entry in plan["actions"]:
            steps = route(plan, entry["action"])
            assert len(steps) == entry["taps"], (key, entry, steps)
            assert all(what in _drawn_keys(plan) for kind, what in steps if kind == "tap")
            assert all(what == entry["action"] for kind, what in steps if kind != "tap")
            assert sum(kind != "tap" for kind, _what in steps) <= 1 and steps[-1][0] in {"tap", "pick", "list"}
        assert [e["action"] for e in plan["actions"]] == legal


# Trackgammon's discs may move twice in a turn (Manöver's recruits move once a turn: nothing to keep).
@pytest.mark.parametrize("key", ["trackgammon"])
def test_the_piece_moved_last_stays_selected_and_never_costs_a_tap(key):
    saved = 0
    last: tuple[int, list[str]] | None = None
    for _spec, _state, seat, _view, _legal, plan, _pictures, action in windows(key, games=3, length=24):
        kept = kept_selection(plan, last[1]) if last is not None and last[0] == seat else []
        assert all(k in _drawn_keys(plan) for k in kept)
        for entry in plan["actions"]:
            cost = len(route(plan, entry["action"], kept))
            assert cost <= entry["taps"], (key, kept, entry)
            saved += entry["taps"] - cost
        last = (seat, next(e for e in plan["actions"] if e["action"] == action)["spots"])
    assert saved > 0  # moving the same piece again takes a tap less

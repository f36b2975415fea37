"""Trackgammon's actions as places to tap (see ``render.spots``): the cell of the disc that moves,
then the cell (or finish) where it lands, both read from the view's ``choices`` (the engine says
where a move ends; no rules are copied here). Undo and done are buttons."""

from __future__ import annotations

from typing import Any


def action_spots(view: dict[str, Any], action: str) -> tuple[str, ...]:
    choice = next((c for c in view.get("choices", []) if c["action"] == action), None)
    if choice is None:
        return ()
    seat = choice["seat"]
    track = view["tracks"][seat]
    to = choice["to"]
    target = f"cell:{track[to - 1]}" if to <= len(track) else f"finish:{seat}"
    return (f"cell:{track[choice['from'] - 1]}", target)

"""Duvelen's actions as places to tap (see ``render.spots``): the viewer's own piles, on the board
and in the hand picture. The game finds where a card goes, so the card alone is the whole play;
turning is a tap on the face-down part. Stop, done and pass are buttons."""

from __future__ import annotations

from typing import Any


def action_spots(view: dict[str, Any], action: str) -> tuple[str, ...]:
    seat = view.get("viewer")
    if seat is None:
        return ()
    if action == "turn":
        return (f"down:{seat}",)
    source, dot, _card = action.partition(".")
    if not dot:
        return ()
    if source == "s":
        return (f"stok:{seat}",)
    if source == "d":
        return (f"draai:{seat}",)
    if source[:1] == "r" and source[1:].isdigit():
        return (f"rij:{seat}:{source[1:]}",)
    return ()

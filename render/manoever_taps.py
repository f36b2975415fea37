"""Manöver's actions as places to tap (see ``render.spots``): the recruit, then the field it lands
on (or the courtyard), from the view's ``pending`` entries. A field folded out of the picture has
no spot; the page then offers that move in the list after the recruit is tapped."""

from __future__ import annotations

from typing import Any

from engines.manoever import COURTYARD


def action_spots(view: dict[str, Any], action: str) -> tuple[str, ...]:
    recruit, _, distance = action.partition("-")
    if not (recruit.isdigit() and distance.isdigit()):
        return ()
    entry = next((e for e in view["pending"] if e["recruit"] == int(recruit)), None)
    if entry is None:
        return ()
    target = entry["field"] + int(distance)
    where = "courtyard" if target >= COURTYARD else f"field:{target}"
    return (f"recruit:{view['mover']}-{recruit}", where)

"""How Ruck!'s actions as places to tap (see ``render.spots``): while forming, the card of the pair
to keep; in the tug, the card of the hand, then the field it goes to (Wisselen van kant: the field
it takes the card from, then the one it goes to). A card's other choices (a value to name, a hand
card to steal, declining) are offered in the list after the card is tapped; Stop is a button."""

from __future__ import annotations

from typing import Any

FIELDS = frozenset(side + colour for side in "ab" for colour in "rbg")


def action_spots(view: dict[str, Any], action: str) -> tuple[str, ...]:
    if action == "stop":
        return ()
    head, _, rest = action.partition(":")
    if head in ("keep", "rest"):
        return (f"{head}:{rest.rpartition(':')[2]}",)
    card = f"card:{head}"
    if rest in FIELDS:
        return (card, f"field:{rest}")
    start, dash, end = rest.partition("-")
    if dash and start in FIELDS and end in FIELDS:
        return (card, f"field:{start}", f"field:{end}")
    return (card,)

"""Hindmost's actions as places to tap (see ``render.spots``): the cards of the hand picture.

A single card is one tap; a joker combination is the joker, then the card it goes with."""

from __future__ import annotations

from typing import Any


def action_spots(view: dict[str, Any], action: str) -> tuple[str, ...]:
    return tuple(f"card:{code}" for code in action.split("+"))

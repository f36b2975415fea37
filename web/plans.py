"""A seated player's places to tap (``render.taps``): the plan, from the pictures the page shows.

The board is the public picture, drawn once per version and language for everyone (Discord, the
spectators, every seat: ``Pages.board_drawing``), and the hand the seat's own picture (the one
``/hand/<version>.png`` serves); both come from the painter's cache with the spots recorded in
that same drawing (``table.pictures``). ``plan_of`` turns them into this seat's plan, keeping of
the board's spots only the keys this seat's legal actions use. The page shows the pictures from
their usual addresses (the board's cacheable and immutable), so a spot is where the picture has
it and each picture is loaded once a move.

Everything here is one seat's: the labels of its moves and the places its moves use. It goes only
to the signed-in person of that seat, with ``Cache-Control: private, no-store`` (``web.play``).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from render.taps import Sized, plan_for
from table.spec import load_spec

Plan = dict[str, Any]


def plan_of(game: str, view: dict[str, Any], legal: list[str], lang: str, pictures: list[Sized]) -> Plan:
    """The seat's plan from the drawings shown (plain data, so a picture worker can make it: the
    pictures' sizes and spots, never their bytes)."""
    return plan_for(load_spec(game), view, legal, pictures, lang)


class Plans:
    """The last few plans, keyed by everything they depend on (game, version, seat, language,
    names): the plan is asked for twice a move (the move's answer and the stream's news)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._made: OrderedDict[Hashable, asyncio.Future[Plan]] = OrderedDict()

    async def get_or_make(self, key: Hashable, making: Callable[[], Awaitable[Plan]]) -> Plan:
        found = self._made.get(key)
        if found is None or (found.done() and (found.cancelled() or found.exception() is not None)):
            # One making for requests that come together.
            found = asyncio.ensure_future(making())
            self._made[key] = found
            while len(self._made) > self.size:
                self._made.popitem(last=False)
        self._made.move_to_end(key)
        return await asyncio.shield(found)


def for_page(plan: Plan, version: int, picture_address: Callable[[str], str]) -> Plan:
    """The plan as the page gets it: each picture with the address the page shows it from."""
    pictures = [{**p, "src": picture_address(p["name"])} for p in plan["pictures"]]
    return {**plan, "version": version, "pictures": pictures}

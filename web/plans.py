"""A seated player's places to tap (``render.taps``): the plan and the pictures it was recorded from.

``render.taps.drawn_plan`` draws the board (from the public view) and the hand (the seat's view)
while recording where each legal action's things are drawn. The page must show *those* bytes, so
a spot is where the picture has it: ``Plans`` keeps each drawing (plan and PNGs together) for a
few versions, and the picture route (``web.play``) serves the PNGs from it, never redrawn apart.

Everything here is one seat's: the hand picture and the labels of its moves. It goes only to the
signed-in person of that seat, with ``Cache-Control: private, no-store`` (``web.play``).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from render.taps import drawn_plan
from table.spec import load_spec

Drawn = tuple[dict[str, Any], dict[str, bytes]]  # the plan and its pictures (name -> PNG)
PICTURES = ("board", "hand")  # the names a plan's pictures have (the route's pattern)


def draw(game: str, view: dict[str, Any], legal: list[str], lang: str, names: list[str]) -> Drawn:
    """The plan and its pictures, from plain data (so a picture worker process can draw it)."""
    return drawn_plan(load_spec(game), view, legal, lang, names)


class Plans:
    """The last few drawings, keyed by everything they depend on (game, version, seat, language,
    names): a plan's pictures are asked for right after the plan, from the same drawing."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._drawn: OrderedDict[Hashable, asyncio.Future[Drawn]] = OrderedDict()

    async def get_or_draw(self, key: Hashable, drawing: Callable[[], Awaitable[Drawn]]) -> Drawn:
        found = self._drawn.get(key)
        if found is None or (found.done() and (found.cancelled() or found.exception() is not None)):
            # One drawing for requests that come together (the plan, then its pictures at once).
            found = asyncio.ensure_future(drawing())
            self._drawn[key] = found
            while len(self._drawn) > self.size:
                self._drawn.popitem(last=False)
        self._drawn.move_to_end(key)
        return await asyncio.shield(found)

    def drawn(self, key: Hashable) -> Drawn | None:
        found = self._drawn.get(key)
        if found is None or not found.done() or found.cancelled() or found.exception() is not None:
            return None
        return found.result()


def for_page(plan: dict[str, Any], version: int, picture_address: Callable[[str], str]) -> dict[str, Any]:
    """The plan as the page gets it: each picture with the address of its own bytes."""
    pictures = [{**p, "src": picture_address(p["name"])} for p in plan["pictures"]]
    return {**plan, "version": version, "pictures": pictures}

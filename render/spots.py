"""Where the things an action touches are drawn, so a web page can offer them as places to tap.

Renderers report, at the place they draw it, each thing a legal action names: a card of the hand,
a pile, a field, a recruit. ``spot(key, box)`` reports one (a no-op unless someone is recording, so
production drawing pays one context-variable lookup); ``recording_spots()`` collects them, and
``draw_with_spots(render, view, ...)`` gives the picture and its spots from one drawing call, so
the geometry is never copied. ``box`` is ``(left, top, right, bottom)`` in the picture's pixels.

Each game's ``action_spots(view, action)`` (``render/<game>_taps.py``) names the keys of what a
tap selects, then where it goes; ``render.taps`` turns them into the page's plan. One vocabulary
per game; a key may be drawn more than once (two equal cards in a hand), and may appear in both of
a game's pictures (Duvelen's own panel is on the board and in the hand picture):

- Hindmost, hand picture: ``card:<code>`` (``card:7S``, ``card:JK``).
- Duvelen, board and hand picture, per seat: ``stok:<seat>``, ``rij:<seat>:<n>`` (slot 1..4),
  ``draai:<seat>`` (the open Draaistok card), ``down:<seat>`` (the face-down part: turn).
- Trackgammon, board: ``cell:<cell id>`` (``cell:p0-8``, ``cell:y1-13``: where the top disc
  stands and where it lands), ``finish:<seat>``.
- Manöver, board: ``recruit:<seat>-<n>`` (the marker on top of its stack), ``field:<n>`` (the
  right part of the field's cell, beside the recruits drawn there), ``courtyard``.
- How Ruck!, hand picture: ``card:<code>``, ``keep:a`` / ``keep:b`` (the pair to split),
  ``rest:a`` / ``rest:b`` (the slower player's pair); board: ``field:<side><colour>`` (``field:ar``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from render.layout import Box, picture_size


@dataclass(frozen=True)
class Spot:
    key: str
    box: Box


_spots: ContextVar[list[Spot] | None] = ContextVar("render_spots", default=None)


def spot(key: str, box: Box) -> None:
    """Report one place to tap (a no-op unless recording)."""
    spots = _spots.get()
    if spots is not None:
        spots.append(Spot(key, (float(box[0]), float(box[1]), float(box[2]), float(box[3]))))


@contextmanager
def recording_spots() -> Iterator[list[Spot]]:
    spots: list[Spot] = []
    token = _spots.set(spots)
    try:
        yield spots
    finally:
        _spots.reset(token)


def draw_with_spots(render: Callable[..., bytes], view: Any, **kwargs: Any) -> tuple[bytes, list[Spot]]:
    """The picture and the spots reported while drawing it: one call, so they always agree."""
    with recording_spots() as spots:
        png = render(view, **kwargs)
    return png, spots


def inside(box: Box, size: tuple[int, int]) -> bool:
    """Non-empty and within the picture."""
    return 0 <= box[0] < box[2] <= size[0] and 0 <= box[1] < box[3] <= size[1]


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


__all__ = ["Box", "Spot", "draw_with_spots", "inside", "overlap", "picture_size", "recording_spots", "spot"]

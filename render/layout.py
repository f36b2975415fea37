"""Where text lands in a picture, so tests can prove nothing is cut off and nothing overlaps.

Renderers report each piece of text they draw with ``place(bbox, text, within=box)``: ``bbox`` is
the drawn text's bounding box, ``within`` the area it was meant to stay in (a panel, a card, a
row; the whole picture when omitted). The shared text helpers (``render.cards.paste_text`` and
``render.common.text_centered``) report for their callers. Outside ``recording()`` a report costs
one context-variable lookup, so production drawing pays nothing worth measuring.

    with recording() as placed:
        png = render_board(view, names=names, locale="nl")
    assert problems(placed, picture_size(png)) == []
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True)
class Placed:
    text: str
    bbox: Box
    within: Box | None  # None: the whole picture
    size: float | None  # the font size in pixels, when known
    whole: bool = False  # a card's name or mark: never shortened with "…"


_placed: ContextVar[list[Placed] | None] = ContextVar("render_layout_placed", default=None)


def place(bbox: Box, text: str, within: Box | None = None, *, size: float | None = None, whole: bool = False) -> None:
    """Report one drawn text (a no-op unless a test is recording); ``whole``: a text that must be
    drawn in full (a card's name), where a shortening "…" is a fault, not a choice."""
    placed = _placed.get()
    if placed is not None and text.strip():
        placed.append(Placed(text, tuple(float(v) for v in bbox), within, size, whole))  # type: ignore[arg-type]


def is_recording() -> bool:
    return _placed.get() is not None


@contextmanager
def silent() -> Iterator[None]:
    """Texts drawn inside are not reported (a cached layer drawn once, reported per picture)."""
    token = _placed.set(None)
    try:
        yield
    finally:
        _placed.reset(token)


@contextmanager
def recording() -> Iterator[list[Placed]]:
    placed: list[Placed] = []
    token = _placed.set(placed)
    try:
        yield placed
    finally:
        _placed.reset(token)


def picture_size(png: bytes) -> tuple[int, int]:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as img:
        return img.size


def _inside(inner: Box, outer: Box, slack: float) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _overlap(a: Box, b: Box, slack: float) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


# On a phone Discord shows a picture about 400 px wide; text under about 7 px cap height (a font
# size of 28 px on a 1280 px-wide picture) is too small to read there.
PHONE_WIDTH = 400
MIN_PHONE_FONT = 28 * PHONE_WIDTH / 1280


def problems(
    placed: list[Placed], size: tuple[int, int], *, slack: float = 1.0, min_phone_font: float = MIN_PHONE_FONT
) -> list[str]:
    """Every text outside its area or the picture, every pair of texts that overlap, every text
    too small to read at phone width (where its font size is known), and every card name cut short."""
    found = []
    whole: Box = (0.0, 0.0, float(size[0]), float(size[1]))
    scale = min(1.0, PHONE_WIDTH / size[0])
    for item in placed:
        if item.whole and "…" in item.text:
            found.append(f"{item.text!r} is a card name cut short")
        if item.size is not None and item.size * scale < min_phone_font - 0.01:
            found.append(f"{item.text!r} at font size {item.size} is {item.size * scale:.1f} px on a phone")
        if not _inside(item.bbox, whole, slack):
            found.append(f"{item.text!r} at {item.bbox} leaves the picture {size}")
        elif item.within is not None and not _inside(item.bbox, item.within, slack):
            found.append(f"{item.text!r} at {item.bbox} leaves its area {item.within}")
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            if _overlap(a.bbox, b.bbox, slack):
                found.append(f"{a.text!r} at {a.bbox} overlaps {b.text!r} at {b.bbox}")
    return found

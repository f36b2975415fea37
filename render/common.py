"""Shared drawing helpers: fonts, seat colours with shapes, PNG encoding.

The font is DejaVu Sans, shipped in ``render/fonts`` (free licence beside it): Pillow's bundled
font has no accented letters, arrows or card suits, and players' names need them. Nothing is
downloaded or installed at run time. Colours are paired with a shape per seat so players can be
told apart without colour vision.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render import layout

try:  # ISA-L deflate: the same PNG, compressed about six times faster than zlib
    from isal import isal_zlib as _deflate
except ImportError:  # pragma: no cover - a platform without isal wheels still works
    _deflate = zlib

# Colour-blind-friendly palette (Okabe-Ito, plus two) with a marker shape per seat.
SEAT_COLOURS: Sequence[tuple[int, int, int]] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermilion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (240, 228, 66),  # yellow
    (120, 120, 120),  # grey
)
SEAT_SHAPES: Sequence[str] = ("circle", "square", "triangle", "diamond", "hexagon", "star", "pentagon", "cross")

BACKGROUND = (245, 242, 232)
INK = (30, 30, 30)
MUTED = (120, 120, 120)
RED_SUIT = (200, 30, 40)


_FONTS = Path(__file__).parent / "fonts"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans at ``size`` pixels (Pillow's own font if the file is missing)."""
    path = _FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default(size=size)


def bold_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return font(size, True)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def text_colour_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``rgb``."""
    r, g, b = rgb
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def draw_shape(
    draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill, outline=INK, width: int = 2
) -> None:
    """A filled marker of one of ``SEAT_SHAPES`` centred on (cx, cy) with radius r."""
    import math

    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
        return
    if shape == "square":
        draw.rectangle(
            (cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), fill=fill, outline=outline, width=width
        )
        return
    sides, rot, inner = {
        "triangle": (3, -90, None),
        "diamond": (4, 0, None),
        "pentagon": (5, -90, None),
        "hexagon": (6, 0, None),
        "star": (5, -90, 0.5),
        "cross": (4, 45, 0.45),
    }.get(shape, (4, 45, None))
    pts = []
    if inner is None:
        for i in range(sides):
            a = math.radians(rot + 360 * i / sides)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    else:
        for i in range(sides * 2):
            rr = r if i % 2 == 0 else r * inner
            a = math.radians(rot + 180 * i / sides)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(pts, fill=fill, outline=outline, width=width)


def seat_marker(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float) -> None:
    draw_shape(draw, SEAT_SHAPES[seat % len(SEAT_SHAPES)], cx, cy, r, seat_colour(seat))


def text_centered(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill=INK) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")
    layout.place(draw.textbbox(xy, text, font=font(size), anchor="mm"), text, size=size)


def new_canvas(width: int, height: int, colour=BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), colour)
    return img, ImageDraw.Draw(img)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def to_png(img: Image.Image) -> bytes:
    """PNG bytes, fast. RGB pictures are written directly: Pillow tries several filters per row,
    which costs more than the drawing; unfiltered rows deflated at level 1 (by ISA-L when
    installed) are many times faster for a few more kilobytes. Other modes (palette pictures) go
    through Pillow."""
    if img.mode != "RGB":
        buf = io.BytesIO()
        img.save(buf, format="PNG", compress_level=1)
        return buf.getvalue()
    raw, stride = memoryview(img.tobytes()), img.width * 3
    rows = b"".join(part for i in range(0, len(raw), stride) for part in (b"\x00", raw[i : i + stride]))
    head = struct.pack(">IIBBBBB", img.width, img.height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", head)
        + _chunk(b"IDAT", _deflate.compress(rows, 1))
        + _chunk(b"IEND", b"")
    )


@lru_cache(maxsize=4096)
def _has_glyph(char: str) -> bool:
    probe = font(20)
    return char.isspace() or bytes(probe.getmask(char)) != bytes(probe.getmask("\uffff"))


def drawable(text: str) -> str:
    """``text`` with characters the font cannot draw (CJK, emoji ...) replaced: an accented letter
    by its plain letter; anything else is left out (no font for it ships with the bot), so a name
    never shows as empty boxes or a bare "?"."""
    import unicodedata

    out = []
    for char in text:
        if _has_glyph(char):
            out.append(char)
            continue
        plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        out.append(plain if plain and all(_has_glyph(c) for c in plain) else "")
    return "".join(out)


# ---- phone-readable text (added for the phone layouts; new functions only) ---------------------


def name_text(text: str) -> str:
    """A player's name as the font can draw it: accented letters folded to plain ones, emoji and
    other undrawable symbols left out (never a bare "?"), spaces tidied."""
    import unicodedata

    out = []
    for char in unicodedata.normalize("NFC", str(text)):
        if unicodedata.category(char) in ("Cc", "Cf", "Cn", "Co", "Cs") or 0xFE00 <= ord(char) <= 0xFE0F:
            continue  # joiners and variation selectors of emoji sequences: nothing to draw
        if _has_glyph(char) and unicodedata.category(char) not in ("So", "Sk"):
            out.append(char)
            continue
        plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        if plain and all(_has_glyph(c) for c in plain) and unicodedata.category(plain[0]) != "So":
            out.append(plain)
    return " ".join("".join(out).split())


@lru_cache(maxsize=4096)
def fit_width(text: str, size: int, max_width: float, *, bold: bool = False) -> str:
    """``drawable(text)`` shortened on purpose with "…" until it is at most ``max_width`` wide
    (cached: boards redraw the same names on every move)."""
    text = drawable(text)
    face = font(size, bold)
    if face.getlength(text) <= max_width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with "…", by halving
    while low < high:
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + "…") <= max_width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


@lru_cache(maxsize=4096)
def _label_sprite(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` as an ``L`` mask and the offset of its box from the anchor point. Boards redraw the
    same numbers, names and headings on every move; pasting a cached mask is far cheaper than
    laying the text out again."""
    f = font(size, bold)
    left, top, right, bottom = f.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def label(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill=INK,
    *,
    anchor: str = "lm",
    within: layout.Box | None = None,
    bold: bool = False,
    max_width: float | None = None,
    report: bool = True,
) -> tuple[float, float, float, float]:
    """One line of text, made drawable (and shortened to ``max_width`` when given), reported to
    ``render.layout`` with the box it must stay in (unless ``report`` is off: a number printed on
    a piece belongs to the piece); returns its bounding box. Drawn from a cached mask: the same
    names and numbers come back on every move."""
    text = fit_width(text, size, max_width, bold=bold) if max_width is not None else drawable(text)
    mask, left, top = _label_sprite(text, size, bold, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    bbox = (x, y, x + mask.width, y + mask.height)
    draw.bitmap((x, y), mask, fill=fill)
    if report:
        layout.place(bbox, text, within, size=size)
    return bbox


def fit_message(make, name: str, size: int, width: float, measure=None) -> str:
    """``make(name)`` (a sentence around a player's name) within ``width`` pixels: the name is
    shortened with "…" first, so "… to move" stays readable; only if even a one-letter name is too
    long is the sentence itself cut."""
    measure = measure or (lambda text: font(size).getlength(text))
    text = make(name)
    if measure(text) <= width:
        return text
    short = name
    while len(short) > 1:
        short = short[:-1]
        text = make(short.rstrip() + "…")
        if measure(text) <= width:
            return text
    return fit_width(make(short + "…"), size, width)


@lru_cache(maxsize=512)
def _shape_tile(shape: str, r: int, fill, outline, width: int) -> Image.Image:
    """A marker shape on a small transparent tile: Pillow outlines a polygon wider than one pixel
    through a mask the size of the whole picture, which on a big board costs more than the shape."""
    side = 2 * (r + width + 1)
    tile = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw_shape(ImageDraw.Draw(tile), shape, side / 2, side / 2, r, fill, outline=outline, width=width)
    return tile


def stamp_shape(
    img: Image.Image, shape: str, cx: float, cy: float, r: float, fill, outline=INK, width: int = 2
) -> None:
    """``draw_shape`` onto ``img`` through a cached tile (same look, a fraction of the cost)."""
    tile = _shape_tile(shape, round(r), tuple(fill), tuple(outline) if outline is not None else None, width)
    left, top = round(cx - tile.width / 2), round(cy - tile.height / 2)
    img.paste(tile, (left, top), tile)


def stamp_seat_marker(img: Image.Image, seat: int, cx: float, cy: float, r: float) -> None:
    """``seat_marker`` through a cached tile."""
    stamp_shape(img, SEAT_SHAPES[seat % len(SEAT_SHAPES)], cx, cy, r, seat_colour(seat))

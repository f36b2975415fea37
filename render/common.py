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
from collections.abc import Callable, Sequence
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


# ---- palette pictures ------------------------------------------------------------------------
#
# Every picture goes out as an 8-bit palette PNG: the boards are flat colours, a third of the bytes
# of RGB to deflate and half the file. The palette is fixed per renderer: its named colours first,
# so they stay exact, then anti-aliasing ramps (a few shades of each ink over each ground) for the
# edges of text and smoothed shapes. A picture drawn in RGB is mapped onto it in ``to_png``; one
# drawn straight onto a "P" canvas (``new_canvas(..., palette=...)``) needs no mapping at all, and
# its text edges take their shades from the ramps (``paint_mask``), never from blended indices.

Colour = tuple[int, int, int]
RAMP_STEPS = 4  # shades between an ink and its ground: smooth at phone size, few palette entries
# Entries a fixed palette may fill; the rest stay free for a colour drawn that it does not name
# (Pillow, finding a palette full, would reuse an entry the picture does not show yet).
PALETTE_FIXED = 240
WHITE: Colour = (255, 255, 255)


def blend(ground: Colour, ink: Colour, amount: float) -> Colour:
    """The colour ``amount`` (0..1) of the way from ``ground`` to ``ink``."""
    r, g, b = (round(low + (high - low) * amount) for low, high in zip(ground, ink, strict=True))
    return r, g, b


def _ramp(ground: Colour, ink: Colour) -> list[Colour]:
    return [blend(ground, ink, step / (RAMP_STEPS + 1)) for step in range(1, RAMP_STEPS + 1)]


def _quantized(colours: list[Colour], palette: Image.Image) -> list[int]:
    """The palette index Pillow's fixed-palette mapping gives each colour (it looks colours up in a
    cache of 4x4x4 cells, so a shade close to a named colour could win its cell)."""
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(colours)
    return list(strip.quantize(palette=palette, dither=Image.Dither.NONE).tobytes())


@lru_cache(maxsize=32)
def palette(
    named: tuple[Colour, ...],
    inks: tuple[Colour, ...] = (),
    grounds: tuple[Colour, ...] = (),
    more: tuple[tuple[tuple[Colour, ...], tuple[Colour, ...]], ...] = (),
) -> Image.Image:
    """A fixed palette (a 1x1 "P" image carrying it): ``named`` colours exactly, then the ramps of
    every ink over every ground (and of each further ``(inks, grounds)`` in ``more``), as many as
    fit in 256 entries, the first first. Ramp shades that would take a
    named colour's place in Pillow's mapping are left out, so a named colour always maps to itself.
    Raises ValueError if the named colours alone do not fit or two of them cannot be told apart."""
    colours = list(dict.fromkeys(tuple(c) for c in named))
    if len(colours) > PALETTE_FIXED:
        raise ValueError(f"{len(colours)} named colours do not fit in a palette of {PALETTE_FIXED}")
    fixed = len(colours)
    shades = [
        shade
        for ink_list, ground_list in ((inks, grounds), *more)
        for ink in ink_list
        for ground in ground_list
        if ink != ground
        for shade in _ramp(ground, ink)
    ]
    colours += [shade for shade in dict.fromkeys(shades) if shade not in colours[:fixed]]
    colours = colours[:PALETTE_FIXED]
    while True:
        image = Image.new("P", (1, 1))
        image.putpalette([channel for colour in colours for channel in colour])
        got = _quantized(colours[:fixed], image)
        thieves = {index for want, index in enumerate(got) if index != want}
        if not thieves:
            return image
        clashes = [(colours[want], colours[index]) for want, index in enumerate(got) if index != want and index < fixed]
        if clashes:
            raise ValueError(f"named colours too close for the palette mapping to tell apart: {clashes}")
        colours = [colour for index, colour in enumerate(colours) if index not in thieves]


def cached_palette(colours: Callable[[], Image.Image]) -> Callable[[], Image.Image]:
    """A renderer's fixed palette, worked out on its first picture and kept for the rest: listing a
    game's colours (seat colours, tints, mixes) costs more than a small picture does.

    Use it on the function that returns ``palette(...)`` of every colour the renderer draws."""
    return lru_cache(maxsize=1)(colours)


def palette_colours(image: Image.Image) -> list[Colour]:
    flat = image.getpalette() or []
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]


def new_canvas(
    width: int, height: int, colour=BACKGROUND, *, palette: Image.Image | None = None
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A canvas and its drawing context: RGB, or with ``palette`` a "P" canvas with that palette
    (named colours found in it as they are; a colour missing from it is added while there is room)."""
    if palette is None:
        img = Image.new("RGB", (width, height), colour)
        return img, ImageDraw.Draw(img)
    ground = palette.palette.colors.get(tuple(colour)) if isinstance(colour, tuple) else None
    img = Image.new("P", (width, height), ground or 0)  # filled once, at birth, when it can be
    img.putpalette(palette.getpalette())
    img.__dict__["_base_palette"] = palette
    draw = ImageDraw.Draw(img)
    if ground is None:
        draw.rectangle((0, 0, width, height), fill=colour)
    return img, draw


def copy_canvas(canvas: Image.Image) -> Image.Image:
    """A copy of a canvas made by ``new_canvas`` (a prepared background, say), palette and all:
    ``Image.copy`` alone would lose the palette the canvas was made from."""
    img = canvas.copy()
    if "_base_palette" in canvas.__dict__:
        img.__dict__["_base_palette"] = canvas.__dict__["_base_palette"]
    return img


def _ground_index(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    """The ground something is about to be drawn on in ``box``: the index most of its corners and
    its middle show (nothing of the new drawing is there yet; a histogram of the box costs far more)."""
    left, top, right, bottom = box
    pixel = img.im.getpixel
    samples = [
        pixel((left, top)),
        pixel((right - 1, top)),
        pixel((left, bottom - 1)),
        pixel((right - 1, bottom - 1)),
        pixel(((left + right) // 2, (top + bottom) // 2)),
    ]
    return max(samples, key=samples.count)


def _entry(img: Image.Image, index: int) -> Colour:
    table = img.palette.palette
    r, g, b = table[3 * index : 3 * index + 3]
    return r, g, b


def _index_of(img: Image.Image, colour: Colour) -> int:
    """The palette index of ``colour`` on a "P" canvas (added if missing and there is room, else the
    nearest entry)."""
    found = img.palette.colors.get(colour)
    if found is not None:
        return found
    if len(img.palette.colors) < 256:
        _own_shade_tables(img)  # the canvas's palette now differs from the one it was made with
        return img.palette.getcolor(colour)  # appended; never given the image, which would reuse entries
    entries = palette_colours(img)  # the palette is full: the nearest shade will do for an edge pixel
    return min(range(len(entries)), key=lambda i: sum((a - b) ** 2 for a, b in zip(entries[i], colour, strict=True)))


# A mask value 0..255 as a ramp step (0: nothing, RAMP_STEPS + 1: the ink itself), and whether it
# is painted at all.
_STEP = [round(v * (RAMP_STEPS + 1) / 255) for v in range(256)]
_KEEP = [255 if step else 0 for step in _STEP]


def _shade_tables(img: Image.Image) -> dict[tuple[int, Colour], list[int]]:
    """A canvas's shade tables. A table depends only on the palette, the ground and the ink, so
    canvases made from the same fixed palette share theirs (kept on the palette) until a colour
    is added to one of them; indices found once stay valid (a palette only grows while drawing)."""
    tables = img.__dict__.get("_shade_tables")
    if tables is None:
        base = img.__dict__.get("_base_palette")
        tables = base.__dict__.setdefault("_shade_tables", {}) if base is not None else {}
        img.__dict__["_shade_tables"] = tables
    return tables


def _own_shade_tables(img: Image.Image) -> None:
    """The canvas's palette grows apart from its fixed palette: its tables are its own from now."""
    if img.__dict__.pop("_base_palette", None) is not None:
        img.__dict__["_shade_tables"] = dict(img.__dict__.get("_shade_tables") or {})


def _shade_table(img: Image.Image, ground_index: int, ink: Colour) -> list[int]:
    """Mask value -> palette index of ``ink`` over the ground."""
    table = _shade_tables(img).get((ground_index, ink))
    if table is None:
        ground = _entry(img, ground_index)
        shades = [ground_index]
        shades += [_index_of(img, blend(ground, ink, s / (RAMP_STEPS + 1))) for s in range(1, RAMP_STEPS + 1)]
        shades.append(_index_of(img, ink))
        table = [shades[step] for step in _STEP]
        _shade_tables(img)[(ground_index, ink)] = table  # asked again: the canvas may have its own now
    return table


def paint_mask(img: Image.Image, xy: tuple[int, int], mask: Image.Image, ink) -> None:
    """``ink`` through an anti-aliasing ``mask`` (an "L" image) with its top left at ``xy``. On RGB
    the usual blend; on a "P" canvas every edge pixel gets the ramp shade of ``ink`` over the
    ground beneath, so text edges look as on RGB instead of picking up blended palette indices."""
    x, y = xy
    if img.mode != "P":
        img.paste(ink, (x, y, x + mask.width, y + mask.height), mask)
        return
    ink = _entry(img, ink) if isinstance(ink, int) else tuple(ink[:3])
    left, top = max(0, x), max(0, y)
    right, bottom = min(img.width, x + mask.width), min(img.height, y + mask.height)
    if right <= left or bottom <= top:
        return
    core = mask.im
    if (left, top, right, bottom) != (x, y, x + mask.width, y + mask.height):
        core = core.crop((left - x, top - y, right - x, bottom - y))
        keep = core.point(_KEEP, "L")
    else:  # the whole mask: where it paints is the same every time (text masks are cached)
        keep = mask.__dict__.get("_keep")
        if keep is None:
            keep = mask.__dict__["_keep"] = core.point(_KEEP, "L")
    box = (left, top, right, bottom)
    table = _shade_table(img, _ground_index(img, box), ink)
    img.load()
    img.im.paste(core.point(table, "L"), box, keep)


_SPRITES: dict[tuple, tuple[Image.Image, Image.Image, Image.Image]] = {}
_SPRITES_MAX = 2048


def paste_sprite(img: Image.Image, sprite: Image.Image, xy: tuple[int, int], key: tuple, pal: Image.Image) -> None:
    """An anti-aliased RGBA ``sprite`` (``key`` names it) with its top left at ``xy``. On a "P"
    canvas drawn with the palette ``pal`` it is laid over the ground beneath (the colour most of
    its box shows) and mapped onto ``pal`` once per ground, then pasted as indices: smooth edges
    without mapping the whole picture."""
    x, y = xy
    box = (x, y, x + sprite.width, y + sprite.height)
    if img.mode != "P":
        img.paste(sprite, xy, sprite)
        return
    if box[0] < 0 or box[1] < 0 or box[2] > img.width or box[3] > img.height:  # at an edge: the slow way
        under = img.crop(box).convert("RGBA")
        under.alpha_composite(sprite)
        img.paste(under.convert("RGB").quantize(palette=pal, dither=Image.Dither.NONE), xy, sprite.getchannel("A"))
        return
    ground = _entry(img, _ground_index(img, box))
    cache_key = (key, ground, id(pal))
    found = _SPRITES.get(cache_key)
    if found is None or found[2] is not pal:  # an id is reused once its palette is freed
        if len(_SPRITES) >= _SPRITES_MAX:
            _SPRITES.clear()
        flat = Image.new("RGBA", sprite.size, ground + (255,))
        flat.alpha_composite(sprite)
        indices = flat.convert("RGB").quantize(palette=pal, dither=Image.Dither.NONE)
        keep = sprite.getchannel("A").point([255 if a else 0 for a in range(256)])
        found = _SPRITES[cache_key] = (indices, keep, pal)
    indices, keep, _pal = found
    img.load()
    img.im.paste(indices.im, box, keep.im)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


_PIECE = 1 << 16  # bytes handed to the compressor at a time


def _deflated_rows(img: Image.Image, rows: int) -> bytes:
    """The PNG image data of ``img`` (rows, each after a filter byte 0), deflated as it streams.

    Pillow's raw encoder pads each row to a stride one byte longer than the row with a zero: that
    zero is the next row's filter byte, so the stream is a zero, then the padded rows without
    their last byte. No copy of the whole picture, no Python loop per row."""
    bands = len(img.getbands())
    encoder = Image._getencoder(img.mode, "raw", (img.mode, img.width * bands + 1, 1))
    encoder.setimage(img.im, (0, 0, img.width, rows))
    compressor = _deflate.compressobj(1)
    parts = [compressor.compress(b"\x00")]
    while True:
        _size, done, data = encoder.encode(_PIECE)
        if done:
            parts.append(compressor.compress(data[:-1]))
            break
        parts.append(compressor.compress(data))
    parts.append(compressor.flush())
    return b"".join(parts)


def to_png(img: Image.Image, palette: Image.Image | None = None, *, height: int | None = None) -> bytes:
    """PNG bytes, fast. With ``palette`` an RGB picture is first mapped onto it (named colours
    exactly, nothing dithered); a "P" picture is written with its own palette. Rows are written
    unfiltered and deflated at level 1 by ISA-L (when installed): flat pictures compress well
    without filters, and Pillow's filter search would cost more than the drawing. ``height``: only
    the top rows (a canvas drawn taller than its content needed), without cropping a copy."""
    if palette is not None and img.mode == "RGB":
        img = img.quantize(palette=palette, dither=Image.Dither.NONE)
    if img.mode not in ("RGB", "P"):
        img = img.convert("RGB")
    rows = img.height if height is None else max(1, min(height, img.height))
    if img.mode == "P":
        head = struct.pack(">IIBBBBB", img.width, rows, 8, 3, 0, 0, 0)
        entries = bytes(img.getpalette() or [0, 0, 0])
        table = _chunk(b"PLTE", entries[: 3 * 256])
    else:
        head = struct.pack(">IIBBBBB", img.width, rows, 8, 2, 0, 0, 0)
        table = b""
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", head)
        + table
        + _chunk(b"IDAT", _deflated_rows(img, rows))
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
    whole: bool = False,
) -> tuple[float, float, float, float]:
    """One line of text, made drawable (and shortened to ``max_width`` when given), reported to
    ``render.layout`` with the box it must stay in (unless ``report`` is off: a number printed on
    a piece belongs to the piece; ``whole``: a card's name, which the layout check wants uncut);
    returns its bounding box. Drawn from a cached mask: the same
    names and numbers come back on every move."""
    text = fit_width(text, size, max_width, bold=bold) if max_width is not None else drawable(text)
    mask, left, top = _label_sprite(text, size, bold, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    bbox = (x, y, x + mask.width, y + mask.height)
    paint_mask(draw._image, (x, y), mask, fill)
    if report:
        layout.place(bbox, text, within, size=size, whole=whole)
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
    key = (shape, round(r), tuple(fill), tuple(outline) if outline is not None else None, width)
    tile = _shape_tile(*key)
    left, top = round(cx - tile.width / 2), round(cy - tile.height / 2)
    if img.mode != "P":
        img.paste(tile, (left, top), tile)
        return
    local, colours, keep = _indexed_tile(*key)
    table = [_index_of(img, colour) for colour in colours] + [0] * (256 - len(colours))
    box = (left, top, left + tile.width, top + tile.height)
    if box[0] < 0 or box[1] < 0 or box[2] > img.width or box[3] > img.height:
        img.paste(tile.convert("RGB").quantize(palette=img, dither=Image.Dither.NONE), box[:2], keep)
        return
    img.load()
    img.im.paste(local.im.point(table, "L"), box, keep.im)


@lru_cache(maxsize=512)
def _indexed_tile(shape: str, r: int, fill, outline, width: int) -> tuple[Image.Image, list[Colour], Image.Image]:
    """A shape tile for a palette canvas: an "L" image of indices into its own few colours (shapes
    are not smoothed, so a tile has only its fill and outline), the colours, and the mask."""
    tile = _shape_tile(shape, r, fill, outline, width)
    colours = sorted({rgba[:3] for _count, rgba in tile.getcolors(1 << 16) if rgba[3]})
    lookup = {colour: index for index, colour in enumerate(colours)}
    local = Image.new("L", tile.size, 0)
    data = tile.tobytes()
    local.putdata([lookup.get(tuple(data[i : i + 3]), 0) if data[i + 3] else 0 for i in range(0, len(data), 4)])
    return local, colours, tile.getchannel("A").point(lambda a: 255 if a else 0)


def stamp_seat_marker(img: Image.Image, seat: int, cx: float, cy: float, r: float) -> None:
    """``seat_marker`` through a cached tile."""
    stamp_shape(img, SEAT_SHAPES[seat % len(SEAT_SHAPES)], cx, cy, r, seat_colour(seat))


@lru_cache(maxsize=len(SEAT_SHAPES))
def seat_swatch(seat: int, size: int = 40) -> bytes:
    """The seat's marker alone (its colour and shape, as the board draws it) on a transparent
    square: the web page puts it beside the seat's name, so the page and the board agree."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    r = size / 2 - 3
    draw_shape(ImageDraw.Draw(img), SEAT_SHAPES[seat % len(SEAT_SHAPES)], size / 2, size / 2, r, seat_colour(seat))
    buffer = io.BytesIO()
    img.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()

"""Standard playing cards, drawn with Pillow: faces, backs, a row of cards, and text with suits.

Shared by every card game of the bot. Suits are vector shapes rendered once per size as
anti-aliased masks, so they look the same on cards and in text and can be red or black inside one
line; ``draw_text`` swaps ``♠♥♦♣`` and ``→`` in a string for those shapes so event lines such as
"7♥ → 3" can go on a picture as they are.

Card codes: rank ``A 2..9 T J Q K`` followed by suit ``S H D C`` (``TS`` is the ten of spades), and
``JK`` for a joker.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import layout
from render.common import BACKGROUND, INK, RED_SUIT, WHITE, cached_palette, drawable, font, paint_mask, palette, to_png

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
ARROW = "→"

CARD_FACE = (255, 255, 240)  # warm white: plain white is a different colour in the palettes
CARD_EDGE = (90, 90, 90)
BLACK_SUIT = (25, 25, 25)
JOKER_COLOUR = (120, 60, 160)
JOKER_STAR = (240, 190, 30)
BACK_COLOUR = (40, 80, 150)
DIM_GREY = (200, 200, 200)

BACK_LINE = (70, 110, 180)
# Dimmed cards are grey: a grey scale in the palette keeps them smooth.
GREYS = tuple((v, v, v) for v in range(112, 256, 8))
# For the palettes of the pictures that show cards: their colours, the inks drawn on a card and
# the grounds cards lie on or carry.
CARD_NAMED = (CARD_FACE, CARD_EDGE, BLACK_SUIT, RED_SUIT, JOKER_COLOUR, JOKER_STAR, BACK_COLOUR, BACK_LINE, DIM_GREY)
CARD_INKS = (BLACK_SUIT, RED_SUIT, CARD_EDGE, JOKER_COLOUR)
CARD_GROUNDS = (CARD_FACE,)

# Shapes are drawn this many times larger and scaled down: Pillow's polygons have no anti-aliasing.
_SUPERSAMPLE = 4
# Below this width a card shows only its big rank and suit: corner indices would be unreadable.
_SMALL_CARD_WIDTH = 80


def all_codes() -> list[str]:
    """Every distinct card code: 52 faces and the joker."""
    return [rank + suit for suit in SUITS for rank in RANKS] + [JOKER]


def parse(code: str) -> tuple[str, str]:
    """(rank, suit) of a card code; ``("JK", "")`` for a joker. Raises ValueError otherwise."""
    if code == JOKER:
        return JOKER, ""
    if len(code) == 2 and code[0] in RANKS and code[1] in SUITS:
        return code[0], code[1]
    raise ValueError(f"not a card code: {code!r}")


def rank_text(rank: str) -> str:
    return "10" if rank == "T" else rank


def is_red(code: str) -> bool:
    return code[-1:] in ("H", "D") and code != JOKER


def suit_colour(suit: str) -> tuple[int, int, int]:
    return RED_SUIT if suit in ("H", "D") else BLACK_SUIT


def card_text(code: str) -> str:
    """Short text for buttons and messages: "10♥", "A♠", "Joker"."""
    rank, suit = parse(code)
    if rank == JOKER:
        return "Joker"
    return rank_text(rank) + SUIT_SYMBOLS[suit]


# ---- suit shapes ----------------------------------------------------------------------------------


def _heart_points(cx: float, cy: float, size: float, *, flip: bool = False) -> list[tuple[float, float]]:
    """The classic parametric heart, scaled to fit a ``size`` box; ``flip`` turns it upside down."""
    points = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        # The curve spans x in [-16, 16] and y in [-17, 12]; its middle sits at y = -2.5.
        scale = size / 34
        py = (y + 2.5) * scale
        points.append((cx + x * scale, cy + (py if flip else -py)))
    return points


def _draw_suit_shape(draw: ImageDraw.ImageDraw, suit: str, s: float) -> None:
    """``suit`` filled white on a black ``s`` x ``s`` mask canvas."""
    c = s / 2
    if suit == "D":
        draw.polygon([(c, 0.02 * s), (0.86 * s, c), (c, 0.98 * s), (0.14 * s, c)], fill=255)
    elif suit == "H":
        draw.polygon(_heart_points(c, c + 0.02 * s, 0.98 * s), fill=255)
    elif suit == "S":
        draw.polygon(_heart_points(c, 0.42 * s, 0.82 * s, flip=True), fill=255)
        draw.polygon([(c, 0.55 * s), (0.68 * s, 0.98 * s), (0.32 * s, 0.98 * s)], fill=255)
    elif suit == "C":
        r = 0.22 * s
        for bx, by in ((c, 0.25 * s), (0.27 * s, 0.58 * s), (0.73 * s, 0.58 * s)):
            draw.ellipse((bx - r, by - r, bx + r, by + r), fill=255)
        draw.rectangle((c - 0.1 * s, 0.4 * s, c + 0.1 * s, 0.62 * s), fill=255)
        draw.polygon([(c, 0.5 * s), (0.7 * s, 0.98 * s), (0.3 * s, 0.98 * s)], fill=255)
    else:
        raise ValueError(f"not a suit: {suit!r}")


@lru_cache(maxsize=256)
def suit_mask(suit: str, size: int) -> Image.Image:
    """An anti-aliased ``L`` mask of a suit shape, ``size`` pixels square."""
    big = size * _SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    _draw_suit_shape(ImageDraw.Draw(mask), suit, big)
    return mask.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def _star_mask(size: int) -> Image.Image:
    big = size * _SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    c = big / 2
    points = []
    for i in range(10):
        radius = c if i % 2 == 0 else c * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append((c + radius * math.cos(angle), c + radius * math.sin(angle)))
    ImageDraw.Draw(mask).polygon(points, fill=255)
    return mask.resize((size, size), Image.Resampling.LANCZOS)


def draw_suit(img: Image.Image, suit: str, cx: float, cy: float, size: int, colour=None) -> None:
    """A suit shape ``size`` pixels tall centred on (cx, cy), in its red or black unless ``colour``."""
    size = max(4, int(size))
    left, top = round(cx - size / 2), round(cy - size / 2)
    paint_mask(img, (left, top), suit_mask(suit, size), colour or suit_colour(suit))


def draw_star(img: Image.Image, cx: float, cy: float, size: int, colour=JOKER_STAR, outline=None) -> None:
    """A five-pointed star; with ``outline`` a slightly larger star of that colour goes behind it."""
    size = max(4, int(size))
    if outline is not None:
        draw_star(img, cx, cy, size + max(2, size // 8), outline)
    left, top = round(cx - size / 2), round(cy - size / 2)
    paint_mask(img, (left, top), _star_mask(size), colour)


def draw_arrow(draw: ImageDraw.ImageDraw, x: float, cy: float, length: float, colour, width: int) -> None:
    """A right-pointing arrow from x to x + length at height cy."""
    head = max(4.0, length * 0.4)
    draw.line((x, cy, x + length - head * 0.6, cy), fill=colour, width=width)
    draw.polygon(
        [(x + length, cy), (x + length - head, cy - head * 0.6), (x + length - head, cy + head * 0.6)], fill=colour
    )


# ---- text with suits ------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _pieces(text: str) -> tuple[str, ...]:
    """Split into runs of plain text and single suit / arrow symbols (cached: boards redraw the
    same lines on every move)."""
    pieces: list[str] = []
    for ch in drawable(text):
        if ch in _SYMBOL_SUITS or ch == ARROW or not pieces or pieces[-1] in _SYMBOL_SUITS or pieces[-1] == ARROW:
            pieces.append(ch)
        else:
            pieces[-1] += ch
    return tuple(pieces)


def _symbol_width(symbol: str, size: int) -> int:
    return round(size * (0.95 if symbol == ARROW else 0.8))


@lru_cache(maxsize=4096)
def _piece_width(piece: str, size: int) -> float:
    if piece in _SYMBOL_SUITS or piece == ARROW:
        return _symbol_width(piece, size)
    return font(size).getlength(piece)


@lru_cache(maxsize=2048)
def _text_sprite(text: str, size: int) -> tuple[Image.Image, int, int]:
    """``text`` as an ``L`` mask, with the offset of its box from the left middle of the line.

    Boards redraw the same names, numbers and headings on every move; a cached mask pasted in a
    colour is much cheaper than laying the text out again.
    """
    left, top, right, bottom = font(size).getbbox(text, anchor="lm")
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size), fill=255, anchor="lm")
    return mask, left, top


def paste_text(
    img: Image.Image, x: float, y: float, text: str, size: int, fill=INK, *, within: layout.Box | None = None
) -> None:
    """Plain text whose left end is x and vertical middle y, through the sprite cache; ``within``
    is the area it must stay in (reported to ``render.layout``)."""
    mask, left, top = _text_sprite(text, size)
    box = (round(x) + left, round(y) + top, round(x) + left + mask.width, round(y) + top + mask.height)
    paint_mask(img, box[:2], mask, fill)
    layout.place(box, text, within, size=size)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> int:
    """How wide ``draw_text`` would draw ``text`` at ``size``."""
    return math.ceil(sum(_piece_width(piece, size) for piece in _pieces(text)))


def fit_text(text: str, size: int, max_width: int) -> str:
    """``text`` shortened with "…" until it fits ``max_width`` at ``size``."""
    text = drawable(text)
    if text_width(text, size) <= max_width:
        return text
    while text and text_width(text + "…", size) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_text(text: str, size: int, max_width: int, max_lines: int = 2) -> list[str]:
    """``text`` broken at spaces into at most ``max_lines`` lines; the last one shortened if need be."""
    words = drawable(text).split(" ")
    lines: list[str] = []
    while words and len(lines) < max_lines - 1:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], size) <= max_width:
            line += " " + words.pop(0)
        lines.append(line)
    if words:
        lines.append(fit_text(" ".join(words), size, max_width))
    return [line if text_width(line, size) <= max_width else fit_text(line, size, max_width) for line in lines]


def draw_text(
    img: Image.Image,
    x: float,
    y: float,
    text: str,
    size: int,
    fill=INK,
    *,
    anchor: str = "l",
    suit_colours: bool = True,
    within: layout.Box | None = None,
) -> int:
    """Draw one line whose vertical middle is ``y``; ``anchor`` "l", "m" or "r" places it on ``x``.

    Suit symbols are drawn as shapes (in red/black when ``suit_colours``), "→" as an arrow; the
    rest in the shared font. Returns the drawn width. ``within``: the area the text must stay in.
    """
    width = text_width(text, size)
    if anchor == "m":
        x -= width / 2
    elif anchor == "r":
        x -= width
    for piece in _pieces(text):
        if piece in _SYMBOL_SUITS:
            w = _symbol_width(piece, size)
            suit = _SYMBOL_SUITS[piece]
            draw_suit(img, suit, x + w / 2, y, round(size * 0.7), suit_colour(suit) if suit_colours else fill)
        elif piece == ARROW:
            w = _symbol_width(piece, size)
            draw_arrow(ImageDraw.Draw(img), x + size * 0.12, y, w - size * 0.24, fill, max(2, size // 10))
        else:
            w = _piece_width(piece, size)
            paste_text(img, x, y, piece, size, fill, within=within)
        x += w
    return width


# ---- cards ----------------------------------------------------------------------------------------


def _card_outline(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, fill) -> None:
    radius = max(3, round(min(w, h) * 0.08))
    draw.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=radius, fill=fill, outline=CARD_EDGE, width=2)


def _draw_joker(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int) -> None:
    small = w < _SMALL_CARD_WIDTH
    draw_star(img, x + w / 2, y + h * 0.42, round(w * (0.62 if small else 0.58)), outline=JOKER_COLOUR)
    word_size = max(9, round(w * (0.24 if small else 0.18)))
    label = "JK" if small and w < 55 else "JOKER"
    draw.text(
        (x + w / 2, y + h * (0.8 if small else 0.74)), label, font=font(word_size), fill=JOKER_COLOUR, anchor="mm"
    )
    if not small:
        corner = round(w * 0.15)
        draw_star(img, x + w * 0.14, y + h * 0.09, corner, colour=JOKER_COLOUR)
        draw_star(img, x + w * 0.86, y + h * 0.91, corner, colour=JOKER_COLOUR)


def _draw_corner_indices(img: Image.Image, draw: ImageDraw.ImageDraw, x, y, w, h, rank: str, suit: str) -> None:
    colour = suit_colour(suit)
    size = round(h * 0.14)
    suit_size = round(w * 0.15)
    for cx, top, flip in ((x + w * 0.14, y + h * 0.04, False), (x + w * 0.86, y + h * 0.96, True)):
        if not flip:
            draw.text((cx, top), rank_text(rank), font=font(size), fill=colour, anchor="mt")
            draw_suit(img, suit, cx, top + size + suit_size * 0.65, suit_size)
        else:
            # Upright rather than rotated: at phone size readability beats tradition.
            draw.text((cx, top), rank_text(rank), font=font(size), fill=colour, anchor="mb")
            draw_suit(img, suit, cx, top - size - suit_size * 0.65, suit_size)


def index_height(w: int, h: int) -> int:
    """How tall the rank over suit in the middle of a ``w`` x ``h`` face is: what a player reads
    from afar, so tests can hold it to the phone minimum."""
    small = w < _SMALL_CARD_WIDTH
    return round(h * (0.36 if small else 0.27)) + round(w * (0.5 if small else 0.36))


def _draw_face(img: Image.Image, draw: ImageDraw.ImageDraw, x, y, w, h, rank: str, suit: str) -> None:
    colour = suit_colour(suit)
    small = w < _SMALL_CARD_WIDTH
    if not small:
        _draw_corner_indices(img, draw, x, y, w, h, rank, suit)
    # The middle carries a big rank over a big suit: that is what a player reads from afar.
    rank_size = round(h * (0.36 if small else 0.27))
    rank_y = y + h * (0.34 if small else 0.38)
    if rank in ("J", "Q", "K") and not small:
        box = (x + w * 0.27, y + h * 0.2, x + w * 0.73, y + h * 0.8)
        draw.rectangle(box, outline=colour, width=max(2, w // 60))
    draw.text((x + w / 2, rank_y), rank_text(rank), font=font(rank_size), fill=colour, anchor="mm")
    suit_size = round(w * (0.5 if small else 0.36))
    draw_suit(img, suit, x + w / 2, y + h * (0.74 if small else 0.64), suit_size)


def draw_card(img: Image.Image, x: int, y: int, w: int, h: int, code: str, *, dim: bool = False) -> None:
    """A card face with its top-left corner at (x, y), ``w`` x ``h`` pixels (2:3 or so reads best).

    ``dim`` greys the card out (not playable, already used). Raises ValueError for a bad code.
    """
    rank, suit = parse(code)
    x, y, w, h = round(x), round(y), round(w), round(h)
    draw = ImageDraw.Draw(img)
    _card_outline(draw, x, y, w, h, CARD_FACE)
    if rank == JOKER:
        _draw_joker(img, draw, x, y, w, h)
    else:
        _draw_face(img, draw, x, y, w, h, rank, suit)
    if dim:
        _dim_region(img, (x, y, x + w, y + h))


def draw_card_back(img: Image.Image, x: int, y: int, w: int, h: int, *, dim: bool = False) -> None:
    """The back of a card (a face-down card, a draw pile)."""
    x, y, w, h = round(x), round(y), round(w), round(h)
    draw = ImageDraw.Draw(img)
    _card_outline(draw, x, y, w, h, CARD_FACE)
    inset = max(3, w // 12)
    panel = Image.new("RGB", (w - 2 * inset, h - 2 * inset), BACK_COLOUR)
    panel_draw = ImageDraw.Draw(panel)
    step = max(6, w // 6)
    for offset in range(-panel.height, panel.width, step):
        panel_draw.line((offset, 0, offset + panel.height, panel.height), fill=BACK_LINE, width=max(1, w // 40))
        panel_draw.line((offset + panel.height, 0, offset, panel.height), fill=BACK_LINE, width=max(1, w // 40))
    img.paste(panel, (x + inset, y + inset), _rounded_mask(panel.size))
    if dim:
        _dim_region(img, (x, y, x + w, y + h))


@lru_cache(maxsize=32)
def _rounded_mask(size: tuple[int, int]) -> Image.Image:
    mask = Image.new("L", size, 0)
    radius = max(3, round(min(size) * 0.08))
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=255)
    return mask


def _dim_region(img: Image.Image, box: tuple[int, int, int, int]) -> None:
    region = img.crop(box)
    grey = Image.new(region.mode, region.size, DIM_GREY)
    faded = Image.blend(region.convert("L").convert(region.mode), grey, 0.55)
    # Only the card's own pixels, not the background behind its rounded corners.
    img.paste(faded, box[:2], _rounded_mask(region.size))


# ---- a row of cards as a picture ------------------------------------------------------------------

CARD_W, CARD_H = 150, 210
_GAP, _PAD, _TITLE_SIZE = 16, 24, 32
_MAX_WIDTH = 1280
_PER_ROW = 10


def card_grid_size(count: int) -> tuple[int, int, int, int]:
    """(card width, card height, columns, rows) for ``count`` cards within the maximum width."""
    columns = max(1, min(count, _PER_ROW))
    rows = max(1, math.ceil(count / _PER_ROW))
    w = min(CARD_W, (_MAX_WIDTH - 2 * _PAD - (columns - 1) * _GAP) // columns)
    return w, round(w * CARD_H / CARD_W), columns, rows


def draw_card_row(
    img: Image.Image, x: int, y: int, codes: list[str], w: int, h: int, *, gap: int = _GAP, dim=()
) -> None:
    """Cards side by side from (x, y); the indices in ``dim`` are greyed out."""
    for i, code in enumerate(codes):
        draw_card(img, x + i * (w + gap), y, w, h, code, dim=i in dim)


# A picture of its own shows at most five cards a row: cards of full size, so the indices stay
# readable when Discord shrinks the picture to a phone's width.
_PHONE_PER_ROW = 5


def render_cards(codes: list[str], *, title: str | None = None) -> bytes:
    """Rows of up to five card faces as PNG bytes, with an optional title above."""
    w, h = CARD_W, CARD_H
    columns = max(1, min(len(codes), _PHONE_PER_ROW))
    rows = max(1, math.ceil(len(codes) / _PHONE_PER_ROW))
    title_h = _TITLE_SIZE + _PAD if title else 0
    width = 2 * _PAD + columns * w + (columns - 1) * _GAP
    if title:
        # A long title may widen a short row up to the width of a full one, never beyond: a wider
        # picture would shrink the cards on a phone. Past that it is shortened.
        full = 2 * _PAD + _PHONE_PER_ROW * w + (_PHONE_PER_ROW - 1) * _GAP
        width = max(width, min(full, text_width(title, _TITLE_SIZE) + 2 * _PAD))
    height = _PAD + title_h + rows * h + (rows - 1) * _GAP + _PAD
    img = Image.new("RGB", (width, height), BACKGROUND)
    if title:
        title = fit_text(title, _TITLE_SIZE, width - 2 * _PAD)
        draw_text(img, _PAD, _PAD + _TITLE_SIZE / 2, title, _TITLE_SIZE, within=(0, 0, width, _PAD + title_h))
    if not codes:
        ImageDraw.Draw(img).rounded_rectangle(
            (_PAD, _PAD + title_h, _PAD + w, _PAD + title_h + h), radius=10, outline=CARD_EDGE, width=2
        )
    for row in range(rows):
        chunk = codes[row * _PHONE_PER_ROW : (row + 1) * _PHONE_PER_ROW]
        draw_card_row(img, _PAD, _PAD + title_h + row * (h + _GAP), chunk, w, h)
    return to_png(img, _palette())


@cached_palette
def _palette() -> Image.Image:
    named = (BACKGROUND, INK, WHITE, *CARD_NAMED, *GREYS)
    return palette(named, (*CARD_INKS, INK), (*CARD_GROUNDS, BACKGROUND), (((WHITE,), (BACK_COLOUR,)),))

"""How Ruck! pictures, drawn from a view (never the state), readable on a phone.

``render_board`` (portrait): both players with barrels won, cards in hand and draw pile; the score
track with the barrel and both goals; each side's three fields above and below the rope (top card,
the "How Ruck!" mark, a hint of the stack beneath, each side's strength); and the last move's
lines. While the teams are formed it shows the race instead of the rope, and at the end the final
ranking. ``render_hand``: the viewer's hand, or the pair they are splitting, three cards a row.
Every text is at least ``min_text(width)`` (7 px cap height when shown 400 px wide) and reported
to ``render.layout`` with the box it must stay in.
Colours always come with a shape and a word: red triangle, blue square, green circle, white diamond,
Nessie star; player A is a circle, player B a square (``render.common``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engines.howruck_cards import MEN_COLOURS, card
from locales import tr
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    WHITE,
    cached_palette,
    draw_shape,
    drawable,
    font,
    label,
    new_canvas,
    palette,
    seat_colour,
    seat_marker,
    stamp_shape,
    to_png,
)
from render.howruck_taps import action_spots as action_spots  # the registry's Extras.TAPS part
from render.spots import spot
from render.type_scale import min_text

# Portrait, close to 4:5: Discord shows it larger on a phone than a landscape picture.
WIDTH, HEIGHT = 1080, 1380
HAND_WIDTH = 780
MARGIN = 24
TRACK_FIELDS = 12
SIDES = ("a", "b")

CARD_COLOURS = {
    "r": (200, 35, 45),
    "b": (35, 90, 200),
    "g": (25, 135, 60),
    "w": (150, 150, 150),
    "n": (0, 120, 125),
    "x": (120, 70, 150),
}
CARD_SHAPES = {"r": "triangle", "b": "square", "g": "circle", "w": "diamond", "n": "star", "x": "hexagon"}
CARD_FACE = (252, 250, 244)
BARREL = (140, 85, 40)
BARREL_DARK = (80, 45, 15)
ROPE = (190, 150, 90)
ROPE_DARK = (130, 95, 50)
HOW_RUCK_BANNER = (250, 205, 40)
STACK_EDGE = (225, 220, 210)
EMPTY_TWO = (175, 175, 175)
SIGNAL_RED = (200, 30, 40)
TICK = (90, 90, 90)


@cached_palette
def _palette() -> Image.Image:
    """Every colour drawn (the tints of seats and card colours included), plus the shades of text
    over the grounds it is drawn on."""
    seats = tuple(seat_colour(seat) for seat in (0, 1))
    cards = tuple(CARD_COLOURS.values())
    tints = tuple(_tint(c, amount) for c in seats for amount in (0.55, 0.75, 0.8, 0.82, 0.85))
    tints += tuple(_tint(c, 0.85) for c in cards)
    mixes = tuple(_mix(c, INK, amount) for c in (*seats, *cards) for amount in (0.25, 0.3))
    light = (BACKGROUND, WHITE, CARD_FACE, HOW_RUCK_BANNER, *tints)
    dark = (*cards, *seats, SIGNAL_RED)
    named = (*light, *dark, INK, MUTED, BARREL, BARREL_DARK, ROPE, ROPE_DARK, STACK_EDGE, EMPTY_TWO, TICK, *mixes)
    # Dark text on the light grounds, white on the dark ones, the card values on the card face.
    return palette(named, (INK, MUTED), light, (((WHITE,), dark), ((*cards, *mixes), (CARD_FACE,))))


# ---- words ------------------------------------------------------------------------------------------


def _colour_key(code: str) -> str:
    c = card(code)
    if c.kind == "nessie":
        return "n"
    return c.colour or "x"


def card_name(code: str, locale: str = "en") -> str:
    c = card(code)
    return tr(locale, "howruck-label-card", colour=_colour_key(code), card=code, value=c.value)


def card_phrase(code: str, locale: str = "en") -> str:
    """A card's name inside a sentence: as the catalogue writes it, with the label when it has one."""
    name = card_name(code, locale)
    return f"{name} (How Ruck!)" if card(code).howruck else name


def card_title(code: str, locale: str = "en") -> str:
    """A card's name for buttons: capitalised, with the label when it has one."""
    name = card_phrase(code, locale)
    return name[:1].upper() + name[1:]


def _field_words(field: str, viewer: int | None, locale: str) -> str:
    own = viewer is not None and SIDES.index(field[0]) == viewer
    return tr(locale, "howruck-label-own-field" if own else "howruck-label-their-field", field=field[1])


def _side_field(field: str, viewer: int | None, locale: str) -> str:
    side = "own" if viewer is not None and SIDES.index(field[0]) == viewer else "their"
    return tr(locale, "howruck-label-side-field", side=side, field=field[1])


def event_text(event: dict[str, Any], names: list[str], locale: str = "en") -> str:
    args = {
        key: (names[value] if (key == "seat" or key.endswith("_seat")) and isinstance(value, int) else value)
        for key, value in event.items()
        if key != "type"
    }
    return tr(locale, f"howruck-event-{event['type']}", **args)


# ---- buttons ----------------------------------------------------------------------------------------


def _forming_pair(view: dict[str, Any], action: str) -> list[str]:
    """The two cards a split action is about: the seat's own pair, or the slower one's (``rest:``)."""
    private = view.get("private") or {}
    return private.get("rest_pair" if action.startswith("rest:") else "pair") or []


def action_group(view: dict[str, Any], action: str, locale: str = "en") -> str:
    """The card an action plays (the first choice when a hand offers many actions)."""
    if action == "stop":
        return tr(locale, "howruck-label-stop")
    if action.startswith(("keep:", "rest:")):
        return tr(locale, "howruck-label-split")
    code = action.partition(":")[0]
    return card_title(code, locale)[:60]


def action_label(view: dict[str, Any], action: str, locale: str = "en") -> str:
    """The choice an action makes: a target field, a value, a position, or declining."""
    if action == "stop":
        return tr(locale, "howruck-label-stop")
    if action.startswith(("keep:", "rest:")):
        pair = _forming_pair(view, action)
        keep = 0 if action.endswith(":a") else 1
        if len(pair) != 2:
            return action
        kept, given = pair[keep], pair[1 - keep]
        # Dutch puts an article before the card's name in the middle of the sentence ("Houd de
        # groene 0"), so it gets the names as they read there, and the colour to choose it by.
        text = tr(
            locale,
            "howruck-label-keep",
            keep=card_title(kept, locale),
            give=card_title(given, locale),
            keep_name=card_phrase(kept, locale),
            give_name=card_phrase(given, locale),
            keep_colour=_colour_key(kept),
            give_colour=_colour_key(given),
        )
        return text[:80]
    viewer = view.get("viewer")
    code, _, choice = action.partition(":")
    c = card(code)
    title = card_title(code, locale)
    # Every label names the card that moves, so two buttons never read the same, grouped or not.
    if c.is_scot:
        return tr(locale, "howruck-label-play-to", card=title, field=_field_words(choice, viewer, locale))[:80]
    if choice == "x":
        what = tr(locale, "howruck-label-decline")
    elif not choice:
        what = tr(locale, "howruck-label-do")
    elif c.action == "TZ":
        what = tr(locale, "howruck-label-name-value", value=int(choice))
    elif c.action == "VT":
        count = view["tug"]["hands"][1 - viewer] if viewer is not None else 0
        what = tr(locale, "howruck-label-steal", position=int(choice), count=count)
    elif c.action == "WK":
        source, target = choice.split("-")
        stack = view["tug"]["fields"][source]
        moved = card_name(stack[-1], locale) if stack else "?"
        what = tr(
            locale,
            "howruck-label-switch",
            card=moved,
            **{"from": _side_field(source, viewer, locale), "to": _side_field(target, viewer, locale)},
        )
    else:
        return action
    return tr(locale, "howruck-label-card-does", card=title, what=what[:1].lower() + what[1:])[:80]


# ---- drawing helpers ----------------------------------------------------------------------------


def _mix(rgb: tuple[int, int, int], towards: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(a + (b - a) * amount) for a, b in zip(rgb, towards, strict=True))


def _tint(rgb: tuple[int, int, int], amount: float = 0.8) -> tuple[int, int, int]:
    return _mix(rgb, (255, 255, 255), amount)


@lru_cache(maxsize=4096)
def _fit(text: str, size: int, width: float, minimum: int = 14) -> int:
    """The largest size from ``size`` down to ``minimum`` at which ``text`` fits in ``width``."""
    text = drawable(text)
    while size > minimum and font(size).getlength(text) > width:
        size -= 1
    return size


def _text(
    draw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill=INK,
    *,
    anchor: str = "lm",
    within=None,
    width=None,
    whole: bool = False,
) -> tuple[float, float, float, float]:
    """One line, shortened on purpose with "…" past ``width``, reported with the box it must keep to
    (``whole``: a card's name, which the layout check wants uncut)."""
    return label(draw, xy, text, size, fill, anchor=anchor, within=within, max_width=width, whole=whole)


def _line(
    draw, xy, text: str, size: int, width: float, minimum: int, fill=INK, *, anchor="lm", within=None, whole=False
):
    """A line shrunk towards ``minimum`` to fit ``width``, and shortened only if that is not enough."""
    size = _fit(text, size, width, minimum)
    return _text(draw, xy, text, size, fill, anchor=anchor, within=within, width=width, whole=whole)


def _shape(draw, shape: str, cx: float, cy: float, r: float, fill) -> None:
    """A colour's shape with a 2 px outline, stamped from a cached tile when the canvas is at hand
    (Pillow outlines wide polygons through a mask the size of the whole board)."""
    image = getattr(draw, "_image", None)
    if image is not None:
        stamp_shape(image, shape, cx, cy, r, fill)
    else:
        draw_shape(draw, shape, cx, cy, r, fill, width=2)


def _barrel(draw, cx: float, cy: float, w: float, h: float, filled: bool = True) -> None:
    box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    draw.rounded_rectangle(box, radius=w * 0.35, fill=BARREL if filled else None, outline=BARREL_DARK, width=3)
    for frac in (0.28, 0.72):
        y = cy - h / 2 + h * frac
        draw.line((cx - w / 2 + 2, y, cx + w / 2 - 2, y), fill=BARREL_DARK, width=3)


def _wrap(text: str, size: int, width: float) -> list[str]:
    words, lines, line = drawable(text).split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if font(size).getlength(candidate) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def draw_card(
    draw, box: tuple[float, float, float, float], code: str, locale: str, hint: bool = False, *, minimum: int = 14
) -> None:
    """One card face: colour band with its shape, big value, its name, the How Ruck! banner; with
    ``hint`` an action card also says in a few words what it does. No text below ``minimum``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    c = card(code)
    key = _colour_key(code)
    colour = CARD_COLOURS[key]
    draw.rounded_rectangle(box, radius=12, fill=CARD_FACE, outline=INK, width=3)
    band = max(h * 0.2, minimum * 1.5)
    draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + band), radius=9, fill=colour)
    _shape(draw, CARD_SHAPES[key], x0 + band * 0.55, y0 + band * 0.55, band * 0.32, (255, 255, 255))
    name = card_name(code, locale)
    if c.is_scot:
        word = name if c.kind == "nessie" else name.rsplit(" ", 1)[0]
    else:
        word = tr(locale, "howruck-label-action-card")
    band_box = (x0 + 3, y0 + 3, x1 - 3, y0 + band)
    _line(
        draw,
        (x0 + band, y0 + band * 0.55),
        word,
        max(minimum, int(band * 0.6)),
        w - band * 1.2,
        minimum,
        (255, 255, 255),
        within=band_box,
        whole=True,
    )
    banner_top = y1 - max(h * 0.2, minimum * 1.5) if c.howruck else y1 - 6
    if c.is_scot:
        value_size = int(min((banner_top - y0 - band) * 0.8, w * 0.6))
        value_colour = colour if key != "w" else INK
        centre = ((x0 + x1) / 2, (y0 + band + banner_top) / 2)
        _text(draw, centre, str(c.value), value_size, value_colour, anchor="mm", within=box)
    else:
        body_bottom = banner_top - 4
        size = max(minimum, int(w * 0.15))
        if hint and w >= 110:
            text = tr(locale, "howruck-label-hint", card=code)
            name_bottom = _paragraph(
                draw, name, (x0 + x1) / 2, y0 + band + 8, w - 14, size, colour, minimum, box, whole=True
            )
            _paragraph(
                draw, text, (x0 + x1) / 2, name_bottom + 6, w - 14, minimum, MUTED, minimum, box, bottom=body_bottom
            )
        else:
            top = y0 + band + 8
            _paragraph(
                draw, name, (x0 + x1) / 2, top, w - 14, size, colour, minimum, box, bottom=body_bottom, whole=True
            )
    if c.howruck:
        banner = (x0 + 4, banner_top, x1 - 4, y1 - 5)
        draw.rectangle(banner, fill=HOW_RUCK_BANNER, outline=INK, width=2)
        label = tr(locale, "howruck-label-how-ruck")
        size = max(minimum, int((banner[3] - banner[1]) * 0.6))
        centre = ((x0 + x1) / 2, (banner[1] + banner[3]) / 2)
        _line(draw, centre, label, size, w - 16, minimum, anchor="mm", within=banner, whole=True)


def _paragraph(
    draw,
    text: str,
    cx: float,
    top: float,
    width: float,
    size: int,
    fill,
    minimum: int,
    within,
    bottom: float = 1e9,
    *,
    whole: bool = False,
) -> float:
    """Centred lines from ``top``, the type shrunk (not below ``minimum``) until the longest word
    fits; lines that would pass ``bottom`` are left out, the last one kept ends in "…". Returns
    where the text ends."""
    longest = max(text.split(), key=lambda word: font(size).getlength(drawable(word)), default="")
    size = _fit(longest, size, width, minimum)
    step = size * 1.2
    lines = _wrap(text, size, width)
    room = max(1, int((bottom - top) // step))
    if len(lines) > room:
        lines = lines[: room - 1] + [" ".join(lines[room - 1 :])]
    y = top
    for line in lines:
        _text(draw, (cx, y + step / 2), line, size, fill, anchor="mm", within=within, width=width, whole=whole)
        y += step
    return y


def _empty_slot(draw, box, locale: str, minimum: int) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=None, outline=MUTED, width=2)
    _text(draw, ((x0 + x1) / 2, (y0 + y1) / 2 - 16), "2", int((y1 - y0) * 0.35), EMPTY_TWO, anchor="mm")
    _text(
        draw, ((x0 + x1) / 2, y1 - minimum), tr(locale, "howruck-label-empty"), minimum, MUTED, anchor="mm", within=box
    )


# ---- the board ------------------------------------------------------------------------------------

SMALL = min_text(WIDTH)  # 24 px on the 1080 px board
NAME_SIZE = 32
HEADER_ROWS = (34, 88, 136)  # round title, player a, player b
STATUS_Y = 184
TRACK_TOP, TRACK_H = 214, 122
TUG_TOP = 356
PLATE_H = 54
FIELD_W, FIELD_H, FIELD_GAP = 330, 296, 21
ROPE_H = 48
LAST_TOP = TUG_TOP + 2 * (PLATE_H + 10 + FIELD_H) + ROPE_H + 20
LAST_LINE = 34
BARREL_W, BARREL_H = 44, 54  # the barrel on the track: 41 px on a 1280 px picture and up
ICON_W, ICON_H = 36, 44  # barrels won


def _header(draw, view: dict[str, Any], names: list[str], locale: str) -> None:
    tug = view.get("tug")
    target = view["barrels_to_win"]
    _text(draw, (MARGIN, HEADER_ROWS[0]), tr(locale, "howruck-label-round", round=view["round"]), 36)
    for seat in (0, 1):
        y = HEADER_ROWS[1 + seat]
        row = (0, y - 24, WIDTH, y + 24)
        seat_marker(draw, seat, MARGIN + 16, y, 15)
        counts_left = WIDTH - MARGIN
        if tug is not None:
            counts = (
                f"{tr(locale, 'howruck-label-hand', count=tug['hands'][seat])} · "
                f"{tr(locale, 'howruck-label-pile', count=tug['piles'][seat])}"
            )
            counts_left = _text(draw, (WIDTH - MARGIN, y), counts, SMALL, MUTED, anchor="rm", within=row)[0]
        barrels_right = counts_left - 20
        for i in range(target):
            bx = barrels_right - ICON_W / 2 - (target - 1 - i) * (ICON_W + 6)
            _barrel(draw, bx, y, ICON_W, ICON_H, filled=i < view["barrels"][seat])
        name_room = barrels_right - target * (ICON_W + 6) - 16 - (MARGIN + 44)
        _line(draw, (MARGIN + 44, y), names[seat], NAME_SIZE, name_room, SMALL, within=row)
    status = _status(view, names, locale)
    if status:
        _line(draw, (WIDTH / 2, STATUS_Y), status, 30, WIDTH - 2 * MARGIN, SMALL, _status_colour(view), anchor="mm")


def _status(view: dict[str, Any], names: list[str], locale: str) -> str:
    if view["winner"] is not None:
        return tr(locale, "howruck-label-winner", name=names[view["winner"]])
    tug = view.get("tug")
    if view["phase"] == "forming" or tug is None:
        return ""
    if tug["pending"] is not None:
        return tr(locale, "howruck-label-pending", name=names[tug["pending"]["seat"]])
    return tr(locale, "howruck-label-turn", name=names[tug["turn"]])


def _status_colour(view: dict[str, Any]) -> tuple[int, int, int]:
    tug = view.get("tug")
    seat = view["winner"]
    if seat is None and tug is not None:
        seat = tug["pending"]["seat"] if tug["pending"] else tug["turn"]
    return _mix(seat_colour(seat), INK, 0.25) if seat is not None else INK


def _track(draw, view: dict[str, Any], locale: str) -> None:
    """Twelve fields; the number on top, the barrel in the middle, GOAL / start at the bottom."""
    cell = (WIDTH - 2 * MARGIN) / TRACK_FIELDS
    top, height = TRACK_TOP, TRACK_H
    tug = view.get("tug")
    for i in range(TRACK_FIELDS):
        number = i + 1
        owner = 0 if number <= TRACK_FIELDS // 2 else 1
        x0 = MARGIN + i * cell
        box = (x0, top, x0 + cell, top + height)
        goal = number in (1, TRACK_FIELDS)
        draw.rectangle(box, fill=_tint(seat_colour(owner), 0.55 if goal else 0.82), outline=INK, width=2)
        _text(draw, (x0 + 8, top + 20), str(number), SMALL, within=box)
        if goal:
            seat_marker(draw, owner, x0 + cell - 18, top + 20, 11)
            _line(
                draw,
                (x0 + cell / 2, top + height - 18),
                tr(locale, "howruck-label-goal"),
                SMALL,
                cell - 6,
                SMALL,
                anchor="mm",
                within=box,
            )
        elif number in (6, 7):
            _line(
                draw,
                (x0 + cell / 2, top + height - 18),
                tr(locale, "howruck-label-start"),
                SMALL,
                cell - 6,
                SMALL,
                MUTED,
                anchor="mm",
                within=box,
            )
    # The boundary between the halves decides a round that runs out of cards.
    mid = MARGIN + cell * TRACK_FIELDS / 2
    draw.line((mid, top - 6, mid, top + height + 6), fill=INK, width=5)
    if tug is None:
        return
    y = top + height / 2 + 2
    moved_from = None if view["winner"] is not None else _barrel_moved_from(view)
    if moved_from is not None and moved_from != tug["barrel"]:
        start, end = MARGIN + (moved_from - 0.5) * cell, MARGIN + (tug["barrel"] - 0.5) * cell
        _barrel(draw, start, y, BARREL_W, BARREL_H, filled=False)
        direction = 1 if end > start else -1
        shaft_end = end - direction * 30
        draw.line((start + direction * 24, y, shaft_end, y), fill=BARREL_DARK, width=7)
        draw.polygon([(shaft_end + direction * 16, y), (shaft_end, y - 13), (shaft_end, y + 13)], fill=BARREL_DARK)
    _barrel(draw, MARGIN + (tug["barrel"] - 0.5) * cell, y, BARREL_W, BARREL_H)


def _barrel_moved_from(view: dict[str, Any]) -> int | None:
    """Where the barrel stood before the last move pulled it (a comparison or Adrenaline)."""
    tug = view["tug"]
    for event in reversed(view.get("last") or []):
        if event["type"] in ("compare", "compare-weakest"):
            steps, toward = event["pull"], event["toward_seat"]
        elif event["type"] == "adrenaline":
            steps, toward = event["steps"], event["seat"]
        else:
            continue
        if event["barrel"] != tug["barrel"]:
            return None
        return event["barrel"] + steps if toward == 0 else event["barrel"] - steps
    return None


def _rope(draw, y: float) -> None:
    draw.rectangle((0, y - 9, WIDTH, y + 9), fill=ROPE)
    for x in range(0, WIDTH, 22):
        draw.line((x, y + 9, x + 14, y - 9), fill=ROPE_DARK, width=3)
    draw.rectangle((WIDTH / 2 - 30, y - 7, WIDTH / 2 + 30, y + 7), fill=SIGNAL_RED, outline=INK, width=2)


def _side_top(seat: int) -> float:
    """Where a side's band (strength plate and fields) starts: seat a above the rope, b below."""
    return TUG_TOP if seat == 0 else TUG_TOP + PLATE_H + 10 + FIELD_H + ROPE_H


def _field_box(side: int, colour_index: int) -> tuple[float, float, float, float]:
    x0 = MARGIN + colour_index * (FIELD_W + FIELD_GAP)
    # Seat a: plate, then fields (nearest the rope at the bottom); seat b: fields, then plate.
    y0 = _side_top(side) + (PLATE_H + 10 if side == 0 else 0)
    return (x0, y0, x0 + FIELD_W, y0 + FIELD_H)


def _chip(draw, cx: float, cy: float, code: str) -> None:
    """A token of the card beneath the top one: its colour, shape and value."""
    key = _colour_key(code)
    box = (cx - 30, cy - 21, cx + 30, cy + 21)
    draw.rounded_rectangle(box, radius=8, fill=CARD_COLOURS[key], outline=INK, width=2)
    draw_shape(draw, CARD_SHAPES[key], cx - 15, cy, 9, (255, 255, 255), width=1)
    _text(draw, (cx + 12, cy), str(card(code).value), SMALL, (255, 255, 255), anchor="mm", within=box)


def _field(draw, view: dict[str, Any], field: str, locale: str) -> None:
    side = SIDES.index(field[0])
    x0, y0, x1, y1 = box = _field_box(side, MEN_COLOURS.index(field[1]))
    frame = CARD_COLOURS[field[1]]
    draw.rounded_rectangle(box, radius=14, fill=_tint(frame, 0.85), outline=frame, width=5)
    spot(f"field:{field}", box)
    _shape(draw, CARD_SHAPES[field[1]], x0 + 24, y0 + 24, 12, frame)
    word = tr(locale, "howruck-label-field-heading", field=field[1])
    _text(draw, (x0 + 44, y0 + 24), word, SMALL, _mix(frame, INK, 0.3), within=box)
    card_box = (x0 + 12, y0 + 48, x1 - 12, y1 - 56)
    stack = view["tug"]["fields"][field]
    if not stack:
        _empty_slot(draw, card_box, locale, SMALL)
        return
    beneath = len(stack) - 1
    # Offset edges behind the top card hint at how deep the stack is.
    for i in range(min(beneath, 3), 0, -1):
        shifted = (card_box[0] + i * 3, card_box[1] - i * 3, card_box[2] + i * 3, card_box[3] - i * 3)
        draw.rounded_rectangle(shifted, radius=12, fill=STACK_EDGE, outline=INK, width=2)
    draw_card(draw, card_box, stack[-1], locale, minimum=SMALL)
    if beneath:
        hint = tr(locale, "howruck-label-beneath", count=beneath)
        _line(draw, (x0 + 14, y1 - 28), hint, SMALL, x1 - x0 - 100, SMALL, within=box)
        _chip(draw, x1 - 44, y1 - 28, stack[-2])


def _sides(draw, view: dict[str, Any], names: list[str], locale: str) -> None:
    tug = view["tug"]
    _rope(draw, TUG_TOP + PLATE_H + 10 + FIELD_H + ROPE_H / 2)
    for field in (side + colour for side in SIDES for colour in MEN_COLOURS):
        _field(draw, view, field, locale)
    for seat in (0, 1):
        top = _side_top(seat) + (0 if seat == 0 else FIELD_H + 10)
        plate = (MARGIN, top, WIDTH - MARGIN, top + PLATE_H)
        draw.rounded_rectangle(
            plate, radius=12, fill=_tint(seat_colour(seat), 0.75), outline=seat_colour(seat), width=4
        )
        mid = (plate[1] + plate[3]) / 2
        seat_marker(draw, seat, plate[0] + 28, mid, 14)
        label = tr(locale, "howruck-label-strength", name=names[seat], value=tug["strength"][seat])
        _line(draw, (plate[0] + 54, mid), label, 30, plate[2] - plate[0] - 70, SMALL, within=plate)


def _forming(draw, view: dict[str, Any], names: list[str], locale: str) -> None:
    forming = view["forming"]
    _text(draw, (WIDTH / 2, TUG_TOP + 24), tr(locale, "howruck-label-forming"), 34, anchor="mm")
    panel_h = 330
    for seat in (0, 1):
        x0, x1 = MARGIN, WIDTH - MARGIN
        top = TUG_TOP + 64 + seat * (panel_h + 24)
        box = (x0, top, x1, top + panel_h)
        outline = seat_colour(seat)
        draw.rounded_rectangle(box, radius=16, fill=_tint(outline, 0.85), outline=outline, width=5)
        seat_marker(draw, seat, x0 + 32, top + 38, 15)
        faster = forming["faster"] == seat
        badge_left = x1
        if faster:
            badge = tr(locale, "howruck-label-faster")
            badge_w = font(SMALL).getlength(drawable(badge)) + 32
            badge_box = (x1 - 20 - badge_w, top + 16, x1 - 20, top + 60)
            draw.rounded_rectangle(badge_box, radius=10, fill=SIGNAL_RED)
            _text(
                draw,
                ((badge_box[0] + badge_box[2]) / 2, top + 38),
                badge,
                SMALL,
                (255, 255, 255),
                anchor="mm",
                within=badge_box,
            )
            badge_left = badge_box[0]
        _line(draw, (x0 + 58, top + 38), names[seat], NAME_SIZE, badge_left - x0 - 80, SMALL, within=box)
        done = forming["splits"][seat]
        bar = (x0 + 24, top + 80, x1 - 24, top + 130)
        draw.rectangle(bar, fill=(255, 255, 255), outline=INK, width=2)
        fill_w = (bar[2] - bar[0]) * done / 10
        if fill_w:
            draw.rectangle((bar[0], bar[1], bar[0] + fill_w, bar[3]), fill=outline)
        for i in range(1, 10):
            tx = bar[0] + (bar[2] - bar[0]) * i / 10
            draw.line((tx, bar[1], tx, bar[3]), fill=TICK, width=1)
        text_w = x1 - x0 - 48
        _line(draw, (x0 + 24, top + 166), tr(locale, "howruck-label-pairs", done=done), 30, text_w, SMALL, within=box)
        stack = forming["stack"][seat] + (2 if forming["holding"][seat] else 0)
        _line(
            draw,
            (x0 + 24, top + 212),
            tr(locale, "howruck-label-stack", count=stack),
            28,
            text_w,
            SMALL,
            MUTED,
            within=box,
        )
        if faster:
            other = 1 - seat
            left = forming["stack"][other]
            if left:
                rest = tr(locale, "howruck-label-splitting-rest", name=names[other], count=left)
                _line(draw, (x0 + 24, top + 260), rest, 28, text_w, SMALL, within=box)
        elif forming["faster"] is None and not forming["holding"][seat]:
            _line(
                draw,
                (x0 + 24, top + 260),
                tr(locale, "howruck-label-finished"),
                30,
                text_w,
                SMALL,
                SIGNAL_RED,
                within=box,
            )


def _ranking(draw, view: dict[str, Any], names: list[str], locale: str) -> None:
    """The end of the game: the winner, then both players by place with their barrels."""
    winner = view["winner"]
    box = (MARGIN, TUG_TOP, WIDTH - MARGIN, LAST_TOP - 30)
    draw.rounded_rectangle(box, radius=18, fill=_tint(seat_colour(winner), 0.8), outline=seat_colour(winner), width=6)
    title = tr(locale, "howruck-label-ranking")
    _text(draw, (WIDTH / 2, box[1] + 50), title, 40, anchor="mm", within=box)
    order = sorted((0, 1), key=lambda seat: (seat != winner, -view["barrels"][seat]))
    for place, seat in enumerate(order, start=1):
        y = box[1] + 150 + (place - 1) * 150
        row = (box[0] + 20, y - 60, box[2] - 20, y + 60)
        draw.rounded_rectangle(row, radius=14, fill=(255, 255, 255), outline=seat_colour(seat), width=4)
        _text(draw, (row[0] + 20, y), f"{place}.", 44, within=row)
        seat_marker(draw, seat, row[0] + 100, y, 20)
        barrels = tr(locale, "howruck-label-barrels-won", count=view["barrels"][seat])
        barrels_left = _text(draw, (row[2] - 20, y), barrels, 34, anchor="rm", within=row)[0]
        for i in range(view["barrels_to_win"]):
            bx = barrels_left - 36 - (view["barrels_to_win"] - 1 - i) * 50
            _barrel(draw, bx, y, ICON_W, ICON_H, filled=i < view["barrels"][seat])
        name_right = barrels_left - 36 - view["barrels_to_win"] * 50
        _line(draw, (row[0] + 134, y), names[seat], 40, name_right - row[0] - 150, SMALL, within=row)
    if view.get("tug") is not None:
        _barrel(draw, box[2] - 70, box[1] + 50, 50, 62)


def _last_move(draw, view: dict[str, Any], names: list[str], locale: str) -> None:
    top = LAST_TOP
    draw.line((MARGIN, top - 10, WIDTH - MARGIN, top - 10), fill=MUTED, width=2)
    tug = view.get("tug")
    pending = tug is not None and tug["pending"] is not None and view["winner"] is None
    discard = tug is not None and bool(tug["discard"])
    shown = [
        (key, code, colour)
        for show, key, code, colour in (
            (pending, "howruck-label-stolen-card", tug["pending"]["card"] if pending else None, SIGNAL_RED),
            (discard, "howruck-label-discard", tug["discard"][-1] if discard else None, MUTED),
        )
        if show and code is not None
    ]
    widths = [_small_card_width(code, locale) for _key, code, _colour in shown]
    width = WIDTH - 2 * MARGIN - sum(w + 16 for w in widths)
    area = (MARGIN - 8, top, MARGIN + width, HEIGHT - 8)  # a "J" may reach into the margin
    _text(draw, (MARGIN, top + 16), tr(locale, "howruck-label-last"), SMALL, MUTED, within=area)
    events = view.get("last") or []
    if len(events) > 4:
        # The round number already shows in the header; keep the lines that say what happened.
        events = [event for event in events if event["type"] != "round-start"]
    room = int((HEIGHT - 8 - (top + 52 - LAST_LINE / 2)) // LAST_LINE)
    lines: list[str] = []
    # Whole events from the latest back, as many as fit: never the tail of a cut-off sentence.
    for event in reversed(events):
        wrapped = _wrap(event_text(event, names, locale), SMALL, width)
        if len(lines) + len(wrapped) > room:
            if not lines:
                lines = wrapped[: room - 1] + [" ".join(wrapped[room - 1 :])]
            break
        lines = wrapped + lines
    for i, line in enumerate(lines):
        _text(draw, (MARGIN, top + 52 + i * LAST_LINE), line, SMALL, within=area, width=width)
    x = WIDTH - MARGIN - sum(w + 16 for w in widths) + 16
    for (key, code, colour), card_w in zip(shown, widths, strict=True):
        slot = (x, top, x + card_w, HEIGHT - 8)
        _line(draw, (x + card_w / 2, top + 16), tr(locale, key), SMALL, card_w, SMALL, colour, anchor="mm", within=slot)
        draw_card(draw, (x, top + 36, x + card_w, HEIGHT - 12), code, locale, minimum=SMALL)
        x += card_w + 16


@lru_cache(maxsize=256)
def _small_card_width(code: str, locale: str) -> int:
    """The width of a card beside the last move: 150 px, wider where a word of its name or its How
    Ruck! mark would not fit at the smallest readable size ("Reinforcements", "Adrenalinestoot")."""
    words = card_name(code, locale).split() if not card(code).is_scot else []
    widest = max((font(SMALL).getlength(drawable(word)) + 16 for word in words), default=0.0)
    if card(code).howruck:
        widest = max(widest, font(SMALL).getlength(drawable(tr(locale, "howruck-label-how-ruck"))) + 18)
    return max(150, int(widest) + 2)


def render_board(view: dict[str, Any], *, names: list[str], locale: str = "en") -> bytes:
    img, draw = new_canvas(WIDTH, HEIGHT, BACKGROUND, palette=_palette())
    _header(draw, view, names, locale)
    _track(draw, view, locale)
    if view["winner"] is not None:
        _ranking(draw, view, names, locale)
    elif view["phase"] == "forming":
        _forming(draw, view, names, locale)
    else:
        _sides(draw, view, names, locale)
    _last_move(draw, view, names, locale)
    return to_png(img)


# ---- the private picture ---------------------------------------------------------------------------

HAND_SMALL = min_text(HAND_WIDTH)
HAND_PER_ROW = 3
HAND_GAP = 18


def _card_size(count: int) -> tuple[int, int]:
    """Three cards a row at most: big enough to read on a phone."""
    per_row = max(1, min(count, HAND_PER_ROW))
    width = min(230, (HAND_WIDTH - 2 * MARGIN - HAND_GAP * (per_row - 1)) // per_row)
    return width, int(width / 0.72)


def _card_rows(draw, codes: list[str], top: int, locale: str, letters: bool = False, pair: str = "") -> int:
    """Cards in rows of three from ``top``; returns where they end. Each card is a spot to tap:
    ``card:<code>``, or ``<pair>:a`` / ``<pair>:b`` for the two cards of a pair to split."""
    width, height = _card_size(len(codes))
    row_h = height + (48 if letters else 0) + HAND_GAP
    for start in range(0, len(codes), HAND_PER_ROW):
        row = codes[start : start + HAND_PER_ROW]
        total = width * len(row) + HAND_GAP * (len(row) - 1)
        x = (HAND_WIDTH - total) // 2
        y = top + (start // HAND_PER_ROW) * row_h
        for i, code in enumerate(row):
            draw_card(draw, (x, y, x + width, y + height), code, locale, hint=True, minimum=HAND_SMALL)
            spot(f"{pair}:{'ab'[start + i]}" if pair else f"card:{code}", (x, y, x + width, y + height))
            if letters:
                _text(draw, (x + width / 2, y + height + 24), "ab"[start + i], 30, anchor="mm")
            x += width + HAND_GAP
    rows = -(-len(codes) // HAND_PER_ROW)
    return top + rows * row_h


def render_hand(view: dict[str, Any], *, names: list[str], locale: str = "en") -> bytes:
    """The viewer's private picture: the hand in the tug, the pair to split while forming."""
    private = view.get("private") or {}
    seat = view.get("viewer")
    tug = view.get("tug") or {}
    pending = tug.get("pending")
    letters = False
    pair = ""
    note = ""
    title_colour = INK
    if view["phase"] == "forming":
        letters = True
        if private.get("rest_pair"):
            title, codes = tr(locale, "howruck-label-rest-pair", name=names[1 - seat]), private["rest_pair"]
            pair = "rest"
        elif private.get("pair"):
            title, codes = tr(locale, "howruck-label-your-pair"), private["pair"]
            pair = "keep"
        else:
            title, codes = tr(locale, "howruck-label-waiting"), []
        kept, given = len(private.get("kept", [])), len(private.get("given", []))
        note = tr(locale, "howruck-label-kept-given", kept=kept, given=given)
    elif pending and pending["seat"] == seat:
        title, codes = tr(locale, "howruck-label-stolen", card=card_title(pending["card"], locale)), [pending["card"]]
        title_colour = SIGNAL_RED
    else:
        title, codes = tr(locale, "howruck-label-your-hand"), list(private.get("hand", []))
    title_h = 60 + (44 if note else 0)
    card_height = _card_size(len(codes))[1] if codes else 0
    rows = -(-len(codes) // HAND_PER_ROW)
    height = title_h + rows * (card_height + (48 if letters else 0) + HAND_GAP) + 16
    img, draw = new_canvas(HAND_WIDTH, max(height, 120), BACKGROUND, palette=_palette())
    if seat is not None:
        seat_marker(draw, seat, MARGIN + 14, 32, 14)
    _line(draw, (MARGIN + 40, 32), title, 30, HAND_WIDTH - MARGIN * 2 - 40, HAND_SMALL, title_colour)
    if note:
        _text(draw, (MARGIN + 40, 76), note, HAND_SMALL, MUTED)
    if codes:
        _card_rows(draw, codes, title_h, locale, letters=letters, pair=pair)
    return to_png(img)

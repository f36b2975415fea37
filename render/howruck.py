"""How Ruck! pictures, drawn from a view (never the state).

``render_board``: the score track with the barrel and both goals, the rope with each side's three
fields (top card, the "How Ruck!" mark, a hint of the stack beneath, each side's strength), barrels
won, cards in hand and draw pile, and the last move's lines. While the teams are formed it shows
the race instead of the rope. ``render_hand``: the viewer's hand, or the pair they are splitting.
Colours always come with a shape and a word: red triangle, blue square, green circle, white diamond,
Nessie star; player A is a circle, player B a square (``render.common``).
"""

from __future__ import annotations

from typing import Any

from engines.howruck_cards import MEN_COLOURS, card
from locales import tr
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    draw_shape,
    drawable,
    font,
    new_canvas,
    seat_colour,
    seat_marker,
    text_centered,
    to_png,
)

WIDTH, HEIGHT = 1200, 720
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


# ---- words ------------------------------------------------------------------------------------------


def _colour_key(code: str) -> str:
    c = card(code)
    if c.kind == "nessie":
        return "n"
    return c.colour or "x"


def card_name(code: str, locale: str = "en") -> str:
    c = card(code)
    return tr(locale, "howruck-label-card", colour=_colour_key(code), card=code, value=c.value)


def card_title(code: str, locale: str = "en") -> str:
    """A card's name for buttons: capitalised, with the label when it has one."""
    name = card_name(code, locale)
    name = name[:1].upper() + name[1:]
    return f"{name} (How Ruck!)" if card(code).howruck else name


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
        text = tr(
            locale, "howruck-label-keep", keep=card_title(pair[keep], locale), give=card_title(pair[1 - keep], locale)
        )
        return text[:60]
    viewer = view.get("viewer")
    code, _, choice = action.partition(":")
    c = card(code)
    if c.is_scot:
        return _field_words(choice, viewer, locale)[:60]
    if choice == "x":
        return tr(locale, "howruck-label-decline")
    if not choice:
        return tr(locale, "howruck-label-do")
    if c.action == "TZ":
        return tr(locale, "howruck-label-name-value", value=int(choice))
    if c.action == "VT":
        count = view["tug"]["hands"][1 - viewer] if viewer is not None else 0
        return tr(locale, "howruck-label-steal", position=int(choice), count=count)
    if c.action == "WK":
        source, target = choice.split("-")
        stack = view["tug"]["fields"][source]
        moved = card_name(stack[-1], locale) if stack else "?"
        text = tr(
            locale,
            "howruck-label-switch",
            card=moved,
            **{"from": _side_field(source, viewer, locale), "to": _side_field(target, viewer, locale)},
        )
        return text[:60]
    return action


# ---- drawing helpers ----------------------------------------------------------------------------


def _mix(rgb: tuple[int, int, int], towards: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return tuple(round(a + (b - a) * amount) for a, b in zip(rgb, towards, strict=True))


def _tint(rgb: tuple[int, int, int], amount: float = 0.8) -> tuple[int, int, int]:
    return _mix(rgb, (255, 255, 255), amount)


def _fit(text: str, size: int, width: int, minimum: int = 14) -> int:
    """The largest size up to ``size`` at which ``text`` fits in ``width`` pixels."""
    text = drawable(text)
    while size > minimum and font(size).getlength(text) > width:
        size -= 2
    return size


def _text_left(draw, x: float, y: float, text: str, size: int, fill=INK, anchor: str = "lm") -> None:
    draw.text((x, y), drawable(text), font=font(size), fill=fill, anchor=anchor)


def _centered(draw, xy: tuple[float, float], text: str, size: int, fill=INK) -> None:
    text_centered(draw, xy, drawable(text), size, fill=fill)


def _barrel(draw, cx: float, cy: float, w: float, h: float, filled: bool = True) -> None:
    box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    draw.rounded_rectangle(box, radius=w * 0.35, fill=BARREL if filled else None, outline=BARREL_DARK, width=3)
    for frac in (0.28, 0.72):
        y = cy - h / 2 + h * frac
        draw.line((cx - w / 2 + 2, y, cx + w / 2 - 2, y), fill=BARREL_DARK, width=3)


def _wrap(text: str, size: int, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if font(size).getlength(drawable(candidate)) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def draw_card(draw, box: tuple[float, float, float, float], code: str, locale: str, hint: bool = False) -> None:
    """One card face: colour band with its shape, big value, its name, the How Ruck! banner; with
    ``hint`` an action card also says in a few words what it does."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    c = card(code)
    key = _colour_key(code)
    colour = CARD_COLOURS[key]
    draw.rounded_rectangle(box, radius=12, fill=CARD_FACE, outline=INK, width=3)
    band = h * 0.2
    draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + band), radius=9, fill=colour)
    draw_shape(draw, CARD_SHAPES[key], x0 + band * 0.55, y0 + band * 0.55, band * 0.32, (255, 255, 255), width=2)
    name = card_name(code, locale)
    if c.is_scot:
        word = name if c.kind == "nessie" else name.rsplit(" ", 1)[0]
    else:
        word = tr(locale, "howruck-label-action-card")
    _text_left(
        draw, x0 + band, y0 + band * 0.55, word, _fit(word, int(band * 0.6), int(w - band * 1.2)), fill=(255, 255, 255)
    )
    if c.is_scot:
        value_size = int(min(h * 0.42, w * 0.6))
        value_colour = colour if key != "w" else INK
        _centered(draw, ((x0 + x1) / 2, y0 + band + (h - band) * 0.42), str(c.value), value_size, fill=value_colour)
    else:
        _paragraph(draw, name, (x0 + x1) / 2, y0 + band + (h - band) * 0.3, int(w - 14), max(14, int(w * 0.15)), colour)
        if hint and w >= 110:
            text = tr(locale, "howruck-label-hint", card=code)
            _paragraph(draw, text, (x0 + x1) / 2, y0 + band + (h - band) * 0.72, int(w - 14), 17, MUTED, bottom=y1 - 6)
    if c.howruck:
        banner = (x0 + 4, y1 - h * 0.2, x1 - 4, y1 - 5)
        draw.rectangle(banner, fill=HOW_RUCK_BANNER, outline=INK, width=2)
        label = tr(locale, "howruck-label-how-ruck")
        size = _fit(label, int(h * 0.11), int(w - 16))
        _centered(draw, ((x0 + x1) / 2, (banner[1] + banner[3]) / 2), label, size, fill=INK)


def _paragraph(draw, text: str, cx: float, cy: float, width: int, size: int, fill, bottom: float = 1e9) -> None:
    """Centred lines around (cx, cy), the type shrunk until the longest word fits the width and
    the last line stays above ``bottom``."""
    longest = max(text.split(), key=lambda word: font(size).getlength(drawable(word)), default="")
    size = _fit(longest, size, width, minimum=11)
    lines = _wrap(text, size, width)
    top = cy - (len(lines) - 1) * size * 0.6
    top = min(top, bottom - size * 0.7 - (len(lines) - 1) * size * 1.2)
    for i, line in enumerate(lines):
        _centered(draw, (cx, top + i * size * 1.2), line, size, fill=fill)


def _empty_slot(draw, box, locale: str) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=12, fill=None, outline=MUTED, width=2)
    _centered(draw, ((x0 + x1) / 2, (y0 + y1) / 2 - 10), "2", int((y1 - y0) * 0.35), fill=(175, 175, 175))
    _centered(draw, ((x0 + x1) / 2, y1 - 24), tr(locale, "howruck-label-empty"), 20, fill=MUTED)


# ---- the board ------------------------------------------------------------------------------------


def _header(draw, view: dict[str, Any], names: list[str], locale: str) -> None:
    tug = view.get("tug")
    target = view["barrels_to_win"]
    for seat in (0, 1):
        right = seat == 1
        x = WIDTH - 30 if right else 30
        marker_x = x - 18 if right else x + 18
        seat_marker(draw, seat, marker_x, 32, 16)
        anchor = "rm" if right else "lm"
        name_x = x - 46 if right else x + 46
        _text_left(draw, name_x, 32, names[seat], _fit(names[seat], 34, 330), anchor=anchor)
        for i in range(target):
            bx = (x - 18 - i * 34) if right else (x + 18 + i * 34)
            _barrel(draw, bx, 76, 24, 30, filled=i < view["barrels"][seat])
        if tug is not None:
            counts = (
                f"{tr(locale, 'howruck-label-hand', count=tug['hands'][seat])} · "
                f"{tr(locale, 'howruck-label-pile', count=tug['piles'][seat])}"
            )
            cx = (x - 20 - target * 34) if right else (x + 20 + target * 34)
            _text_left(draw, cx, 76, counts, 24, fill=MUTED, anchor="rm" if right else "lm")
    _centered(draw, (WIDTH / 2, 28), tr(locale, "howruck-label-round", round=view["round"]), 30)
    status = _status(view, names, locale)
    if status:
        _centered(draw, (WIDTH / 2, 70), status, _fit(status, 28, 380), fill=_status_colour(view))


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
    left, top, cell, height = 60, 110, 90, 84
    tug = view.get("tug")
    for i in range(TRACK_FIELDS):
        number = i + 1
        owner = 0 if number <= TRACK_FIELDS // 2 else 1
        x0 = left + i * cell
        box = (x0, top, x0 + cell, top + height)
        goal = number in (1, TRACK_FIELDS)
        fill = _tint(seat_colour(owner), 0.55 if goal else 0.82)
        draw.rectangle(box, fill=fill, outline=INK, width=2)
        _centered(draw, (x0 + 16, top + 16), str(number), 20, fill=INK)
        if goal:
            seat_marker(draw, owner, x0 + cell - 18, top + 18, 11)
            _centered(draw, (x0 + cell / 2, top + height - 16), tr(locale, "howruck-label-goal"), 20)
        elif number in (6, 7):
            _centered(draw, (x0 + cell / 2, top + height - 14), tr(locale, "howruck-label-start"), 18, fill=MUTED)
    # The boundary between the halves decides a round that runs out of cards.
    mid = left + cell * TRACK_FIELDS // 2
    draw.line((mid, top - 6, mid, top + height + 6), fill=INK, width=5)
    if tug is None:
        return
    y = top + height / 2 + 2
    moved_from = _barrel_moved_from(view)
    if moved_from is not None and moved_from != tug["barrel"]:
        start, end = left + (moved_from - 0.5) * cell, left + (tug["barrel"] - 0.5) * cell
        _barrel(draw, start, y, 46, 56, filled=False)
        direction = 1 if end > start else -1
        shaft_end = end - direction * 30
        draw.line((start + direction * 24, y, shaft_end, y), fill=BARREL_DARK, width=7)
        draw.polygon([(shaft_end + direction * 16, y), (shaft_end, y - 13), (shaft_end, y + 13)], fill=BARREL_DARK)
    _barrel(draw, left + (tug["barrel"] - 0.5) * cell, y, 46, 56)


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


def _rope(draw, y: int) -> None:
    draw.rectangle((0, y - 9, WIDTH, y + 9), fill=ROPE)
    for x in range(0, WIDTH, 22):
        draw.line((x, y + 9, x + 14, y - 9), fill=ROPE_DARK, width=3)
    draw.rectangle((WIDTH / 2 - 7, y - 30, WIDTH / 2 + 7, y + 30), fill=(200, 30, 40), outline=INK, width=2)


def _slot_box(side: int, colour_index: int) -> tuple[int, int, int, int]:
    slot_w, gap = 160, 18
    start = 30 if side == 0 else WIDTH // 2 + 36
    x0 = start + colour_index * (slot_w + gap)
    return (x0, 212, x0 + slot_w, 506)


def _chip(draw, cx: float, cy: float, code: str) -> None:
    """A small token of a card beneath the top one: its colour, shape and value."""
    key = _colour_key(code)
    colour = CARD_COLOURS[key]
    draw.rounded_rectangle((cx - 20, cy - 15, cx + 20, cy + 15), radius=6, fill=colour, outline=INK, width=2)
    _centered(draw, (cx, cy), str(card(code).value), 22, fill=(255, 255, 255))


def _field(draw, view: dict[str, Any], field: str, locale: str) -> None:
    side = SIDES.index(field[0])
    colour_index = MEN_COLOURS.index(field[1])
    x0, y0, x1, y1 = _slot_box(side, colour_index)
    frame = CARD_COLOURS[field[1]]
    draw.rounded_rectangle((x0, y0, x1, y1), radius=14, fill=_tint(frame, 0.85), outline=frame, width=5)
    draw_shape(draw, CARD_SHAPES[field[1]], x0 + 20, y0 + 20, 10, frame, width=2)
    word = tr(locale, "howruck-label-field-name", field=field[1])
    _text_left(draw, x0 + 38, y0 + 20, word, 22, fill=_mix(frame, INK, 0.3))
    card_box = (x0 + 12, y0 + 52, x1 - 16, y1 - 46)
    stack = view["tug"]["fields"][field]
    if not stack:
        _empty_slot(draw, card_box, locale)
        return
    beneath = len(stack) - 1
    # Offset edges behind the top card hint at how deep the stack is.
    for i in range(min(beneath, 3), 0, -1):
        shifted = (card_box[0] + i * 4, card_box[1] - i * 5, card_box[2] + i * 4, card_box[3] - i * 5)
        draw.rounded_rectangle(shifted, radius=12, fill=(225, 220, 210), outline=INK, width=2)
    draw_card(draw, card_box, stack[-1], locale)
    if beneath:
        hint = tr(locale, "howruck-label-beneath", count=beneath)
        _text_left(draw, x0 + 14, y1 - 22, hint, _fit(hint, 22, x1 - x0 - 70))
        _chip(draw, x1 - 34, y1 - 22, stack[-2])


def _sides(draw, view: dict[str, Any], names: list[str], locale: str) -> None:
    tug = view["tug"]
    _rope(draw, 360)
    for field in (side + colour for side in SIDES for colour in MEN_COLOURS):
        _field(draw, view, field, locale)
    for seat in (0, 1):
        x0 = _slot_box(seat, 0)[0]
        x1 = _slot_box(seat, 2)[2]
        cx = (x0 + x1) / 2
        label = tr(locale, "howruck-label-strength", name=names[seat], value=tug["strength"][seat])
        plate = (cx - 220, 516, cx + 220, 562)
        draw.rounded_rectangle(
            plate, radius=12, fill=_tint(seat_colour(seat), 0.75), outline=seat_colour(seat), width=4
        )
        seat_marker(draw, seat, plate[0] + 26, 539, 13)
        _centered(draw, (cx + 14, 539), label, _fit(label, 32, 380))


def _forming(draw, view: dict[str, Any], names: list[str], locale: str) -> None:
    forming = view["forming"]
    _centered(draw, (WIDTH / 2, 238), tr(locale, "howruck-label-forming"), 34)
    for seat in (0, 1):
        x0 = 40 if seat == 0 else WIDTH // 2 + 20
        x1 = x0 + WIDTH // 2 - 60
        top = 275
        faster = forming["faster"] == seat
        outline = seat_colour(seat)
        draw.rounded_rectangle((x0, top, x1, top + 270), radius=16, fill=_tint(outline, 0.85), outline=outline, width=5)
        seat_marker(draw, seat, x0 + 30, top + 34, 15)
        _text_left(draw, x0 + 56, top + 34, names[seat], _fit(names[seat], 32, x1 - x0 - 80))
        done = forming["splits"][seat]
        bar = (x0 + 24, top + 72, x1 - 24, top + 116)
        draw.rectangle(bar, fill=(255, 255, 255), outline=INK, width=2)
        fill_w = (bar[2] - bar[0]) * done / 10
        if fill_w:
            draw.rectangle((bar[0], bar[1], bar[0] + fill_w, bar[3]), fill=outline)
        for i in range(1, 10):
            tx = bar[0] + (bar[2] - bar[0]) * i / 10
            draw.line((tx, bar[1], tx, bar[3]), fill=(90, 90, 90), width=1)
        _text_left(draw, x0 + 24, top + 140, tr(locale, "howruck-label-pairs", done=done), 26)
        stack = forming["stack"][seat] + (2 if forming["holding"][seat] else 0)
        _text_left(draw, x0 + 24, top + 176, tr(locale, "howruck-label-stack", count=stack), 24, fill=MUTED)
        if faster:
            badge = tr(locale, "howruck-label-faster")
            draw.rounded_rectangle((x1 - 240, top + 14, x1 - 20, top + 56), radius=10, fill=(200, 30, 40))
            _centered(draw, (x1 - 130, top + 35), badge, _fit(badge, 26, 210), fill=(255, 255, 255))
            other = 1 - seat
            left = forming["stack"][other]
            if left:
                rest = tr(locale, "howruck-label-splitting-rest", name=names[other], count=left)
                _text_left(draw, x0 + 24, top + 218, rest, _fit(rest, 24, x1 - x0 - 48))
        elif forming["faster"] is None and not forming["holding"][seat]:
            _text_left(draw, x0 + 24, top + 218, tr(locale, "howruck-label-finished"), 26, fill=(200, 30, 40))


def _last_move(draw, view: dict[str, Any], names: list[str], locale: str) -> None:
    top = 582
    draw.line((20, top - 8, WIDTH - 20, top - 8), fill=MUTED, width=2)
    _text_left(draw, 30, top + 16, tr(locale, "howruck-label-last"), 22, fill=MUTED)
    tug = view.get("tug")
    pending = tug is not None and tug["pending"] is not None
    width = WIDTH - 60 - (290 if pending else 160 if tug is not None and tug["discard"] else 0)
    events = view.get("last") or []
    if len(events) > 4:
        # The round number already shows in the header; keep the lines that say what happened.
        events = [event for event in events if event["type"] != "round-start"]
    lines: list[str] = []
    for event in events:
        text = event_text(event, names, locale)
        lines.extend([text] if font(22).getlength(drawable(text)) <= width else _wrap(text, 22, width))
    for i, line in enumerate(lines[-4:]):
        _text_left(draw, 30, top + 42 + i * 28, line, _fit(line, 24, width))
    if pending:
        x0, x1 = WIDTH - 290, WIDTH - 180
        label = tr(locale, "howruck-label-stolen-card")
        _text_left(draw, (x0 + x1) / 2, top + 16, label, 20, fill=(200, 30, 40), anchor="mm")
        draw_card(draw, (x0, top + 30, x1, HEIGHT - 12), tug["pending"]["card"], locale)
    if tug is not None and tug["discard"]:
        x0, x1 = WIDTH - 150, WIDTH - 40
        _text_left(draw, (x0 + x1) / 2, top + 16, tr(locale, "howruck-label-discard"), 20, fill=MUTED, anchor="mm")
        draw_card(draw, (x0, top + 30, x1, HEIGHT - 12), tug["discard"][-1], locale)


def render_board(view: dict[str, Any], *, names: list[str], locale: str = "en") -> bytes:
    img, draw = new_canvas(WIDTH, HEIGHT, BACKGROUND)
    _header(draw, view, names, locale)
    _track(draw, view, locale)
    if view["phase"] == "forming":
        _forming(draw, view, names, locale)
    else:
        _sides(draw, view, names, locale)
    if view["winner"] is not None:
        _winner_banner(draw, view["winner"], names, locale)
    _last_move(draw, view, names, locale)
    return to_png(img)


def _winner_banner(draw, winner: int, names: list[str], locale: str) -> None:
    text = tr(locale, "howruck-label-winner", name=names[winner])
    box = (WIDTH / 2 - 420, 318, WIDTH / 2 + 420, 402)
    draw.rounded_rectangle(box, radius=18, fill=_tint(seat_colour(winner), 0.6), outline=seat_colour(winner), width=6)
    seat_marker(draw, winner, box[0] + 44, 360, 20)
    _barrel(draw, box[2] - 44, 360, 36, 46)
    _centered(draw, (WIDTH / 2, 360), text, _fit(text, 44, 700))


# ---- the private picture ---------------------------------------------------------------------------


def _card_size(count: int) -> tuple[int, int]:
    gap = 16
    width = min(170, (WIDTH - 60 - gap * (count - 1)) // max(count, 1))
    return width, int(width / 0.7)


def _card_row(draw, codes: list[str], top: int, locale: str, letters: bool = False) -> None:
    gap = 16
    width, height = _card_size(len(codes))
    total = width * len(codes) + gap * (len(codes) - 1)
    x = (WIDTH - total) // 2
    for i, code in enumerate(codes):
        draw_card(draw, (x, top, x + width, top + height), code, locale, hint=True)
        if letters:
            _centered(draw, (x + width / 2, top + height + 24), "ab"[i], 30)
        x += width + gap


def render_hand(view: dict[str, Any], *, names: list[str], locale: str = "en") -> bytes:
    """The viewer's private picture: the hand in the tug, the pair to split while forming."""
    private = view.get("private") or {}
    seat = view.get("viewer")
    tug = view.get("tug") or {}
    pending = tug.get("pending")
    letters = False
    note = ""
    title_colour = INK
    if view["phase"] == "forming":
        letters = True
        if private.get("rest_pair"):
            title, codes = tr(locale, "howruck-label-rest-pair", name=names[1 - seat]), private["rest_pair"]
        elif private.get("pair"):
            title, codes = tr(locale, "howruck-label-your-pair"), private["pair"]
        else:
            title, codes = tr(locale, "howruck-label-waiting"), []
        kept, given = len(private.get("kept", [])), len(private.get("given", []))
        note = tr(locale, "howruck-label-kept-given", kept=kept, given=given)
    elif pending and pending["seat"] == seat:
        title, codes = tr(locale, "howruck-label-stolen", card=card_title(pending["card"], locale)), [pending["card"]]
        title_colour = (200, 30, 40)
    else:
        title, codes = tr(locale, "howruck-label-your-hand"), list(private.get("hand", []))
    card_height = _card_size(len(codes))[1] if codes else 0
    height = 70 + card_height + (56 if letters else 20)
    img, draw = new_canvas(WIDTH, max(height, 120), BACKGROUND)
    if seat is not None:
        seat_marker(draw, seat, 36, 34, 15)
    _text_left(draw, 64, 34, title, _fit(title, 30, WIDTH - 380), fill=title_colour)
    if note:
        _text_left(draw, WIDTH - 30, 34, note, 22, fill=MUTED, anchor="rm")
    if codes:
        _card_row(draw, codes, 70, locale, letters=letters)
    return to_png(img)

"""Pictures for Devil Take The Hindmost, drawn from a view (see ``engines.hindmost``).

The board is a stadium-shaped track of 30 spaces with 4 lanes, ridden counter-clockwise as on the
original board; the finish line sits in the middle of the bottom straight with the starred 10 just
past it. The infield, otherwise empty, carries the race state (race, lap or final sprint, riders
left, the eliminated riders in order with their points); the side panel carries whose turn it is,
the riders still to move this turn, the team scores and hand sizes, and the last play in words.

Only the view is read, never the engine state, and never the view's ``private`` part (the hand) on the board: the board
is the public picture, the hand has its own picture (``render_hand``) for its owner alone.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.hindmost import FINISH, LANES, space_of
from locales import tr
from render import layout
from render.cards import (
    CARD_GROUNDS,
    CARD_INKS,
    CARD_NAMED,
    card_grid_size,
    card_text,
    draw_card_row,
    draw_star,
    draw_text,
    fit_text,
    text_width,
    wrap_text,
)
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    SEAT_SHAPES,
    WHITE,
    cached_palette,
    copy_canvas,
    draw_shape,
    fit_message,
    font,
    name_text,
    new_canvas,
    palette,
    paste_sprite,
    seat_colour,
    to_png,
)
from render.hindmost_taps import action_spots as action_spots  # the registry's Extras.TAPS part
from render.spots import spot
from render.type_scale import BIG, SMALL, TEXT

# Portrait, for phones: the track fills the width, the panel (whose turn, scores, last play) sits
# below it and the picture grows with the number of teams. At 1080 px wide a phone shows it at
# about 0.37 scale, so no text is under 24 px and no counter under 38 px across.
WIDTH = 1080
MAX_HEIGHT = 1900
SPACES = FINISH  # one lap: the track's spaces, from the engine (as is LANES)

# Track geometry: concentric stadiums around (CX, CY); A is half the length of a straight.
CX, CY = 540, 442
A = 98
R_OUT = 428
LANE_W = 44
R_IN = R_OUT - LANES * LANE_W
R_MID = (R_IN + R_OUT) / 2
_PERIMETER = 4 * A + 2 * math.pi * R_MID
COUNTER_R = 21  # 42 px across in a 44 px lane
TRACK_BOTTOM = CY + R_OUT + 6

PANEL_X, PANEL_RIGHT = 16, WIDTH - 16
TRACK_LIGHT = (238, 224, 192)
TRACK_DARK = (224, 203, 160)
LANE_LINE = (196, 174, 132)
SPACE_LINE = (128, 104, 70)
INFIELD = (218, 234, 214)
HIGHLIGHT = (255, 205, 0)
PANEL_TINT = (255, 243, 196)
ROW_TINT = (234, 230, 218)
SPRINT_RED = (190, 30, 45)
INFIELD_LINE = (170, 190, 166)


@cached_palette
def _palette() -> Image.Image:
    """Every colour drawn (counters and cards included), plus the shades of text, counter edges
    and lines over their grounds."""
    seats = tuple(seat_colour(seat) for seat in range(6))
    light = (BACKGROUND, TRACK_LIGHT, TRACK_DARK, INFIELD, PANEL_TINT, ROW_TINT, HIGHLIGHT, *CARD_GROUNDS)
    named = (*light, INK, MUTED, LANE_LINE, SPACE_LINE, SPRINT_RED, WHITE, INFIELD_LINE, *seats, *CARD_NAMED)
    inks = (INK, MUTED, SPRINT_RED, *CARD_INKS)
    return palette(named, inks, light, (((WHITE,), (*seats, INK)), ((INK,), seats)))


# ---- names and words --------------------------------------------------------------------------------


def _label(locale: str, key: str, **args: Any) -> str:
    return tr(locale, f"hindmost-label-{key}", **args)


def _name(names: list[str], seat: int, locale: str) -> str:
    """The seat's name as the font can draw it; a placeholder if nothing drawable is left."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    text = name_text(str(raw))
    if not any(ch.isalnum() for ch in text):
        return _label(locale, "player", seat=seat + 1)
    return text


def cards_text(cards: list[str] | str) -> str:
    """Cards as words, "7♥" or "Joker + 7♥", from card codes or an action string such as ``JK+7H``."""
    if isinstance(cards, str):
        cards = cards.split("+")
    return " + ".join(card_text(code) for code in cards)


def format_event(event: dict[str, Any]) -> dict[str, Any]:
    """Event params for the text line: the cards played as "Joker + 7♥", not as codes ("JK+7H"),
    and the spaces by their numbers 1..30 as the picture shows them ("10 → 13 (+3)", not the
    repeating labels' "10 → 3 (+3)"; an event stored before the numbers keeps its labels)."""
    if event.get("type") != "played":
        return dict(event)
    found = {**event, "from": event.get("from_space", event.get("from")), "to": event.get("to_space", event.get("to"))}
    if event.get("cards"):
        found["cards"] = cards_text(event["cards"])
    return found


# ---- track geometry ---------------------------------------------------------------------------------


def track_point(s: float, r: float) -> tuple[float, float]:
    """The point ``s`` spaces along the track (0 = finish line) at distance ``r`` from the centre line.

    Spaces are equal lengths of the middle line; across a bend, space borders are radial, so the
    inside lane's spaces are shorter, as on a real track.
    """
    length = (s % SPACES) * _PERIMETER / SPACES
    bend = math.pi * R_MID
    if length < A:
        return CX + length, CY + r
    length -= A
    if length < bend:
        theta = length / R_MID
        return CX + A + r * math.sin(theta), CY + r * math.cos(theta)
    length -= bend
    if length < 2 * A:
        return CX + A - length, CY - r
    length -= 2 * A
    if length < bend:
        theta = length / R_MID
        return CX - A - r * math.sin(theta), CY - r * math.cos(theta)
    length -= bend
    return CX - A + length, CY + r


def lane_radius(lane: int) -> float:
    return R_IN + LANE_W * (lane + 0.5)


def _ring(r: float, steps: int = 240) -> list[tuple[float, float]]:
    return [track_point(SPACES * i / steps, r) for i in range(steps)]


def _space_polygon(space: int) -> list[tuple[float, float]]:
    steps = [space + i / 6 for i in range(7)]
    return [track_point(s, R_OUT) for s in steps] + [track_point(s, R_IN) for s in reversed(steps)]


@lru_cache(maxsize=4)
def _track_layer(locale: str) -> Image.Image:
    """The empty track with its labels and finish line, built once per language and copied per board."""
    img = Image.new("RGB", (WIDTH, TRACK_BOTTOM + 10), BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.polygon(_ring(R_OUT + 3), fill=INK)
    for space in range(SPACES):
        draw.polygon(_space_polygon(space), fill=TRACK_LIGHT if space % 2 == 0 else TRACK_DARK)
    for lane in range(1, LANES):
        ring = _ring(R_IN + lane * LANE_W)
        draw.line(ring + ring[:1], fill=LANE_LINE, width=1)
    for space in range(SPACES):
        draw.line((track_point(space, R_IN), track_point(space, R_OUT)), fill=SPACE_LINE, width=2)
    draw.polygon(_ring(R_IN), fill=INFIELD, outline=INK, width=3)
    _draw_finish_line(img, draw, locale)
    with layout.silent():  # reported per board instead (the layer is drawn once)
        _draw_space_labels(img)
    return img


@lru_cache(maxsize=4)
def _track_layer_on_palette(locale: str) -> Image.Image:
    return _track_layer(locale).quantize(palette=_palette(), dither=Image.Dither.NONE)


def _draw_space_labels(img: Image.Image) -> None:
    """The spaces' numbers 1..30, on the track layer: each space named once, as the texts name it
    (the rulebook's labels 1..10 are the numbers' last digits)."""
    for space in range(SPACES):
        x, y = track_point(space + 0.5, R_IN - 22)
        draw_text(img, x, y, str(space_of(space)), 26, fill=INK, anchor="m")
    # The starred 10 just past the line is where the leader is put when the pack regroups.
    x, y = track_point(0.5, R_IN - 22)
    draw_star(img, x + 30, y, 22, outline=INK)


def _draw_finish_line(img: Image.Image, draw: ImageDraw.ImageDraw, locale: str) -> None:
    square = 11
    top, bottom = CY + R_IN, CY + R_OUT
    for row, y in enumerate(range(top, bottom, square)):
        for col in range(2):
            colour = INK if (row + col) % 2 == 0 else (255, 255, 255)
            x = CX - square + col * square
            draw.rectangle((x, y, x + square - 1, min(y + square - 1, bottom)), fill=colour)


# ---- riders -----------------------------------------------------------------------------------------


# A rider's number must read at 400 px wide: bold, 28 px (a 7.5 px digit on a phone), in whichever
# of black or white stands out more from the team colour, and where the shape is widest.
NUMBER_SIZE = 28
# How much larger a shape is drawn than a circle of the same radius so it looks as big, and where
# its number sits (a fraction of the radius below the centre: a triangle is wide near its base).
_GROW = {"triangle": 1.3, "star": 1.3, "diamond": 1.2, "cross": 1.15}
_NUMBER_DROP = {"triangle": 0.2}


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def number_ink(seat: int) -> tuple[int, int, int]:
    """Black or white, whichever contrasts more with the team's colour."""
    colour = seat_colour(seat)
    return max((INK, WHITE), key=lambda ink: contrast(ink, colour))


@lru_cache(maxsize=512)
def _counter_sprite(seat: int, num: int | str, radius: int) -> Image.Image:
    """A team counter (colour plus shape) with the rider's number, anti-aliased by drawing the
    shape large and scaling down; cached, since the same few counters appear on every board."""
    scale = 4
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    # Stars and triangles look smaller than circles of the same radius: grow them to match.
    grow = _GROW.get(shape, 1.0)
    size = (math.ceil(radius * grow) + 3) * 2
    big = Image.new("RGBA", (size * scale, size * scale), (0, 0, 0, 0))
    centre = size * scale / 2
    draw_shape(
        ImageDraw.Draw(big),
        shape,
        centre,
        centre,
        radius * scale * grow,
        fill=seat_colour(seat) + (255,),
        outline=(30, 30, 30, 255),
        width=2 * scale,
    )
    sprite = big.resize((size, size), Image.Resampling.LANCZOS)
    if num != "":
        ImageDraw.Draw(sprite).text(
            (size / 2, size / 2 + 1 + radius * _NUMBER_DROP.get(shape, 0.0)),
            str(num),
            font=font(NUMBER_SIZE, True),
            fill=number_ink(seat) + (255,),
            anchor="mm",
        )
    return sprite


def draw_counter(img: Image.Image, seat: int, num: int | str, cx: float, cy: float, radius: int = COUNTER_R) -> None:
    """A rider: its team's shape in its team's colour, with its number on it ("" for none)."""
    sprite = _counter_sprite(seat, num, radius)
    xy = (round(cx - sprite.width / 2), round(cy - sprite.height / 2))
    paste_sprite(img, sprite, xy, ("counter", seat, num, radius), _palette())


def _draw_halo(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: int) -> None:
    r = radius + 6
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=HIGHLIGHT, outline=INK, width=2)


def _draw_flag(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A tiny chequered flag: this rider is over the line."""
    cell = 5
    draw.rectangle((x - 1, y - 1, x + 3 * cell, y + 2 * cell), fill=INK)
    for row in range(2):
        for col in range(3):
            if (row + col) % 2 == 0:
                draw.rectangle(
                    (x + col * cell, y + row * cell, x + col * cell + cell - 1, y + row * cell + cell - 1),
                    fill=(255, 255, 255),
                )


def rider_slots(view: dict) -> list[tuple[dict, int, int]]:
    """(rider, space 0..29, display lane) for every rider still in the race.

    A rider keeps its own lane; only if two riders a lap apart share a space on the oval (d and
    d + 30) does the later one move to a free lane, or inside the track when all four are taken.
    """
    riders = [r for r in view["riders"] if not r["out"]]
    riders.sort(key=lambda r: (-r["d"], r["lane"]))
    taken: dict[int, set[int]] = {}
    slots = []
    for rider in riders:
        space = rider["d"] % SPACES
        used = taken.setdefault(space, set())
        lane = rider["lane"]
        if lane in used or not 0 <= lane < LANES:
            free = [x for x in range(LANES) if x not in used]
            lane = free[0] if free else -1 - sum(1 for x in used if x < 0)
        used.add(lane)
        slots.append((rider, space, lane))
    return slots


def _draw_riders(img: Image.Image, view: dict) -> None:
    draw = ImageDraw.Draw(img)
    current = view.get("current") or {}
    for rider, space, lane in rider_slots(view):
        cx, cy = track_point(space + 0.5, lane_radius(lane))
        if rider["seat"] == current.get("seat") and rider["num"] == current.get("num") and not view.get("over"):
            _draw_halo(draw, cx, cy, COUNTER_R)
        draw_counter(img, rider["seat"], rider["num"], cx, cy)
        if rider["d"] >= SPACES:
            _draw_flag(draw, cx + COUNTER_R - 4, cy - COUNTER_R - 5)


# ---- infield: race, lap, eliminated -------------------------------------------------------------------

# The free middle of the infield, inside the ring of space labels: text stays in here.
INFIELD_BOX = (CX - A - 150, CY - 196, CX + A + 150, CY + 196)


def _lap_text(view: dict, locale: str) -> str:
    if view.get("over"):
        return _label(locale, "game-over")
    if view.get("final_sprint"):
        return _label(locale, "final-sprint")
    return _label(locale, "lap", lap=view["lap"], laps=view["laps"])


def _centred(img: Image.Image, y: float, text: str, size: int, fill=INK, half: float = 230) -> None:
    draw_text(img, CX, y, fit_text(text, size, int(2 * half)), size, fill=fill, anchor="m")


def _draw_infield(img: Image.Image, view: dict, locale: str) -> None:
    draw = ImageDraw.Draw(img)
    _centred(img, CY - 172, _label(locale, "race", race=view["race"], races=view["races"]), TEXT, MUTED, 190)
    sprint = bool(view.get("final_sprint")) and not view.get("over")
    _centred(img, CY - 126, _lap_text(view, locale), 46, SPRINT_RED if sprint else INK, 250)
    finishers = view.get("order") or []
    if view.get("over") and len(finishers) >= 2:
        _draw_podium(img, finishers[:2], locale, CY - 76)
    else:
        left = sum(1 for r in view["riders"] if not r["out"])
        _centred(img, CY - 76, _label(locale, "riders-left", count=left), TEXT, INK, 260)
    _draw_eliminated(img, draw, view.get("eliminated") or [], locale)
    word = _label(locale, "finish") + " →"
    draw_text(img, CX - 10, CY + R_IN - 64, fit_text(word, SMALL, 240), SMALL, fill=MUTED, anchor="l")


def _draw_podium(img: Image.Image, finishers: list, locale: str, y: float) -> None:
    """The last race's winner and second, as words followed by their counters."""
    parts = [(_label(locale, "first"), finishers[0]), (_label(locale, "second"), finishers[1])]
    gap, counter = 28, 2 * COUNTER_R
    total = sum(text_width(word, TEXT) + 8 + counter for word, _who in parts) + gap
    x = CX - total / 2
    for word, (seat, num) in parts:
        x += draw_text(img, x, y, word, TEXT) + 8
        draw_counter(img, seat, num, x + counter / 2, y)
        x += counter + gap


def _draw_eliminated(img: Image.Image, draw: ImageDraw.ImageDraw, eliminated: list, locale: str) -> None:
    top = CY - 30
    draw.line((CX - 230, top - 20, CX + 230, top - 20), fill=INFIELD_LINE, width=2)
    _centred(img, top + 2, _label(locale, "eliminated"), SMALL, MUTED)
    if not eliminated:
        _centred(img, top + 44, "-", TEXT, MUTED)
        return
    # Elimination order reads left to right, top to bottom, like a results sheet.
    columns = min(len(eliminated), 4)
    cell_w, cell_h = 128, 46
    left = CX - columns * cell_w / 2
    for i, (seat, num, points) in enumerate(eliminated):
        row, col = divmod(i, columns)
        x = left + col * cell_w + COUNTER_R + 4
        y = top + 46 + row * cell_h
        draw_counter(img, seat, num, x, y)
        text = fit_text(_label(locale, "points", points=points), SMALL, cell_w - 2 * COUNTER_R - 14)
        draw_text(img, x + COUNTER_R + 5, y, text, SMALL, fill=INK, anchor="l")


# ---- the panel below the track ------------------------------------------------------------------------


def _columns(view: dict) -> list[tuple[str, str]]:
    """(key, heading key) of the score columns worth showing for this match."""
    if view.get("races", 1) > 1:
        cols = [("race_points", "col-race"), ("match_points", "col-match"), ("race_wins", "col-wins")]
    else:
        cols = [("race_points", "col-points")]
    if view.get("bank") is not None:
        cols.append(("bank", "col-bank"))
    if not view.get("over"):
        cols.append(("hand_sizes", "col-cards"))
    return cols


def _winners(view: dict) -> list[int]:
    """Seats on top of the match table: match points, then race wins (the rulebook's tie-break)."""
    keys = [(view["match_points"][s], view["race_wins"][s]) for s in range(view["players"])]
    best = max(keys)
    return [s for s, key in enumerate(keys) if key == best]


def _ranking(view: dict) -> list[tuple[int, int]]:
    """(place, seat) best first, by match points then race wins; equal keys share a place."""
    keys = {s: (view["match_points"][s], view["race_wins"][s]) for s in range(view["players"])}
    seats = sorted(keys, key=lambda s: (-keys[s][0], -keys[s][1], s))
    return [(1 + sum(1 for o in seats if keys[o] > keys[s]), s) for s in seats]


def _find_rider(view: dict, who: dict | list | None) -> dict | None:
    if not who:
        return None
    seat, num = (who["seat"], who["num"]) if isinstance(who, dict) else who
    for rider in view["riders"]:
        if rider["seat"] == seat and rider["num"] == num:
            return rider
    return None


def _current_rider(view: dict) -> dict | None:
    return None if view.get("over") else _find_rider(view, view.get("current"))


def still_to_move(view: dict) -> list[dict]:
    """The riders that move later this turn, in order (the current rider excluded).

    A rider that has not moved yet keeps its place relative to the others that have not moved, so
    the race order of now, filtered, is the turn order taken at the start of the turn.
    """
    if view.get("over"):
        return []
    current = view.get("current") or {}
    waiting = []
    for seat, num in view.get("order") or []:
        rider = _find_rider(view, [seat, num])
        if (
            rider
            and not rider["out"]
            and not rider["moved"]
            and (seat, num) != (current.get("seat"), current.get("num"))
        ):
            waiting.append(rider)
    return waiting


def _status_box(img: Image.Image, y: int, lines: list[tuple[str, int, tuple]], indent: int) -> int:
    draw = ImageDraw.Draw(img)
    box_h = 20 + sum(size + 14 for _text, size, _colour in lines)
    draw.rounded_rectangle((PANEL_X, y, PANEL_RIGHT, y + box_h), radius=12, fill=PANEL_TINT, outline=INK, width=2)
    line_y = y + 12
    for i, (text, size, colour) in enumerate(lines):
        x = PANEL_X + (indent if i == 0 else 16)
        draw_text(img, x, line_y + size / 2 + 2, fit_text(text, size, PANEL_RIGHT - x - 14), size, fill=colour)
        line_y += size + 14
    return y + box_h + 12


def _draw_status(img: Image.Image, view: dict, names: list[str], locale: str, y: int) -> int:
    """Whose turn it is (or who won), in a tinted box; returns the y below it."""
    if view.get("over"):
        winners = ", ".join(_name(names, s, locale) for s in _winners(view))
        lines = [(_label(locale, "winner", names=winners), BIG, INK)]
        return _status_box(img, y, lines, 16)
    rider = _current_rider(view)
    if rider is None:
        return _status_box(img, y, [(_label(locale, "waiting"), BIG, INK)], 16)
    to_move = fit_message(
        lambda name: _label(locale, "to-move", name=name),
        _name(names, rider["seat"], locale),
        BIG,
        PANEL_RIGHT - PANEL_X - 74 - 14,
        lambda text: text_width(text, BIG),
    )
    lines = [
        (to_move, BIG, INK),
        (_label(locale, "rider-on", num=rider["num"], label=space_of(rider["d"])), TEXT, INK),
    ]
    if view.get("finish_crossed"):
        lines.append((_label(locale, "finish-crossed"), SMALL, SPRINT_RED))
    bottom = _status_box(img, y, lines, 74)
    draw = ImageDraw.Draw(img)
    _draw_halo(draw, PANEL_X + 38, y + 32, COUNTER_R)
    draw_counter(img, rider["seat"], rider["num"], PANEL_X + 38, y + 32)
    return bottom


def _draw_still_to_move(img: Image.Image, view: dict, locale: str, y: int) -> int:
    waiting = still_to_move(view)
    if not waiting:
        return y
    mid = y + COUNTER_R + 2
    x = PANEL_X + 4 + draw_text(img, PANEL_X + 4, mid, _label(locale, "then"), TEXT, fill=MUTED) + 16 + COUNTER_R
    for rider in waiting:
        if x > PANEL_RIGHT - COUNTER_R - 40:
            draw_text(img, x - COUNTER_R, mid, "…", TEXT, fill=MUTED)
            break
        draw_counter(img, rider["seat"], rider["num"], x, mid)
        x += 2 * COUNTER_R + 8
    return y + 2 * COUNTER_R + 14


def _draw_scores(img: Image.Image, view: dict, names: list[str], locale: str, y: int) -> int:
    """The teams, best first once the match is over (with their place), else in seat order."""
    draw = ImageDraw.Draw(img)
    cols = _columns(view)
    headings = [_label(locale, heading) for _key, heading in cols]
    widths = [max(70, math.ceil(text_width(h, SMALL)) + 18) for h in headings]
    edges = [PANEL_RIGHT - sum(widths[i:]) for i in range(len(cols))]
    mid = y + 16
    draw_text(
        img, PANEL_X + 4, mid, fit_text(_label(locale, "col-team"), SMALL, edges[0] - PANEL_X - 12), SMALL, fill=MUTED
    )
    for edge, width, heading in zip(edges, widths, headings, strict=True):
        draw_text(img, edge + width / 2, mid, heading, SMALL, fill=MUTED, anchor="m")
    y += 36
    to_move = set(view.get("to_move") or [])
    over = bool(view.get("over"))
    rows = _ranking(view) if over else [(None, seat) for seat in range(view["players"])]
    row_h = 2 * COUNTER_R + 10
    for place, seat in rows:
        mid = y + row_h / 2
        if seat in to_move and not over:
            draw.rounded_rectangle((PANEL_X, y + 1, PANEL_RIGHT, y + row_h - 1), radius=8, fill=ROW_TINT)
        x = PANEL_X + 4
        if place is not None:
            x += draw_text(img, x, mid, f"{place}.", TEXT) + 8
        draw_counter(img, seat, "", x + COUNTER_R, mid)
        x += 2 * COUNTER_R + 10
        draw_text(img, x, mid, fit_text(_name(names, seat, locale), TEXT, edges[0] - x - 8), TEXT)
        for (key, _heading), edge, width in zip(cols, edges, widths, strict=True):
            value = (view.get(key) or [0] * view["players"])[seat]
            draw_text(img, edge + width / 2, mid, str(value), TEXT, fill=INK, anchor="m")
        y += row_h
    if view.get("bank") is not None:
        draw_text(img, PANEL_X + 4, y + 18, _label(locale, "pot", pot=view.get("pot", 0)), TEXT, fill=INK, anchor="l")
        y += 38
    return y + 10


def _event_args(event: dict, names: list[str], locale: str) -> dict[str, Any]:
    """An event's params as its message expects them: names for seats, card codes as "7♥"."""
    args = {}
    for key, value in event.items():
        if key == "type":
            continue
        if (key == "seat" or key.endswith("_seat")) and isinstance(value, int):
            args[key] = _name(names, value, locale)
        elif isinstance(value, list) and value and all(isinstance(v, str) and _is_card(v) for v in value):
            args[key] = cards_text(value)
        elif isinstance(value, list):
            args[key] = ", ".join(str(v) for v in value)
        else:
            args[key] = value
    return args


def _is_card(code: str) -> bool:
    try:
        card_text(code)
    except ValueError:
        return False
    return True


def _played_line(event: dict, names: list[str], locale: str) -> str:
    """The play in words, "Anna: Joker + 7♥, rider 2: 9 → 1", from a ``played`` event."""
    return _label(
        locale,
        "played",
        name=_name(names, event.get("seat", -1), locale),
        cards=cards_text(event["cards"]) if event.get("cards") else "?",
        num=event.get("num", "?"),
        start=event.get("from_space", event.get("from", "?")),
        to=event.get("to_space", event.get("to", "?")),
    )


def last_play_lines(view: dict, names: list[str], locale: str = "en") -> list[str]:
    """The last action in a few short lines: the play itself first, then what it led to.

    Events other than the play itself use the engine's own event messages, so a new event type
    shows up here without a change to the renderer.
    """
    lines = []
    for event in view.get("last") or []:
        if event.get("type") == "played":
            lines.append(_played_line(event, names, locale))
        else:
            msg_id = f"hindmost-event-{event.get('type')}"
            text = tr(locale, msg_id, **_event_args(event, names, locale))
            if text != msg_id:
                lines.append(text)
    return lines


def _draw_last_play(img: Image.Image, view: dict, names: list[str], locale: str, y: int) -> int:
    draw_text(img, PANEL_X + 4, y + 14, _label(locale, "last-play"), SMALL, fill=MUTED, anchor="l")
    y += 36
    for size, row in _last_play_rows(last_play_lines(view, names, locale) or ["-"]):
        draw_text(img, PANEL_X + 4, y + size / 2 + 2, row, size)
        y += size + 12
    return y


LAST_PLAY_ROWS = 5


def _board_height(view: dict) -> int:
    """The tallest the panel gets in this game (the turn box with its line-crossed warning, riders
    still to move, the teams, five rows of the last play, the piles), so every picture of a game
    is one height and the chat does not jump from move to move."""
    status = 20 + (BIG + 14) + (TEXT + 14) + (SMALL + 14) + 12
    still = 2 * COUNTER_R + 14
    scores = 36 + view["players"] * (2 * COUNTER_R + 10) + (38 if view.get("bank") is not None else 0) + 10
    last_play = 36 + 2 * (TEXT + 12) + (LAST_PLAY_ROWS - 2) * (SMALL + 12)
    return TRACK_BOTTOM + 10 + status + still + 4 + scores + last_play + 36 + 12


def _last_play_rows(lines: list[str], max_rows: int = LAST_PLAY_ROWS) -> list[tuple[int, str]]:
    """(size, text) rows: the play itself larger, what followed wrapped below it, at most
    ``max_rows`` rows (the last one says "…" when more was left out)."""
    width = PANEL_RIGHT - PANEL_X - 8
    rows = [(TEXT, row) for row in wrap_text(lines[0], TEXT, width, 2)]
    for line in lines[1:]:
        rows += [(SMALL, row) for row in wrap_text(line, SMALL, width, 2)]
    if len(rows) > max_rows:
        rows = rows[: max_rows - 1] + [(SMALL, "…")]
    return rows


def _draw_panel(img: Image.Image, view: dict, names: list[str], locale: str, y: int) -> int:
    y = _draw_status(img, view, names, locale, y)
    y = _draw_still_to_move(img, view, locale, y)
    y = _draw_scores(img, view, names, locale, y + 4)
    if not view.get("over"):  # at the end the ranking tells the end; the last card is stale
        y = _draw_last_play(img, view, names, locale, y)
        pile = _label(locale, "piles", pile=view.get("draw_pile", 0), discards=view.get("discards", 0))
        draw_text(img, PANEL_X + 4, y + 18, fit_text(pile, SMALL, PANEL_RIGHT - PANEL_X - 8), SMALL, fill=MUTED)
        y += 36
    return y


@lru_cache(maxsize=4)
def _board_start(locale: str) -> Image.Image:
    """An empty board with the track on it, copied per board: the same pixels and palette as a
    new canvas with the layer pasted on, for the price of one copy."""
    img, _draw = new_canvas(WIDTH, MAX_HEIGHT, BACKGROUND, palette=_palette())
    img.paste(_track_layer_on_palette(locale), (0, 0))
    return img


# ---- public API ---------------------------------------------------------------------------------------


def render_board(view: dict, *, names: list[str], locale: str = "en") -> bytes:
    """The public board as PNG bytes (1080 wide, portrait): track, riders, eliminated riders, scores."""
    # The canvas is as tall as any board may be, and only the rows down to the game's board height
    # are written (``_board_height``: the same for every move of a game). The track with its
    # labels is one layer, drawn once per language and mapped onto the palette once; counters are
    # mapped once per ground and text edges take their shades from the ramps.
    img = copy_canvas(_board_start(locale))  # one copy, not a new canvas filled and the track pasted on
    if layout.is_recording():  # the layer's labels, reported for the layout checks
        _draw_space_labels(Image.new("RGB", (WIDTH, TRACK_BOTTOM + 10), BACKGROUND))
    _draw_infield(img, view, locale)
    _draw_riders(img, view)
    bottom = _draw_panel(img, view, names, locale, TRACK_BOTTOM + 10)
    return to_png(img, height=max(bottom + 12, _board_height(view)))


def render_hand(view: dict, *, names: list[str], locale: str = "en") -> bytes:
    """The viewer's own hand as cards, under a line saying which rider moves now."""
    if not view.get("private") or view.get("viewer") is None:
        raise ValueError("render_hand needs a seat's own view (with its hand)")
    hand = list(view["private"]["hand"])
    seat = view["viewer"]
    w, h, columns, _rows = card_grid_size(max(len(hand), 5))
    pad, gap = 24, 16
    lines = hand_status(view, names, locale)
    line_h = 2 * COUNTER_R + 12
    header = 64 + line_h * len(lines)
    width = 2 * pad + columns * w + (columns - 1) * gap
    img, _draw = new_canvas(width, pad + header + h + pad, BACKGROUND, palette=_palette())
    draw_counter(img, seat, "", pad + COUNTER_R, pad + 20)
    title = fit_message(
        lambda name: _label(locale, "hand-title", name=name),
        _name(names, seat, locale),
        BIG,
        width - 2 * pad - 48,
        lambda text: text_width(text, BIG),
    )
    draw_text(img, pad + 2 * COUNTER_R + 10, pad + 20, fit_text(title, BIG, width - 2 * pad - 48), BIG)
    draw = ImageDraw.Draw(img)
    for i, (text, rider) in enumerate(lines):
        y = pad + 64 + line_h * i + line_h / 2
        x = pad
        if rider is not None:
            if rider["seat"] == seat and i == 0:
                _draw_halo(draw, x + COUNTER_R + 4, y, COUNTER_R)
            draw_counter(img, rider["seat"], rider["num"], x + COUNTER_R + 4, y)
            x += 2 * COUNTER_R + 18
        draw_text(img, x, y, fit_text(text, TEXT, width - pad - x), TEXT)
    if hand:
        for i, code in enumerate(hand):
            x = pad + i * (w + gap)
            img.paste(_card_on_palette(code, w, h), (x, pad + header))
            spot(f"card:{code}", (x, pad + header, x + w, pad + header + h))
    else:
        draw.rounded_rectangle((pad, pad + header, pad + w, pad + header + h), radius=10, outline=MUTED, width=2)
    return to_png(img)


@lru_cache(maxsize=256)
def _card_on_palette(code: str, w: int, h: int) -> Image.Image:
    """A card of the hand, drawn once and mapped onto the palette once: hands repeat their cards."""
    tile = Image.new("RGB", (w, h), BACKGROUND)
    draw_card_row(tile, 0, 0, [code], w, h)
    return tile.quantize(palette=_palette(), dither=Image.Dither.NONE)


def hand_status(view: dict, names: list[str], locale: str = "en") -> list[tuple[str, dict | None]]:
    """Lines for the hand picture, each with the rider it is about (or None)."""
    if view.get("over"):
        return [(_label(locale, "game-over"), None)]
    if not view["private"]["hand"]:
        return [(_label(locale, "hand-empty"), None)]
    rider = _current_rider(view)
    if rider is None:
        return [(_label(locale, "waiting"), None)]
    if rider["seat"] == view["viewer"]:
        return [(_label(locale, "hand-your-move", num=rider["num"], label=space_of(rider["d"])), rider)]
    room = card_grid_size(max(len(view["private"]["hand"]), 5))
    room = room[2] * room[0] + (room[2] - 1) * 16 - 2 * COUNTER_R - 18  # as render_hand lays it out
    waiting = fit_message(
        lambda name: _label(locale, "hand-waiting", name=name, num=rider["num"]),
        _name(names, rider["seat"], locale),
        TEXT,
        room,
        lambda text: text_width(text, TEXT),
    )
    lines = [(waiting, rider)]
    own_next = next((r for r in still_to_move(view) if r["seat"] == view["viewer"]), None)
    if own_next is not None:
        lines.append((_label(locale, "hand-next", num=own_next["num"], label=space_of(own_next["d"])), own_next))
    return lines


def action_label(view: dict, action: str, locale: str = "en") -> str:
    """A button label such as "7♥: rider 2 → 6 (+3)": the cards, which rider, where it lands and
    how far. The engine's view says what each play does (``plays``); the renderer adds no rules."""
    text = cards_text(action)
    play = ((view.get("private") or {}).get("plays") or {}).get(action)
    if play is None:
        return text[:80]
    args = {"cards": text, "num": play["num"], "to": play.get("to_space", play["to"]), "spaces": play["spaces"]}
    if play["blocked"]:
        label = _label(locale, "move-blocked", full=play.get("target_space", play["target"]), **args)
    else:
        label = _label(locale, "move", **args)
    if play["crosses"]:
        label += " 🏁"
    return label[:80]

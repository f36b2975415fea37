"""Pictures and button labels for Das glorreiche Manöver, drawn from a view only.

The route is drawn ten fields a row (1-10 on the first row, 81-84 on the last), the rows shaded
light and dark by turns so the tens read at a glance, as on the board. A stack is drawn bottom to
top as on the table; the recruits the player to move must still move carry a gold ring and their
maximum distance in a yellow tag at the cell's lower right. The side panel holds the courtyard's
places 12..1, the scores so far and the list of recruits still to move with their factors.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.manoever import COURTYARD, FIRST_PLACE, LAST_FIELD
from locales import tr
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    SEAT_SHAPES,
    draw_shape,
    drawable,
    font,
    new_canvas,
    seat_colour,
    text_colour_on,
    to_png,
)

WIDTH, HEIGHT = 1200, 850
HEADER = 58
COLUMNS = 10
CELL_W, CELL_H = 78, 86
BOARD_X, BOARD_Y = 14, HEADER + 2
PANEL_X = BOARD_X + COLUMNS * CELL_W + 18
PANEL_W = WIDTH - PANEL_X - 14

LIGHT_TEN = (238, 229, 203)
DARK_TEN = (208, 193, 158)
GRID = (150, 135, 105)
GOLD = (240, 190, 20)
TAG = (255, 226, 80)
REWARD_GREY = (160, 160, 160)
PANEL_BG = (252, 250, 244)
NUMBER_INK = (90, 80, 60)
COURTYARD_CELL = (232, 226, 212)
TO_MOVE_BG = (255, 240, 170)

MARKER_R = 15
STACK_STEP = 25
_SHORT_NAME = 20


# ---- geometry ---------------------------------------------------------------------------


def cell_box(field: int) -> tuple[int, int, int, int]:
    row, col = divmod(field - 1, COLUMNS)
    x, y = BOARD_X + col * CELL_W, BOARD_Y + row * CELL_H
    return x, y, x + CELL_W, y + CELL_H


def marker_centre(field: int, height: int) -> tuple[int, int]:
    """Stacks stand in the cell's left part; its right column holds number, stone and tag."""
    x0, _y0, _x1, y1 = cell_box(field)
    return x0 + 28, y1 - 18 - height * STACK_STEP


# ---- text, limited to what the font can draw ----------------------------------------------


def _t(locale: str, msg_id: str, **args: Any) -> str:
    return drawable(tr(locale, msg_id, **args))


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: float) -> str:
    """``text`` cut to ``width`` pixels, with a trailing dot when cut."""
    if draw.textlength(text, font=font(size)) <= width:
        return text
    while text and draw.textlength(text + ".", font=font(size)) > width:
        text = text[:-1]
    return text + "."


# ---- a fixed palette: PNG-encoding 8-bit pixels is several times faster than RGB ------------

_BACKGROUNDS = (
    BACKGROUND,
    LIGHT_TEN,
    DARK_TEN,
    PANEL_BG,
    TO_MOVE_BG,
    COURTYARD_CELL,
    TAG,
    REWARD_GREY,
    (255, 255, 255),
)


def _blend(ground: tuple[int, int, int], ink: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    red, green, blue = (round(g + (i - g) * t) for g, i in zip(ground, ink, strict=True))
    return red, green, blue


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """Every colour drawn, plus the anti-aliasing ramps of text (shapes and lines are not smoothed)."""
    seats = [seat_colour(seat) for seat in range(4)]
    colours = [*_BACKGROUNDS, INK, MUTED, GRID, GOLD, NUMBER_INK, *seats]
    ramps = [(ink, ground) for ink in (INK, MUTED, NUMBER_INK) for ground in _BACKGROUNDS]
    ramps += [((255, 255, 255), ground) for ground in (*seats, INK)]
    ramps += [(INK, ground) for ground in seats]
    for ink, ground in ramps:
        colours += [_blend(ground, ink, t / 5) for t in range(1, 5)]
    colours = list(dict.fromkeys(colours))
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in colours for channel in colour])
    return image


def _encode(img: Image.Image) -> bytes:
    return to_png(img.quantize(palette=_palette(), dither=Image.Dither.NONE))


# ---- the static board (cached: it never changes) ---------------------------------------


@lru_cache(maxsize=1)
def _board_background() -> Image.Image:
    img, draw = new_canvas(WIDTH, HEIGHT, BACKGROUND)
    for field in range(1, LAST_FIELD + 1):
        shade = LIGHT_TEN if ((field - 1) // 10) % 2 == 0 else DARK_TEN
        x0, y0, x1, y1 = cell_box(field)
        draw.rectangle((x0, y0, x1, y1), fill=shade, outline=GRID, width=1)
        draw.text((x1 - 4, y0 + 3), str(field), font=font(16), fill=NUMBER_INK, anchor="ra")
    draw.rectangle((PANEL_X - 6, BOARD_Y, WIDTH - 8, HEIGHT - 10), fill=PANEL_BG, outline=GRID, width=1)
    return img


# ---- pieces ------------------------------------------------------------------------------


def draw_recruit(draw: ImageDraw.ImageDraw, seat: int, number: int, cx: float, cy: float, r: float = MARKER_R) -> None:
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    colour = seat_colour(seat)
    size = int(r * 1.15)
    if shape == "triangle":
        # A triangle is wide only near its base: draw it larger and lower, the number in its wide part.
        cy += r * 0.2
        draw_shape(draw, shape, cx, cy, r * 1.3, colour)
        cy += r * 0.15
        size = int(r * 1.0)
    else:
        draw_shape(draw, shape, cx, cy, r, colour)
    draw.text((cx, cy), str(number), font=font(size), fill=text_colour_on(colour), anchor="mm")


def draw_recruit_shape(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float = 14) -> None:
    draw_shape(draw, SEAT_SHAPES[seat % len(SEAT_SHAPES)], cx, cy, r, seat_colour(seat))


def draw_bonus(draw: ImageDraw.ImageDraw, cx: float, cy: float, factor: int, r: int = 12) -> None:
    black = factor == 3
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK if black else (255, 255, 255), outline=INK, width=2)
    draw.text((cx, cy), f"x{factor}", font=font(13), fill=(255, 255, 255) if black else INK, anchor="mm")


def draw_reward(draw: ImageDraw.ImageDraw, cx: float, cy: float, value: int, r: int = 11) -> None:
    draw.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=4, fill=REWARD_GREY, outline=INK, width=2)
    draw.text((cx, cy), str(value), font=font(16), fill=INK, anchor="mm")


def draw_tag(draw: ImageDraw.ImageDraw, right: float, bottom: float, text: str) -> None:
    width = draw.textlength(text, font=font(15)) + 8
    draw.rounded_rectangle((right - width, bottom - 19, right, bottom), radius=4, fill=TAG, outline=INK, width=1)
    draw.text((right - width / 2, bottom - 9), text, font=font(15), fill=INK, anchor="mm")


# ---- the board ---------------------------------------------------------------------------


def _stones(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    for stone in view["bonus"]:
        _x0, y0, x1, _y1 = cell_box(stone["field"])
        draw_bonus(draw, x1 - 14, y0 + 37, stone["factor"])
    for stone in view["rewards"]:
        _x0, y0, x1, _y1 = cell_box(stone["field"])
        draw_reward(draw, x1 - 14, y0 + 37, stone["value"])


def _last_move(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Outline where the latest move started (thin) and where it landed (thick, mover's colour)."""
    for event in view["last"]:
        if event["type"] not in ("move", "arrive"):
            continue
        colour = seat_colour(event["seat"])
        x0, y0, x1, y1 = cell_box(event["from"])
        draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=colour, width=2)
        if event["type"] == "move":
            x0, y0, x1, y1 = cell_box(event["to"])
            draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=colour, width=5)


def _stacks(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    must_move = {entry["field"]: entry for entry in view["pending"]}
    for stack in view["stacks"]:
        field = stack["field"]
        recruits = stack["recruits"]
        if field in must_move:
            cx, cy = marker_centre(field, len(recruits) - 1)
            draw.ellipse((cx - 22, cy - 22, cx + 22, cy + 22), outline=GOLD, width=5)
        for height, recruit in enumerate(recruits):
            cx, cy = marker_centre(field, height)
            draw_recruit(draw, recruit["seat"], recruit["recruit"], cx, cy)
        if field in must_move:
            _x0, _y0, x1, y1 = cell_box(field)
            draw_tag(draw, x1 - 3, y1 - 3, str(must_move[field]["max"]))


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], locale: str) -> None:
    title = f"{_t(locale, 'manoever-name')}  ·  {_t(locale, 'manoever-label-turn', turn=view['turn'])}"
    draw.text((BOARD_X, HEADER // 2 + 2), title, font=font(28), fill=INK, anchor="lm")
    if view["over"]:
        winner = view["result"]["placements"].index(1)
        text, seat = _t(locale, "manoever-label-winner", name=_name(names, winner)), winner
    else:
        seat = view["mover"]
        text = _t(locale, "manoever-label-to-move", name=_name(names, seat))
    right = WIDTH - 16
    draw.text((right, HEADER // 2 + 2), text, font=font(28), fill=INK, anchor="rm")
    width = draw.textlength(text, font=font(28))
    draw_recruit_shape(draw, seat, right - width - 24, HEADER // 2 + 2)


# ---- the side panel ----------------------------------------------------------------------


def _courtyard(draw: ImageDraw.ImageDraw, view: dict[str, Any], locale: str, top: int) -> int:
    draw.text((PANEL_X, top), _t(locale, "manoever-label-courtyard"), font=font(24), fill=INK)
    by_place = {entry["place"]: entry for entry in view["courtyard"]}
    last_place = next((e["place"] for e in view["last"] if e["type"] in ("arrive", "last")), None)
    cell_w, cell_h = PANEL_W // 4, 56
    y = top + 34
    for index, place in enumerate(range(FIRST_PLACE, 0, -1)):
        row, col = divmod(index, 4)
        x0, y0 = PANEL_X + col * cell_w, y + row * cell_h
        outline = GOLD if place == last_place else GRID
        draw.rectangle((x0, y0, x0 + cell_w - 6, y0 + cell_h - 6), fill=COURTYARD_CELL, outline=outline, width=3)
        draw.text((x0 + 6, y0 + 4), str(place), font=font(20), fill=MUTED)
        if place in by_place:
            entry = by_place[place]
            draw_recruit(draw, entry["seat"], entry["recruit"], x0 + cell_w - 28, y0 + cell_h // 2 - 3, 16)
    return y + 3 * cell_h + 10


def _scores(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], locale: str, top: int) -> int:
    draw.text((PANEL_X, top), _t(locale, "manoever-label-scores"), font=font(24), fill=INK)
    y = top + 34
    for seat in range(view["players"]):
        if seat == view["mover"]:
            draw.rectangle((PANEL_X - 4, y - 2, PANEL_X + PANEL_W, y + 34), fill=TO_MOVE_BG)
        draw_recruit_shape(draw, seat, PANEL_X + 14, y + 16, 13)
        name = _name(names, seat)
        if view["over"]:
            name = f"{view['result']['placements'][seat]}. {name}"
        bonus = sum(view["rewards_taken"][seat])
        points = _t(locale, "manoever-label-points", points=view["scores"][seat])
        if bonus:
            points = f"{points} ({_t(locale, 'manoever-label-reward-points', points=bonus)})"
        draw.text((PANEL_X + PANEL_W - 6, y + 16), points, font=font(22), fill=INK, anchor="rm")
        room = PANEL_W - 36 - draw.textlength(points, font=font(22)) - 16
        draw.text((PANEL_X + 36, y + 16), _fit(draw, name, 22, room), font=font(22), fill=INK, anchor="lm")
        y += 38
    return y + 10


def _pending(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], locale: str, top: int) -> int:
    if view["over"]:
        return top
    title = _t(locale, "manoever-label-must-move", name=_name(names, view["mover"]))
    draw.text((PANEL_X, top), _fit(draw, title, 22, PANEL_W), font=font(22), fill=INK)
    y = top + 32
    if not view["pending"]:
        draw.text((PANEL_X, y), _t(locale, "manoever-label-all-moved"), font=font(20), fill=MUTED)
        return y + 30
    for entry in view["pending"]:
        cx, cy = PANEL_X + 16, y + 15
        draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), outline=GOLD, width=4)
        draw_recruit(draw, view["mover"], entry["recruit"], cx, cy, 13)
        line = _t(locale, "manoever-label-pending", recruit=entry["recruit"], field=entry["field"], max=entry["max"])
        draw.text((PANEL_X + 42, cy), line, font=font(21), fill=INK, anchor="lm")
        factors = _t(
            locale, "manoever-label-factors", rank=entry["rank"], passenger=entry["passenger"], bonus=entry["bonus"]
        )
        draw.text((PANEL_X + PANEL_W - 6, cy), factors, font=font(19), fill=MUTED, anchor="rm")
        y += 34
    return y + 8


def _legend(draw: ImageDraw.ImageDraw, locale: str) -> None:
    """In the empty end of the last row: where the route goes after 84, and what the stones mean."""
    x0, y0, _x1, y1 = cell_box(LAST_FIELD)
    x = x0 + CELL_W + 18
    draw.text((x, y0 + 20), _t(locale, "manoever-label-after-84"), font=font(22), fill=INK, anchor="lm")
    y = y1 - 22
    draw_bonus(draw, x + 12, y, 3)
    draw.text((x + 30, y), _t(locale, "manoever-label-legend-black"), font=font(18), fill=INK, anchor="lm")
    x += 150
    draw_bonus(draw, x + 12, y, 2)
    draw.text((x + 30, y), _t(locale, "manoever-label-legend-white"), font=font(18), fill=INK, anchor="lm")
    x += 140
    draw_reward(draw, x + 12, y, 2)
    draw.text((x + 30, y), _t(locale, "manoever-label-legend-reward"), font=font(18), fill=INK, anchor="lm")


def _name(names: list[str], seat: int) -> str:
    name = names[seat] if seat < len(names) and names[seat] else f"#{seat + 1}"
    return drawable(name if len(name) <= _SHORT_NAME else name[: _SHORT_NAME - 1] + ".")


# ---- public API ----------------------------------------------------------------------------


def render_board(view: dict[str, Any], *, names: list[str], locale: str = "en") -> bytes:
    img = _board_background().copy()
    draw = ImageDraw.Draw(img)
    _stones(draw, view)
    _last_move(draw, view)
    _stacks(draw, view)
    _header(draw, view, names, locale)
    y = _courtyard(draw, view, locale, BOARD_Y + 8)
    y = _scores(draw, view, names, locale, y)
    _pending(draw, view, names, locale, y)
    _legend(draw, locale)
    return _encode(img)


def _parse(action: str) -> tuple[int, int] | None:
    recruit, _, distance = action.partition("-")
    if not (recruit.isdigit() and distance.isdigit()):
        return None
    return int(recruit), int(distance)


def _entry(view: dict[str, Any], recruit: int) -> dict[str, Any] | None:
    return next((e for e in view["pending"] if e["recruit"] == recruit), None)


def action_group(view: dict[str, Any], action: str, locale: str = "en") -> str:
    """First choice: which recruit, e.g. "Recruit 3 on 41 (max 15)"."""
    parsed = _parse(action)
    entry = _entry(view, parsed[0]) if parsed else None
    if entry is None:
        return action
    return tr(locale, "manoever-label-group", recruit=entry["recruit"], field=entry["field"], max=entry["max"])[:60]


def action_label(view: dict[str, Any], action: str, locale: str = "en") -> str:
    """Second choice: where to, e.g. "→ 56 (15) ★2", "→ 40 (6) ×3 on 1", "→ courtyard, place 12 (9)"."""
    parsed = _parse(action)
    entry = _entry(view, parsed[0]) if parsed else None
    if entry is None or parsed is None:
        return action
    distance = parsed[1]
    target = entry["field"] + distance
    if target >= COURTYARD:
        place = FIRST_PLACE - len(view["courtyard"])
        return tr(locale, "manoever-label-home", place=place, distance=distance)[:60]
    parts = [tr(locale, "manoever-label-target", field=target, distance=distance)]
    reward = next((s["value"] for s in view["rewards"] if s["field"] == target), None)
    if reward is not None:
        parts.append(f"★{reward}")
    bonus = next((s["factor"] for s in view["bonus"] if s["field"] == target), None)
    if bonus is not None:
        parts.append(f"×{bonus}")
    below = next((len(s["recruits"]) for s in view["stacks"] if s["field"] == target), 0)
    if below:
        parts.append(tr(locale, "manoever-label-onto", count=below))
    return " ".join(parts)[:60]

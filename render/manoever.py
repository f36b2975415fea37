"""Pictures and button labels for Das glorreiche Manöver, drawn from a view only.

Portrait, for phones (1080 wide, at most about 4:5 tall). The route is drawn ten fields a row, the
rows shaded light and dark by turns so the tens read at a glance, as on the board. Only the part of
the route that matters is drawn full size: rows behind the hindmost recruit are left out (recruits
only move forward), rows holding recruits are drawn in full, and runs of rows without recruits are
folded into a thin strip that names its fields and stones. A stack is drawn bottom to top as on the
table; the recruits the player to move must still move carry a gold ring and their maximum
distance in a yellow tag at the cell's lower right. Below the route: the courtyard's places 12..1,
the scores (the full ranking once the game is over), the recruits still to move and a legend.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.manoever import COURTYARD, FIRST_PLACE, LAST_FIELD, PLAN_JOIN
from engines.manoever_plans import plan_moves
from engines.manoever_plans import turn_plans as turn_plans  # the registry's Extras.PLANS part
from locales import tr
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    SEAT_SHAPES,
    WHITE,
    cached_palette,
    draw_shape,
    drawable,
    fit_message,
    fit_width,
    font,
    label,
    name_text,
    new_canvas,
    palette,
    seat_colour,
    text_colour_on,
    to_png,
)
from render.manoever_taps import action_spots as action_spots  # the registry's Extras.TAPS part
from render.spots import spot
from render.type_scale import SMALL, TEXT

WIDTH = 1080
TARGET_HEIGHT = 1350  # 4:5, the tallest shape a phone still shows at full width
MARGIN = 16
COLUMNS = 10
ROWS = (LAST_FIELD + COLUMNS - 1) // COLUMNS
CELL_W = (WIDTH - 2 * MARGIN) // COLUMNS
CELL_H_MAX, CELL_H_MIN = 110, 94
CELL_H_CROWDED = 84  # rows with recruits are never lower: a stack of three still fits its field
FOLD_H = 48
HEADER = 64

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

MARKER_R = 19  # 38 px across: 14 px on a 400 px-wide phone
STONE_R = 18
STACK_STEP = 25
RECRUIT_X = 30  # a stack's recruits stand this far right of their field's left edge


# ---- text, limited to what the font can draw ----------------------------------------------


def _t(locale: str, msg_id: str, **args: Any) -> str:
    return drawable(tr(locale, msg_id, **args))


# ---- a fixed palette: drawn straight onto it, no mapping needed ----------------------------

_BACKGROUNDS = (
    BACKGROUND,
    LIGHT_TEN,
    DARK_TEN,
    PANEL_BG,
    TO_MOVE_BG,
    COURTYARD_CELL,
    TAG,
    REWARD_GREY,
    WHITE,
)


@cached_palette
def _palette() -> Image.Image:
    """Every colour drawn, plus the anti-aliasing ramps of text (shapes and lines are not smoothed)."""
    seats = tuple(seat_colour(seat) for seat in range(4))
    named = (*_BACKGROUNDS, INK, MUTED, GRID, GOLD, NUMBER_INK, *seats)
    return palette(named, (INK, MUTED, NUMBER_INK, WHITE), (*_BACKGROUNDS, *seats, INK))


# ---- pieces ------------------------------------------------------------------------------


def draw_recruit(draw: ImageDraw.ImageDraw, seat: int, number: int, cx: float, cy: float, r: float = MARKER_R) -> None:
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    colour = seat_colour(seat)
    size = round(r * 1.3)
    if shape == "triangle":
        # A triangle is wide only near its base: draw it larger and lower, the number in its wide part.
        cy += r * 0.2
        draw_shape(draw, shape, cx, cy, r * 1.3, colour)
        cy += r * 0.15
        size = round(r * 1.1)
    else:
        draw_shape(draw, shape, cx, cy, r, colour)
    label(draw, (cx, cy), str(number), size, text_colour_on(colour), anchor="mm", report=False)


def draw_recruit_shape(draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float = MARKER_R) -> None:
    draw_shape(draw, SEAT_SHAPES[seat % len(SEAT_SHAPES)], cx, cy, r, seat_colour(seat))


def draw_bonus(draw: ImageDraw.ImageDraw, cx: float, cy: float, factor: int, r: int = STONE_R) -> None:
    """A round stone, black (x3) or white (x2), with its factor: shade and number both tell it."""
    black = factor == 3
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK if black else (255, 255, 255), outline=INK, width=2)
    label(draw, (cx, cy), str(factor), SMALL, (255, 255, 255) if black else INK, anchor="mm", report=False)


def draw_reward(draw: ImageDraw.ImageDraw, cx: float, cy: float, value: int, r: int = STONE_R) -> None:
    """A square grey stone with its points: square, so it never reads as a bonus stone."""
    draw.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=4, fill=REWARD_GREY, outline=INK, width=2)
    label(draw, (cx, cy), str(value), SMALL, INK, anchor="mm", report=False)


def draw_tag(draw: ImageDraw.ImageDraw, right: float, bottom: float, text: str, within=None) -> None:
    width = draw.textlength(text, font=font(SMALL)) + 10
    draw.rounded_rectangle((right - width, bottom - 30, right, bottom), radius=4, fill=TAG, outline=INK, width=1)
    label(draw, (right - width / 2, bottom - 15), text, SMALL, anchor="mm", within=within)


def _stone_at(view: dict[str, Any], field: int) -> tuple[str, int] | None:
    for stone in view["bonus"]:
        if stone["field"] == field:
            return "bonus", stone["factor"]
    for stone in view["rewards"]:
        if stone["field"] == field:
            return "reward", stone["value"]
    return None


def _draw_stone(draw: ImageDraw.ImageDraw, stone: tuple[str, int], cx: float, cy: float) -> None:
    (draw_bonus if stone[0] == "bonus" else draw_reward)(draw, cx, cy, stone[1])


# ---- which rows of the route are drawn, and how tall -------------------------------------


def _row_of(field: int) -> int:
    return (field - 1) // COLUMNS


def _items(full: set[int]) -> list[tuple[str, int, int]]:
    """Full rows from the first of ``full`` to the end, the runs between them folded."""
    items: list[tuple[str, int, int]] = []
    row = min(full)
    while row < ROWS:
        if row in full:
            items.append(("full", row, row))
            row += 1
            continue
        start = row
        while row < ROWS and row not in full:
            row += 1
        items.append(("fold", start, row - 1))
    return items


def _cell_height(items: list[tuple[str, int, int]], budget: float) -> float:
    folds = sum(1 for kind, _a, _b in items if kind == "fold")
    return (budget - folds * FOLD_H) / (len(items) - folds)


def route_rows(view: dict[str, Any], budget: float) -> tuple[list[tuple[str, int, int]], int]:
    """(("full", row, row) or ("fold", first, last)) to the end of the route, and the height of a
    full row, filling ``budget`` pixels so the picture keeps one height all game. Rows with
    recruits are full; then, while rows stay at least ``CELL_H_MIN`` tall, the row after each
    (where most moves land), the rows further ahead, and the rows behind the hindmost recruit. With
    no recruit on the route (the end) the whole route is drawn: the board never disappears."""
    occupied = {_row_of(stack["field"]) for stack in view["stacks"]}
    if not occupied:
        items = [("full", row, row) for row in range(ROWS)]
        return items, int(max(CELL_H_CROWDED, min(CELL_H_MAX, budget / ROWS)))
    hindmost = min(occupied)
    wanted = sorted({r + 1 for r in occupied if r + 1 < ROWS} - occupied)
    wanted += [r for r in range(hindmost, ROWS) if r not in occupied and r not in wanted]
    wanted += list(range(hindmost - 1, -1, -1))
    full = set(occupied)
    for row in wanted:
        if _cell_height(_items(full | {row}), budget) < CELL_H_MIN:
            break
        full.add(row)
    items = _items(full)
    return items, int(max(CELL_H_CROWDED, min(CELL_H_MAX, _cell_height(items, budget))))


# ---- the route ---------------------------------------------------------------------------


def _route_height(items: list[tuple[str, int, int]], cell_h: int) -> int:
    return sum(FOLD_H if kind == "fold" else cell_h for kind, _first, _last in items)


def _draw_route(draw: ImageDraw.ImageDraw, view: dict[str, Any], locale: str, top: int, rows: tuple[list, int]) -> int:
    items, cell_h = rows
    boxes: dict[int, tuple[int, int, int, int]] = {}
    y = top
    for kind, first, last in items:
        if kind == "fold":
            _draw_fold(draw, view, locale, first, last, y)
            y += FOLD_H
            continue
        for col in range(COLUMNS):
            field = first * COLUMNS + col + 1
            x0 = MARGIN + col * CELL_W
            if field > LAST_FIELD:
                if col == LAST_FIELD % COLUMNS:  # the empty end of the last row says where the route goes
                    box = (x0 + 12, y, WIDTH - MARGIN, y + cell_h)
                    text = fit_width(_t(locale, "manoever-label-after-84"), TEXT, box[2] - box[0])
                    label(draw, (box[0], y + cell_h / 2), text, TEXT, within=box)
                continue
            box = (x0, y, x0 + CELL_W, y + cell_h)
            boxes[field] = box
            # The part right of the recruits' markers, so a field never covers the recruit on it.
            spot(f"field:{field}", (x0 + RECRUIT_X + MARKER_R + 3, y, x0 + CELL_W, y + cell_h))
            shade = LIGHT_TEN if first % 2 == 0 else DARK_TEN
            draw.rectangle(box, fill=shade, outline=GRID, width=1)
            label(draw, (box[2] - 6, y + 4), str(field), SMALL, NUMBER_INK, anchor="ra", within=box)
            stone = _stone_at(view, field)
            if stone is not None:
                _draw_stone(draw, stone, box[2] - 24, y + 46)
        y += cell_h
    if not view["over"]:
        _last_move(draw, view, boxes)
    _stacks(draw, view, boxes)
    return y


def _draw_fold(draw: ImageDraw.ImageDraw, view: dict[str, Any], locale: str, first: int, last: int, y: int) -> None:
    """A run of rows without recruits, folded to one strip that says so in words, then its stones
    with their fields ("stones on 25 (3) 32 (2)"), and how many more when they do not all fit."""
    low, high = first * COLUMNS + 1, min(LAST_FIELD, (last + 1) * COLUMNS)
    box = (MARGIN, y + 4, WIDTH - MARGIN, y + FOLD_H - 4)
    draw.rectangle(box, fill=LIGHT_TEN if first % 2 == 0 else DARK_TEN, outline=GRID, width=1)
    mid = y + FOLD_H / 2
    stones = [(field, stone) for field in range(low, high + 1) if (stone := _stone_at(view, field)) is not None]
    words = _t(locale, "manoever-label-fold", first=low, last=high, stones=len(stones))
    x = label(draw, (MARGIN + 10, mid), words, SMALL, NUMBER_INK, within=box)[2] + 14
    for index, (field, stone) in enumerate(stones):
        more = _t(locale, "manoever-label-fold-more", count=len(stones) - index)
        width = draw.textlength(str(field), font=font(SMALL)) + 8 + 2 * STONE_R
        if index < len(stones) - 1:
            width += 18 + draw.textlength(more, font=font(SMALL))  # room to say what is left out
        if x + width > box[2] - 8:
            label(draw, (x, mid), more, SMALL, NUMBER_INK, within=box)
            break
        x = label(draw, (x, mid), str(field), SMALL, NUMBER_INK, within=box)[2] + 6
        _draw_stone(draw, stone, x + STONE_R, mid)
        x += 2 * STONE_R + 18


def _last_move(draw: ImageDraw.ImageDraw, view: dict[str, Any], boxes: dict) -> None:
    """Outline where the latest move started (thin) and where it landed (thick, mover's colour)."""
    for event in view["last"]:
        if event["type"] not in ("move", "arrive"):
            continue
        colour = seat_colour(event["seat"])
        if event["from"] in boxes:
            x0, y0, x1, y1 = boxes[event["from"]]
            draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=colour, width=2)
        if event["type"] == "move" and event["to"] in boxes:
            x0, y0, x1, y1 = boxes[event["to"]]
            draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=colour, width=5)


def _stacks(draw: ImageDraw.ImageDraw, view: dict[str, Any], boxes: dict) -> None:
    must_move = {entry["field"]: entry for entry in view["pending"]}
    for stack in view["stacks"]:
        field = stack["field"]
        if field not in boxes:
            continue
        x0, _y0, x1, y1 = boxes[field]
        recruits = stack["recruits"]
        centres = [(x0 + RECRUIT_X, y1 - 22 - height * STACK_STEP) for height in range(len(recruits))]
        if field in must_move:
            cx, cy = centres[-1]
            ring = MARKER_R + 6
            draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=GOLD, width=5)
        for (cx, cy), recruit in zip(centres, recruits, strict=True):
            draw_recruit(draw, recruit["seat"], recruit["recruit"], cx, cy)
        top_cx, top_cy = centres[-1]  # only the top recruit may move
        top = recruits[-1]
        spot(
            f"recruit:{top['seat']}-{top['recruit']}",
            (top_cx - MARKER_R, top_cy - MARKER_R, top_cx + MARKER_R, top_cy + MARKER_R),
        )
        if field in must_move:
            draw_tag(draw, x1 - 3, y1 - 3, str(must_move[field]["max"]), within=boxes[field])


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], locale: str) -> None:
    mid = HEADER / 2
    turn = label(draw, (MARGIN, mid), _t(locale, "manoever-label-turn", turn=view["turn"]), TEXT, MUTED)
    if view["over"]:
        seat, msg_id = view["result"]["placements"].index(1), "manoever-label-winner"
    else:
        seat, msg_id = view["mover"], "manoever-label-to-move"
    left = turn[2] + 24
    draw_recruit_shape(draw, seat, left + MARKER_R, mid)
    x = left + 2 * MARKER_R + 12
    text = fit_message(lambda name: _t(locale, msg_id, name=name), _name(names, seat), 32, WIDTH - MARGIN - x)
    label(draw, (x, mid), text, 32)


# ---- below the route ---------------------------------------------------------------------


def _courtyard(draw: ImageDraw.ImageDraw, view: dict[str, Any], locale: str, top: int) -> int:
    label(draw, (MARGIN, top + 18), _t(locale, "manoever-label-courtyard"), TEXT)
    by_place = {entry["place"]: entry for entry in view["courtyard"]}
    last_place = None
    if not view["over"]:
        last_place = next((e["place"] for e in view["last"] if e["type"] in ("arrive", "last")), None)
    cell_w, cell_h = (WIDTH - 2 * MARGIN) // FIRST_PLACE, 84
    y = top + 40
    spot("courtyard", (MARGIN, y, MARGIN + FIRST_PLACE * cell_w - 6, y + cell_h))
    for index, place in enumerate(range(FIRST_PLACE, 0, -1)):
        x0 = MARGIN + index * cell_w
        box = (x0, y, x0 + cell_w - 6, y + cell_h)
        outline = GOLD if place == last_place else GRID
        draw.rectangle(box, fill=COURTYARD_CELL, outline=outline, width=3)
        label(draw, (x0 + 6, y + 4), str(place), SMALL, MUTED, anchor="la", within=box)
        if place in by_place:
            entry = by_place[place]
            draw_recruit(draw, entry["seat"], entry["recruit"], x0 + cell_w - 30, y + cell_h - 28)
    return y + cell_h + 14


def _ranking(view: dict[str, Any]) -> list[tuple[int | None, int]]:
    """(place or None, seat): best first once the game is over, else in seat order."""
    if not view["over"]:
        return [(None, seat) for seat in range(view["players"])]
    placements = view["result"]["placements"]
    return sorted(((placements[seat], seat) for seat in range(view["players"])), key=lambda p: p)


def _scores(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], locale: str, top: int) -> int:
    label(draw, (MARGIN, top + 18), _t(locale, "manoever-label-scores"), TEXT)
    y = top + 40
    row_h = 2 * MARKER_R + 10
    for place, seat in _ranking(view):
        row = (MARGIN - 4, y, WIDTH - MARGIN + 4, y + row_h)
        mid = y + row_h / 2
        if seat == view["mover"]:
            draw.rectangle(row, fill=TO_MOVE_BG)
        x = MARGIN
        if place is not None:
            x = label(draw, (x, mid), f"{place}.", TEXT, within=row)[2] + 10
        draw_recruit_shape(draw, seat, x + MARKER_R, mid)
        x += 2 * MARKER_R + 12
        bonus = sum(view["rewards_taken"][seat])
        points = _t(locale, "manoever-label-points", points=view["scores"][seat])
        if bonus:
            points = f"{points} ({_t(locale, 'manoever-label-reward-points', points=bonus)})"
        right = label(draw, (WIDTH - MARGIN, mid), points, TEXT, anchor="rm", within=row)
        name = fit_width(_name(names, seat), TEXT, right[0] - 20 - x)
        label(draw, (x, mid), name, TEXT, within=row)
        y += row_h
    return y + 12


def _pending(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], locale: str, top: int) -> int:
    if view["over"]:
        return top
    title = fit_message(
        lambda name: _t(locale, "manoever-label-must-move", name=name),
        _name(names, view["mover"]),
        TEXT,
        WIDTH - 2 * MARGIN,
    )
    label(draw, (MARGIN, top + 18), title, TEXT)
    y = top + 40
    row_h = 2 * MARKER_R + 14
    if not view["pending"]:
        label(draw, (MARGIN, y + row_h / 2), _t(locale, "manoever-label-all-moved"), SMALL, MUTED)
        return y + row_h
    col_w = (WIDTH - 2 * MARGIN) // 2
    for index, entry in enumerate(view["pending"]):
        row, col = divmod(index, 2)
        x0, y0 = MARGIN + col * col_w, y + row * row_h
        cx, cy = x0 + MARKER_R + 6, y0 + row_h / 2
        ring = MARKER_R + 5
        draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=GOLD, width=4)
        draw_recruit(draw, view["mover"], entry["recruit"], cx, cy)
        line = _t(locale, "manoever-label-pending", recruit=entry["recruit"], field=entry["field"], max=entry["max"])
        factors = _t(
            locale, "manoever-label-factors", rank=entry["rank"], passenger=entry["passenger"], bonus=entry["bonus"]
        )
        box = (x0 + 2 * MARKER_R + 20, y0, x0 + col_w - 12, y0 + row_h)
        label(draw, (box[0], cy), fit_width(f"{line} {factors}", SMALL, box[2] - box[0]), SMALL, within=box)
    return y + ((len(view["pending"]) + 1) // 2) * row_h + 8


def _legend(draw: ImageDraw.ImageDraw, locale: str, top: int) -> int:
    """What the stones mean, in one line."""
    mid = top + 24
    x = MARGIN
    items = [
        (lambda cx: draw_bonus(draw, cx, mid, 3), "manoever-label-legend-black"),
        (lambda cx: draw_bonus(draw, cx, mid, 2), "manoever-label-legend-white"),
        (lambda cx: draw_reward(draw, cx, mid, 2), "manoever-label-legend-reward"),
    ]
    room = (WIDTH - 2 * MARGIN) // len(items)
    for index, (stone, msg_id) in enumerate(items):
        x = MARGIN + index * room
        stone(x + STONE_R)
        box = (x + 2 * STONE_R + 8, top, x + room - 12, top + 48)
        label(draw, (box[0], mid), fit_width(_t(locale, msg_id), SMALL, box[2] - box[0]), SMALL, within=box)
    return top + 52


def _name(names: list[str], seat: int) -> str:
    name = name_text(names[seat]) if seat < len(names) and names[seat] else ""
    return name if any(ch.isalnum() for ch in name) else f"#{seat + 1}"


# ---- public API ----------------------------------------------------------------------------


def _panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], locale: str, top: int) -> int:
    y = _courtyard(draw, view, locale, top)
    y = _scores(draw, view, names, locale, y)
    y = _pending(draw, view, names, locale, y)
    return _legend(draw, locale, y)


def _panel_height(view: dict[str, Any]) -> int:
    """What ``_panel`` will take, worked out beforehand so the route gets the room that is left."""
    courtyard = 40 + 84 + 14
    scores = 40 + view["players"] * (2 * MARKER_R + 10) + 12
    pending = 0
    if not view["over"]:
        rows = (len(view["pending"]) + 1) // 2
        pending = 40 + (rows * (2 * MARKER_R + 14) + 8 if rows else 2 * MARKER_R + 14)
    return courtyard + scores + pending + 52


def render_board(view: dict[str, Any], *, names: list[str], locale: str = "en") -> bytes:
    """The board, ``TARGET_HEIGHT`` tall from the first move to the end (taller only when rows
    with recruits cannot fit at ``CELL_H_CROWDED``), so the chat does not jump from move to move."""
    panel_h = _panel_height(view)
    rows = route_rows(view, TARGET_HEIGHT - HEADER - 12 - panel_h - 8)
    height = max(TARGET_HEIGHT, HEADER + _route_height(*rows) + 12 + panel_h + 8)
    img, draw = new_canvas(WIDTH, height, BACKGROUND, palette=_palette())
    _header(draw, view, names, locale)
    y = _draw_route(draw, view, locale, HEADER, rows)
    _panel(draw, view, names, locale, y + 12)
    return to_png(img)


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
    return tr(locale, "manoever-label-group", recruit=entry["recruit"], field=entry["field"], max=entry["max"])[:80]


def action_label(view: dict[str, Any], action: str, locale: str = "en") -> str:
    """What moves where: "Recruit 3: 41 → 56 (+15), reward 2", "Recruit 3: 41 → 43 (+2), onto 1",
    "Recruit 5: 80 → courtyard, place 12 (+9)". The recruit is named even inside its group, since
    small turns show every action without groups."""
    if PLAN_JOIN in action:
        return plan_label(view, action, locale)
    parsed = _parse(action)
    entry = _entry(view, parsed[0]) if parsed else None
    if entry is None or parsed is None:
        return action
    distance = parsed[1]
    target = entry["field"] + distance
    args = {"recruit": entry["recruit"], "field": entry["field"], "distance": distance}
    if target >= COURTYARD:
        place = FIRST_PLACE - len(view["courtyard"])
        return tr(locale, "manoever-label-home", place=place, **args)[:80]
    parts = [tr(locale, "manoever-label-target", to=target, **args)]
    reward = next((s["value"] for s in view["rewards"] if s["field"] == target), None)
    if reward is not None:
        parts.append(tr(locale, "manoever-label-takes-reward", value=reward))
    bonus = next((s["factor"] for s in view["bonus"] if s["field"] == target), None)
    if bonus is not None:
        parts.append(tr(locale, "manoever-label-lands-bonus", factor=bonus))
    below = next((len(s["recruits"]) for s in view["stacks"] if s["field"] == target), 0)
    if below:
        parts.append(tr(locale, "manoever-label-onto", count=below))
    return ", ".join(parts)[:80]


def plan_label(view: dict[str, Any], action: str, locale: str = "en") -> str:
    """A whole turn on one button (``engines.manoever_plans``): "All: 3: 41→56 · 5: 12→home"."""
    moves = plan_moves(view, action)
    if moves is None:
        return action
    parts = [
        tr(locale, "manoever-label-plan-home", recruit=recruit, field=field)
        if to >= COURTYARD
        else tr(locale, "manoever-label-plan-move", recruit=recruit, field=field, to=to)
        for recruit, field, to in moves
    ]
    return tr(locale, "manoever-label-plan", moves=" · ".join(parts))[:80]

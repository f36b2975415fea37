"""Trackgammon pictures, drawn from a view only.

The board parts lie in a star (a line for 2 players, a Y for 3, an X for 4); each part is 12 columns
by 3 rows, column 12 at the middle. Yellow points are pale and plain, purple points dark with a light
diamond inside, so the two kinds differ in brightness and shape, not only in hue. A yellow point has
a border in its owner's colour. Discs are drawn from above, nested: the bottom disc is the outer
ring, the top disc the middle, which carries its size; each disc has its owner's colour and shape. Numbers on the points follow the
track of the viewer (or of the player to move, for spectators), the track itself is drawn as a thin
line in that player's colour.

For phones the picture is 1080 wide and portrait: two players get a vertical board beside the
panel, three or four a board over the full width with the panel below it.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

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
from render.spots import spot
from render.trackgammon_taps import action_spots as action_spots  # the registry's Extras.TAPS part
from render.type_scale import SMALL, TEXT

WIDTH = 1080
MARKER_R = 17
YELLOW = (246, 222, 120)
PURPLE = (128, 92, 170)
PURPLE_MARK = (196, 176, 224)
BOARD = (214, 200, 176)
GREY_DIE = (214, 214, 214)
FINISH_SIZE = 26
SIZES = (1, 2, 3, 4, 5)

# Per player count: angle of part 0 (degrees, screen coordinates: y points down, angles turn
# clockwise), distance of the parts' inner ends from the centre, distance of the S-bends.
LAYOUT = {2: (270.0, 0.9, 1.0), 3: (210.0, 1.2, 2.38), 4: (225.0, 1.8, 2.9)}
# A row holds a point on every other column only, so columns can be narrower than rows are apart:
# the board gets shorter and everything, discs above all, gets larger.
COL = 0.62
HALF_ALONG = 0.58  # half a point's length along its part
HALF_ACROSS = 0.47  # half a point's width across its part


BOARD_EDGE = (160, 140, 110)
USED_DIE = (236, 236, 236)
USED_PIP = (170, 170, 170)


@cached_palette
def _palette() -> Image.Image:
    """Every colour drawn, plus the shades of text over the grounds it is drawn on."""
    seats = tuple(seat_colour(seat) for seat in range(4))
    named = (
        BACKGROUND,
        INK,
        MUTED,
        WHITE,
        YELLOW,
        PURPLE,
        PURPLE_MARK,
        BOARD,
        BOARD_EDGE,
        GREY_DIE,
        USED_DIE,
        USED_PIP,
    )
    inks = (INK, WHITE, MUTED, *seats)
    return palette(named + seats, inks, (BACKGROUND, WHITE, BOARD, YELLOW, *seats))


# ---- geometry (in cell units, centre of the star at 0,0) -----------------------------------------


def _unit(degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (math.cos(a), math.sin(a))


def _rot90(v: tuple[float, float]) -> tuple[float, float]:
    return (-v[1], v[0])


@lru_cache(maxsize=8)
def _arms(players: int) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    """(outward direction, sideways direction) per part; the sideways side holds row 0, which faces
    the next part, so each S-bend links row 0 of part i with row 2 of part i+1."""
    start = LAYOUT[players][0]
    arms = []
    for part in range(players):
        u = _unit(start + part * 360.0 / players)
        arms.append((u, _rot90(u)))
    return tuple(arms)


def _cell_centre(players: int, cell_id: str) -> tuple[float, float]:
    kind, rest = cell_id[0], cell_id[1:]
    first, second = (int(x) for x in rest.split("-"))
    if kind == "p":
        return _part_point(players, first, 1, second)
    seat, point = first, second
    if point == 13:
        return _bend_centre(players, seat)
    if point < 13:
        return _part_point(players, seat, 0, point)
    return _part_point(players, (seat + 1) % players, 2, 26 - point)


def _part_point(players: int, part: int, row: int, col: float) -> tuple[float, float]:
    (ux, uy), (vx, vy) = _arms(players)[part]
    inner = LAYOUT[players][1]
    along = inner + (12.5 - col) * COL
    side = 1 - row
    return (ux * along + vx * side, uy * along + vy * side)


def _bend_centre(players: int, seat: int) -> tuple[float, float]:
    (u1, v1), (u2, _v2) = _arms(players)[seat], _arms(players)[(seat + 1) % players]
    direction = (u1[0] + u2[0], u1[1] + u2[1])
    length = math.hypot(*direction)
    if length < 1e-9:  # two players: the parts are in line, the bend sits beside the middle
        direction, length = v1, 1.0
    dist = LAYOUT[players][2]
    return (direction[0] / length * dist, direction[1] / length * dist)


def _finish_centre(players: int, seat: int) -> tuple[float, float]:
    return _part_point(players, (seat + 1) % players, 2, -0.75)


def _rect(
    players: int, centre: tuple[float, float], part: int, along: float, across: float
) -> list[tuple[float, float]]:
    """Corners (pixels) of a rectangle centred on ``centre`` (pixels), aligned with a part."""
    (ux, uy), (vx, vy) = _arms(players)[part]
    cx, cy = centre
    return [
        (cx + a * ux * along + b * vx * across, cy + a * uy * along + b * vy * across)
        for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))
    ]


@lru_cache(maxsize=8)
def _extent(players: int) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for part in range(players):
        for row in range(3):
            for col in (-1.6, 13.0):
                x, y = _part_point(players, part, row, col)
                (vx, vy) = _arms(players)[part][1]
                for side in (-0.5, 0.5):
                    xs.append(x + vx * side)
                    ys.append(y + vy * side)
    for seat in range(players):
        x, y = _bend_centre(players, seat)
        xs += [x - 0.7, x + 0.7]
        ys += [y - 0.7, y + 0.7]
    return min(xs), min(ys), max(xs), max(ys)


class _Frame:
    """Maps cell units to pixels inside a box."""

    def __init__(self, players: int, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = _extent(players)
        bx0, by0, bx1, by1 = box
        self.scale = min((bx1 - bx0) / (x1 - x0), (by1 - by0) / (y1 - y0))
        self.ox = bx0 + ((bx1 - bx0) - (x1 - x0) * self.scale) / 2 - x0 * self.scale
        self.oy = by0 + ((by1 - by0) - (y1 - y0) * self.scale) / 2 - y0 * self.scale

    def px(self, p: tuple[float, float]) -> tuple[float, float]:
        return (self.ox + p[0] * self.scale, self.oy + p[1] * self.scale)


# ---- layout ---------------------------------------------------------------------------------------

BOARD_WIDTH = {3: WIDTH - 16, 4: 1000}  # four arms: a little narrower, so the picture stays 3:4
PANEL_H = 380
TWO_HEIGHT = 1300


def _layout(players: int) -> tuple[tuple[int, int], tuple[int, int, int, int], tuple[int, int, int, int]]:
    """Canvas size, board box and panel box."""
    if players == 2:  # the board stands upright at the left, the panel beside it
        x0, y0, x1, y1 = _extent(2)
        board_w = round((x1 - x0) * (TWO_HEIGHT - 16) / (y1 - y0))
        return (WIDTH, TWO_HEIGHT), (8, 8, 8 + board_w, TWO_HEIGHT - 8), (board_w + 40, 20, WIDTH - 16, TWO_HEIGHT - 16)
    x0, y0, x1, y1 = _extent(players)
    board_w = BOARD_WIDTH[players]
    board_h = round((y1 - y0) * board_w / (x1 - x0))
    left = (WIDTH - board_w) // 2
    board = (left, 8, left + board_w, 8 + board_h)
    return (WIDTH, board_h + 24 + PANEL_H), board, (16, board_h + 24, WIDTH - 16, board_h + 16 + PANEL_H)


def disc_radius(scale: float, size: int) -> float:
    """Bigger discs are wider, but even the runner is 38 px across (14 px on a phone)."""
    return HALF_ACROSS * scale * (0.72 + 0.07 * (size - 1))


def smallest_disc(players: int) -> float:
    """The diameter in pixels of the smallest disc on the board for ``players``."""
    _size, board, _panel = _layout(players)
    return 2 * disc_radius(_Frame(players, board).scale, 1)


# ---- public API -----------------------------------------------------------------------------------


def render_board(view: dict, *, names: list[str], locale: str = "en") -> bytes:
    players = view["players"]
    (width, height), board_box, panel_box = _layout(players)
    # Drawn straight onto a palette canvas: a few dozen flat colours, no mapping needed, and text
    # edges take their shades from the palette's ramps.
    img, draw = new_canvas(width, height, BACKGROUND, palette=_palette())
    frame = _Frame(players, board_box)
    perspective = _perspective(view)
    over = view.get("winner") is not None
    _draw_parts(draw, frame, players)
    _draw_cells(draw, frame, view, players)
    if perspective is not None and not over:
        _draw_route(draw, frame, view, perspective)
    _draw_finishes(draw, frame, view, locale)
    if not over:  # the end picture tells the end, not the last move
        _draw_last_move(draw, frame, view)
    _draw_stacks(draw, frame, view)
    if perspective is not None and not over:
        _draw_numbers(draw, frame, view, perspective)
    _draw_panel(draw, panel_box, view, names, locale, perspective)
    return to_png(img)


def action_label(view: dict, action: str, locale: str = "en") -> str:
    if action == "undo":
        return tr(locale, "trackgammon-label-undo")
    if action == "done":
        return tr(locale, "trackgammon-label-done")
    choice = _choice(view, action)
    if choice is None:
        return action
    to = tr(locale, "trackgammon-label-home-word") if choice["to"] == FINISH_SIZE else str(choice["to"])
    key = "trackgammon-label-forward" if choice["dir"] == "forward" else "trackgammon-label-backward"
    text = tr(locale, key, size=choice["size"], value=choice["value"], start=choice["from"], to=to)
    extras = []
    if choice["bounced"]:
        extras.append(tr(locale, "trackgammon-label-bounce"))
    if choice["hit"]:
        extras.append(tr(locale, "trackgammon-label-hits") + " ✖")
    if choice["buried"]:
        extras.append(tr(locale, "trackgammon-label-buries"))
    if extras:
        text += " (" + ", ".join(extras) + ")"
    return text[:80]


def action_group(view: dict, action: str, locale: str = "en") -> str:
    choice = _choice(view, action)
    if choice is None:
        return action_label(view, action, locale)
    return tr(locale, "trackgammon-label-disc-on", size=choice["size"], point=choice["from"])


def _choice(view: dict, action: str) -> dict | None:
    for choice in view.get("choices", []):
        if choice["action"] == action:
            return choice
    return None


def _perspective(view: dict) -> int | None:
    if view.get("viewer") is not None:
        return view["viewer"]
    if view.get("turn") is not None:
        return view["turn"]
    return view.get("winner")


# ---- board ----------------------------------------------------------------------------------------


def _draw_parts(draw, frame: _Frame, players: int) -> None:
    for part in range(players):
        centre = frame.px(_part_point(players, part, 1, 6.5))
        along, across = (6 * COL + 0.72) * frame.scale, 1.62 * frame.scale
        _framed(draw, players, centre, part, along, across, BOARD, BOARD_EDGE, 2)
    # Each S-bend joins the inner end of one part to the next: a band under the three points.
    for seat in range(players):
        ends = [
            _part_point(players, seat, 0, 12),
            _bend_centre(players, seat),
            _part_point(players, (seat + 1) % players, 2, 12),
        ]
        draw.line([frame.px(p) for p in ends], fill=BOARD, width=int(frame.scale * 0.9), joint="curve")


def _draw_cells(draw, frame: _Frame, view: dict, players: int) -> None:
    along, across = HALF_ALONG * frame.scale, HALF_ACROSS * frame.scale
    drawn = set()
    for seat, track in enumerate(view["tracks"]):
        for index, cell_id in enumerate(track):
            if cell_id in drawn:
                continue
            drawn.add(cell_id)
            point = index + 1
            centre = frame.px(_cell_centre(players, cell_id))
            # A square inside the cell however its part is turned, so neighbours' spots never meet.
            half = across * 0.7
            spot(f"cell:{cell_id}", (centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half))
            if cell_id[0] == "p":
                part = int(cell_id[1:].split("-")[0])
                draw.polygon(_rect(players, centre, part, along, across), fill=PURPLE, outline=INK, width=1)
                draw.polygon(_diamond(players, centre, part, along * 0.6, across * 0.66), fill=PURPLE_MARK)
                draw.polygon(_diamond(players, centre, part, along * 0.4, across * 0.44), fill=PURPLE)
                continue
            if point == 13:
                r = across * 1.1
                draw.ellipse(
                    (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r),
                    fill=YELLOW,
                    outline=seat_colour(seat),
                    width=4,
                )
                # The owner's shape too, not only the colour of the ring (discs may cover it).
                shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
                draw_shape(draw, shape, centre[0], centre[1], r * 0.45, seat_colour(seat), width=1)
                continue
            part = seat if point < 13 else (seat + 1) % players
            _framed(draw, players, centre, part, along, across, YELLOW, seat_colour(seat), 4)
            if point == 1:
                _start_flag(draw, frame, players, seat)


def _framed(draw, players, centre, part, along, across, fill, outline, width: int) -> None:
    """A rectangle with a thick border. Two fills: Pillow draws thick polygon outlines through a
    mask image per call, which made up a third of the picture's time."""
    draw.polygon(_rect(players, centre, part, along, across), fill=outline)
    draw.polygon(_rect(players, centre, part, along - width, across - width), fill=fill)


def _diamond(players, centre, part, along, across) -> list[tuple[float, float]]:
    box = _rect(players, centre, part, along, across)
    return [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(box, box[1:] + box[:1], strict=True)]


def _start_flag(draw, frame: _Frame, players: int, seat: int) -> None:
    """The seat's shape just outside its start point, at the outer end of its part."""
    cx, cy = frame.px(_part_point(players, seat, 0, -0.45))
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    draw_shape(draw, shape, cx, cy, 0.3 * frame.scale, seat_colour(seat))


def _draw_route(draw, frame: _Frame, view: dict, seat: int) -> None:
    players = view["players"]
    points = [frame.px(_cell_centre(players, cell_id)) for cell_id in view["tracks"][seat]]
    points.append(frame.px(_finish_centre(players, seat)))
    draw.line(points, fill=INK, width=5, joint="curve")
    draw.line(points, fill=seat_colour(seat), width=3, joint="curve")


def _draw_finishes(draw, frame: _Frame, view: dict, locale: str) -> None:
    players = view["players"]
    half = HALF_ACROSS * frame.scale
    for seat in range(players):
        cx, cy = frame.px(_finish_centre(players, seat))
        colour = seat_colour(seat)
        box = (cx - half, cy - half, cx + half, cy + half)
        draw.rounded_rectangle(box, radius=8, fill=(255, 255, 255), outline=colour, width=5)
        spot(f"finish:{seat}", box)
        home = [[seat, size] for size in reversed(SIZES) if view["discs"][seat][size - 1] == FINISH_SIZE]
        if home:
            _draw_stack(draw, (cx, cy), frame.scale, home)
        else:
            letter = tr(locale, "trackgammon-label-finish")[:1].upper()
            label(draw, (cx, cy), letter, max(SMALL, int(half)), colour, anchor="mm", within=box)


def _draw_last_move(draw, frame: _Frame, view: dict) -> None:
    move = view.get("last_move")
    if not move:
        return
    players = view["players"]
    seat = move["seat"]
    track = view["tracks"][seat]
    start = frame.px(_cell_centre(players, track[move["from"] - 1]))
    if move["to"] == FINISH_SIZE:
        end = frame.px(_finish_centre(players, seat))
    else:
        end = frame.px(_cell_centre(players, track[move["to"] - 1]))
    colour = seat_colour(seat)
    r = 0.58 * frame.scale
    draw.line([start, end], fill=INK, width=9)
    draw.line([start, end], fill=colour, width=5)
    draw.ellipse((start[0] - r, start[1] - r, start[0] + r, start[1] + r), outline=colour, width=3)
    draw.ellipse((end[0] - r, end[1] - r, end[0] + r, end[1] + r), outline=INK, width=7)
    draw.ellipse((end[0] - r + 1, end[1] - r + 1, end[0] + r - 1, end[1] + r - 1), outline=colour, width=4)


def _draw_stacks(draw, frame: _Frame, view: dict) -> None:
    players = view["players"]
    for cell_id, stack in sorted(view["stacks"].items()):
        _draw_stack(draw, frame.px(_cell_centre(players, cell_id)), frame.scale, stack)


# Triangles and diamonds look smaller than circles of the same radius: grow them to match.
_GROW = {"triangle": 1.3, "diamond": 1.15, "star": 1.3, "cross": 1.15}


def _draw_stack(draw, centre: tuple[float, float], scale: float, stack: list[list[int]]) -> None:
    """Bottom to top from the outside in (a larger disc is wider), each disc in its owner's colour
    and shape (so seats differ without colour vision); the top disc shows its size as a number."""
    cx, cy = centre
    for seat, size in stack:
        shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
        r = disc_radius(scale, size) * _GROW.get(shape, 1.0)
        draw_shape(draw, shape, cx, cy + (r * 0.15 if shape == "triangle" else 0), r, seat_colour(seat))
    seat, size = stack[-1]
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    text_size = max(SMALL, int(disc_radius(scale, size) * 1.2))
    ty = cy + (disc_radius(scale, size) * 0.3 if shape == "triangle" else 0)
    label(draw, (cx, ty), str(size), text_size, text_colour_on(seat_colour(seat)), anchor="mm", report=False)


def _draw_numbers(draw, frame: _Frame, view: dict, seat: int) -> None:
    """Point numbers of one track, in a tag at the corner of each point (over a disc's rim)."""
    players = view["players"]
    for index, cell_id in enumerate(view["tracks"][seat]):
        cx, cy = frame.px(_cell_centre(players, cell_id))
        x, y = cx - frame.scale * 0.36, cy - frame.scale * 0.3
        text = str(index + 1)
        box = draw.textbbox((x, y), text, font=font(SMALL), anchor="mm")
        draw.rectangle((box[0] - 3, box[1] - 2, box[2] + 3, box[3] + 2), fill=(255, 255, 255), outline=INK)
        label(draw, (x, y), text, SMALL, INK, anchor="mm")


# ---- panel ----------------------------------------------------------------------------------------


def _name(names: list[str], seat: int) -> str:
    name = name_text(names[seat]) if 0 <= seat < len(names) else ""
    return name if any(ch.isalnum() for ch in name) else f"#{seat + 1}"


def _draw_panel(draw, box, view: dict, names: list[str], locale: str, perspective: int | None) -> None:
    """Whose turn and the dice, then the players (the ranking at the end), then the legend. Two
    players: one column beside the board; more: two columns below it."""
    x0, y0, x1, y1 = box
    y = _panel_turn(draw, x0, y0, x1, view, names, locale)
    if view.get("winner") is None:
        y = _panel_dice(draw, x0, y + 8, x1, view, locale)
    columns = 1 if view["players"] == 2 else 2
    over = view.get("winner") is not None  # the ranking gets whole lines
    y = _panel_players(draw, x0, y + 14, x1, view, names, locale, 1 if over else columns)
    _panel_legend(draw, x0, y + 14, x1, view, names, locale, perspective, columns)


def _panel_turn(draw, x0, y, x1, view, names, locale) -> int:
    over = view.get("winner") is not None
    seat = view["winner"] if over else view["turn"]
    msg_id = "trackgammon-label-winner" if over else "trackgammon-label-to-play"
    mid = y + 22
    _marker(draw, seat, x0 + MARKER_R, mid)
    x = x0 + 2 * MARKER_R + 12
    text = fit_message(lambda name: tr(locale, msg_id, name=name), _name(names, seat), 32, x1 - x)
    label(draw, (x, mid), text, 32)
    return y + 46


def _marker(draw, seat: int, cx: float, cy: float, r: float = MARKER_R) -> None:
    draw_shape(draw, SEAT_SHAPES[seat % len(SEAT_SHAPES)], cx, cy, r, seat_colour(seat))


def _panel_dice(draw, x0, y, x1, view, locale) -> int:
    values, used = view["values"], view["used"]
    die = 60
    x = x0
    for value, done in zip(values, used, strict=True):
        _draw_die(draw, x, y, die, value, done)
        x += die + 12
    remaining = view["remaining"]
    if remaining:
        line = tr(locale, "trackgammon-label-values-left", values=", ".join(str(v) for v in remaining))
    else:
        line = tr(locale, "trackgammon-label-all-used")
    if x1 - x - 12 >= 300:  # beside the dice when there is room, else below them
        label(draw, (x + 4, y + die / 2), fit_width(line, TEXT, x1 - x - 4), TEXT)
        return y + die
    label(draw, (x0, y + die + 22), fit_width(line, TEXT, x1 - x0), TEXT)
    return y + die + 44


def _draw_die(draw, x: int, y: int, size: int, value: int, used: bool) -> None:
    fill, pip, edge = (USED_DIE, USED_PIP, MUTED) if used else (WHITE, INK, INK)
    draw.rounded_rectangle((x, y, x + size, y + size), radius=size // 6, fill=fill, outline=edge, width=3)
    spots = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        6: [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)],
    }[value]
    r = size * 0.09
    for row, col in spots:
        cx = x + size * (0.25 + 0.25 * col)
        cy = y + size * (0.25 + 0.25 * row)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)
    if used:  # greyed and struck through, so "used" does not rest on colour alone
        draw.line((x + 6, y + size - 6, x + size - 6, y + 6), fill=MUTED, width=3)


def _ranking(view: dict) -> list[tuple[int | None, int]]:
    """(place, seat) best first at the end of the game; (None, seat) in seat order before."""
    placements = view.get("placements")
    if not placements:
        return [(None, seat) for seat in range(view["players"])]
    return sorted(((placements[seat], seat) for seat in range(view["players"])), key=lambda p: p)


def _panel_players(draw, x0, y, x1, view, names, locale, columns: int) -> int:
    row_h = 2 * MARKER_R + 16
    col_w = (x1 - x0) // columns
    rows = _ranking(view)
    for index, (place, seat) in enumerate(rows):
        row, col = divmod(index, columns)
        left, top = x0 + col * col_w, y + row * row_h
        box = (left - 4, top, left + col_w - 10, top + row_h)
        mid = top + row_h / 2
        if seat == view.get("turn"):
            draw.rounded_rectangle(box, radius=8, outline=seat_colour(seat), width=3)
        x = left + 4
        if place is not None:
            x = label(draw, (x, mid), f"{place}.", TEXT, within=box)[2] + 8
        _marker(draw, seat, x + MARKER_R, mid)
        x += 2 * MARKER_R + 10
        home = tr(locale, "trackgammon-label-home", count=view["home"][seat])
        if place is not None and "to_go" in view:
            home += " · " + tr(locale, "trackgammon-label-to-go", points=view["to_go"][seat])
        right = label(draw, (box[2] - 8, mid), home, SMALL, anchor="rm", within=box)
        name, room = _name(names, seat), right[0] - x - 14
        # Two columns leave little room: a name that does not fit whole (a computer's level is part
        # of it) gets the smallest text size before it is shortened.
        size = TEXT if fit_width(name, TEXT, room) == drawable(name) else SMALL
        label(draw, (x, mid), fit_width(name, size, room), size, within=box)
    return y + ((len(rows) + columns - 1) // columns) * row_h


def _panel_legend(draw, x0, y, x1, view, names, locale, perspective, columns: int) -> int:
    s = 30
    c = s / 2
    items = []

    def own(x, top):
        draw.rectangle((x, top, x + s, top + s), fill=YELLOW, outline=INK, width=2)

    def shared(x, top):
        draw.rectangle((x, top, x + s, top + s), fill=PURPLE, outline=INK, width=2)
        draw.polygon([(x + c, top + 5), (x + s - 5, top + c), (x + c, top + s - 5), (x + 5, top + c)], fill=PURPLE_MARK)
        draw.polygon([(x + c, top + 10), (x + s - 10, top + c), (x + c, top + s - 10), (x + 10, top + c)], fill=PURPLE)

    items.append((own, tr(locale, "trackgammon-label-own")))
    items.append((shared, tr(locale, "trackgammon-label-shared")))
    over = view.get("winner") is not None
    if perspective is not None and not over:
        colour = seat_colour(perspective)

        def route(x, top):
            draw.line((x, top + c, x + s, top + c), fill=INK, width=5)
            draw.line((x, top + c, x + s, top + c), fill=colour, width=3)

        def start(x, top):
            _marker(draw, perspective, x + c, top + c, 12)

        def finish(x, top):
            draw.rounded_rectangle((x, top, x + s, top + s), radius=5, fill=(255, 255, 255), outline=colour, width=3)

        numbers = fit_message(
            lambda name: tr(locale, "trackgammon-label-numbers", name=name),
            _name(names, perspective),
            SMALL,
            (x1 - x0) // columns - s - 20,
        )
        items.append((route, numbers))
        items.append((start, tr(locale, "trackgammon-label-start")))
        items.append((finish, tr(locale, "trackgammon-label-finish")))
    if view.get("last_move") and not over:
        mover = seat_colour(view["last_move"]["seat"])

        def last(x, top):
            draw.ellipse((x + 2, top + 2, x + s - 2, top + s - 2), outline=mover, width=4)

        items.append((last, tr(locale, "trackgammon-label-last-move")))
    row_h = s + 12
    col_w = (x1 - x0) // columns
    for index, (icon, text) in enumerate(items):
        row, col = divmod(index, columns)
        left, top = x0 + col * col_w, y + row * row_h
        icon(left, top)
        box = (left + s + 10, top - 4, left + col_w - 10, top + s + 4)
        label(draw, (box[0], top + c), fit_width(text, SMALL, box[2] - box[0]), SMALL, within=box)
    return y + ((len(items) + columns - 1) // columns) * row_h

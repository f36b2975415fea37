"""Trackgammon pictures, drawn from a view only.

The board parts lie in a star (a line for 2 players, a Y for 3, an X for 4); each part is 12 columns
by 3 rows, column 12 at the middle. Yellow points are pale and plain, purple points dark with a light
diamond inside, so the two kinds differ in brightness and shape, not only in hue. A yellow point has
a border in its owner's colour. Discs are drawn from above as concentric circles: the bottom disc is
the outer ring, the top disc the middle, which carries its size. Numbers on the points follow the
track of the viewer (or of the player to move, for spectators), the track itself is drawn as a thin
line in that player's colour.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from locales import tr
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    SEAT_SHAPES,
    draw_shape,
    font,
    seat_colour,
    seat_marker,
    text_colour_on,
    to_png,
)

WIDTH = 1200
YELLOW = (246, 222, 120)
PURPLE = (128, 92, 170)
PURPLE_MARK = (196, 176, 224)
BOARD = (214, 200, 176)
GREY_DIE = (214, 214, 214)
FINISH_SIZE = 26
SIZES = (1, 2, 3, 4, 5)

# Per player count: angle of part 0 (degrees, screen coordinates: y points down, angles turn
# clockwise), distance of the parts' inner ends from the centre, distance of the S-bends.
LAYOUT = {2: (180.0, 0.9, 1.0), 3: (210.0, 1.2, 2.38), 4: (225.0, 1.8, 2.9)}
# A row holds a point on every other column only, so columns can be narrower than rows are apart:
# the board gets shorter and everything, discs above all, gets larger.
COL = 0.62
HALF_ALONG = 0.58  # half a point's length along its part
HALF_ACROSS = 0.47  # half a point's width across its part


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


def _layout(players: int) -> tuple[tuple[int, int], tuple[int, int, int, int], tuple[int, int, int, int]]:
    """Canvas size, board box and panel box."""
    if players == 2:
        return (WIDTH, 500), (12, 12, WIDTH - 12, 262), (16, 276, WIDTH - 16, 490)
    return (WIDTH, 860), (10, 10, 850, 850), (862, 16, WIDTH - 12, 848)


# ---- public API -----------------------------------------------------------------------------------


def render_board(view: dict, *, names: list[str], locale: str = "en") -> bytes:
    players = view["players"]
    (width, height), board_box, panel_box = _layout(players)
    # Drawn straight onto a palette image: it encodes several times faster than RGB (PNG filters
    # every RGB row several ways) and the picture has a few dozen flat colours anyway.
    img = Image.new("P", (width, height))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, width, height), fill=BACKGROUND)
    frame = _Frame(players, board_box)
    perspective = _perspective(view)
    _draw_parts(draw, frame, players)
    _draw_cells(draw, frame, view, players)
    if perspective is not None:
        _draw_route(draw, frame, view, perspective)
    _draw_finishes(draw, frame, view, locale)
    _draw_last_move(draw, frame, view)
    _draw_stacks(draw, frame, view)
    if perspective is not None:
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
    label = tr(locale, key, size=choice["size"], value=choice["value"], to=to)
    extras = []
    if choice["bounced"]:
        extras.append(tr(locale, "trackgammon-label-bounce"))
    if choice["hit"]:
        extras.append(tr(locale, "trackgammon-label-hits") + " ✖")
    if choice["buried"]:
        extras.append(tr(locale, "trackgammon-label-buries"))
    if extras:
        label += " (" + ", ".join(extras) + ")"
    return label[:60]


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
        _framed(draw, players, centre, part, along, across, BOARD, (160, 140, 110), 2)
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
        home = [[seat, size] for size in reversed(SIZES) if view["discs"][seat][size - 1] == FINISH_SIZE]
        if home:
            _draw_stack(draw, (cx, cy), half * 0.9, home)
        else:
            letter = tr(locale, "trackgammon-label-finish")[:1].upper()
            draw.text((cx, cy), letter, font=font(max(12, int(half))), fill=colour, anchor="mm")


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
    radius = HALF_ACROSS * frame.scale
    for cell_id, stack in sorted(view["stacks"].items()):
        _draw_stack(draw, frame.px(_cell_centre(players, cell_id)), radius, stack)


def _draw_stack(draw, centre: tuple[float, float], radius: float, stack: list[list[int]]) -> None:
    """Bottom to top as rings from the outside in; the radius says the size, the top shows it."""
    cx, cy = centre
    inner = radius * 0.36
    step = (radius - inner) / 4
    for seat, size in stack:
        r = inner + step * (size - 1)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=seat_colour(seat), outline=INK, width=2)
    seat, size = stack[-1]
    top_r = inner + step * (size - 1)
    label_size = max(11, int(top_r * 1.25))
    draw.text((cx, cy), str(size), font=font(label_size), fill=text_colour_on(seat_colour(seat)), anchor="mm")


def _draw_numbers(draw, frame: _Frame, view: dict, seat: int) -> None:
    """Point numbers of one track, in a small tag at the corner of each point."""
    players = view["players"]
    size = max(11, int(frame.scale * 0.28))
    for index, cell_id in enumerate(view["tracks"][seat]):
        cx, cy = frame.px(_cell_centre(players, cell_id))
        x, y = cx - frame.scale * 0.42, cy - frame.scale * 0.36
        text = str(index + 1)
        bbox = draw.textbbox((x, y), text, font=font(size), anchor="mm")
        draw.rectangle((bbox[0] - 2, bbox[1] - 1, bbox[2] + 2, bbox[3] + 1), fill=(255, 255, 255))
        draw.text((x, y), text, font=font(size), fill=INK, anchor="mm")


# ---- panel ----------------------------------------------------------------------------------------


def _name(names: list[str], seat: int) -> str:
    name = names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"
    return name if len(name) <= 18 else name[:17] + "…"


def _draw_panel(draw, box, view: dict, names: list[str], locale: str, perspective: int | None) -> None:
    x0, y0, x1, y1 = box
    if view["players"] == 2:
        # Wide and short below a line-shaped board: three columns side by side.
        col = (x1 - x0) // 3
        _panel_turn_and_dice(draw, x0, y0, col - 10, view, names, locale)
        _panel_players(draw, x0 + col, y0, col - 10, view, names, locale)
        _panel_legend(draw, x0 + 2 * col, y0, col, view, names, locale, perspective)
        return
    y = _panel_turn_and_dice(draw, x0, y0, x1 - x0, view, names, locale)
    y = _panel_players(draw, x0, y + 18, x1 - x0, view, names, locale)
    _panel_legend(draw, x0, y + 18, x1 - x0, view, names, locale, perspective)


def _panel_turn_and_dice(draw, x, y, width, view, names, locale) -> int:
    if view.get("winner") is not None:
        seat = view["winner"]
        text = tr(locale, "trackgammon-label-winner", name=_name(names, seat))
    else:
        seat = view["turn"]
        text = tr(locale, "trackgammon-label-to-play", name=_name(names, seat))
    seat_marker(draw, seat, x + 16, y + 18, 14)
    draw.text((x + 40, y + 18), text, font=font(28), fill=INK, anchor="lm")
    y += 48
    values, used = view["values"], view["used"]
    die = min(64, (width - 10) // max(4, len(values)) - 12)
    for i, (value, done) in enumerate(zip(values, used, strict=True)):
        _draw_die(draw, x + i * (die + 12), y, die, value, done)
    y += die + 12
    if view.get("winner") is None:
        remaining = view["remaining"]
        if remaining:
            line = tr(locale, "trackgammon-label-values-left", values=", ".join(str(v) for v in remaining))
        else:
            line = tr(locale, "trackgammon-label-all-used")
        draw.text((x, y), line, font=font(22), fill=INK)
        y += 30
    return y


def _draw_die(draw, x: int, y: int, size: int, value: int, used: bool) -> None:
    fill, pip, edge = ((236, 236, 236), (170, 170, 170), MUTED) if used else ((255, 255, 255), INK, INK)
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


def _panel_players(draw, x, y, width, view, names, locale) -> int:
    for seat in range(view["players"]):
        turn = seat == view.get("turn")
        if turn:
            draw.rounded_rectangle((x - 4, y - 4, x + width - 4, y + 60), radius=8, outline=seat_colour(seat), width=3)
        seat_marker(draw, seat, x + 16, y + 16, 13)
        draw.text((x + 38, y + 16), _name(names, seat), font=font(24), fill=INK, anchor="lm")
        home = view["home"][seat]
        draw.text(
            (x + 38, y + 42), tr(locale, "trackgammon-label-home", count=home), font=font(20), fill=INK, anchor="lm"
        )
        for i, size in enumerate(reversed(SIZES)):
            cx, cy = x + width - 150 + i * 28, y + 42
            r = 5 + size * 1.8
            done = view["discs"][seat][size - 1] == FINISH_SIZE
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r), fill=seat_colour(seat) if done else BACKGROUND, outline=INK, width=2
            )
        y += 70
    return y


def _panel_legend(draw, x, y, width, view, names, locale, perspective) -> int:
    s = 28
    draw.rectangle((x, y, x + s, y + s), fill=YELLOW, outline=INK, width=2)
    draw.text((x + s + 10, y + s // 2), tr(locale, "trackgammon-label-own"), font=font(20), fill=INK, anchor="lm")
    y += s + 10
    draw.rectangle((x, y, x + s, y + s), fill=PURPLE, outline=INK, width=2)
    c = s / 2
    draw.polygon([(x + c, y + 5), (x + s - 5, y + c), (x + c, y + s - 5), (x + 5, y + c)], fill=PURPLE_MARK)
    draw.polygon([(x + c, y + 10), (x + s - 10, y + c), (x + c, y + s - 10), (x + 10, y + c)], fill=PURPLE)
    draw.text((x + s + 10, y + s // 2), tr(locale, "trackgammon-label-shared"), font=font(20), fill=INK, anchor="lm")
    y += s + 10
    if perspective is not None:
        draw.line((x, y + c, x + s, y + c), fill=INK, width=5)
        draw.line((x, y + c, x + s, y + c), fill=seat_colour(perspective), width=3)
        line = tr(locale, "trackgammon-label-numbers", name=_name(names, perspective))
        draw.text((x + s + 10, y + s // 2), line, font=font(20), fill=INK, anchor="lm")
        y += s + 10
    if perspective is not None:
        draw_shape(draw, SEAT_SHAPES[perspective % len(SEAT_SHAPES)], x + c, y + c, 11, seat_colour(perspective))
        start = tr(locale, "trackgammon-label-start")
        draw.text((x + s + 10, y + c), start, font=font(20), fill=INK, anchor="lm")
        fx = x + s + 10 + int(draw.textlength(start, font=font(20))) + 24
        draw.rounded_rectangle(
            (fx, y, fx + s, y + s), radius=5, fill=(255, 255, 255), outline=seat_colour(perspective), width=3
        )
        finish = tr(locale, "trackgammon-label-finish")
        draw.text((fx + c, y + c), finish[:1].upper(), font=font(18), fill=seat_colour(perspective), anchor="mm")
        draw.text((fx + s + 10, y + c), finish, font=font(20), fill=INK, anchor="lm")
        y += s + 10
    if view.get("last_move"):
        draw.ellipse((x + 2, y + 2, x + s - 2, y + s - 2), outline=seat_colour(view["last_move"]["seat"]), width=4)
        draw.text(
            (x + s + 10, y + s // 2), tr(locale, "trackgammon-label-last-move"), font=font(20), fill=INK, anchor="lm"
        )
        y += s + 10
    return y

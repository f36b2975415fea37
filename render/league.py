"""The league table picture: a pure function of the rows it is given.

Landscape and large enough to read on a phone: a title, one line per player (place, name, games,
wins, the game's own points when they add up, rating), the caller's own line marked by colour and
an arrow (not colour alone), and a gap mark when that line comes after the top lines. Rows are any
objects with the attributes of ``db.league.Standing`` (``position``, ``rank``, ``user_id``,
``name``, ``played``, ``wins``, ``points`` (None: no points column), ``rating``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from locales import tr
from render.common import BACKGROUND, INK, MUTED, WHITE, cached_palette, font, label, new_canvas, palette, to_png

WIDTH = 1280
MIN_HEIGHT = 420
MARGIN = 40
TITLE_H = 100
HEAD_H = 56
ROW_H = 66
GAP_H = 40
NOTE_LINE = 36
FOOT_H = 2 * NOTE_LINE + 24
ROW_SIZE = 36
HEAD_SIZE = 28
TITLE_SIZE = 44
NOTE_SIZE = 28

STRIPE = (234, 229, 214)
HIGHLIGHT = (255, 214, 102)
HIGHLIGHT_EDGE = (150, 100, 0)
TITLE_FILL = (21, 101, 192)
MEDALS = {1: (212, 175, 55), 2: (170, 170, 170), 3: (176, 112, 60)}

NAME_X = MARGIN + 130


@cached_palette
def _palette() -> Image.Image:
    """Every colour drawn, plus the shades of text over the grounds it is drawn on."""
    grounds = (BACKGROUND, STRIPE, HIGHLIGHT, TITLE_FILL, *MEDALS.values())
    return palette((*grounds, INK, MUTED, WHITE, HIGHLIGHT_EDGE), (INK, MUTED, WHITE), grounds)


MARK_X = MARGIN + 100


def _columns(with_points: bool) -> list[tuple[str, int]]:
    """(field, right edge x) of the number columns."""
    right = WIDTH - MARGIN - 10
    if with_points:
        return [("played", right - 550), ("wins", right - 365), ("points", right - 185), ("rating", right)]
    return [("played", right - 360), ("wins", right - 180), ("rating", right)]


def _number(value: Any, locale: str) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        if value.is_integer():
            value = int(value)
        else:
            text = f"{value:.1f}"
            return text.replace(".", ",") if locale == "nl" else text
    return str(value)


def _note_lines(text: str, width: float) -> list[str]:
    """The footnote in at most two lines, broken at spaces."""
    words, lines = text.split(), [""]
    for word in words:
        candidate = f"{lines[-1]} {word}".strip()
        if font(NOTE_SIZE).getlength(candidate) <= width or not lines[-1] or len(lines) == 2:
            lines[-1] = candidate
        else:
            lines.append(word)
    return lines


def render_standings(rows: Sequence[Any], *, title: str, highlight_user_id: int | None, locale: str = "en") -> bytes:
    """The table as PNG bytes. ``rows`` in the order to show (usually the top ten, plus the
    caller's own line if it is further down); the same rows give the same bytes."""
    with_points = any(getattr(r, "points", None) is not None for r in rows)
    columns = _columns(with_points)
    gaps = sum(1 for a, b in zip(rows, rows[1:], strict=False) if b.position > a.position + 1)
    body = max(1, len(rows)) * ROW_H + gaps * GAP_H
    height = max(MIN_HEIGHT, TITLE_H + HEAD_H + body + FOOT_H)
    img, draw = new_canvas(WIDTH, height, BACKGROUND, palette=_palette())

    draw.rectangle((0, 0, WIDTH, TITLE_H - 16), fill=TITLE_FILL)
    label(
        draw,
        (MARGIN, (TITLE_H - 16) / 2),
        title,
        TITLE_SIZE,
        (255, 255, 255),
        bold=True,
        max_width=WIDTH - 2 * MARGIN,
        within=(0, 0, WIDTH, TITLE_H - 16),
    )

    y = TITLE_H
    mid = y + HEAD_H / 2
    label(draw, (MARGIN + 70, mid), tr(locale, "league-col-rank"), HEAD_SIZE, MUTED, anchor="rm", bold=True)
    label(draw, (NAME_X, mid), tr(locale, "league-col-player"), HEAD_SIZE, MUTED, bold=True)
    for field, right in columns:
        label(draw, (right, mid), tr(locale, f"league-col-{field}"), HEAD_SIZE, MUTED, anchor="rm", bold=True)
    y += HEAD_H
    draw.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=MUTED, width=2)

    if not rows:
        label(draw, (WIDTH / 2, y + ROW_H / 2), tr(locale, "league-picture-empty"), ROW_SIZE, MUTED, anchor="mm")
    previous = None
    for index, row in enumerate(rows):
        if previous is not None and row.position > previous.position + 1:
            label(draw, (WIDTH / 2, y + GAP_H / 2), "• • •", HEAD_SIZE, MUTED, anchor="mm")
            y += GAP_H
        _draw_row(draw, row, y, index, columns, row.user_id == highlight_user_id, locale)
        y += ROW_H
        previous = row

    lines = _note_lines(tr(locale, "league-picture-note"), WIDTH - 2 * MARGIN)
    for i, line in enumerate(lines):
        line_y = height - FOOT_H + 12 + NOTE_LINE * (i + 0.5)
        label(draw, (MARGIN, line_y), line, NOTE_SIZE, MUTED, max_width=WIDTH - 2 * MARGIN)
    return to_png(img)


def _draw_row(
    draw: ImageDraw.ImageDraw,
    row: Any,
    y: float,
    index: int,
    columns: list[tuple[str, int]],
    mine: bool,
    locale: str,
) -> None:
    if mine:
        draw.rounded_rectangle(
            (MARGIN - 10, y + 3, WIDTH - MARGIN + 10, y + ROW_H - 3),
            radius=12,
            fill=HIGHLIGHT,
            outline=HIGHLIGHT_EDGE,
            width=3,
        )
        cy = y + ROW_H / 2
        draw.polygon([(MARK_X - 8, cy - 14), (MARK_X + 14, cy), (MARK_X - 8, cy + 14)], fill=INK)  # ▶: you
    elif index % 2 == 1:
        draw.rectangle((MARGIN - 10, y, WIDTH - MARGIN + 10, y + ROW_H), fill=STRIPE)
    cy = y + ROW_H / 2
    medal = MEDALS.get(row.rank)
    if medal is not None:
        draw.ellipse((MARGIN + 70 - 50, cy - 25, MARGIN + 70, cy + 25), fill=medal, outline=INK, width=2)
        label(draw, (MARGIN + 45, cy), str(row.rank), ROW_SIZE - 6, INK, anchor="mm", bold=True)
    else:
        label(draw, (MARGIN + 70, cy), str(row.rank), ROW_SIZE, INK, anchor="rm", bold=mine)
    name_right = columns[0][1] - 150
    label(draw, (NAME_X, cy), row.name, ROW_SIZE, INK, bold=mine, max_width=name_right - NAME_X)
    for field, right in columns:
        value = getattr(row, field, None)
        bold = field == "rating"
        label(draw, (right, cy), _number(value, locale), ROW_SIZE, INK, anchor="rm", bold=bold or mine)


__all__ = ["render_standings"]

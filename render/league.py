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

from PIL import ImageDraw

from locales import tr
from render.common import BACKGROUND, INK, MUTED, drawable, font, new_canvas, to_png

WIDTH = 1280
MIN_HEIGHT = 420
MARGIN = 40
TITLE_H = 100
HEAD_H = 56
ROW_H = 66
GAP_H = 40
FOOT_H = 56
ROW_SIZE = 36
HEAD_SIZE = 28
TITLE_SIZE = 44
NOTE_SIZE = 22

STRIPE = (234, 229, 214)
HIGHLIGHT = (255, 214, 102)
HIGHLIGHT_EDGE = (150, 100, 0)
TITLE_FILL = (21, 101, 192)
MEDALS = {1: (212, 175, 55), 2: (170, 170, 170), 3: (176, 112, 60)}

NAME_X = MARGIN + 130
MARK_X = MARGIN + 100


def _columns(with_points: bool) -> list[tuple[str, int]]:
    """(field, right edge x) of the number columns."""
    right = WIDTH - MARGIN - 10
    if with_points:
        return [("played", right - 570), ("wins", right - 380), ("points", right - 190), ("rating", right)]
    return [("played", right - 420), ("wins", right - 210), ("rating", right)]


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


def _fit(text: str, size: int, width: float, *, bold: bool = False) -> str:
    face = font(size, bold)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def render_standings(rows: Sequence[Any], *, title: str, highlight_user_id: int | None, locale: str = "en") -> bytes:
    """The table as PNG bytes. ``rows`` in the order to show (usually the top ten, plus the
    caller's own line if it is further down); the same rows give the same bytes."""
    with_points = any(getattr(r, "points", None) is not None for r in rows)
    columns = _columns(with_points)
    gaps = sum(1 for a, b in zip(rows, rows[1:], strict=False) if b.position > a.position + 1)
    body = max(1, len(rows)) * ROW_H + gaps * GAP_H
    height = max(MIN_HEIGHT, TITLE_H + HEAD_H + body + FOOT_H)
    img, draw = new_canvas(WIDTH, height, BACKGROUND)

    draw.rectangle((0, 0, WIDTH, TITLE_H - 16), fill=TITLE_FILL)
    draw.text(
        (MARGIN, (TITLE_H - 16) / 2),
        _fit(drawable(title), TITLE_SIZE, WIDTH - 2 * MARGIN, bold=True),
        font=font(TITLE_SIZE, True),
        fill=(255, 255, 255),
        anchor="lm",
    )

    y = TITLE_H
    head = font(HEAD_SIZE, True)
    mid = y + HEAD_H / 2
    draw.text((MARGIN + 70, mid), tr(locale, "league-col-rank"), font=head, fill=MUTED, anchor="rm")
    draw.text((NAME_X, mid), tr(locale, "league-col-player"), font=head, fill=MUTED, anchor="lm")
    for field, right in columns:
        draw.text((right, mid), tr(locale, f"league-col-{field}"), font=head, fill=MUTED, anchor="rm")
    y += HEAD_H
    draw.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=MUTED, width=2)

    if not rows:
        draw.text(
            (WIDTH / 2, y + ROW_H / 2), tr(locale, "league-picture-empty"), font=font(ROW_SIZE), fill=MUTED, anchor="mm"
        )
    previous = None
    for index, row in enumerate(rows):
        if previous is not None and row.position > previous.position + 1:
            draw.text((WIDTH / 2, y + GAP_H / 2), "• • •", font=font(HEAD_SIZE), fill=MUTED, anchor="mm")
            y += GAP_H
        _draw_row(draw, row, y, index, columns, row.user_id == highlight_user_id, locale)
        y += ROW_H
        previous = row

    note = tr(locale, "league-picture-note")
    draw.text(
        (MARGIN, height - FOOT_H / 2),
        _fit(note, NOTE_SIZE, WIDTH - 2 * MARGIN),
        font=font(NOTE_SIZE),
        fill=MUTED,
        anchor="lm",
    )
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
    face = font(ROW_SIZE, mine)
    cy = y + ROW_H / 2
    medal = MEDALS.get(row.rank)
    if medal is not None:
        draw.ellipse((MARGIN + 70 - 50, cy - 25, MARGIN + 70, cy + 25), fill=medal, outline=INK, width=2)
        draw.text((MARGIN + 45, cy), str(row.rank), font=font(ROW_SIZE - 6, True), fill=INK, anchor="mm")
    else:
        draw.text((MARGIN + 70, cy), str(row.rank), font=face, fill=INK, anchor="rm")
    name_right = columns[0][1] - 150
    draw.text(
        (NAME_X, cy),
        _fit(drawable(row.name), ROW_SIZE, name_right - NAME_X, bold=mine),
        font=face,
        fill=INK,
        anchor="lm",
    )
    for field, right in columns:
        value = getattr(row, field, None)
        bold = field == "rating"
        draw.text((right, cy), _number(value, locale), font=font(ROW_SIZE, bold or mine), fill=INK, anchor="rm")


__all__ = ["render_standings"]

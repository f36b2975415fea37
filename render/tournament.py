"""The tournament's standings picture (and a knockout's bracket): pure functions of plain rows.

Portrait, sized for a phone (Discord shows about 400 px wide there, so the type is large): a
title, one line per player (place, name, points, games and the tie-breaks), players who dropped
out greyed and marked with a cross (not colour alone), the top three with medals. A knockout adds
its bracket below: each round's tables, the players who went on marked with a ▶.

``rows`` are objects with the attributes of ``table.tournament.standings.Standing``; ``names`` maps
user ids to display names (already safe to draw: a picture cannot ping anyone).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from locales import tr
from render.common import BACKGROUND, INK, MUTED, WHITE, cached_palette, label, new_canvas, palette, to_png

WIDTH = 900
MARGIN = 28
TITLE_H = 110
HEAD_H = 52
ROW_H = 62
ROW_SIZE = 34
HEAD_SIZE = 26
TITLE_SIZE = 40
SUB_SIZE = 26
BRACKET_HEAD = 56
BRACKET_LINE = 48
MAX_ROWS = 24

STRIPE = (234, 229, 214)
TITLE_FILL = (106, 27, 154)
MEDALS = {1: (212, 175, 55), 2: (170, 170, 170), 3: (176, 112, 60)}
PLACE_X = MARGIN + 56
NAME_X = MARGIN + 84


@cached_palette
def _palette() -> Image.Image:
    grounds = (BACKGROUND, STRIPE, TITLE_FILL, *MEDALS.values())
    return palette((*grounds, INK, MUTED, WHITE), (INK, MUTED, WHITE), grounds)


def _number(value: float, locale: str) -> str:
    if float(value).is_integer():
        return str(int(value))
    text = f"{value:.2f}".rstrip("0")
    return text.replace(".", ",") if locale == "nl" else text


def columns(table_size: int, knockout: bool) -> list[tuple[str, str]]:
    """(attribute, text id of its heading) of the number columns, left to right."""
    if knockout:
        return [("points", "tournament-col-points"), ("games", "tournament-col-games")]
    if table_size <= 2:
        return [
            ("points", "tournament-col-points"),
            ("games", "tournament-col-games"),
            ("buchholz", "tournament-col-buchholz"),
            ("sonneborn", "tournament-col-sonneborn"),
        ]
    return [
        ("points", "tournament-col-points"),
        ("games", "tournament-col-games"),
        ("score_sum", "tournament-col-score"),
    ]


def render_standings(
    rows: Sequence[Any],
    *,
    names: dict[int, str],
    title: str,
    subtitle: str,
    table_size: int = 2,
    bracket: Sequence[Sequence[tuple[Sequence[int], Sequence[int]]]] = (),
    locale: str = "en",
) -> bytes:
    """PNG bytes. ``bracket``: a knockout's rounds, each a list of (players, those who went on)."""
    shown = list(rows[:MAX_ROWS])
    cols = columns(table_size, bool(bracket))
    bracket_h = sum(BRACKET_HEAD + len(r) * BRACKET_LINE for r in bracket) + (20 if bracket else 0)
    height = TITLE_H + HEAD_H + max(1, len(shown)) * ROW_H + bracket_h + MARGIN
    img, draw = new_canvas(WIDTH, height, BACKGROUND, palette=_palette())

    draw.rectangle((0, 0, WIDTH, TITLE_H - 12), fill=TITLE_FILL)
    label(draw, (MARGIN, 36), title, TITLE_SIZE, WHITE, bold=True, max_width=WIDTH - 2 * MARGIN)
    label(draw, (MARGIN, 78), subtitle, SUB_SIZE, WHITE, max_width=WIDTH - 2 * MARGIN)

    width_per = 112 if len(cols) == 4 else 130
    rights = [WIDTH - MARGIN - width_per * (len(cols) - 1 - i) for i in range(len(cols))]
    y = TITLE_H
    mid = y + HEAD_H / 2
    label(draw, (NAME_X, mid), tr(locale, "tournament-col-player"), HEAD_SIZE, MUTED, bold=True)
    for (_attr, heading), right in zip(cols, rights, strict=True):
        label(draw, (right, mid), tr(locale, heading), HEAD_SIZE, MUTED, anchor="rm", bold=True)
    y += HEAD_H
    draw.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=MUTED, width=2)
    if not shown:
        label(draw, (WIDTH / 2, y + ROW_H / 2), tr(locale, "tournament-picture-empty"), ROW_SIZE, MUTED, anchor="mm")
    name_right = rights[0] - 70
    for index, row in enumerate(shown):
        if index % 2 == 1:
            draw.rectangle((MARGIN - 10, y, WIDTH - MARGIN + 10, y + ROW_H), fill=STRIPE)
        cy = y + ROW_H / 2
        ink = MUTED if row.dropped else INK
        medal = MEDALS.get(row.position) if not row.dropped else None
        if medal is not None:
            draw.ellipse((PLACE_X - 46, cy - 23, PLACE_X, cy + 23), fill=medal, outline=INK, width=2)
            label(draw, (PLACE_X - 23, cy), str(row.position), ROW_SIZE - 8, INK, anchor="mm", bold=True)
        else:
            label(draw, (PLACE_X, cy), str(row.position), ROW_SIZE, ink, anchor="rm")
        name = names.get(row.user_id, str(row.user_id))
        if row.dropped:
            name = f"✗ {name}"
        label(draw, (NAME_X, cy), name, ROW_SIZE, ink, max_width=name_right - NAME_X)
        for (attr, _heading), right in zip(cols, rights, strict=True):
            label(
                draw,
                (right, cy),
                _number(getattr(row, attr), locale),
                ROW_SIZE,
                ink,
                anchor="rm",
                bold=attr == "points",
            )
        y += ROW_H

    if bracket:
        y += 20
        for number, tables in enumerate(bracket, start=1):
            label(
                draw,
                (MARGIN, y + BRACKET_HEAD / 2),
                tr(locale, "tournament-round", n=number),
                HEAD_SIZE,
                MUTED,
                bold=True,
            )
            y += BRACKET_HEAD
            for players, through in tables:
                parts = [("▶ " if u in through else "") + names.get(u, str(u)) for u in players]
                text = "  ·  ".join(parts)
                label(draw, (MARGIN + 20, y + BRACKET_LINE / 2), text, SUB_SIZE, INK, max_width=WIDTH - 2 * MARGIN - 20)
                y += BRACKET_LINE
    return to_png(img)


__all__ = ["columns", "render_standings"]

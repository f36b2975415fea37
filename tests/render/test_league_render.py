"""The league table picture."""

from __future__ import annotations

import io

from PIL import Image

from db.league import Standing
from render.league import render_standings


def rows(count: int, *, points: bool = True, start: int = 1) -> list[Standing]:
    names = ["Ada", "Bartholomeus-Maximilian von Hohenzollern-Sigmaringen", "Zoë", "李小龍", "Dirk", "Émile"]
    return [
        Standing(
            position=i,
            rank=i,
            user_id=100 + i,
            name=names[i % len(names)],
            played=20 - i,
            wins=max(0, 10 - i),
            points=float(200 - 7 * i) + (0.5 if i == 3 else 0.0) if points else None,
            rating=2000 - 37 * i,
            mu=25.0,
            sigma=2.0,
        )
        for i in range(start, start + count)
    ]


def picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_landscape_png_for_every_table_size_and_language():
    for count in (0, 1, 2, 6, 10):
        for with_points in (True, False):
            for locale in ("en", "nl"):
                png = render_standings(
                    rows(count, points=with_points),
                    title="Devil Take The Hindmost: season 3",
                    highlight_user_id=None,
                    locale=locale,
                )
                image = picture(png)
                assert image.format == "PNG" and image.width > image.height >= 400


def test_top_ten_plus_your_own_line_far_below_stays_landscape_and_marks_the_gap():
    table = rows(10) + rows(1, start=42)
    png = render_standings(table, title="All games: season 1", highlight_user_id=142, locale="en")
    image = picture(png)
    assert image.width > image.height
    plain = picture(render_standings(rows(10) + rows(1, start=11), title="All games: season 1", highlight_user_id=None))
    assert image.height > plain.height  # the gap mark takes a little room


def test_the_same_rows_give_the_same_bytes_and_your_line_is_marked():
    table = rows(6)
    first = render_standings(table, title="Duvelen: season 1", highlight_user_id=104, locale="en")
    assert first == render_standings(table, title="Duvelen: season 1", highlight_user_id=104, locale="en")
    unmarked = render_standings(table, title="Duvelen: season 1", highlight_user_id=None, locale="en")
    assert first != unmarked
    # The marked line is filled with the highlight colour somewhere in its row.
    colours = {c for _n, c in picture(first).convert("RGB").getcolors(1 << 20)}
    assert (255, 214, 102) in colours and (255, 214, 102) not in {
        c for _n, c in picture(unmarked).convert("RGB").getcolors(1 << 20)
    }


def test_language_changes_the_column_heads():
    table = rows(3)
    assert render_standings(table, title="t", highlight_user_id=None, locale="en") != render_standings(
        table, title="t", highlight_user_id=None, locale="nl"
    )

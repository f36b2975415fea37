"""League standings read on a phone: 10+ rows, long names, both languages, nothing cut or tiny."""

from __future__ import annotations

from db.league import Standing
from render.league import render_standings
from tests.render.phone import LONG_NAMES, phone_problems


def standings(count: int, *, points: bool, start: int = 1) -> list[Standing]:
    return [
        Standing(
            position=i,
            rank=i,
            user_id=100 + i,
            name=LONG_NAMES[i % len(LONG_NAMES)],
            played=1000 - i,
            wins=max(0, 500 - i),
            points=float(20000 - 7 * i) + 0.5 if points else None,
            rating=2000 - 37 * i,
            mu=25.0,
            sigma=2.0,
        )
        for i in range(start, start + count)
    ]


def test_every_standings_picture_reads_on_a_phone():
    for locale in ("en", "nl"):
        for points in (True, False):
            for table in (
                standings(0, points=points),
                standings(12, points=points),
                standings(10, points=points) + standings(1, points=points, start=42),
            ):
                for mine in (None, 101, 142):
                    _png, found = phone_problems(
                        render_standings,
                        table,
                        title="Devil Take The Hindmost: seizoen 3 — " + LONG_NAMES[1],
                        highlight_user_id=mine,
                        locale=locale,
                    )
                    assert found == []

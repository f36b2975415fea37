"""The tournament standings picture: deterministic, portrait-friendly, long names cut rather than
spilling over the numbers, dropped players marked, a knockout's bracket below."""

import io

from PIL import Image

from render.tournament import render_standings
from table.tournament.standings import Played, standings

LONG = "Maximiliaan van Oldenbarnevelt-Zuylen tot Nijevelt"


def field():
    played = [
        Played(1, (1, 2), (1, 2), (0, 0)),
        Played(1, (3, 4), (1, 1), (0, 0)),
        Played(2, (1, 3), (2, 1), (0, 0)),
        Played(2, (2, 4), (1, 2), (0, 0)),
    ]
    return standings([1, 2, 3, 4], played, dropped=[4])


def test_the_standings_picture_is_deterministic_and_fits_a_phone(tmp_path):
    rows = field()
    names = {1: LONG, 2: "bob", 3: "carol", 4: "dave"}
    args = dict(names=names, title=f"{LONG}: stand", subtitle="How Ruck! · Zwitsers · na ronde 2", locale="nl")
    png = render_standings(rows, **args)
    assert png == render_standings(rows, **args)
    image = Image.open(io.BytesIO(png))
    assert image.width == 900 and image.height < 1200
    (tmp_path / "nl.png").write_bytes(png)


def test_a_knockout_shows_its_bracket():
    rows = field()
    names = {1: "alice", 2: "bob", 3: "carol", 4: "dave"}
    plain = render_standings(rows, names=names, title="Cup", subtitle="knockout", locale="en")
    bracket = [[([1, 2], [1]), ([3, 4], [3])], [([1, 3], [3])]]
    with_bracket = render_standings(rows, names=names, title="Cup", subtitle="knockout", bracket=bracket, locale="en")
    assert Image.open(io.BytesIO(with_bracket)).height > Image.open(io.BytesIO(plain)).height

"""Every picture is an 8-bit palette PNG whose named colours come out exact, small enough to post.

The palettes are fixed per renderer (``render.common.palette``): named colours first, then the
anti-aliasing ramps of ink over ground. These tests decode real pictures of every game and check
the background, the seat colours in play and the ink appear with their exact RGB; that the
encoder's streamed rows decode to the very pixels drawn; and that text on a palette canvas only
uses the ink, the ground and the shades between them (never blended palette indices).
"""

from __future__ import annotations

import importlib
import io

import pytest
from PIL import Image

from db.league import Standing
from render import cards, league
from render.common import (
    BACKGROUND,
    INK,
    WHITE,
    blend,
    label,
    new_canvas,
    palette,
    palette_colours,
    seat_colour,
    to_png,
)
from table.registry import GAMES as REGISTERED
from table.registry import GameEntry
from table.spec import load_spec
from tests.conformance import checks_of, engine_of
from tests.engines.playout import random_steps
from tests.test_contributing_walkthrough import TICTACTOE

NAMES = ["W" * 32, "Ëmma 😀 van der Wijngaarden-Groot", "Zoë", "Bram", "Eva", "Fatima", "Gijs", "Hanna"]
# Every registered game, and the tests' short game (tic-tac-toe: at most nine decisions), at its
# largest table.
PER_GAME = (*REGISTERED, TICTACTOE)
GAMES = [(game, engine_of(game).max_players) for game in PER_GAME]
MAX_BYTES = 150 * 1024


def decoded(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as img:
        img.load()
        return img.copy()


def rgb_colours(img: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _count, colour in img.convert("RGB").getcolors(1 << 20)}


# The colours each palette keeps exact: the shared pictures' here, each game's in its own
# ``GameChecks.palette_named`` (tests/engines/test_<key>_playouts.py).
NAMED = {
    cards: (BACKGROUND, INK, *cards.CARD_NAMED),
    league: (BACKGROUND, INK, WHITE, league.HIGHLIGHT, league.TITLE_FILL, league.STRIPE),
    **{importlib.import_module(game.render_module): checks_of(game).palette_named for game in PER_GAME},
}
RENDERERS = list(NAMED)


@pytest.mark.parametrize("module", RENDERERS, ids=lambda m: m.__name__)
def test_every_named_colour_of_a_palette_maps_to_itself(module):
    assert NAMED[module], f"{module.__name__}: declare the colours its palette keeps exact"
    pal = module._palette()
    entries = palette_colours(pal)
    assert len(entries) <= 256
    named = list(NAMED[module])
    strip = Image.new("RGB", (len(named), 1))
    strip.putdata(named)
    indices = strip.quantize(palette=pal, dither=Image.Dither.NONE).tobytes()
    assert [entries[i] for i in indices] == named


def test_a_palette_keeps_named_colours_first_and_refuses_colours_it_cannot_tell_apart():
    pal = palette((BACKGROUND, INK), (INK,), (BACKGROUND,))
    colours = palette_colours(pal)
    assert colours[:2] == [BACKGROUND, INK]
    assert blend(BACKGROUND, INK, 0.4) in colours  # a ramp shade of ink over the ground
    with pytest.raises(ValueError):
        palette(((255, 255, 255), (254, 254, 254)))


def _views(game: GameEntry, players: int):
    spec = load_spec(game)
    seen = []
    for step, seat, state in random_steps(spec.engine, players, 5, 400):
        if step % 40 == 0:
            seen.append((spec.engine.view(state, None), spec.engine.view(state, seat)))
    return spec, seen


@pytest.mark.parametrize("game,players", GAMES, ids=[f"{game.key}-{players}" for game, players in GAMES])
def test_game_pictures_are_palette_pngs_with_exact_named_colours_and_under_150_kb(game, players):
    spec, seen = _views(game, players)
    assert seen
    for i, (public, own) in enumerate(seen[:4]):
        locale = ("en", "nl")[i % 2]
        png = spec.render_board(public, names=NAMES[:players], locale=locale)
        img = decoded(png)
        assert img.mode == "P" and png[25] == 3  # colour type 3: palette
        assert len(png) < MAX_BYTES
        colours = rgb_colours(img)
        assert img.convert("RGB").getpixel((0, 0)) == BACKGROUND
        assert INK in colours
        assert {seat_colour(seat) for seat in range(players)} <= colours, game.key
        if spec.render_hand is not None:
            hand = decoded(spec.render_hand(own, names=NAMES[:players], locale=locale))
            assert hand.mode == "P" and BACKGROUND in rgb_colours(hand)


def test_league_and_card_pictures_are_palette_pngs():
    rows = [
        Standing(position=p, rank=p, user_id=p, name=NAMES[p % 8], played=9, wins=5, points=None, rating=1500,
                 mu=25.0, sigma=2.0)
        for p in range(1, 11)
    ]  # fmt: skip
    table = decoded(league.render_standings(rows, title="Seizoen 1", highlight_user_id=3, locale="nl"))
    assert table.mode == "P" and {BACKGROUND, INK, league.HIGHLIGHT, league.TITLE_FILL} <= rgb_colours(table)
    row = decoded(cards.render_cards(["AH", "TS", "JK", "7D"], title="Je hand"))
    assert row.mode == "P"
    assert {BACKGROUND, cards.CARD_FACE, cards.RED_SUIT, cards.BLACK_SUIT} <= rgb_colours(row)


@pytest.mark.parametrize("size", [(1, 1), (7, 3), (301, 77), (1080, 40)])
def test_streamed_rows_decode_to_the_pixels_drawn(size):
    noise = Image.effect_noise(size, 60).convert("RGB")
    for img in (noise, noise.quantize(64)):
        back = decoded(to_png(img))
        assert back.mode == img.mode
        assert back.convert("RGB").tobytes() == img.convert("RGB").tobytes()


def test_text_on_a_palette_canvas_uses_only_ink_ground_and_the_shades_between():
    ground = seat_colour(0)
    pal = palette((BACKGROUND, INK, WHITE, ground), (INK, WHITE), (BACKGROUND, ground))
    img, draw = new_canvas(400, 80, BACKGROUND, palette=pal)
    draw.rectangle((200, 0, 400, 80), fill=ground)
    label(draw, (10, 40), "Wagenaar ♥", 30, INK)
    label(draw, (210, 40), "Wagenaar", 30, WHITE)
    left, right = decoded(to_png(img)).convert("RGB").crop((0, 0, 200, 80)), None
    right = decoded(to_png(img)).convert("RGB").crop((200, 0, 400, 80))
    shades_left = {blend(BACKGROUND, INK, s / 5) for s in range(6)}
    shades_right = {blend(ground, WHITE, s / 5) for s in range(6)}
    assert rgb_colours(left) <= shades_left and len(rgb_colours(left)) >= 4
    assert rgb_colours(right) <= shades_right and len(rgb_colours(right)) >= 4


def test_canvases_of_one_palette_share_shade_tables_until_one_grows_its_own_palette():
    """Shade tables are shared by the canvases of a fixed palette (drawing text need not work them
    out anew on every picture); a canvas that had to add a colour keeps its tables to itself."""
    pal = palette((BACKGROUND, INK, WHITE), (INK,), (BACKGROUND,))
    first, draw1 = new_canvas(200, 40, palette=pal)
    label(draw1, (4, 20), "Zoë 12", 20, fill=INK)
    second, draw2 = new_canvas(200, 40, palette=pal)
    label(draw2, (4, 20), "Zoë 12", 20, fill=INK)
    assert second.__dict__["_shade_tables"] is first.__dict__["_shade_tables"]
    assert decoded(to_png(first)).tobytes() == decoded(to_png(second)).tobytes()

    odd = (1, 200, 3)  # in no ramp of this palette: the third canvas's palette grows
    third, draw3 = new_canvas(200, 40, palette=pal)
    label(draw3, (4, 20), "Zoë 12", 20, fill=odd)
    assert third.__dict__["_shade_tables"] is not first.__dict__["_shade_tables"]
    assert all(ink != odd for _ground, ink in first.__dict__["_shade_tables"])
    fourth, draw4 = new_canvas(200, 40, palette=pal)
    label(draw4, (4, 20), "Zoë 12", 20, fill=INK)
    assert decoded(to_png(fourth)).tobytes() == decoded(to_png(first)).tobytes()
    assert odd in palette_colours(third) and odd not in palette_colours(fourth)

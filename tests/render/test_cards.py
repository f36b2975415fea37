"""The shared playing-card drawing: faces, backs, rows of cards, and text with suit shapes."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from render import cards
from render.common import BACKGROUND, RED_SUIT


def blank(width=200, height=260):
    return Image.new("RGB", (width, height), BACKGROUND)


def card_image(code, w=150, h=210, *, dim=False):
    img = blank(w + 20, h + 20)
    cards.draw_card(img, 10, 10, w, h, code, dim=dim)
    return img


def colours(img):
    return {colour for _count, colour in img.getcolors(maxcolors=1 << 20)}


def has_colour_near(img, target, tolerance=40):
    return any(sum(abs(a - b) for a, b in zip(colour, target, strict=True)) <= tolerance for colour in colours(img))


def test_there_are_53_distinct_codes():
    codes = cards.all_codes()
    assert len(codes) == len(set(codes)) == 53
    assert "TS" in codes and "JK" in codes and "AH" in codes


@pytest.mark.parametrize("size", [(40, 56), (64, 90), (150, 210)])
def test_every_card_draws_and_each_face_is_different(size):
    faces = {}
    for code in cards.all_codes():
        img = card_image(code, *size)
        assert img.getbbox() is not None
        faces[code] = img.tobytes()
    assert len(set(faces.values())) == 53


def test_red_suits_are_red_and_black_suits_are_not():
    for code in ("7H", "QD", "AH", "TD"):
        assert has_colour_near(card_image(code), RED_SUIT), code
    for code in ("7S", "QC", "AS", "TC"):
        assert not has_colour_near(card_image(code), RED_SUIT), code


def test_suits_are_shapes_not_colour_alone():
    """Hearts and diamonds share a colour, so their shapes must differ (same for spades and clubs)."""
    assert cards.suit_mask("H", 40).tobytes() != cards.suit_mask("D", 40).tobytes()
    assert cards.suit_mask("S", 40).tobytes() != cards.suit_mask("C", 40).tobytes()
    for suit in cards.SUITS:
        mask = cards.suit_mask(suit, 40)
        covered = sum(1 for value in mask.tobytes() if value > 128)
        assert 0.25 * 1600 < covered < 0.8 * 1600, suit


def test_dim_greys_a_card_out():
    bright, dimmed = card_image("KH"), card_image("KH", dim=True)
    assert bright.tobytes() != dimmed.tobytes()
    assert has_colour_near(bright, RED_SUIT)
    assert not has_colour_near(dimmed, RED_SUIT, tolerance=80)


def test_a_card_stays_inside_its_box():
    for draw in (
        lambda img: cards.draw_card(img, 30, 40, 100, 140, "JK"),
        lambda img: cards.draw_card_back(img, 30, 40, 100, 140),
        lambda img: cards.draw_card(img, 30, 40, 100, 140, "QS", dim=True),
    ):
        img = blank()
        draw(img)
        assert ImageChops.difference(img, blank()).getbbox() == (30, 40, 130, 180)


def test_bad_codes_are_refused():
    for code in ("", "1H", "TX", "JOKER", "th", "10H"):
        with pytest.raises(ValueError):
            cards.draw_card(blank(), 0, 0, 60, 84, code)
        with pytest.raises(ValueError):
            cards.card_text(code)


def test_card_text_for_buttons():
    assert cards.card_text("TH") == "10♥"
    assert cards.card_text("AS") == "A♠"
    assert cards.card_text("QD") == "Q♦"
    assert cards.card_text("2C") == "2♣"
    assert cards.card_text("JK") == "Joker"
    assert all(len(cards.card_text(code)) <= 5 for code in cards.all_codes())


def png(data):
    with Image.open(io.BytesIO(data)) as img:
        assert img.format == "PNG"
        img.load()
        return img.copy()


def test_render_cards_is_a_deterministic_landscape_row():
    hand = ["7H", "JK", "TS", "AD", "2C"]
    data = cards.render_cards(hand, title="Your hand")
    assert data == cards.render_cards(list(hand), title="Your hand")
    img = png(data)
    assert img.width > img.height
    assert data != cards.render_cards(hand)
    assert data != cards.render_cards(["7H", "JK", "TS", "AD", "3C"], title="Your hand")


def test_render_cards_handles_none_and_many():
    assert png(cards.render_cards([])).size[0] > 0
    many = png(cards.render_cards(cards.all_codes()))
    assert many.width <= 1280
    one_row = png(cards.render_cards(cards.all_codes()[:10]))
    assert many.height > 3 * one_row.height


def test_text_for_the_bundled_font():
    assert cards.drawable("Zoë Müller") == "Zoë Müller"
    assert cards.drawable("7♥ → 3") == "7♥ → 3"
    assert cards.drawable("日本 Ann 🦜") == " Ann "  # left out, never a bare "?"


def test_text_with_suits_draws_shapes():
    img = blank(400, 60)
    width = cards.draw_text(img, 10, 30, "7♥ → 3", 30)
    assert width == cards.text_width("7♥ → 3", 30)
    assert has_colour_near(img, RED_SUIT)
    plain = blank(400, 60)
    cards.draw_text(plain, 10, 30, "7♥ → 3", 30, suit_colours=False)
    assert not has_colour_near(plain, RED_SUIT)


def test_fit_and_wrap_text():
    long = "Chloe rider 2 crosses the line: the turn is completed, then the last rider is out."
    short = cards.fit_text(long, 20, 200)
    assert short.endswith("…") and cards.text_width(short, 20) <= 200
    assert cards.fit_text("Anna", 20, 200) == "Anna"
    rows = cards.wrap_text(long, 20, 380, 2)
    assert len(rows) == 2 and rows[0].startswith("Chloe rider 2")
    assert all(cards.text_width(row, 20) <= 380 for row in rows)
    assert cards.wrap_text("Anna", 20, 380, 2) == ["Anna"]

"""Card pictures read on a phone: the title inside the picture and large enough, card indices at
least the phone minimum, for any number of cards and long Dutch titles; the Hindmost hand too."""

from __future__ import annotations

from render import cards
from render.layout import picture_size
from tests.render.phone import LONG_NAMES, min_piece, phone_problems


def test_card_rows_read_on_a_phone():
    codes = cards.all_codes()
    for count in (0, 1, 2, 5, 6, 13, 20):
        for title in (None, "Jouw hand", "De hand van " + LONG_NAMES[1] + " en " + LONG_NAMES[0]):
            png, found = phone_problems(cards.render_cards, codes[count : count * 2], title=title)
            assert found == [], (count, title)
            width, _height = picture_size(png)
            assert cards.index_height(cards.CARD_W, cards.CARD_H) >= min_piece(width)
            # The corner index (rank over suit) too: it is what a fanned hand shows.
            assert round(cards.CARD_H * 0.14) + round(cards.CARD_W * 0.15) >= min_piece(width)


def test_emoji_and_accents_in_titles_are_drawn_or_left_out():
    png, found = phone_problems(cards.render_cards, ["AH", "JK"], title="Zoë 🦜 Ærø")
    assert found == []
    assert cards.drawable("Zoë 🦜 Ærø").replace(" ", "") in ("ZoëÆrø", "Zoë🦜Ærø")

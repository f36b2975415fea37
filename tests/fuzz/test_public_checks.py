"""The fuzz and crash suites' leak checks must see the hidden cards, or they pass for nothing."""

import pytest

from table.registry import GAME_KEYS
from table.spec import load_spec
from tests.fuzz.public_checks import hidden_cards, private_cards

# The games that declare private cards (``GameChecks.private_cards``).
WITH_PRIVATE_CARDS = [game for game in GAME_KEYS if private_cards(game) is not None]


def test_some_game_declares_private_cards():
    assert WITH_PRIVATE_CARDS, "no game declares private cards: the leak checks would check nothing"


@pytest.mark.parametrize("game", WITH_PRIVATE_CARDS)
def test_every_seat_of_a_new_game_has_hidden_cards_the_checks_know(game):
    engine = load_spec(game).engine
    state, _ = engine.new_game(2, 7, engine.normalize_options({}))
    hidden = hidden_cards(game, engine, state, [])
    assert set(hidden) == {0, 1}
    assert all(hidden[seat] for seat in hidden)

"""The fuzz and crash suites' leak checks must see the hidden cards, or they pass for nothing."""

import pytest

from table.spec import load_spec
from tests.fuzz.public_checks import PRIVATE_CARDS, hidden_cards


@pytest.mark.parametrize("game", sorted(PRIVATE_CARDS))
def test_every_seat_of_a_new_game_has_hidden_cards_the_checks_know(game):
    engine = load_spec(game).engine
    state, _ = engine.new_game(2, 7, engine.normalize_options({}))
    hidden = hidden_cards(game, engine, state, [])
    assert set(hidden) == {0, 1}
    assert all(hidden[seat] for seat in hidden)

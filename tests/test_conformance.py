"""The conformance check (``tests/conformance.py``) for every registered game, and for the tests'
toy game Nim and its short game tic-tac-toe, registered exactly as real ones (their ``GameEntry`` are
``tests.test_nim_game.NIM`` and ``tests.test_contributing_walkthrough.TICTACTOE``):
a game that passes here needs nothing else in the tests to name it.

``TAFELBOT_PRIVACY_SEEDS`` plays more games per seat count in the privacy check (the suite plays a
CI-sized amount).
"""

from __future__ import annotations

import os

import pytest

from table.registry import GAMES
from table.spec import load_spec
from tests.conformance import (
    check_extras,
    check_new_opens_a_table,
    check_pictures,
    check_playouts,
    check_privacy,
    check_texts,
    checks_of,
    engine_of,
    new_command,
    player_counts,
)
from tests.test_contributing_walkthrough import TICTACTOE
from tests.test_nim_game import NIM

ALL = (*GAMES, NIM, TICTACTOE)
IDS = [game.key for game in ALL]
PRIVACY_SEEDS = range(int(os.environ.get("TAFELBOT_PRIVACY_SEEDS", "2")))
PRIVACY_CASES = [(game, players) for game in ALL for players in player_counts(engine_of(game))]


@pytest.mark.slow  # whole-game playouts of every game (seconds): the slow tier's long playouts
@pytest.mark.parametrize("game", ALL, ids=IDS)
def test_playouts_round_trip_replay_and_score_as_the_outcome(game):
    assert check_playouts(load_spec(game).engine, checks_of(game)) > 0


@pytest.mark.parametrize(
    ("game", "players"), PRIVACY_CASES, ids=[f"{game.key}-{players}" for game, players in PRIVACY_CASES]
)
def test_no_view_shows_what_its_viewer_may_not_know(game, players):
    check_privacy(load_spec(game).engine, checks_of(game), players, PRIVACY_SEEDS)


@pytest.mark.parametrize("game", ALL, ids=IDS)
def test_the_renderer_has_exactly_the_declared_extras(game):
    check_extras(game)


@pytest.mark.parametrize("game", ALL, ids=IDS)
def test_pictures_pass_the_phone_layout_checks(game):
    assert check_pictures(load_spec(game), checks_of(game)) >= 4


@pytest.mark.parametrize("game", ALL, ids=IDS)
async def test_dutch_command_and_option_names(game):
    load_spec(game)  # a game kept outside the package brings its own texts
    _cog, new = await new_command(game)
    check_texts(game, new)


@pytest.mark.parametrize("game", ALL, ids=IDS)
async def test_the_cogs_new_opens_a_table(game, tmp_path):
    cog, new = await new_command(game)
    await check_new_opens_a_table(game, cog, new, tmp_path / "default.sqlite3")
    # And with the options of a short game, as the crash and fuzz suites open it.
    cog, new = await new_command(game)
    await check_new_opens_a_table(game, cog, new, tmp_path / "short.sqlite3", **checks_of(game).short_game)

"""CONTRIBUTING.md's walk-through ("Adding a game") runs: its code is the tests' toy game Nim, and
Nim's cog opens and plays a table in the real bot against the fake Discord, as ``/nim new`` would
for a person. A game written from the walk-through alone works the same way.

The bot here hosts Nim next to nothing else, given by its registry line (``NIM``), as a bot hosts
a game of its own package by key (``bot.Config.games``).

Tic-tac-toe (``tests/tictactoe.py``, ``tests/tictactoe_cog.py``, ``tests/locales/*/tictactoe.ftl``,
``tests/engines/test_tictactoe_playouts.py`` and ``TICTACTOE`` below) is a game written from the
guide alone, and over in at most nine decisions: the suite's per-game tests run it beside the real
games (the conformance check, the computer players' budgets and levels, the palette pictures, the
plural check of its texts, the smoke script's quick table), and here the bot plays it to the end.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from pathlib import Path

import pytest

from table.registry import Extras, GameEntry
from tests.e2e.conftest import alice, capture, channel, fake  # noqa: F401  (fixtures)
from tests.e2e.drive import open_table, play_to_the_end
from tests.e2e.harness import Tafel
from tests.test_nim_game import NIM

TICTACTOE = GameEntry(
    "tictactoe",
    Extras.NONE,
    engine_module="tests.tictactoe",
    ai_module="tests.tictactoe",
    render_module="tests.tictactoe",
    cog_extension="tests.tictactoe_cog",
    locale_folder=str(Path(__file__).parent / "locales"),
)

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def code_blocks(markdown: str) -> list[str]:
    return [textwrap.dedent(block) for block in re.findall(r"```python\n(.*?)```", markdown, flags=re.S)]


def block_with(needle: str) -> str:
    found = [block for block in code_blocks(GUIDE) if needle in block]
    assert len(found) == 1, f"CONTRIBUTING.md has {len(found)} python blocks with {needle!r}"
    return found[0]


def test_the_guides_cog_example_is_the_nim_cog_the_suite_runs():
    example = block_with("class Nim(")
    assert example.strip() in (ROOT / "tests" / "nim_cog.py").read_text(encoding="utf-8")
    # The commands it calls exist on the flow (mypy checks tests/nim_cog.py too; this says where).
    assert "self.flow.lobby.create(" in example


def test_the_guides_registry_line_for_nim_is_the_one_the_suite_registers():
    example = block_with('"nim",\n')
    assert example.strip() in (ROOT / "tests" / "test_nim_game.py").read_text(encoding="utf-8")


def test_the_guide_names_every_method_of_the_engine_a_game_implements_or_may_override():
    """A sixth game written from the guide alone met hooks it never named (issue 46:
    ``forced_action``, auto-play, and ``asks_confirmation``): every method of ``Engine`` is in its
    tables, or among the shared ones it says are never overridden."""
    import inspect

    from engines.base import Engine

    shared = GUIDE[GUIDE.index("Shared, never overridden:") :].split("\n\n")[0]
    parts_of_apply = {"check_syntax", "_checked_apply"}  # what the shared apply calls
    missing = [
        name
        for name, member in vars(Engine).items()
        if inspect.isfunction(member)
        and name not in parts_of_apply
        and f"`{name}(" not in GUIDE
        and f"`{name}`" not in shared
    ]
    assert missing == [], f"CONTRIBUTING.md does not name {missing}"


@pytest.fixture
async def tafel_of_one_game(request, fake, capture, tmp_path):  # noqa: F811
    """The bot hosting only the game whose registry line the test names (``indirect``)."""
    game: GameEntry = request.param
    tafel = Tafel(fake, str(tmp_path / f"{game.key}.sqlite3"))
    tafel.config = dataclasses.replace(tafel.config, games=(game,))
    await tafel.start()
    yield tafel
    await tafel.stop()


@pytest.mark.parametrize("tafel_of_one_game", [NIM], indirect=True)
async def test_nim_new_opens_a_table_and_a_whole_game_is_played(fake, tafel_of_one_game, channel, alice):  # noqa: F811
    nim_tafel = tafel_of_one_game
    new = await fake.slash(alice, channel, "nim", "new", options={"pile": 5})
    assert not new.ephemeral and new.message.embeds, "/nim new answers with the lobby"
    row = await nim_tafel.bot.store.open_game_in_channel(channel)
    assert row is not None and (row.game, row.status, row.options) == ("nim", "lobby", {"pile": 5})

    # Opened, joined by a computer and started with the lobby's buttons, then played to the end.
    await fake.click(alice, new.message, f"tb:lobby:{row.id}:cancel")
    game_id = await open_table(fake, nim_tafel, channel, "nim", alice, computers=1, options={"pile": 7})
    finished = await play_to_the_end(fake, nim_tafel, channel, game_id, {alice.id: alice})
    assert finished.status == "finished"
    results = await nim_tafel.bot.store.results(game_id)
    assert sorted(r.placement for r in results) == [1, 2]
    assert any(o["name"] == "play" for o in fake.command("nim")["options"])


@pytest.mark.parametrize("tafel_of_one_game", [TICTACTOE], indirect=True)
async def test_a_game_of_nine_decisions_at_most_is_played_to_the_end(fake, tafel_of_one_game, channel, alice):  # noqa: F811
    tictactoe_tafel = tafel_of_one_game
    game_id = await open_table(fake, tictactoe_tafel, channel, "tictactoe", alice, computers=1)
    finished = await play_to_the_end(fake, tictactoe_tafel, channel, game_id, {alice.id: alice})
    assert finished.status == "finished"
    moves = await tictactoe_tafel.bot.store.moves(game_id)
    assert 5 <= len(moves) <= 9
    results = await tictactoe_tafel.bot.store.results(game_id)
    assert sorted(r.placement for r in results) in ([1, 1], [1, 2])
    assert any(o["name"] == "move" for o in fake.command("tictactoe")["options"])

"""The tests' toy game, registered exactly like a real one: the check that the plug-in contract
(``CONTRIBUTING.md``, "Adding a game") is all a game needs.

Nim's files: ``tests/nim.py`` (engine, computer player, renderer), ``tests/nim_cog.py`` (the cog)
and ``tests/locales/{en,nl}/nim.ftl`` (its texts); the registry line is ``NIM`` below. The
conformance check every game passes (``tests/test_conformance.py``) runs over Nim too, with its
declaration in ``tests/engines/test_nim_playouts.py``.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import discord
from discord.ext import commands

from db import Seat, Store
from engines.base import ENVELOPE_KEYS
from locales import tr
from table import lobby
from table.computers import ComputerPlayers
from table.registry import GAMES, Extras, GameEntry, entry
from table.service import ActResult, Player, TableService
from table.spec import load_spec
from table.text import event_line

NIM = GameEntry(
    "nim",
    Extras.NONE,
    engine_module="tests.nim",
    ai_module="tests.nim",
    render_module="tests.nim",
    cog_extension="tests.nim_cog",
    locale_folder=str(Path(__file__).parent / "locales"),
)
ANN = Player(1, "Ann")


def test_the_registry_line_finds_every_part():
    assert entry("nim", (*GAMES, NIM)) is NIM
    spec = load_spec(NIM)
    assert spec.key == "nim" and spec.engine.name == "nim" and spec.computer_delay == 0.0
    assert spec.render_hand is None and spec.action_group is None and spec.event_formatter is None
    state, events = spec.engine.new_game(2, 5, {"pile": 6})
    view = spec.engine.view(state, 0)
    assert set(view) >= ENVELOPE_KEYS and view["private"] is None and view["viewer"] == 0
    assert spec.render_board(view, names=["Ann", "Bob"]).startswith(b"\x89PNG")
    assert spec.action_label(view, "take2") == "take 2"


def test_nim_speaks_both_languages_through_its_own_catalogue():
    load_spec(NIM)
    seats = [Seat("Ann", 1), Seat("Bob", 2)]
    assert event_line("en", "nim", {"type": "took", "seat": 1, "n": 2, "left": 5}, seats) == "**Bob** took 2 (5 left)."
    assert event_line("nl", "nim", {"type": "won", "seat": 0}, seats) == "**Ann** nam het laatste fiche en wint."
    assert tr("nl", "nim-name") == "Nim" and tr("en", "nim-option-pile") == "Counters"
    assert tr("en", "nim-error-bad-pile") == "The pile must hold 1 to 50 counters."
    assert tr("nl", "nim-rules").startswith("**Nim**")


async def test_the_cog_declares_the_shared_commands_and_its_own_new():
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await bot.load_extension(NIM.cog_extension)
    group = bot.tree.get_command("nim")
    assert group is not None
    names = {command.name for command in group.commands}
    assert {"new", "join", "start", "play", "hand", "board", "resign", "cancel"} <= names
    new = next(command for command in group.commands if command.name == "new")
    # Its own option, then the ones every table has (cogs/table/table_options.py).
    assert [p.name for p in new.parameters] == ["pile", "language", "time_per_move", "time_bank", "quiet_clocks"]
    assert importlib.import_module(NIM.cog_extension).Nim.game == "nim"


async def test_a_whole_game_against_a_computer_through_the_table_service(tmp_path):
    store = await Store.open(tmp_path / "nim.sqlite3")
    spec = load_spec(NIM)
    service = TableService(store, {"nim": spec})
    published: list[ActResult] = []

    async def publish(result: ActResult) -> None:
        published.append(result)

    computers = ComputerPlayers(service, publish, delay_factor=0.0)
    try:
        row = await lobby.create(service, "nim", guild_id=1, channel_id=7, host=ANN, options={"pile": 11})
        await lobby.add_computer(service, row.id, ANN)
        row = (await lobby.start(service, row.id, ANN)).row
        moves = 0
        while row.status == "active":
            state = service.state_of(row)
            if 0 in spec.engine.to_move(state):
                row = (await service.act(row.id, user_id=ANN.user_id, action="take1")).row
            else:
                computers.poke(row)
                await computers.idle()
                row = await service.get(row.id)
            moves += 1
            assert moves < 40
        assert published, "the computer moved"
        # The computer plays perfectly against someone taking one at a time from 11: it wins.
        results = await store.results(row.id)
        assert [(r.name, r.placement) for r in results] == [("Ann", 2), ("Computer 1", 1)]
        logged = await store.moves(row.id)
        assert sum(int(action[4:]) for _seq, _seat, action in logged) == 11
    finally:
        await computers.close()
        await store.close()

"""The lobby's settings field in words: every option of every game's ``new`` has a label in both
languages, and every value the lobby shows is a message, never a code (``riders: None``,
``mode: relaxed``, ``barrels_to_win: 3`` were once shown as they are stored).

Each game's own ``/<game> new`` is called with its defaults and with each choice, each end of each
range and both truth values, and the lobby embed of the table it opens is read as a player sees it.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import typing
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.utils import MISSING

from cogs.table.cog import TableCog
from cogs.table.lobby import LobbyPresenter
from cogs.table.table_options import table_opening
from db import Store
from locales import LANGUAGES, has, tr
from table import lobby
from table.registry import GAMES
from table.service import Player, TableService
from table.spec import load_spec
from table.text import option_value_id

HOST = Player(1, "Anna")
CODES = {"None", "True", "False"}  # how Python writes None and truth values


def new_command(game: str) -> app_commands.Command:
    entry = next(e for e in GAMES if e.key == game)
    module = importlib.import_module(entry.cog_extension)
    (cog,) = [
        c
        for c in vars(module).values()
        if isinstance(c, type) and issubclass(c, TableCog) and c is not TableCog and c.__module__ == module.__name__
    ]
    return cog.new


def takes_choice(annotation: Any) -> bool:
    """Whether the callback wants an ``app_commands.Choice`` (not only its value)."""
    return any(typing.get_origin(a) is app_commands.Choice for a in (annotation, *typing.get_args(annotation)))


def sample_calls(command: app_commands.Command) -> list[dict[str, Any]]:
    """Keyword arguments for ``new``: the defaults, then each other value of one option at a time."""
    signature = inspect.signature(command.callback, eval_str=True).parameters
    calls: list[dict[str, Any]] = [{}]
    for name, parameter in command._params.items():
        if parameter.choices is not MISSING and parameter.choices:
            wrap = takes_choice(signature[name].annotation)
            values = [choice if wrap else choice.value for choice in parameter.choices]
        elif parameter.type == discord.AppCommandOptionType.boolean:
            values = [True, False]
        else:
            values = [v for v in (parameter.min_value, parameter.max_value) if v is not None]
        calls += [{name: value} for value in values]
    return calls


async def opened(service: TableService, game: str, lang: str, values: dict[str, Any], channel: int):
    """What ``/<game> new`` with ``values`` opens, as a stored row (the lobby without Discord)."""
    asked: list[tuple[dict[str, Any], dict[str, Any] | None]] = []

    async def create(interaction, game_key, options, settings=None):
        asked.append((options, settings))

    cog = SimpleNamespace(game=game, flow=SimpleNamespace(lobby=SimpleNamespace(create=create)))
    interaction = SimpleNamespace(locale=lang, extras={})
    await new_command(game).callback(cog, interaction, **values)
    ((options, settings),) = asked
    opening = table_opening(interaction, options)
    return await lobby.create(
        service,
        game,
        guild_id=1,
        channel_id=channel,
        host=HOST,
        options=opening.options,
        locale=lang,
        settings={**opening.settings, **(settings or {})},
    )


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "lobby.sqlite3")
    yield TableService(store, {entry.key: load_spec(entry) for entry in GAMES})
    await store.close()


def settings_field(embed, lang: str) -> list[str]:
    fields = [f for f in embed.fields if f.name == tr(lang, "lobby-options")]
    assert len(fields) == 1
    return fields[0].value.split("\n")


@pytest.mark.parametrize("game", [entry.key for entry in GAMES])
async def test_every_option_and_value_in_the_lobby_is_a_message(service, game):
    presenter = LobbyPresenter(SimpleNamespace(service=service))
    channel = itertools.count(100)
    for lang, values in itertools.product(LANGUAGES, sample_calls(new_command(game))):
        row = await opened(service, game, lang, values, next(channel))
        for key, value in row.options.items():
            for language in LANGUAGES:
                assert has(language, f"{game}-option-{key}"), f"{language}: no label {game}-option-{key}"
            value_id = option_value_id(game, key, value)
            assert value_id is None or has(lang, value_id), f"{lang}: {key}={value!r} has no message {value_id}"
        for key, _value in service.settings_of(row).shown():
            assert has(lang, f"option-{key}"), f"{lang}: no label option-{key}"
        lines = settings_field(presenter.embed(row), lang)
        assert len(lines) == len(row.options) + len(service.settings_of(row).shown())
        for line in lines:
            label, _, shown = line.partition(": ")
            assert shown, line
            assert label not in row.options and "_" not in label, f"{lang}: raw key in {line!r}"
            assert shown not in CODES and "_" not in shown, f"{lang}: raw value in {line!r}"
            if lang == "nl":
                assert not any(c.isdigit() and n == "." for c, n in itertools.pairwise(shown)), line  # 1,5 s


async def test_the_dutch_lobby_reads_as_dutch(service):
    presenter = LobbyPresenter(SimpleNamespace(service=service))
    row = await opened(service, "hindmost", "nl", {"own_decks": True}, 1)
    assert settings_field(presenter.embed(row), "nl") == [
        "Renners per speler: standaard",
        "Wedstrijden in de reeks: 1",
        "Eigen stapels: ja",
        "Wedden: nee",
        "Tijd per zet: 24 uur",
        "Aantal keer te laat voordat de computer overneemt: 3",
    ]
    mode = app_commands.Choice(name="relaxed", value="relaxed")
    row = await opened(service, "duvelen", "nl", {"mode": mode, "quiet": 90, "computer_speed": 2.5}, 2)
    assert settings_field(presenter.embed(row), "nl") == [
        "Rondes: 3",
        "Speelwijze: rustig",
        "Tijd per zet: 24 uur",
        "Aantal keer te laat voordat de computer overneemt: 3",
        "Ronde eindigt na een stilte van: 90 s",
        "Bedenktijd computer per actie: 2,5 s",
    ]
    row = await opened(service, "howruck", "en", {"barrels": 2}, 3)
    assert settings_field(presenter.embed(row), "en")[:2] == ["Learning round: no", "Barrels to win: 2"]

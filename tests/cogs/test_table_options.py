"""The mechanism for options every game's ``new`` has (cogs/table/table_options.py)."""

from __future__ import annotations

from types import SimpleNamespace

from discord import app_commands
from discord.ext import commands

from cogs.table.table_options import EXTRAS_KEY, TableOpening, TableOption, table_opening, with_table_options


def interaction(locale="nl", **chosen):
    return SimpleNamespace(locale=locale, guild_locale="en-US", extras={EXTRAS_KEY: chosen} if chosen else {})


def test_language_defaults_to_the_users_not_the_servers():
    assert table_opening(interaction("nl"), {}).locale == "nl"
    assert table_opening(interaction("en-GB"), {}).locale == "en"


def test_chosen_language_wins_and_options_are_kept():
    settings = table_opening(interaction("nl", language="en"), {"rounds": 3})
    assert settings == TableOpening(locale="en", options={"rounds": 3})


def test_an_unknown_language_is_ignored():
    assert table_opening(interaction("nl", language="xx"), {}).locale == "nl"


def test_a_second_option_writes_a_table_setting():
    """What the time per move will do: a ``_`` setting the rules never see."""

    def minutes(settings, value):
        settings.options["_move_minutes"] = value

    clock = TableOption("minutes", int | None, "Minutes per move", minutes)
    settings = table_opening(interaction("en", minutes=30), {"rounds": 1}, (clock,))
    assert settings.options == {"rounds": 1, "_move_minutes": 30}


async def test_wrapped_command_passes_the_games_options_through_and_keeps_the_shared_ones():
    seen = {}

    class Game(commands.Cog):
        @app_commands.command(name="new", description="Open a table")
        @app_commands.describe(rounds="Rounds")
        async def new(self, interaction, rounds: app_commands.Range[int, 1, 5] = 2) -> None:
            seen["rounds"] = rounds
            seen["extras"] = dict(interaction.extras)

    extra = TableOption("minutes", int | None, "Minutes per move", lambda s, v: None)
    command = with_table_options(Game.__dict__["new"], (extra,))
    params = {p.name: p for p in command.parameters}
    assert list(params) == ["rounds", "minutes"]
    assert params["rounds"].description == "Rounds" and params["rounds"].max_value == 5
    assert params["minutes"].description == "Minutes per move" and not params["minutes"].required
    fake = SimpleNamespace(extras={})
    await command.callback(Game(), fake, rounds=4, minutes=15)
    assert seen == {"rounds": 4, "extras": {EXTRAS_KEY: {"minutes": 15}}}

"""Every slash command gets a valid Dutch name and description (Discord rejects bad ones at sync)."""

import re

import discord
import pytest

from bot import Config, create_bot
from cogs.translator import FluentTranslator

NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture
async def tree_payload(tmp_path):
    bot = create_bot(Config(token="x", database=str(tmp_path / "db.sqlite3"), sync_commands=False))
    bot.tree.translator  # noqa: B018
    await bot.tree.set_translator(FluentTranslator())
    from cogs.table.clicks import ALL_DYNAMIC_ITEMS  # noqa: F401
    from table.registry import GAMES

    for name in (
        "cogs.rules",
        "cogs.league",
        "cogs.table_commands",
        "cogs.replay",
        "cogs.help",
        "cogs.tournament",
        *(g.cog_extension for g in GAMES),
    ):
        await bot.load_extension(name)
    translator = bot.tree.translator
    payload = [await cmd.get_translated_payload(bot.tree, translator) for cmd in bot.tree.get_commands()]
    yield payload
    await bot.tree.set_translator(None)


def walk(options, depth=0):
    for option in options:
        yield option, depth
        yield from walk(option.get("options", []), depth + 1)


async def test_every_command_has_a_valid_dutch_name_and_description(tree_payload):
    dutch = discord.Locale.dutch.value
    names = {c["name"] for c in tree_payload}
    assert {"hindmost", "rules"} <= names
    for command in tree_payload:
        for item, _depth in [(command, 0), *walk(command.get("options", []))]:
            if item.get("type") in (None, 1, 2) or "name_localizations" in item:
                nl_name = item.get("name_localizations", {}).get(dutch)
                assert nl_name, f"no Dutch name for {item['name']}"
                assert NAME.match(nl_name) and nl_name == nl_name.lower(), nl_name
                nl_desc = item.get("description_localizations", {}).get(dutch)
                assert nl_desc and len(nl_desc) <= 100, f"Dutch description of {item['name']}: {nl_desc!r}"


async def test_subcommand_names_are_unique_in_dutch(tree_payload):
    dutch = discord.Locale.dutch.value
    for command in tree_payload:
        subs = [
            o.get("name_localizations", {}).get(dutch, o["name"])
            for o in command.get("options", [])
            if o.get("type") == 1
        ]
        assert len(subs) == len(set(subs))


async def test_league_and_table_settings_each_have_their_own_dutch_description(tree_payload):
    dutch = discord.Locale.dutch.value

    def settings_of(group: str) -> dict:
        command = next(c for c in tree_payload if c["name"] == group)
        return next(o for o in command["options"] if o["name"] == "settings")

    league, table = settings_of("league"), settings_of("table")
    assert league["name_localizations"][dutch] == table["name_localizations"][dutch] == "instellingen"
    assert "ratings" in league["description_localizations"][dutch]
    assert "tafelinstellingen" in table["description_localizations"][dutch]


async def test_a_group_may_give_a_shared_subcommand_its_own_dutch_name(tree_payload):
    # /table mine lists all your games, /tournament mine shows your one game of the round.
    dutch = discord.Locale.dutch.value

    def mine_of(group: str) -> dict:
        command = next(c for c in tree_payload if c["name"] == group)
        return next(o for o in command["options"] if o["name"] == "mine")

    assert mine_of("table")["name_localizations"][dutch] == "mijn-spellen"
    assert mine_of("tournament")["name_localizations"][dutch] == "mijn-partij"

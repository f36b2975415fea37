"""/league's command tree: valid Dutch names and descriptions, and the table's top lines."""

import re

import discord
import pytest

from bot import Config, create_bot
from cogs.league import top_with_own
from cogs.translator import FluentTranslator
from db import Store
from db.league import Standing
from locales import tr

NAME = re.compile(r"^[-_\w]{1,32}$")
DUTCH = discord.Locale.dutch.value


@pytest.fixture
async def league_payload(tmp_path):
    bot = create_bot(Config(token="x", database=str(tmp_path / "db.sqlite3"), sync_commands=False))
    bot.store = await Store.open(tmp_path / "db.sqlite3")
    await bot.tree.set_translator(FluentTranslator())
    await bot.load_extension("cogs.league")
    command = bot.tree.get_command("league")
    yield await command.get_translated_payload(bot.tree, bot.tree.translator)
    await bot.tree.set_translator(None)
    await bot.store.close()


def walk(options):
    for option in options:
        yield option
        yield from walk(option.get("options", []))


async def test_every_league_command_and_option_has_a_valid_dutch_name_and_description(league_payload):
    assert league_payload["name_localizations"][DUTCH] == "competitie"
    for item in [league_payload, *walk(league_payload["options"])]:
        nl_name = item.get("name_localizations", {}).get(DUTCH)
        assert nl_name and NAME.match(nl_name) and nl_name == nl_name.lower(), (item["name"], nl_name)
        nl_desc = item.get("description_localizations", {}).get(DUTCH)
        assert nl_desc and len(nl_desc) <= 100, (item["name"], nl_desc)
    subs = [o["name_localizations"][DUTCH] for o in league_payload["options"]]
    assert len(subs) == len(set(subs))


async def test_season_new_has_its_own_dutch_description(league_payload):
    season = next(o for o in league_payload["options"] if o["name"] == "season")
    new = next(o for o in season["options"] if o["name"] == "new")
    assert new["name_localizations"][DUTCH] == "nieuw"
    assert new["description_localizations"][DUTCH] == tr("nl", "cmd-desc-season-new")
    assert new["description_localizations"][DUTCH] != tr("nl", "cmd-desc-new")  # not "open a table"


def line(position, user_id):
    return Standing(position, position, user_id, f"P{user_id}", 1, 0, None, 1000, 25.0, 8.3)


def test_top_ten_plus_your_own_line():
    rows = [line(i, 100 + i) for i in range(1, 16)]
    assert [r.position for r in top_with_own(rows, 103)] == list(range(1, 11))
    assert [r.position for r in top_with_own(rows, 114)] == [*range(1, 11), 14]
    assert [r.position for r in top_with_own(rows, 999)] == list(range(1, 11))
    assert top_with_own(rows[:3], 102) == rows[:3]

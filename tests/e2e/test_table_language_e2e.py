"""The table's language: an option of every game's ``new``, by default the host's own language.

A server without Community reports English as its locale, so the server's locale must not decide.
"""

from __future__ import annotations

import pytest

from table.registry import GAME_KEYS


async def test_default_is_the_hosts_language_not_the_servers(fake, tafel, channel, bob):
    assert fake.guilds[fake.guild_id].locale == "en-US"  # a server without Community
    new = await fake.slash(bob, channel, "hindmost", "new")  # bob's Discord is in Dutch
    assert "tafel open" in new.message.embeds[0]["title"]
    row = await tafel.bot.store.open_game_in_channel(channel)
    assert row.locale == "nl"


@pytest.mark.parametrize("game", GAME_KEYS)
async def test_every_games_new_takes_the_language_option(fake, tafel, channel, alice, game):
    new = await fake.slash(alice, channel, game, "new", options={"language": "nl"})
    assert "tafel open" in new.message.embeds[0]["title"]
    row = await tafel.bot.store.open_game_in_channel(channel)
    assert row.locale == "nl"
    assert "language" not in row.options  # the language is the table's, not a rule


async def test_dutch_host_can_open_an_english_table(fake, tafel, channel, bob, alice):
    new = await fake.slash(bob, channel, "duvelen", "new", options={"language": "en", "rounds": 2})
    assert "table open" in new.message.embeds[0]["title"]
    row = await tafel.bot.store.open_game_in_channel(channel)
    assert (row.locale, row.options["rounds"]) == ("en", 2)  # the game's own options still arrive


def test_the_option_is_offered_with_both_languages(fake, tafel):
    for game in GAME_KEYS:
        command = fake.command(game)
        new = next(o for o in command["options"] if o["name"] == "new")
        language = next(o for o in new["options"] if o["name"] == "language")
        assert not language.get("required")
        assert [c["value"] for c in language["choices"]] == ["en", "nl"]
        assert language["name_localizations"]["nl"] == "taal"

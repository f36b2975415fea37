"""/help: every game's commands and the general ones, in the reader's language, from the tree."""

from __future__ import annotations

import discord
from discord import app_commands


def text_of(embed: dict) -> str:
    return "\n".join([embed["title"], embed["description"], *(f"{f['name']}\n{f['value']}" for f in embed["fields"])])


async def test_help_lists_every_command_in_english_and_dutch(fake, tafel, channel, alice, bob):
    english = await fake.slash(alice, channel, "help")
    assert english.ephemeral
    text = text_of(english.embeds[0])
    assert "`/game join`" in text and "Join the open table" in text  # shared commands once
    assert text.count("join`") == 1
    for line in ("`/game new`", "/hindmost play", "/trackgammon move", "/duvelen", "/rules", "/replay", "/help"):
        assert line in text, line
    assert "/league standings" in text
    assert len(text) <= 6000

    dutch = await fake.slash(bob, channel, "help")
    text = text_of(dutch.embeds[0])
    assert "`/spel meedoen`" in text and "/spelregels" in text and "/herhaling" in text and "/hulp" in text
    assert "Algemeen" in text


async def test_a_new_command_shows_up_by_itself(fake, tafel, channel, alice):
    @app_commands.command(name="dice", description="Roll a die")
    async def dice(interaction: discord.Interaction) -> None:
        pass

    tafel.bot.tree.add_command(dice)
    reply = await fake.slash(alice, channel, "help")
    assert "`/dice` — Roll a die" in text_of(reply.embeds[0])

"""/nim: the tests' toy game on the shared table flow (see ``tests/nim.py``)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.cog import PlayCommand, TableCog


class Nim(TableCog, PlayCommand, group_name="nim", group_description="Nim: take the last counter"):
    game = "nim"

    @app_commands.command(name="new", description="Open a table for this game in this channel")
    @app_commands.describe(pile="Counters on the pile (1-50)")
    async def new(self, interaction: discord.Interaction, pile: app_commands.Range[int, 1, 50] = 7) -> None:
        await self.flow.create(interaction, self.game, {"pile": pile})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Nim(bot))

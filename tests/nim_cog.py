"""/nim: the tests' toy game on the shared table flow (see ``tests/nim.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.table.cog import PlayCommand, TableCog

if TYPE_CHECKING:
    from bot import TafelBot


class Nim(TableCog, PlayCommand, group_name="nim", group_description="Nim: take the last counter"):
    game = "nim"

    @app_commands.command(name="new", description="Open a table for this game in this channel")
    @app_commands.describe(pile="Counters on the pile (1-50)")
    async def new(self, interaction: discord.Interaction, pile: app_commands.Range[int, 1, 50] = 7) -> None:
        await self.flow.lobby.create(interaction, self.game, {"pile": pile})


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(Nim(bot))

"""/trackgammon: Trackgammon on the shared table flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.table.cog import MoveCommand, TableCog

if TYPE_CHECKING:
    from bot import TafelBot


class Trackgammon(
    TableCog,
    MoveCommand,
    group_name="trackgammon",
    group_description="Trackgammon: race five stacked discs home; block, hit and bury",
):
    game = "trackgammon"

    @app_commands.command(name="new", description="Open a table for this game in this channel")
    async def new(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.create(interaction, self.game, {})


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(Trackgammon(bot))

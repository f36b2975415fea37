"""/hindmost: Devil Take The Hindmost on the shared table flow."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.table.cog import PlayCommand, TableCog

if TYPE_CHECKING:
    from bot import TafelBot


class Hindmost(
    TableCog,
    PlayCommand,
    group_name="hindmost",
    group_description="Devil Take The Hindmost: a cycling elimination race",
):
    game = "hindmost"

    @app_commands.command(name="new", description="Open a table for this game in this channel")
    @app_commands.describe(
        riders="Riders per player (2-4; default: the rulebook's lower value for the number of players)",
        races="Races in the match (1-5)",
        own_decks="Every player draws from an own deck",
        betting="Stake 1 per rider before each lap; the lap winner's owner takes the pot",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        riders: app_commands.Range[int, 2, 4] | None = None,
        races: app_commands.Range[int, 1, 5] = 1,
        own_decks: bool = False,
        betting: bool = False,
    ) -> None:
        await self.flow.lobby.create(
            interaction, self.game, {"riders": riders, "races": races, "own_decks": own_decks, "betting": betting}
        )


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(Hindmost(bot))

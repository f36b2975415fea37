"""/howruck: How Ruck! on the shared table flow (the team-forming race is live play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.table.cog import PlayCommand, TableCog
from engines import howruck_ai

if TYPE_CHECKING:
    from bot import TafelBot


class HowRuck(TableCog, PlayCommand, group_name="howruck", group_description="How Ruck!: a Highland tug of war"):
    game = "howruck"

    @app_commands.command(name="new", description="Open a table for this game in this channel")
    @app_commands.describe(
        learning="Learning round: skip forming the teams in the first round",
        barrels="Barrels needed to win (1-3)",
        computer_speed="Seconds a computer player takes per card while forming the teams (0.5-10)",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        learning: bool = False,
        barrels: app_commands.Range[int, 1, 3] = 3,
        computer_speed: app_commands.Range[float, 0.5, 10.0] = howruck_ai.COMPUTER_DELAY,
    ) -> None:
        options = {"learning": learning, "barrels_to_win": barrels}
        await self.flow.lobby.create(interaction, self.game, options, {"computer_speed": computer_speed})


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(HowRuck(bot))

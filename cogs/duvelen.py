"""/duvelen: Duvelen on the shared table flow; everybody plays at once (or in turns, relaxed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.table.cog import PlayCommand, TableCog

if TYPE_CHECKING:
    from bot import TafelBot


class Duvelen(TableCog, PlayCommand, group_name="duvelen", group_description="Duvelen: everybody plays at once"):
    game = "duvelen"

    @app_commands.command(name="new", description="Open a table for this game in this channel")
    @app_commands.describe(
        rounds="Rounds to play (1-10)",
        mode="Live: everyone at once; relaxed: in turns, for slow servers",
        quiet="Seconds without a card played after which the round ends (15-600)",
        computer_speed="Seconds a computer player takes per action (0.3-10)",
    )
    @app_commands.choices(
        mode=[app_commands.Choice(name="live", value="live"), app_commands.Choice(name="relaxed", value="relaxed")]
    )
    async def new(
        self,
        interaction: discord.Interaction,
        rounds: app_commands.Range[int, 1, 10] = 3,
        mode: app_commands.Choice[str] | None = None,
        quiet: app_commands.Range[int, 15, 600] = 60,
        computer_speed: app_commands.Range[float, 0.3, 10.0] = 1.5,
    ) -> None:
        options = {"rounds": rounds, "mode": mode.value if mode else "live"}
        settings = {"lull": float(quiet), "computer_speed": computer_speed}
        await self.flow.lobby.create(interaction, self.game, options, settings)


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(Duvelen(bot))

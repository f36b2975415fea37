"""/replay: watch a finished game again, as an animated picture in the channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.replays import ReplayPresenter

if TYPE_CHECKING:
    from bot import TafelBot


class Replay(commands.Cog):
    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot
        self._presenter: ReplayPresenter | None = None

    @property
    def presenter(self) -> ReplayPresenter:
        if self._presenter is None:  # the table flow exists once the bot has started
            self._presenter = ReplayPresenter(self.bot.table_flow.shared)
        return self._presenter

    @app_commands.command(name="replay", description="Watch a finished game again as an animated picture")
    @app_commands.describe(game_id="The game's number (default: the last finished game in this channel)")
    async def replay(
        self, interaction: discord.Interaction, game_id: app_commands.Range[int, 1, 2**53 - 1] | None = None
    ) -> None:
        await self.presenter.command(interaction, game_id)


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(Replay(bot))

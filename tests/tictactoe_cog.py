"""/tictactoe: the tests' short game on the shared table flow (see ``tests/tictactoe.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.table.cog import MoveCommand, TableCog

if TYPE_CHECKING:
    from bot import TafelBot


class TicTacToe(TableCog, MoveCommand, group_name="tictactoe", group_description="Tic-tac-toe: three in a row"):
    game = "tictactoe"

    @app_commands.command(name="new", description="Open a table for this game in this channel")
    async def new(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.create(interaction, self.game, {})


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(TicTacToe(bot))

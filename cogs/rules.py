"""/rules: each game's rules summary in the reader's language (only they see it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from locales import language_of, tr
from table.registry import GAME_KEYS

if TYPE_CHECKING:
    from bot import TafelBot


class Rules(commands.Cog):
    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="Read the rules of one of the games")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=[app_commands.Choice(name=tr("en", f"{g}-name", default=g), value=g) for g in GAME_KEYS])
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        lang = language_of(interaction.locale)
        embed = discord.Embed(
            title=tr(lang, "rules-title", game=tr(lang, f"{game.value}-name", default=game.value)),
            description=tr(lang, f"{game.value}-rules", default="-")[:4000],
            colour=0x1565C0,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(Rules(bot))

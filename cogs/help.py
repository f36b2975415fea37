"""/help: the commands of every game and the general ones, in the reader's language (only they see it).

Built from the command tree each time, so a new game or command shows up by itself; names and
descriptions come through the tree's translator (``cogs.translator``), as Discord shows them.
The commands every game shares are listed once; each game then shows only its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.cog import TableCog
from locales import language_of, tr

if TYPE_CHECKING:
    from bot import TafelBot

SUBCOMMAND, GROUP = 1, 2
FIELD_LIMIT, EMBED_LIMIT = 1024, 6000


def localized(payload: dict[str, Any], key: str, locale: str) -> str:
    text: str = (payload.get(f"{key}_localizations") or {}).get(locale) or payload.get(key, "")
    return text


def command_lines(payload: dict[str, Any], locale: str, prefix: str = "") -> list[tuple[str, str]]:
    """(path, description) of every command a top-level payload holds, subcommands included."""
    path = f"{prefix} {localized(payload, 'name', locale)}".strip()
    nested = [o for o in payload.get("options", []) if o.get("type") in (SUBCOMMAND, GROUP)]
    if not nested:
        return [(path, localized(payload, "description", locale))]
    return [line for option in nested for line in command_lines(option, locale, path)]


async def help_embed(bot: commands.Bot | commands.AutoShardedBot, locale: discord.Locale) -> discord.Embed:
    lang = language_of(locale)
    code = locale.value
    tree = bot.tree
    translator = tree.translator
    games = {cog.__cog_group_name__: cog for cog in bot.cogs.values() if isinstance(cog, TableCog)}
    general: list[tuple[str, str]] = []
    per_game: dict[str, tuple[dict[str, Any], dict[str, tuple[str, str]]]] = {}
    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        if translator is not None:
            payload = await command.get_translated_payload(tree, translator)
        else:
            payload = command.to_dict(tree)
        if command.name in games:
            subs = {
                o["name"]: (localized(o, "name", code), localized(o, "description", code)) for o in payload["options"]
            }
            per_game[command.name] = (payload, subs)
        else:
            general += command_lines(payload, code)

    embed = discord.Embed(title=tr(lang, "help-title"), description=tr(lang, "help-intro"), colour=0x1565C0)
    shared = set.intersection(*(set(subs) for _p, subs in per_game.values())) if per_game else set()
    if per_game:
        first = next(iter(per_game.values()))[1]
        placeholder = tr(lang, "help-game-placeholder")
        order = sorted((n for n in first if n in shared), key=lambda n: n != "new")  # opening a table first
        lines = [f"`/{placeholder} {first[n][0]}` — {first[n][1]}" for n in order]
        _add_fields(embed, tr(lang, "help-every-game"), lines)
    for payload, subs in per_game.values():
        name = localized(payload, "name", code)
        own = [f"`/{name} {sub[0]}` — {sub[1]}" for key, sub in subs.items() if key not in shared]
        title = f"/{name} — {localized(payload, 'description', code)}"[:256]
        _add_fields(embed, title, own or [tr(lang, "help-nothing-else")])
    if general:
        lines = [f"`/{path}` — {description}" for path, description in general]
        _add_fields(embed, tr(lang, "help-general"), lines)
    while len(embed) > EMBED_LIMIT and len(embed.fields) > 1:  # never expected; never an error either
        embed.remove_field(len(embed.fields) - 2)
    return embed


def _add_fields(embed: discord.Embed, name: str, lines: list[str]) -> None:
    """``lines`` under ``name``, over as many fields as Discord's 1,024 characters a field need
    (the later ones without a heading of their own)."""
    text = ""
    for line in lines:
        line = line[: FIELD_LIMIT - 1]
        if text and len(text) + len(line) + 1 > FIELD_LIMIT:
            embed.add_field(name=name, value=text, inline=False)
            name, text = "\u200b", ""  # a continuation: Discord needs a name, this one shows nothing
        text = f"{text}\n{line}" if text else line
    embed.add_field(name=name, value=text or "-", inline=False)


class Help(commands.Cog):
    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="Every command of every game (only you see it)")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = await help_embed(self.bot, interaction.locale)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(Help(bot))

"""The command tree: every command for servers only, and a polite refusal anywhere else.

No command has a designed and tested use in direct messages (tables live in server channels, the
league and tournaments are a server's), so the whole tree says so to Discord: usable in servers
only (``contexts`` [0]), installed to servers only (``integration_types`` [0]). Discord then does
not offer the commands in DMs; one that arrives there anyway (a client with stale command
registrations, an old global registration) gets a short answer instead of failing half-way.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord
from discord import app_commands

from cogs.table.presenter import NO_MENTIONS, lang_of
from locales import tr

GUILD_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
GUILD_INSTALL = app_commands.AppInstallationType(guild=True, user=False)


class TafelTree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Application commands (slash, context menu, autocomplete) outside a server are refused
        here, before any command reads a server id it does not have. Buttons do not pass the tree:
        those on direct messages (reminders) keep working."""
        if interaction.guild_id is not None:
            return True
        # HTTPException: the interaction expired or was answered already; nothing more to say.
        with contextlib.suppress(discord.HTTPException):
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            elif not interaction.response.is_done():
                await interaction.response.send_message(
                    tr(lang_of(interaction), "error-server-only"), ephemeral=True, allowed_mentions=NO_MENTIONS
                )
        return False

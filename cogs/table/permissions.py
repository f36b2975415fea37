"""What the bot needs in a channel to run a table there, and saying which of it is missing.

The board is posted as an ordinary channel message with a picture (interaction answers need no
channel permission, board posts do), so a table needs View Channel, Send Messages (in a thread:
Send Messages in Threads) and Attach Files. ``new`` checks them before opening a table; a board
post checks them first and, if refused anyway, tells the person who acted what is missing.
"""

from __future__ import annotations

import discord

from locales import tr

BOARD = ("view_channel", "send_messages", "attach_files")
THREAD_BOARD = ("view_channel", "send_messages_in_threads", "attach_files")


def needed(channel: object) -> tuple[str, ...]:
    return THREAD_BOARD if isinstance(channel, discord.Thread) else BOARD


def missing(permissions: discord.Permissions | None, channel: object) -> list[str]:
    """The board permissions ``permissions`` lacks (none known: assume all is well)."""
    if permissions is None:
        return []
    return [name for name in needed(channel) if not getattr(permissions, name)]


def missing_in_channel(channel: object) -> list[str]:
    """What the bot itself lacks in ``channel`` now, from the cached guild (none if unknown)."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if guild is None or me is None or not hasattr(channel, "permissions_for"):
        return []
    return missing(channel.permissions_for(me), channel)


def missing_for_interaction(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks where ``interaction`` happened (Discord sends ``app_permissions``)."""
    if interaction.guild_id is None:
        return []
    return missing(interaction.app_permissions, interaction.channel)


def names(lang: str, permissions: list[str]) -> str:
    return ", ".join(tr(lang, f"permission-{p}", default=p.replace("_", " ").title()) for p in permissions)


def missing_text(lang: str, permissions: list[str]) -> str:
    return tr(lang, "table-error-missing-permissions", permissions=names(lang, permissions))

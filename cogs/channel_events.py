"""What the gateway says about channels, handed to the channel trouble (``cogs.table.trouble``).

Discord tells the bot when a channel or thread is deleted, a thread is locked or unlocked (or
reopened after discord.py dropped it as archived: ``on_thread_join``), a channel's permissions change, and when the bot leaves or (re)joins a server. A table there learns
it at once, without a refused request: its boards are held and its host told, or its channel is
looked at again and the waiting boards go out.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.table.permissions import missing_in_channel
from cogs.table.trouble import DELETED, LOCKED, PERMISSION, REMOVED, ChannelTrouble
from db import cross, table_data

if TYPE_CHECKING:
    from bot import TafelBot


class ChannelEvents(commands.Cog):
    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot

    @property
    def trouble(self) -> ChannelTrouble:
        return self.bot.table_flow.trouble

    @contextlib.asynccontextmanager
    async def handling(self) -> AsyncIterator[bool]:
        """A shutdown waits for an event being handled; once it began, none is taken up."""
        async with self.bot.table_flow.guard.working() as allowed:
            yield allowed

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        async with self.handling() as allowed:
            if allowed:
                await self.trouble.mark(channel.id, DELETED)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        async with self.handling() as allowed:
            if allowed:
                await self.trouble.mark(payload.thread_id, DELETED)

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        async with self.handling() as allowed:
            if allowed and after.locked and not before.locked:
                await self.trouble.mark(after.id, LOCKED, hold_posts=True)
            elif allowed and self.trouble.stuck(after.id):
                await self.trouble.probe(after.id)  # unlocked, say

    @commands.Cog.listener()
    async def on_thread_join(self, thread: discord.Thread) -> None:
        """discord.py drops an archived thread from its cache, so a thread locked and archived
        together and then reopened arrives here, not as ``on_thread_update``."""
        async with self.handling() as allowed:
            if allowed and self.trouble.stuck(thread.id):
                await self.trouble.probe(thread.id)

    @commands.Cog.listener()
    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        async with self.handling() as allowed:
            if not allowed:
                return
            if self.trouble.stuck(after.id):
                await self.trouble.probe(after.id)  # a permission granted, say
            elif missing_in_channel(after):
                await self.trouble.mark(after.id, PERMISSION, hold_posts=True)
            for thread in getattr(after, "threads", []):  # a thread's permissions are its parent's
                if self.trouble.stuck(thread.id):
                    await self.trouble.probe(thread.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        async with self.handling() as allowed:
            for row in await table_data.open_games_in_guild(self.bot.store, guild.id) if allowed else []:
                await self.trouble.mark(row.channel_id, REMOVED, hold_posts=True)
            for place in await cross.running_places_in_guild(self.bot.store, guild.id) if allowed else []:
                await self.trouble.mark(place.channel_id, REMOVED, hold_posts=True)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        async with self.handling() as allowed:
            if allowed:
                await self.trouble.probe_guild(guild.id)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        async with self.handling() as allowed:
            if allowed:
                await self.trouble.probe_guild(guild.id)


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(ChannelEvents(bot))

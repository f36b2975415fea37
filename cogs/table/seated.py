"""Opening a table in a new thread with its players already seated: what a tournament round and
the table queue share.

All or nothing. The thread goes in the first of the given channels where the bot may open a
public thread and post its board there (Create Public Threads, Send Messages in Threads, View
Channel, Attach Files) and every seated person can see it (a thread is visible to those who see
its parent); with none such, nothing is made. The table platform then opens the game in the
thread with the players in seat order, the options and the clock set, and starts it
(``table.lobby.open_seated``); if that is refused (an open-games limit, say), the thread is
removed again, so no empty thread is left behind. Then the ordinary start-of-game post goes out
through the lobby (``LobbyPresenter.announce_start``): the first board, every player mentioned,
and the first to move pinged or a computer thinking.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Literal

import discord

from cogs.table.lobby import LobbyPresenter
from cogs.table.presenter import Presenter, TableParts
from db import GameRow
from table.lobby import open_seated
from table.service import Player, TableError

log = logging.getLogger("tafelbot.table")

THREAD_NAME_LENGTH = 100  # Discord's limit on a channel's name
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week without posts before Discord hides the thread
# What the bot needs in a channel to open a table's thread there and post its board in it.
THREAD_NEEDS = ("view_channel", "create_public_threads", "send_messages_in_threads", "attach_files")


class SeatedTables(Presenter):
    def __init__(self, shared: TableParts, *, lobby: LobbyPresenter) -> None:
        super().__init__(shared)
        self.lobby = lobby

    async def open_in_thread(
        self,
        channel_ids: int | Sequence[int],
        *,
        title: str,
        game: str,
        guild_id: int | None,
        players: Sequence[Player],
        options: dict[str, Any],
        settings: dict[str, Any] | None = None,
        locale: str = "en",
    ) -> GameRow:
        """A new thread named ``title`` with the game started in it, in the first of ``channel_ids``
        that every seated person can see and the bot can run a table in; the game's row."""
        candidates = [channel_ids] if isinstance(channel_ids, int) else list(dict.fromkeys(channel_ids))
        channel = await self.where(candidates, players)
        try:
            thread = await channel.create_thread(
                name=title[:THREAD_NAME_LENGTH] or "…",
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            log.warning("could not open a thread in channel %s: %s", channel.id, error)
            raise TableError("thread-not-possible") from None
        try:
            result = await open_seated(
                self.service,
                game,
                guild_id=guild_id,
                channel_id=thread.id,
                players=players,
                options=options,
                locale=locale,
                settings=settings,
                parent_id=channel.id,
            )
        except BaseException:
            await self.remove(thread)
            raise
        await self.lobby.announce_start(result.row, result)
        return result.row

    async def where(self, candidates: Sequence[int], players: Sequence[Player]) -> discord.TextChannel:
        """The first candidate the bot can run a thread's table in and every person can see."""
        for channel_id in candidates:
            try:
                channel = await self.channel(channel_id)
            except (discord.HTTPException, TypeError) as error:
                log.info("channel %s cannot hold a seated table: %r", channel_id, error)
                continue
            if not isinstance(channel, discord.TextChannel):
                continue
            mine = channel.permissions_for(channel.guild.me)
            if not all(getattr(mine, name) for name in THREAD_NEEDS):
                log.info("channel %s: the bot cannot open a table's thread there", channel_id)
                continue
            if await self._all_see(channel, players):
                return channel
        raise TableError("thread-not-possible")

    async def _all_see(self, channel: discord.TextChannel, players: Sequence[Player]) -> bool:
        """Whether every seated person can see ``channel`` (and so a public thread of it)."""
        for player in players:
            if player.user_id <= 0:
                continue  # a computer seat
            member = channel.guild.get_member(player.user_id)
            if member is None:
                try:
                    member = await channel.guild.fetch_member(player.user_id)
                except discord.HTTPException:
                    return False  # not in the server (any more)
            if not channel.permissions_for(member).view_channel:
                log.info("channel %s: player %s cannot see it", channel.id, player.user_id)
                return False
        return True

    @staticmethod
    async def remove(thread: discord.Thread) -> None:
        """A thread whose table could not open: deleted, or at least archived and locked."""
        try:
            await thread.delete()
        except discord.HTTPException:
            try:
                await thread.edit(archived=True, locked=True)
            except discord.HTTPException as error:
                log.warning("an empty thread %s could not be removed: %r", thread.id, error)

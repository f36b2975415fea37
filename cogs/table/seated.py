"""Opening a table in a new thread with its players already seated: what a tournament round and
the table queue share.

The thread is made in the given channel; the table platform opens the game there with the
players in seat order, the options and the clock set, and starts it (``TableService.open_seated``);
then the ordinary start-of-game post goes out through the lobby (``LobbyPresenter.announce_start``):
the first board, every player mentioned, and the first to move pinged or a computer thinking.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Literal

import discord

from cogs.table.lobby import LobbyPresenter
from cogs.table.presenter import Presenter, TableParts
from db import GameRow
from table.service import Player, TableError

log = logging.getLogger("tafelbot.table")

THREAD_NAME_LENGTH = 100  # Discord's limit on a channel's name
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week without posts before Discord hides the thread


class SeatedTables(Presenter):
    def __init__(self, shared: TableParts, *, lobby: LobbyPresenter) -> None:
        super().__init__(shared)
        self.lobby = lobby

    async def open_in_thread(
        self,
        channel_id: int,
        *,
        title: str,
        game: str,
        guild_id: int | None,
        players: Sequence[Player],
        options: dict[str, Any],
        settings: dict[str, Any] | None = None,
        locale: str = "en",
    ) -> GameRow:
        """A new thread of ``channel_id`` named ``title`` with the game started in it; the game's row."""
        channel = await self.channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise TableError("thread-not-possible")
        try:
            thread = await channel.create_thread(
                name=title[:THREAD_NAME_LENGTH] or "…",
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:
            log.warning("could not open a thread in channel %s: %s", channel_id, error)
            raise TableError("thread-not-possible") from None
        result = await self.service.open_seated(
            game,
            guild_id=guild_id,
            channel_id=thread.id,
            players=players,
            options=options,
            locale=locale,
            settings=settings,
            parent_id=channel_id,
        )
        await self.lobby.announce_start(result.row, result)
        return result.row

"""What the lobby, move and board presenters share: the flow's parts and Discord helpers.

The flow owns the table service, the picture painter, the computer players and the live boards;
each presenter reaches them through these properties, so they are built once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from db import GameRow
from locales import language_of
from table.picture_cache import PictureKey
from table.service import Player
from table.spec import GameSpec

if TYPE_CHECKING:
    from cogs.table.flow import TableFlow

NO_MENTIONS = discord.AllowedMentions.none()
USER_MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def player_of(interaction: discord.Interaction) -> Player:
    return Player(interaction.user.id, interaction.user.display_name)


def is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


def lang_of(interaction: discord.Interaction) -> str:
    return language_of(interaction.locale)


class Presenter:
    def __init__(self, flow: TableFlow) -> None:
        self.flow = flow

    @property
    def service(self):
        return self.flow.service

    @property
    def painter(self):
        return self.flow.painter

    @property
    def bots(self):
        return self.flow.bots

    @property
    def live(self):
        return self.flow.live

    def spec(self, game: str) -> GameSpec:
        return self.flow.service.spec(game)

    async def picture(self, row: GameRow, renderer: Callable[..., bytes], view: Any, lang: str) -> bytes:
        """``renderer``'s picture of ``view`` (the view of ``row``'s stored version for
        ``view["viewer"]``), drawn once: the painter's cache knows it by what it depends on."""
        names = [s.name for s in row.seats]
        key = PictureKey(
            row.id, row.version, view["viewer"], lang, f"{renderer.__module__}.{renderer.__qualname__}", tuple(names)
        )
        return await self.painter.paint(renderer, view, key=key, names=names, locale=lang)

    async def guarded(self, interaction: discord.Interaction, game: str | None, work: Callable[[], Awaitable[Any]]):
        return await self.flow.guarded(interaction, game, work)

    async def channel(self, channel_id: int):
        return await self.flow.channel(channel_id)

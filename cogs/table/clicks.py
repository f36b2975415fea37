"""Where a click on a table's button lands: one ``DynamicItem`` receiver per kind of id
(``cogs.table.components`` builds the buttons and holds the ids' templates).

An extension of its own: its ``setup`` registers the receivers and the answer to unknown ``tb:``
ids on the bot, so the bot's start-up names no button. Each receiver's ``callback`` reads the
ids the custom_id carries and calls one method of the table flow (``flow_of``): that method is
where the click's work starts.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any, Self

import discord
from discord.ext import commands

from cogs.table.components import (
    ACT_TEMPLATE,
    ACTION_VALUE,
    HAND_TEMPLATE,
    KNOWN_IDS,
    LOBBY_TEMPLATE,
    NAV_TEMPLATE,
    PICK_TEMPLATE,
    PLAY_TEMPLATE,
    REMATCH_TEMPLATE,
    SURE_TEMPLATE,
    TAKEBACK_TEMPLATE,
    Button,
    Select,
    act_button,
    act_select,
    hand_button,
    lobby_button,
    lobby_op,
    nav_button,
    play_button,
    rematch_button,
    sure_button,
    take_back_button,
)
from cogs.table.host import TableHost, flow_of
from cogs.table.presenter import NO_MENTIONS, lang_of
from locales import tr


class LobbyButton(discord.ui.DynamicItem[Button], template=LOBBY_TEMPLATE):
    def __init__(self, game_id: int, op: str, *, label: str = "…") -> None:
        super().__init__(lobby_button(game_id, op, label=label))  # as sent, also an old op name
        self.game_id = game_id
        self.op = lobby_op(op)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), match["op"], label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).lobby.on_button(interaction, self.game_id, self.op)


class HandButton(discord.ui.DynamicItem[Button], template=HAND_TEMPLATE):
    def __init__(self, game_id: int, *, label: str = "…") -> None:
        super().__init__(hand_button(game_id, label=label))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).moves.on_hand_button(interaction, self.game_id)


class ActButton(discord.ui.DynamicItem[Button], template=ACT_TEMPLATE):
    def __init__(self, game_id: int, version: int, action: str, *, label: str = "…") -> None:
        super().__init__(act_button(game_id, version, action, label=label))
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), int(match["ver"]), match["action"], label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).moves.on_act_button(interaction, self.game_id, self.version, self.action)


class SureButton(discord.ui.DynamicItem[Button], template=SURE_TEMPLATE):
    """ "Yes": an action that asked "are you sure?" (``ActButton`` showed the question)."""

    def __init__(self, game_id: int, version: int, action: str, *, label: str = "…") -> None:
        super().__init__(sure_button(game_id, version, action, label=label))
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), int(match["ver"]), match["action"], label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).moves.on_act_button(
            interaction, self.game_id, self.version, self.action, confirmed=True
        )


class ActSelect(discord.ui.DynamicItem[Select], template=PICK_TEMPLATE):
    """A pick from a select menu of legal actions: picking one is pressing its button."""

    def __init__(self, game_id: int, version: int, n: int) -> None:
        super().__init__(act_select(game_id, version, n))
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), int(match["ver"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values")
        action = str(values[0]) if isinstance(values, list) and len(values) == 1 else ""
        if not ACTION_VALUE.fullmatch(action):
            action = "?"  # anyone can send anything: the move flow refuses it as not a move
        await flow_of(interaction).moves.on_act_button(interaction, self.game_id, self.version, action)


class NavButton(discord.ui.DynamicItem[Button], template=NAV_TEMPLATE):
    def __init__(self, game_id: int, version: int, group: int, page: int, *, label: str = "…") -> None:
        super().__init__(nav_button(game_id, version, group, page, label=label))
        self.game_id = game_id
        self.version = version
        self.group = group
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(
            int(match["gid"]), int(match["ver"]), int(match["group"]), int(match["page"]), label=_label(item) or "…"
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).moves.on_nav_button(interaction, self.game_id, self.version, self.group, self.page)


class RematchButton(discord.ui.DynamicItem[Button], template=REMATCH_TEMPLATE):
    def __init__(self, game_id: int, *, label: str = "…") -> None:
        super().__init__(rematch_button(game_id, label=label))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).lobby.rematch(interaction, self.game_id)


class TakeBackButton(discord.ui.DynamicItem[Button], template=TAKEBACK_TEMPLATE):
    def __init__(self, game_id: int, version: int, *, label: str = "…") -> None:
        super().__init__(take_back_button(game_id, version, label=label))
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), int(match["ver"]), label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).moves.on_takeback_button(interaction, self.game_id, self.version)


class PlayButton(discord.ui.DynamicItem[Button], template=PLAY_TEMPLATE):
    """ "Play on the board": the table's page inside Discord, as the application's Activity."""

    def __init__(self, game_id: int, *, label: str = "…") -> None:
        super().__init__(play_button(game_id, label=label))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).activity.on_play_button(interaction, self.game_id)


def _label(item: discord.ui.Item[Any]) -> str | None:
    """The clicked button's label (discord.py hands the component over as a plain ``Item``)."""
    return item.label if isinstance(item, discord.ui.Button) else None


async def answer_unknown_button(interaction: discord.Interaction) -> None:
    """``on_interaction`` listener: any ``tb:`` button id that no template claims (forged, damaged,
    from an old version) gets the ordinary short answer; discord.py would drop it silently and the
    user would see "interaction failed"."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if not custom_id.startswith("tb:") or KNOWN_IDS.fullmatch(custom_id) or interaction.response.is_done():
        return
    key = "error-bad-action" if custom_id.startswith("tb:act:") else "table-error-no-such-game"
    # HTTPException: answered meanwhile, or the interaction expired: nothing more to say.
    with contextlib.suppress(discord.HTTPException):
        await interaction.response.send_message(
            tr(lang_of(interaction), key), ephemeral=True, allowed_mentions=NO_MENTIONS
        )


ALL_DYNAMIC_ITEMS = (
    LobbyButton,
    HandButton,
    ActButton,
    SureButton,
    ActSelect,
    NavButton,
    RematchButton,
    TakeBackButton,
    PlayButton,
)


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, TableHost):
        raise TypeError("the table's buttons need a bot with a table flow (setup_hook builds it first)")
    bot.add_dynamic_items(*ALL_DYNAMIC_ITEMS)
    bot.add_listener(answer_unknown_button, "on_interaction")


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*ALL_DYNAMIC_ITEMS)
    bot.remove_listener(answer_unknown_button, "on_interaction")

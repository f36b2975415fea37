"""Buttons that survive restarts: their custom_id carries everything needed to act.

    tb:lobby:<game>:<op>            lobby buttons (join, leave, bot, unbot, start, cancel)
    tb:hand:<game>                  "My hand / play": the clicker's private controls
    tb:act:<game>:<version>:<action>  one legal action, valid for that version of the board
    tb:nav:<game>:<version>:<group>:<page>  paging through many actions (group -1 = top level)

They are ``DynamicItem`` templates registered in ``setup_hook``, so a click on a message sent
before a restart still reaches the table flow (``interaction.client.table_flow``).
"""

from __future__ import annotations

import discord

LOBBY_OPS = ("join", "leave", "bot", "unbot", "start", "cancel")


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tb:lobby:(?P<gid>[0-9]+):(?P<op>[a-z]+)"):
    def __init__(self, game_id: int, op: str, *, label: str = "…", style=discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tb:lobby:{game_id}:{op}"))
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), match["op"], label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.table_flow.lobby.on_button(interaction, self.game_id, self.op)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tb:hand:(?P<gid>[0-9]+)"):
    def __init__(self, game_id: int, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, emoji="🃏", custom_id=f"tb:hand:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.table_flow.moves.on_hand_button(interaction, self.game_id)


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"tb:act:(?P<gid>[0-9]+):(?P<ver>[0-9]+):(?P<action>.+)"
):
    def __init__(self, game_id: int, version: int, action: str, *, label: str = "…", style=discord.ButtonStyle.primary):
        super().__init__(
            discord.ui.Button(label=label[:80], style=style, custom_id=f"tb:act:{game_id}:{version}:{action}")
        )
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), int(match["ver"]), match["action"], label=item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.table_flow.moves.on_act_button(interaction, self.game_id, self.version, self.action)


class NavButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tb:nav:(?P<gid>[0-9]+):(?P<ver>[0-9]+):(?P<group>-?[0-9]+):(?P<page>[0-9]+)",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        group: int,
        page: int,
        *,
        label: str = "…",
        style=discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=style, disabled=disabled, custom_id=f"tb:nav:{game_id}:{version}:{group}:{page}"
            )
        )
        self.game_id = game_id
        self.version = version
        self.group = group
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(
            int(match["gid"]), int(match["ver"]), int(match["group"]), int(match["page"]), label=item.label or "…"
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.table_flow.moves.on_nav_button(
            interaction, self.game_id, self.version, self.group, self.page
        )


ALL_DYNAMIC_ITEMS = (LobbyButton, HandButton, ActButton, NavButton)

"""Buttons that survive restarts: their custom_id carries everything needed to act.

    tb:lobby:<game>:<op>            lobby buttons (join, leave, bot, bot-easy, bot-hard, unbot, start, cancel)
    tb:hand:<game>                  "My hand / play": the clicker's private controls
    tb:act:<game>:<version>:<action>  one legal action, valid for that version of the board
    tb:pick:<game>:<version>:<n>    a select menu of legal actions (the option's value is the action)
    tb:sure:<game>:<version>:<action>  the action again, confirmed (``Engine.asks_confirmation``)
    tb:nav:<game>:<version>:<group>:<page>  paging through many actions (group -1 = top level)
    tb:rematch:<game>               the end-of-game post's Rematch (``table.rematch``)
    tb:takeback:<game>:<version>    take one's last action of this turn back (``table.takeback``)

They are ``DynamicItem`` templates registered in ``setup_hook``, so a click on a message sent
before a restart still reaches the table flow (``interaction.client.table_flow``: the client is
always the ``bot.TafelBot`` that registered them, see ``bot_of``).

Anyone can send any custom_id, so every part is bounded: ids and versions fit SQLite's 64-bit
integers (at most 18 digits), actions are what an engine could accept (``ACTION_ALPHABET``, at
most ``MAX_ACTION_LEN``), and ``answer_unknown_button`` answers every other ``tb:`` id with the ordinary
"no such game / not a move" instead of leaving the click unanswered.
"""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING, Any, Self, cast

import discord

from cogs.table.presenter import NO_MENTIONS, lang_of
from engines.base import MAX_ACTION_LEN
from locales import tr

if TYPE_CHECKING:
    from bot import TafelBot

LOBBY_OPS = ("join", "leave", "bot-easy", "bot-hard", "bot", "unbot", "start", "cancel")
NUMBER = r"[0-9]{1,18}"  # 10**18 - 1 < 2**63 - 1: always a valid SQLite integer
SMALL = r"[0-9]{1,4}"  # pages and groups of a button listing
ACTION = rf"[A-Za-z0-9+\-_.:,=]{{1,{MAX_ACTION_LEN}}}"  # engines.base.ACTION_ALPHABET, bounded
LOBBY_TEMPLATE = rf"tb:lobby:(?P<gid>{NUMBER}):(?P<op>{'|'.join(LOBBY_OPS)})"
HAND_TEMPLATE = rf"tb:hand:(?P<gid>{NUMBER})"
ACT_TEMPLATE = rf"tb:act:(?P<gid>{NUMBER}):(?P<ver>{NUMBER}):(?P<action>{ACTION})"
REMATCH_TEMPLATE = rf"tb:rematch:(?P<gid>{NUMBER})"
TAKEBACK_TEMPLATE = rf"tb:takeback:(?P<gid>{NUMBER}):(?P<ver>{NUMBER})"
PICK_TEMPLATE = rf"tb:pick:(?P<gid>{NUMBER}):(?P<ver>{NUMBER}):(?P<n>[0-9])"
SURE_TEMPLATE = rf"tb:sure:(?P<gid>{NUMBER}):(?P<ver>{NUMBER}):(?P<action>{ACTION})"
ACTION_VALUE = re.compile(ACTION)
NAV_TEMPLATE = rf"tb:nav:(?P<gid>{NUMBER}):(?P<ver>{NUMBER}):(?P<group>-?{SMALL}):(?P<page>{SMALL})"


def buttons_view() -> discord.ui.View:
    """A view for our buttons, to send and forget. Every button here is a ``DynamicItem`` that
    discord.py dispatches by its custom_id, so a sent view need not be kept listening: stopped
    before it is sent, discord.py does not store it, and for an ephemeral message does not keep
    it for 15 minutes behind a timer task (at a hundred moves a second, tens of thousands)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def bot_of(interaction: discord.Interaction) -> TafelBot:
    """The bot a click came to. discord.py types ``interaction.client`` as a plain ``Client``;
    these buttons are registered by ``TafelBot.setup_hook`` only, so it is a ``TafelBot``."""
    return cast("TafelBot", interaction.client)


Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]


class LobbyButton(discord.ui.DynamicItem[Button], template=LOBBY_TEMPLATE):
    def __init__(
        self, game_id: int, op: str, *, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tb:lobby:{game_id}:{op}"))
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), match["op"], label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table_flow.lobby.on_button(interaction, self.game_id, self.op)


class HandButton(discord.ui.DynamicItem[Button], template=HAND_TEMPLATE):
    def __init__(self, game_id: int, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, emoji="🃏", custom_id=f"tb:hand:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table_flow.moves.on_hand_button(interaction, self.game_id)


class ActButton(discord.ui.DynamicItem[Button], template=ACT_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        version: int,
        action: str,
        *,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label[:80], style=style, custom_id=f"tb:act:{game_id}:{version}:{action}")
        )
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), int(match["ver"]), match["action"], label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table_flow.moves.on_act_button(interaction, self.game_id, self.version, self.action)


class SureButton(discord.ui.DynamicItem[Button], template=SURE_TEMPLATE):
    """ "Yes": an action that asked "are you sure?" (``ActButton`` showed the question)."""

    def __init__(self, game_id: int, version: int, action: str, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.danger, custom_id=f"tb:sure:{game_id}:{version}:{action}"
            )
        )
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), int(match["ver"]), match["action"], label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table_flow.moves.on_act_button(
            interaction, self.game_id, self.version, self.action, confirmed=True
        )


class ActSelect(discord.ui.DynamicItem[Select], template=PICK_TEMPLATE):
    """Legal actions of one decision as a select menu (when they are more than buttons fit):
    picking one is pressing its button."""

    def __init__(
        self,
        game_id: int,
        version: int,
        n: int,
        options: list[tuple[str, str]] | None = None,
        *,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"tb:pick:{game_id}:{version}:{n}",
                placeholder=placeholder[:150] if placeholder else None,
                options=[discord.SelectOption(label=label[:100], value=action) for label, action in options or []],
            )
        )
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
        await bot_of(interaction).table_flow.moves.on_act_button(interaction, self.game_id, self.version, action)


class NavButton(discord.ui.DynamicItem[Button], template=NAV_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        version: int,
        group: int,
        page: int,
        *,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
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
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(
            int(match["gid"]), int(match["ver"]), int(match["group"]), int(match["page"]), label=_label(item) or "…"
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table_flow.moves.on_nav_button(
            interaction, self.game_id, self.version, self.group, self.page
        )


class RematchButton(discord.ui.DynamicItem[Button], template=REMATCH_TEMPLATE):
    def __init__(self, game_id: int, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, emoji="🔁", custom_id=f"tb:rematch:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table_flow.lobby.rematch(interaction, self.game_id)


class TakeBackButton(discord.ui.DynamicItem[Button], template=TAKEBACK_TEMPLATE):
    def __init__(self, game_id: int, version: int, *, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                emoji="↩️",
                custom_id=f"tb:takeback:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), int(match["ver"]), label=_label(item) or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).table_flow.moves.on_takeback_button(interaction, self.game_id, self.version)


def _label(item: discord.ui.Item[Any]) -> str | None:
    """The clicked button's label (discord.py hands the component over as a plain ``Item``)."""
    return item.label if isinstance(item, discord.ui.Button) else None


def _without_names(template: str) -> str:
    return re.sub(r"\(\?P<[a-z]+>", "(?:", template)


KNOWN = "|".join(
    _without_names(t)
    for t in (
        LOBBY_TEMPLATE,
        HAND_TEMPLATE,
        ACT_TEMPLATE,
        PICK_TEMPLATE,
        SURE_TEMPLATE,
        NAV_TEMPLATE,
        REMATCH_TEMPLATE,
        TAKEBACK_TEMPLATE,
    )
)


_KNOWN = re.compile(KNOWN)


async def answer_unknown_button(interaction: discord.Interaction) -> None:
    """``on_interaction`` listener: any ``tb:`` button id that no template claims (forged, damaged,
    from an old version) gets the ordinary short answer; discord.py would drop it silently and the
    user would see "interaction failed"."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if not custom_id.startswith("tb:") or _KNOWN.fullmatch(custom_id) or interaction.response.is_done():
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
)

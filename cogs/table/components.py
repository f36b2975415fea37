"""Buttons that survive restarts: their custom_id carries everything needed to act.

    tb:lobby:<game>:<op>            lobby buttons (join, leave, add-computer, add-computer-easy,
                                    add-computer-hard, remove-computer, start, cancel)
    tb:hand:<game>                  "My hand / play": the clicker's private controls
    tb:act:<game>:<version>:<action>  one legal action, valid for that version of the board
    tb:pick:<game>:<version>:<n>    a select menu of legal actions (the option's value is the action)
    tb:sure:<game>:<version>:<action>  the action again, confirmed (``Engine.asks_confirmation``)
    tb:nav:<game>:<version>:<group>:<page>  paging through many actions (group -1 = top level)
    tb:rematch:<game>               the end-of-game post's Rematch (``table.rematch``)
    tb:takeback:<game>:<version>    take one's last action of this turn back (``table.takeback``)
    tb:play:<game>                  "Play on the board": opens the web page inside Discord (an Activity)

This module builds them (the presenters put them on messages); ``cogs.table.clicks`` receives
them: its ``DynamicItem`` templates, registered by that extension's own ``setup``, turn a click on a
message sent before a restart into a call of the table flow. The ids' templates live here, beside
the builders, so what is sent and what is parsed cannot drift apart.

Anyone can send any custom_id, so every part is bounded: ids and versions fit SQLite's 64-bit
integers (at most 18 digits), actions are what an engine could accept (``ACTION_ALPHABET``, at
most ``MAX_ACTION_LEN``), and ``answer_unknown_button`` answers every other ``tb:`` id with the ordinary
"no such game / not a move" instead of leaving the click unanswered.
"""

from __future__ import annotations

import re

import discord

from engines.base import MAX_ACTION_LEN

LOBBY_OPS = (
    "join",
    "leave",
    "add-computer-easy",
    "add-computer-hard",
    "add-computer",
    "remove-computer",
    "start",
    "cancel",
)
# The ops' first names, which lobby buttons posted before issue 37 still carry: such a button may sit
# in a channel for as long as its lobby is open, so a click on it does what its new name does.
OLD_LOBBY_OPS = {
    "bot-easy": "add-computer-easy",
    "bot-hard": "add-computer-hard",
    "bot": "add-computer",
    "unbot": "remove-computer",
}
NUMBER = r"[0-9]{1,18}"  # 10**18 - 1 < 2**63 - 1: always a valid SQLite integer
SMALL = r"[0-9]{1,4}"  # pages and groups of a button listing
ACTION = rf"[A-Za-z0-9+\-_.:,=]{{1,{MAX_ACTION_LEN}}}"  # engines.base.ACTION_ALPHABET, bounded
LOBBY_TEMPLATE = rf"tb:lobby:(?P<gid>{NUMBER}):(?P<op>{'|'.join((*LOBBY_OPS, *OLD_LOBBY_OPS))})"
HAND_TEMPLATE = rf"tb:hand:(?P<gid>{NUMBER})"
ACT_TEMPLATE = rf"tb:act:(?P<gid>{NUMBER}):(?P<ver>{NUMBER}):(?P<action>{ACTION})"
REMATCH_TEMPLATE = rf"tb:rematch:(?P<gid>{NUMBER})"
TAKEBACK_TEMPLATE = rf"tb:takeback:(?P<gid>{NUMBER}):(?P<ver>{NUMBER})"
PICK_TEMPLATE = rf"tb:pick:(?P<gid>{NUMBER}):(?P<ver>{NUMBER}):(?P<n>[0-9])"
SURE_TEMPLATE = rf"tb:sure:(?P<gid>{NUMBER}):(?P<ver>{NUMBER}):(?P<action>{ACTION})"
ACTION_VALUE = re.compile(ACTION)
PLAY_TEMPLATE = rf"tb:play:(?P<gid>{NUMBER})"
NAV_TEMPLATE = rf"tb:nav:(?P<gid>{NUMBER}):(?P<ver>{NUMBER}):(?P<group>-?{SMALL}):(?P<page>{SMALL})"


def buttons_view() -> discord.ui.View:
    """A view for our buttons, to send and forget. Every button here is a ``DynamicItem`` that
    discord.py dispatches by its custom_id, so a sent view need not be kept listening: stopped
    before it is sent, discord.py does not store it, and for an ephemeral message does not keep
    it for 15 minutes behind a timer task (at a hundred moves a second, tens of thousands)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]


def lobby_button(
    game_id: int, op: str, *, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary
) -> Button:
    return discord.ui.Button(label=label, style=style, custom_id=f"tb:lobby:{game_id}:{op}")


def lobby_op(op: str) -> str:
    """The op a lobby button's custom_id names, by its new name also on an old button."""
    return OLD_LOBBY_OPS.get(op, op)


def hand_button(game_id: int, *, label: str = "…") -> Button:
    return discord.ui.Button(label=label, style=discord.ButtonStyle.success, emoji="🃏", custom_id=f"tb:hand:{game_id}")


def act_button(
    game_id: int,
    version: int,
    action: str,
    *,
    label: str = "…",
    style: discord.ButtonStyle = discord.ButtonStyle.primary,
) -> Button:
    return discord.ui.Button(label=label[:80], style=style, custom_id=f"tb:act:{game_id}:{version}:{action}")


def sure_button(game_id: int, version: int, action: str, *, label: str = "…") -> Button:
    """ "Yes": an action that asked "are you sure?" (its ``act_button`` showed the question)."""
    return discord.ui.Button(
        label=label[:80], style=discord.ButtonStyle.danger, custom_id=f"tb:sure:{game_id}:{version}:{action}"
    )


def act_select(
    game_id: int,
    version: int,
    n: int,
    options: list[tuple[str, str]] | None = None,
    *,
    placeholder: str | None = None,
) -> Select:
    """Legal actions of one decision as a select menu (when they are more than buttons fit):
    picking one is pressing its button."""
    return discord.ui.Select(
        custom_id=f"tb:pick:{game_id}:{version}:{n}",
        placeholder=placeholder[:150] if placeholder else None,
        options=[discord.SelectOption(label=label[:100], value=action) for label, action in options or []],
    )


def nav_button(
    game_id: int,
    version: int,
    group: int,
    page: int,
    *,
    label: str = "…",
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> Button:
    return discord.ui.Button(
        label=label[:80], style=style, disabled=disabled, custom_id=f"tb:nav:{game_id}:{version}:{group}:{page}"
    )


def rematch_button(game_id: int, *, label: str = "…") -> Button:
    return discord.ui.Button(
        label=label, style=discord.ButtonStyle.primary, emoji="🔁", custom_id=f"tb:rematch:{game_id}"
    )


def take_back_button(game_id: int, version: int, *, label: str = "…") -> Button:
    return discord.ui.Button(
        label=label, style=discord.ButtonStyle.secondary, emoji="↩️", custom_id=f"tb:takeback:{game_id}:{version}"
    )


def play_button(game_id: int, *, label: str = "…") -> Button:
    """Launches the application's Activity (the table's web page inside Discord) in the channel."""
    return discord.ui.Button(
        label=label, style=discord.ButtonStyle.secondary, emoji="🎲", custom_id=f"tb:play:{game_id}"
    )


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
        PLAY_TEMPLATE,
    )
)

KNOWN_IDS = re.compile(KNOWN)

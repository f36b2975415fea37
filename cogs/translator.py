"""Command names and descriptions in Dutch, through discord.py's ``Translator``.

Message ids come from where a string sits, so one Dutch word serves every game's copy of a shared
command: ``cmd-name-<command>``, ``cmd-desc-<command>``, ``cmd-group-<game>``,
``cmd-param-<option>``, ``cmd-param-desc-<option>``, ``cmd-choice-<value>``. English is the
source text, so only Dutch is looked up; a missing id leaves Discord showing the English.
``cmd-name-<group>-<command>`` and ``cmd-desc-<group>-<command>``, where present, give one group's
subcommand its own text.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Loc

from locales import has, tr


def message_id(string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any]) -> str | None:
    data = context.data
    loc = context.location
    if loc is Loc.command_name:
        # A subcommand may need its own word where the shared one fits another group's meaning
        # (/table mine lists your games, /tournament mine shows your one game of the round).
        parent = getattr(data, "parent", None)
        if parent is not None and has("nl", f"cmd-name-{parent.name}-{data.name}"):
            return f"cmd-name-{parent.name}-{data.name}"
        return f"cmd-name-{data.name}"
    if loc is Loc.command_description:
        # A subcommand whose name other groups use too (``new``) may have its own text.
        parent = getattr(data, "parent", None)
        if parent is not None and has("nl", f"cmd-desc-{parent.name}-{data.name}"):
            return f"cmd-desc-{parent.name}-{data.name}"
        return f"cmd-desc-{data.name}"
    if loc is Loc.group_name:
        return f"cmd-name-{data.name}"
    if loc is Loc.group_description:
        return f"cmd-group-{data.name}"
    if loc is Loc.parameter_name:
        return f"cmd-param-{data.name}"
    if loc is Loc.parameter_description:
        return f"cmd-param-desc-{data.command.name}-{data.name}"
    if loc is Loc.choice_name:
        return f"cmd-choice-{data.value}"
    return None


class FluentTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        if locale is not discord.Locale.dutch:
            return None
        msg_id = message_id(string, context)
        if msg_id is None or not has("nl", msg_id):
            return None
        return tr("nl", msg_id)

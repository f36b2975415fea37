"""Table options: slash-command options that every game's ``new`` has, declared once.

A game cog declares only its own rules options on ``new``. ``TableCog`` hands every subclass to
``add_table_options``, which rebuilds its ``new`` command with the options of ``TABLE_OPTIONS``
appended, so each game's ``/<game> new`` offers them without a line in the game's cog. The
wrapped callback takes the shared options' values out of the call, keeps them on the interaction
(``interaction.extras``) and calls the game's own ``new`` unchanged; ``LobbyPresenter.create``
then asks ``table_opening`` for the table's language, options and table settings.

Adding another shared option is one ``TableOption`` in ``TABLE_OPTIONS``: its name, type, English
description (Dutch: ``cmd-param-<name>`` and ``cmd-param-desc-new-<name>`` in a
``locales/nl/*.ftl``), optional choices, and ``apply``, which writes the chosen value into the
``TableOpening`` (its ``settings`` are ``table.settings.TableSettings`` fields, such as the time per
move, which the rules never see).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from locales import LANGUAGES, language_of
from table.settings import BANK_CHOICES, MOVE_TIME_CHOICES

EXTRAS_KEY = "table_options"


@dataclass
class TableOpening:
    """What a new table is opened with: its language, its rules options, and its table settings
    (``table.settings.TableSettings`` fields by name)."""

    locale: str
    options: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TableOption:
    name: str
    annotation: Any  # as discord.py reads it; give it a default of None (the option is optional)
    description: str  # English, at most 100 characters
    apply: Callable[[TableOpening, Any], None]  # called only when the user gave a value
    choices: tuple[app_commands.Choice[Any], ...] = ()


def _set_language(opening: TableOpening, value: Any) -> None:
    if value in LANGUAGES:
        opening.locale = value


def _set_move_time(opening: TableOpening, value: Any) -> None:
    if value in MOVE_TIME_CHOICES:
        opening.settings["move_seconds"] = MOVE_TIME_CHOICES[value]


LANGUAGE = TableOption(
    name="language",
    annotation=str | None,
    description="Language of the public board and its lines (default: your Discord language)",
    apply=_set_language,
    # Each language under its own name, as language menus do, whatever the reader's language.
    choices=(app_commands.Choice(name="English", value="en"), app_commands.Choice(name="Nederlands", value="nl")),
)

MOVE_TIME_NAMES = {"none": "none", "1h": "1 hour", "12h": "12 hours", "24h": "24 hours", "3d": "3 days", "7d": "7 days"}

TIME_PER_MOVE = TableOption(
    name="time_per_move",
    annotation=str | None,
    description="Time each player has per move (default: the server's setting)",
    apply=_set_move_time,
    choices=tuple(app_commands.Choice(name=MOVE_TIME_NAMES[key], value=key) for key in MOVE_TIME_CHOICES),
)


def _set_time_bank(opening: TableOpening, value: Any) -> None:
    if value in BANK_CHOICES:
        opening.settings["bank_seconds"], opening.settings["bank_increment"] = BANK_CHOICES[value]


def _set_quiet_pause(opening: TableOpening, value: Any) -> None:
    opening.settings["quiet_pause"] = bool(value)


BANK_NAMES = {
    "1h-5m": "1 hour, +5 minutes a move",
    "1d-2h": "1 day, +2 hours a move",
    "3d-12h": "3 days, +12 hours a move",
    "7d-1d": "7 days, +1 day a move",
    "14d-1d": "14 days, +1 day a move",
}

TIME_BANK = TableOption(
    name="time_bank",
    annotation=str | None,
    description="A time bank per player instead of a time per move: start, added per move (capped)",
    apply=_set_time_bank,
    choices=tuple(app_commands.Choice(name=BANK_NAMES[key], value=key) for key in BANK_CHOICES),
)

QUIET_PAUSE = TableOption(
    name="quiet_clocks",
    annotation=bool | None,
    description="Clocks stand still during each player's quiet hours (/table quiet-hours)",
    apply=_set_quiet_pause,
)

TABLE_OPTIONS: tuple[TableOption, ...] = (LANGUAGE, TIME_PER_MOVE, TIME_BANK, QUIET_PAUSE)


def table_opening(
    interaction: discord.Interaction, options: dict[str, Any], table_options: tuple[TableOption, ...] = TABLE_OPTIONS
) -> TableOpening:
    """The language, options and table settings of a table being opened by ``interaction``.

    The language defaults to the host's own Discord language: a server without Community reports
    English as its locale whatever its members speak, so the server's locale is no guide."""
    opening = TableOpening(locale=language_of(interaction.locale), options=dict(options))
    chosen = getattr(interaction, "extras", {}).get(EXTRAS_KEY, {})
    for option in table_options:
        value = chosen.get(option.name)
        if value is not None:
            option.apply(opening, value)
    return opening


# A cog's slash command, whatever its cog, parameters and result.
AnyCommand = app_commands.Command[Any, ..., Any]


def with_table_options(command: AnyCommand, table_options: tuple[TableOption, ...] = TABLE_OPTIONS) -> AnyCommand:
    """A copy of ``command`` (a cog's ``new``) that also takes ``table_options``."""
    func = command.callback
    taken = set(inspect.signature(func).parameters)
    extra = [option for option in table_options if option.name not in taken]
    names = [option.name for option in extra]

    async def call(self: Any, interaction: discord.Interaction, **values: Any) -> Any:
        interaction.extras[EXTRAS_KEY] = {name: values.pop(name, None) for name in names}
        return await func(self, interaction, **values)

    # Any: discord.py reads the attributes set below, which no function type declares.
    wrapper: Any = functools.wraps(func)(call)

    # The game's own annotations resolved where they were written, then the shared ones after them.
    signature = inspect.signature(func, eval_str=True)
    parameters = list(signature.parameters.values()) + [
        inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=option.annotation)
        for option in extra
    ]
    wrapper.__signature__ = signature.replace(parameters=parameters)
    del wrapper.__wrapped__  # discord.py must read the signature above, not the game's own
    # functools.wraps shares the decorator dicts (descriptions, choices) with the game's function.
    descriptions = dict(getattr(func, "__discord_app_commands_param_description__", {}))
    choices = dict(getattr(func, "__discord_app_commands_param_choices__", {}))
    for option in extra:
        descriptions[option.name] = option.description
        if option.choices:
            choices[option.name] = list(option.choices)
    wrapper.__discord_app_commands_param_description__ = descriptions
    wrapper.__discord_app_commands_param_choices__ = choices

    rebuilt: AnyCommand = app_commands.Command(
        name=command.name,
        description=command.description,
        callback=wrapper,
        nsfw=command.nsfw,
        parent=command.parent,
        guild_ids=command._guild_ids,
        extras=command.extras,
    )
    rebuilt.checks = list(command.checks)
    rebuilt.default_permissions = command.default_permissions
    rebuilt.guild_only = command.guild_only
    for name, parameter in command._params.items():  # autocomplete callbacks of the game's options
        if parameter.autocomplete is not None:
            rebuilt._params[name].autocomplete = parameter.autocomplete
    return rebuilt


def add_table_options(cls: type, attribute: str = "new") -> None:
    """Give ``cls.<attribute>`` (a slash command) the shared table options, if the class has one."""
    command = cls.__dict__.get(attribute)
    if isinstance(command, app_commands.Command):
        setattr(cls, attribute, with_table_options(command))

"""Computer levels at the table (``engines.levels``): the choices offered and the lobby buttons that
add a computer of a level (the words are ``table.levels``)."""

from __future__ import annotations

from discord import app_commands

from engines.levels import DEFAULT_LEVEL, LEVELS
from table.levels import level_name, seat_label

__all__ = ["LEVEL_CHOICES", "LEVEL_OPS", "computer_op", "level_name", "seat_label"]

LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
# Lobby button ops: "add-computer" adds a computer of the default level, "add-computer-<level>" one
# of another level.
LEVEL_OPS = {f"add-computer-{level}": level for level in LEVELS if level != DEFAULT_LEVEL}


def computer_op(level: str | None) -> str:
    """The lobby op that adds a computer of ``level`` (None: the default)."""
    if level is None or level == DEFAULT_LEVEL or level not in LEVELS:
        return "add-computer"
    return f"add-computer-{level}"

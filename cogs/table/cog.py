"""The commands every game has, declared once. A game's cog subclasses ``TableCog`` and one of
``PlayCommand`` (card games: ``/game play``) or ``MoveCommand`` (board games: ``/game move``), with
its ``group_name``, and adds only its ``new`` command (whose options differ per game).

Each command is one line into the shared ``TableFlow``; rules never live here. The options every
table has (time per move) are added to each game's ``new`` once, here (``_add_table_options``).
"""

from __future__ import annotations

import functools
from typing import ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from table.settings import MOVE_TIME_CHOICES

MOVE_TIME_NAMES = {"none": "none", "1h": "1 hour", "12h": "12 hours", "24h": "24 hours", "3d": "3 days", "7d": "7 days"}


@app_commands.describe(time_per_move="Time each player has per move (default: the server's setting)")
@app_commands.choices(time_per_move=[app_commands.Choice(name=MOVE_TIME_NAMES[k], value=k) for k in MOVE_TIME_CHOICES])
async def _table_options(interaction: discord.Interaction, time_per_move: app_commands.Choice[str] | None = None):
    """Only a template: its parameters are added to every game's ``new``."""


_TABLE_PARAMS = app_commands.Command(name="new", description="-", callback=_table_options)._params


def _add_table_options(command: app_commands.Command) -> None:
    """Give a game's ``new`` the shared table options. The game's own callback never sees them:
    they travel to ``LobbyPresenter.create`` in ``interaction.extras["table_settings"]``."""
    if "time_per_move" in command._params:
        return
    original = command._callback

    @functools.wraps(original)
    async def with_table_options(cog, interaction: discord.Interaction, **params):
        choice = params.pop("time_per_move", None)
        if choice is not None:
            value = choice.value if isinstance(choice, app_commands.Choice) else choice
            interaction.extras["table_settings"] = {"move_seconds": MOVE_TIME_CHOICES[value]}
        return await original(cog, interaction, **params)

    command._callback = with_table_options
    command._params.update(_TABLE_PARAMS)


class TableCog(commands.GroupCog):
    game: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        new = cls.__dict__.get("new")
        if isinstance(new, app_commands.Command):
            _add_table_options(new)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def flow(self):
        return self.bot.table_flow

    @app_commands.command(name="join", description="Join the open table in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.command(interaction, self.game, "join")

    @app_commands.command(name="leave", description="Leave the table before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.command(interaction, self.game, "leave")

    @app_commands.command(name="add-computer", description="Add a computer player to the table")
    async def add_computer(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.command(interaction, self.game, "bot")

    @app_commands.command(name="remove-computer", description="Remove a computer player from the table")
    async def remove_computer(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.command(interaction, self.game, "unbot")

    @app_commands.command(name="start", description="Start the game (host, or anyone once the table is full)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.command(interaction, self.game, "start")

    @app_commands.command(name="board", description="Show the board again")
    async def board(self, interaction: discord.Interaction) -> None:
        await self.flow.board.command(interaction, self.game)

    @app_commands.command(name="hand", description="Show your hand and your moves (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.flow.moves.hand_command(interaction, self.game)

    @app_commands.command(name="resign", description="Give up; a computer player takes over your seat")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.flow.moves.resign_command(interaction, self.game)

    @app_commands.command(name="cancel", description="Cancel the game (host or Manage Server)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.cancel_command(interaction, self.game)

    @app_commands.command(name="extend", description="Give the player to move more time (host or Manage Server)")
    @app_commands.describe(hours="Hours to add to their clock (1-168)")
    async def extend(self, interaction: discord.Interaction, hours: app_commands.Range[int, 1, 168] = 24) -> None:
        await self.flow.clocks.extend_command(interaction, self.game, hours)

    @app_commands.command(
        name="hand-over", description="Give an absent player's seat to the computer (host or Manage Server)"
    )
    @app_commands.describe(member="The absent player (ranked as resigned)")
    async def hand_over(self, interaction: discord.Interaction, member: discord.User) -> None:
        await self.flow.clocks.hand_over_command(interaction, self.game, member)


class PlayCommand:
    """``/game play action:`` with autocomplete of the legal plays."""

    @app_commands.command(name="play", description="Make a move")
    @app_commands.describe(action="The move (start typing to see the legal ones)")
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        await self.flow.moves.play_command(interaction, self.game, action)

    @play.autocomplete("action")
    async def play_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self.flow.moves.autocomplete_actions(interaction, self.game, current)


class MoveCommand:
    """``/game move action:``: the same as ``play``, under the word board games use."""

    @app_commands.command(name="move", description="Make a move")
    @app_commands.describe(action="The move (start typing to see the legal ones)")
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await self.flow.moves.play_command(interaction, self.game, action)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self.flow.moves.autocomplete_actions(interaction, self.game, current)

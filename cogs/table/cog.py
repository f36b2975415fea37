"""The commands every game has, declared once. A game's cog subclasses ``TableCog`` and one of
``PlayCommand`` (card games: ``/game play``) or ``MoveCommand`` (board games: ``/game move``), with
its ``group_name``, and adds only its ``new`` command (whose options differ per game); the
options every table has (its language, time per move) are added to that ``new`` here, once (see
``cogs.table.table_options``).

Each command is one line into the shared ``TableFlow``; rules never live here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.flow import TableFlow
from cogs.table.levels import LEVEL_CHOICES, computer_op
from cogs.table.table_options import add_table_options

if TYPE_CHECKING:
    from bot import TafelBot

    # discord.py types a command's ``self`` as a Cog or a Group. ``PlayCommand`` and
    # ``MoveCommand`` are mix-ins that only ever end up in a ``TableCog``: for the type checker
    # they are cogs already; at run time they stay plain classes, as discord.py expects of mix-ins.
    _Mixin = commands.Cog
else:
    _Mixin = object


class GameCommands(_Mixin):
    """What the shared commands need of the cog they are part of: its game and the bot's table
    flow. ``TableCog`` and the ``PlayCommand``/``MoveCommand`` mix-ins all build on it."""

    game: ClassVar[str] = ""
    bot: TafelBot

    @property
    def flow(self) -> TableFlow:
        return self.bot.table_flow


class TableCog(commands.GroupCog, GameCommands):
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        add_table_options(cls)  # before discord.py collects the class's commands

    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="join", description="Join the open table in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.command(interaction, self.game, "join")

    @app_commands.command(name="leave", description="Leave the table before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.command(interaction, self.game, "leave")

    @app_commands.command(name="add-computer", description="Add a computer player to the table")
    @app_commands.describe(level="How strong it plays (default: normal)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def add_computer(
        self, interaction: discord.Interaction, level: app_commands.Choice[str] | None = None
    ) -> None:
        await self.flow.lobby.command(interaction, self.game, computer_op(level.value if level else None))

    @app_commands.command(name="remove-computer", description="Remove a computer player from the table")
    async def remove_computer(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.command(interaction, self.game, "remove-computer")

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

    @app_commands.command(name="take-back", description="Take back your last move of this turn, if the game allows")
    async def take_back(self, interaction: discord.Interaction) -> None:
        await self.flow.moves.takeback_command(interaction, self.game)

    @app_commands.command(name="cancel", description="Cancel the game (host or Manage Server)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.flow.lobby.cancel_command(interaction, self.game)

    @app_commands.command(name="extend", description="Give the player to move more time (host or Manage Server)")
    @app_commands.describe(hours="Hours to add to their clock (1-168)")
    async def extend(self, interaction: discord.Interaction, hours: app_commands.Range[int, 1, 168] = 24) -> None:
        await self.flow.reminders.extend_command(interaction, self.game, hours)

    @app_commands.command(
        name="hand-over", description="Give an absent player's seat to the computer (host or Manage Server)"
    )
    @app_commands.describe(member="The absent player (ranked as resigned)")
    async def hand_over(self, interaction: discord.Interaction, member: discord.User) -> None:
        await self.flow.moves.hand_over_command(interaction, self.game, member)


class PlayCommand(GameCommands):
    """``/game play action:`` with autocomplete of the legal plays."""

    @app_commands.command(name="play", description="Make a move")
    @app_commands.describe(action="The move (start typing to see the legal ones)")
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        await self.flow.moves.play_command(interaction, self.game, action)

    @play.autocomplete("action")
    async def play_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.flow.moves.autocomplete_actions(interaction, self.game, current)


class MoveCommand(GameCommands):
    """``/game move action:``: the same as ``play``, under the word board games use."""

    @app_commands.command(name="move", description="Make a move")
    @app_commands.describe(action="The move (start typing to see the legal ones)")
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await self.flow.moves.play_command(interaction, self.game, action)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.flow.moves.autocomplete_actions(interaction, self.game, current)

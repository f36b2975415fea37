"""The ``/table`` command group: play across games. Your open games, the server's running games,
your reminder and heads-up choices, being away, and the server's table settings (Manage Server).

Per-game commands (extend a move's deadline, hand a seat over) are every game's own
(``cogs/table/cog.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.flow import TableFlow
from cogs.table.levels import LEVEL_CHOICES, level_name
from cogs.table.presenter import NO_MENTIONS, is_admin, lang_of
from cogs.table.reminders import duration_text, jump_link
from cogs.table.table_options import MOVE_TIME_NAMES
from db import GameStatus, table_data
from engines.levels import LEVELS
from locales import tr
from table.listing import Listed, listed
from table.service import TableError, TableService
from table.settings import DAY, HOUR, MOVE_TIME_CHOICES, ServerSettings
from table.text import game_name, who
from table.until import parse_until, shown

if TYPE_CHECKING:
    from bot import TafelBot

MAX_LINES = 25


class TableCommands(
    commands.GroupCog, group_name="table", group_description="Your games, reminders and this server's table settings"
):
    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def flow(self) -> TableFlow:
        return self.bot.table_flow

    @property
    def service(self) -> TableService:
        return self.bot.table_service

    # ---- listings ----------------------------------------------------------------------------
    @app_commands.command(
        name="mine", description="Your open games in this server, oldest waiting first (only you see it)"
    )
    async def mine(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            games = await self._listed(interaction, user_id=interaction.user.id)
            lang = lang_of(interaction)
            text = self._lines(lang, games, "mine-title", "mine-none", user_id=interaction.user.id)
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

        await self.flow.guarded(interaction, None, work)

    @app_commands.command(name="running", description="Every running game in this server, to watch (only you see it)")
    async def running(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            games = [g for g in await self._listed(interaction) if g.row.status == GameStatus.ACTIVE]
            text = self._lines(lang_of(interaction), games, "running-title", "running-none")
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

        await self.flow.guarded(interaction, None, work)

    async def _listed(self, interaction: discord.Interaction, user_id: int | None = None) -> list[Listed]:
        rows = await table_data.open_games_in_guild(self.service.store, interaction.guild_id)
        engines = {k: s.engine for k, s in self.service.specs.items()}
        return listed(rows, engines, self.service.clock.now(), user_id=user_id)

    @staticmethod
    def _lines(lang: str, games: list[Listed], title: str, empty: str, *, user_id: int | None = None) -> str:
        if not games:
            return tr(lang, empty)
        lines = [f"**{tr(lang, title)}**"]
        for g in games[:MAX_LINES]:
            row = g.row
            link = jump_link(row) or f"<#{row.channel_id}>"
            if row.status == GameStatus.LOBBY:
                turn = tr(lang, "mine-lobby")
            elif g.your_turn:
                turn = tr(lang, "mine-your-turn")
            else:
                turn = tr(lang, "mine-waiting", players=who(row.seats, g.to_move, mention=False))
            left = f" · {duration_text(lang, g.left)}" if g.left is not None else ""
            lines.append(
                "• " + tr(lang, "mine-line", game=game_name(lang, row.game), channel=link, turn=turn, left=left)
            )
        if len(games) > MAX_LINES:
            lines.append(f"… +{len(games) - MAX_LINES}")
        return "\n".join(lines)[:1990]

    # ---- a person's choices ------------------------------------------------------------------
    @app_commands.command(name="reminders", description="Also get your move reminders by direct message")
    @app_commands.describe(direct_messages="On: reminders by DM too; off: only the mention in the channel")
    async def reminders(self, interaction: discord.Interaction, direct_messages: bool) -> None:
        async def work() -> None:
            await table_data.set_person(self.service.store, interaction.user.id, dm_reminders=direct_messages)
            lang = lang_of(interaction)
            text = tr(lang, "reminders-on" if direct_messages else "reminders-off")
            server = await self.service.server_settings(interaction.guild_id)
            if direct_messages and not server.dm_reminders:
                text += "\n" + tr(lang, "reminders-server-off")
            await interaction.response.send_message(text, ephemeral=True)

        await self.flow.guarded(interaction, None, work)

    @app_commands.command(name="heads-up", description="Get a direct message when you are next")
    @app_commands.describe(on="On: a DM when the player before you starts their turn")
    async def heads_up(self, interaction: discord.Interaction, on: bool) -> None:
        async def work() -> None:
            await table_data.set_person(self.service.store, interaction.user.id, heads_up=on)
            await interaction.response.send_message(
                tr(lang_of(interaction), "heads-up-on" if on else "heads-up-off"), ephemeral=True
            )

        await self.flow.guarded(interaction, None, work)

    @app_commands.command(name="away", description="Away for a while: a note in your games, reminders held")
    @app_commands.describe(until='Until when ("friday", "3 days", "12h", 2026-12-24); leave empty when you are back')
    async def away(self, interaction: discord.Interaction, until: str | None = None) -> None:
        async def work() -> None:
            lang = lang_of(interaction)
            if not until:
                await table_data.set_person(self.service.store, interaction.user.id, away_until=None)
                await interaction.response.send_message(tr(lang, "away-cleared"), ephemeral=True)
                return
            moment = parse_until(until, self.service.clock.now())
            if moment is None:
                raise TableError("bad-time")
            await table_data.set_person(self.service.store, interaction.user.id, away_until=moment)
            await interaction.response.send_message(tr(lang, "away-set", until=shown(moment)), ephemeral=True)
            await self.flow.reminders.away_notes(interaction.guild_id, interaction.user, moment)

        await self.flow.guarded(interaction, None, work)

    # ---- the server's settings -----------------------------------------------------------------
    @app_commands.command(name="settings", description="Show this server's table settings; change them (Manage Server)")
    @app_commands.describe(
        time_per_move="Default time per move for new tables",
        dm_reminders="Whether people may get reminders by direct message",
        lobby_hours="Close tables that have not started after this many hours (1-168)",
        allow_channel="Let games be opened in this channel (and its threads)",
        disallow_channel="No longer let games be opened in this channel",
        any_channel="Let games be opened in every channel again",
        takeover_level="The computer level that takes over absent players' seats",
    )
    @app_commands.choices(
        time_per_move=[app_commands.Choice(name=MOVE_TIME_NAMES[k], value=k) for k in MOVE_TIME_CHOICES],
        takeover_level=LEVEL_CHOICES,
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        time_per_move: app_commands.Choice[str] | None = None,
        dm_reminders: bool | None = None,
        lobby_hours: app_commands.Range[int, 1, 168] | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        any_channel: bool | None = None,
        takeover_level: app_commands.Choice[str] | None = None,
    ) -> None:
        async def work() -> None:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise TableError("not-open")
            lang = lang_of(interaction)
            current = await self.service.server_settings(guild_id)
            changes: dict[str, Any] = {}
            if time_per_move is not None:
                changes["move_seconds"] = MOVE_TIME_CHOICES[time_per_move.value]
            if dm_reminders is not None:
                changes["dm_reminders"] = dm_reminders
            if lobby_hours is not None:
                changes["lobby_seconds"] = lobby_hours * HOUR
            channels = list(current.channels)
            if any_channel:
                channels = []
            if allow_channel is not None and allow_channel.id not in channels:
                channels.append(allow_channel.id)
            if disallow_channel is not None and disallow_channel.id in channels:
                channels.remove(disallow_channel.id)
            if tuple(channels) != current.channels:
                changes["channels"] = tuple(channels)
            if takeover_level is not None:
                if takeover_level.value not in LEVELS:
                    raise TableError("unknown-level")
                changes["takeover_level"] = takeover_level.value
            if changes:
                if not is_admin(interaction):
                    raise TableError("manage-server")
                await table_data.set_server_settings(self.service.store, guild_id, by=interaction.user.id, **changes)
                current = await self.service.server_settings(guild_id)
            await interaction.response.send_message(
                self._settings_text(lang, current, saved=bool(changes)), ephemeral=True, allowed_mentions=NO_MENTIONS
            )

        await self.flow.guarded(interaction, None, work)

    @staticmethod
    def _settings_text(lang: str, s: ServerSettings, *, saved: bool) -> str:
        move = duration_text(lang, s.move_seconds) if s.move_seconds else tr(lang, "option-none")
        yes_no = tr(lang, "option-yes" if s.dm_reminders else "option-no")
        where = ", ".join(f"<#{c}>" for c in s.channels) or tr(lang, "settings-anywhere")
        lines = [
            f"**{tr(lang, 'settings-title')}**",
            tr(lang, "settings-move", value=move),
            tr(lang, "settings-dm", value=yes_no),
            tr(lang, "settings-lobby", value=duration_text(lang, s.lobby_seconds or DAY)),
            tr(lang, "settings-channels", value=where),
            tr(lang, "settings-takeover", value=level_name(lang, s.takeover_level)),
        ]
        if saved:
            lines.insert(0, tr(lang, "settings-saved"))
        return "\n".join(lines)


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(TableCommands(bot))

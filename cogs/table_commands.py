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

from cogs.league import game_choices
from cogs.queue import LookingForPlayers
from cogs.table.flow import TableFlow
from cogs.table.levels import LEVEL_CHOICES, level_name
from cogs.table.presenter import NO_MENTIONS, is_admin, lang_of
from cogs.table.reminders import duration_text, jump_link
from cogs.table.table_options import MOVE_TIME_NAMES
from db import GameStatus, table_data
from engines.levels import LEVELS
from locales import tr
from table.inbox import DIGEST, MODES, OFF, ONE
from table.listing import Listed, listed
from table.quiet import known_zone, parse_time_of_day, time_of_day, zone_choices
from table.service import TableError, TableService
from table.settings import DAY, HOUR, MOVE_TIME_CHOICES, ServerSettings
from table.text import game_name, who
from table.until import parse_until, shown

if TYPE_CHECKING:
    from bot import TafelBot

MAX_LINES = 25
MAX_LINK_BUTTONS = 25  # five rows of five: all a message may carry
WEB_OPTIONS = ("web_page", "web_new_links")  # /table settings' options of the web companion


class TableCommands(
    commands.GroupCog, group_name="table", group_description="Your games, reminders and this server's table settings"
):
    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot
        self._looking: LookingForPlayers | None = None
        super().__init__()
        if not bot.config.web.on:
            # Without the web companion its options are not offered at all: nothing changes.
            for name in WEB_OPTIONS:
                self.settings._params.pop(name, None)

    @property
    def flow(self) -> TableFlow:
        return self.bot.table_flow

    @property
    def service(self) -> TableService:
        return self.bot.table_service

    @property
    def looking(self) -> LookingForPlayers:
        if self._looking is None:
            self._looking = LookingForPlayers(self.flow)
        return self._looking

    # ---- listings ----------------------------------------------------------------------------
    @app_commands.command(
        name="mine", description="Your open games in every server, oldest waiting first (only you see it)"
    )
    async def mine(self, interaction: discord.Interaction) -> None:
        async def list_my_tables() -> None:
            # Every server's (issue 49: one list for someone who plays in several), each with its
            # link; only the person sees it, and only their own tables.
            rows = await table_data.open_games_of(self.service.store, interaction.user.id)
            engines = {k: s.engine for k, s in self.service.specs.items()}
            games = listed(rows, engines, self.service.clock.now(), user_id=interaction.user.id)
            lang = lang_of(interaction)
            text = self._lines(lang, games, "mine-title", "mine-none", user_id=interaction.user.id)
            view = await self._watch_buttons(lang, games, None, mine=True)
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS, **view)

        await self.flow.guarded(interaction, None, list_my_tables)

    @app_commands.command(name="running", description="Every running game in this server, to watch (only you see it)")
    async def running(self, interaction: discord.Interaction) -> None:
        async def list_the_running_tables() -> None:
            games = [g for g in await self._listed(interaction) if g.row.status == GameStatus.ACTIVE]
            lang = lang_of(interaction)
            text = self._lines(lang, games, "running-title", "running-none")
            view = await self._watch_buttons(lang, games, interaction.guild_id)
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS, **view)

        await self.flow.guarded(interaction, None, list_the_running_tables)

    async def _listed(self, interaction: discord.Interaction, user_id: int | None = None) -> list[Listed]:
        rows = await table_data.open_games_in_guild(self.service.store, interaction.guild_id)
        engines = {k: s.engine for k, s in self.service.specs.items()}
        return listed(rows, engines, self.service.clock.now(), user_id=user_id)

    async def _watch_buttons(
        self, lang: str, games: list[Listed], guild_id: int | None, *, mine: bool = False
    ) -> dict[str, Any]:
        """``view=`` with a link to each running game's web page (and the server page, when its
        admins turned it on; ``mine``: "Your tables", where people can sign in), only while the
        web companion is on; else nothing."""
        web = self.flow.shared.web
        if web is None:
            return {}
        buttons: list[discord.ui.Button[discord.ui.View]] = []
        if mine and (yours := web.mine_url()) is not None:
            buttons.append(discord.ui.Button(label=tr(lang, "web-mine-link"), url=yours, emoji="🌐"))
        if guild_id is not None and (server := await web.server_url(guild_id)) is not None:
            buttons.append(discord.ui.Button(label=tr(lang, "web-server-button"), url=server, emoji="🌐"))
        for g in games:
            if g.row.status == GameStatus.ACTIVE and len(buttons) < MAX_LINK_BUTTONS:
                label = f"{tr(lang, 'web-watch')}: {game_name(lang, g.row.game)} #{g.row.id}"
                buttons.append(discord.ui.Button(label=label[:80], url=await web.table_url(g.row)))
        if not buttons:
            return {}
        view = discord.ui.View(timeout=None)
        for button in buttons:
            view.add_item(button)
        view.stop()
        return {"view": view}

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
                turn = tr(lang, "mine-waiting", players=who(row.seats, g.to_move, mention=False, lang=lang))
            left = f" · {duration_text(lang, g.left)}" if g.left is not None else ""
            if g.bank is not None:
                left += " · " + tr(lang, "mine-bank", left=duration_text(lang, g.bank))
            lines.append(
                "• " + tr(lang, "mine-line", game=game_name(lang, row.game), channel=link, turn=turn, left=left)
            )
        if len(games) > MAX_LINES:
            lines.append(f"… +{len(games) - MAX_LINES}")
        return "\n".join(lines)[:1990]

    # ---- looking for players ----------------------------------------------------------------------
    @app_commands.command(name="queue", description="Wait for players for a game; without a game: who waits for what")
    @app_commands.describe(
        game="The game (empty: show who waits for what)",
        players="How many players (default: the game's least)",
        leave="On: leave the queue",
    )
    @app_commands.choices(game=game_choices())
    async def queue(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        players: app_commands.Range[int, 2, 8] | None = None,
        leave: bool = False,
    ) -> None:
        await self.looking.command(interaction, game.value if game else None, players, leave)

    # ---- a person's choices ------------------------------------------------------------------
    @app_commands.command(name="reminders", description="Also get your move reminders by direct message")
    @app_commands.describe(direct_messages="On: reminders by DM too; off: only the mention in the channel")
    async def reminders(self, interaction: discord.Interaction, direct_messages: bool) -> None:
        async def set_my_reminders() -> None:
            await table_data.set_person(self.service.store, interaction.user.id, dm_reminders=direct_messages)
            lang = lang_of(interaction)
            text = tr(lang, "reminders-on" if direct_messages else "reminders-off")
            server = await self.service.server_settings(interaction.guild_id)
            if direct_messages and not server.dm_reminders:
                text += "\n" + tr(lang, "reminders-server-off")
            await interaction.response.send_message(text, ephemeral=True)

        await self.flow.guarded(interaction, None, set_my_reminders)

    @app_commands.command(name="heads-up", description="Get a direct message when you are next")
    @app_commands.describe(on="On: a DM when the player before you starts their turn")
    async def heads_up(self, interaction: discord.Interaction, on: bool) -> None:
        async def set_my_heads_up() -> None:
            await table_data.set_person(self.service.store, interaction.user.id, heads_up=on)
            await interaction.response.send_message(
                tr(lang_of(interaction), "heads-up-on" if on else "heads-up-off"), ephemeral=True
            )

        await self.flow.guarded(interaction, None, set_my_heads_up)

    @app_commands.command(name="inbox", description="One direct message with every game waiting for your move")
    @app_commands.describe(
        messages="One message kept up to date, one per turn, a daily digest, or none (empty: your choice)"
    )
    @app_commands.choices(
        messages=[
            app_commands.Choice(name="one message, kept up to date", value="one"),
            app_commands.Choice(name="one message per turn", value="each"),
            app_commands.Choice(name="a daily digest", value="digest"),
            app_commands.Choice(name="none", value="off"),
        ]
    )
    async def inbox(self, interaction: discord.Interaction, messages: app_commands.Choice[str] | None = None) -> None:
        async def set_my_inbox() -> None:
            lang = lang_of(interaction)
            user_id = interaction.user.id
            if messages is None:
                person = (await table_data.people(self.service.store, [user_id]))[user_id]
                current = tr(lang, f"inbox-mode-{person.inbox_mode}", default=person.inbox_mode)
                await interaction.response.send_message(tr(lang, "inbox-current", mode=current), ephemeral=True)
                return
            mode = messages.value
            if mode not in MODES:
                raise TableError("bad-inbox")
            await table_data.set_person(self.service.store, user_id, inbox_mode=mode, inbox_locale=lang)
            lines = [tr(lang, f"inbox-set-{mode}")]
            if mode != OFF:
                if self.flow.reminders.dms.closed(user_id):
                    lines.append(tr(lang, "inbox-dms-closed"))
                if interaction.guild_id is not None:
                    server = await self.service.server_settings(interaction.guild_id)
                    if not server.dm_reminders:
                        lines.append(tr(lang, "inbox-server-off"))
            await interaction.response.send_message("\n".join(lines), ephemeral=True)
            if mode != ONE:
                await self.flow.reminders.inbox.retire(user_id)  # no stale list left standing
            if mode == DIGEST:
                await self.flow.reminders.inbox.arm_digest(user_id)
            elif mode != OFF:
                self.flow.reminders.inbox.soon(user_id)  # what waits now, in every server

        await self.flow.guarded(interaction, None, set_my_inbox)

    @app_commands.command(name="auto-play", description="Moves that decide nothing: played for you, or asked")
    @app_commands.describe(on="On: when you have only one move, it is played for you; off: you press it")
    async def auto_play(self, interaction: discord.Interaction, on: bool) -> None:
        async def set_my_auto_play() -> None:
            await table_data.set_person(self.service.store, interaction.user.id, auto_play=on)
            await interaction.response.send_message(
                tr(lang_of(interaction), "auto-play-on" if on else "auto-play-off"), ephemeral=True
            )

        await self.flow.guarded(interaction, None, set_my_auto_play)

    @app_commands.command(name="away", description="Away for a while: a note in your games, reminders held")
    @app_commands.describe(until='Until when ("friday", "3 days", "12h", 2026-12-24); leave empty when you are back')
    async def away(self, interaction: discord.Interaction, until: str | None = None) -> None:
        async def set_or_end_my_time_away() -> None:
            lang = lang_of(interaction)
            now = self.service.clock.now()
            if not until:
                await table_data.set_person(self.service.store, interaction.user.id, away_until=None)
                await table_data.add_away_period(self.service.store, interaction.user.id, now, now)
                await interaction.response.send_message(tr(lang, "away-cleared"), ephemeral=True)
                return
            moment = parse_until(until, now)
            if moment is None:
                raise TableError("bad-time")
            await table_data.set_person(self.service.store, interaction.user.id, away_until=moment)
            await table_data.add_away_period(self.service.store, interaction.user.id, now, moment)  # turn times
            await interaction.response.send_message(tr(lang, "away-set", until=shown(moment)), ephemeral=True)
            await self.flow.reminders.away_notes(interaction.guild_id, interaction.user, moment)

        await self.flow.guarded(interaction, None, set_or_end_my_time_away)

    @app_commands.command(name="turn-times", description="Show your median time to move in /league profile")
    @app_commands.describe(share="On: /league profile shows your median time to move per game")
    async def turn_times(self, interaction: discord.Interaction, share: bool) -> None:
        async def set_sharing_my_turn_times() -> None:
            await table_data.set_person(self.service.store, interaction.user.id, share_turn_times=share)
            await interaction.response.send_message(
                tr(lang_of(interaction), "turn-times-on" if share else "turn-times-off"), ephemeral=True
            )

        await self.flow.guarded(interaction, None, set_sharing_my_turn_times)

    @app_commands.command(name="quiet-hours", description="No pings or DMs in your quiet hours each day")
    @app_commands.rename(start="from", end="to")
    @app_commands.describe(
        start="Start, your local time (23:00); leave all three empty to remove your quiet hours",
        end="End, your local time (08:00)",
        timezone="Your time zone (Europe/Amsterdam)",
    )
    async def quiet_hours(
        self,
        interaction: discord.Interaction,
        start: str | None = None,
        end: str | None = None,
        timezone: str | None = None,
    ) -> None:
        async def set_my_quiet_hours() -> None:
            lang = lang_of(interaction)
            store = self.service.store
            if start is None and end is None and timezone is None:
                await table_data.set_person(store, interaction.user.id, quiet_from=None, quiet_to=None, quiet_tz=None)
                await interaction.response.send_message(tr(lang, "quiet-hours-cleared"), ephemeral=True)
                return
            begins = parse_time_of_day(start or "")
            ends = parse_time_of_day(end or "")
            zone = known_zone(timezone or "")
            if begins is None or ends is None or begins == ends:
                raise TableError("bad-quiet-hours")
            if zone is None:
                raise TableError("bad-time-zone")
            await table_data.set_person(store, interaction.user.id, quiet_from=begins, quiet_to=ends, quiet_tz=zone)
            text = tr(lang, "quiet-hours-set", start=time_of_day(begins), end=time_of_day(ends), zone=zone)
            await interaction.response.send_message(text, ephemeral=True)

        await self.flow.guarded(interaction, None, set_my_quiet_hours)

    @quiet_hours.autocomplete("timezone")
    async def _zones(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=z, value=z) for z in zone_choices(current)]

    # ---- the server's settings -----------------------------------------------------------------
    @app_commands.command(name="settings", description="Show this server's table settings; change them (Manage Server)")
    @app_commands.describe(
        time_per_move="Default time per move for new tables",
        dm_reminders="Whether people may get reminders by direct message",
        lobby_hours="Close tables that have not started after this many hours (1-168)",
        allow_channel="Let games be opened in this channel (and its threads)",
        disallow_channel="No longer let games be opened in this channel",
        any_channel="Let games be opened in every channel again",
        open_games_limit="How many open games one person may have at once (0: no limit)",
        web_page="Show this server's running tables and league on the web",
        web_new_links="New addresses for this server's web pages: every old link stops working",
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
        open_games_limit: app_commands.Range[int, 0, 100] | None = None,
        web_page: bool | None = None,
        web_new_links: bool | None = None,
        takeover_level: app_commands.Choice[str] | None = None,
    ) -> None:
        async def show_or_change_the_server_settings() -> None:
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
            if open_games_limit is not None:
                changes["open_games_limit"] = open_games_limit or None
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
            web_asked = (web_page is not None or bool(web_new_links)) and self.flow.shared.web is not None
            if (changes or web_asked) and not is_admin(interaction):
                raise TableError("manage-server")
            if changes:
                await table_data.set_server_settings(self.service.store, guild_id, by=interaction.user.id, **changes)
                current = await self.service.server_settings(guild_id)
            text = self._settings_text(lang, current, saved=bool(changes))
            web_text, view = await self._web_settings(lang, guild_id, interaction.user.id, web_page, web_new_links)
            if web_text:
                text += "\n" + web_text
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS, **view)

        await self.flow.guarded(interaction, None, show_or_change_the_server_settings)

    async def _web_settings(
        self, lang: str, guild_id: int, by: int, page: bool | None, new_links: bool | None
    ) -> tuple[str, dict[str, Any]]:
        """The web companion's part of ``/table settings`` (changed first, if asked): its lines,
        and a link to the server page when it is on. Nothing while the web is off, unless asked."""
        web = self.flow.shared.web
        if web is None:
            return (tr(lang, "settings-web-off") if page is not None or new_links else ""), {}
        lines = []
        if new_links:
            await web.rotate(guild_id, by=by)
            lines.append(tr(lang, "settings-web-rotated"))
        if page is not None:
            await web.set_server_page(guild_id, page, by=by)
        server = await web.server_url(guild_id)
        lines.append(tr(lang, "settings-web-page", value=tr(lang, "option-yes" if server else "option-no")))
        if server is None:
            return "\n".join(lines), {}
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label=tr(lang, "web-server-button"), url=server, emoji="🌐"))
        view.stop()
        return "\n".join(lines), {"view": view}

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
            tr(lang, "settings-open-games-limit", value=s.open_games_limit or tr(lang, "option-none")),
            tr(lang, "settings-takeover", value=level_name(lang, s.takeover_level)),
        ]
        if saved:
            lines.insert(0, tr(lang, "settings-saved"))
        return "\n".join(lines)


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(TableCommands(bot))

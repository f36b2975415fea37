"""/league: this server's standings, profiles, history and seasons (the logic is in db/league.py).

Everyone may read; starting a season and the settings need Manage Server. Discord only honours
``default_permissions`` on top-level commands, so for these subcommands it is a hint at most: the
check on ``interaction.permissions.manage_guild`` is what guards them. Answers follow the reader's
language; mistakes get a short ephemeral answer, our own errors are logged and get an apology.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.presenter import name_of_work
from cogs.table.reminders import duration_text
from db import Store, league, table_data
from db.league import ALL, HistoryEntry, LeagueError, Standing
from locales import has, language_of, tr
from render.league import render_standings
from table import turn_times
from table.alt_text import standings_description
from table.registry import GAME_KEYS
from table.safety import escape, safe_name

if TYPE_CHECKING:
    from bot import TafelBot
    from cogs.table.flow import TableFlow

log = logging.getLogger("tafelbot.league")

TOP = 10
NO_MENTIONS = discord.AllowedMentions.none()
COLOUR = 0x1565C0


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=tr("en", f"{g}-name", default=g), value=g) for g in GAME_KEYS]


def game_label(lang: str, key: str | None) -> str:
    if key in (None, ALL):
        return tr(lang, "league-all-games")
    return tr(lang, f"{key}-name", default=key)


def channel_link(guild_id: int, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}"


def top_with_own(rows: Sequence[Standing], user_id: int, top: int = TOP) -> list[Standing]:
    """The first ``top`` lines, plus the caller's own line when it is further down."""
    shown = list(rows[:top])
    own = next((r for r in rows[top:] if r.user_id == user_id), None)
    return [*shown, own] if own is not None else shown


def number(value: float | None, lang: str) -> str:
    if value is None:
        return "–"
    if float(value).is_integer():
        return str(int(value))
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "nl" else text


class SeasonGroup(app_commands.Group):
    """A subgroup whose subcommands may share a plain name with other commands (``new``): the
    shared translator looks up ``cmd-desc-<command>``, so a Dutch description of its own comes
    from ``cmd-desc-<group>-<command>`` when that id exists."""

    async def get_translated_payload(
        self, tree: app_commands.CommandTree[Any], translator: app_commands.Translator
    ) -> dict[str, Any]:
        payload = await super().get_translated_payload(tree, translator)
        dutch = discord.Locale.dutch.value
        for option in payload.get("options", []):
            msg_id = f"cmd-desc-{self.name}-{option['name']}"
            localized = option.get("description_localizations")
            if localized is not None and dutch in localized and has("nl", msg_id):
                localized[dutch] = tr("nl", msg_id)
        return payload


class League(
    commands.GroupCog,
    group_name="league",
    group_description="This server's league: standings, ratings and seasons",
):
    season = SeasonGroup(name="season", description="The league's seasons")

    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def store(self) -> Store:
        return self.bot.store

    async def cog_load(self) -> None:
        # Results written before the league existed (or while it failed) are counted now.
        try:
            await league.catch_up(self.store)
        except Exception:
            log.exception("league: catching up on uncounted games failed; standings may lag")

    # ---- reading --------------------------------------------------------------------------------
    @app_commands.command(name="standings", description="The league table (top 10 and your own line)")
    @app_commands.describe(game="One game (default: all games)", season="Season number (default: the current one)")
    @app_commands.choices(game=game_choices())
    async def standings(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        season: app_commands.Range[int, 1, 100000] | None = None,
    ) -> None:
        async def show_the_standings(lang: str, guild_id: int) -> None:
            key = game.value if game else None
            current = await league.current_season(self.store, guild_id)
            wanted = season or current
            if wanted > current:
                raise LeagueError("no-season", season=wanted, current=current)
            rows = await league.standings(self.store, guild_id, season=wanted, game=key)
            if not rows:
                await interaction.response.send_message(
                    tr(lang, "league-standings-empty", game=game_label(lang, key), season=wanted), ephemeral=True
                )
                return
            await interaction.response.defer(thinking=True)
            title = tr(lang, "league-standings-title", game=game_label(lang, key), season=wanted)
            shown = top_with_own(rows, interaction.user.id)
            png = await self._paint(shown, title=title, highlight_user_id=interaction.user.id, locale=lang)
            own = next((r for r in rows if r.user_id == interaction.user.id), None)
            if own is not None:
                line = tr(lang, "league-standings-you", rank=own.rank, count=len(rows), rating=own.rating)
            else:
                line = tr(lang, "league-standings-not-you")
            alt = standings_description(lang, title, shown)
            await interaction.followup.send(
                content=f"**{escape(title)}**\n{line}",
                file=discord.File(io.BytesIO(png), filename="standings.png", description=alt),
                allowed_mentions=NO_MENTIONS,
            )

        await self._answer(interaction, show_the_standings)

    @app_commands.command(name="profile", description="A player's league record per game")
    @app_commands.describe(member="Whose record (default: yours)")
    async def profile(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        async def show_the_profile(lang: str, guild_id: int) -> None:
            who = member or interaction.user
            record = await league.profile(self.store, guild_id, who.id)
            name = safe_name(who.display_name)
            if not record.records and not record.recent:
                await interaction.response.send_message(tr(lang, "league-profile-empty", name=name), ephemeral=True)
                return
            embed = discord.Embed(title=tr(lang, "league-profile-title", name=name), colour=COLOUR)
            for line in record.records:
                text = tr(
                    lang,
                    "league-profile-line",
                    played=line.played,
                    wins=line.wins,
                    rating=str(line.rating) if line.rating is not None else "–",
                    best=line.best or 0,
                    of=line.best_of or 0,
                )
                if line.points is not None:
                    text += "\n" + tr(lang, "league-profile-points", points=number(line.points, lang))
                embed.add_field(name=game_label(lang, line.game), value=text, inline=False)
            times = await self._turn_times(lang, guild_id, who.id)
            if times:
                embed.add_field(name=tr(lang, "turn-times-title"), value=times, inline=False)
            if record.unrated:
                embed.add_field(
                    name=tr(lang, "league-profile-unrated-title"),
                    value=tr(lang, "league-profile-unrated", count=record.unrated),
                    inline=False,
                )
            if record.recent:
                lines = [self._recent_line(lang, guild_id, who.id, entry) for entry in record.recent]
                embed.add_field(name=tr(lang, "league-profile-recent"), value="\n".join(lines)[:1024], inline=False)
            embed.set_footer(text=tr(lang, "league-profile-footer", season=record.season))
            await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)

        await self._answer(interaction, show_the_profile)

    async def _turn_times(self, lang: str, guild_id: int, user_id: int) -> str | None:
        """The person's median time to move per game, if they share it (``/table turn-times``)."""
        person = (await table_data.people(self.store, [user_id]))[user_id]
        if not person.share_turn_times:
            return None
        medians = await turn_times.person_medians(self.store, guild_id, user_id)
        lines = [
            tr(lang, "turn-times-line", game=game_label(lang, game), time=duration_text(lang, seconds))
            for game, seconds in medians.items()
        ]
        return "\n".join(lines)[:1024] or None

    @app_commands.command(name="history", description="Recent games in this server, with links to their tables")
    @app_commands.describe(game="One game (default: all games)")
    @app_commands.choices(game=game_choices())
    async def history(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        async def show_the_history(lang: str, guild_id: int) -> None:
            key = game.value if game else None
            entries = await league.history(self.store, guild_id, game=key, limit=10)
            if not entries:
                await interaction.response.send_message(
                    tr(lang, "league-history-empty", game=game_label(lang, key)), ephemeral=True
                )
                return
            embed = discord.Embed(title=tr(lang, "league-history-title", game=game_label(lang, key)), colour=COLOUR)
            embed.description = "\n\n".join(self._history_block(lang, guild_id, e) for e in entries)[:4096]
            await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)

        await self._answer(interaction, show_the_history)

    # ---- seasons and settings (Manage Server) -------------------------------------------------------------
    @season.command(name="new", description="Start a new season (Manage Server)")
    @app_commands.default_permissions(manage_guild=True)
    async def season_new(self, interaction: discord.Interaction) -> None:
        async def start_a_new_season(lang: str, guild_id: int) -> None:
            self._require_admin(interaction)
            started = await league.new_season(self.store, guild_id, started_by=interaction.user.id)
            text = tr(
                lang,
                "league-season-started",
                season=started.number,
                previous=started.number - 1,
                mode="carry" if started.carry_over else "reset",
            )
            await interaction.response.send_message(text, allowed_mentions=NO_MENTIONS)

        await self._answer(interaction, start_a_new_season)

    @season.command(name="list", description="Every season of this server's league")
    async def season_list(self, interaction: discord.Interaction) -> None:
        async def list_the_seasons(lang: str, guild_id: int) -> None:
            seasons = await league.seasons(self.store, guild_id)
            lines = []
            for s in seasons:
                date = f"<t:{int(s.started_at)}:D>" if s.started_at else "–"
                line = tr(
                    lang,
                    "league-season-line",
                    season=s.number,
                    date=date,
                    games=s.games,
                    rated=s.rated_games,
                    mode="first" if s.number == 1 else ("carry" if s.carry_over else "reset"),
                )
                if s is seasons[-1]:
                    line += " " + tr(lang, "league-season-current")
                lines.append(line)
            embed = discord.Embed(title=tr(lang, "league-season-list-title"), colour=COLOUR)
            embed.description = "\n".join(reversed(lines))[:4096]
            await interaction.response.send_message(embed=embed, allowed_mentions=NO_MENTIONS)

        await self._answer(interaction, list_the_seasons)

    @app_commands.command(name="settings", description="Whether ratings carry over into a new season (Manage Server)")
    @app_commands.describe(ratings="Carry ratings over into new seasons, or start them afresh")
    @app_commands.choices(
        ratings=[
            app_commands.Choice(name="carry over", value="carry"),
            app_commands.Choice(name="reset", value="reset"),
        ]
    )
    @app_commands.default_permissions(manage_guild=True)
    async def settings(self, interaction: discord.Interaction, ratings: app_commands.Choice[str] | None = None) -> None:
        async def show_or_change_the_league_settings(lang: str, guild_id: int) -> None:
            self._require_admin(interaction)
            if ratings is None:
                current = await league.settings(self.store, guild_id)
                key = "league-settings-show"
            else:
                current = await league.set_carry_over(
                    self.store, guild_id, ratings.value == "carry", by=interaction.user.id
                )
                key = "league-settings-saved"
            mode = "carry" if current.carry_over else "reset"
            await interaction.response.send_message(tr(lang, key, mode=mode), ephemeral=True)

        await self._answer(interaction, show_or_change_the_league_settings)

    # ---- helpers ------------------------------------------------------------------------------------
    async def _answer(self, interaction: discord.Interaction, work: Callable[[str, int], Awaitable[None]]) -> None:
        """Run ``work(lang, guild_id)``; mistakes become a short ephemeral answer, our bugs an apology."""
        lang = language_of(interaction.locale)
        try:
            if interaction.guild_id is None:
                raise LeagueError("no-server")
            await work(lang, interaction.guild_id)
        except LeagueError as error:
            await self._tell(interaction, tr(lang, f"league-error-{error.code}", **error.params))
        except Exception:
            log.exception(
                "league command failed (user %s, guild %s, in %s)",
                interaction.user.id,
                interaction.guild_id,
                name_of_work(work),
            )
            await self._tell(interaction, tr(lang, "league-error-internal"))

    async def _paint(self, rows: Sequence[Standing], **options: Any) -> bytes:
        """Draw off the event loop: in the table flow's picture worker when the bot has one (a
        test may load this cog into a bot that has only a store)."""
        flow: TableFlow | None = getattr(self.bot, "table_flow", None)
        if flow is not None:
            return await flow.painter.paint(render_standings, list(rows), **options)
        return await asyncio.to_thread(render_standings, rows, **options)

    @staticmethod
    async def _tell(interaction: discord.Interaction, text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    @staticmethod
    def _require_admin(interaction: discord.Interaction) -> None:
        perms = getattr(interaction, "permissions", None)
        if not (perms and perms.manage_guild):
            raise LeagueError("admin-only")

    @staticmethod
    def _seat_text(lang: str, seat: league.ResultRow) -> str:
        name = safe_name(seat.name)
        if seat.is_computer:
            name += f" ({tr(lang, 'computer-label')})"
        if seat.resigned:
            name += f" ({tr(lang, 'league-history-resigned')})"
        if seat.placement is None:
            return name
        return f"{seat.placement}. {name} ({number(seat.score, lang)})"

    def _history_block(self, lang: str, guild_id: int, entry: HistoryEntry) -> str:
        marks = []
        if entry.cancelled:
            marks.append(tr(lang, "league-history-cancelled"))
        elif not entry.rated:
            marks.append(tr(lang, "league-history-unrated"))
        head = (
            f"**{game_label(lang, entry.game)}** · <t:{int(entry.finished_at)}:f> · "
            f"[{tr(lang, 'league-history-link')}]({channel_link(guild_id, entry.channel_id)})"
        )
        if marks:
            head += f" · *{', '.join(marks)}*"
        return head + "\n" + " · ".join(self._seat_text(lang, s) for s in entry.seats)

    @staticmethod
    def _recent_line(lang: str, guild_id: int, user_id: int, entry: HistoryEntry) -> str:
        mine = next((s for s in entry.seats if s.user_id == user_id), None)
        if entry.cancelled or mine is None or mine.placement is None:
            result = tr(lang, "league-history-cancelled")
        else:
            result = tr(lang, "league-recent-place", place=mine.placement, of=len(entry.seats))
            if not entry.rated:
                result += f" ({tr(lang, 'league-history-unrated')})"
        link = f"[{tr(lang, 'league-history-link')}]({channel_link(guild_id, entry.channel_id)})"
        return f"<t:{int(entry.finished_at)}:d> {game_label(lang, entry.game)}: {result} · {link}"


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(League(bot))

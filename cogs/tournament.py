"""The ``/tournament`` command group: Swiss, knockout and round-robin tournaments run by the bot.

Thin over ``table.tournament.service.TournamentService``: commands and the sign-up buttons map onto
it; it calls back here to open a round's tables (each in its own thread, through the shared
``SeatedTables``), to post one message per round with the standings picture, and the podium.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands
from discord.ext import commands

from cogs.league import game_choices
from cogs.table.answer_window import AnswerWindows
from cogs.table.components import buttons_view
from cogs.table.flow import TableFlow
from cogs.table.presenter import NO_MENTIONS, is_admin, lang_of, player_of, unarchiving
from cogs.table.reminders import duration_text, jump_link
from cogs.table.seated import SeatedTables
from cogs.table.table_options import MOVE_TIME_NAMES
from db import tournaments as stored
from db.tournaments import TableRow, TournamentRow
from locales import tr
from table.safety import safe_name
from table.service import Player, TableError
from table.settings import HOUR, MOVE_TIME_CHOICES
from table.text import error_text, game_name, option_label, option_value
from table.tournament import pictures
from table.tournament.service import FORMATS, RETRY_SECONDS, News, Overview, TournamentService

if TYPE_CHECKING:
    from bot import TafelBot

log = logging.getLogger("tafelbot.tournament")

NUMBER = r"[0-9]{1,18}"
BUTTON_TEMPLATE = rf"tz:cup:(?P<tid>{NUMBER}):(?P<op>join|leave)"
MAX_LISTED = 40
OPTION = re.compile(r"\s*([a-z_]{1,30})\s*=\s*([^,;]{1,40})\s*")


def parse_options(text: str | None) -> dict[str, Any]:
    """``pile=7, rounds=3`` → ``{"pile": 7, "rounds": 3}`` (numbers and yes/no read as such); the
    game's engine checks the values."""
    found: dict[str, Any] = {}
    if not text:
        return found
    for part in re.split(r"[,;]", text):
        if not part.strip():
            continue
        match = OPTION.fullmatch(part)
        if match is None:
            raise TableError("tournament-bad-options")
        key, raw = match[1], match[2].strip()
        value: Any = raw
        if raw.lower() in ("true", "yes", "ja", "on"):
            value = True
        elif raw.lower() in ("false", "no", "nee", "off"):
            value = False
        else:
            try:
                value = int(raw)
            except ValueError:
                try:
                    value = float(raw)
                except ValueError:
                    value = raw
        found[key] = value
    return found


class SignupButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=BUTTON_TEMPLATE):
    def __init__(self, tournament_id: int, op: str, *, label: str = "…") -> None:
        style = discord.ButtonStyle.success if op == "join" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"tz:cup:{tournament_id}:{op}"))
        self.tournament_id = tournament_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["tid"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client  # the bot whose ``Tournaments`` cog registered this button
        # BotBase: what ``commands.Bot`` and ``commands.AutoShardedBot`` (ours) share, ``get_cog`` with it.
        cog = client.get_cog("tournament") if isinstance(client, commands.bot.BotBase) else None
        if isinstance(cog, Tournaments):
            await cog.on_button(interaction, self.tournament_id, self.op)


class Tournaments(
    commands.GroupCog, name="tournament", group_name="tournament", group_description="Tournaments run by the bot"
):
    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot
        self._cups: TournamentService | None = None
        self._seated: SeatedTables | None = None
        self._resuming: asyncio.Task[None] | None = None
        self._answers: AnswerWindows | None = None  # sign-ups, while ``new``'s token lives
        super().__init__()

    @property
    def flow(self) -> TableFlow:
        return self.bot.table_flow

    @property
    def seated(self) -> SeatedTables:
        if self._seated is None:
            self._seated = SeatedTables(self.flow.shared, lobby=self.flow.lobby)
        return self._seated

    @property
    def cups(self) -> TournamentService:
        """Built on first use: the bot's table platform exists only once ``setup_hook`` ran."""
        if self._cups is None:
            self._cups = TournamentService(
                self.bot.table_service,
                open_table=self._open_table,
                announce=self._announce,
                publish=self.flow.aftermath.after,
            )
        return self._cups

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SignupButton)
        if hasattr(self.bot, "table_flow"):
            self._resuming = asyncio.create_task(self._resume())

    async def _resume(self) -> None:
        await self.bot.resumed.wait()
        try:
            await self.cups.resume()
        except Exception:
            log.exception("tournaments could not be resumed")
        self.cups.start_scheduler()

    async def resumed(self) -> None:
        """Wait until the tournaments were looked at again after start-up (tests; a clock moved
        before that would find a round's deadline passed and give it the start-up grace)."""
        if self._resuming is not None:
            await asyncio.shield(self._resuming)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SignupButton)
        if self._resuming is not None and not self._resuming.done():
            self._resuming.cancel()
            await asyncio.gather(self._resuming, return_exceptions=True)
        if self._cups is not None:
            await self._cups.close()

    # ---- what the service asks of Discord ------------------------------------------------------
    async def _open_table(self, row: TournamentRow, table: TableRow, players: list[Player]) -> int:
        title = tr(row.locale, "tournament-thread", name=row.name, round=table.round, table=table.number)
        game = await self.seated.open_in_thread(
            row.channel_id,
            title=title,
            game=row.game,
            guild_id=row.guild_id,
            players=players,
            options=row.options,
            settings=row.settings,
            locale=row.locale,
        )
        return game.id

    async def _announce(self, news: News) -> None:
        row = news.tournament
        lang = row.locale
        channel = await self.flow.channel(row.channel_id)
        if news.kind in ("not-opened", "unplayed"):
            await self._table_trouble(channel, news)
            return
        overview = await self.cups.overview(row.id)
        file = None
        if news.kind == "cancelled":
            text = tr(lang, "tournament-cancelled", name=safe_name(row.name))
        elif news.kind == "finished":
            text = self._podium(overview, lang)
            file = await self._picture(overview, lang)
        else:
            text = await self._round_text(overview, news.round, lang)
            if news.round > 1:
                file = await self._picture(overview, lang)
        message = await channel.send(text[:2000], file=file or discord.utils.MISSING, allowed_mentions=NO_MENTIONS)
        if news.kind == "round":
            await stored.set_round_message(self.cups.store, row.id, news.round, message.id)
        await self._refresh_signup(row)

    @staticmethod
    async def _table_trouble(channel: discord.abc.Messageable, news: News) -> None:
        """Tables that could not open (and why), or never did: the organiser and the table's
        players are pinged, so nobody waits for a game that is not there."""
        row = news.tournament
        lang = row.locale
        people = [row.organiser_id, *(u for t in news.tables for u in t.players if u != row.organiser_id)]
        reason = error_text(lang, row.game, news.reason) if news.reason is not None else ""
        lines = [f"<@{row.organiser_id}>"]
        for t in news.tables:
            players = ", ".join(f"<@{u}>" for u in t.players)
            if news.kind == "not-opened":
                minutes = int(RETRY_SECONDS // 60)
                text = tr(lang, "tournament-table-not-opened", number=t.number, round=t.round, players=players)
                lines.append(f"{text} {reason}\n{tr(lang, 'tournament-table-retry', minutes=minutes)}")
            else:
                lines.append(tr(lang, "tournament-table-unplayed", number=t.number, round=t.round, players=players))
        allowed = discord.AllowedMentions(users=[discord.Object(u) for u in people], roles=False, everyone=False)
        await channel.send("\n".join(lines)[:2000], allowed_mentions=allowed)

    async def _round_text(self, overview: Overview, number: int, lang: str) -> str:
        row = overview.tournament
        names = overview.names
        lines = [tr(lang, "tournament-round-title", name=safe_name(row.name), n=number)]
        for t in [t for t in overview.tables if t.round == number]:
            players = ", ".join(safe_name(names.get(u, str(u))) for u in t.players)
            if t.bye:
                lines.append(tr(lang, "tournament-round-bye", player=players))
                continue
            link = tr(lang, "tournament-round-table-unplayed" if t.unplayed else "tournament-round-table-waiting")
            if t.game_id is not None:
                game = await self.cups.store.get_game(t.game_id)
                link = f"<#{game.channel_id}>" if game is not None else ""
            lines.append(tr(lang, "tournament-round-table", number=t.number, players=players, link=link))
        rounds = await stored.rounds(self.cups.store, row.id)
        deadline = rounds[-1].deadline_at if rounds else None
        if deadline is not None:
            lines.append(tr(lang, "tournament-round-deadline", when=f"<t:{int(deadline)}:f>"))
        return "\n".join(lines)

    def _podium(self, overview: Overview, lang: str) -> str:
        row = overview.tournament
        lines = [tr(lang, "tournament-finished", name=safe_name(row.name))]
        for medal, s in zip(("🥇", "🥈", "🥉"), overview.standings, strict=False):
            lines.append(
                tr(
                    lang,
                    "tournament-podium-line",
                    medal=medal,
                    player=f"<@{s.user_id}>",
                    points=pictures.number(s.points),
                )
            )
        return "\n".join(lines)

    async def _picture(self, overview: Overview, lang: str) -> discord.File:
        png = await self.flow.painter.compute(pictures.draw, *pictures.picture_args(overview, lang))
        return discord.File(io.BytesIO(png), filename="standings.png", description=pictures.alt_text(overview, lang))

    # ---- the sign-up message -------------------------------------------------------------------
    def signup_embed(self, overview: Overview) -> discord.Embed:
        row = overview.tournament
        lang = row.locale
        embed = discord.Embed(title=safe_name(row.name, 200), colour=0x6A1B9A)
        move = row.settings.get("move_seconds")
        facts = [
            tr(lang, "tournament-signup-game", game=game_name(lang, row.game)),
            tr(lang, "tournament-signup-format", format=tr(lang, f"tournament-format-{row.format}")),
            tr(lang, "tournament-signup-table", n=row.table_size),
            tr(lang, "tournament-signup-round-time", time=duration_text(lang, row.round_seconds)),
        ]
        if row.rounds:
            facts.append(tr(lang, "tournament-signup-rounds", n=row.rounds))
        if move:
            facts.append(tr(lang, "tournament-signup-move-time", time=duration_text(lang, move)))
        chosen = self._chosen_options(row)
        if chosen:
            facts.append(tr(lang, "tournament-signup-options", options="; ".join(chosen)))
        if row.starts_at is not None and row.status == "signup":
            facts.append(tr(lang, "tournament-signup-starts", when=f"<t:{int(row.starts_at)}:f>"))
        facts.append(tr(lang, "tournament-signup-organiser", organiser=f"<@{row.organiser_id}>"))
        embed.description = "\n".join(facts)
        names = [f"<@{e.user_id}>" + (" ✗" if e.dropped else "") for e in overview.entries]
        shown = ", ".join(names[:MAX_LISTED]) + (f" … +{len(names) - MAX_LISTED}" if len(names) > MAX_LISTED else "")
        embed.add_field(name=tr(lang, "tournament-signup-players", count=len(names)), value=shown or "-", inline=False)
        embed.set_footer(text=tr(lang, f"tournament-signup-footer-{row.status}", number=row.id))
        return embed

    def _chosen_options(self, row: TournamentRow) -> list[str]:
        """The game's options the organiser set, as the lobby shows them ("label: value" in the
        tournament's language); the stored options carry every default, which need no mention."""
        lang = row.locale
        engine = self.cups.tables.spec(row.game).engine
        defaults = engine.normalize_options({})
        return [
            f"{option_label(lang, row.game, key)}: {option_value(lang, row.game, key, value)}"
            for key, value in row.options.items()
            if key not in defaults or defaults[key] != value
        ]

    def signup_view(self, row: TournamentRow) -> discord.ui.View:
        view = buttons_view()
        if row.status == "signup":
            lang = row.locale
            view.add_item(SignupButton(row.id, "join", label=tr(lang, "tournament-button-join")))
            view.add_item(SignupButton(row.id, "leave", label=tr(lang, "tournament-button-leave")))
        return view

    async def _refresh_signup(self, row: TournamentRow) -> None:
        """The sign-up as it now stands: through the ``new`` command's webhook while its token
        lives (as Discord documents for an interaction's answer), else through the channel."""
        row = await self.cups.get(row.id)
        if row.signup_message_id is None:
            return
        overview = await self.cups.overview(row.id)
        embed, view = self.signup_embed(overview), self.signup_view(row)
        if self._answers is not None and await self._answers.edit(row.id, embed=embed, view=view):
            return
        try:
            channel = await self.flow.channel(row.channel_id)
            await channel.get_partial_message(row.signup_message_id).edit(embed=embed, view=view)
        except discord.HTTPException as error:
            log.warning("could not update the sign-up message of tournament %s (%r)", row.id, error)

    async def on_button(self, interaction: discord.Interaction, tournament_id: int, op: str) -> None:
        async def join_or_leave_the_tournament() -> None:
            player = player_of(interaction)
            if op == "join":
                row = await self.cups.join(tournament_id, player)
            else:
                row = await self.cups.leave(tournament_id, player)
            overview = await self.cups.overview(row.id)
            embed, view = self.signup_embed(overview), self.signup_view(row)
            await unarchiving(interaction, lambda: interaction.response.edit_message(embed=embed, view=view))

        await self.flow.guarded(interaction, None, join_or_leave_the_tournament)

    @commands.Cog.listener("on_interaction")
    async def unknown_button(self, interaction: discord.Interaction) -> None:
        """A ``tz:`` button id no template claims (forged or damaged) gets a short answer instead
        of Discord's "interaction failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        if not custom_id.startswith("tz:") or re.fullmatch(BUTTON_TEMPLATE, custom_id):
            return
        if not interaction.response.is_done():
            with contextlib.suppress(discord.HTTPException):
                await self._say(interaction, tr(lang_of(interaction), "table-error-tournament-none"))

    # ---- helpers ---------------------------------------------------------------------------------
    async def _may_organise(self, interaction: discord.Interaction) -> bool:
        if is_admin(interaction):
            return True
        if interaction.guild_id is None:
            return False
        role = await stored.organiser_role(self.cups.store, interaction.guild_id)
        member = interaction.user
        return role is not None and isinstance(member, discord.Member) and any(r.id == role for r in member.roles)

    async def _current(self, interaction: discord.Interaction, *, finished_too: bool = False) -> TournamentRow:
        if interaction.guild_id is None:
            raise TableError("tournament-none")
        row = await (self.cups.latest if finished_too else self.cups.current)(interaction.guild_id)
        if row is None:
            latest = await self.cups.latest(interaction.guild_id)
            if latest is not None:  # the server's last one is over: say so, not "none here"
                raise TableError(f"tournament-ended-{latest.status}", name=safe_name(latest.name))
            raise TableError("tournament-none")
        return row

    async def _say(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

    # ---- commands ----------------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a tournament with a sign-up message (organisers)")
    @app_commands.describe(
        game="The game played",
        format="Swiss, knockout or round robin",
        name="The tournament's name",
        swiss_rounds="Rounds of a Swiss tournament (default: enough to find a winner)",
        table_players="Players per table, for games of more than two",
        move_time="Time each player has per move (default: the server's setting)",
        round_hours="Hours each round may take; then unfinished games end by the scores (default 72)",
        start_in_hours="Start by itself after this many hours (default: when the organiser starts it)",
        game_options='The game\'s options, as "name=value, name=value"',
    )
    @app_commands.choices(
        game=game_choices(),
        format=[app_commands.Choice(name=f.replace("-", " "), value=f) for f in FORMATS],
        move_time=[app_commands.Choice(name=MOVE_TIME_NAMES[k], value=k) for k in MOVE_TIME_CHOICES],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        format: app_commands.Choice[str],
        name: app_commands.Range[str, 1, 80] | None = None,
        swiss_rounds: app_commands.Range[int, 1, 20] | None = None,
        table_players: app_commands.Range[int, 2, 8] | None = None,
        move_time: app_commands.Choice[str] | None = None,
        round_hours: app_commands.Range[int, 1, 720] = 72,
        start_in_hours: app_commands.Range[int, 1, 720] | None = None,
        game_options: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        async def open_the_tournament() -> None:
            if interaction.guild_id is None or interaction.channel_id is None:
                raise TableError("tournament-none")
            if not await self._may_organise(interaction):
                raise TableError("tournament-organiser-only")
            lang = lang_of(interaction)
            settings = {"move_seconds": MOVE_TIME_CHOICES[move_time.value]} if move_time is not None else {}
            now = self.cups.clock.now()
            row = await self.cups.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                organiser=player_of(interaction),
                name=name or tr(lang, "tournament-default-name", game=game_name(lang, game.value)),
                game=game.value,
                format=format.value,
                rounds=swiss_rounds if format.value == "swiss" else None,
                table_size=table_players,
                options=parse_options(game_options),
                settings=settings,
                round_seconds=round_hours * HOUR,
                locale=lang,
                starts_at=now + start_in_hours * HOUR if start_in_hours else None,
            )
            overview = await self.cups.overview(row.id)
            response = await interaction.response.send_message(
                embed=self.signup_embed(overview), view=self.signup_view(row), allowed_mentions=NO_MENTIONS
            )
            message = getattr(response, "resource", None)
            message_id = getattr(message, "id", None)
            if message_id is None:
                message_id = (await interaction.original_response()).id
            await stored.update(self.cups.store, row.id, signup_message_id=message_id)
            if self._answers is None:
                self._answers = AnswerWindows(self.flow.service.clock)
            self._answers.remember(row.id, interaction)

        await self.flow.guarded(interaction, None, open_the_tournament)

    @app_commands.command(name="start", description="Start the tournament now (organisers)")
    async def start(self, interaction: discord.Interaction) -> None:
        async def start_the_tournament() -> None:
            row = await self._current(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.cups.start(row.id, player_of(interaction), is_admin=await self._may_organise(interaction))
            await interaction.followup.send(tr(lang_of(interaction), "tournament-started-ok"), ephemeral=True)

        await self.flow.guarded(interaction, None, start_the_tournament)

    @app_commands.command(name="pause", description="Pause the tournament, or carry on (organisers)")
    async def pause(self, interaction: discord.Interaction) -> None:
        async def pause_or_resume_the_tournament() -> None:
            row = await self._current(interaction)
            row = await self.cups.pause(row.id, player_of(interaction), is_admin=await self._may_organise(interaction))
            key = "tournament-paused" if row.status == "paused" else "tournament-resumed"
            await self._say(interaction, tr(lang_of(interaction), key))

        await self.flow.guarded(interaction, None, pause_or_resume_the_tournament)

    @app_commands.command(name="remove", description="Take a player out of the tournament (organisers)")
    @app_commands.describe(member="Who is taken out (no more pairings)")
    async def remove(self, interaction: discord.Interaction, member: discord.Member) -> None:
        async def remove_the_player() -> None:
            row = await self._current(interaction)
            await self.cups.remove(
                row.id, player_of(interaction), member.id, is_admin=await self._may_organise(interaction)
            )
            await self._say(interaction, tr(lang_of(interaction), "tournament-removed", player=member.mention))
            await self._refresh_signup(row)

        await self.flow.guarded(interaction, None, remove_the_player)

    @app_commands.command(name="cancel", description="Cancel the tournament (organisers)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        async def cancel_the_tournament() -> None:
            row = await self._current(interaction)
            await self.cups.cancel(row.id, player_of(interaction), is_admin=await self._may_organise(interaction))
            await self._say(interaction, tr(lang_of(interaction), "tournament-cancelled-ok"))

        await self.flow.guarded(interaction, None, cancel_the_tournament)

    @app_commands.command(name="organisers", description="Let a role organise tournaments (Manage Server)")
    @app_commands.describe(role="The role (leave empty: Manage Server only)")
    async def organisers(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        async def set_the_organiser_role() -> None:
            if interaction.guild_id is None or not is_admin(interaction):
                raise TableError("manage-server")
            await stored.set_organiser_role(self.cups.store, interaction.guild_id, role.id if role else None)
            lang = lang_of(interaction)
            text = (
                tr(lang, "tournament-organisers-role", role=role.mention)
                if role
                else tr(lang, "tournament-organisers-none")
            )
            await self._say(interaction, text)

        await self.flow.guarded(interaction, None, set_the_organiser_role)

    @app_commands.command(name="leave", description="Drop out of the tournament (no more pairings)")
    async def leave(self, interaction: discord.Interaction) -> None:
        async def leave_the_tournament() -> None:
            row = await self._current(interaction)
            await self.cups.leave(row.id, player_of(interaction))
            await self._say(interaction, tr(lang_of(interaction), "tournament-left"))
            await self._refresh_signup(row)

        await self.flow.guarded(interaction, None, leave_the_tournament)

    @app_commands.command(name="standings", description="The tournament's standings (only you see them)")
    async def standings(self, interaction: discord.Interaction) -> None:
        async def show_the_standings() -> None:
            row = await self._current(interaction, finished_too=True)
            await interaction.response.defer(ephemeral=True, thinking=True)
            lang = lang_of(interaction)
            overview = await self.cups.overview(row.id)
            await interaction.followup.send(file=await self._picture(overview, lang), ephemeral=True)

        await self.flow.guarded(interaction, None, show_the_standings)

    @app_commands.command(name="mine", description="Your game in the tournament's current round (only you see it)")
    async def mine(self, interaction: discord.Interaction) -> None:
        async def show_my_tournament() -> None:
            row = await self._current(interaction)
            lang = lang_of(interaction)
            me = interaction.user.id
            overview = await self.cups.overview(row.id)
            entry = next((e for e in overview.entries if e.user_id == me), None)
            if entry is None:
                text = tr(lang, "tournament-mine-not-in")
            elif entry.dropped:
                text = tr(lang, "tournament-mine-dropped")
            elif row.status == "signup":
                text = tr(lang, "tournament-mine-signed-up")
            else:
                text = await self._mine_text(overview, me, lang)
            await self._say(interaction, text)

        await self.flow.guarded(interaction, None, show_my_tournament)

    async def _mine_text(self, overview: Overview, me: int, lang: str) -> str:
        number = overview.tournament.current_round
        table = next((t for t in overview.tables if t.round == number and me in t.players), None)
        if table is None:
            return tr(lang, "tournament-mine-out")
        if table.bye:
            return tr(lang, "tournament-mine-bye", n=number)
        if table.finished or table.game_id is None:
            return tr(lang, "tournament-mine-done", n=number)
        game = await self.cups.store.get_game(table.game_id)
        link = (jump_link(game) or f"<#{game.channel_id}>") if game is not None else "-"
        return tr(lang, "tournament-mine-game", n=number, link=link)

    @app_commands.command(name="history", description="This server's past tournaments and their winners")
    async def history(self, interaction: discord.Interaction) -> None:
        async def list_past_tournaments() -> None:
            lang = lang_of(interaction)
            rows = await self.cups.history(interaction.guild_id) if interaction.guild_id else []
            if not rows:
                await self._say(interaction, tr(lang, "tournament-history-none"))
                return
            lines = [f"**{tr(lang, 'tournament-history-title')}**"]
            for row in rows[:20]:
                winner = f"<@{row.winner_id}>" if row.winner_id else tr(lang, "tournament-history-no-winner")
                lines.append(
                    tr(
                        lang,
                        "tournament-history-line",
                        number=row.id,
                        name=safe_name(row.name),
                        game=game_name(lang, row.game),
                        format=tr(lang, f"tournament-format-{row.format}"),
                        winner=winner,
                    )
                )
            await self._say(interaction, "\n".join(lines)[:1990])

        await self.flow.guarded(interaction, None, list_past_tournaments)


async def setup(bot: TafelBot) -> None:
    await bot.add_cog(Tournaments(bot))


__all__ = ["SignupButton", "Tournaments", "parse_options"]

"""``/cross``: tables across servers (issue 49). A server's admins choose the channel where
cross-server tables may be played (off by default); a person there queues for a game, a number of
players and a pace; once a group forms (``table.cross_queue``) each is asked, in their own
server's cross channel, to confirm within ten minutes; when all have, the table opens as one game
shown in a thread of each of their servers (``table.places``): the board after every move, the
turn pings and the buttons in every thread, a move from any of them the same move.

Only game actions cross servers. Nobody types anything another server sees: the names are the
players' display names or, if they chose (``/cross name``), a neutral name per table; each server's
messages mention only its own people, and no server name or user id of one server appears in
another's. ``/cross block`` keeps two people from ever being grouped again.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands
from discord.ext import commands

from cogs.league import game_choices
from cogs.table.flow import TableFlow
from cogs.table.presenter import NO_MENTIONS, is_admin, lang_of
from cogs.table.seated import THREAD_ARCHIVE_MINUTES, THREAD_NAME_LENGTH, SeatedTables
from db import Store, cross, ladder
from db.cross import CrossChannel, CrossEntry, Pending, Place
from db.ladder import Rung
from locales import tr
from table.clock import Scheduler
from table.cross_queue import CONFIRM_SECONDS, PACES, CrossQueue, neutral_names
from table.lobby import open_seated
from table.safety import safe_name
from table.service import Player, TableError
from table.settings import MOVE_TIME_CHOICES
from table.text import game_name

if TYPE_CHECKING:
    from bot import TafelBot

log = logging.getLogger("tafelbot.table")

CONFIRM_TEMPLATE = r"xq:ok:(?P<pid>[0-9]+)"
LADDER_LINES = 10


def confirm_button(pending_id: int, *, label: str, disabled: bool = False) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        style=discord.ButtonStyle.success, label=label, custom_id=f"xq:ok:{pending_id}", disabled=disabled
    )


def ladder_text(lang: str, game: str, rungs: Sequence[Rung], user_id: int) -> str:
    """The top ``LADDER_LINES`` and the asker's own line; names as each person chose to be seen
    (no name for a neutral one), never a mention."""
    if not rungs:
        return tr(lang, "cross-ladder-none", game=game_name(lang, game))
    lines = [f"**{tr(lang, 'cross-ladder-title', game=game_name(lang, game))}**"]
    for place, rung in enumerate(rungs, start=1):
        if place > LADDER_LINES and rung.user_id != user_id:
            continue
        name = safe_name(rung.name) if rung.name is not None else tr(lang, "cross-ladder-unnamed")
        if rung.user_id == user_id:
            name = tr(lang, "cross-ladder-you", name=name)
        key = "cross-ladder-provisional" if rung.provisional else "cross-ladder-line"
        lines.append(tr(lang, key, place=place, name=name, rating=rung.rating, games=rung.games))
    return "\n".join(lines)[:1990]


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CONFIRM_TEMPLATE):
    """ "Confirm" on the message asking a person to take their seat at a table the queue formed."""

    def __init__(self, pending_id: int) -> None:
        super().__init__(confirm_button(pending_id, label="✅"))
        self.pending_id = pending_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["pid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("CrossServer")  # type: ignore[attr-defined]
        if isinstance(cog, CrossServer):
            await cog.confirm(interaction, self.pending_id)


class CrossServer(commands.GroupCog, group_name="cross", group_description="Play with people of other servers"):
    def __init__(self, bot: TafelBot) -> None:
        self.bot = bot
        self.queue = CrossQueue(bot.table_service)
        self.seated = SeatedTables(self.flow.shared, lobby=self.flow.lobby)
        self.deadlines = Scheduler(bot.table_service.clock, self._expired)
        super().__init__()

    @property
    def flow(self) -> TableFlow:
        return self.bot.table_flow

    @property
    def store(self) -> Store:
        return self.bot.table_service.store

    async def cog_load(self) -> None:
        for pending in await self.queue.resume():  # groups half confirmed when the bot stopped
            self.deadlines.arm(pending.id, pending.confirm_by)
        self.deadlines.start()

    async def cog_unload(self) -> None:
        await self.deadlines.close()

    # ---- the server's channel -------------------------------------------------------------------------
    @app_commands.command(name="channel", description="Play tables with other servers in this channel (Manage Server)")
    @app_commands.describe(on="On: this channel hosts tables across servers; off: none in this server")
    async def channel(self, interaction: discord.Interaction, on: bool = True) -> None:
        async def choose_the_channel() -> None:
            lang = lang_of(interaction)
            if interaction.guild_id is None or interaction.channel_id is None:
                raise TableError("not-open")
            if not is_admin(interaction):
                raise TableError("manage-server")
            if not on:
                await cross.set_cross_channel(self.store, interaction.guild_id, None)
                await self._say(interaction, tr(lang, "cross-channel-off"))
                return
            if not isinstance(interaction.channel, discord.TextChannel):
                raise TableError("cross-channel-not-text")
            await cross.set_cross_channel(
                self.store, interaction.guild_id, CrossChannel(interaction.guild_id, interaction.channel_id)
            )
            await self._say(interaction, tr(lang, "cross-channel-on", channel=f"<#{interaction.channel_id}>"))

        await self.flow.guarded(interaction, None, choose_the_channel)

    # ---- the queue ---------------------------------------------------------------------------------------
    @app_commands.command(name="queue", description="Wait for players of other servers; without a game: who waits")
    @app_commands.describe(
        game="The game (empty: how many wait for what)",
        players="How many players (default: the game's least)",
        pace="The time per move (default: 24h)",
    )
    @app_commands.choices(game=game_choices(), pace=[app_commands.Choice(name=p, value=p) for p in PACES])
    async def queue_command(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        players: app_commands.Range[int, 2, 8] | None = None,
        pace: app_commands.Choice[str] | None = None,
    ) -> None:
        async def join_or_list() -> None:
            lang = lang_of(interaction)
            if interaction.guild_id is None:
                raise TableError("not-open")
            if game is None:
                await self._say(interaction, await self.listing(lang))
                return
            here = await cross.cross_channel(self.store, interaction.guild_id)
            if here is None:
                raise TableError("cross-no-channel")
            neutral = await cross.neutral(self.store, interaction.user.id)
            joined = await self.queue.join(
                guild_id=interaction.guild_id,
                channel_id=here.channel_id,
                user_id=interaction.user.id,
                name="" if neutral else interaction.user.display_name,
                locale=lang,
                game=game.value,
                players=players,
                pace=pace.value if pace else None,
            )
            if joined.group is None:
                wanted = players or self.bot.table_service.spec(game.value).engine.min_players
                text = tr(
                    lang,
                    "cross-joined",
                    game=game_name(lang, game.value),
                    players=wanted,
                    count=joined.waiting,
                    pace=pace.value if pace else "24h",
                )
                await self._say(interaction, text)
                return
            await self._say(interaction, tr(lang, "cross-formed", channel=f"<#{here.channel_id}>"))
            await self.ask(*joined.group)

        await self.flow.guarded(interaction, game.value if game else None, join_or_list)

    @app_commands.command(name="leave", description="Stop waiting for tables across servers")
    @app_commands.describe(game="Only this game (empty: every game)")
    @app_commands.choices(game=game_choices())
    async def leave(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        async def leave_the_queue() -> None:
            await self.queue.leave(interaction.user.id, game.value if game else None)
            await self._say(interaction, tr(lang_of(interaction), "queue-left"))

        await self.flow.guarded(interaction, None, leave_the_queue)

    async def listing(self, lang: str) -> str:
        """How many wait for what (no names: they are other servers' people)."""
        counts: dict[tuple[str, int, str], int] = {}
        for entry in await self.queue.waiting():
            key = (entry.game, entry.players, entry.pace)
            counts[key] = counts.get(key, 0) + 1
        if not counts:
            return tr(lang, "cross-none")
        lines = [f"**{tr(lang, 'cross-title')}**"]
        for (game, players, pace), count in sorted(counts.items()):
            lines.append(
                "• " + tr(lang, "cross-line", game=game_name(lang, game), players=players, pace=pace, count=count)
            )
        return "\n".join(lines[:21])

    # ---- the ladder that travels ------------------------------------------------------------------
    @app_commands.command(name="ladder", description="The ratings across servers of one game")
    @app_commands.describe(game="The game")
    @app_commands.choices(game=game_choices())
    async def ladder_command(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        async def show_the_ladder() -> None:
            lang = lang_of(interaction)
            rungs = await ladder.ladder(self.store, game.value)
            text = ladder_text(lang, game.value, rungs, interaction.user.id)
            web = self.flow.shared.web
            if web is not None:  # every game's ladder on the web companion
                text += "\n" + tr(lang, "cross-ladder-web", link=f"{web.base_url}/ladder?lang={lang}")
            await self._say(interaction, text)

        await self.flow.guarded(interaction, game.value, show_the_ladder)

    # ---- names and blocks -----------------------------------------------------------------------------
    @app_commands.command(name="name", description="How people of other servers see you at a table")
    @app_commands.describe(neutral="On: a neutral name per table (Otter, Panda…); off: your display name")
    async def name(self, interaction: discord.Interaction, neutral: bool) -> None:
        async def choose_the_name() -> None:
            await cross.set_neutral(self.store, interaction.user.id, neutral)
            await self._say(
                interaction, tr(lang_of(interaction), "cross-name-neutral" if neutral else "cross-name-own")
            )

        await self.flow.guarded(interaction, None, choose_the_name)

    @app_commands.command(name="block", description="Never be seated with this person across servers")
    @app_commands.describe(user="Who", off="On: take the block back")
    async def block(self, interaction: discord.Interaction, user: discord.User, off: bool = False) -> None:
        async def block_or_unblock() -> None:
            lang = lang_of(interaction)
            if user.id == interaction.user.id:
                raise TableError("cross-block-self")
            if off:
                await cross.unblock(self.store, interaction.user.id, user.id)
                await self._say(interaction, tr(lang, "cross-unblocked"))
            else:
                await cross.block(self.store, interaction.user.id, user.id)
                await self._say(interaction, tr(lang, "cross-blocked"))

        await self.flow.guarded(interaction, None, block_or_unblock)

    # ---- confirming a group ---------------------------------------------------------------------------
    async def ask(self, pending: Pending, group: Sequence[CrossEntry]) -> None:
        """Ask everyone of a new group, in their own server's cross channel, to confirm."""
        self.deadlines.arm(pending.id, pending.confirm_by)
        for entry in group:
            lang = entry.locale
            text = tr(
                lang,
                "cross-ask",
                user=f"<@{entry.user_id}>",
                game=game_name(lang, pending.game),
                players=pending.players,
                pace=pending.pace,
                minutes=CONFIRM_SECONDS // 60,
            )
            view = discord.ui.View(timeout=None)
            view.add_item(confirm_button(pending.id, label=tr(lang, "cross-button-confirm")))
            try:
                channel = await self.flow.channel(entry.channel_id)
                message = await channel.send(
                    text, view=view, allowed_mentions=discord.AllowedMentions(users=[discord.Object(entry.user_id)])
                )
                await cross.set_asked(self.store, pending.id, entry.user_id, entry.channel_id, message.id)
            except (discord.HTTPException, TypeError) as error:
                # Their server's channel refuses: they cannot confirm, and go to the queue's end
                # when the time runs out; the others keep their places.
                log.warning("could not ask user %s to confirm group %s: %r", entry.user_id, pending.id, error)

    async def confirm(self, interaction: discord.Interaction, pending_id: int) -> None:
        async def take_my_seat() -> None:
            lang = lang_of(interaction)
            done = await self.queue.confirm(pending_id, interaction.user.id)
            if not done.complete:
                await interaction.response.edit_message(
                    content=tr(lang, "cross-confirmed-waiting"), view=None, allowed_mentions=NO_MENTIONS
                )
                return
            await interaction.response.edit_message(
                content=tr(lang, "cross-confirmed-opening"), view=None, allowed_mentions=NO_MENTIONS
            )
            await self.open_table(done.pending, done.group)

        await self.flow.guarded(interaction, None, take_my_seat)

    async def _expired(self, pending_id: int) -> None:
        """Ten minutes passed without everyone's confirmation: everyone waits again."""
        found = await cross.pending(self.store, pending_id)
        if found is None or found[0].confirm_by > self.bot.table_service.clock.now():
            return
        for entry in await self.queue.expire(pending_id):
            key = "cross-expired-kept" if entry.confirmed else "cross-expired-moved"
            await self._edit_ask(entry, tr(entry.locale, key))

    async def _edit_ask(self, entry: CrossEntry, text: str) -> None:
        if entry.ask_channel is None or entry.ask_message is None:
            return
        try:
            channel = await self.flow.channel(entry.ask_channel)
            await channel.get_partial_message(entry.ask_message).edit(content=text, view=None)
        except (discord.HTTPException, TypeError) as error:
            log.info("could not update the confirmation of user %s: %r", entry.user_id, error)

    # ---- opening the table ---------------------------------------------------------------------------
    async def open_table(self, pending: Pending, group: Sequence[CrossEntry]) -> None:
        """Everyone confirmed: a thread in each of their servers' cross channels, the game in the
        first, the others its places; then the first board everywhere. If any server refuses,
        nothing is left behind and the group waits again (in their places)."""
        names = neutral_names(pending.id, len(group))
        players = [Player(e.user_id, e.name or names[i]) for i, e in enumerate(group)]
        servers: dict[int, list[CrossEntry]] = {}
        for entry in group:
            servers.setdefault(entry.guild_id, []).append(entry)
        threads: list[tuple[int, discord.Thread, list[CrossEntry]]] = []
        try:
            for guild_id, entries in servers.items():
                here = await cross.cross_channel(self.store, guild_id)
                if here is None:
                    raise TableError("cross-no-channel")
                seated_here = [p for p in players if p.user_id in {e.user_id for e in entries}]
                channel = await self.seated.where([here.channel_id], seated_here)
                title = tr(entries[0].locale, "cross-thread", game=game_name(entries[0].locale, pending.game))
                thread = await channel.create_thread(
                    name=title[:THREAD_NAME_LENGTH],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
                threads.append((guild_id, thread, entries))
            (first_guild, first_thread, first_entries), *further = threads
            result = await open_seated(
                self.bot.table_service,
                pending.game,
                guild_id=first_guild,
                channel_id=first_thread.id,
                players=players,
                options={},
                locale=first_entries[0].locale,
                settings={"move_seconds": MOVE_TIME_CHOICES[pending.pace]},
                parent_id=first_thread.parent_id,
            )
        except BaseException as error:
            for _, thread, _ in threads:
                await self.seated.remove(thread)
            await self.queue.expire(pending.id)
            for entry in group:
                await self._edit_ask(entry, tr(entry.locale, "cross-not-opened"))
            if isinstance(error, discord.HTTPException | TableError | TypeError):
                log.warning("the table of cross group %s could not open: %r", pending.id, error)
                return
            raise
        row = result.row
        await cross.add_places(
            self.store,
            [
                Place(row.id, thread.id, guild_id, frozenset(e.user_id for e in entries), entries[0].locale)
                for guild_id, thread, entries in further
            ],
        )
        self.bot.table_service.places.forget(row.id)
        await self.queue.seated(pending.id)
        self.deadlines.arm(pending.id, None)
        for entry in group:
            thread = next(t for _, t, es in threads if entry in es)
            await self._edit_ask(entry, tr(entry.locale, "cross-opened", link=f"<#{thread.id}>"))
        await self.flow.lobby.announce_start(row, result)

    @staticmethod
    async def _say(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def setup(bot: TafelBot) -> None:
    bot.add_dynamic_items(ConfirmButton)
    await bot.add_cog(CrossServer(bot))

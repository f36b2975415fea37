"""Channels that change under a game: deleted, locked, a permission lost, the bot removed.

An archived thread is no trouble (a post unarchives it, and an edit that fails there becomes a
post). The rest stops a table: its board cannot be posted. Then, instead of retrying for ever
(Discord bans an address after 10,000 refused requests in 10 minutes) or timing out people who
cannot see the board:

- the channel is remembered as in trouble (in the database, so a restart keeps knowing since
  when), its boards wait in the outbox without requests, and its games' clocks stand still
  (``stuck`` is the deadline scheduler's ``channel_ok``);
- the host of each table there is told why and where, by direct message (or, in a thread, in its
  parent channel when the DM is closed), once;
- the channel is looked at again every ``PROBE_EVERY`` seconds (none while the bot is not in the
  server), at once when the gateway says something changed (a thread unlocked or unarchived, the
  channel's permissions, the bot back in the server) or a new table's board waits there. A look
  asks Discord (``GET /channels/{id}``, and a thread's parent: the cache may not know of a
  permission taken or given back without a gateway event) and, if that looks fine and a board
  waits, tries that board once: only a post that goes through heals the channel, so a refusal
  no event announces is neither told to the host again nor gives the time back again;
- once the bot can post there, the waiting boards go out, the person to move gets back the time
  the trouble lasted (while the channel still counts as stuck, so no deadline falls in between),
  the games are reconciled (``table.reconcile``) and their clocks run again. A channel whose
  tables ended while a board waited (a finished game's last board) stays in trouble until that
  board is out, so it never holds the boards of a table opened there later;
- after ``GIVE_UP_AFTER`` (7 days) the channel's games are cancelled without rating, and the host
  is told.

Outbox refusals arrive through ``blocked`` (``Outbox.on_blocked``); gateway events through
``cogs.channel_events``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from cogs.table.direct import DirectMessages
from cogs.table.outbox import Outbox, Refusal, refusal_of
from cogs.table.permissions import missing, missing_in_channel
from cogs.table.presenter import Presenter, TableParts
from db import GameRow, cross, table_data
from locales import tr
from table import lobby
from table.reconcile import Reconciler
from table.service import Player, TableError
from table.text import game_name

log = logging.getLogger("tafelbot.table")

PROBE_EVERY = 600.0  # seconds between looks at a channel in trouble
GIVE_UP_AFTER = 7 * 86400.0  # a table whose channel stays unusable this long is cancelled
GONE, LOCKED, PERMISSION, REMOVED = "gone", "locked", "permission", "removed"
DELETED = "deleted"  # never comes back (Discord does not reuse ids): its tables end at once
# The channels a guild's cache holds (threads are kept apart, and take their parent's permissions).
CACHED_CHANNELS = (
    discord.TextChannel,
    discord.VoiceChannel,
    discord.StageChannel,
    discord.ForumChannel,
    discord.CategoryChannel,
)
SYSTEM = Player(0, "Tafelbot")  # who cancels a table whose channel never came back


def reason_of(error: BaseException) -> str:
    """Why Discord refused a board, in the words ``trouble-reason-*`` use."""
    if isinstance(error, discord.HTTPException) and error.code == 160005:
        return LOCKED
    if isinstance(error, discord.HTTPException) and error.code == 10003:
        return DELETED
    return GONE if refusal_of(error) is Refusal.GONE else PERMISSION


class ChannelTrouble(Presenter):
    def __init__(self, shared: TableParts, *, outbox: Outbox, reconciler: Reconciler, dms: DirectMessages) -> None:
        super().__init__(shared)
        self.outbox = outbox
        self.dms = dms
        self.reconciler = reconciler
        self._troubled: dict[int, table_data.ChannelTrouble] = {}
        self._looked_at: dict[int, float] = {}  # channel -> when it was last found unusable
        self._told: dict[int, set[int]] = {}  # channel -> the games whose host was told of its trouble
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    # ---- what the rest asks ----------------------------------------------------------------
    def stuck(self, channel_id: int) -> bool:
        """Whether the bot cannot post in the channel now (its games' clocks stand still)."""
        return channel_id in self._troubled

    def channel_ok(self, row: GameRow) -> bool:
        # A table across servers is shown in several: one server's trouble stops no clock there.
        return not self.stuck(row.channel_id) or self.service.places.across(row.id)

    # ---- becoming troubled -----------------------------------------------------------------
    async def blocked(self, channel_id: int, error: BaseException) -> None:
        """The outbox's report: Discord refused a board there until something changes."""
        await self.mark(channel_id, reason_of(error))

    async def held(self, channel_id: int, error: BaseException) -> None:
        """The outbox's report: a table's first waiting board joined a channel it holds (a table
        opened there since, say): that table's host is told, once, unless a look at once finds
        the channel working again (the refusal may have been an ended game's)."""
        trouble = self._troubled.get(channel_id)
        await self.mark(channel_id, trouble.reason if trouble is not None else reason_of(error), new_table=True)

    async def mark(self, channel_id: int, reason: str, *, hold_posts: bool = False, new_table: bool = False) -> None:
        """The channel cannot take posts (``reason``: ``DELETED``, ``GONE``, ``LOCKED``,
        ``PERMISSION`` or ``REMOVED``); ``hold_posts``: known from the gateway, so the outbox must
        not try either. Only channels with an open table, or a board waiting, matter; a deleted
        one's tables end at once. Each table's host is told once; ``new_table``: no refusal
        came now (``held``), so the channel is looked at first."""
        if self.shared.guard.closing:
            return  # shutting down: the next start finds out again
        store = self.service.store
        games = await table_data.open_games_in_channel(store, channel_id)
        # A table across servers' thread in a further server: held like any, its host not told
        # (the trouble is that server's, and the clock runs on: ``channel_ok``).
        placed = await cross.place_in(store, channel_id)
        waiting = self.outbox.waiting_games(channel_id)
        if not games and not placed and not (waiting and reason != DELETED):
            return
        if hold_posts or reason == DELETED:
            self.outbox.block(channel_id, RuntimeError(f"channel {channel_id}: {reason}"))
        if reason == DELETED:
            await self.give_up(channel_id, DELETED)
            return
        guild_id = placed[0].guild_id if placed and not games else await self._guild_of(channel_id, games, waiting)
        now = self.service.clock.now()
        news = await table_data.set_channel_trouble(store, channel_id, guild_id, now, reason)
        since = self._troubled[channel_id].since if channel_id in self._troubled else now
        self._troubled[channel_id] = table_data.ChannelTrouble(channel_id, guild_id, since, reason)
        told = self._told.setdefault(channel_id, set())
        if new_table and not news and any(row.id not in told for row in games) and await self.probe(channel_id):
            return  # it works again: the new table's board went out
        if not new_table:
            self._looked_at[channel_id] = now  # just refused: the next look comes after PROBE_EVERY
        untold = [row for row in games if row.id not in told]
        if news or untold:
            log.warning("channel %s is in trouble (%s): %d table(s) wait", channel_id, reason, len(games))
        for row in untold:
            told.add(row.id)
            # A table across servers plays on in the other servers' threads: no clock stops.
            key = "trouble-told-host-across" if await self.service.places.further(row.id) else "trouble-told-host"
            await self._tell_host(row, tr(row.locale, key, **self._words(row, reason)))
        self._run()

    async def _guild_of(self, channel_id: int, games: list[GameRow], waiting: set[int]) -> int | None:
        """The server of a channel in trouble: its open tables', else a waiting board's game's."""
        if games:
            return games[0].guild_id
        for game_id in sorted(waiting):
            row = await self.service.store.get_game(game_id)
            if row is not None:
                return row.guild_id
        return None

    def _words(self, row: GameRow, reason: str) -> dict[str, Any]:
        lang = row.locale
        return {
            "game": game_name(lang, row.game),
            "channel": f"<#{row.channel_id}>",
            "reason": tr(lang, f"trouble-reason-{reason}"),
            "days": round(GIVE_UP_AFTER / 86400),
        }

    async def _tell_host(self, row: GameRow, text: str) -> None:
        """By direct message; failing that, in a thread's parent channel; failing that, logged."""
        me = self.shared.client.user
        if me is not None and row.host_id == me.id:
            return  # a table the bot itself opened has no one to tell
        if await self.dms.send(row.host_id, text):  # remembers closed DMs, as for reminders
            return
        parent = getattr(self.shared.client.get_channel(row.channel_id), "parent", None)
        if isinstance(parent, discord.TextChannel | discord.ForumChannel) and hasattr(parent, "send"):
            try:
                await parent.send(
                    f"<@{row.host_id}> {text}",
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(row.host_id)]),
                )
                return
            except discord.HTTPException as error:
                log.info("could not tell the host of game %s in the parent channel (%r)", row.id, error)
        log.warning("the host of game %s could not be told that its channel is in trouble", row.id)

    # ---- healing ---------------------------------------------------------------------------
    async def probe(self, channel_id: int) -> bool:
        """Look at a channel in trouble; heal it if the bot can post there again. Discord is
        asked (the cache may miss a permission taken or given back without a gateway event), and
        if that looks fine, the first waiting board is tried: a refusal keeps the trouble as it
        was (the host not told again, the clock still standing)."""
        trouble = self._troubled.get(channel_id)
        if trouble is None or self.shared.guard.closing:
            return trouble is None
        self._looked_at[channel_id] = self.service.clock.now()
        client = self.shared.client
        if trouble.guild_id is not None and client.get_guild(trouble.guild_id) is None:
            return False  # not in that server (any more): nothing to ask until the bot is back
        try:
            channel = await client.fetch_channel(channel_id)
            # A thread has its parent's permissions, which the cache may have wrong too.
            parent = await client.fetch_channel(channel.parent_id) if isinstance(channel, discord.Thread) else None
        except discord.HTTPException as error:
            log.info("channel %s still in trouble (%r)", channel_id, error)
            return False
        self._refresh_cache(parent or channel)
        if getattr(channel, "locked", False) or self._lacking(channel, parent):
            return False
        if await self.outbox.probe(channel_id) is False:
            return False  # refused as before: a reason no event will announce
        if channel_id not in self._troubled:
            return True  # healed meanwhile (a gateway event's look)
        await self.healed(channel_id)
        return True

    @staticmethod
    def _refresh_cache(channel: object) -> None:
        """Put a channel just fetched in discord.py's cache: a permission taken or given back
        without a gateway event leaves the cached overwrites wrong for good, and the board judges
        from them (a board it thinks not allowed waits a pause before each try)."""
        guild = getattr(channel, "guild", None)
        known = isinstance(guild, discord.Guild) and guild.get_channel(getattr(channel, "id", 0)) is not None
        if known and isinstance(channel, CACHED_CHANNELS) and isinstance(guild, discord.Guild):
            guild._add_channel(channel)  # discord.py's own way to store a channel it learns

    @staticmethod
    def _lacking(channel: object, parent: object | None) -> list[str]:
        """What the bot lacks in ``channel`` as Discord just answered: a thread's permissions
        from its ``parent`` as fetched (discord.py would take the cached parent)."""
        me = getattr(getattr(channel, "guild", None), "me", None)
        if parent is None or me is None or not isinstance(parent, discord.abc.GuildChannel):
            return missing_in_channel(channel)
        return missing(parent.permissions_for(me), channel)

    async def healed(self, channel_id: int) -> None:
        """The bot can post in the channel again: waiting boards out, games reconciled."""
        trouble = self._troubled.get(channel_id)
        if trouble is not None:
            log.info("channel %s works again (was %s since %.0f)", channel_id, trouble.reason, trouble.since)
            # While the channel still counts as stuck: a deadline looked at in between must not
            # time out a person whose time is being given back.
            await self._give_time_back(channel_id, self.service.clock.now() - trouble.since)
        self._troubled.pop(channel_id, None)
        self._looked_at.pop(channel_id, None)
        self._told.pop(channel_id, None)
        await table_data.clear_channel_trouble(self.service.store, channel_id)
        self.outbox.retry_now(channel_id, report_again=True)  # refused again: told again
        await self.reconciler.run(channel_id=channel_id)  # boards not waiting in the outbox

    async def _give_time_back(self, channel_id: int, seconds: float) -> None:
        """The clock stood still while nobody could see the board: the person to move gets the
        time the trouble lasted back, at most a whole move's time from now."""
        now = self.service.clock.now()
        for row in await table_data.open_games_in_channel(self.service.store, channel_id):
            due = self.service.deadline_of(row).due
            move_seconds = self.service.settings_of(row).move_seconds
            if due is None or not move_seconds:
                continue
            back = min(seconds, now + move_seconds - due)
            if back > 0:
                await self.service.stand_still(row, back)

    async def probe_guild(self, guild_id: int) -> None:
        """The bot is (back) in a server: look at its channels in trouble at once."""
        for channel_id in [c for c, t in self._troubled.items() if t.guild_id == guild_id]:
            await self.probe(channel_id)

    # ---- giving up -------------------------------------------------------------------------
    async def give_up(self, channel_id: int, reason: str | None = None) -> None:
        """Cancel the channel's tables (not rated) and tell their hosts: after ``GIVE_UP_AFTER``
        in trouble, or at once for a deleted channel (``reason`` ``DELETED``)."""
        key = "trouble-cancelled-deleted" if reason == DELETED else "trouble-cancelled"
        for row in await table_data.open_games_in_channel(self.service.store, channel_id):
            try:
                cancelled = await lobby.cancel(self.service, row.id, SYSTEM, is_admin=True)
            except TableError:
                continue  # ended meanwhile
            log.warning("game %s cancelled: its channel %s %s", row.id, channel_id, reason or "stayed unusable")
            await self._tell_host(cancelled, tr(row.locale, key, **self._words(row, GONE)))
        self._troubled.pop(channel_id, None)
        self._looked_at.pop(channel_id, None)
        self._told.pop(channel_id, None)
        await table_data.clear_channel_trouble(self.service.store, channel_id)
        if reason != DELETED:
            self.outbox.forget(channel_id)  # a table opened there later starts afresh

    # ---- the loop --------------------------------------------------------------------------
    async def resume(self) -> None:
        """At start-up: the channels in trouble before the stop are looked at again at once."""
        for trouble in await table_data.channels_in_trouble(self.service.store):
            if self.service.shards.owns(trouble.guild_id):
                self._troubled[trouble.channel_id] = trouble
                # Their hosts were told before the stop.
                games = await table_data.open_games_in_channel(self.service.store, trouble.channel_id)
                self._told[trouble.channel_id] = {row.id for row in games}
        self._run()

    def _run(self) -> None:
        self._wake.set()
        if self._troubled and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._loop(), name="channel-trouble")

    async def _loop(self) -> None:
        clock = self.service.clock
        while self._troubled:
            self._wake.clear()
            now = clock.now()
            for channel_id, trouble in list(self._troubled.items()):
                try:
                    if now - trouble.since >= GIVE_UP_AFTER:
                        await self.give_up(channel_id)
                    elif now - self._looked_at.get(channel_id, 0.0) >= PROBE_EVERY:
                        await self.probe(channel_id)
                except Exception:
                    log.exception("channel %s in trouble could not be looked at", channel_id)
            if self._troubled:
                soonest = min(self._looked_at.get(c, 0.0) for c in self._troubled) + PROBE_EVERY
                await clock.wait(self._wake, max(1.0, soonest - clock.now()))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

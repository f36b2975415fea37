"""The bot class: discord.py's ``AutoShardedBot`` with the table platform on it, and
``create_bot``, which builds it with the client options the bot always runs with."""

from __future__ import annotations

import asyncio
import gc
import logging
from typing import Any

import discord
from discord.ext import commands

from cogs.command_sync import sync_commands
from cogs.pacing import GlobalPacer, share_of_token
from cogs.table.flow import TableFlow
from cogs.translator import FluentTranslator
from cogs.tree import GUILD_INSTALL, GUILD_ONLY, TafelTree
from db import Store, league, web_data
from startup.config import Config
from table.aftermath import Change
from table.clock import Clock
from table.registry import entry
from table.service import ActResult, TableService
from table.shards import ShardPlan
from table.spec import load_spec
from table.web_moves import WebMoves

log = logging.getLogger("tafelbot")


async def open_store(database: str) -> Store:
    """The database (a SQLite file or a postgresql:// URL, from TAFELBOT_DB), migrated, with the
    league's hook on it: ratings are updated in the transaction that writes results."""
    store = await Store.open(database)
    league.attach(store)
    return store


def shard_options(plan: ShardPlan) -> dict[str, Any]:
    """discord.py's ``AutoShardedBot`` arguments: no count asks Discord for its recommended one
    (``GET /gateway/bot``) and runs all of them here; ``shard_ids`` limits this process to some."""
    options: dict[str, Any] = {}
    if plan.count is not None:
        options["shard_count"] = plan.count
    if plan.ids is not None:
        options["shard_ids"] = list(plan.ids)
    return options


GUILD_READY_SECONDS = 0.25
# A collection of the young generation after this many new objects instead of 700: a move makes
# thousands (discord.py's interaction and message objects), so the default collects several times
# a move and reaches the full collections (60-70 ms under load) every few seconds. Far more
# (10,000) made each young collection 10-16 ms and the middle one up to 80 ms, felt in the p99
# (bench/bench_platform.py: p99 45-53 ms at 2,000 against 94-131 ms at 700 or 10,000).
GC_YOUNG_OBJECTS = 2_000


class TafelBot(commands.AutoShardedBot):
    """The bot: discord.py's ``AutoShardedBot`` with the table platform on it. Cogs and buttons
    reach the platform through its typed attributes (as RoboDanny's cogs type ``self.bot``):

    ``store`` (the database), ``table_service`` (tables without Discord), ``table_flow`` (the
    Discord side of every table), ``pacer`` (the global rate limit's counters) and ``resumed``
    (set once running games are picked up after start-up). ``setup_hook`` sets the first three
    (the store as handed in, or opened there), so they exist from the moment the first cog loads;
    the table's buttons are an extension too (``cogs.table.clicks``), loaded first."""

    store: Store
    table_service: TableService
    table_flow: TableFlow

    def __init__(
        self,
        config: Config,
        *,
        pacer: GlobalPacer,
        store: Store | None = None,
        clock: Clock | None = None,
        only_sync: bool = False,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        self.config = config
        # The command line opens the store before Discord is reached and closes it after the bot;
        # without one (tests, scripts) ``setup_hook`` opens ``config.database`` and ``close`` closes it.
        self._handed_store = store
        self.only_sync = only_sync  # ``tafelbot sync``: set up, sync the commands whatever the hash, stop
        self.commands_synced: bool | None = None  # None: not tried (another process syncs, or TAFELBOT_SYNC=0)
        self.clock = clock
        self.pacer = pacer  # its counters, for tests and benchmarks
        self.resumed = asyncio.Event()
        self._resuming: asyncio.Task[None] | None = None
        self.web: Any = None  # the web companion's server in this process (web.serve.WebServer)
        self.web_notifier: Any = None  # on PostgreSQL: NOTIFY of every change (web.serve.Notifier)
        self.web_moves: WebMoves | None = None  # on PostgreSQL: the web processes' moves, followed here
        self.web_moves_listening: web_data.Listening | None = None

    async def setup_hook(self) -> None:
        config = self.config
        handed = self._handed_store
        self.store = handed if handed is not None else await open_store(config.database)
        specs = {}
        entries = []
        for game in config.games:
            try:
                found = entry(game) if isinstance(game, str) else game
                specs[found.key] = load_spec(found)
                entries.append(found)
            except Exception:
                # One broken game must not take the others down.
                log.exception("game %s could not be loaded; its commands are off", game)
        self.table_service = TableService(self.store, specs, clock=self.clock, shards=config.shards)
        links = None
        if config.web.on:
            from table.weblinks import WebLinks

            links = WebLinks(self.store, config.web.url or "", clock=self.table_service.clock, signin=config.web.signin)
        self.table_flow = TableFlow(
            self,
            self.table_service,
            computer_delay_factor=config.computer_delay,
            render_processes=config.render_processes,
            web_links=links,
            activity=links is not None and config.activity is not None,
        )
        self.table_flow.painter.start()
        if links is not None:
            await self._start_web(links)
        await self.tree.set_translator(FluentTranslator())
        for extension in [
            "cogs.table.clicks",  # the table's buttons: registers its receivers itself
            "cogs.rules",
            "cogs.league",
            "cogs.table_commands",
            "cogs.replay",
            "cogs.help",
            "cogs.tournament",
            "cogs.cross",
            "cogs.channel_events",
            *(found.cog_extension for found in entries),
        ]:
            try:
                await self.load_extension(extension)
            except Exception:
                log.exception("extension %s failed to load", extension)
        if self.only_sync or self.syncs_commands:
            self.commands_synced = await sync_commands(
                self.tree,
                self.store,
                application_id=self.application_id,
                guild_id=config.dev_guild_id,
                force=self.only_sync,
            )
        if self.only_sync:
            return  # ``tafelbot sync``: nothing to run, the bot is closed after login
        self._resuming = self.loop.create_task(self._resume())

    @property
    def syncs_commands(self) -> bool:
        """Whether this process keeps Discord's command list up to date (unless TAFELBOT_SYNC=0):
        every process has the same commands, so one does it, the one holding shard 0."""
        shards = self.config.shards.ids
        return self.config.sync_commands and (shards is None or 0 in shards)

    async def _start_web(self, links: Any) -> None:
        """The web companion: on SQLite served from this process; on PostgreSQL every change
        goes out as NOTIFY and ``tafelbot web`` processes serve the pages."""
        from db.backend import POSTGRESQL
        from web.serve import Notifier, start_in_bot

        news = self.table_service.news
        flow = self.table_flow
        if self.store.dialect == POSTGRESQL:
            self.web_notifier = Notifier(self.store, news)
            # Moves played on the web processes' pages: shown here as if they came from Discord.
            self.web_moves = WebMoves(self.table_service, flow.aftermath, flow.timekeeper)

            async def heard_again() -> None:
                await flow.reconciler.run()  # notifications were lost meanwhile: every board owed

            self.web_moves_listening = web_data.Listening(
                self.store, self.web_moves.heard, heard_again, channel=web_data.MOVES_CHANNEL
            )
            self.web_moves_listening.start()
            return
        self.web = await start_in_bot(
            self.config.web,
            self.store,
            self.table_service.specs,
            links,
            flow.painter,
            news,
            clock=self.table_service.clock,
            # Moves on the pages: the bot's own service (one lock with Discord's clicks), followed
            # by the bot's own aftermath, as a click's handler does.
            service=self.table_service,
            followed=self._follow_web_move,
            activity=self.config.activity,
        )

    def _follow_web_move(self, result: ActResult) -> None:
        """A move saved from a page of this process: what follows it starts as after a click."""
        self.table_flow.aftermath.follow(Change(result))

    async def _resume(self) -> None:
        await self.wait_until_ready()
        count = await self.table_flow.resume()
        # What start-up made (modules, commands, caches) lives as long as the process: out of
        # the collector's way, so a full collection walks only what play makes (a full
        # collection of everything paused the loop for up to 150 ms under load).
        gc.freeze()
        gc.set_threshold(GC_YOUNG_OBJECTS, 10, 10)
        self.resumed.set()
        shards = ",".join(str(k) for k in sorted(self.shards))
        log.info(
            "ready as %s (shards %s of %s); %d running game(s) of their servers picked up",
            self.user,
            shards,
            self.shard_count,
            count,
        )

    async def close(self) -> None:
        # A stop right after connecting may come while running games are being picked up:
        # that is given up first, before the flow and the database close under it.
        resuming = self._resuming
        if resuming is not None and not resuming.done():
            resuming.cancel()
            await asyncio.gather(resuming, return_exceptions=True)
        # A bot stopped before setup_hook ran (or half-way through it) has no flow or store yet.
        flow: TableFlow | None = getattr(self, "table_flow", None)
        if self.web is not None:
            await self.web.close()
            self.web = None
        if self.web_notifier is not None:
            await self.web_notifier.close()
            self.web_notifier = None
        if self.web_moves_listening is not None:
            await self.web_moves_listening.close()
            self.web_moves_listening = None
        if self.web_moves is not None:
            await self.web_moves.close()
            self.web_moves = None
        if flow is not None:
            await flow.close()
        await super().close()
        store: Store | None = getattr(self, "store", None)
        if store is not None and store is not self._handed_store:
            await store.close()


def create_bot(
    config: Config,
    *,
    store: Store | None = None,
    clock: Clock | None = None,
    only_sync: bool = False,
    **client_options: Any,
) -> TafelBot:
    """The bot, not yet started, on the ``store`` handed in (its owner closes it) or, without one,
    on ``config.database`` opened at set-up. Tests pass ``guild_ready_timeout`` and the like, and
    a fake ``clock`` (``table.clock.FakeClock``) to move time themselves.

    Always discord.py's ``AutoShardedBot``: with no shard settings it runs every shard Discord
    recommends (one, for all but large bots) in this process, which behaves as a plain ``Bot``;
    with ``TAFELBOT_SHARDS`` it connects only those shards and looks after only their servers."""
    # Only the servers, their channels, threads and roles (the GUILDS intent): what the tables and
    # their self-healing listen to (cogs/channel_events.py). Interactions come without any intent.
    # discord.py's default would also send every message typed, every typing notice, reaction and
    # voice change in every channel the bot sees, each parsed (and every message run through the
    # prefix-command check) only to be dropped: a busy server's chatter was work on every move's
    # event loop.
    intents = discord.Intents.none()
    intents.guilds = True
    # discord.py calls itself ready only this long after the last server arrived (2 s by default);
    # a shard's servers arrive within milliseconds of each other, and running games are picked up
    # at ready, so a shorter wait is a faster start. Later servers are still taken in as they come.
    # No message cache (discord.py keeps the last 1,000 messages by default): nothing here reads it
    # (boards are edited by id, buttons carry their message), and its objects cost memory and
    # make every full garbage collection longer. Every request passes the pacer, which keeps the
    # bot under Discord's global rate limit (discord.py follows only the per-route ones); shard
    # processes share the token, so each paces to its share.
    own_shards = len(config.shards.ids) if config.shards.ids is not None else None
    pacer = GlobalPacer(share_of_token(own_shards, config.shards.count))
    options: dict[str, Any] = {
        "guild_ready_timeout": GUILD_READY_SECONDS,
        "max_messages": None,
        "http_trace": pacer.trace_config(),
        **shard_options(config.shards),
        **client_options,
    }
    return TafelBot(
        config,
        pacer=pacer,
        store=store,
        clock=clock,
        only_sync=only_sync,
        command_prefix=commands.when_mentioned,
        intents=intents,
        help_command=None,
        # Every command for servers only, installed to servers only (cogs/tree.py).
        tree_cls=TafelTree,
        allowed_contexts=GUILD_ONLY,
        allowed_installs=GUILD_INSTALL,
        **options,
    )

"""Start-up: configuration from the environment, logging, database, cogs, command sync.

tafelbot                     run the bot (needs DISCORD_TOKEN)
tafelbot simulate GAME ...   play a whole game between computer players, no Discord needed
tafelbot migrate-db SRC DST  copy every game, move, result, rating and setting between a SQLite
                             file and PostgreSQL (a postgresql:// URL), into an empty target
tafelbot backup FILE         a consistent copy of the database, also while the bot runs
tafelbot web                 the web companion on its own (PostgreSQL; TAFELBOT_WEB_URL, _PORT)
tafelbot sync                send the slash commands to Discord now and exit (the bot itself sends
                             them at start-up only when they changed; TAFELBOT_SYNC=0: never)

TAFELBOT_DB is a SQLite file path (the default, one bot process) or a postgresql:// URL.

TAFELBOT_SHARDS / TAFELBOT_SHARD_COUNT split the bot's servers over several processes (shards) on
one PostgreSQL database; unset, one process runs every shard Discord recommends.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import sys
from collections.abc import Coroutine
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import discord
from discord.ext import commands

from cogs.command_sync import sync_commands
from cogs.pacing import GlobalPacer, share_of_token
from cogs.table.flow import TableFlow
from cogs.translator import FluentTranslator
from cogs.tree import GUILD_INSTALL, GUILD_ONLY, TafelTree
from db import Store, league
from table.clock import Clock
from table.registry import GAME_KEYS, GameEntry, entry
from table.service import TableService
from table.shards import ShardConfigError, ShardPlan, plan_from_env
from table.spec import load_spec
from web.config import WebConfig, WebConfigError, web_config

T = TypeVar("T")

log = logging.getLogger("tafelbot")


class ConfigError(Exception):
    pass


@dataclass(frozen=True)
class Config:
    token: str = field(repr=False)
    database: str = "data/tafelbot.sqlite3"  # a SQLite file, or a postgresql:// URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    bot_delay: float = 1.0  # factor on each game's computer-player pause; 0 in tests
    sync_commands: bool = True
    # The games to host: registered keys, or a ``GameEntry`` for a game kept outside the package
    # (the tests' Nim: ``tests/test_contributing_walkthrough.py``).
    games: tuple[str | GameEntry, ...] = GAME_KEYS
    render_processes: int = 0  # worker processes drawing pictures; 0: a thread of the bot's process
    # The shards this process connects (TAFELBOT_SHARDS of TAFELBOT_SHARD_COUNT); the default is
    # every shard of the count Discord recommends, in this one process.
    shards: ShardPlan = ShardPlan()
    # The web companion (TAFELBOT_WEB_URL, TAFELBOT_WEB_PORT ...): off unless a URL is set.
    web: WebConfig = WebConfig()


def environment() -> dict[str, str]:
    """The process's environment, a ``.env`` file in the working folder filling in what is unset."""
    try:
        from dotenv import load_dotenv

        load_dotenv(override=False)
    except ImportError:  # pragma: no cover - python-dotenv is a dependency
        pass
    return dict(os.environ)


def load_config(env: dict[str, str] | None = None) -> Config:
    """Read the configuration (a ``.env`` file in the working folder fills in what is unset)."""
    if env is None:
        env = environment()
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/applications, copy its "
            "token, and run: DISCORD_TOKEN=... tafelbot   (or put DISCORD_TOKEN=... in a .env file)."
        )
    guild = env.get("TAFELBOT_DEV_GUILD", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"TAFELBOT_DEV_GUILD must be a server id (digits), not {guild!r}.")
    try:
        delay = float(env.get("TAFELBOT_BOT_DELAY", "1.0"))
    except ValueError:
        raise ConfigError("TAFELBOT_BOT_DELAY must be a number (a factor on computer players' pauses).") from None
    processes = env.get("TAFELBOT_RENDER_PROCESSES", "auto").strip().lower()
    if processes == "auto":
        render_processes = 1 if (os.cpu_count() or 1) > 1 else 0
    elif processes.isdigit():
        render_processes = int(processes)
    else:
        raise ConfigError("TAFELBOT_RENDER_PROCESSES must be a number of processes or 'auto'.")
    try:
        shards = plan_from_env(env.get("TAFELBOT_SHARDS", ""), env.get("TAFELBOT_SHARD_COUNT", ""))
    except ShardConfigError as error:
        raise ConfigError(str(error)) from None
    try:
        web = web_config(env)
    except WebConfigError as error:
        raise ConfigError(str(error)) from None
    level = env.get("TAFELBOT_LOG_LEVEL", "INFO").upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise ConfigError("TAFELBOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR.")
    return Config(
        token=token,
        database=env.get("TAFELBOT_DB", "data/tafelbot.sqlite3"),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        bot_delay=max(0.0, delay),
        sync_commands=env.get("TAFELBOT_SYNC", "1") != "0",
        render_processes=render_processes,
        shards=shards,
        web=web,
    )


class RedactToken(logging.Filter):
    """Never let the token reach a log line, whatever code logs it."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if self.token:
            message = record.getMessage()
            if self.token in message:
                record.msg = message.replace(self.token, "[token]")
                record.args = ()
        return True


class NoVoiceWarnings(logging.Filter):
    """The bot never joins a voice channel, so discord.py's warnings that voice is missing its
    libraries only alarm whoever starts it: they read like errors on the first screen."""

    VOICE = (
        "PyNaCl is not installed, voice will NOT be supported",
        "davey is not installed, voice will NOT be supported",
    )

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() not in self.VOICE


NO_VOICE_WARNINGS = NoVoiceWarnings()


def quiet_voice_warnings() -> None:
    # discord.py logs them from ``discord.client`` when a client is made; one filter, added once.
    logging.getLogger("discord.client").addFilter(NO_VOICE_WARNINGS)


def setup_logging(config: Config) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(RedactToken(config.token))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(config.log_level)
    quiet_noisy_loggers(root.level)
    quiet_voice_warnings()


# At DEBUG these libraries log request bodies and SQL parameters, which carry private hands.
NOISY_LOGGERS = ("discord.http", "discord.gateway", "discord.webhook.async_", "discord.state", "aiosqlite")


def quiet_noisy_loggers(level: int) -> None:
    for name in NOISY_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, level))


def shard_options(plan: ShardPlan) -> dict[str, Any]:
    """discord.py's ``AutoShardedBot`` arguments: no count asks Discord for its recommended one
    (``GET /gateway/bot``) and runs all of them here; ``shard_ids`` limits this process to some."""
    options: dict[str, Any] = {}
    if plan.count is not None:
        options["shard_count"] = plan.count
    if plan.ids is not None:
        options["shard_ids"] = list(plan.ids)
    return options


def describe_shards(plan: ShardPlan) -> str:
    if plan.ids is not None:
        return f"shards {','.join(map(str, plan.ids))} of {plan.count}"
    if plan.count is not None:
        return f"all {plan.count} shards"
    return "every shard Discord recommends"


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
    (set once running games are picked up after start-up). ``setup_hook`` builds the first
    three, so they exist from the moment the first cog loads."""

    store: Store
    table_service: TableService
    table_flow: TableFlow

    def __init__(
        self,
        config: Config,
        *,
        pacer: GlobalPacer,
        clock: Clock | None = None,
        only_sync: bool = False,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        self.config = config
        self.only_sync = only_sync  # ``tafelbot sync``: set up, sync the commands whatever the hash, stop
        self.commands_synced: bool | None = None  # None: not tried (another process syncs, or TAFELBOT_SYNC=0)
        self.clock = clock
        self.pacer = pacer  # its counters, for tests and benchmarks
        self.resumed = asyncio.Event()
        self._resuming: asyncio.Task[None] | None = None
        self.web: Any = None  # the web companion's server in this process (web.serve.WebServer)
        self.web_notifier: Any = None  # on PostgreSQL: NOTIFY of every change (web.serve.Notifier)

    async def setup_hook(self) -> None:
        config = self.config
        self.store = await Store.open(config.database)  # SQLite or PostgreSQL, from TAFELBOT_DB
        league.attach(self.store)  # ratings are updated in the transaction that writes results
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

            links = WebLinks(self.store, config.web.url or "", clock=self.table_service.clock)
        self.table_flow = TableFlow(
            self,
            self.table_service,
            bot_delay_factor=config.bot_delay,
            render_processes=config.render_processes,
            web_links=links,
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
        if self.store.dialect == POSTGRESQL:
            self.web_notifier = Notifier(self.store, news)
            return
        self.web = await start_in_bot(
            self.config.web,
            self.store,
            self.table_service.specs,
            links,
            self.table_flow.painter,
            news,
            clock=self.table_service.clock,
        )

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
        if flow is not None:
            await flow.close()
        await super().close()
        store: Store | None = getattr(self, "store", None)
        if store is not None:
            await store.close()


def create_bot(
    config: Config, *, clock: Clock | None = None, only_sync: bool = False, **client_options: Any
) -> TafelBot:
    """The bot, not yet started. Tests pass ``guild_ready_timeout`` and the like, and a fake
    ``clock`` (``table.clock.FakeClock``) to move time themselves.

    Always discord.py's ``AutoShardedBot``: with no shard settings it runs every shard Discord
    recommends (one, for all but large bots) in this process, which behaves as a plain ``Bot``;
    with ``TAFELBOT_SHARDS`` it connects only those shards and looks after only their servers."""
    intents = discord.Intents.default()
    intents.message_content = False
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


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on uvloop where it is installed (Linux and macOS): its event loop and
    sockets are written in C, and a move's many small HTTP writes, gateway events and thread
    hand-offs cost the loop about a tenth less CPU (bench/bench_platform.py). Elsewhere the standard loop."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


def run(config: Config, *, only_sync: bool = False) -> int:
    """Run the bot until stopped; with ``only_sync`` (``tafelbot sync``) log in, send the command
    list whatever its hash, and return 0 if Discord took it, 1 if not."""
    import aiohttp
    import discord

    from db import DatabaseTooNew, DatabaseUnavailable, StoreInUse
    from db.backend import claim_sqlite, is_postgres_url

    setup_logging(config)
    try:
        # A SQLite file serves one process: refuse now, before connecting to Discord, if another
        # bot has it. Held until this process ends; the store shares it.
        claim_sqlite(config.database)
    except StoreInUse as error:
        print(f"tafelbot: {error}", file=sys.stderr)
        return 1
    partial = config.shards.ids is not None and len(config.shards.ids) < (config.shards.count or 0)
    if partial and not is_postgres_url(config.database):
        # The other shards need other processes, and those cannot open this file.
        log.warning(
            "TAFELBOT_SHARDS runs %s on a SQLite database: the servers of the other shards need "
            "processes of their own, which cannot share it. Use PostgreSQL (TAFELBOT_DB=postgresql://…).",
            describe_shards(config.shards),
        )
    if only_sync:
        # Only the commands are wanted: no picture worker processes, no web pages.
        config = replace(config, render_processes=0, web=WebConfig())
    bot = create_bot(config, only_sync=only_sync)
    try:
        if only_sync:
            return 0 if run_loop(_sync_only(bot, config.token)) else 1
        run_loop(_run(bot, config.token))
    except (StoreInUse, DatabaseTooNew, DatabaseUnavailable) as error:
        print(f"tafelbot: {error}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        log.error("Discord refused the token (DISCORD_TOKEN). Copy it again from the Developer Portal.")
        return 2
    except (OSError, aiohttp.ClientError) as error:
        log.error("Cannot reach Discord (%s). Check the network connection and try again.", error)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


async def _sync_only(bot: TafelBot, token: str) -> bool:
    """``tafelbot sync``: logging in runs ``setup_hook``, which sends the commands; no gateway."""
    async with bot:
        await bot.login(token)
    return bool(bot.commands_synced)


STOP_SIGNALS = ("SIGTERM", "SIGINT")


async def _run(bot: TafelBot, token: str) -> None:
    """Run until Discord or a stop signal ends it. SIGTERM (systemd, container runtimes) and
    SIGINT (Ctrl-C) close the bot gracefully: no new actions, the ones in flight finished, the
    picture workers and the database closed; then ``run`` returns 0."""
    import signal

    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed: list[signal.Signals] = []
    for name in STOP_SIGNALS:
        try:
            loop.add_signal_handler(getattr(signal, name), stop.set)
            installed.append(getattr(signal, name))
        except (NotImplementedError, RuntimeError, ValueError):  # pragma: no cover - not on Windows
            pass
    try:
        async with bot:
            running = asyncio.create_task(bot.start(token), name="tafelbot")
            stopping = asyncio.create_task(stop.wait(), name="tafelbot stop signal")
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if stopping.done():
                log.info("stop signal received: finishing what is in flight and closing")
                await bot.close()
            else:
                stopping.cancel()
            await running
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


def backup_command(file: str, *, db: str | None, force: bool) -> int:
    from db.backup import BackupError, backup, database_location

    if db is None:
        try:
            from dotenv import load_dotenv

            load_dotenv(override=False)  # TAFELBOT_DB may be set in .env, as for the bot itself
        except ImportError:  # pragma: no cover - python-dotenv is a dependency
            pass
    try:
        report = backup(database_location(db), file, force=force)
    except BackupError as error:
        print(f"tafelbot backup: {error}", file=sys.stderr)
        return 1
    print(f"Backed up {report.source} to {report.target} ({report.size / 1024:.0f} KB, integrity ok).")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tafelbot", description="A Discord bot that hosts tabletop games.")
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser(
        "simulate",
        help="play a whole game between computer players and save the pictures",
        description="Play a whole game between computer players (no Discord, no database) and write the "
        "picture after every move to a folder: move-0000.png is the start, then one per move.",
    )
    sim.add_argument("game", choices=GAME_KEYS, help="which game to play")
    sim.add_argument("--players", type=int, default=None, help="number of players (default: the game's minimum + 1)")
    sim.add_argument(
        "--seed",
        type=int,
        default=1,
        help="deals the cards and rolls the dice: the same seed plays the same game (default: 1)",
    )
    sim.add_argument(
        "--out", default="out", help="folder for the pictures (default: ./out); it must be empty, see --clear"
    )
    sim.add_argument(
        "--clear",
        action="store_true",
        help="first delete the pictures of an earlier simulate run in the --out folder (other files are never deleted)",
    )
    sim.add_argument("--gif", action="store_true", help="also write an animated replay.gif of the whole game")
    sim.add_argument(
        "--locale", default="en", choices=("en", "nl"), help="language of the words on the pictures (default: en)"
    )
    copy = sub.add_parser(
        "migrate-db",
        help="copy a whole database between SQLite and PostgreSQL (stop the bot first)",
        description="Copy every game, move log, result, rating and setting from SOURCE to the empty TARGET, "
        "then compare row counts and checksums. Each is a SQLite file path or a postgresql:// URL.",
    )
    copy.add_argument("source", help="the database to copy (e.g. data/tafelbot.sqlite3)")
    copy.add_argument("target", help="an empty database (e.g. postgresql://tafelbot@localhost/tafelbot)")
    bak = sub.add_parser("backup", help="copy the database to FILE (safe while the bot runs)")
    bak.add_argument("file", help="the copy to write (a new file)")
    bak.add_argument("--db", default=None, help="the database (default: $TAFELBOT_DB or data/tafelbot.sqlite3)")
    bak.add_argument("--force", action="store_true", help="replace FILE if it exists")
    sub.add_parser(
        "sync",
        help="send the command list to Discord now, even if unchanged, and exit",
        description="Send the slash commands to Discord (to TAFELBOT_DEV_GUILD if set, else globally) whether "
        "or not they changed since the last sync, then exit. The bot itself syncs at start-up only when they changed.",
    )
    sub.add_parser(
        "web",
        help="serve the web companion on its own (PostgreSQL; several may run behind a proxy)",
        description="Serve the read-only web pages (TAFELBOT_WEB_URL, TAFELBOT_WEB_PORT) from the PostgreSQL "
        "database in TAFELBOT_DB, learning of moves through LISTEN/NOTIFY. No DISCORD_TOKEN needed.",
    )
    args = parser.parse_args(argv)

    if args.command == "web":
        return web_command()

    if args.command == "backup":
        return backup_command(args.file, db=args.db, force=args.force)

    if args.command == "migrate-db":
        return migrate_db_command(args.source, args.target)

    if args.command == "simulate":
        from table.progress import ProgressBar
        from table.simulate import OutFolderInUse, prepare_out, simulate

        try:
            prepare_out(Path(args.out), clear=args.clear)
        except OutFolderInUse as error:
            print(f"tafelbot simulate: {error}", file=sys.stderr)
            return 2
        logging.basicConfig(level=logging.INFO, format="%(message)s")
        bar = ProgressBar(f"{args.game}: drawing")
        try:
            summary = simulate(
                args.game,
                players=args.players,
                seed=args.seed,
                out=Path(args.out),
                gif=args.gif,
                locale=args.locale,
                progress=bar.update,
            )
        finally:
            bar.close()
        print(summary)
        return 0
    try:
        config = load_config()
    except ConfigError as error:
        print(f"tafelbot: {error}", file=sys.stderr)
        return 2
    if args.command == "sync":
        return run(config, only_sync=True)
    return run(config)


def web_command(env: dict[str, str] | None = None) -> int:
    """``tafelbot web``: the pages served by a process of their own (PostgreSQL only)."""
    from web.serve import run_separate

    if env is None:
        env = environment()
    logging.basicConfig(
        level=env.get("TAFELBOT_LOG_LEVEL", "INFO").upper(), format="%(asctime)s %(levelname)-7s %(name)s: %(message)s"
    )
    processes = env.get("TAFELBOT_RENDER_PROCESSES", "auto").strip().lower()
    render_processes = int(processes) if processes.isdigit() else (1 if (os.cpu_count() or 1) > 1 else 0)
    try:
        config = web_config(env)
        run_loop(
            run_separate(env.get("TAFELBOT_DB", "data/tafelbot.sqlite3"), config, render_processes=render_processes)
        )
    except WebConfigError as error:
        print(f"tafelbot web: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


def migrate_db_command(source: str, target: str) -> int:
    from db import DatabaseTooNew, DatabaseUnavailable, StoreInUse
    from db.transfer import TransferError, migrate_db

    try:
        checks = asyncio.run(migrate_db(source, target))
    except (TransferError, StoreInUse, DatabaseTooNew, DatabaseUnavailable, OSError) as error:
        print(f"tafelbot migrate-db: {error}", file=sys.stderr)
        return 1
    for check in checks:
        print(f"{check.table:<16} {check.rows:>8} rows  sha256 {check.checksum[:16]}")
    print(f"Copied {sum(c.rows for c in checks)} rows; counts and checksums match.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

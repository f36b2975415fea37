"""Running the bot: the event loop, the database claimed and opened before Discord is reached
(and handed to the bot), stop signals, and the exit code for each way a run ends."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any, TypeVar

from startup.client import create_bot, open_store
from startup.config import Config
from startup.logs import setup_logging
from table.shards import ShardPlan
from web.config import WebConfig

T = TypeVar("T")

log = logging.getLogger("tafelbot")


def describe_shards(plan: ShardPlan) -> str:
    if plan.ids is not None:
        return f"shards {','.join(map(str, plan.ids))} of {plan.count}"
    if plan.count is not None:
        return f"all {plan.count} shards"
    return "every shard Discord recommends"


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
    try:
        if only_sync:
            return 0 if run_loop(_sync_only(config)) else 1
        run_loop(_run(config))
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


async def _sync_only(config: Config) -> bool:
    """``tafelbot sync``: logging in runs ``setup_hook``, which sends the commands; no gateway."""
    store = await open_store(config.database)
    try:
        bot = create_bot(config, store=store, only_sync=True)
        async with bot:
            await bot.login(config.token)
    finally:
        await store.close()
    return bool(bot.commands_synced)


STOP_SIGNALS = ("SIGTERM", "SIGINT")


async def _run(config: Config) -> None:
    """Run until Discord or a stop signal ends it. SIGTERM (systemd, container runtimes) and
    SIGINT (Ctrl-C) close the bot gracefully: no new actions, the ones in flight finished, the
    picture workers closed, then the database; then ``run`` returns 0."""
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
    store = None
    try:
        store = await open_store(config.database)
        bot = create_bot(config, store=store)
        async with bot:
            running = asyncio.create_task(bot.start(config.token), name="tafelbot")
            stopping = asyncio.create_task(stop.wait(), name="tafelbot stop signal")
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if stopping.done():
                log.info("stop signal received: finishing what is in flight and closing")
                await bot.close()
            else:
                stopping.cancel()
            await running
    finally:
        if store is not None:
            await store.close()
        for sig in installed:
            loop.remove_signal_handler(sig)

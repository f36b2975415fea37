"""Running the web companion: inside the bot (SQLite), or as ``tafelbot web`` on its own (PostgreSQL).

Inside the bot the app shares the bot's store, games, picture painter (and its cache: a board
Discord was shown is not drawn again for the page) and the table service's news of changed games.
On its own it opens the database itself, draws with its own painter, and hears of changes through
PostgreSQL's LISTEN (the bot sends NOTIFY after every committed change; ``db.web_data``). It keeps
nothing that another such process would need, so several can run behind one proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Callable
from typing import Any

from aiohttp import web

from db import Store, web_data
from table.clock import Clock
from table.news import GameNews
from table.pictures import Painter
from table.service import ActResult, TableService
from table.spec import GameSpec
from table.weblinks import WebLinks
from web.activity_config import ActivityConfig
from web.app import create_app
from web.config import WebConfig, WebConfigError
from web.signin import SignInSettings
from web.state import APP_KEY, WebApp, WebSettings

log = logging.getLogger("tafelbot.web")


class WebServer:
    """The app listening on a port; ``port`` is the one bound (useful with port 0 in tests)."""

    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.app = app
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    @property
    def state(self) -> WebApp:
        return self.app[APP_KEY]

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server = site._server  # the bound port, when 0 asked the system for a free one
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = sockets[0].getsockname()[1]
        log.info("web companion listening on %s:%s", self.host, self.port)

    async def close(self) -> None:
        if self._runner is not None:
            self.state.closing.set()
            await self._runner.cleanup()
            self._runner = None


def settings_of(config: WebConfig) -> WebSettings:
    return WebSettings(trust_forwarded=config.trust_forwarded)


def signin_of(config: WebConfig) -> SignInSettings | None:
    """Signing in with Discord, when the application's client id and secret are configured."""
    if not (config.signin and config.url and config.client_id and config.client_secret):
        return None
    return SignInSettings(config.url, config.client_id, config.client_secret, config.discord_url)


async def start_in_bot(
    config: WebConfig,
    store: Store,
    specs: dict[str, GameSpec],
    links: WebLinks,
    painter: Painter,
    news: GameNews,
    *,
    clock: Clock | None = None,
    settings: WebSettings | None = None,
    service: TableService | None = None,
    followed: Callable[[ActResult], None] | None = None,
    activity: ActivityConfig | None = None,
) -> WebServer:
    """The app in the bot's process, told of changes by the table service's news; moves from its
    pages go through the bot's ``service`` and ``followed`` starts what follows them."""
    app = create_app(
        store,
        specs,
        links,
        painter,
        clock=clock,
        settings=settings or settings_of(config),
        service=service,
        followed=followed,
        signin=signin_of(config),
        activity=activity,
    )
    server = WebServer(app, config.host, config.port)
    unsubscribe = news.subscribe(server.state.changed)

    async def stop_listening(_app: web.Application) -> None:
        unsubscribe()

    app.on_cleanup.append(stop_listening)
    await server.start()
    return server


class Notifier:
    """On PostgreSQL: every change the table service publishes goes out as NOTIFY, right after its
    transaction committed (in order of publishing, one at a time). In the bot: to the web
    processes. In a web process: its own moves to the pages (``news``), and to the bot
    (``channel=MOVES_CHANNEL``, told by ``tell``) so that Discord follows them."""

    def __init__(self, store: Store, news: GameNews | None = None, *, channel: str = web_data.CHANNEL) -> None:
        self.store = store
        self.channel = channel
        self._queue: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
        self._unsubscribe = news.subscribe(self.tell) if news is not None else (lambda: None)
        self._task = asyncio.create_task(self._run(), name=f"tafelbot NOTIFY {channel}")

    def tell(self, game_id: int, version: int) -> None:
        self._queue.put_nowait((game_id, version))

    async def _run(self) -> None:
        while True:
            game_id, version = await self._queue.get()
            try:
                await web_data.notify(self.store, game_id, version, channel=self.channel)
            except Exception:
                log.exception("could not NOTIFY the web of game %s v%s", game_id, version)

    async def idle(self) -> None:
        while not self._queue.empty():
            await asyncio.sleep(0)

    async def close(self) -> None:
        self._unsubscribe()
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)


def load_specs(games: Any) -> dict[str, GameSpec]:
    from table.registry import entry
    from table.spec import load_spec

    specs = {}
    for game in games:
        try:
            found = entry(game) if isinstance(game, str) else game
            specs[found.key] = load_spec(found)
        except Exception:
            log.exception("game %s could not be loaded; its pages are off", game)
    return specs


async def run_separate(
    database: str,
    config: WebConfig,
    *,
    render_processes: int = 0,
    games: Any = None,
    ready: asyncio.Event | None = None,
    activity: ActivityConfig | None = None,
) -> None:
    """``tafelbot web``: the app on its own, until SIGTERM or SIGINT."""
    from db.backend import is_postgres_url
    from table.clock import SystemClock
    from table.registry import GAME_KEYS

    if not is_postgres_url(database):
        raise WebConfigError(
            "tafelbot web runs on its own only with PostgreSQL (TAFELBOT_DB=postgresql://…). "
            "With SQLite the bot serves the pages itself when TAFELBOT_WEB_URL is set."
        )
    if not config.url:
        raise WebConfigError("TAFELBOT_WEB_URL is not set: the public address of the pages, used in links.")
    store = await Store.open(database)
    painter = Painter(render_processes)
    painter.start()
    clock = SystemClock()
    specs = load_specs(games or GAME_KEYS)
    links = WebLinks(store, config.url, clock=clock)
    # Moves from this process's pages are saved by its own table service (the game's version is
    # the lock between processes); its news goes to every web process's pages by NOTIFY, and each
    # move to the bot, which shows it on Discord and runs what follows (``table.web_moves``).
    service = TableService(store, specs, clock=clock)
    pages_told = Notifier(store, service.news)
    bot_told = Notifier(store, channel=web_data.MOVES_CHANNEL)
    app = create_app(
        store,
        specs,
        links,
        painter,
        clock=clock,
        settings=settings_of(config),
        service=service,
        followed=lambda result: bot_told.tell(result.row.id, result.row.version),
        signin=signin_of(config),
        activity=activity,
    )
    server = WebServer(app, config.host, config.port)
    state = server.state

    async def heard_again() -> None:
        state.watchers.everything_changed()

    listening = web_data.Listening(store, state.changed, heard_again)
    listening.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for name in ("SIGTERM", "SIGINT"):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not on Windows
            loop.add_signal_handler(getattr(signal, name), stop.set)
    try:
        await asyncio.wait_for(listening.listening.wait(), 30)
        await server.start()
        if ready is not None:
            ready.set()
        print(f"tafelbot web: serving {config.url} on {config.host}:{server.port} (pid {os.getpid()})", flush=True)
        await stop.wait()
    finally:
        await server.close()
        await listening.close()
        await pages_told.close()
        await bot_told.close()
        painter.close()
        await store.close()

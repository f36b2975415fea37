"""What every request of the web companion reads: the app's state (``WebApp``, kept on the
aiohttp application under ``APP_KEY``), its settings, the page's language, and the patterns of
the ids its addresses carry.

It imports none of the modules that serve requests (``web.lookups``, ``web.handlers``, ``web.play``,
``web.signin``, ``web.sessions``, ``web.activity``, ``web.app``): they all build on it.
"""

from __future__ import annotations

import asyncio
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import jinja2
from aiohttp import web

from db import GameRow, Store
from locales import LANGUAGES, tr
from table.clock import Clock
from table.service import ActResult, TableService
from table.spec import GameSpec
from table.weblinks import WebLinks
from web.limits import RequestBudget, StreamCount
from web.pages import Pages
from web.people import People
from web.plans import Plans
from web.watchers import Watchers

GAME_ID = r"[0-9]{1,18}"
SNOWFLAKE = r"[0-9]{1,19}"  # a Discord id: up to 2**63 - 1
TOKEN = r"[A-Za-z0-9_-]{1,64}"
LANG_COOKIE = "tafelbot_lang"


@dataclass
class WebSettings:
    heartbeat: float = 15.0  # seconds of the clock between comments on an idle stream
    coalesce: float = 0.2  # least seconds between two updates of one game (a burst is sent as one)
    retry_ms: int = 1000  # how soon a browser reconnects a dropped stream
    streams_per_address: int = 8
    streams_total: int = 10_000
    burst: float = 120  # requests an address may make at once ...
    per_second: float = 2.0  # ... and then on average
    # A signed-in person's own budget (``web.lookups.budget_of``), sized from what a player's page
    # asks for at full speed in the slowest path (their language not the table's, so no picture
    # is drawn for Discord first): at most 5 updates a second reach it (``coalesce``), each asking
    # for its part, the board and the hand (3 requests), plus their own taps (2 a second at one
    # decision every 0.5 s): 17 a second at the very most. 20 a second never refuses that; a
    # burst of 600 covers a page reloaded and a stream reconnecting on top. A person is a Discord
    # account signed in (a session cannot be made up), and moves have a budget of their own
    # (``web.sessions``), so this still stops a script, not a player.
    person_burst: float = 600
    person_per_second: float = 20.0
    trust_forwarded: bool = False  # behind a proxy: the address is the last of X-Forwarded-For


@dataclass
class WebApp:
    """Everything a request needs (kept on the aiohttp application)."""

    store: Store
    specs: dict[str, GameSpec]
    links: WebLinks
    pages: Pages
    clock: Clock
    settings: WebSettings
    budget: RequestBudget
    streams: StreamCount
    person_budget: RequestBudget = field(init=False)
    watchers: Watchers = field(init=False)
    templates: jinja2.Environment = field(init=False)
    closing: asyncio.Event = field(default_factory=asyncio.Event)
    people: People = field(default_factory=People)  # who is signed in; real sign-in replaces it
    # Moves from the page: the table service they go through (in the bot's process, the bot's own,
    # so a page and a Discord click share one lock), and what follows each saved one (Discord's
    # board, the computers, the next ping: the bot's aftermath, or a NOTIFY the bot hears).
    service: TableService | None = None
    followed: Callable[[ActResult], None] = lambda _result: None
    signin_on: bool = False  # pages offer signing in (web.signin wired in)
    plans: Plans = field(default_factory=Plans)  # seated players' plans of places to tap

    def __post_init__(self) -> None:
        self.templates = jinja2.Environment(
            loader=jinja2.PackageLoader("web", "templates"),
            autoescape=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
        )
        self.watchers = Watchers(self.live_update, coalesce=self.settings.coalesce)
        if self.service is None:  # a web process of its own saves through its own service
            self.service = TableService(self.store, self.specs, clock=self.clock)

    @property
    def table_service(self) -> TableService:
        assert self.service is not None  # set in __post_init__
        return self.service

    def changed(self, game_id: int, version: int) -> None:
        """News of a game (from the table service, or from PostgreSQL's LISTEN)."""
        self.watchers.changed(game_id, version)

    def render(self, template: str, lang: str, **context: Any) -> str:
        def t(msg_id: str, **args: Any) -> str:
            return tr(lang, msg_id, **args)

        return self.templates.get_template(template).render(t=t, lang=lang, **context)

    async def live_update(self, game_id: int, lang: str) -> tuple[int, bool, str]:
        """What a table page following ``game_id`` gets next: (version, over, the update's JSON)."""
        row = await self.pages.game(game_id)
        if row is None:
            return -1, True, ""
        page = await self.pages.table(row, lang)
        html = self.render(
            "live.html", lang, page=page, base=f"/t/{row.id}/{await self.links.table_token(row.id, row.guild_id)}"
        )
        data = {"version": row.version, "mark": news_mark(row), "over": page.over, "html": html}
        return row.version, page.over, json.dumps(data)


def news_mark(row: GameRow) -> str:
    """What a polling tab (``table.js``) sends back to ask whether there is news: the version, and
    the clock's own mark, since more time on the clock (a stand-still, a time bank) is news to the
    page without a new version. Made from the row alone, so asking stays one read."""
    clock = json.dumps([row.deadline_at, row.deadline], sort_keys=True, separators=(",", ":"))
    return f"{row.version}-{zlib.crc32(clock.encode()):08x}"


APP_KEY = web.AppKey("tafelbot_web", WebApp)
# Set by the Activity's routes (``web.activity``) on the pages they serve in Discord's frame: the
# application's id, which the page's script hands Discord's SDK to set it up again there.
INSIDE_DISCORD = web.RequestKey("tafelbot_inside_discord", str)


def web_app(request: web.Request) -> WebApp:
    return request.app[APP_KEY]


def inside_discord(request: web.Request) -> str | None:
    """The application's id when the page is served into Discord's frame (the Activity), else None."""
    return request.get(INSIDE_DISCORD)


def language(request: web.Request) -> str:
    """The page's language: ``?lang=``, else the switch's cookie, else the browser's preference."""
    chosen = request.query.get("lang") or request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    best, best_q = "en", -1.0
    for part in request.headers.get("Accept-Language", "").split(",")[:20]:
        tag, _, q = part.strip().partition(";q=")
        code = tag.strip().lower()[:2]
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        if code in LANGUAGES and weight > best_q:
            best, best_q = code, weight
    return best


__all__ = [
    "APP_KEY",
    "GAME_ID",
    "INSIDE_DISCORD",
    "LANG_COOKIE",
    "SNOWFLAKE",
    "TOKEN",
    "WebApp",
    "WebSettings",
    "inside_discord",
    "language",
    "news_mark",
    "web_app",
]

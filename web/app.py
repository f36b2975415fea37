"""The web companion: pages of a table, its replay and a server's tables and league. They are
read-only but for a signed-in player's own part of the table page (``web.play``: their hand and
their moves).

An aiohttp application (``create_app``) on the table platform and the store only; it never
imports the Discord side. Every address of a table holds a token (``table.weblinks``); a wrong
token answers exactly as a missing game does (404). Pages are Jinja2 templates with escaping on,
the scripts are files under ``/static/`` (the content security policy allows no inline script),
and a table page follows its game through one server-sent event stream.

Addresses::

    /t/<game>/<token>                     the table: board, whose turn, last lines, players
    /t/<game>/<token>/board/<version>.png  the board picture of that version (the current one)
    /t/<game>/<token>/events              the page's event stream (``Last-Event-ID``: a version)
    /t/<game>/<token>/live?v=<version>    instead of a stream (a tab without a stream slot): 204
                                          while the game is at that version, else the update
    /t/<game>/<token>/replay              every step again (``#move=N`` jumps to a step)
    /t/<game>/<token>/replay/<step>.png    a step's picture
    /t/<game>/<token>/play, /hand/<v>.png, POST /act   a seated player's own part (``web.play``)
    /s/<server>/<token>                   a server's running tables and league standings
    /seat/<n>.png                         a seat's marker (colour and shape) beside its name
    /static/...                           style sheet and scripts
    /healthz                              "ok" (for a proxy's health check)
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import math
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import jinja2
from aiohttp import web

from db import GameRow, Store
from locales import LANGUAGES, tr
from render.common import SEAT_SHAPES, seat_swatch
from table.clock import Clock, SystemClock
from table.pictures import Painter
from table.service import ActResult, TableService
from table.spec import GameSpec
from table.weblinks import WebLinks
from web.activity_config import ActivityConfig
from web.limits import RequestBudget, StreamCount, address_of
from web.pages import Pages
from web.people import People, Person
from web.plans import Plans
from web.sessions import SignedInPeople
from web.signin import SignInSettings, signin_for
from web.watchers import Stream, Watchers

log = logging.getLogger("tafelbot.web")

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
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
    plans: Plans = field(default_factory=Plans)  # seated players' places to tap, with their pictures

    def __post_init__(self) -> None:
        self.templates = jinja2.Environment(
            loader=jinja2.PackageLoader("web", "templates"),
            autoescape=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
        )
        self.watchers = Watchers(self._live_update, coalesce=self.settings.coalesce)
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

    async def _live_update(self, game_id: int, lang: str) -> tuple[int, bool, str]:
        row = await self.pages.game(game_id)
        if row is None:
            return -1, True, ""
        page = await self.pages.table(row, lang)
        html = self.render(
            "live.html", lang, page=page, base=f"/t/{row.id}/{await self.links.table_token(row.id, row.guild_id)}"
        )
        return row.version, page.over, json.dumps({"version": row.version, "over": page.over, "html": html})


APP_KEY = web.AppKey("tafelbot_web", WebApp)


def create_app(
    store: Store,
    specs: dict[str, GameSpec],
    links: WebLinks,
    painter: Painter,
    *,
    clock: Clock | None = None,
    settings: WebSettings | None = None,
    service: TableService | None = None,
    followed: Callable[[ActResult], None] | None = None,
    signin: SignInSettings | None = None,
    activity: ActivityConfig | None = None,
) -> web.Application:
    """The app. ``service``: the table service moves go through (the bot's own in its process; by
    default one of the app's own); ``followed``: told of every move saved here (``web.play``)."""
    from web import play  # its routes need this module's helpers: imported once this one is whole

    clock = clock or SystemClock()
    settings = settings or WebSettings()
    state = WebApp(
        store,
        specs,
        links,
        Pages(store, specs, painter, clock),
        clock,
        settings,
        RequestBudget(clock, burst=settings.burst, per_second=settings.per_second),
        StreamCount(per_address=settings.streams_per_address, total=settings.streams_total),
        service=service,
    )
    if followed is not None:
        state.followed = followed
    app = web.Application(middlewares=[_not_found_page, _limited])
    # aiohttp answers a malformed request (400) itself, before any route or middleware: only the
    # request's prepare hook sees that answer, so every request is one that secures its answer.
    app.__dict__["_make_request"] = functools.partial(app._make_request, _cls=_SecureRequest)
    app[APP_KEY] = state
    app.on_shutdown.append(_shutdown)
    app.cleanup_ctx.append(_heartbeats)
    app.add_routes(
        [
            web.get("/healthz", _health),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}", table_page),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/board/{{version:[0-9]{{1,18}}}}.png", board_png),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/events", events),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/live", live_poll),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/replay", replay_page),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/replay/{{step:[0-9]{{1,6}}}}.png", replay_png),
            *play.routes(GAME_ID, TOKEN),
            web.get(rf"/s/{{guild:{SNOWFLAKE}}}/{{token:{TOKEN}}}", server_page),
            web.get(rf"/seat/{{seat:[0-{len(SEAT_SHAPES) - 1}]}}.png", seat_png),
            web.static("/static", _static_folder(), append_version=False),
        ]
    )
    if signin is not None:
        inside_discord = (activity.origin,) if activity is not None else ()
        people = SignedInPeople(store, clock, public_url=signin.public_url, other_origins=inside_discord)
        flow = signin_for(people, signin)
        state.people, state.signin_on = people, True
        app.add_routes(flow.routes())
        app.cleanup_ctx.append(flow.http_session)
    if activity is not None:
        from web.activity import add_activity  # (it builds on this module's handlers)

        add_activity(app, activity)
    return app


def _static_folder() -> str:
    from pathlib import Path

    return str(Path(__file__).parent / "static")


def web_app(request: web.Request) -> WebApp:
    return request.app[APP_KEY]


async def _shutdown(app: web.Application) -> None:
    app[APP_KEY].closing.set()  # open streams end, so the server can stop
    await app[APP_KEY].watchers.close()


# ---- every answer secured, a missing page in the page's language ----------------------------------------
class _SecureRequest(web.Request):
    ATTRS = web.Request.ATTRS | frozenset(["gone"])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Set when the browser's connection is lost: a stream it closed (a hidden page) ends at
        # once instead of at its next write, so it stops counting against the address's streams.
        self.gone = asyncio.Event()

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        _secure(response)  # every answer: pages, pictures, streams, redirects, aiohttp's own 400s
        await super()._prepare_hook(response)

    def _cancel(self, exc: BaseException) -> None:
        super()._cancel(exc)
        self.gone.set()


@web.middleware
async def _not_found_page(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    try:
        return await handler(request)
    except web.HTTPNotFound:
        return _not_found(request)


def _secure(response: web.StreamResponse) -> None:
    # A page Discord may frame (``web.activity``) says who in its CSP; DENY would contradict it.
    framed = "frame-ancestors 'none'" not in response.headers.get("Content-Security-Policy", CSP)
    for name, value in SECURITY_HEADERS.items():
        if not (framed and name == "X-Frame-Options"):
            response.headers.setdefault(name, value)
    if response.content_type == "text/html":
        response.headers.setdefault("Cache-Control", "no-cache")


@web.middleware
async def _limited(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    if request.path.startswith(("/static/", "/seat/")) or request.path == "/healthz":
        return await handler(request)
    if _REPLAY_PNG.fullmatch(request.path) or _TAPS_PNG.fullmatch(request.path):
        return await handler(request)  # a replay's or a plan's picture is charged by its handler, only if drawn
    return _over_budget(request) or await handler(request)


_REPLAY_PNG = re.compile(rf"/t/{GAME_ID}/{TOKEN}/replay/[0-9]{{1,6}}\.png")
_TAPS_PNG = re.compile(rf"/t/{GAME_ID}/{TOKEN}/taps/[0-9]{{1,18}}/[a-z]{{1,8}}\.png")


def _over_budget(request: web.Request) -> web.Response | None:
    """A 429 (with the seconds to wait) once the address has spent its budget, else None."""
    app = web_app(request)
    wait = app.budget.take(address_of(request, trust_forwarded=app.settings.trust_forwarded))
    if wait <= 0:
        return None
    return web.Response(
        status=429,
        text=tr(language(request), "web-too-many"),
        headers={"Retry-After": str(max(1, math.ceil(wait)))},
    )


# ---- helpers ----------------------------------------------------------------------------------------------
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


def _page(request: web.Request, html: str) -> web.Response:
    response = web.Response(text=html, content_type="text/html", charset="utf-8")
    chosen = request.query.get("lang")
    if chosen in LANGUAGES:
        response.set_cookie(LANG_COOKIE, chosen, max_age=365 * 86400, path="/", samesite="Lax", httponly=True)
    return response


def _not_found(request: web.Request) -> web.Response:
    lang = language(request)
    html = web_app(request).render("notfound.html", lang, title=tr(lang, "web-not-found-title"))
    response = web.Response(status=404, text=html, content_type="text/html", charset="utf-8")
    return response


async def _table(request: web.Request) -> GameRow:
    """The game the address names, if its token is right; otherwise 404, the same either way."""
    app = web_app(request)
    row = await app.pages.game(int(request.match_info["gid"]))
    if row is None or not await app.links.table_token_ok(row.id, row.guild_id, request.match_info["token"]):
        raise web.HTTPNotFound()
    return row


def _png(data: bytes, *, immutable: bool) -> web.Response:
    cache = "private, max-age=31536000, immutable" if immutable else "private, no-cache"
    return web.Response(body=data, content_type="image/png", headers={"Cache-Control": cache})


def _base(request: web.Request) -> str:
    return f"/t/{request.match_info['gid']}/{request.match_info['token']}"


def _switch(request: web.Request) -> list[tuple[str, str, bool]]:
    """The language switch: (code, address, current) for each language."""
    lang = language(request)
    return [(code, f"{request.path}?lang={code}", code == lang) for code in LANGUAGES]


async def _who(request: web.Request) -> dict[str, Any] | None:
    """The header's sign-in part: None when signing in is off (the page is today's spectator page)."""
    app = web_app(request)
    if not app.signin_on:
        return None
    person: Person | None = await app.people.person(request)
    here = request.path
    return {"person": person, "signin": f"/signin?{urlencode({'next': here})}", "next": here}


def _personal(response: web.Response, who: dict[str, Any] | None) -> web.Response:
    """A page showing a signed-in person (their name, their session's CSRF token) is theirs
    alone: no cache, shared or not, keeps it."""
    if who is not None:
        response.headers["Cache-Control"] = "private, no-store"
        response.headers["Vary"] = "Cookie"
    return response


# ---- handlers ---------------------------------------------------------------------------------------------
async def _health(request: web.Request) -> web.Response:
    return web.Response(text="ok")


async def seat_png(request: web.Request) -> web.Response:
    """A seat's colour and shape beside its name (``render.common``: the board's own markers)."""
    picture = seat_swatch(int(request.match_info["seat"]))
    return web.Response(body=picture, content_type="image/png", headers={"Cache-Control": "public, max-age=86400"})


async def table_page(request: web.Request) -> web.Response:
    app = web_app(request)
    row = await _table(request)
    lang = language(request)
    page = await app.pages.table(row, lang)
    from web.play import page_panel

    who = await _who(request)
    # A seated player's own part (their hand, their moves); None for everyone else, whose page is
    # the spectator's page byte for byte.
    own = await page_panel(app, request, row, lang)
    html = app.render("table.html", lang, page=page, base=_base(request), switch=_switch(request), who=who, play=own)
    response = _personal(_page(request, html), who)
    if own is not None:
        response.headers["Cache-Control"] = "private, no-store"  # holds a hand: kept nowhere
    return response


async def board_png(request: web.Request) -> web.Response:
    app = web_app(request)
    row = await _table(request)
    if row.state is None:
        raise web.HTTPNotFound()
    if int(request.match_info["version"]) != row.version:
        # Only the current version is drawn here (older ones are the replay's): the newest instead.
        newest = f"{_base(request)}/board/{row.version}.png?lang={language(request)}"
        raise web.HTTPFound(newest, headers={"Cache-Control": "no-store"})
    return _png(await app.pages.board_picture(row, language(request)), immutable=True)


async def replay_page(request: web.Request) -> web.Response:
    app = web_app(request)
    row = await _table(request)
    if row.state is None:
        raise web.HTTPNotFound()
    lang = language(request)
    page = await app.pages.replay(row, lang)
    if not page.steps:  # a move log that does not even start to replay: nothing to step through
        raise web.HTTPNotFound()
    who = await _who(request)
    try:
        start = min(max(0, int(request.query.get("move", len(page.steps) - 1))), len(page.steps) - 1)
    except ValueError:
        start = len(page.steps) - 1
    html = app.render(
        "replay.html",
        lang,
        page=page,
        base=_base(request),
        switch=_switch(request),
        start=start,
        version=row.version,
        who=who,
    )
    return _personal(_page(request, html), who)


async def replay_png(request: web.Request) -> web.Response:
    app = web_app(request)
    step = int(request.match_info["step"])
    lang = language(request)  # the page's: a Dutch page shows Dutch boards
    try:
        row = await _table(request)
    except web.HTTPNotFound:
        return _over_budget(request) or _not_found(request)  # a wrong address costs as any page does
    # Stepping quickly asks for many pictures: one drawn already costs nothing, drawing one counts.
    picture = app.pages.drawn_replay_picture(row, step, lang) if row.state is not None else None
    if picture is None:
        refused = _over_budget(request)
        if refused is not None:
            return refused
        if row.state is not None:
            picture = await app.pages.replay_picture(row, step, lang)
    if picture is None:
        raise web.HTTPNotFound()
    # A step's picture never changes (the log only grows); a new secret changes the address.
    return _png(picture, immutable=True)


async def server_page(request: web.Request) -> web.Response:
    app = web_app(request)
    guild_id = int(request.match_info["guild"])
    if guild_id >= 2**63 or not await app.links.server_token_ok(guild_id, request.match_info["token"]):
        raise web.HTTPNotFound()
    lang = language(request)

    async def token_of(row: GameRow) -> str:
        return await app.links.table_token(row.id, row.guild_id)

    tables, standings = await app.pages.server(guild_id, lang, token_of)
    who = await _who(request)
    html = app.render(
        "server.html",
        lang,
        tables=tables,
        standings=standings,
        switch=_switch(request),
        title=tr(lang, "web-server-title"),
        who=who,
    )
    return _personal(_page(request, html), who)


_EVENT_ID = re.compile(r"[0-9]{1,18}")


async def live_poll(request: web.Request) -> web.Response:
    """What a stream would send, asked for once: a tab without a stream slot (``table.js``) asks
    every few seconds. Nothing new costs one read of the game's row and no page is built."""
    app = web_app(request)
    row = await _table(request)
    seen = request.query.get("v", "")
    if _EVENT_ID.fullmatch(seen) and int(seen) == row.version:
        return web.Response(status=204, headers={"Cache-Control": "no-store"})
    _version, _over, data = await app._live_update(row.id, language(request))
    return web.Response(text=data, content_type="application/json", headers={"Cache-Control": "no-store"})


async def events(request: web.Request) -> web.StreamResponse:
    """The table page's stream: an ``update`` event whenever the game changes (at once if it
    changed since the version the browser last saw), a comment as heartbeat while nothing does."""
    app = web_app(request)
    row = await _table(request)
    lang = language(request)
    seen_text = request.headers.get("Last-Event-ID") or request.query.get("v", "")
    seen = int(seen_text) if _EVENT_ID.fullmatch(seen_text) else -1
    address = address_of(request, trust_forwarded=app.settings.trust_forwarded)
    if not app.streams.enter(address):
        return web.Response(status=429, text=tr(lang, "web-too-many"), headers={"Retry-After": "10"})
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",  # nginx: pass each event on at once
        }
    )
    stream = Stream(response, lang, seen)
    # Watched before the first byte: a change from the moment the browser hears back is seen.
    app.watchers.add(row.id, stream)
    try:
        await response.prepare(request)
        await response.write(f"retry: {app.settings.retry_ms}\n\n".encode())
        await app.watchers.send(stream, await app.watchers.update(row.id, lang))  # what it missed
        if not stream.done.done():
            closing: asyncio.Future[Any] = asyncio.ensure_future(app.closing.wait())
            ends: set[asyncio.Future[Any]] = {stream.done, closing}
            if isinstance(request, _SecureRequest):
                ends.add(asyncio.ensure_future(request.gone.wait()))
            try:
                await asyncio.wait(ends, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for end in ends - {stream.done}:
                    end.cancel()
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    except Exception:
        log.exception("the event stream of game %s failed", row.id)
    finally:
        stream.finish()
        app.watchers.remove(row.id, stream)
        app.streams.leave(address)
    return response


async def _heartbeats(app: web.Application) -> AsyncIterator[None]:
    """One heartbeat for every stream, every ``heartbeat`` seconds of the app's clock."""
    state = app[APP_KEY]

    async def beat() -> None:
        tick = asyncio.Event()  # the clock's own: a fake clock sets it to say that time moved
        due = state.clock.now() + state.settings.heartbeat
        while True:
            left = due - state.clock.now()
            if left > 0:
                tick.clear()
                await state.clock.wait(tick, left)
                continue
            due = state.clock.now() + state.settings.heartbeat
            await state.watchers.heartbeat()

    task = asyncio.create_task(beat(), name="tafelbot web heartbeat")
    yield
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await state.watchers.close()


__all__ = ["APP_KEY", "WebApp", "WebSettings", "create_app", "language"]

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
    /t/<game>/<token>/events?v=<mark>     the page's event stream, from the news mark the page has
                                          (or ``Last-Event-ID``: a version)
    /t/<game>/<token>/live?v=<mark>       instead of a stream (a tab without a stream slot): 204
                                          while nothing changed since the news mark (version and
                                          clock, ``news_mark``), else the update
    /t/<game>/<token>/replay              every step again (``#move=N`` jumps to a step)
    /t/<game>/<token>/replay/<step>.png    a step's picture
    /t/<game>/<token>/play, /hand/<v>.png, POST /act   a seated player's own part (``web.play``)
    /s/<server>/<token>                   a server's running tables and league standings
    /me                                   "Your tables": a signed-in person's running tables
                                          (where signing in is set up; ``/signin``, ``/signout``)
    /seat/<n>.png                         a seat's marker (colour and shape) beside its name
    /static/...                           style sheet and scripts
    /healthz                              "ok" (for a proxy's health check)

Built of: ``web.state`` (what every request reads), ``web.secure`` (the headers of every
answer), ``web.lookups`` (a table's address checked, the request budget), ``web.handlers`` (the
read-only pages) and ``web.play``, ``web.signin`` and ``web.activity`` (a player's own part,
signing in, the page inside Discord). This module wires them together and nothing of the app
imports it back.
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import AsyncIterator, Awaitable, Callable

from aiohttp import web

from db import Store
from render.common import SEAT_SHAPES
from table.clock import Clock, SystemClock
from table.pictures import Painter
from table.service import ActResult, TableService
from table.spec import GameSpec
from table.weblinks import WebLinks
from web import play
from web.activity import add_activity
from web.activity_config import ActivityConfig
from web.handlers import (
    board_png,
    events,
    health,
    ladder_page,
    live_poll,
    my_tables,
    replay_page,
    replay_png,
    seat_png,
    server_page,
    table_page,
)
from web.limits import RequestBudget, StreamCount
from web.lookups import not_found, over_budget
from web.pages import Pages
from web.secure import SecureRequest, quiet_malformed_requests
from web.sessions import SignedInPeople
from web.signin import SignInSettings, signin_for
from web.state import APP_KEY, GAME_ID, SNOWFLAKE, TOKEN, WebApp, WebSettings


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
    state.person_budget = RequestBudget(clock, burst=settings.person_burst, per_second=settings.person_per_second)
    if followed is not None:
        state.followed = followed
    quiet_malformed_requests()
    app = web.Application(middlewares=[_not_found_page, _limited])
    # aiohttp answers a malformed request (400) itself, before any route or middleware: only the
    # request's prepare hook sees that answer, so every request is one that secures its answer.
    app.__dict__["_make_request"] = functools.partial(app._make_request, _cls=SecureRequest)
    app[APP_KEY] = state
    app.on_shutdown.append(_shutdown)
    app.cleanup_ctx.append(_heartbeats)
    app.add_routes(
        [
            web.get("/healthz", health),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}", table_page),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/board/{{version:[0-9]{{1,18}}}}.png", board_png),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/events", events),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/live", live_poll),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/replay", replay_page),
            web.get(rf"/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/replay/{{step:[0-9]{{1,6}}}}.png", replay_png),
            *play.routes(GAME_ID, TOKEN),
            web.get(rf"/s/{{guild:{SNOWFLAKE}}}/{{token:{TOKEN}}}", server_page),
            web.get(rf"/seat/{{seat:[0-{len(SEAT_SHAPES) - 1}]}}.png", seat_png),
            web.get("/ladder", ladder_page),
            web.static("/static", _static_folder(), append_version=False),
        ]
    )
    if signin is not None:
        inside_discord = (activity.origin,) if activity is not None else ()
        people = SignedInPeople(
            store, clock, public_url=signin.public_url, other_origins=inside_discord, partitioned=activity is not None
        )
        flow = signin_for(people, signin)
        state.people, state.signin_on = people, True
        app.add_routes([*flow.routes(), web.get("/me", my_tables)])
        app.cleanup_ctx.append(flow.http_session)
    if activity is not None:
        add_activity(app, activity)
    return app


def _static_folder() -> str:
    from pathlib import Path

    return str(Path(__file__).parent / "static")


async def _shutdown(app: web.Application) -> None:
    app[APP_KEY].closing.set()  # open streams end, so the server can stop
    await app[APP_KEY].watchers.close()


# ---- a missing page in the page's language, the request budget --------------------------------------------
@web.middleware
async def _not_found_page(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    try:
        return await handler(request)
    except web.HTTPNotFound:
        return not_found(request)


@web.middleware
async def _limited(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    if request.path.startswith(("/static/", "/seat/")) or request.path == "/healthz":
        return await handler(request)
    if _FREE_WHEN_DRAWN.fullmatch(request.path):
        # A replay's, a board's or a hand's picture is charged by its handler, only if drawn.
        return await handler(request)
    return await over_budget(request) or await handler(request)


_FREE_WHEN_DRAWN = re.compile(rf"/t/{GAME_ID}/{TOKEN}/(replay/[0-9]{{1,6}}|(board|hand)/[0-9]{{1,18}})\.png")


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


__all__ = ["create_app"]

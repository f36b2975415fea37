"""The pages and pictures of the web companion's read-only addresses (routed by ``web.app``):
a table, its board picture, its event stream and its polling stand-in, its replay and the
replay's pictures, a server's page and the seats' markers. A seated player's own part of the
table page comes from ``web.play``.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from db import GameRow
from locales import LANGUAGES, tr
from render.common import seat_swatch
from web.lookups import base_of, game_of, not_found, over_budget, payer_of
from web.people import Person
from web.play import page_panel
from web.secure import SecureRequest
from web.state import LANG_COOKIE, inside_discord, language, news_mark, web_app
from web.watchers import Stream

log = logging.getLogger("tafelbot.web")


def _page(request: web.Request, html: str) -> web.Response:
    response = web.Response(text=html, content_type="text/html", charset="utf-8")
    chosen = request.query.get("lang")
    if chosen in LANGUAGES:
        response.set_cookie(LANG_COOKIE, chosen, max_age=365 * 86400, path="/", samesite="Lax", httponly=True)
    return response


def _png(data: bytes, *, immutable: bool) -> web.Response:
    cache = "private, max-age=31536000, immutable" if immutable else "private, no-cache"
    return web.Response(body=data, content_type="image/png", headers={"Cache-Control": cache})


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
async def health(request: web.Request) -> web.Response:
    return web.Response(text="ok")


async def seat_png(request: web.Request) -> web.Response:
    """A seat's colour and shape beside its name (``render.common``: the board's own markers)."""
    picture = seat_swatch(int(request.match_info["seat"]))
    return web.Response(body=picture, content_type="image/png", headers={"Cache-Control": "public, max-age=86400"})


async def table_page(request: web.Request) -> web.Response:
    app = web_app(request)
    row = await game_of(request)
    lang = language(request)
    page = await app.pages.table(row, lang)
    who = await _who(request)
    # A seated player's own part (their hand, their moves); None for everyone else, whose page is
    # the spectator's page byte for byte.
    own = await page_panel(app, request, row, lang)
    html = app.render(
        "table.html",
        lang,
        page=page,
        mark=news_mark(row),
        base=base_of(request),
        switch=_switch(request),
        who=who,
        play=own,
        inside_discord=inside_discord(request),
    )
    response = _personal(_page(request, html), who)
    if own is not None:
        response.headers["Cache-Control"] = "private, no-store"  # holds a hand: kept nowhere
    return response


async def board_png(request: web.Request) -> web.Response:
    """The board of the stored version. One drawn already costs no request budget (a player's
    page loads it with every move, and its plan of taps was made from it); drawing one does."""
    app = web_app(request)
    try:
        row = await game_of(request)
    except web.HTTPNotFound:
        return await over_budget(request) or not_found(request)  # a wrong address costs as any page does
    lang = language(request)
    version = int(request.match_info["version"])
    # A plan shown a moment ago (the game moved on since) keeps its board while it is drawn.
    picture = app.pages.drawn_board(row, version, lang) if row.state is not None else None
    if picture is None:
        refused = await over_budget(request)
        if refused is not None:
            return refused
        if row.state is None:
            raise web.HTTPNotFound()
        if version != row.version:
            # Only the current version is drawn here (older ones are the replay's): the newest instead.
            newest = f"{base_of(request)}/board/{row.version}.png?lang={lang}"
            raise web.HTTPFound(newest, headers={"Cache-Control": "no-store"})
        picture = await app.pages.board_picture(row, lang)
    return _png(picture, immutable=True)


async def replay_page(request: web.Request) -> web.Response:
    app = web_app(request)
    row = await game_of(request)
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
        base=base_of(request),
        switch=_switch(request),
        start=start,
        version=row.version,
        who=who,
        inside_discord=inside_discord(request),
    )
    return _personal(_page(request, html), who)


async def replay_png(request: web.Request) -> web.Response:
    app = web_app(request)
    step = int(request.match_info["step"])
    lang = language(request)  # the page's: a Dutch page shows Dutch boards
    try:
        row = await game_of(request)
    except web.HTTPNotFound:
        return await over_budget(request) or not_found(request)  # a wrong address costs as any page does
    # Stepping quickly asks for many pictures: one drawn already costs nothing, drawing one counts.
    picture = app.pages.drawn_replay_picture(row, step, lang) if row.state is not None else None
    if picture is None:
        refused = await over_budget(request)
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


async def ladder_page(request: web.Request) -> web.Response:
    """``/ladder``: the ladder that travels, every game's ratings across servers (public: the
    names are those the people chose to be seen with, never an id)."""
    app = web_app(request)
    lang = language(request)
    who = await _who(request)
    games = await app.pages.ladder(lang)
    html = app.render(
        "ladder.html", lang, games=games, switch=_switch(request), title=tr(lang, "web-ladder-title"), who=who
    )
    return _personal(_page(request, html), who)


async def my_tables(request: web.Request) -> web.Response:
    """``/me``: the running tables where the signed-in person sits, in every server, their own
    moves first, each a link to its table page (where they play). Signed out: how to see them."""
    app = web_app(request)
    lang = language(request)
    who = await _who(request)
    person = who["person"] if who is not None else None
    tables = []
    if person is not None:

        async def token_of(row: GameRow) -> str:
            return await app.links.table_token(row.id, row.guild_id)

        tables = await app.pages.mine(person.user_id, lang, token_of)
    footer = "web-footer-player" if person is not None else "web-footer"
    title = tr(lang, "web-mine-title")
    html = app.render("mine.html", lang, tables=tables, switch=_switch(request), title=title, who=who, footer=footer)
    return _personal(_page(request, html), who)


_EVENT_ID = re.compile(r"[0-9]{1,18}")
_SHOWN = re.compile(r"([0-9]{1,18})(-[0-9a-f]{8})?")  # a version, or a news mark


async def live_poll(request: web.Request) -> web.Response:
    """What a stream would send, asked for once: a tab without a stream slot (``table.js``) asks
    every few seconds with the news mark it has (``news_mark``; a bare version from a page loaded
    before marks came). Nothing new costs one read of the game's row and no page is built."""
    app = web_app(request)
    row = await game_of(request)
    seen = request.query.get("v", "")
    if seen == news_mark(row) or (_EVENT_ID.fullmatch(seen) and int(seen) == row.version):
        return web.Response(status=204, headers={"Cache-Control": "no-store"})
    _version, _over, data = await app.live_update(row.id, language(request))
    return web.Response(text=data, content_type="application/json", headers={"Cache-Control": "no-store"})


async def events(request: web.Request) -> web.StreamResponse:
    """The table page's stream: an ``update`` event whenever the game changes (at once if it
    changed since the version the browser last saw), a comment as heartbeat while nothing does."""
    app = web_app(request)
    row = await game_of(request)
    lang = language(request)
    seen_text = request.headers.get("Last-Event-ID") or request.query.get("v", "")
    # A version (an event's id), or the page's news mark (``news_mark``: its version and clock).
    shown = _SHOWN.fullmatch(seen_text)
    seen = int(shown[1]) if shown else -1
    mark = seen_text if shown and shown[2] else None
    address = await payer_of(request)  # a signed-in person's own slots (Discord's proxy: one address)
    if not app.streams.enter(address):
        return web.Response(status=429, text=tr(lang, "web-too-many"), headers={"Retry-After": "10"})
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",  # nginx: pass each event on at once
        }
    )
    stream = Stream(response, lang, seen, mark=mark)
    # Watched before the first byte: a change from the moment the browser hears back is seen.
    app.watchers.add(row.id, stream)
    try:
        await response.prepare(request)
        await response.write(f"retry: {app.settings.retry_ms}\n\n".encode())
        await app.watchers.send(stream, await app.watchers.update(row.id, lang))  # what it missed
        if not stream.done.done():
            closing: asyncio.Future[Any] = asyncio.ensure_future(app.closing.wait())
            ends: set[asyncio.Future[Any]] = {stream.done, closing}
            if isinstance(request, SecureRequest):
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


__all__ = [
    "board_png",
    "events",
    "health",
    "live_poll",
    "replay_page",
    "replay_png",
    "seat_png",
    "server_page",
    "table_page",
]

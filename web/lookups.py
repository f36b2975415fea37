"""What a table's addresses are checked against, for every module serving them (``web.handlers``,
``web.play``, the middlewares of ``web.app``): the game and its token, the table's base address,
the request budget (whose it is: ``payer_of``), and the page a missing one gets.
"""

from __future__ import annotations

import math

from aiohttp import web

from db import GameRow
from locales import tr
from web.limits import RequestBudget, address_of
from web.state import WebApp, language, web_app

PERSON = "person:"  # a payer that is a signed-in person (an address never starts so)


async def payer_of(request: web.Request) -> str:
    """Whose request budget and stream slots a request spends: a signed-in person's own, else its
    address's. Inside Discord's Activity everyone reaches us through Discord's proxy, which hides
    their addresses (Discord's networking guide) and documents no header naming them: per address
    they would all share one budget. A session is something the client cannot make up, so it
    stands for the person; a forged or stale cookie finds no session and pays per address."""
    app = web_app(request)
    person = await app.people.person(request)  # looked up once per request (the page reuses it)
    if person is not None:
        return f"{PERSON}{person.user_id}"  # all their sessions together, as their changes are
    return address_of(request, trust_forwarded=app.settings.trust_forwarded)


def budget_of(app: WebApp, payer: str) -> RequestBudget:
    """A signed-in person's budget is sized for a player at full speed (``WebSettings.person_burst``);
    an address's, for pages read without signing in."""
    return app.person_budget if payer.startswith(PERSON) else app.budget


async def over_budget(request: web.Request) -> web.Response | None:
    """A 429 (with the seconds to wait) once the payer (``payer_of``) has spent its budget, else None."""
    app = web_app(request)
    payer = await payer_of(request)
    wait = budget_of(app, payer).take(payer)
    if wait <= 0:
        return None
    return web.Response(
        status=429,
        text=tr(language(request), "web-too-many"),
        headers={"Retry-After": str(max(1, math.ceil(wait)))},
    )


def not_found(request: web.Request) -> web.Response:
    lang = language(request)
    html = web_app(request).render("notfound.html", lang, title=tr(lang, "web-not-found-title"))
    response = web.Response(status=404, text=html, content_type="text/html", charset="utf-8")
    return response


async def game_of(request: web.Request) -> GameRow:
    """The game the address names, if its token is right; otherwise 404, the same either way."""
    app = web_app(request)
    row = await app.pages.game(int(request.match_info["gid"]))
    if row is None or not await app.links.table_token_ok(row.id, row.guild_id, request.match_info["token"]):
        raise web.HTTPNotFound()
    return row


def base_of(request: web.Request) -> str:
    return f"/t/{request.match_info['gid']}/{request.match_info['token']}"


__all__ = ["base_of", "budget_of", "game_of", "not_found", "over_budget", "payer_of"]

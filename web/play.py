"""Playing on the table page: a signed-in player's own view and moves, and the route that plays them.

Only a seated person (``WebApp.people``) ever gets any of this; everyone else gets the spectator
page as it always was. What a player sees here is what Discord's ephemeral controls show: the
picture of ``view(state, seat)`` (the hand, where the game has one), whose turn it is, and one
entry per legal action with the label Discord gives its button (``action_label``, in the page's
language). Each entry is a small form (POST, the session's CSRF token, the version the page
showed), so a move works without script; ``/static/play.js`` sends the same form by fetch and
puts the answer in place.

A move goes through the same ``TableService.act`` as a Discord click (the same lock, the same
compare-and-set on the version, the same refusals in the same words: ``table.text.error_text``),
and what follows it is handed to ``WebApp.followed``: in the bot's process the table platform's
aftermath (Discord's board, the computers, the next ping, as if the move came from Discord); in
a separate ``tafelbot web`` process a NOTIFY the bot listens for (``web.serve``).

Addresses (besides the table page)::

    /t/<game>/<token>/play                  the player's part of the page (JSON, for play.js)
    /t/<game>/<token>/hand/<version>.png    the player's own picture (never cached publicly)
    /t/<game>/<token>/taps/<version>/<board|hand>.png   the pictures of the player's plan of taps
    POST /t/<game>/<token>/act              play an action (form fields csrf, version, action)
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from aiohttp import web

from db import GameRow, GameStatus
from engines.errors import GameError
from locales import tr
from table.alt_text import hand_description, plain
from table.controls import grouped
from table.levels import picture_names
from table.picture_cache import PictureKey
from table.service import TableError
from table.text import error_text, who
from web.lookups import base_of, game_of, over_budget
from web.people import Person
from web.plans import PICTURES, Drawn, draw, for_page
from web.state import WebApp, language, web_app

log = logging.getLogger("tafelbot.web")

PRIVATE = "private, no-store"  # a player's own answers: never kept by a shared cache, nor by the browser
MAX_ACTION = 100  # an action is a short string (it fits a button's custom_id)
# Refusals a plain form (no script) is sent back to the page with: the page says them in its own
# language. Each is a text without parameters; anything else is said as the general "not legal now".
FORM_REFUSALS = {
    "board-moved-on": "table-error-board-moved-on",
    "not-running": "table-error-not-running",
    "not-a-player": "table-error-not-a-player",
    "too-late": "table-error-too-late",
    "illegal": "error-illegal",
    "not-your-turn": "error-not-your-turn",
    "bad-action": "error-bad-action",
    "game-over": "error-game-over",
}


@dataclass(frozen=True)
class Move:
    action: str
    label: str


@dataclass
class PlayPanel:
    """What one seated player sees of their own: plain data for ``play.html``."""

    seat: int
    version: int
    csrf: str
    hand: bool  # the game draws a hand picture (``Extras.HAND``)
    hand_alt: str
    lines: list[str] = field(default_factory=list)  # your move / waiting for …
    groups: list[tuple[str, list[Move]]] = field(default_factory=list)  # ("", moves) when ungrouped
    note: str = ""  # the answer to the last move sent without script
    ask: Move | None = None  # an action that asks "are you sure?" first (``asks_confirmation``)


def seats_of(row: GameRow, user_id: int) -> list[int]:
    """The seats a person plays themselves (not handed to the computer)."""
    return [i for i, seat in enumerate(row.seats) if seat.user_id == user_id and not seat.computer]


def seat_for(row: GameRow, to_move: AbstractSet[int], user_id: int) -> int | None:
    """The seat the page shows a person: one whose turn it is, else their first; None if none."""
    seats = seats_of(row, user_id)
    return next((s for s in seats if s in to_move), seats[0] if seats else None)


async def player(app: WebApp, request: web.Request, row: GameRow) -> tuple[Person, int] | None:
    """The signed-in person and their seat at this table, or None (a spectator)."""
    if row.state is None:
        return None
    person = await app.people.person(request)
    if person is None:
        return None
    to_move = app.specs[row.game].engine.to_move(_state(app, row)) if row.status == GameStatus.ACTIVE else set()
    seat = seat_for(row, to_move, person.user_id)
    return None if seat is None else (person, seat)


def _state(app: WebApp, row: GameRow) -> Any:
    return app.table_service.state_of(row)


def panel(
    app: WebApp, row: GameRow, seat: int, person: Person, lang: str, *, note: str = "", ask: str = ""
) -> PlayPanel:
    """The player's part of the page for ``seat`` at the stored version of ``row``."""
    spec = app.specs[row.game]
    engine = spec.engine
    state = _state(app, row)
    own = engine.view(state, seat)
    to_move = engine.to_move(state) if row.status == GameStatus.ACTIVE else frozenset()
    found = PlayPanel(seat, row.version, person.csrf, spec.render_hand is not None, "", note=note)
    if seat in to_move:
        legal = engine.legal_actions(state, seat)
        if ask and ask in legal and engine.asks_confirmation(ask):
            found.ask = Move(ask, spec.action_label(own, ask, locale=lang))
        group_of = spec.action_group
        for name, moves in grouped(
            legal,
            lambda a: spec.action_label(own, a, locale=lang),
            (lambda a: group_of(own, a, locale=lang)) if group_of else None,
        ):
            found.groups.append((name, [Move(a, text) for a, text in moves]))
        found.lines.append(tr(lang, "controls-your-turn"))
    elif to_move:
        waiting = who(row.seats, sorted(to_move), mention=False, lang=lang)
        found.lines.append(plain(tr(lang, "controls-waiting", players=waiting)))
    if found.hand:
        public = engine.view(state, None)
        found.hand_alt = hand_description(lang, row.game, own, public, found.lines, card_namer=spec.card_name)
    return found


def render_panel(app: WebApp, found: PlayPanel, lang: str, base: str) -> str:
    return app.render("play.html", lang, play=found, base=base)


# ---- routes -----------------------------------------------------------------------------------------
async def _seated(request: web.Request) -> tuple[WebApp, GameRow, Person, int]:
    """The table (token checked: 404 as the GET routes) and the signed-in player's seat at it;
    404 for anyone not seated there, so the address tells a stranger nothing."""
    app = web_app(request)
    row = await game_of(request)
    found = await player(app, request, row)
    if found is None:
        raise web.HTTPNotFound()
    return app, row, found[0], found[1]


async def play_part(request: web.Request) -> web.Response:
    """The player's part of the page as it stands now (play.js asks after each update)."""
    app, row, person, seat = await _seated(request)
    lang = language(request)
    ask = str(request.query.get("ask", ""))[:MAX_ACTION]
    html = render_panel(app, panel(app, row, seat, person, lang, ask=ask), lang, base_of(request))
    plan = await seat_plan(app, request, row, seat, lang)
    return _private_json({"version": row.version, "html": html, "plan": plan})


async def _drawn(app: WebApp, row: GameRow, seat: int, lang: str) -> Drawn | None:
    """The seat's plan of taps and its pictures at the stored version, drawn once; None when the
    game has no places to tap or the seat has no move now."""
    spec = app.specs[row.game]
    if spec.action_spots is None or row.state is None or row.status != GameStatus.ACTIVE:
        return None
    state = _state(app, row)
    if seat not in spec.engine.to_move(state):
        return None
    names = picture_names(lang, row.seats)
    key = _plan_key(row, row.version, seat, lang)

    async def drawing() -> Drawn:
        legal = list(spec.engine.legal_actions(state, seat))
        view = spec.engine.view(state, seat)
        found: Drawn = await app.pages.painter.compute(draw, row.game, view, legal, lang, names)
        return found

    return await app.plans.get_or_draw(key, drawing)


def _plan_key(row: GameRow, version: int, seat: int, lang: str) -> tuple[object, ...]:
    return ("taps", row.id, version, seat, lang, tuple(picture_names(lang, row.seats)))


async def seat_plan(app: WebApp, request: web.Request, row: GameRow, seat: int, lang: str) -> dict[str, Any] | None:
    """The plan as play.js gets it (only ever in an answer to this seat's person)."""
    drawn = await _drawn(app, row, seat, lang)
    if drawn is None:
        return None
    base = base_of(request)
    return for_page(drawn[0], row.version, lambda name: f"{base}/taps/{row.version}/{name}.png?lang={lang}")


async def taps_png(request: web.Request) -> web.Response:
    """A picture of the player's plan: the very bytes whose spots the plan recorded."""
    app, row, _person, seat = await _seated(request)
    lang = language(request)
    version = int(request.match_info["version"])
    # A plan shown a moment ago (the game moved on since) keeps its pictures while it is kept.
    drawn = app.plans.drawn(_plan_key(row, version, seat, lang))
    if drawn is None and version == row.version:
        refused = await over_budget(request)  # kept pictures are free: the plan's request paid for them
        if refused is not None:
            return refused
        drawn = await _drawn(app, row, seat, lang)
    picture = None if drawn is None else drawn[1].get(request.match_info["name"])
    if picture is None:
        raise web.HTTPNotFound(headers={"Cache-Control": PRIVATE})
    return web.Response(body=picture, content_type="image/png", headers={"Cache-Control": PRIVATE})


async def hand_png(request: web.Request) -> web.Response:
    """The player's own picture of that version (the current one): checked again for this person."""
    app, row, person, seat = await _seated(request)
    spec = app.specs[row.game]
    if spec.render_hand is None:
        raise web.HTTPNotFound()
    lang = language(request)
    if int(request.match_info["version"]) != row.version:
        raise web.HTTPFound(
            f"{base_of(request)}/hand/{row.version}.png?lang={lang}", headers={"Cache-Control": PRIVATE}
        )
    view = spec.engine.view(_state(app, row), seat)
    names = picture_names(lang, row.seats)
    renderer = spec.render_hand
    # The bot's own cache key (``Presenter.picture``): a hand Discord showed is not drawn again.
    key = PictureKey(row.id, row.version, seat, lang, f"{renderer.__module__}.{renderer.__qualname__}", tuple(names))
    picture = await app.pages.painter.paint(renderer, view, key=key, names=names, locale=lang)
    return web.Response(body=picture, content_type="image/png", headers={"Cache-Control": PRIVATE})


async def act(request: web.Request) -> web.StreamResponse:
    """Play one action for the signed-in player: the change check first (origin, CSRF), then the
    table service exactly as a Discord click; what follows goes to ``WebApp.followed``."""
    app = web_app(request)
    row = await game_of(request)
    wants_json = "application/json" in request.headers.get("Accept", "")
    person = await app.people.check_change(request, await app.people.person(request))
    lang = language(request)
    form = await request.post()
    action = str(form.get("action", "")).strip()
    version_text = str(form.get("version", ""))
    sure = str(form.get("sure", "")) == "1"
    if not action or len(action) > MAX_ACTION or not action.isprintable() or not version_text.isdigit():
        return _refused(
            request, wants_json, lang, row.game, GameError("That is not a move in this game.", "bad-action")
        )
    version = int(version_text)
    seats = seats_of(row, person.user_id)
    if not seats:
        return _refused(request, wants_json, lang, row.game, TableError("not-a-player"))
    spec = app.specs[row.game]
    state = _state(app, row) if row.state is not None else None  # decoded once for this request
    if not sure and row.version == version and state is not None and spec.engine.asks_confirmation(action):
        # As Discord does: an action that ends something for good asks once first.
        shown = seat_for(row, spec.engine.to_move(state), person.user_id)
        label = spec.action_label(spec.engine.view(state, shown), action, locale=lang)
        question = plain(tr(lang, "controls-sure", action=label))
        if wants_json:
            return _private_json({"ok": False, "ask": action, "text": question, "version": row.version})
        raise web.HTTPSeeOther(f"{base_of(request)}?ask={_quoted(action)}#play", headers={"Cache-Control": PRIVATE})
    # A person holding several seats (tests, hot-seat tables) plays the one whose turn it is.
    seat = None
    if len(seats) > 1 and state is not None and row.status == GameStatus.ACTIVE:
        seat = seat_for(row, spec.engine.to_move(state), person.user_id)
    try:
        result = await app.table_service.act(
            row.id, seat=seat, user_id=person.user_id, action=action, expected_version=version
        )
    except (TableError, GameError) as error:
        return _refused(request, wants_json, lang, row.game, error)
    try:
        app.followed(result)  # durable now: Discord's board and the computers follow regardless
    except Exception:
        log.exception("what follows web move in game %s (v%s) could not start", row.id, result.row.version)
    if not wants_json:
        raise web.HTTPSeeOther(f"{base_of(request)}?played=1#play", headers={"Cache-Control": PRIVATE})
    saved = result.row
    shown = seat_for(saved, spec.engine.to_move(result.state), person.user_id)
    now_seat = result.seat if shown is None else shown
    fresh = panel(app, saved, now_seat, person, lang)
    fresh.note = tr(lang, "played-ok")
    return _private_json(
        {
            "ok": True,
            "version": saved.version,
            "text": fresh.note,
            "html": render_panel(app, fresh, lang, base_of(request)),
            "plan": await seat_plan(app, request, saved, now_seat, lang),
        }
    )


def _refused(request: web.Request, wants_json: bool, lang: str, game: str, error: Exception) -> web.Response:
    """A refusal in the words Discord uses; nothing was changed."""
    code = getattr(error, "code", "")
    if wants_json:
        status = {"bad-action": 400, "not-a-player": 403}.get(code, 409)
        return _private_json({"ok": False, "code": code, "text": said(error_text(lang, game, error))}, status=status)
    known = code if code in FORM_REFUSALS else "illegal"
    raise web.HTTPSeeOther(f"{base_of(request)}?refused={known}#play", headers={"Cache-Control": PRIVATE})


_DISCORD_ESCAPE = re.compile(r"\\([^\w\s])")


def said(text: str) -> str:
    """A text made for Discord as plain text for the page: no markdown, no escaping backslashes
    (what a user typed comes back as typed; the page escapes it as HTML, play.js sets it as text)."""
    return _DISCORD_ESCAPE.sub(r"\1", plain(text))


def form_note(lang: str, query: Any) -> str:
    """The answer a plain form's move came back with (``?played=1``, ``?refused=<code>``)."""
    if query.get("played") == "1":
        return tr(lang, "played-ok")
    refused = FORM_REFUSALS.get(str(query.get("refused", "")))
    return plain(tr(lang, refused)) if refused else ""


def _quoted(action: str) -> str:
    return quote(action, safe="")


def _private_json(data: dict[str, Any], status: int = 200) -> web.Response:
    return web.Response(
        text=json.dumps(data), status=status, content_type="application/json", headers={"Cache-Control": PRIVATE}
    )


async def page_panel(app: WebApp, request: web.Request, row: GameRow, lang: str) -> PlayPanel | None:
    """The player's part of the table page, or None for a spectator (who gets today's page)."""
    found = await player(app, request, row)
    if found is None:
        return None
    person, seat = found
    ask = str(request.query.get("ask", ""))[:MAX_ACTION]
    return panel(app, row, seat, person, lang, note=form_note(lang, request.query), ask=ask)


def routes(gid: str, token: str) -> list[web.RouteDef]:
    base = rf"/t/{{gid:{gid}}}/{{token:{token}}}"
    return [
        web.get(f"{base}/play", play_part),
        web.get(rf"{base}/hand/{{version:[0-9]{{1,18}}}}.png", hand_png),
        web.post(f"{base}/act", act),
        web.get(rf"{base}/taps/{{version:[0-9]{{1,18}}}}/{{name:{'|'.join(PICTURES)}}}.png", taps_png),
    ]

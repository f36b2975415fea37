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
    POST /t/<game>/<token>/act              play an action (form fields csrf, version, action)
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from aiohttp import web

from db import GameRow, GameStatus
from engines.errors import GameError
from locales import tr
from render.taps import sized
from table import takeback
from table.alt_text import hand_description, plain
from table.controls import grouped
from table.levels import picture_names
from table.picture_cache import PictureKey
from table.service import ActResult, TableError
from table.spec import GameSpec
from table.text import error_text, who
from web.lookups import base_of, game_of, not_found, over_budget
from web.people import Person
from web.plans import Plan, for_page, plan_of
from web.state import WebApp, language, web_app

log = logging.getLogger("tafelbot.web")

PRIVATE = "private, no-store"  # a player's own answers: never kept by a shared cache, nor by the browser
MAX_ACTION = 100  # an action is a short string (it fits a button's custom_id)
# Refusals a plain form (no script) is sent back to the page with: the page says them in its own
# language. Each is a text without parameters; anything else is said as the general "not legal now".
FORM_REFUSALS = {
    "board-moved-on": "web-play-board-moved-on",
    "not-running": "table-error-not-running",
    "not-a-player": "table-error-not-a-player",
    "too-late": "table-error-too-late",
    "illegal": "error-illegal",
    "not-your-turn": "error-not-your-turn",
    "bad-action": "error-bad-action",
    "game-over": "error-game-over",
    "takeback-nothing": "table-error-takeback-nothing",
    "takeback-not-allowed": "table-error-takeback-not-allowed",
    "takeback-not-your-turn": "table-error-takeback-not-your-turn",
    "takeback-none": "table-error-takeback-none",
}


DONE_NOTES = {"played": "played-ok", "taken-back": "web-play-taken-back"}  # what the page says after a change


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
    hand: bool  # the page shows the seat's own picture (``shows_hand``)
    hand_alt: str
    lines: list[str] = field(default_factory=list)  # your move / waiting for …
    groups: list[tuple[str, list[Move]]] = field(default_factory=list)  # ("", moves) when ungrouped
    # Legal moves not listed, each the twin of a listed one (``offered_actions``): a form of their
    # own, unseen, so a tap on that very card in the picture (taps.js) plays it.
    twins: list[Move] = field(default_factory=list)
    note: str = ""  # the answer to the last move sent without script
    ask: Move | None = None  # an action that asks "are you sure?" first (``asks_confirmation``)
    takeback: bool = False  # Discord's Take back button would be offered (``table.takeback.offered``)


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


def shows_hand(spec: GameSpec, view: Any) -> bool:
    """Whether the page shows the seat's own picture beside the board: only when it holds what
    the board does not (the seat's private part, a hand). Duvelen's piles are all public: its
    own picture would repeat the player's row of the board (Discord's controls still show it,
    where the board is another message)."""
    return spec.render_hand is not None and view.get("private") is not None


def panel(
    app: WebApp, row: GameRow, seat: int, person: Person, lang: str, *, note: str = "", ask: str = ""
) -> PlayPanel:
    """The player's part of the page for ``seat`` at the stored version of ``row``."""
    spec = app.specs[row.game]
    engine = spec.engine
    state = _state(app, row)
    own = engine.view(state, seat)
    to_move = engine.to_move(state) if row.status == GameStatus.ACTIVE else frozenset()
    found = PlayPanel(seat, row.version, person.csrf, shows_hand(spec, own), "", note=note)
    if seat in to_move:
        legal = engine.legal_actions(state, seat)
        if ask and ask in legal and engine.asks_confirmation(ask):
            found.ask = Move(ask, spec.action_label(own, ask, locale=lang))
        group_of = spec.action_group
        offered = engine.offered_actions(state, seat)
        for name, moves in grouped(
            offered,
            lambda a: spec.action_label(own, a, locale=lang),
            (lambda a: group_of(own, a, locale=lang)) if group_of else None,
        ):
            found.groups.append((name, [Move(a, text) for a, text in moves]))
        found.twins = [Move(a, spec.action_label(own, a, locale=lang)) for a in legal if a not in set(offered)]
        if spec.turn_plans is not None and len(legal) > 1:
            # Discord's green buttons: whole turns (the rest of this one), each one tap, listed first.
            plans = [Move(p, spec.action_label(own, p, locale=lang)) for p in spec.turn_plans(own, legal)]
            if plans:
                found.groups.insert(0, (tr(lang, "web-play-plans"), plans))
        found.lines.append(tr(lang, "controls-your-turn"))
    elif to_move:
        waiting = who(row.seats, sorted(to_move), mention=False, lang=lang)
        found.lines.append(plain(tr(lang, "controls-waiting", players=waiting)))
    if found.hand:
        public = engine.view(state, None)
        found.hand_alt = hand_description(lang, row.game, own, public, found.lines, card_namer=spec.card_name)
    return found


async def panel_now(
    app: WebApp, row: GameRow, seat: int, person: Person, lang: str, *, note: str = "", ask: str = ""
) -> PlayPanel:
    """``panel``, with the Take back button where Discord's controls would have it."""
    found = panel(app, row, seat, person, lang, note=note, ask=ask)
    found.takeback = bool(found.groups) and await takeback.offered(app.table_service, row, seat)
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
    html = render_panel(app, await panel_now(app, row, seat, person, lang, ask=ask), lang, base_of(request))
    plan = await seat_plan(app, request, row, seat, lang)
    return _private_json({"version": row.version, "html": html, "plan": plan})


async def _plan(app: WebApp, row: GameRow, seat: int, lang: str) -> Plan | None:
    """The seat's plan of taps at the stored version, made once; None when the game has no places
    to tap or the seat has no move now. Its pictures are the ones the page shows anyway: the
    public board (one drawing for everyone) and the seat's hand, each with the spots recorded in
    that drawing."""
    spec = app.specs[row.game]
    if spec.action_spots is None or row.state is None or row.status != GameStatus.ACTIVE:
        return None
    state = _state(app, row)
    if seat not in spec.engine.to_move(state):
        return None
    key = ("taps", row.id, row.version, seat, lang, tuple(picture_names(lang, row.seats)))

    async def making() -> Plan:
        view = spec.engine.view(state, seat)
        board = await app.pages.board_drawing(row, lang)
        drawings = [("board", board.png, list(board.spots))]
        if spec.render_hand is not None and shows_hand(spec, view):
            hand = await app.pages.painter.drawing(
                spec.render_hand,
                view,
                key=_hand_key(spec.render_hand, row, row.version, seat, lang),
                **_options(row, lang),
            )
            drawings.append(("hand", hand.png, list(hand.spots)))
        legal = list(spec.engine.legal_actions(state, seat))
        found: Plan = await app.pages.painter.compute(plan_of, row.game, view, legal, lang, sized(drawings))
        return found

    return await app.plans.get_or_make(key, making)


def _options(row: GameRow, lang: str) -> dict[str, Any]:
    return {"names": picture_names(lang, row.seats), "locale": lang}


def _hand_key(renderer: Callable[..., bytes], row: GameRow, version: int, seat: int, lang: str) -> PictureKey:
    """The bot's own cache key (``Presenter.picture``): a hand Discord showed is not drawn again."""
    return PictureKey.of(row.id, version, seat, lang, renderer, picture_names(lang, row.seats))


async def seat_plan(app: WebApp, request: web.Request, row: GameRow, seat: int, lang: str) -> dict[str, Any] | None:
    """The plan as play.js gets it (only ever in an answer to this seat's person): its pictures at
    the addresses the page shows them from, so each is loaded once."""
    plan = await _plan(app, row, seat, lang)
    if plan is None:
        return None
    base = base_of(request)
    return for_page(plan, row.version, lambda name: f"{base}/{name}/{row.version}.png?lang={lang}")


async def hand_png(request: web.Request) -> web.Response:
    """The player's own picture of that version: checked again for this person. One drawn already
    (the one the plan of taps was made from) costs no request budget; drawing one does."""
    try:
        app, row, _person, seat = await _seated(request)
    except web.HTTPNotFound:
        return await over_budget(request) or not_found(request)  # a wrong address costs as any page does
    spec = app.specs[row.game]
    lang = language(request)
    if spec.render_hand is None:
        return await over_budget(request) or not_found(request)
    version = int(request.match_info["version"])
    # A plan shown a moment ago (the game moved on since) keeps its picture while it is kept.
    picture = app.pages.painter.cache.get(_hand_key(spec.render_hand, row, version, seat, lang))
    if picture is None:
        refused = await over_budget(request)
        if refused is not None:
            return refused
        if version != row.version:
            raise web.HTTPFound(
                f"{base_of(request)}/hand/{row.version}.png?lang={lang}", headers={"Cache-Control": PRIVATE}
            )
        view = spec.engine.view(_state(app, row), seat)
        key = _hand_key(spec.render_hand, row, version, seat, lang)
        picture = await app.pages.painter.paint(spec.render_hand, view, key=key, **_options(row, lang))
    return web.Response(body=picture, content_type="image/png", headers={"Cache-Control": PRIVATE})


def is_version(text: str) -> bool:
    """A version number as a form sends it: ASCII digits only (``str.isdigit`` also takes "²",
    which ``int`` refuses) and at most 18 of them (a 5,000-digit one is no version either)."""
    return text.isascii() and text.isdigit() and len(text) <= 18


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
    if not action or len(action) > MAX_ACTION or not action.isprintable() or not is_version(version_text):
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
    return await _applied(app, request, result, person, lang, wants_json, "played")


async def _applied(
    app: WebApp, request: web.Request, result: ActResult, person: Person, lang: str, wants_json: bool, done: str
) -> web.Response:
    """A saved change's answer: what follows it starts first (Discord's board, the computers,
    the next ping: durable now, they follow even if this answer is lost), then the player's part
    of the page as it is now (``done``: ``played`` or ``taken-back``, what the page says)."""
    try:
        app.followed(result)
    except Exception:
        log.exception("what follows web change in game %s (v%s) could not start", result.row.id, result.row.version)
    if not wants_json:
        raise web.HTTPSeeOther(f"{base_of(request)}?{done}=1#play", headers={"Cache-Control": PRIVATE})
    saved = result.row
    spec = app.specs[saved.game]
    shown = seat_for(saved, spec.engine.to_move(result.state), person.user_id)
    now_seat = result.seat if shown is None else shown
    # The note goes apart (play.js says it in the status line it keeps): the part's markup is then
    # the same as the stream's news of this version brings, which play.js does not put in again.
    fresh = await panel_now(app, saved, now_seat, person, lang)
    return _private_json(
        {
            "ok": True,
            "version": saved.version,
            "text": tr(lang, DONE_NOTES[done]),
            "html": render_panel(app, fresh, lang, base_of(request)),
            "plan": await seat_plan(app, request, saved, now_seat, lang),
        }
    )


async def take_back(request: web.Request) -> web.StreamResponse:
    """The player's own last action of this turn taken back, as Discord's Take back button does
    (``table.takeback``: the same checks and refusals), for the board the page showed."""
    app = web_app(request)
    row = await game_of(request)
    wants_json = "application/json" in request.headers.get("Accept", "")
    person = await app.people.check_change(request, await app.people.person(request))
    lang = language(request)
    version_text = str((await request.post()).get("version", ""))
    if not is_version(version_text):
        return _refused(
            request, wants_json, lang, row.game, GameError("That is not a move in this game.", "bad-action")
        )
    try:
        result = await takeback.take_back(app.table_service, row.id, person.user_id, version=int(version_text))
    except (TableError, GameError) as error:
        return _refused(request, wants_json, lang, row.game, error)
    return await _applied(app, request, result, person, lang, wants_json, "taken-back")


def _refused(request: web.Request, wants_json: bool, lang: str, game: str, error: Exception) -> web.Response:
    """A refusal in the words Discord uses; nothing was changed."""
    code = getattr(error, "code", "")
    if wants_json:
        status = {"bad-action": 400, "not-a-player": 403}.get(code, 409)
        # Discord's words for a stale move send the player to "My hand / play": the page has its own.
        text = tr(lang, "web-play-board-moved-on") if code == "board-moved-on" else error_text(lang, game, error)
        return _private_json({"ok": False, "code": code, "text": said(text)}, status=status)
    known = code if code in FORM_REFUSALS else "illegal"
    raise web.HTTPSeeOther(f"{base_of(request)}?refused={known}#play", headers={"Cache-Control": PRIVATE})


_DISCORD_ESCAPE = re.compile(r"\\([^\w\s])")


def said(text: str) -> str:
    """A text made for Discord as plain text for the page: no markdown, no escaping backslashes
    (what a user typed comes back as typed; the page escapes it as HTML, play.js sets it as text)."""
    return _DISCORD_ESCAPE.sub(r"\1", plain(text))


def form_note(lang: str, query: Any) -> str:
    """The answer a plain form's change came back with (``?played=1``, ``?taken-back=1``,
    ``?refused=<code>``)."""
    for done, key in DONE_NOTES.items():
        if query.get(done) == "1":
            return tr(lang, key)
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
    return await panel_now(app, row, seat, person, lang, note=form_note(lang, request.query), ask=ask)


def routes(gid: str, token: str) -> list[web.RouteDef]:
    base = rf"/t/{{gid:{gid}}}/{{token:{token}}}"
    return [
        web.get(f"{base}/play", play_part),
        web.get(rf"{base}/hand/{{version:[0-9]{{1,18}}}}.png", hand_png),
        web.post(f"{base}/act", act),
        web.post(f"{base}/take-back", take_back),
    ]

"""Signed-in people on the web companion: sessions kept in the database, and the checks every
state-changing request must pass (``SignedInPeople``, the real ``web.people.People``).

The session cookie holds a random secret; the database keeps only its SHA-256 (``db.web_sessions``),
so neither a copy of the database nor a log line can sign anyone in. A change is refused, in
this order: no live session (401), a request from another site (403: its ``Origin`` must be the
pages' own and ``Sec-Fetch-Site``, when sent, ``same-origin``; see ``same_origin``), a missing or wrong CSRF token
(403: the session's token in the ``X-CSRF-Token`` header or a ``csrf`` form field), too many
changes by this person (429 with ``Retry-After``). Nothing here logs a secret, token or Discord id.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import re
import secrets
from urllib.parse import urlsplit

from aiohttp import web

from db import Store
from db import web_sessions as rows
from locales import tr
from table.clock import Clock
from web.limits import RequestBudget
from web.people import People, Person
from web.state import language

SESSION_COOKIE = "tafelbot_session"
LIFETIME = 30 * 86400.0  # seconds a session lasts after signing in
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")  # token_urlsafe(32)
# A person's budget of moves (every change they send: moves, confirmations, take-backs, signing
# out), all their sessions together. A person playing as fast as they can think decides every
# 0.5 s: 2 changes a second, for minutes on end in a live game (Duvelen, How Ruck!'s race).
# Measured with bench/web_human.py: a Duvelen player sent 16 in 10 s, and 20 at once then 1 a
# second refused two of them within a game. Half as much again on top, and 10 s of it at once; a
# script sending faster still meets 429 after 30.
CHANGES_BURST = 30
CHANGES_PER_SECOND = 3.0
_PERSON_KEY = web.RequestKey("tafelbot_person", object)  # the request's person, looked up once


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def partitioned_cookie(value: str, max_age: int) -> str:
    """The ``Set-Cookie`` value of the session cookie inside Discord's frame (``web.activity``).

    Discord's page is the top level, so a browser keeps and sends the cookie only with
    ``SameSite=None`` (hence ``Secure``); ``Partitioned`` (CHIPS) keeps it to the Activity under
    discord.com. Deleting it takes the same attributes: Chromium keeps a partitioned cookie apart
    from an unpartitioned one of the same name, so a deletion without ``Partitioned`` misses it.
    Written by hand: Python's http.cookies (under aiohttp's cookies) knows ``Partitioned`` only
    from Python 3.14 on."""
    return f"{SESSION_COOKIE}={value}; Max-Age={max_age}; Path=/; HttpOnly; Secure; SameSite=None; Partitioned"


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of an address, as a browser's ``Origin`` header names it."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


class SignedInPeople(People):
    def __init__(
        self,
        store: Store,
        clock: Clock,
        *,
        public_url: str,
        other_origins: tuple[str, ...] = (),
        lifetime: float = LIFETIME,
        changes_burst: float = CHANGES_BURST,
        changes_per_second: float = CHANGES_PER_SECOND,
        partitioned: bool = False,
    ) -> None:
        self.store = store
        self.clock = clock
        self.origin = origin_of(public_url)
        # Pages of this site served from elsewhere: the Activity's, through Discord's proxy.
        self.origins = frozenset([self.origin, *(origin.lower() for origin in other_origins)])
        self.secure = public_url.startswith("https://")
        self.lifetime = lifetime
        # The Activity's pages (inside Discord's frame) hold a partitioned cookie of their own.
        self.partitioned = partitioned
        # Per person and per process: several processes behind a proxy each allow this much.
        self.changes = RequestBudget(clock, burst=changes_burst, per_second=changes_per_second)

    # ---- sessions ----------------------------------------------------------------------------------
    async def person(self, request: web.Request) -> Person | None:
        if _PERSON_KEY in request:
            found = request[_PERSON_KEY]
            return found if isinstance(found, Person) else None
        secret = request.cookies.get(SESSION_COOKIE, "")
        person = None
        if _SECRET.fullmatch(secret):
            row = await rows.find_session(self.store, secret_hash(secret), self.clock.now())
            if row is not None:
                person = Person(row.user_id, row.name, row.session_id, row.csrf)
        request[_PERSON_KEY] = person
        return person

    async def open_session(self, user_id: int, name: str) -> tuple[str, Person]:
        """A new session for this Discord user: (the cookie's secret, the person)."""
        await self.purge()  # expired sessions go when someone signs in (a read ignores them anyway)
        secret = secrets.token_urlsafe(32)
        person = Person(user_id, name, secrets.token_urlsafe(16), secrets.token_urlsafe(32))
        now = self.clock.now()
        await rows.add_session(
            self.store,
            session_id=person.session,
            secret_hash=secret_hash(secret),
            user_id=user_id,
            name=name,
            csrf=person.csrf,
            now=now,
            expires_at=now + self.lifetime,
        )
        return secret, person

    async def close_session(self, person: Person) -> None:
        await rows.delete_session(self.store, person.session)

    async def purge(self) -> int:
        return await rows.purge_expired(self.store, self.clock.now())

    def set_cookie(self, response: web.StreamResponse, secret: str) -> None:
        response.set_cookie(
            SESSION_COOKIE,
            secret,
            max_age=int(self.lifetime),
            path="/",
            httponly=True,
            secure=self.secure,
            samesite="Lax",
        )

    def clear_cookie(self, response: web.StreamResponse) -> None:
        """Both cookies a session may live in: the site's own, and with the Activity on, the
        partitioned one of Discord's frame. Which one this browser holds is not told by the
        request (a form's POST in the frame is ``same-origin`` with ``Origin: null``), and a
        deletion of the cookie it does not hold changes nothing."""
        response.del_cookie(SESSION_COOKIE, path="/", secure=self.secure, httponly=True, samesite="Lax")
        if self.partitioned:
            response.headers.add("Set-Cookie", partitioned_cookie("", 0))

    # ---- the checks of a change --------------------------------------------------------------------
    async def check_change(self, request: web.Request, person: Person | None) -> Person:
        lang = language(request)
        if person is None:
            raise web.HTTPUnauthorized(text=tr(lang, "web-sign-in-first"))
        if not self.same_origin(request):
            raise web.HTTPForbidden(text=tr(lang, "web-refused-origin"))
        if not hmac.compare_digest((await _csrf_sent(request)).encode(), person.csrf.encode()):
            raise web.HTTPForbidden(text=tr(lang, "web-refused-csrf"))
        wait = self.changes.take(f"person:{person.user_id}")  # all their sessions together
        if wait > 0:
            raise web.HTTPTooManyRequests(
                text=tr(lang, "web-too-many-changes"), headers={"Retry-After": str(max(1, math.ceil(wait)))}
            )
        return person

    def same_origin(self, request: web.Request) -> bool:
        """Sent by this site's own pages. ``Sec-Fetch-Site`` (set by the browser, never by a page)
        must say ``same-origin`` when sent; ``Origin`` must be the pages' own (the site's, or the
        Activity's inside Discord), or ``null`` only
        beside that ``same-origin``: under the pages' ``Referrer-Policy: no-referrer`` browsers
        send ``Origin: null`` with a form's POST, even to the page's own site."""
        fetch_site = request.headers.get("Sec-Fetch-Site")
        if fetch_site is not None and fetch_site != "same-origin":
            return False
        origin = request.headers.get("Origin", "").lower()
        return origin in self.origins or (origin == "null" and fetch_site == "same-origin")


async def _csrf_sent(request: web.Request) -> str:
    sent = request.headers.get("X-CSRF-Token")
    if sent is None and request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        form = await request.post()  # aiohttp keeps it: the route may read the form again
        field = form.get("csrf")
        sent = field if isinstance(field, str) else None
    return sent or ""


__all__ = ["LIFETIME", "SESSION_COOKIE", "SignedInPeople", "origin_of", "partitioned_cookie", "secret_hash"]

"""Who is asking: the signed-in person a request belongs to, and the checks a change must pass.

Two seams on ``WebApp`` (``people`` below), so the play routes never know how signing in works:

- ``person(request)``: the signed-in ``Person`` or ``None``. Without signing in every page is the
  spectator page it always was.
- ``check_change(request, person)``: raises an ``aiohttp`` HTTP error when a state-changing request
  must be refused (wrong origin, missing or wrong CSRF token, too many changes by this person).

The default ``People`` knows nobody and refuses every change, so a route that changes state is
closed until real sign-in (``web.signin``) is wired in: secure by default.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web


@dataclass(frozen=True)
class Person:
    """A signed-in Discord user. ``user_id`` never reaches a page; ``csrf`` is this session's token
    for state-changing requests (sent back in the ``X-CSRF-Token`` header or a ``csrf`` form field)."""

    user_id: int
    name: str
    session: str  # the session's own id (not the cookie's secret)
    csrf: str


class People:
    """Nobody is signed in; every change is refused."""

    async def person(self, request: web.Request) -> Person | None:
        return None

    async def check_change(self, request: web.Request, person: Person | None) -> Person:
        raise web.HTTPUnauthorized(text="Sign in with Discord to play on this page.")

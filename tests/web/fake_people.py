"""A fake sign-in for the play tests: a cookie names the person; a change needs the session's CSRF
token in the ``X-CSRF-Token`` header or the ``csrf`` form field, as the real ``People`` is to check it."""

from __future__ import annotations

from aiohttp import web

from web.people import People, Person


class FakePeople(People):
    """Signed in as the person the cookie ``who`` names among ``people``."""

    def __init__(self, people: dict[str, Person]) -> None:
        self.people = people

    async def person(self, request: web.Request) -> Person | None:
        return self.people.get(request.cookies.get("who", ""))

    async def check_change(self, request: web.Request, person: Person | None) -> Person:
        if person is None:
            raise web.HTTPUnauthorized(text="Sign in with Discord to play on this page.")
        token = request.headers.get("X-CSRF-Token")
        if token is None:
            token = str((await request.post()).get("csrf", ""))
        if token != person.csrf:
            raise web.HTTPForbidden(text="That page is too old: load it again.")
        return person

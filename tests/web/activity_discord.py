"""A small Discord for the Activity's server side: the OAuth2 code exchange, ``/users/@me`` and the
e2e fake's Activity instances (``tests/e2e/fake/activities.py``), on aiohttp's test server.

Every answer of a route in Discord's OpenAPI file is held to it (the instance, ``/users/@me``);
``/oauth2/token`` is not in that file, so its answer is the documented Access Token Response.
An Activity's code comes from the SDK's ``authorize`` with no redirect URI: the exchange carries
only the client, the grant type and the code.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer

from tests.e2e.fake.activities import Activities
from tests.e2e.fake.openapi import describe, discord_spec
from tests.e2e.fake.protocol import ApiError, dumps

APP_ID = 800_000_000_000_000_001
SECRET = "activity-secret"
BOT_TOKEN = "bot-token-of-the-fake"
API = "/api/v10"


@dataclass
class ActivityDiscord:
    activities: Activities = field(default_factory=lambda: Activities(APP_ID, _counter()))
    users: dict[int, dict[str, Any]] = field(default_factory=dict)
    codes: dict[str, int] = field(default_factory=dict)  # code -> user id (used once)
    tokens: dict[str, int] = field(default_factory=dict)  # access token -> user id
    exchanges: list[dict[str, str]] = field(default_factory=list)
    down: bool = False  # every call answers 503
    server: TestServer | None = None

    def add_user(self, user_id: int, name: str, locale: str = "en-US") -> None:
        self.users[user_id] = {
            "id": str(user_id),
            "username": name,
            "global_name": name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "mfa_enabled": False,
            "locale": locale,
        }

    def code_for(self, user_id: int) -> str:
        """What the SDK's ``authorize`` hands the page when this person allows it."""
        code = secrets.token_urlsafe(16)
        self.codes[code] = user_id
        return code

    @property
    def url(self) -> str:
        assert self.server is not None
        return str(self.server.make_url("")).rstrip("/")

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware])
        app.router.add_post(f"{API}/oauth2/token", self._token)
        app.router.add_get(f"{API}/users/@me", self._me)
        for method, path, handler in self.activities.routes():
            app.router.add_route(method, API + path, handler)
        self.server = TestServer(app)
        await self.server.start_server()

    async def close(self) -> None:
        if self.server is not None:
            await self.server.close()

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if self.down:
            return web.Response(status=503, text="upstream connect error")
        try:
            response = await handler(request)
        except ApiError as error:
            response = web.Response(status=error.status, body=dumps(error.body()), content_type="application/json")
        if not request.path.endswith("/oauth2/token") and isinstance(response, web.Response):
            problems = discord_spec().answer_problems(request.method, request.path, response.status, response.body)
            assert not problems, describe(problems)
        return response

    async def _token(self, request: web.Request) -> web.Response:
        form = dict(await request.post())
        self.exchanges.append({k: str(v) for k, v in form.items()})
        if form.get("client_id") != str(APP_ID) or form.get("client_secret") != SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        if form.get("grant_type") != "authorization_code" or "redirect_uri" in form:
            return web.json_response({"error": "invalid_request"}, status=400)
        user_id = self.codes.pop(str(form.get("code")), None)
        if user_id is None:
            return web.json_response({"error": "invalid_grant"}, status=400)
        token = secrets.token_urlsafe(24)
        self.tokens[token] = user_id
        body = {
            "access_token": token,
            "token_type": "Bearer",
            "expires_in": 604800,
            "refresh_token": secrets.token_urlsafe(24),
            "scope": "identify",
        }
        return web.json_response(body)

    async def _me(self, request: web.Request) -> web.Response:
        kind, _, token = request.headers.get("Authorization", "").partition(" ")
        user_id = self.tokens.get(token) if kind == "Bearer" else None
        if user_id is None:
            raise ApiError(401, 0, "401: Unauthorized")
        return web.Response(body=dumps(self.users[user_id]), content_type="application/json")


def _counter() -> Callable[[], int]:
    numbers = iter(range(900_000_000_000_000_000, 2**62))
    return lambda: next(numbers)

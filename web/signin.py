"""Signing in with Discord: OAuth2's authorization code grant with ``state`` and PKCE, scope
``identify`` only, and signing out.

Addresses::

    GET  /signin?next=<a page>   to Discord's authorize page (state and PKCE verifier in a short cookie)
    GET  /signin/done            Discord's redirect back: check state, trade the code, open a session
    POST /signout                end the session (a change: same origin and the CSRF token)

Discord's OAuth2 topic documents the code grant with a client secret; its Social SDK guide
("Account linking with Discord") shows the same token exchange of a confidential client carrying
``code_verifier``, so PKCE (S256) is sent too: a code intercepted on its way back is useless
without the verifier kept in this browser's cookie. The access token is used once, for
``GET /users/@me``, then revoked and kept nowhere. No token, code, secret or Discord id is logged.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from urllib.parse import urlencode

import aiohttp
from aiohttp import web

from locales import tr
from web.sessions import SignedInPeople
from web.state import language

log = logging.getLogger("tafelbot.web")

SIGNIN_COOKIE = "tafelbot_signin"
SIGNIN_SECONDS = 600  # how long the way to Discord and back may take
API_VERSION = 10
HOME = "/me"  # where signing in or out lands without a page to go back to: "Your tables"
# Where a signed-in person goes back to: a page of this site, never another site's address.
_NEXT = re.compile(r"/(t/[0-9]{1,18}/[A-Za-z0-9_-]{1,64}(/replay)?|s/[0-9]{1,19}/[A-Za-z0-9_-]{1,64}|me)")
_STATE = re.compile(r"[A-Za-z0-9_-]{43}")


@dataclass(frozen=True)
class SignInSettings:
    public_url: str  # the pages' own address (TAFELBOT_WEB_URL): the redirect URI is below it
    client_id: str
    client_secret: str = field(repr=False)
    discord_url: str = "https://discord.com"

    @property
    def redirect_uri(self) -> str:
        return f"{self.public_url}/signin/done"

    @property
    def api(self) -> str:
        return f"{self.discord_url}/api/v{API_VERSION}"


class SignInFailed(Exception):
    """Discord refused or failed; the message names the step, never a token."""


class DiscordOAuth:
    """The two calls to Discord a sign-in makes (over the app's own HTTP session)."""

    def __init__(self, settings: SignInSettings) -> None:
        self.settings = settings
        self.http: aiohttp.ClientSession | None = None

    def authorize_url(self, state: str, verifier: str) -> str:
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        query = {
            "response_type": "code",
            "client_id": self.settings.client_id,
            "scope": "identify",
            "state": state,
            "redirect_uri": self.settings.redirect_uri,
            "code_challenge": challenge,
            "code_challenge_method": "S256",
        }
        return f"{self.settings.discord_url}/oauth2/authorize?{urlencode(query)}"

    async def identify(self, code: str, verifier: str) -> tuple[int, str]:
        """Trade the code for a token and ask whose it is: (Discord id, the name to show)."""
        assert self.http is not None
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": self.settings.redirect_uri,
            "code_verifier": verifier,
        }
        auth = {"Authorization": aiohttp.encode_basic_auth(self.settings.client_id, self.settings.client_secret)}
        timeout = aiohttp.ClientTimeout(total=10)
        try:
            async with self.http.post(
                f"{self.settings.api}/oauth2/token", data=form, headers=auth, timeout=timeout
            ) as answer:
                if answer.status != 200:
                    raise SignInFailed(f"the token exchange answered {answer.status}")
                token = (await answer.json(content_type=None)).get("access_token")
            if not isinstance(token, str) or not token:
                raise SignInFailed("the token exchange gave no access token")
            headers = {"Authorization": f"Bearer {token}"}
            async with self.http.get(f"{self.settings.api}/users/@me", headers=headers, timeout=timeout) as answer:
                if answer.status != 200:
                    raise SignInFailed(f"GET /users/@me answered {answer.status}")
                user = await answer.json(content_type=None)
            await self._revoke(token, auth, timeout)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            raise SignInFailed(f"Discord could not be reached ({type(error).__name__})") from None
        user_id = str(user.get("id", ""))
        if not user_id.isdigit():
            raise SignInFailed("GET /users/@me gave no user id")
        name = user.get("global_name") or user.get("username") or "?"
        return int(user_id), str(name)[:100]

    async def _revoke(self, token: str, auth: dict[str, str], timeout: aiohttp.ClientTimeout) -> None:
        """The token was needed once: Discord is asked to forget it (if it cannot, signing in
        goes on; the token was kept nowhere and expires by itself)."""
        assert self.http is not None
        form = {"token": token, "token_type_hint": "access_token"}
        try:
            async with self.http.post(
                f"{self.settings.api}/oauth2/token/revoke", data=form, headers=auth, timeout=timeout
            ) as answer:
                if answer.status != 200:
                    log.warning("Discord did not revoke a sign-in's token: it answered %s", answer.status)
        except (aiohttp.ClientError, TimeoutError) as error:
            log.warning("Discord did not revoke a sign-in's token (%s)", type(error).__name__)


@dataclass
class SignIn:
    settings: SignInSettings
    people: SignedInPeople
    oauth: DiscordOAuth
    _used_states: dict[str, float] = field(default_factory=dict)  # state -> when it came back

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/signin", self.start),
            web.get("/signin/done", self.done),
            web.post("/signout", self.sign_out),
        ]

    async def http_session(self, _app: web.Application) -> AsyncIterator[None]:
        async with aiohttp.ClientSession() as http:
            self.oauth.http = http
            yield
            self.oauth.http = None

    # ---- handlers ---------------------------------------------------------------------------------
    async def start(self, request: web.Request) -> web.StreamResponse:
        state, verifier = secrets.token_urlsafe(32), secrets.token_urlsafe(48)
        back = request.query.get("next", "")
        back = back if _NEXT.fullmatch(back) else ""
        response = web.Response(
            status=302, headers={"Location": self.oauth.authorize_url(state, verifier), "Cache-Control": "no-store"}
        )
        # Lax: sent with Discord's redirect back (a top-level navigation), never with another
        # site's request made in the background.
        encoded = base64.urlsafe_b64encode(back.encode()).decode().rstrip("=")  # no "=": cookies quote it
        response.set_cookie(
            SIGNIN_COOKIE,
            f"{state}.{verifier}.{encoded}",
            max_age=SIGNIN_SECONDS,
            path="/signin",
            httponly=True,
            secure=self.people.secure,
            samesite="Lax",
        )
        return response

    async def done(self, request: web.Request) -> web.StreamResponse:
        lang = language(request)
        state, verifier, back = _read_signin_cookie(request.cookies.get(SIGNIN_COOKIE, ""))
        sent_state = request.query.get("state", "")
        if not state or not hmac.compare_digest(sent_state.encode(), state.encode()) or not self._first_use(state):
            # Not the sign-in this browser started (or it took too long, or it was used already:
            # a state completes one sign-in): a forged or replayed redirect must not sign the
            # browser in as someone else.
            return self._answer(400, tr(lang, "web-sign-in-failed"))
        if "error" in request.query:  # the person said no on Discord's page
            return self._answer(403, tr(lang, "web-sign-in-refused"))
        code = request.query.get("code", "")
        if not code or len(code) > 200:
            return self._answer(400, tr(lang, "web-sign-in-failed"))
        try:
            user_id, name = await self.oauth.identify(code, verifier)
        except SignInFailed as failure:
            log.warning("signing in with Discord failed: %s", failure)
            return self._answer(502, tr(lang, "web-sign-in-failed"))
        secret, _person = await self.people.open_session(user_id, name)
        response = web.Response(status=303, headers={"Location": back or HOME, "Cache-Control": "no-store"})
        self.people.set_cookie(response, secret)
        response.del_cookie(SIGNIN_COOKIE, path="/signin")
        return response

    async def sign_out(self, request: web.Request) -> web.StreamResponse:
        person = await self.people.check_change(request, await self.people.person(request))
        await self.people.close_session(person)
        form = await request.post()
        back = form.get("next")
        target = back if isinstance(back, str) and _NEXT.fullmatch(back) else HOME
        response = web.Response(status=303, headers={"Location": target, "Cache-Control": "no-store"})
        self.people.clear_cookie(response)
        return response

    def _first_use(self, state: str) -> bool:
        """Whether ``state`` comes back for the first time (kept as long as its cookie lives)."""
        now = time.monotonic()
        for old in [old for old, at in self._used_states.items() if now - at > SIGNIN_SECONDS]:
            del self._used_states[old]
        if state in self._used_states:
            return False
        self._used_states[state] = now
        return True

    def _answer(self, status: int, text: str) -> web.Response:
        response = web.Response(status=status, text=text, headers={"Cache-Control": "no-store"})
        response.del_cookie(SIGNIN_COOKIE, path="/signin")
        return response


def _read_signin_cookie(value: str) -> tuple[str, str, str]:
    """(state, verifier, where to go back) from the sign-in cookie; empty strings if it is bad."""
    parts = value.split(".")
    if len(parts) != 3 or not _STATE.fullmatch(parts[0]) or not re.fullmatch(r"[A-Za-z0-9_-]{64}", parts[1]):
        return "", "", ""
    try:
        back = base64.urlsafe_b64decode(parts[2] + "=" * (-len(parts[2]) % 4)).decode()
    except ValueError:
        back = ""
    return parts[0], parts[1], back if _NEXT.fullmatch(back) else ""


def signin_for(people: SignedInPeople, settings: SignInSettings) -> SignIn:
    return SignIn(settings, people, DiscordOAuth(settings))


__all__ = ["DiscordOAuth", "SignIn", "SignInFailed", "SignInSettings", "signin_for"]

"""The web companion inside Discord: the table page as an Activity (issue 39, item 4).

Discord's proxy serves the Activity from ``https://<application id>.discordsays.com`` and maps
``/`` to this site (the portal's URL mapping), so the page's own requests reach us through it.

Addresses (only when ``TAFELBOT_ACTIVITY`` is on)::

    /  and  /activity                 the Activity's first page: the SDK's handshake and authorize
    POST /activity/session           the code and the instance: where to go, and a session
    /activity/t/<game>/<token>        the table page, framed by Discord only (and its /replay)
    /activity/none                    no table in the Activity's channel: what to do instead

The page's script (``web/static/activity.js``, bundled from ``web/activity-app/``) asks Discord's
client for an OAuth2 code (scope ``identify``) and posts it with the Activity's instance id. The
server trades the code with the client secret, reads who it is (``/users/@me``), asks Discord
with the bot's token who is in that instance and where it runs
(``/applications/{app}/activity-instances/{id}``) and answers with the address of the table
open in that channel: the channel names the game, never the instance, which ends when people
leave. No token, code, secret or Discord id reaches a page or the log.

Every later page in the frame carries the query Discord gave the first (the SDK reads it) and
loads the same script, which makes the SDK's handshake again (no second authorize) and sends
links to other sites through Discord (``openExternalLink``): a frame may not navigate away.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import aiohttp
from aiohttp import web

from db import cross
from locales import LANGUAGES, tr
from web.activity_config import ActivityConfig
from web.handlers import replay_page, table_page
from web.secure import CSP
from web.sessions import SignedInPeople, partitioned_cookie
from web.state import GAME_ID, INSIDE_DISCORD, TOKEN, WebApp, language, web_app

log = logging.getLogger("tafelbot.web")

MAX_BODY = 4096
_CODE = re.compile(r"[A-Za-z0-9_.~-]{1,256}")
_INSTANCE = re.compile(r"[A-Za-z0-9_-]{1,256}")
_SNOWFLAKE = re.compile(r"[0-9]{1,19}")
_COOKIE_VALUE = re.compile(r"[A-Za-z0-9_-]{16,128}")


class DiscordTrouble(Exception):
    """Discord failed or answered something unexpected (a 5xx, a time-out, a malformed body)."""


@dataclass
class ActivityAPI:
    """The three calls to Discord an Activity's session makes, over one HTTP session."""

    config: ActivityConfig
    timeout: float = 10.0
    http: aiohttp.ClientSession | None = field(default=None, init=False)

    def _http(self) -> aiohttp.ClientSession:
        if self.http is None or self.http.closed:
            self.http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=self.timeout))
        return self.http

    async def close(self) -> None:
        if self.http is not None:
            await self.http.close()

    async def _call(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
        try:
            async with self._http().request(method, f"{self.config.api}{path}", **kwargs) as answer:
                if answer.status >= 500 or answer.status == 429:
                    raise DiscordTrouble(f"{method} {path.split('/')[1]}: HTTP {answer.status}")
                body = await answer.json(content_type=None) if answer.status < 300 else None
                return answer.status, body
        except (aiohttp.ClientError, TimeoutError, json.JSONDecodeError, ValueError) as error:
            raise DiscordTrouble(f"{method} {path.split('/')[1]}: {type(error).__name__}") from None

    async def exchange(self, code: str) -> str | None:
        """The access token for the Activity's code, or None when Discord refuses the code."""
        form = {
            "client_id": self.config.client_id,
            "client_secret": self.config.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        status, body = await self._call("POST", "/oauth2/token", data=form)
        if status == 401:  # invalid_client: the operator's id or secret, not the person's code
            raise DiscordTrouble("POST oauth2: the client id or secret was refused (TAFELBOT_WEB_CLIENT_SECRET?)")
        if status >= 300:
            return None
        token = body.get("access_token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            raise DiscordTrouble("POST oauth2: no access_token")
        return token

    async def me(self, access_token: str) -> dict[str, Any]:
        status, body = await self._call("GET", "/users/@me", headers={"Authorization": f"Bearer {access_token}"})
        if status >= 300 or not isinstance(body, dict) or not _SNOWFLAKE.fullmatch(str(body.get("id", ""))):
            raise DiscordTrouble(f"GET users: HTTP {status}")
        return body

    async def instance(self, instance_id: str) -> dict[str, Any] | None:
        """The Activity's instance (who is in it, where it runs), or None when Discord knows none."""
        path = f"/applications/{self.config.client_id}/activity-instances/{quote(instance_id, safe='')}"
        status, body = await self._call("GET", path, headers={"Authorization": f"Bot {self.config.bot_token}"})
        if status == 404:
            return None
        if status >= 300 or not isinstance(body, dict):
            raise DiscordTrouble(f"GET applications: HTTP {status}")
        return body


async def start_session(app: WebApp, response: web.StreamResponse, user_id: int, name: str) -> bool:
    """Sign the person in for the pages inside Discord's frame; False while the site has no sign-in
    (the Activity then shows the table as anyone sees it).

    The cookie is the site's session cookie made for a third-party frame
    (``web.sessions.partitioned_cookie``: ``SameSite=None; Secure; Partitioned``, as Discord's
    networking guide asks). It lives on ``<application id>.discordsays.com``, apart from the
    site's own cookies; ``HttpOnly`` keeps it from scripts."""
    people = app.people
    if not isinstance(people, SignedInPeople):
        return False
    secret, _person = await people.open_session(user_id, name)
    if not _COOKIE_VALUE.fullmatch(secret):
        raise ValueError("a session secret must be cookie-safe")
    response.headers.add("Set-Cookie", partitioned_cookie(secret, int(people.lifetime)))
    return True


ACTIVITY_KEY = web.AppKey("tafelbot_activity", ActivityAPI)


def add_activity(app: web.Application, config: ActivityConfig) -> None:
    """The Activity's routes and its Discord client on the app."""
    api = ActivityAPI(config)
    app[ACTIVITY_KEY] = api

    async def close(_app: web.Application) -> None:
        await api.close()

    app.on_cleanup.append(close)
    app.add_routes(
        [
            web.get("/", activity_page),
            web.get("/activity", activity_page),
            web.post("/activity/session", activity_session),
            web.get("/activity/none", no_table_page),
            web.get(rf"/activity/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}", activity_table_page),
            web.get(rf"/activity/t/{{gid:{GAME_ID}}}/{{token:{TOKEN}}}/replay", activity_replay_page),
        ]
    )


def framed_by_discord(response: web.StreamResponse, config: ActivityConfig) -> web.StreamResponse:
    """The site's policy, but Discord's clients and its Activity proxy may frame this page."""
    response.headers["Content-Security-Policy"] = CSP.replace(
        "frame-ancestors 'none'", f"frame-ancestors {config.frame_ancestors}"
    )
    return response


def _config(request: web.Request) -> ActivityConfig:
    return request.app[ACTIVITY_KEY].config


async def activity_page(request: web.Request) -> web.StreamResponse:
    app = web_app(request)
    lang = language(request)
    html = app.render("activity.html", lang, title=tr(lang, "web-activity-title"), client_id=_config(request).client_id)
    response = web.Response(text=html, content_type="text/html", charset="utf-8")
    return framed_by_discord(response, _config(request))


async def no_table_page(request: web.Request) -> web.StreamResponse:
    app = web_app(request)
    lang = language(request)
    client_id = _config(request).client_id
    html = app.render("activity_none.html", lang, title=tr(lang, "web-activity-none-title"), inside_discord=client_id)
    response = web.Response(text=html, content_type="text/html", charset="utf-8")
    return framed_by_discord(response, _config(request))


# The table page and its replay in Discord's frame load the Activity's script, which sets
# Discord's SDK up again there (each page is a new document) and keeps links inside the frame.
async def activity_table_page(request: web.Request) -> web.StreamResponse:
    request[INSIDE_DISCORD] = _config(request).client_id
    return framed_by_discord(await table_page(request), _config(request))


async def activity_replay_page(request: web.Request) -> web.StreamResponse:
    request[INSIDE_DISCORD] = _config(request).client_id
    return framed_by_discord(await replay_page(request), _config(request))


def _refused(status: int, lang: str, key: str, *, page: str | None = None) -> web.Response:
    body = {"message": tr(lang, key)} | ({"page": page} if page else {})
    return web.json_response(body, status=status, headers={"Cache-Control": "no-store"})


def _from_the_activity(request: web.Request, config: ActivityConfig) -> bool:
    """A login CSRF guard: only the Activity's own page (Discord's proxy origin) may post a code."""
    if request.headers.get("Sec-Fetch-Site", "same-origin") != "same-origin":
        return False
    return request.headers.get("Origin", "").lower() == config.origin


async def _read(request: web.Request) -> tuple[str, str] | None:
    if request.content_type != "application/json" or (request.content_length or 0) > MAX_BODY:
        return None
    raw = await request.content.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        return None
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(body, dict):
        return None
    code, instance = body.get("code"), body.get("instance_id")
    if not isinstance(code, str) or not isinstance(instance, str):
        return None
    if not _CODE.fullmatch(code) or not _INSTANCE.fullmatch(instance):
        return None
    return code, instance


def _lang_of(user: dict[str, Any], fallback: str) -> str:
    locale = str(user.get("locale") or "")[:2].lower()
    return locale if locale in LANGUAGES else fallback


async def activity_session(request: web.Request) -> web.StreamResponse:
    """The Activity's code and instance: the table of the instance's channel, and a session."""
    app = web_app(request)
    api = request.app[ACTIVITY_KEY]
    lang = language(request)
    if not _from_the_activity(request, api.config):
        return _refused(403, lang, "web-activity-refused-origin")
    sent = await _read(request)
    if sent is None:
        return _refused(400, lang, "web-activity-bad-request")
    code, instance_id = sent
    try:
        access = await api.exchange(code)
        if access is None:
            log.info("activity: Discord refused a code")
            return _refused(401, lang, "web-activity-refused-code")
        user = await api.me(access)
        lang = _lang_of(user, lang)
        instance = await api.instance(instance_id)
    except DiscordTrouble as trouble:
        log.warning("activity: Discord failed: %s", trouble)
        return _refused(502, lang, "web-activity-discord-failed")
    user_id = int(user["id"])
    location = instance.get("location") if instance else None
    users = instance.get("users") if instance else None
    if not isinstance(location, dict) or not isinstance(users, list) or str(user_id) not in map(str, users):
        log.info("activity: the person is not in the instance they named")
        return _refused(403, lang, "web-activity-not-in")
    channel = str(location.get("channel_id") or "")
    guild = str(location.get("guild_id") or "")
    row = None
    if location.get("kind") == "gc" and _SNOWFLAKE.fullmatch(channel) and _SNOWFLAKE.fullmatch(guild):
        # The table's own thread, or a table across servers' thread in this server.
        found = await cross.open_game_shown_in(app.store, int(channel))
        row = found[0] if found is not None and found[1] == int(guild) else None
    if row is None:
        # A page of its own, wholly in the person's language (their Discord setting).
        return _refused(404, lang, "web-activity-no-table", page=f"/activity/none?lang={lang}")
    token = await app.links.table_token(row.id, row.guild_id)
    response = web.json_response(
        {"go": f"/activity/t/{row.id}/{token}?lang={lang}"}, headers={"Cache-Control": "no-store"}
    )
    name = str(user.get("global_name") or user.get("username") or "")[:100]
    await start_session(app, response, user_id, name)
    return response


__all__ = ["ACTIVITY_KEY", "ActivityAPI", "DiscordTrouble", "add_activity", "framed_by_discord", "start_session"]

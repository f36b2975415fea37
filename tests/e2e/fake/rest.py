"""Discord's REST API, trimmed to the routes discord.py uses for this bot and its tests.

Request plumbing (bodies, JSON answers with rate-limit headers, announcing changes after the
answer) and the routes for the bot's user, application, gateway, commands, channels, messages,
threads and uploaded files. The interaction callback and webhook follow-ups are in ``answers.py``.
Anything else answers 404 "fake Discord: unknown route ..." and is logged at ERROR.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import web

from .checks import FormErrors, check_upload, validate_command_list
from .gateway import Gateway
from .interactions import Interactions
from .models import FakeChannel
from .protocol import ATTACH_FILES, PRIVATE_THREAD, VIEW_AND_SEND, ApiError, dumps, loads, snowflake_param
from .records import FakeMessage, Interaction
from .world import Files, World

log = logging.getLogger(__name__)

Changes = Iterable[tuple[str, FakeMessage]]  # ("create" | "update" | "delete", message)


class RestApi:
    def __init__(
        self,
        world: World,
        gateway: Gateway,
        interactions: Interactions,
        *,
        settle_ticks: int,
        recommended_shards: int,
    ) -> None:
        self.world = world
        self.gateway = gateway
        self.interactions = interactions
        self.settle_ticks = settle_ticks
        self.recommended_shards = recommended_shards  # the "shards" of GET /gateway/bot
        self.unknown_routes: list[str] = []
        self.requests: list[tuple[str, str]] = []  # (method, path) of every REST call
        self._deferred_updates = interactions.deferred_updates

    def routes(self) -> list[tuple[str, str, Callable]]:
        commands = "/applications/{app_id}/commands"
        guild_commands = "/applications/{app_id}/guilds/{guild_id}/commands"
        return [
            ("GET", "/users/@me", self._me),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/oauth2/applications/@me", self._application),
            ("GET", "/gateway", self._gateway_url),
            ("GET", "/gateway/bot", self._gateway_url),
            ("PUT", commands, self._put_commands),
            ("PUT", guild_commands, self._put_commands),
            ("GET", "/channels/{channel_id}", self._get_channel),
            ("POST", "/channels/{channel_id}/messages", self._create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_message),
            ("POST", "/channels/{channel_id}/threads", self._create_thread),
        ]

    # -- plumbing -----------------------------------------------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        if not request.path.startswith("/_control/"):
            self.requests.append((request.method, request.path))
        try:
            return await handler(request)
        except ApiError as error:
            return self.json(error.body(), error.status)

    @staticmethod
    def headers(*, content: bool = True) -> dict[str, str]:
        # discord.py parses a body as JSON only if Content-Type is exactly application/json (no
        # charset), and serialises requests per bucket until it sees rate-limit headers: generous
        # ones keep concurrent interactions concurrent.
        headers = {
            "X-RateLimit-Limit": "10000",
            "X-RateLimit-Remaining": "9999",
            "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
        }
        if content:
            headers["Content-Type"] = "application/json"
        return headers

    def json(self, data: Any, status: int = 200) -> web.Response:
        return web.Response(status=status, body=dumps(data), headers=self.headers())

    async def reply(
        self,
        request: web.Request,
        data: Any = None,
        *,
        status: int = 200,
        changed: Changes = (),
        complete: Iterable[Interaction] = (),
    ) -> web.StreamResponse:
        """Answer the request, then announce the changes it made.

        The answer is written out first and the announcement waits a few loop turns, so the bot
        has processed the answer (and registered any view) before the test moves on."""
        if data is None and status == 200:
            status = 204
        if status == 204:
            response = web.Response(status=204, headers=self.headers(content=False))
        else:
            response = self.json(data, status)
        changed, complete = list(changed), list(complete)
        if not changed and not complete:
            return response
        await response.prepare(request)
        await response.write_eof()
        for kind, message in changed:
            self.gateway.message_event(kind, message)
        for _ in range(self.settle_ticks):
            await asyncio.sleep(0)
        for kind, message in changed:
            if kind != "delete":
                self.interactions.notify(message)
        for record in complete:
            record._complete()
        return response

    async def read_body(self, request: web.Request) -> tuple[Any, Files]:
        """JSON, or multipart with ``payload_json`` and ``files[n]`` parts."""
        content_type = request.headers.get("Content-Type", "")  # not request.content_type: the email
        if content_type.lower().startswith("multipart/"):  # package's header parser costs more than the rest
            boundary = _boundary(content_type)
            if not boundary:
                raise ApiError(400, 50035, "fake Discord: multipart body without a boundary")
            payload: dict = {}
            files: Files = {}
            for name, filename, data in _multipart_parts(await request.read(), boundary):
                if name == "payload_json":
                    payload = loads(data)
                    continue
                match = re.fullmatch(r"files\[(\d+)\]", name or "")
                if match is None:
                    raise ApiError(400, 50035, f"fake Discord: unexpected multipart field {name!r}")
                check_upload(files, len(data))
                files[int(match[1])] = (filename or f"file{match[1]}", data)
            return payload, files
        if not request.body_exists:
            return {}, {}
        raw = await request.read()
        return (loads(raw) if raw else {}), {}

    async def unknown(self, request: web.Request) -> web.Response:
        route = f"{request.method} {request.path_qs}"
        self.unknown_routes.append(route)
        log.error("fake Discord: unknown route %s (add it to tests/e2e/fake/rest.py)", route)
        return self.json({"message": f"fake Discord: unknown route {route}", "code": 0}, 404)

    # -- the bot's user, application and gateway ------------------------------------------------------

    async def _me(self, request: web.Request) -> web.Response:
        if not request.headers.get("Authorization", "").startswith("Bot "):
            raise ApiError(401, 0, "401: Unauthorized")
        return self.json({**self.world.bot_user.to_dict(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def _application(self, request: web.Request) -> web.Response:
        world = self.world
        return self.json(
            {
                "id": str(world.application_id),
                "name": world.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": world.owner.to_dict(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "bot": world.bot_user.to_dict(),
                "approximate_guild_count": len(world.guilds),
            }
        )

    async def _gateway_url(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        url = f"ws://{request.host}/gateway"
        return self.json({"url": url, "shards": self.recommended_shards, "session_start_limit": limit})

    # -- application commands -------------------------------------------------------------------------

    async def _put_commands(self, request: web.Request) -> web.Response:
        if snowflake_param(request.match_info["app_id"]) != self.world.application_id:
            raise ApiError(404, 10002, "Unknown Application")
        scope = None
        if "guild_id" in request.match_info:
            scope = snowflake_param(request.match_info["guild_id"])
            if scope not in self.world.guilds:
                raise ApiError(404, 10004, "Unknown Guild")
        payload, _ = await self.read_body(request)
        validate_command_list(payload)
        return self.json(self.world.store_commands(scope, payload))

    # -- channels, messages, threads, files ------------------------------------------------------------

    def _channel_or_404(self, request: web.Request) -> FakeChannel:
        channel = self.world.channels.get(snowflake_param(request.match_info["channel_id"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message_or_404(self, request: web.Request) -> FakeMessage:
        channel = self._channel_or_404(request)
        message = self.world.messages.get(snowflake_param(request.match_info["message_id"]))
        # Ephemeral messages exist only for their user's client: channel endpoints do not know them.
        if message is None or message.deleted or message.ephemeral or message.channel_id != channel.id:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def _get_channel(self, request: web.Request) -> web.Response:
        return self.json(self._channel_or_404(request).to_dict())

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(snowflake_param(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return self.json(user.to_dict())

    async def _create_dm(self, request: web.Request) -> web.Response:
        payload, _ = await self.read_body(request)
        user = self.world.users.get(snowflake_param(payload.get("recipient_id")))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return self.json(self.world.dm_channel(user).to_dict())

    async def _create_message(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel_or_404(request)
        if channel.recipient is not None and channel.recipient.dms_closed:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        payload, files = await self.read_body(request)
        if channel.bot_deny & (VIEW_AND_SEND | (ATTACH_FILES if files else 0)):
            raise ApiError(403, 50013, "Missing Permissions")
        if channel.failures:
            status = channel.failures.pop(0)
            if status == 429:
                body = {"message": "You are being rate limited.", "retry_after": 0.05, "global": False, "code": 0}
                headers = {**self.headers(), "Via": "1.1 google", "X-RateLimit-Remaining": "0"}
                return web.Response(status=429, body=dumps(body), headers=headers)
            raise ApiError(status, 50013 if status == 403 else 0, "Missing Permissions" if status == 403 else "Error")
        message = self.world.create_message(channel.id, payload, files)
        return await self.reply(request, message.to_dict(), changed=[("create", message)])

    async def _get_message(self, request: web.Request) -> web.Response:
        return self.json(self._channel_message_or_404(request).to_dict())

    async def _edit_message(self, request: web.Request) -> web.StreamResponse:
        message = self._channel_message_or_404(request)
        if message.author.id != self.world.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await self.read_body(request)
        self.world.edit_message(message, payload, files)
        # A component interaction answered with a bare defer is often finished by editing its
        # message through the channel; that counts as the follow-up the test waits for.
        waiting = [r for r in self._deferred_updates.pop(message.id, []) if r._awaiting_followup]
        return await self.reply(request, message.to_dict(), changed=[("update", message)], complete=waiting)

    async def _create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel_or_404(request)
        payload, _ = await self.read_body(request)
        errors = FormErrors()
        errors.max_length(["name"], payload.get("name"), 100, minimum=1)
        errors.raise_if_any()
        private = payload.get("type", PRIVATE_THREAD) == PRIVATE_THREAD
        thread = self.world.new_thread(parent, payload["name"], private=private, owner=self.world.bot_user)
        self.gateway.dispatch_guild(thread.guild_id, "THREAD_CREATE", {**thread.to_dict(), "newly_created": True})
        return self.json(thread.to_dict(), 201)

    async def cdn(self, request: web.Request) -> web.Response:
        blob = self.world.blobs.get(snowflake_param(request.match_info["attachment_id"]))
        if blob is None:
            return web.Response(status=404, text="no such attachment")
        return web.Response(body=blob[1], headers={"Content-Type": blob[2]})


# ---- multipart bodies ---------------------------------------------------------------------------------
# Read by hand: aiohttp's part reader parses every Content-Disposition with the email package and
# costs milliseconds per upload, which in the benchmarks is load-generator time taken from the bot.

_DISPOSITION_PARAM = re.compile(rb';\s*(name|filename)="((?:[^"\\]|\\.)*)"', re.IGNORECASE)


def _boundary(content_type: str) -> str | None:
    match = re.search(r'boundary="?([^";]+)"?', content_type)
    return match[1] if match else None


def _multipart_parts(body: bytes, boundary: str) -> Iterable[tuple[str | None, str | None, bytes]]:
    """(name, filename, data) of each part of a multipart/form-data ``body``."""
    delimiter = b"--" + boundary.encode("latin-1")
    sections = body.split(delimiter)
    if len(sections) < 3 or not sections[-1].startswith(b"--"):
        raise ApiError(400, 50035, "fake Discord: a malformed multipart body")
    for section in sections[1:-1]:
        head, separator, data = section.partition(b"\r\n\r\n")
        if not separator or not data.endswith(b"\r\n"):
            raise ApiError(400, 50035, "fake Discord: a malformed multipart part")
        params: dict[str, str] = {}
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-disposition:"):
                params = {
                    key.decode().lower(): value.decode("utf-8").replace('\\"', '"')
                    for key, value in _DISPOSITION_PARAM.findall(line)
                }
        yield params.get("name"), params.get("filename"), data[:-2]

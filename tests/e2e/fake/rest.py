"""Discord's REST API, trimmed to the routes discord.py uses for this bot and its tests.

Request plumbing (bodies, JSON answers with rate-limit headers, announcing changes after the
answer) and the routes for the bot's user, application, gateway, commands, channels, messages,
threads and uploaded files. The interaction callback and webhook follow-ups are in ``answers.py``.
A request naming a channel gets Discord's error when the channel is out of reach (404 10003
deleted, 403 50001 not visible or the bot removed from its guild); a thread takes its permissions
from its parent (posting needs Send Messages in Threads there), a locked one refuses a bot without
Manage Threads (160005), an archived one refuses edits (50083) and is unarchived by a post. Every
answer is noted for the invalid-request counter (``faults.py``).
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
from .lifecycle import Lifecycle
from .models import FakeChannel
from .oauth import REVOKE_PATH, TOKEN_PATH, OAuth
from .openapi import Conformance
from .protocol import (
    API_VERSION,
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    ApiError,
    dumps,
    loads,
    snowflake_param,
)
from .ratelimits import RateLimits, answer_headers
from .records import FakeMessage, Interaction
from .world import Files, World

log = logging.getLogger(__name__)

API_PREFIX = f"/api/v{API_VERSION}/"
OAUTH_PATHS = {API_PREFIX + TOKEN_PATH.lstrip("/"), API_PREFIX + REVOKE_PATH.lstrip("/")}
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
        self.conformance = Conformance()  # bodies and answers held to Discord's OpenAPI spec
        self.rate_limits: RateLimits | None = None  # Discord's rate limits (ratelimits.py), when on
        # (status, retry_after) the next command list PUTs get (FakeDiscord.fail_command_syncs)
        self.command_failures: list[tuple[int, float]] = []
        self.faults = world.faults
        self.lifecycle = Lifecycle(world, gateway)
        self.oauth = OAuth()  # the web companion's sign-in (oauth.py)
        self._deferred_updates = interactions.deferred_updates

    def routes(self) -> list[tuple[str, str, Callable]]:
        commands = "/applications/{app_id}/commands"
        guild_commands = "/applications/{app_id}/guilds/{guild_id}/commands"
        return [
            ("GET", "/users/@me", self._me),
            ("POST", "/users/@me/channels", self._create_dm),
            ("GET", "/users/{user_id}", self._get_user),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member),
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
            ("PATCH", "/channels/{channel_id}", self._edit_channel),
            ("DELETE", "/channels/{channel_id}", self._delete_channel),
            ("GET", "/channels/{channel_id}/messages", self._list_messages),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_message),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._create_thread_from_message),
        ]

    # -- plumbing -----------------------------------------------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        if request.path.startswith("/_control/"):
            return await handler(request)
        self.requests.append((request.method, request.path))
        channel_id = request.match_info.get("channel_id", "")
        dead = self.world.dead_reason(int(channel_id)) if channel_id.isdigit() else None
        try:
            limited = self._rate_limited(request)  # (a Response is a mapping: an empty one is falsy)
            response = limited if limited is not None else await handler(request)
        except ApiError as error:
            response = self.json(error.body(), error.status)
        path = request.path.removeprefix(API_PREFIX[:-1])
        self.faults.note_answer(request.method, path, response.status, response.headers.get("X-RateLimit-Scope"))
        if dead is not None:
            self.faults.note_dead_channel(int(channel_id), dead, request.method, path, response.status)
        spec_route = request.path not in OAUTH_PATHS  # (oauth.py checks its own)
        if (
            spec_route
            and request.path.startswith(API_PREFIX)
            and handler != self.unknown
            and isinstance(response, web.Response)
        ):
            # Held to Discord's spec: every answer has the body its route and status document.
            self.conformance.check_answer(request.method, request.path, response.status, response.body)
        return response

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
        headers.update(answer_headers.get() or {})  # the request's bucket, when rate limits are on
        if content:
            headers["Content-Type"] = "application/json"
        return headers

    def _rate_limited(self, request: web.Request) -> web.Response | None:
        """With rate limits on: the 429 Discord gives a request past a limit, or None (go on), and
        the request's own rate-limit headers kept for its answer (``headers``)."""
        verdict = None
        if self.rate_limits is not None and request.path.startswith("/api/"):
            route = request.match_info.route.resource
            template = route.canonical if route is not None else request.path
            token = request.headers.get("Authorization")
            verdict = self.rate_limits.check(request.method, template, request.match_info, token)
        answer_headers.set(verdict.headers if verdict is not None else None)
        if verdict is None or verdict.allowed:
            return None
        headers = {**verdict.headers, "Content-Type": "application/json"}
        return web.Response(status=429, body=dumps(verdict.body), headers=headers)

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
            self.conformance.check_request(request.method, request.path, payload)
            return payload, files
        raw = await request.read() if request.body_exists else b""
        payload = loads(raw) if raw else {}
        if raw:
            self.conformance.check_request(request.method, request.path, payload)
        return payload, {}

    async def unknown(self, request: web.Request) -> web.Response:
        route = f"{request.method} {request.path_qs}"
        self.unknown_routes.append(route)
        log.error("fake Discord: unknown route %s (add it to tests/e2e/fake/rest.py)", route)
        return self.json({"message": f"fake Discord: unknown route {route}", "code": 0}, 404)

    # -- the bot's user, application and gateway ------------------------------------------------------

    async def _me(self, request: web.Request) -> web.Response:
        authorization = request.headers.get("Authorization", "")
        if authorization.startswith("Bearer "):  # a person's OAuth2 token (the web's sign-in)
            person = self.oauth.user_of(authorization)
            if person is None:
                raise ApiError(401, 0, "401: Unauthorized")
            return self.json({**person.to_dict(), "mfa_enabled": False, "locale": "en-US"})
        if not authorization.startswith("Bot "):
            raise ApiError(401, 0, "401: Unauthorized")
        return self.json({**self.world.bot_user.to_dict(), "verified": True, "mfa_enabled": False, "locale": "en-US"})

    async def _application(self, request: web.Request) -> web.Response:
        world = self.world
        return self.json(
            {
                "id": str(world.application_id),
                "name": world.bot_user.name,
                "description": "",
                "type": None,
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": world.owner.to_dict(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "flags_new": "0",
                "summary": "",
                "rpc_origins": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "role_connections_verification_url": None,
                "bot": world.bot_user.to_dict(),
                "approximate_guild_count": len(world.guilds),
                "approximate_user_install_count": 0,
                "approximate_user_authorization_count": 0,
                "explicit_content_filter": 0,
                "eligible_oauth2_scopes": ["bot", "applications.commands"],
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
            if not self.world.guilds[scope].bot_present:
                # What syncing commands to a guild the bot is not in answers on Discord.
                raise ApiError(403, 50001, "Missing Access")
        payload, _ = await self.read_body(request)
        validate_command_list(payload)
        if self.command_failures:
            status, retry_after = self.command_failures.pop(0)
            if status == 429:  # the daily limit of command creates: code 30034, retry after hours
                body = {
                    "message": "Max number of daily application command creates has been reached (200)",
                    "retry_after": retry_after,
                    "global": False,
                    "code": 30034,
                }
                headers = {**self.headers(), "Via": "1.1 google", "X-RateLimit-Remaining": "0"}
                return web.Response(status=429, body=dumps(body), headers=headers)
            raise ApiError(status, 0, "Error")
        return self.json(self.world.store_commands(scope, payload))

    # -- channels, messages, threads, files ------------------------------------------------------------

    def _channel_or_404(self, request: web.Request) -> FakeChannel:
        """The channel the route names (404 10003 when deleted, 403 50001 when out of reach); a
        thread idle past its auto-archive duration is archived first, as Discord would have."""
        channel = self.world.usable_channel(snowflake_param(request.match_info["channel_id"]))
        self.lifecycle.archive_if_idle(channel)
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

    async def _get_member(self, request: web.Request) -> web.Response:
        """Every user is a member of every guild (``FakeDiscord.add_user``)."""
        guild = self.world.guilds.get(snowflake_param(request.match_info["guild_id"]))
        if guild is None or not guild.bot_present:
            raise ApiError(404, 10004, "Unknown Guild")
        user = self.world.users.get(snowflake_param(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10007, "Unknown Member")
        return self.json(guild.member(user))

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
        if channel.guild_id is not None:
            # In a thread it is Send Messages in Threads (on the parent) that counts, not Send Messages.
            needed = (SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES) | (ATTACH_FILES if files else 0)
            self._require(channel, needed)
            self.world.check_thread_writable(channel)
        if channel.failures:
            self.faults.counts["post failed"] += 1
            status = channel.failures.pop(0)
            if status == 429:
                body = {"message": "You are being rate limited.", "retry_after": 0.05, "global": False, "code": 0}
                headers = {**self.headers(), "Via": "1.1 google", "X-RateLimit-Remaining": "0"}
                return web.Response(status=429, body=dumps(body), headers=headers)
            raise ApiError(status, 50013 if status == 403 else 0, "Missing Permissions" if status == 403 else "Error")
        if channel.archived and self.lifecycle.set_archived(channel, False):
            self.lifecycle.thread_update(channel)  # a message unarchives its thread (unless locked)
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
        payload, _ = await self.read_body(request)  # its name's length is the spec's
        private = payload.get("type", PRIVATE_THREAD) == PRIVATE_THREAD
        duration = _archive_duration(payload)
        thread = self.world.new_thread(
            parent, payload["name"], private=private, owner=self.world.bot_user, auto_archive_duration=duration
        )
        self.gateway.dispatch_guild(thread.guild_id, "THREAD_CREATE", {**thread.to_dict(), "newly_created": True})
        return self.json(thread.to_dict(), 201)

    # -- reading a channel back, threads from messages, deleting and archiving ----------------------
    # (what scripts/smoke_discord.py does on the real Discord: post a note, start a thread from it,
    # read the thread's messages back, then delete or archive the thread and delete the note)

    def _bot_permissions(self, channel: FakeChannel) -> int:
        return self.world.bot_permissions(channel)

    def _require(self, channel: FakeChannel, permissions: int) -> None:
        if channel.guild_id is not None and self._bot_permissions(channel) & permissions != permissions:
            raise ApiError(403, 50013, "Missing Permissions")

    async def _list_messages(self, request: web.Request) -> web.Response:
        """A page of a channel's messages, newest first (also with ``after``), as Discord answers."""
        channel = self._channel_or_404(request)
        if channel.guild_id is not None and not self._bot_permissions(channel) & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        query = request.query
        limit = query.get("limit", "50")
        if not limit.isdigit() or not 1 <= int(limit) <= 100:
            errors = FormErrors()
            errors.add(["limit"], "Must be between 1 and 100.", "NUMBER_TYPE_MAX")
            errors.raise_if_any()
        count = int(limit)
        if channel.guild_id is not None and not self._bot_permissions(channel) & READ_MESSAGE_HISTORY:
            return self.json([])  # Discord answers no messages, not an error
        messages = [m for m in self.world.channel_messages[channel.id] if not m.ephemeral and not m.deleted]
        if "before" in query:
            before = snowflake_param(query["before"])
            page = [m for m in messages if m.id < before][-count:]
        elif "after" in query:
            after = snowflake_param(query["after"])
            page = [m for m in messages if m.id > after][:count]
        elif "around" in query:
            around = snowflake_param(query["around"])
            older = [m for m in messages if m.id < around][-(count // 2) :] if count > 1 else []
            page = older + [m for m in messages if m.id >= around][: count - len(older)]
        else:
            page = messages[-count:]
        return self.json([m.to_dict() for m in reversed(page)])

    async def _delete_message(self, request: web.Request) -> web.StreamResponse:
        message = self._channel_message_or_404(request)
        if message.author.id != self.world.bot_user.id:
            self._require(self.world.channels[message.channel_id], MANAGE_MESSAGES)
        message.deleted = True
        return await self.reply(request, status=204, changed=[("delete", message)])

    async def _create_thread_from_message(self, request: web.Request) -> web.StreamResponse:
        """A public thread started from a message: it gets the message's id, and the message the
        "has thread" flag (Discord: 32)."""
        message = self._channel_message_or_404(request)
        parent = self.world.channels[message.channel_id]
        if parent.is_thread or parent.guild_id is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if message.id in self.world.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        payload, _ = await self.read_body(request)  # its name's length is the spec's
        self._require(parent, VIEW_CHANNEL | CREATE_PUBLIC_THREADS)
        thread = self.world.new_thread(
            parent,
            payload["name"],
            private=False,
            owner=self.world.bot_user,
            thread_id=message.id,
            auto_archive_duration=_archive_duration(payload),
        )
        message.flags |= 32
        self.gateway.dispatch_guild(thread.guild_id, "THREAD_CREATE", {**thread.to_dict(), "newly_created": True})
        return await self.reply(request, thread.to_dict(), status=201, changed=[("update", message)])

    async def _edit_channel(self, request: web.Request) -> web.Response:
        """Renaming a channel (Manage Channels); for a thread also archiving and locking it. A
        thread's owner may rename and archive it; locking it, or changing someone else's thread,
        takes Manage Threads."""
        channel = self._channel_or_404(request)
        if channel.guild_id is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        payload, _ = await self.read_body(request)  # a name's length is the spec's; the durations are not
        duration = _archive_duration(payload) if "auto_archive_duration" in payload else None
        if not channel.is_thread:
            self._require(channel, MANAGE_CHANNELS)
        elif payload.get("locked") or channel.owner_id != self.world.bot_user.id:
            self._require(channel, MANAGE_THREADS)
        if "name" in payload:
            channel.name = payload["name"]
        if channel.is_thread:
            self.lifecycle.set_locked(channel, bool(payload.get("locked", channel.locked)))
            self.lifecycle.set_archived(channel, bool(payload.get("archived", channel.archived)))
            if duration is not None:
                channel.auto_archive_duration = duration
                channel.last_activity = self.world.clock()  # a new duration counts as activity
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self.gateway.dispatch_guild(channel.guild_id, event, channel.to_dict())
        return self.json(channel.to_dict())

    async def _delete_channel(self, request: web.Request) -> web.Response:
        """Deleting a thread takes Manage Threads, any other guild channel Manage Channels (with
        its threads). Answers the channel as it was; the gateway gets THREAD_DELETE or CHANNEL_DELETE."""
        channel = self._channel_or_404(request)
        if channel.guild_id is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        self._require(channel, MANAGE_THREADS if channel.is_thread else MANAGE_CHANNELS)
        self.lifecycle.delete(channel)
        return self.json(channel.to_dict())

    async def cdn(self, request: web.Request) -> web.Response:
        blob = self.world.blobs.get(snowflake_param(request.match_info["attachment_id"]))
        if blob is None:
            return web.Response(status=404, text="no such attachment")
        return web.Response(body=blob[1], headers={"Content-Type": blob[2]})


def _archive_duration(payload: dict) -> int:
    """A thread's ``auto_archive_duration`` from a body (Discord's default: 1440 minutes)."""
    duration = payload.get("auto_archive_duration")
    if duration is None:
        return 1440
    if duration not in (60, 1440, 4320, 10080):
        errors = FormErrors()
        errors.add(["auto_archive_duration"], "Value must be one of (60, 1440, 4320, 10080).", "BASE_TYPE_CHOICES")
        errors.raise_if_any()
    return int(duration)


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

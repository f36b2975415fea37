"""A fake Discord for end-to-end tests: REST and gateway on 127.0.0.1, driven by the tests.

The real discord.py client connects to it (see ``FakeDiscord.patch_discord``). Tests act as users
(``slash``, ``click``, ``select``, ``submit_modal``, ``autocomplete``) and inspect what the bot sent
(``FakeMessage`` records). The fake copies the Discord behaviours a bot can get wrong: ephemeral
messages are invisible to other users and to channel endpoints, an interaction must be answered
within 3 seconds and only once, the first follow-up after a deferred reply fills the "thinking"
message (ignoring its own ephemeral flag), and payloads over Discord's limits are refused with
the "Invalid Form Body" error Discord sends.

Anything discord.py asks that the fake does not know answers 404 with "fake Discord: unknown
route ..." and is logged at ERROR, so a missing route shows up in the test output.

Use (fixtures doing this are in test_fake_discord.py)::

    async with FakeDiscord() as fake:
        undo = fake.patch_discord()
        channel, alice = fake.add_channel("general"), fake.add_user("alice", locale="nl")
        task = await harness.run_client(bot)                 # READY + GUILD_CREATE, tree synced
        reply = await fake.slash(alice, channel, "game new", {"players": 3})
        moved = await fake.click(alice, reply.message, reply.message.find_button("Start")["custom_id"])
        board = await fake.wait_for(lambda m: m.channel_id == channel and m.files)
        await harness.stop_client(bot, task)
        undo()

Every driving method waits for the bot's answer (and, after a defer, for its first follow-up or
edit) and returns an ``Interaction`` record; records and messages are live objects that later
edits update.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import re
import secrets
import socket
import struct
import time
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

import discord
import yarl
from aiohttp import WSMsgType, web

try:
    import orjson

    def _dumps(obj: Any) -> bytes:
        return orjson.dumps(obj)

    _loads = orjson.loads
except ImportError:  # pragma: no cover - orjson is optional
    import json

    def _dumps(obj: Any) -> bytes:
        return json.dumps(obj, separators=(",", ":")).encode()

    _loads = json.loads


log = logging.getLogger(__name__)

__all__ = [
    "FakeDiscord",
    "FakeDiscordError",
    "FakeMessage",
    "FakeUser",
    "Interaction",
    "InteractionRecord",
]

DISCORD_EPOCH_MS = 1420070400000
API_VERSION = 10

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Interaction types (what the user did) and response types (how the bot answered).
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
ALLOWED_RESPONSES = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}

# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN = 1, 2, 3, 4, 5
USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 6, 7, 8, 9, 10, 11

# Component types.
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECT_TYPES = {3, 5, 6, 7, 8}
LABEL = 18

# Channel types.
GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
VALID_LOCALES = frozenset(locale.value for locale in discord.Locale)

# Gateway intents the fake looks at.
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DM_MESSAGES = 1 << 12

EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    read_message_history=True,
    use_application_commands=True,
    change_nickname=True,
    create_instant_invite=True,
    connect=True,
    speak=True,
).value
MANAGER_PERMISSIONS = discord.Permissions(manage_guild=True).value
BOT_PERMISSIONS = (
    EVERYONE_PERMISSIONS
    | discord.Permissions(manage_messages=True, manage_threads=True, create_private_threads=True).value
)
ALL_PERMISSIONS = discord.Permissions.all().value
_VIEW_AND_SEND = discord.Permissions(view_channel=True, send_messages=True).value
_ATTACH = discord.Permissions(attach_files=True).value
ADMINISTRATOR = discord.Permissions(administrator=True).value


class FakeDiscordError(AssertionError):
    """A test drove the fake wrongly, or the bot did not answer as Discord requires."""


class ApiError(Exception):
    """An error the fake answers over REST, in Discord's JSON shape."""

    def __init__(self, status: int, code: int, message: str, errors: dict | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


class _FormErrors:
    """Collects "Invalid Form Body" problems with their JSON path, as Discord reports them."""

    def __init__(self) -> None:
        self.tree: dict = {}
        self.lines: list[str] = []

    def add(self, path: Iterable[Any], message: str, code: str = "BASE_TYPE_INVALID") -> None:
        path = [str(p) for p in path]
        node = self.tree
        for key in path:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
        self.lines.append(f"{'.'.join(path)}: {message}")

    def max_length(self, path: Iterable[Any], value: Any, limit: int, *, minimum: int = 0) -> None:
        if value is None:
            value = ""
        if not isinstance(value, str):
            self.add(path, "Must be a string.", "BASE_TYPE_STRING")
        elif not minimum <= len(value) <= limit:
            self.add(path, f"Must be between {minimum} and {limit} in length.", "BASE_TYPE_BAD_LENGTH")

    def raise_if_any(self) -> None:
        if self.tree:
            log.warning("fake Discord refused a payload: %s", "; ".join(self.lines))
            raise ApiError(400, 50035, "Invalid Form Body", self.tree)


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    return None


_CONTENT_TYPES = {
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "txt": "text/plain; charset=utf-8",
    "json": "application/json; charset=utf-8",
}


class _Snowflakes:
    """Monotonic snowflakes whose timestamps are now, so discord.py's created_at makes sense."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last


# --------------------------------------------------------------------------------------------
# Records the tests look at
# --------------------------------------------------------------------------------------------


class FakeUser:
    """A Discord user who is a member of every guild of the fake."""

    def __init__(
        self,
        id: int,
        name: str,
        *,
        locale: str = "en-US",
        manage_guild: bool = False,
        permissions: int = 0,
        bot: bool = False,
    ) -> None:
        self.id = id
        self.name = name
        self.locale = locale
        self.manage_guild = manage_guild
        self.permissions = permissions
        self.bot = bot
        self.joined_at = _now_iso()

    def __repr__(self) -> str:
        return f"<FakeUser {self.name!r} id={self.id}>"

    def to_dict(self) -> dict:
        data = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.name,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data


class FakeChannel:
    def __init__(self, id: int, type: int, name: str, *, guild_id: int | None, parent_id: int | None = None) -> None:
        self.id = id
        self.type = type
        self.name = name
        self.guild_id = guild_id
        self.parent_id = parent_id
        self.position = 0
        self.topic: str | None = None
        self.owner_id: int | None = None
        self.archived = False
        self.locked = False
        self.recipient: FakeUser | None = None
        self.last_message_id: int | None = None
        self.message_count = 0
        self.deleted = False
        self.created = _now_iso()
        self.bot_deny = 0  # permission bits the bot is denied here (see FakeDiscord.deny_bot)
        self.overwrites: list[dict] = []
        self.failures: list[int] = []  # statuses the next message posts get (FakeDiscord.fail_posts)

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def to_dict(self) -> dict:
        last = str(self.last_message_id) if self.last_message_id else None
        if self.type == DM:
            recipients = [self.recipient.to_dict()] if self.recipient else []
            return {"id": str(self.id), "type": DM, "last_message_id": last, "recipients": recipients, "flags": 0}
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
        }
        if self.is_thread:
            data.update(
                parent_id=str(self.parent_id),
                owner_id=str(self.owner_id) if self.owner_id else None,
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=1,
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": self.created,
                    "create_timestamp": self.created,
                    "invitable": True,
                },
            )
        else:
            data.update(
                position=self.position,
                parent_id=str(self.parent_id) if self.parent_id else None,
                topic=self.topic,
                permission_overwrites=list(self.overwrites),
                default_auto_archive_duration=1440,
            )
        return data


class FakeGuild:
    def __init__(self, id: int, name: str, owner_id: int, roles: dict[str, int]) -> None:
        self.id = id
        self.name = name
        self.owner_id = owner_id
        self.everyone_role_id = id
        self.manager_role_id = roles["manager"]
        self.bot_role_id = roles["bot"]
        self.locale = "en-US"

    def roles(self, bot_user_id: int) -> list[dict]:
        def role(id: int, name: str, permissions: int, position: int, **extra: Any) -> dict:
            return {
                "id": str(id),
                "name": name,
                "permissions": str(permissions),
                "position": position,
                "color": 0,
                "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False,
                "icon": None,
                "unicode_emoji": None,
                "managed": False,
                "mentionable": False,
                "flags": 0,
                **extra,
            }

        return [
            role(self.everyone_role_id, "@everyone", EVERYONE_PERMISSIONS, 0),
            role(self.manager_role_id, "Managers", MANAGER_PERMISSIONS, 1),
            role(self.bot_role_id, "Bot", BOT_PERMISSIONS, 2, managed=True, tags={"bot_id": str(bot_user_id)}),
        ]


class FakeMessage:
    """A message as Discord stores it, plus what the tests need (uploaded bytes, visibility)."""

    def __init__(self, fake: FakeDiscord, id: int, channel_id: int, author: FakeUser) -> None:
        self._fake = fake
        self.id = id
        self.channel_id = channel_id
        self.author = author
        self.content = ""
        self.embeds: list[dict] = []
        self.components: list[dict] = []
        self.attachments: list[dict] = []
        self.flags = 0
        self.type = 0
        self.tts = False
        self.for_user: FakeUser | None = None
        self.via_interaction: int | None = None
        self.interaction_metadata: dict | None = None
        self.legacy_interaction: dict | None = None
        self.message_reference: dict | None = None
        self.poll: dict | None = None
        self.nonce: Any = None
        self.reactions: list[str] = []
        self.mentions: list[FakeUser] = []  # users this message pings (content filtered by allowed_mentions)
        self.edits = 0
        self.deleted = False
        self.timestamp = _now_iso()
        self.edited_timestamp: str | None = None
        self.versions: list[dict] = []  # earlier states, oldest first

    def __repr__(self) -> str:
        kind = "ephemeral" if self.ephemeral else "public"
        gone = " deleted" if self.deleted else ""
        return f"<FakeMessage {self.id} {kind}{gone} in {self.channel_id}: {self.content[:40]!r}>"

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while the bot is "thinking" after a deferred reply."""
        return bool(self.flags & LOADING)

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return [(a["filename"], self._fake._blobs[int(a["id"])][1]) for a in self.attachments]

    @property
    def guild_id(self) -> int | None:
        channel = self._fake._channels.get(self.channel_id)
        return channel.guild_id if channel else None

    def to_dict(self) -> dict:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_dict(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [u.to_dict() for u in self.mentions],
            "mention_roles": [],
            "attachments": self.attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.via_interaction is not None:
            data["webhook_id"] = str(self._fake.application_id)
            data["application_id"] = str(self._fake.application_id)
        if self.interaction_metadata:
            data["interaction_metadata"] = self.interaction_metadata
        if self.legacy_interaction:
            data["interaction"] = self.legacy_interaction
        if self.message_reference:
            data["message_reference"] = self.message_reference
        if self.poll:
            data["poll"] = self.poll
        if self.nonce is not None:
            data["nonce"] = self.nonce
        if self.reactions:
            data["reactions"] = [
                {"count": 1, "me": True, "emoji": {"id": None, "name": e}, "count_details": {"burst": 0, "normal": 1}}
                for e in self.reactions
            ]
        return data

    # -- component helpers --------------------------------------------------------------------

    def walk_components(self) -> Iterator[dict]:
        """Every component, nested ones included (rows, containers, sections and accessories)."""
        return _walk_components(self.components)

    def buttons(self) -> list[dict]:
        return [
            {**c, "label": c.get("label"), "custom_id": c.get("custom_id"), "disabled": c.get("disabled", False)}
            for c in self.walk_components()
            if c.get("type") == BUTTON
        ]

    def selects(self) -> list[dict]:
        return [
            {**c, "disabled": c.get("disabled", False)} for c in self.walk_components() if c.get("type") in SELECT_TYPES
        ]

    def component(self, custom_id: str) -> dict | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)

    def find_button(self, label_contains: str | None = None, custom_id_prefix: str | None = None) -> dict:
        for button in self.buttons():
            if label_contains is not None and label_contains not in (button["label"] or ""):
                continue
            if custom_id_prefix is not None and not (button["custom_id"] or "").startswith(custom_id_prefix):
                continue
            return button
        have = [(b["label"], b["custom_id"]) for b in self.buttons()]
        raise FakeDiscordError(
            f"no button with label containing {label_contains!r} and custom_id prefix {custom_id_prefix!r} "
            f"on message {self.id}; its buttons (label, custom_id) are {have}"
        )

    def text(self) -> str:
        """Content, embed texts and components-v2 text displays in one string, for assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
        parts += [c.get("content", "") for c in self.walk_components() if c.get("type") == 10]
        return "\n".join(p for p in parts if p)


def _walk_components(components: Iterable[dict]) -> Iterator[dict]:
    for component in components or ():
        yield component
        yield from _walk_components(component.get("components", ()))
        if isinstance(component.get("accessory"), dict):
            yield from _walk_components([component["accessory"]])
        if isinstance(component.get("component"), dict):
            yield from _walk_components([component["component"]])


class Interaction:
    """What one user action caused: the bot's answer and the messages that came of it."""

    def __init__(self, id: int, token: str, type: int, user: FakeUser, channel_id: int, payload: dict) -> None:
        self.id = id
        self.token = token
        self.type = type
        self.user = user
        self.channel_id = channel_id
        self.payload = payload  # the INTERACTION_CREATE data sent to the bot
        self.response_type: int | None = None
        self.response: dict | None = None  # the callback body the bot sent
        self.message: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        self.choices: list[dict] | None = None
        self.modal: dict | None = None
        self.source_message: FakeMessage | None = None  # the message a component sat on
        self.sent_at = 0.0
        self.answered_after: float | None = None  # seconds from dispatch to callback
        self.description = ""
        self._future: asyncio.Future[Interaction] | None = None
        self._awaiting_followup = False
        self._original_loading = False

    def __repr__(self) -> str:
        return f"<Interaction {self.id} {self.description} response={self.response_type}>"

    @property
    def done(self) -> bool:
        return self._future is not None and self._future.done()

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral if self.message else False

    @property
    def content(self) -> str | None:
        return self.message.content if self.message else None

    @property
    def embeds(self) -> list[dict]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[dict]:
        return self.message.components if self.message else []

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return self.message.files if self.message else []

    def _complete(self) -> None:
        self._awaiting_followup = False
        if self._future is not None and not self._future.done():
            self._future.set_result(self)

    def _fail(self, message: str) -> None:
        if self._future is not None and not self._future.done():
            self._future.set_exception(FakeDiscordError(message))


# The same class under a name that does not shadow discord.Interaction in test modules.
InteractionRecord = Interaction


class _Connection:
    """One websocket; frames go out through a queue so events keep the order they were made in."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._write())

    @property
    def live(self) -> bool:
        return not self.ws.closed

    def send(self, payload: dict) -> None:
        # Text frames: discord.py takes every binary frame for zlib-compressed data.
        self.queue.put_nowait(_dumps(payload).decode())

    async def _write(self) -> None:
        while True:
            frame = await self.queue.get()
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                return

    def close(self) -> None:
        self.task.cancel()


class _GatewaySession:
    """A bot's gateway session; it outlives its socket so the client can RESUME it."""

    def __init__(self, session_id: str, intents: int, shard: list | None) -> None:
        self.session_id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.conn: _Connection | None = None
        self.missed: list[dict] = []  # events made while disconnected, replayed on RESUME
        self.resumes = 0

    @property
    def live(self) -> bool:
        return self.conn is not None and self.conn.live

    def dispatch(self, event: str, data: dict) -> None:
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        if self.live:
            self.conn.send(frame)
        else:
            self.missed.append(frame)


# --------------------------------------------------------------------------------------------
# The fake
# --------------------------------------------------------------------------------------------


class FakeDiscord:
    """Discord's REST API and gateway for one bot application, served on 127.0.0.1.

    ``response_deadline``: seconds the bot has to answer an interaction (Discord: 3); None turns
    the check off. ``message_events``: send MESSAGE_CREATE/UPDATE/DELETE over the gateway as
    Discord does for public messages. ``timeout``: default wait of the driving methods.
    """

    def __init__(
        self,
        *,
        guild_name: str = "Fake Guild",
        bot_name: str = "FakeBot",
        response_deadline: float | None = 3.0,
        message_events: bool = True,
        timeout: float = 5.0,
        settle_ticks: int = 1,
    ) -> None:
        self.response_deadline = response_deadline
        self.message_events = message_events
        self.timeout = timeout
        # Event-loop turns the fake lets pass after answering a request before it reports the
        # result to the test: discord.py registers a view only after the HTTP answer arrives, so
        # a test clicking at once must not overtake it. The gateway writer queue already adds two
        # turns (no lost clicks in 2,400 immediate reply-then-click rounds with 0 ticks); every
        # tick costs latency under load, so one is kept as a margin.
        self.settle_ticks = settle_ticks
        self._snowflake = _Snowflakes()
        self.bot_user = FakeUser(self._snowflake(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = FakeUser(self._snowflake(), "guild-owner", permissions=ALL_PERMISSIONS)
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self._channels: dict[int, FakeChannel] = {}
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self._messages: dict[int, FakeMessage] = {}
        self._channel_messages: dict[int, list[FakeMessage]] = {}
        self._blobs: dict[int, tuple[str, bytes, str]] = {}  # attachment id -> filename, bytes, type
        self._commands: dict[tuple[int | None, int, str], dict] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self.interactions: list[Interaction] = []
        self._interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self._modal_sources: dict[tuple[int, str], Interaction] = {}
        self._deferred_updates: dict[int, list[Interaction]] = {}  # message id -> records waiting
        self._waiters: list[tuple[Callable[[FakeMessage], bool], asyncio.Future]] = []
        self._sessions: dict[str, _GatewaySession] = {}
        self._current: _GatewaySession | None = None
        self.identifies = 0
        self.member_requests = 0  # gateway op 8
        self.unknown_routes: list[str] = []
        self.requests: list[tuple[str, str]] = []  # (method, path) of every REST call
        self.port: int | None = None
        self._runner: web.AppRunner | None = None
        self.guild_id = self.add_guild(guild_name)

    # -- lifecycle ----------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._error_middleware])
        api = f"/api/v{API_VERSION}"
        for method, path, handler in self._routes():
            app.router.add_route(method, api + path, handler)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/gateway/", self._gateway)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._h_cdn)
        app.router.add_route("*", "/{tail:.*}", self._h_unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()

    async def stop(self) -> None:
        for session in list(self._sessions.values()):
            if session.live:
                log.warning("fake Discord stopped while a bot was still connected; stop the client first")
                await session.conn.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.fail_waiters("the fake Discord was stopped")

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def patch_discord(self) -> Callable[[], None]:
        """Point discord.py's REST base and gateway at this fake; returns the undo function."""
        if self.port is None:
            raise FakeDiscordError("start() the fake before patch_discord()")
        route, gateway = discord.http.Route, discord.gateway.DiscordWebSocket
        old_base, old_gateway = route.BASE, gateway.DEFAULT_GATEWAY
        route.BASE = f"{self.base_url}/api/v{API_VERSION}"
        gateway.DEFAULT_GATEWAY = yarl.URL(self.gateway_url + "/")

        def undo() -> None:
            route.BASE, gateway.DEFAULT_GATEWAY = old_base, old_gateway

        return undo

    # -- state set-up ---------------------------------------------------------------------------

    def add_guild(self, name: str) -> int:
        guild = FakeGuild(
            self._snowflake(), name, self.owner.id, {"manager": self._snowflake(), "bot": self._snowflake()}
        )
        self.guilds[guild.id] = guild
        for session in self._sessions.values():
            session.dispatch("GUILD_CREATE", self._guild_create(guild, session.intents))
        return guild.id

    def add_channel(self, name: str, *, guild_id: int | None = None) -> int:
        guild_id = guild_id or self.guild_id
        channel = FakeChannel(self._snowflake(), GUILD_TEXT, name, guild_id=guild_id)
        channel.position = sum(1 for c in self._channels.values() if c.guild_id == guild_id and not c.is_thread)
        self._store_channel(channel)
        self._dispatch_all("CHANNEL_CREATE", channel.to_dict())
        return channel.id

    def deny_bot(self, channel_id: int, permissions: int) -> None:
        """Deny the bot these permission bits in a channel (a member overwrite, as a moderator
        would set): sent to the bot as CHANNEL_UPDATE, left out of ``app_permissions``, and
        message posts that need them are refused with 403 Missing Permissions."""
        channel = self._channel_or_error(channel_id)
        channel.bot_deny = permissions
        channel.overwrites = [{"id": str(self.bot_user.id), "type": 1, "allow": "0", "deny": str(permissions)}]
        self._dispatch_all("CHANNEL_UPDATE", channel.to_dict())

    def fail_posts(self, channel_id: int, *statuses: int) -> None:
        """The next message posts in this channel get these statuses (403, 429 with a short
        retry_after as Discord sends it, 500, 503 ...), one each, before posts work again."""
        self._channel_or_error(channel_id).failures.extend(statuses)

    def add_thread(self, parent_id: int, name: str, *, private: bool = False) -> int:
        parent = self._channel_or_error(parent_id)
        thread = FakeChannel(
            self._snowflake(),
            PRIVATE_THREAD if private else PUBLIC_THREAD,
            name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
        )
        thread.owner_id = self.owner.id
        self._store_channel(thread)
        self._dispatch_all("THREAD_CREATE", {**thread.to_dict(), "newly_created": True})
        return thread.id

    def add_user(
        self, name: str, *, locale: str = "en-US", manage_guild: bool = False, permissions: int = 0
    ) -> FakeUser:
        """A member of every guild; ``permissions`` adds raw permission bits on top of the roles."""
        if locale not in VALID_LOCALES:
            raise FakeDiscordError(f"{locale!r} is not a Discord locale; use one of {sorted(VALID_LOCALES)}")
        user = FakeUser(self._snowflake(), name, locale=locale, manage_guild=manage_guild, permissions=permissions)
        self.users[user.id] = user
        for guild in self.guilds.values():
            data = {**self._member(user, guild), "guild_id": str(guild.id)}
            self._dispatch_all("GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS)
        return user

    def _store_channel(self, channel: FakeChannel) -> None:
        self._channels[channel.id] = channel
        self._channel_messages[channel.id] = []

    # -- queries --------------------------------------------------------------------------------

    @property
    def commands(self) -> list[dict]:
        """Every registered application command (global and guild) as Discord stores it."""
        return list(self._commands.values())

    def command(self, name: str, *, guild_id: int | None = None, type: int = 1) -> dict:
        """A registered command: the guild's own if there is one, else the global one."""
        for scope in (guild_id or self.guild_id, None):
            found = self._commands.get((scope, type, name))
            if found is not None:
                return found
        names = sorted({c["name"] for c in self._commands.values() if c.get("type", 1) == type})
        raise FakeDiscordError(
            f"command {name!r} is not registered (registered: {names}); did the bot sync its command tree?"
        )

    def channel(self, channel_id: int) -> dict:
        return self._channel_or_error(channel_id).to_dict()

    def message(self, message_id: int) -> FakeMessage:
        try:
            return self._messages[message_id]
        except KeyError:
            raise FakeDiscordError(f"no message {message_id}") from None

    def all_messages(self) -> list[FakeMessage]:
        """Every message ever created, deleted and ephemeral ones included, oldest first."""
        return list(self._messages.values())

    def channel_messages(
        self, channel_id: int, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[FakeMessage]:
        return [
            m
            for m in self._channel_messages.get(channel_id, [])
            if (include_ephemeral or not m.ephemeral) and (include_deleted or not m.deleted)
        ]

    def ephemeral_messages(self, user: FakeUser | int, *, include_deleted: bool = False) -> list[FakeMessage]:
        user_id = _id_of(user)
        return [
            m
            for m in self._messages.values()
            if m.ephemeral
            and m.for_user is not None
            and m.for_user.id == user_id
            and (include_deleted or not m.deleted)
        ]

    def dm_messages(self, user: FakeUser | int) -> list[FakeMessage]:
        channel_id = self._dm_channels.get(_id_of(user))
        return self.channel_messages(channel_id) if channel_id else []

    def last_public(self, channel_id: int) -> FakeMessage | None:
        messages = self.channel_messages(channel_id)
        return messages[-1] if messages else None

    async def wait_for(
        self, predicate: Callable[[FakeMessage], bool], timeout: float | None = None, *, existing: bool = True
    ) -> FakeMessage:
        """The first message satisfying ``predicate``, checking existing messages first (unless
        ``existing=False``) and then every message created or edited from now on."""
        if existing:
            for message in reversed(self._messages.values()):
                if predicate(message):
                    return message
        future = asyncio.get_running_loop().create_future()
        entry = (predicate, future)
        self._waiters.append(entry)
        timeout = self.timeout if timeout is None else timeout
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise FakeDiscordError(f"no message satisfied the predicate within {timeout} s") from None
        finally:
            if entry in self._waiters:
                self._waiters.remove(entry)

    def fail_waiters(self, reason: str) -> None:
        """Make every pending interaction and wait_for fail now (e.g. the bot logged an error)."""
        for record in self._interactions.values():
            if not record.done:
                record._fail(f"{record.description}: {reason}")
        for _, future in self._waiters:
            if not future.done():
                future.set_exception(FakeDiscordError(reason))

    # -- gateway control --------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self._current is not None and self._current.live

    async def wait_until_connected(self, timeout: float | None = None) -> None:
        await self._poll(lambda: self.connected, timeout, "no bot connected to the gateway")

    async def force_reconnect(self, timeout: float | None = None) -> None:
        """Ask the bot to reconnect (gateway op 7) and wait until it has RESUMEd its session."""
        session = self._live_session()
        resumes = session.resumes
        session.conn.send({"op": 7, "d": None})
        await self._poll(lambda: session.resumes > resumes and session.live, timeout, "the bot did not resume")

    async def _poll(self, condition: Callable[[], bool], timeout: float | None, failure: str) -> None:
        timeout = self.timeout if timeout is None else timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            if loop.time() > deadline:
                raise FakeDiscordError(f"{failure} within {timeout} s")
            await asyncio.sleep(0.002)

    # -- driving interactions -------------------------------------------------------------------

    async def slash(
        self,
        user: FakeUser | int,
        channel_id: int,
        *path: str | dict,
        options: dict | None = None,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
    ) -> Interaction:
        """Run a slash command: ``slash(user, channel, "game", "new", options={"riders": 3})``.

        Path words are the command, then an optional group, then the subcommand (also accepted
        as one string "game new"); a trailing dict is taken as ``options``."""
        path, options = _split_path(path, options)
        user, channel = self._user_or_error(user), self._channel_or_error(channel_id)
        command = self._command_for(user, channel, path[0])
        data = self._command_data(command, path[1:], options, user, channel, focused=None)
        payload = self._interaction_payload(APPLICATION_COMMAND, user, channel, data, locale)
        record = self._new_record(APPLICATION_COMMAND, user, channel, payload, f"/{' '.join(path)}")
        return await self._run(record, timeout, wait_followup)

    async def autocomplete(
        self,
        user: FakeUser | int,
        channel_id: int,
        *path: str | dict,
        options: dict | None = None,
        focused: str,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> list[dict]:
        """The choices the bot offers while ``user`` types option ``focused`` (its value in
        ``options``, default "")."""
        path, options = _split_path(path, options)
        user, channel = self._user_or_error(user), self._channel_or_error(channel_id)
        command = self._command_for(user, channel, path[0])
        data = self._command_data(command, path[1:], options, user, channel, focused=focused)
        payload = self._interaction_payload(AUTOCOMPLETE, user, channel, data, locale)
        record = self._new_record(AUTOCOMPLETE, user, channel, payload, f"autocomplete /{' '.join(path)} {focused}")
        await self._run(record, timeout, False)
        return record.choices or []

    async def context_menu(
        self,
        user: FakeUser | int,
        channel_id: int,
        name: str,
        target: FakeUser | FakeMessage,
        *,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
    ) -> Interaction:
        """Run a user or message context-menu command on ``target``."""
        user, channel = self._user_or_error(user), self._channel_or_error(channel_id)
        kind = 3 if isinstance(target, FakeMessage) else 2
        command = self.command(name, guild_id=channel.guild_id, type=kind)
        data: dict[str, Any] = {"id": command["id"], "name": name, "type": kind, "target_id": str(target.id)}
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        if isinstance(target, FakeMessage):
            data["resolved"] = {"messages": {str(target.id): target.to_dict()}}
        else:
            resolved: dict = {}
            self._resolve_user(resolved, target, channel)
            data["resolved"] = resolved
        payload = self._interaction_payload(APPLICATION_COMMAND, user, channel, data, locale)
        record = self._new_record(APPLICATION_COMMAND, user, channel, payload, f"context menu {name!r}")
        return await self._run(record, timeout, wait_followup)

    async def click(
        self,
        user: FakeUser | int,
        message: FakeMessage | Interaction | int,
        custom_id: str,
        *,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
    ) -> Interaction:
        """Press the button ``custom_id`` on ``message`` as ``user``."""
        user, message = self._user_or_error(user), self._message_for(message)
        component = self._component_for(user, message, custom_id, {BUTTON})
        if component.get("style") in (5, 6):
            raise FakeDiscordError(f"button {custom_id!r} is a link/premium button: it sends no interaction")
        data = {"custom_id": custom_id, "component_type": BUTTON}
        if "id" in component:
            data["id"] = component["id"]
        return await self._component_interaction(user, message, data, locale, timeout, wait_followup, "button")

    async def select(
        self,
        user: FakeUser | int,
        message: FakeMessage | Interaction | int,
        custom_id: str,
        values: list,
        *,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
    ) -> Interaction:
        """Choose ``values`` in the select menu ``custom_id`` on ``message`` (option values for
        a string select; users, roles or channel ids for the other kinds)."""
        user, message = self._user_or_error(user), self._message_for(message)
        component = self._component_for(user, message, custom_id, SELECT_TYPES)
        kind = component["type"]
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise FakeDiscordError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        channel = self._channel_or_error(message.channel_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == STRING_SELECT:
            offered = [o["value"] for o in component.get("options", [])]
            unknown = [v for v in values if v not in offered]
            if unknown:
                raise FakeDiscordError(f"select {custom_id!r} offers {offered}; {unknown} are not among them")
            data["values"] = list(values)
        else:
            resolved: dict = {}
            data["values"] = [str(_id_of(v)) for v in values]
            for value in values:
                self._resolve_snowflake(resolved, value, _SELECT_KINDS[kind], user, channel)
            data["resolved"] = resolved
        return await self._component_interaction(user, message, data, locale, timeout, wait_followup, "select")

    async def submit_modal(
        self,
        user: FakeUser | int,
        channel_id: int,
        custom_id: str,
        values: dict[str, str | list[str]],
        *,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
    ) -> Interaction:
        """Submit the modal ``custom_id`` the bot showed ``user``, with ``{field custom_id: value}``
        (a list of values for selects inside a modal)."""
        user, channel = self._user_or_error(user), self._channel_or_error(channel_id)
        opener = self._modal_sources.get((user.id, custom_id))
        if opener is not None:
            components = _modal_submit_components(opener.modal["components"], values, custom_id)
        else:
            components = [
                {"type": ACTION_ROW, "components": [{"type": TEXT_INPUT, "custom_id": k, "value": v}]}
                for k, v in values.items()
            ]
        data = {"custom_id": custom_id, "components": components}
        payload = self._interaction_payload(MODAL_SUBMIT, user, channel, data, locale)
        source = opener.source_message if opener else None
        if source is not None:
            payload["message"] = source.to_dict()
        record = self._new_record(MODAL_SUBMIT, user, channel, payload, f"modal {custom_id!r}")
        record.source_message = source
        return await self._run(record, timeout, wait_followup)

    async def _component_interaction(
        self,
        user: FakeUser,
        message: FakeMessage,
        data: dict,
        locale: str | None,
        timeout: float | None,
        wait_followup: bool,
        what: str,
    ) -> Interaction:
        channel = self._channel_or_error(message.channel_id)
        payload = self._interaction_payload(MESSAGE_COMPONENT, user, channel, data, locale)
        payload["message"] = message.to_dict()
        record = self._new_record(MESSAGE_COMPONENT, user, channel, payload, f"{what} {data['custom_id']!r}")
        record.source_message = message
        return await self._run(record, timeout, wait_followup)

    def _new_record(self, type: int, user: FakeUser, channel: FakeChannel, payload: dict, what: str) -> Interaction:
        interaction_id = self._snowflake()
        token = f"fake-{interaction_id}-{secrets.token_hex(6)}"
        payload.update(id=str(interaction_id), token=token)
        record = Interaction(interaction_id, token, type, user, channel.id, payload)
        record.description = f"{what} by {user.name}"
        return record

    async def _run(self, record: Interaction, timeout: float | None, wait_followup: bool) -> Interaction:
        session = self._live_session()
        loop = asyncio.get_running_loop()
        record._future = loop.create_future()
        record._awaiting_followup = wait_followup  # cleared unless the answer is a defer
        self.interactions.append(record)
        self._interactions[record.id] = record
        self._by_token[record.token] = record
        record.sent_at = loop.time()
        session.dispatch("INTERACTION_CREATE", record.payload)
        timeout = self.timeout if timeout is None else timeout
        try:
            return await asyncio.wait_for(asyncio.shield(record._future), timeout)
        except TimeoutError:
            raise FakeDiscordError(self._timeout_message(record, timeout)) from None

    def _timeout_message(self, record: Interaction, timeout: float) -> str:
        if record.response_type is None:
            return (
                f"the bot did not answer {record.description} within {timeout} s. Likely causes: nothing "
                "handles it (discord.py silently drops a custom_id no view or DynamicItem claims), the "
                "handler raised (look for ERROR logs), or it is too slow."
            )
        return (
            f"the bot deferred {record.description} (response type {record.response_type}) but sent no "
            f"follow-up or edit of the original response within {timeout} s (pass wait_followup=False "
            "if a bare acknowledgement is intended)"
        )

    # -- building interaction payloads ----------------------------------------------------------

    def _interaction_payload(
        self, type: int, user: FakeUser, channel: FakeChannel, data: dict, locale: str | None
    ) -> dict:
        locale = locale or user.locale
        if locale not in VALID_LOCALES:
            raise FakeDiscordError(f"{locale!r} is not a Discord locale; use one of {sorted(VALID_LOCALES)}")
        payload: dict[str, Any] = {
            "application_id": str(self.application_id),
            "type": type,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "locale": locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if channel.guild_id is None:
            payload["channel"] = channel.to_dict()
            payload["user"] = user.to_dict()
            payload["authorizing_integration_owners"] = {"1": str(user.id)}
            payload["context"] = 1
            payload["app_permissions"] = str(BOT_PERMISSIONS)
            return payload
        guild = self.guilds[channel.guild_id]
        permissions = self._permissions(user, guild)
        app_permissions = self._permissions(self.bot_user, guild) & ~channel.bot_deny
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            guild_locale=guild.locale,
            channel={**channel.to_dict(), "permissions": str(permissions)},
            member={**self._member(user, guild), "permissions": str(permissions)},
            app_permissions=str(app_permissions),
            authorizing_integration_owners={"0": str(guild.id)},
            context=0,
        )
        return payload

    def _command_for(self, user: FakeUser, channel: FakeChannel, name: str) -> dict:
        command = self.command(name, guild_id=channel.guild_id)
        required = command.get("default_member_permissions")
        if required is not None and channel.guild_id is not None:
            have = self._permissions(user, self.guilds[channel.guild_id])
            need = int(required)  # "0": administrators only
            if not have & ADMINISTRATOR and (need == 0 or need & ~have):
                raise FakeDiscordError(
                    f"{user.name} cannot see /{name}: it needs default_member_permissions {required} "
                    f"and the user has {have}"
                )
        return command

    def _command_data(
        self,
        command: dict,
        path: list[str],
        options: dict,
        user: FakeUser,
        channel: FakeChannel,
        *,
        focused: str | None,
    ) -> dict:
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": command.get("type", 1)}
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        definitions = command.get("options", [])
        target: list = []
        data["options"] = target
        where = f"/{command['name']}"
        words = list(path)
        while words:
            word = words.pop(0)
            sub = next(
                (o for o in definitions if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None
            )
            if sub is None:
                names = [o["name"] for o in definitions if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
                raise FakeDiscordError(f"{where} has no subcommand or group {word!r}; it has {names}")
            entry: dict[str, Any] = {"name": word, "type": sub["type"], "options": []}
            target.append(entry)
            target, definitions, where = entry["options"], sub.get("options", []), f"{where} {word}"
            if sub["type"] == SUB_COMMAND and words:
                raise FakeDiscordError(f"{where} is a subcommand; unexpected further words {words}")
        nested = [o["name"] for o in definitions if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if nested:
            raise FakeDiscordError(f"{where} needs a subcommand or group: one of {nested}")
        by_name = {o["name"]: o for o in definitions}
        unknown = sorted(set(options) - set(by_name))
        if unknown:
            raise FakeDiscordError(f"{where} has no option(s) {unknown}; it has {list(by_name)}")
        if focused is not None and focused not in by_name:
            raise FakeDiscordError(f"{where} has no option {focused!r} to autocomplete; it has {list(by_name)}")
        resolved: dict = {}
        for definition in definitions:
            name = definition["name"]
            if name == focused:
                target.append(
                    {"name": name, "type": definition["type"], "value": options.get(name, ""), "focused": True}
                )
            elif name in options:
                value = self._encode_option(
                    where, definition, options[name], resolved, user, channel, strict=focused is None
                )
                target.append({"name": name, "type": definition["type"], "value": value})
            elif definition.get("required") and focused is None:
                raise FakeDiscordError(
                    f"{where}: option {name!r} is required (Discord will not send the command without it)"
                )
        if resolved:
            data["resolved"] = resolved
        return data

    def _encode_option(
        self,
        where: str,
        definition: dict,
        value: Any,
        resolved: dict,
        user: FakeUser,
        channel: FakeChannel,
        *,
        strict: bool,
    ) -> Any:
        kind, name = definition["type"], definition["name"]
        label = f"{where}: option {name!r}"
        if kind == STRING:
            if not isinstance(value, str):
                raise FakeDiscordError(f"{label} is a string option, got {value!r}")
            low, high = definition.get("min_length", 0), definition.get("max_length", 6000)
            if strict and not low <= len(value) <= high:
                raise FakeDiscordError(f"{label} must be {low}..{high} characters long")
        elif kind == INTEGER:
            if isinstance(value, bool) or not isinstance(value, int):
                raise FakeDiscordError(f"{label} is an integer option, got {value!r}")
        elif kind == NUMBER:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise FakeDiscordError(f"{label} is a number option, got {value!r}")
        elif kind == BOOLEAN:
            if not isinstance(value, bool):
                raise FakeDiscordError(f"{label} is a boolean option, got {value!r}")
        elif kind in (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT):
            snowflake = self._resolve_snowflake(resolved, value, kind, user, channel, label=label)
            allowed = definition.get("channel_types")
            if kind == CHANNEL and allowed and self._channels[int(snowflake)].type not in allowed:
                raise FakeDiscordError(f"{label} accepts channel types {allowed} only")
            return snowflake
        else:
            raise FakeDiscordError(f"{label} has option type {kind}, which the fake does not encode")
        if kind in (INTEGER, NUMBER) and strict:
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise FakeDiscordError(f"{label} must be between {low} and {high}, got {value}")
        choices = definition.get("choices")
        if choices and strict and value not in [c["value"] for c in choices]:
            raise FakeDiscordError(f"{label} must be one of {[c['value'] for c in choices]}, got {value!r}")
        return value

    def _resolve_snowflake(
        self, resolved: dict, value: Any, kind: int, user: FakeUser, channel: FakeChannel, *, label: str = "value"
    ) -> str:
        """Encode a user/role/channel/attachment value and add the resolved data Discord sends with it."""
        if kind == ATTACHMENT:
            if not (isinstance(value, tuple) and len(value) == 2):
                raise FakeDiscordError(f"{label}: give an attachment as (filename, bytes)")
            attachment = self._new_attachment(channel.id, value[0], value[1], ephemeral=True)
            resolved.setdefault("attachments", {})[attachment["id"]] = attachment
            return attachment["id"]
        snowflake = _id_of(value)
        role = self._role(snowflake) if kind in (ROLE, MENTIONABLE) else None
        if kind in (USER, MENTIONABLE) and snowflake in self.users:
            self._resolve_user(resolved, self.users[snowflake], channel)
        elif role is not None:
            resolved.setdefault("roles", {})[str(snowflake)] = role
        elif kind == CHANNEL and snowflake in self._channels:
            target = self._channels[snowflake]
            permissions = self._permissions(user, self.guilds[target.guild_id]) if target.guild_id else 0
            resolved.setdefault("channels", {})[str(snowflake)] = {**target.to_dict(), "permissions": str(permissions)}
        else:
            raise FakeDiscordError(f"{label} {value!r} is not a known {_KIND_NAMES.get(kind, kind)}")
        return str(snowflake)

    def _resolve_user(self, resolved: dict, user: FakeUser, channel: FakeChannel) -> None:
        resolved.setdefault("users", {})[str(user.id)] = user.to_dict()
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            member = {k: v for k, v in self._member(user, guild).items() if k != "user"}
            member["permissions"] = str(self._permissions(user, guild))
            resolved.setdefault("members", {})[str(user.id)] = member

    def _role(self, role_id: int) -> dict | None:
        for guild in self.guilds.values():
            for role in guild.roles(self.bot_user.id):
                if int(role["id"]) == role_id:
                    return role
        return None

    # -- permissions and members ------------------------------------------------------------------

    def _permissions(self, user: FakeUser, guild: FakeGuild) -> int:
        if user.id == guild.owner_id:
            return ALL_PERMISSIONS
        permissions = EVERYONE_PERMISSIONS | user.permissions
        if user.manage_guild:
            permissions |= MANAGER_PERMISSIONS
        if user.id == self.bot_user.id:
            permissions |= BOT_PERMISSIONS
        return ALL_PERMISSIONS if permissions & ADMINISTRATOR else permissions

    def _member(self, user: FakeUser, guild: FakeGuild) -> dict:
        roles = []
        if user.manage_guild:
            roles.append(str(guild.manager_role_id))
        if user.id == self.bot_user.id:
            roles.append(str(guild.bot_role_id))
        return {
            "user": user.to_dict(),
            "roles": roles,
            "nick": None,
            "avatar": None,
            "banner": None,
            "joined_at": user.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }

    # -- helpers for lookups ----------------------------------------------------------------------

    def _user_or_error(self, user: FakeUser | int) -> FakeUser:
        try:
            return self.users[_id_of(user)]
        except KeyError:
            raise FakeDiscordError(f"unknown user {user!r}; create users with add_user()") from None

    def _channel_or_error(self, channel_id: int) -> FakeChannel:
        channel = self._channels.get(channel_id)
        if channel is None or channel.deleted:
            raise FakeDiscordError(f"unknown channel {channel_id!r}; create channels with add_channel()")
        return channel

    def _message_for(self, message: FakeMessage | Interaction | int) -> FakeMessage:
        if isinstance(message, Interaction):
            if message.message is None:
                raise FakeDiscordError(f"{message.description} produced no message")
            message = message.message
        found = self._messages.get(_id_of(message))
        if found is None:
            raise FakeDiscordError(f"unknown message {message!r}")
        if found.deleted:
            raise FakeDiscordError(f"message {found.id} was deleted; nobody can use its components")
        return found

    def _component_for(self, user: FakeUser, message: FakeMessage, custom_id: str, kinds: set[int]) -> dict:
        if message.ephemeral and message.for_user is not None and message.for_user.id != user.id:
            raise FakeDiscordError(
                f"message {message.id} is ephemeral for {message.for_user.name}; {user.name} cannot see it"
            )
        if message.loading:
            raise FakeDiscordError(f"message {message.id} is still a 'thinking' placeholder")
        component = message.component(custom_id)
        if component is None or component.get("type") not in kinds:
            have = [(c.get("type"), c.get("custom_id")) for c in message.walk_components() if c.get("custom_id")]
            raise FakeDiscordError(
                f"message {message.id} has no {'button' if kinds == {BUTTON} else 'select'} with custom_id "
                f"{custom_id!r}; it has (type, custom_id) {have}"
            )
        if component.get("disabled"):
            raise FakeDiscordError(f"component {custom_id!r} on message {message.id} is disabled")
        return component

    def _live_session(self) -> _GatewaySession:
        if self._current is None or not self._current.live:
            raise FakeDiscordError("no bot is connected to the fake gateway (start one with harness.run_client)")
        return self._current

    def _dispatch_all(self, event: str, data: dict, *, intent: int = 0) -> None:
        for session in self._sessions.values():
            if not intent or session.intents & intent:
                session.dispatch(event, data)

    async def _settle(self) -> None:
        for _ in range(self.settle_ticks):
            await asyncio.sleep(0)

    # ============================================================================================
    # Gateway
    # ============================================================================================

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws)
        session: _GatewaySession | None = None
        conn.send({"op": 10, "d": {"heartbeat_interval": 41250, "_trace": ["fake-discord"]}})
        try:
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    frame = _loads(msg.data)
                    session = self._gateway_op(conn, session, frame.get("op"), frame.get("d"))
        finally:
            conn.close()
            if session is not None and session.conn is conn:
                session.conn = None
                if ws.close_code in (1000, 1001):
                    # A clean close ends the session on Discord: it cannot be resumed.
                    self._sessions.pop(session.session_id, None)
        return ws

    def _gateway_op(
        self, conn: _Connection, session: _GatewaySession | None, op: int, data: Any
    ) -> _GatewaySession | None:
        if op == 1:  # heartbeat
            conn.send({"op": 11})
        elif op == 2:  # identify
            session = _GatewaySession(secrets.token_hex(16), int(data.get("intents", 0)), data.get("shard"))
            session.conn = conn
            self._sessions[session.session_id] = session
            self.identifies += 1
            session.dispatch("READY", self._ready(session))
            for guild in self.guilds.values():
                session.dispatch("GUILD_CREATE", self._guild_create(guild, session.intents))
            self._set_current(session)
        elif op == 6:  # resume
            session = self._sessions.get(data.get("session_id"))
            if session is None:
                conn.send({"op": 9, "d": False})
                return None
            session.conn = conn
            session.resumes += 1
            missed, session.missed = session.missed, []
            for frame in missed:
                conn.send(frame)
            session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
            self._set_current(session)
        elif op == 8:  # request guild members
            self.member_requests += 1
            if session is not None:
                session.dispatch("GUILD_MEMBERS_CHUNK", self._members_chunk(data))
        elif op in (3, 4):  # presence and voice state: nothing to do
            pass
        else:
            log.error("fake Discord: unknown gateway op %r with %r", op, data)
        return session

    def _set_current(self, session: _GatewaySession) -> None:
        self._current = session

    def _ready(self, session: _GatewaySession) -> dict:
        ready = {
            "v": API_VERSION,
            "user": {**self.bot_user.to_dict(), "verified": True, "mfa_enabled": False, "flags": 0, "email": None},
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "_trace": ["fake-discord"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        return ready

    def _guild_create(self, guild: FakeGuild, intents: int) -> dict:
        # Without the presences intent Discord's GUILD_CREATE lists only the bot's own member (and
        # users in voice); the fake does the same, so a bot relying on a member cache it will not
        # have in production fails here too. The members intent lets it ask for the rest (op 8).
        members = [u for u in self.users.values() if intents & INTENT_GUILD_PRESENCES or u.id == self.bot_user.id]
        channels = [c for c in self._channels.values() if c.guild_id == guild.id and not c.deleted]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": guild.locale,
            "features": [],
            "roles": guild.roles(self.bot_user.id),
            "emojis": [],
            "stickers": [],
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "max_members": 500000,
            "joined_at": self.bot_user.joined_at,
            "large": False,
            "unavailable": False,
            "lazy": True,
            "member_count": len(self.users),
            "voice_states": [],
            "presences": [],
            "members": [self._member(u, guild) for u in members],
            "channels": [c.to_dict() for c in channels if not c.is_thread],
            "threads": [c.to_dict() for c in channels if c.is_thread],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _members_chunk(self, data: dict) -> dict:
        guild = self.guilds.get(int(data.get("guild_id", 0)))
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        limit = data.get("limit") or 0
        members, not_found = [], []
        if guild is not None:
            for user in self.users.values():
                if (wanted and user.id not in wanted) or not user.name.lower().startswith(query):
                    continue
                members.append(self._member(user, guild))
            not_found = sorted(wanted - set(self.users))
        if limit:
            members = members[:limit]
        chunk = {
            "guild_id": str(data.get("guild_id")),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in not_found],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        return chunk

    def _message_event(self, kind: str, message: FakeMessage) -> None:
        """Gateway events for a public message, as Discord sends them (never for ephemeral ones)."""
        if not self.message_events or message.ephemeral:
            return
        channel = self._channels.get(message.channel_id)
        if channel is None:
            return
        intent = INTENT_DM_MESSAGES if channel.guild_id is None else INTENT_GUILD_MESSAGES
        if kind == "delete":
            data: dict = {"id": str(message.id), "channel_id": str(channel.id)}
        else:
            data = message.to_dict()
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
            if kind == "create":
                member = self._member(message.author, self.guilds[channel.guild_id])
                data["member"] = {k: v for k, v in member.items() if k != "user"}
        event = {"create": "MESSAGE_CREATE", "update": "MESSAGE_UPDATE", "delete": "MESSAGE_DELETE"}[kind]
        self._dispatch_all(event, data, intent=intent)

    # ============================================================================================
    # REST plumbing
    # ============================================================================================

    @web.middleware
    async def _error_middleware(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        self.requests.append((request.method, request.path))
        try:
            return await handler(request)
        except ApiError as error:
            return self._json_response(error.body(), error.status)

    _HEADERS_BASE = {"Content-Type": "application/json", "X-RateLimit-Limit": "10000", "X-RateLimit-Remaining": "9999"}

    def _headers(self, request_path: str = "") -> dict[str, str]:
        # discord.py serialises requests per bucket until it sees rate-limit headers; generous
        # ones keep concurrent interactions concurrent.
        return {
            **self._HEADERS_BASE,
            "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
        }

    def _json_response(self, data: Any, status: int = 200) -> web.Response:
        return web.Response(status=status, body=_dumps(data), headers=self._headers())

    async def _reply(
        self,
        request: web.Request,
        data: Any = None,
        *,
        status: int = 200,
        changed: Iterable[tuple[str, FakeMessage]] = (),
        complete: Iterable[Interaction] = (),
    ) -> web.StreamResponse:
        """Answer the request, then announce the changes it made.

        The answer is written out first and the announcement waits a few loop turns, so the bot
        has processed the answer (and registered any view) before the test moves on."""
        if data is None and status == 200:
            status = 204
        if status == 204:
            response = web.Response(
                status=204, headers={k: v for k, v in self._headers().items() if k != "Content-Type"}
            )
        else:
            response = self._json_response(data, status)
        changed, complete = list(changed), list(complete)
        if not changed and not complete:
            return response
        await response.prepare(request)
        await response.write_eof()
        for kind, message in changed:
            self._message_event(kind, message)
        await self._settle()
        for kind, message in changed:
            if kind != "delete":
                self._notify_waiters(message)
        for record in complete:
            record._complete()
        return response

    def _notify_waiters(self, message: FakeMessage) -> None:
        for predicate, future in list(self._waiters):
            if future.done():
                continue
            try:
                matched = predicate(message)
            except Exception as error:  # a broken predicate should fail the wait, not the fake
                future.set_exception(error)
                continue
            if matched:
                future.set_result(message)

    async def _read_body(self, request: web.Request) -> tuple[dict, dict[int, tuple[str, bytes]]]:
        if request.content_type.startswith("multipart/"):
            payload: dict = {}
            files: dict[int, tuple[str, bytes]] = {}
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    payload = _loads(await part.text())
                    continue
                match = re.fullmatch(r"files\[(\d+)\]", part.name or "")
                if match is None:
                    raise ApiError(400, 50035, f"fake Discord: unexpected multipart field {part.name!r}")
                blob = bytes(await part.read())
                if len(blob) > ATTACHMENT_SIZE_LIMIT:
                    raise ApiError(413, 40005, "Request entity too large")
                files[int(match[1])] = (part.filename or f"file{match[1]}", blob)
            return payload, files
        if not request.body_exists:
            return {}, {}
        raw = await request.read()
        return (_loads(raw) if raw else {}), {}

    def _routes(self) -> list[tuple[str, str, Callable]]:
        app, guild_cmds = "/applications/{app_id}", "/applications/{app_id}/guilds/{guild_id}/commands"
        hook = "/webhooks/{app_id}/{token}"
        return [
            ("GET", "/users/@me", self._h_me),
            ("GET", "/users/{user_id}", self._h_user),
            ("POST", "/users/@me/channels", self._h_create_dm),
            ("GET", "/oauth2/applications/@me", self._h_application),
            ("GET", "/applications/@me", self._h_application),
            ("GET", "/gateway", self._h_gateway_url),
            ("GET", "/gateway/bot", self._h_gateway_url),
            ("GET", app + "/commands", self._h_get_commands),
            ("PUT", app + "/commands", self._h_put_commands),
            ("POST", app + "/commands", self._h_post_command),
            ("GET", app + "/commands/{command_id}", self._h_get_command),
            ("PATCH", app + "/commands/{command_id}", self._h_patch_command),
            ("DELETE", app + "/commands/{command_id}", self._h_delete_command),
            ("GET", guild_cmds, self._h_get_commands),
            ("PUT", guild_cmds, self._h_put_commands),
            ("POST", guild_cmds, self._h_post_command),
            ("GET", guild_cmds + "/permissions", self._h_empty_list),
            ("GET", guild_cmds + "/{command_id}", self._h_get_command),
            ("PATCH", guild_cmds + "/{command_id}", self._h_patch_command),
            ("DELETE", guild_cmds + "/{command_id}", self._h_delete_command),
            ("GET", app + "/emojis", self._h_empty_items),
            ("GET", app + "/entitlements", self._h_empty_list),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._h_callback),
            ("POST", hook, self._h_followup),
            ("GET", hook + "/messages/{message_id}", self._h_webhook_get),
            ("PATCH", hook + "/messages/{message_id}", self._h_webhook_edit),
            ("DELETE", hook + "/messages/{message_id}", self._h_webhook_delete),
            ("GET", "/channels/{channel_id}", self._h_get_channel),
            ("PATCH", "/channels/{channel_id}", self._h_edit_channel),
            ("DELETE", "/channels/{channel_id}", self._h_delete_channel),
            ("GET", "/channels/{channel_id}/messages", self._h_history),
            ("POST", "/channels/{channel_id}/messages", self._h_create_message),
            ("POST", "/channels/{channel_id}/messages/bulk-delete", self._h_bulk_delete),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._h_get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._h_edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._h_delete_message),
            ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self._h_add_reaction),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self._h_remove_reaction),
            ("POST", "/channels/{channel_id}/typing", self._h_no_content),
            ("POST", "/channels/{channel_id}/threads", self._h_create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._h_create_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._h_no_content),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self._h_no_content),
            ("GET", "/guilds/{guild_id}", self._h_get_guild),
            ("GET", "/guilds/{guild_id}/channels", self._h_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self._h_guild_roles),
            ("GET", "/guilds/{guild_id}/members", self._h_guild_members),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._h_guild_member),
            ("GET", "/guilds/{guild_id}/threads/active", self._h_active_threads),
        ]

    async def _h_unknown(self, request: web.Request) -> web.Response:
        route = f"{request.method} {request.path_qs}"
        self.unknown_routes.append(route)
        log.error("fake Discord: unknown route %s (add it to tests/e2e/fake_discord.py)", route)
        return self._json_response({"message": f"fake Discord: unknown route {route}", "code": 0}, 404)

    async def _h_no_content(self, request: web.Request) -> web.Response:
        self._channel_or_404(request)
        return web.Response(status=204)

    async def _h_empty_list(self, request: web.Request) -> web.Response:
        return self._json_response([])

    async def _h_empty_items(self, request: web.Request) -> web.Response:
        return self._json_response({"items": []})

    # -- users and application ------------------------------------------------------------------

    async def _h_me(self, request: web.Request) -> web.Response:
        if not request.headers.get("Authorization", "").startswith("Bot "):
            raise ApiError(401, 0, "401: Unauthorized")
        return self._json_response({**self.bot_user.to_dict(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def _h_user(self, request: web.Request) -> web.Response:
        user = self.users.get(_int(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return self._json_response(user.to_dict())

    async def _h_application(self, request: web.Request) -> web.Response:
        return self._json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.to_dict(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "bot": self.bot_user.to_dict(),
                "approximate_guild_count": len(self.guilds),
            }
        )

    async def _h_gateway_url(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return self._json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": limit})

    async def _h_create_dm(self, request: web.Request) -> web.Response:
        payload, _ = await self._read_body(request)
        user = self.users.get(_int(payload.get("recipient_id")))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        channel_id = self._dm_channels.get(user.id)
        if channel_id is None:
            channel = FakeChannel(self._snowflake(), DM, "", guild_id=None)
            channel.recipient = user
            self._store_channel(channel)
            self._dm_channels[user.id] = channel_id = channel.id
        return self._json_response(self._channels[channel_id].to_dict())

    # -- guilds ---------------------------------------------------------------------------------

    def _guild_or_404(self, request: web.Request) -> FakeGuild:
        guild = self.guilds.get(_int(request.match_info["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def _h_get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        data = self._guild_create(guild, 0)
        for key in ("members", "channels", "threads", "voice_states", "presences", "joined_at", "large", "lazy"):
            data.pop(key, None)
        data.update(approximate_member_count=len(self.users), approximate_presence_count=0)
        return self._json_response(data)

    async def _h_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        return self._json_response(
            [
                c.to_dict()
                for c in self._channels.values()
                if c.guild_id == guild.id and not c.is_thread and not c.deleted
            ]
        )

    async def _h_guild_roles(self, request: web.Request) -> web.Response:
        return self._json_response(self._guild_or_404(request).roles(self.bot_user.id))

    async def _h_guild_members(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        after = _int(request.query.get("after", "0"))
        limit = _int(request.query.get("limit", "1"))
        users = sorted((u for u in self.users.values() if u.id > after), key=lambda u: u.id)[:limit]
        return self._json_response([self._member(u, guild) for u in users])

    async def _h_guild_member(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        user = self.users.get(_int(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10007, "Unknown Member")
        return self._json_response(self._member(user, guild))

    async def _h_active_threads(self, request: web.Request) -> web.Response:
        guild = self._guild_or_404(request)
        threads = [
            c.to_dict()
            for c in self._channels.values()
            if c.guild_id == guild.id and c.is_thread and not c.archived and not c.deleted
        ]
        return self._json_response({"threads": threads, "members": []})

    # -- application commands ------------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        if _int(request.match_info["app_id"]) != self.application_id:
            raise ApiError(404, 10002, "Unknown Application")
        if "guild_id" not in request.match_info:
            return None
        return self._guild_or_404(request).id

    async def _h_get_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return self._json_response([c for (s, _, _), c in self._commands.items() if s == scope])

    async def _h_get_command(self, request: web.Request) -> web.Response:
        return self._json_response(self._command_by_id(request))

    def _command_by_id(self, request: web.Request) -> dict:
        scope, command_id = self._scope(request), request.match_info["command_id"]
        for (s, _, _), command in self._commands.items():
            if s == scope and command["id"] == command_id:
                return command
        raise ApiError(404, 10063, "Unknown application command")

    async def _h_put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await self._read_body(request)
        if not isinstance(payload, list):
            raise ApiError(400, 50035, "Invalid Form Body: expected a list of commands")
        errors = _FormErrors()
        seen: set[tuple[int, str]] = set()
        for index, command in enumerate(payload):
            _validate_command(command, errors, [index])
            key = (command.get("type", 1), command.get("name"))
            if key in seen:
                errors.add(
                    [index, "name"], "Application command names must be unique", "APPLICATION_COMMANDS_DUPLICATE_NAME"
                )
            seen.add(key)
        counts = {t: sum(1 for c in payload if c.get("type", 1) == t) for t in (1, 2, 3)}
        for kind, limit in ((1, 100), (2, 15), (3, 15)):
            if counts[kind] > limit:
                errors.add([], f"At most {limit} commands of type {kind}", "APPLICATION_COMMANDS_TOO_MANY")
        errors.raise_if_any()
        for key in [k for k in self._commands if k[0] == scope]:
            del self._commands[key]
        stored = [self._store_command(scope, command) for command in payload]
        return self._json_response(stored)

    async def _h_post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await self._read_body(request)
        errors = _FormErrors()
        _validate_command(payload, errors, [])
        errors.raise_if_any()
        return self._json_response(self._store_command(scope, payload), 201)

    async def _h_patch_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        old = self._command_by_id(request)
        payload, _ = await self._read_body(request)
        merged = {
            k: v for k, v in {**old, **payload}.items() if k not in ("id", "application_id", "guild_id", "version")
        }
        errors = _FormErrors()
        _validate_command(merged, errors, [])
        errors.raise_if_any()
        del self._commands[(scope, old.get("type", 1), old["name"])]
        return self._json_response(self._store_command(scope, merged))

    async def _h_delete_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        command = self._command_by_id(request)
        del self._commands[(scope, command.get("type", 1), command["name"])]
        return web.Response(status=204)

    def _store_command(self, scope: int | None, command: dict) -> dict:
        kind = command.get("type", 1)
        key = (scope, kind, command["name"])
        # Discord keeps a command's id across overwrites as long as its name and type stay.
        command_id = self._command_ids.setdefault(key, self._snowflake())
        stored = {
            "type": kind,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **command,
            "id": str(command_id),
            "application_id": str(self.application_id),
            "version": str(self._snowflake()),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        self._commands[key] = stored
        return stored

    # -- interaction callbacks ------------------------------------------------------------------

    async def _h_callback(self, request: web.Request) -> web.StreamResponse:
        record = self._interactions.get(_int(request.match_info["interaction_id"]))
        if record is None or record.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if record.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = asyncio.get_running_loop().time() - record.sent_at
        if self.response_deadline is not None and elapsed > self.response_deadline:
            record._fail(
                f"the bot answered {record.description} after {elapsed:.2f} s; Discord gives up after "
                f"{self.response_deadline} s and answers 'Unknown interaction' (defer before slow work)"
            )
            raise ApiError(404, 10062, "Unknown interaction")
        payload, files = await self._read_body(request)
        response_type, data = payload.get("type"), payload.get("data") or {}
        if response_type not in ALLOWED_RESPONSES.get(record.type, ()):
            raise ApiError(
                400, 50035, f"Interaction response type {response_type} is invalid for interaction type {record.type}"
            )
        if response_type in (DEFERRED_UPDATE, UPDATE_MESSAGE) and record.source_message is None:
            raise ApiError(
                400, 50035, "This interaction has no message to update (the modal did not come from a component)"
            )

        changed: list[tuple[str, FakeMessage]] = []
        if response_type == CHANNEL_MESSAGE:
            message = self._create_message(
                record.channel_id, data, files, author=self.bot_user, record=record, original=True, allow_ephemeral=True
            )
            record.message = message
            changed.append(("create", message))
        elif response_type == DEFERRED_MESSAGE:
            flags = LOADING | ((data.get("flags") or 0) & EPHEMERAL)
            message = self._create_message(
                record.channel_id,
                {"flags": flags},
                {},
                author=self.bot_user,
                record=record,
                original=True,
                allow_ephemeral=True,
                validate=False,
            )
            record.message = message
            record._original_loading = True
            changed.append(("create", message))
        elif response_type in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            record.message = record.source_message
            if response_type == UPDATE_MESSAGE:
                self._edit_message(record.source_message, data, files)
                changed.append(("update", record.source_message))
        elif response_type == AUTOCOMPLETE_RESULT:
            record.choices = _validated_choices(data.get("choices", []))
        elif response_type == MODAL:
            record.modal = _validated_modal(data)
            self._modal_sources[(record.user.id, data["custom_id"])] = record

        record.response_type, record.response = response_type, payload
        record.answered_after = elapsed
        deferred = response_type in (DEFERRED_MESSAGE, DEFERRED_UPDATE)
        record._awaiting_followup = record._awaiting_followup and deferred
        complete = [] if record._awaiting_followup else [record]
        if record._awaiting_followup and response_type == DEFERRED_UPDATE:
            self._deferred_updates.setdefault(record.message.id, []).append(record)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return await self._reply(request, None, changed=changed, complete=complete)
        return await self._reply(request, self._callback_body(record), changed=changed, complete=complete)

    def _callback_body(self, record: Interaction) -> dict:
        interaction: dict[str, Any] = {"id": str(record.id), "type": record.type}
        resource: dict[str, Any] = {"type": record.response_type}
        message = record.message
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            if record.response_type in (CHANNEL_MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE):
                resource["message"] = message.to_dict()
        return {"interaction": interaction, "resource": resource}

    # -- webhooks (interaction follow-ups) ------------------------------------------------------

    def _record_for_webhook(self, request: web.Request) -> Interaction:
        record = self._by_token.get(request.match_info["token"])
        if record is None or _int(request.match_info["app_id"]) != self.application_id or record.response_type is None:
            # Discord knows an interaction token as a webhook only once it has been answered.
            raise ApiError(404, 10015, "Unknown Webhook")
        return record

    def _webhook_target(self, record: Interaction, request: web.Request) -> FakeMessage:
        message_id = request.match_info["message_id"]
        if message_id == "@original":
            message = record.message
        else:
            message = self._messages.get(_int(message_id))
            if message is not None and message is not record.message and message not in record.followups:
                message = None
        if message is None or message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def _h_followup(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for_webhook(request)
        payload, files = await self._read_body(request)
        channel_id = _int(request.query["thread_id"]) if "thread_id" in request.query else record.channel_id
        if record._original_loading and record.message is not None:
            # Discord: the first follow-up after a deferred reply edits the "thinking" message and
            # ignores its own ephemeral flag; the defer decided the visibility.
            message = record.message
            record._original_loading = False
            payload = {**payload, "flags": (payload.get("flags") or 0) & ~EPHEMERAL}
            self._edit_message(message, payload, files, finish_loading=True)
            changed = [("update", message)]
        else:
            message = self._create_message(
                channel_id, payload, files, author=self.bot_user, record=record, allow_ephemeral=True
            )
            record.followups.append(message)
            changed = [("create", message)]
        complete = [record] if record._awaiting_followup else []
        wait = request.query.get("wait") in ("1", "true", "True")
        return await self._reply(request, message.to_dict() if wait else None, changed=changed, complete=complete)

    async def _h_webhook_get(self, request: web.Request) -> web.Response:
        record = self._record_for_webhook(request)
        return self._json_response(self._webhook_target(record, request).to_dict())

    async def _h_webhook_edit(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for_webhook(request)
        message = self._webhook_target(record, request)
        payload, files = await self._read_body(request)
        finishing = message is record.message and record._original_loading
        if finishing:
            record._original_loading = False
        self._edit_message(message, payload, files, finish_loading=finishing)
        complete = [record] if record._awaiting_followup and message is record.message else []
        return await self._reply(request, message.to_dict(), changed=[("update", message)], complete=complete)

    async def _h_webhook_delete(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for_webhook(request)
        message = self._webhook_target(record, request)
        message.deleted = True
        record._original_loading = record._original_loading and message is not record.message
        complete = [record] if record._awaiting_followup and message is record.message else []
        return await self._reply(request, None, changed=[("delete", message)], complete=complete)

    # -- channels and messages ------------------------------------------------------------------

    def _channel_or_404(self, request: web.Request) -> FakeChannel:
        channel = self._channels.get(_int(request.match_info["channel_id"]))
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _channel_message_or_404(self, request: web.Request) -> FakeMessage:
        channel = self._channel_or_404(request)
        message = self._messages.get(_int(request.match_info["message_id"]))
        # Ephemeral messages exist only for their user's client: channel endpoints do not know them.
        if message is None or message.deleted or message.ephemeral or message.channel_id != channel.id:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def _h_get_channel(self, request: web.Request) -> web.Response:
        return self._json_response(self._channel_or_404(request).to_dict())

    async def _h_edit_channel(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        payload, _ = await self._read_body(request)
        for key in ("name", "topic", "archived", "locked"):
            if key in payload:
                setattr(channel, key, payload[key])
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self._dispatch_all(event, channel.to_dict())
        return self._json_response(channel.to_dict())

    async def _h_delete_channel(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        channel.deleted = True
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        data = channel.to_dict()
        self._dispatch_all(event, data)
        return self._json_response(data)

    async def _h_history(self, request: web.Request) -> web.Response:
        channel = self._channel_or_404(request)
        messages = self.channel_messages(channel.id)
        query = request.query
        limit = min(_int(query.get("limit", "50")), 100)
        if "before" in query:
            messages = [m for m in messages if m.id < _int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > _int(query["after"])][:limit]
        if "around" in query:
            around = _int(query["around"])
            older = [m for m in messages if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in messages if m.id > around][: limit - len(older)]
            messages = older + newer
        messages = messages[-limit:]
        return self._json_response([m.to_dict() for m in reversed(messages)])

    async def _h_create_message(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel_or_404(request)
        payload, files = await self._read_body(request)
        needed = _VIEW_AND_SEND | (_ATTACH if files else 0)
        if channel.bot_deny & needed:
            raise ApiError(403, 50013, "Missing Permissions")
        if channel.failures:
            status = channel.failures.pop(0)
            if status == 429:
                body = {"message": "You are being rate limited.", "retry_after": 0.05, "global": False, "code": 0}
                headers = {**self._headers(), "Via": "1.1 google", "X-RateLimit-Remaining": "0"}
                return web.Response(status=429, body=_dumps(body), headers=headers)
            raise ApiError(status, 50013 if status == 403 else 0, "Missing Permissions" if status == 403 else "Error")
        message = self._create_message(channel.id, payload, files, author=self.bot_user)
        return await self._reply(request, message.to_dict(), changed=[("create", message)], complete=())

    async def _h_get_message(self, request: web.Request) -> web.Response:
        return self._json_response(self._channel_message_or_404(request).to_dict())

    async def _h_edit_message(self, request: web.Request) -> web.StreamResponse:
        message = self._channel_message_or_404(request)
        if message.author.id != self.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await self._read_body(request)
        self._edit_message(message, payload, files)
        # A component interaction answered with a bare defer is often finished by editing its
        # message through the channel; that counts as the follow-up the test waits for.
        waiting = [r for r in self._deferred_updates.pop(message.id, []) if r._awaiting_followup]
        return await self._reply(request, message.to_dict(), changed=[("update", message)], complete=waiting)

    async def _h_delete_message(self, request: web.Request) -> web.StreamResponse:
        message = self._channel_message_or_404(request)
        message.deleted = True
        return await self._reply(request, None, changed=[("delete", message)])

    async def _h_bulk_delete(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel_or_404(request)
        payload, _ = await self._read_body(request)
        gone = []
        for message_id in payload.get("messages", []):
            message = self._messages.get(_int(message_id))
            if message is not None and message.channel_id == channel.id and not message.ephemeral:
                message.deleted = True
                gone.append(("delete", message))
        return await self._reply(request, None, changed=gone)

    async def _h_add_reaction(self, request: web.Request) -> web.Response:
        message = self._channel_message_or_404(request)
        emoji = request.match_info["emoji"]
        if emoji not in message.reactions:
            message.reactions.append(emoji)
        return web.Response(status=204)

    async def _h_remove_reaction(self, request: web.Request) -> web.Response:
        message = self._channel_message_or_404(request)
        emoji = request.match_info["emoji"]
        if emoji in message.reactions:
            message.reactions.remove(emoji)
        return web.Response(status=204)

    async def _h_create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel_or_404(request)
        payload, _ = await self._read_body(request)
        errors = _FormErrors()
        errors.max_length(["name"], payload.get("name"), 100, minimum=1)
        errors.raise_if_any()
        if "message_id" in request.match_info:
            # A thread started from a message takes the message's id, as on Discord.
            message = self._channel_message_or_404(request)
            thread = FakeChannel(
                message.id, PUBLIC_THREAD, payload["name"], guild_id=parent.guild_id, parent_id=parent.id
            )
        else:
            kind = payload.get("type", PRIVATE_THREAD)
            thread = FakeChannel(
                self._snowflake(), kind, payload["name"], guild_id=parent.guild_id, parent_id=parent.id
            )
        thread.owner_id = self.bot_user.id
        self._store_channel(thread)
        self._dispatch_all("THREAD_CREATE", {**thread.to_dict(), "newly_created": True})
        return self._json_response(thread.to_dict(), 201)

    async def _h_cdn(self, request: web.Request) -> web.Response:
        blob = self._blobs.get(_int(request.match_info["attachment_id"]))
        if blob is None:
            return web.Response(status=404, text="no such attachment")
        return web.Response(body=blob[1], headers={"Content-Type": blob[2]})

    # -- message state --------------------------------------------------------------------------

    def _create_message(
        self,
        channel_id: int,
        payload: dict,
        files: dict[int, tuple[str, bytes]],
        *,
        author: FakeUser,
        record: Interaction | None = None,
        original: bool = False,
        allow_ephemeral: bool = False,
        validate: bool = True,
    ) -> FakeMessage:
        channel = self._channels.get(channel_id)
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        message = FakeMessage(self, self._snowflake(), channel_id, author)
        flags = payload.get("flags") or 0
        if not allow_ephemeral:
            flags &= ~EPHEMERAL
        message.flags = flags
        message.content = payload.get("content") or ""
        message.embeds = [_embed(e) for e in payload.get("embeds") or []]
        message.components = payload.get("components") or []
        message.tts = bool(payload.get("tts"))
        message.nonce = payload.get("nonce")
        message.poll = payload.get("poll")
        message.attachments = self._attachments(channel_id, payload, files, [], ephemeral=message.ephemeral)
        message.mentions = self._mentions(message.content, payload.get("allowed_mentions"))
        if payload.get("message_reference"):
            message.message_reference = {"channel_id": str(channel_id), **payload["message_reference"]}
            message.type = 19
        if validate:
            _validate_message(message, len(files))
        if record is not None:
            self._link_to_interaction(message, record, original)
        self._messages[message.id] = message
        self._channel_messages[channel_id].append(message)
        if not message.ephemeral:
            channel.last_message_id = message.id
            channel.message_count += 1
        return message

    def _link_to_interaction(self, message: FakeMessage, record: Interaction, original: bool) -> None:
        message.via_interaction = record.id
        if message.ephemeral:
            message.for_user = record.user
        metadata: dict[str, Any] = {
            "id": str(record.id),
            "type": record.type,
            "user": record.user.to_dict(),
            "authorizing_integration_owners": record.payload.get("authorizing_integration_owners", {}),
        }
        if record.source_message is not None:
            metadata["interacted_message_id"] = str(record.source_message.id)
        if not original and record.message is not None:
            metadata["original_response_message_id"] = str(record.message.id)
        message.interaction_metadata = metadata
        if record.type == APPLICATION_COMMAND:
            name = _command_path(record.payload["data"])
            message.legacy_interaction = {
                "id": str(record.id),
                "type": record.type,
                "name": name,
                "user": record.user.to_dict(),
            }
            if original:
                message.type = 20 if record.payload["data"].get("type", 1) == 1 else 23

    def _edit_message(
        self, message: FakeMessage, payload: dict, files: dict[int, tuple[str, bytes]], *, finish_loading: bool = False
    ) -> None:
        """Apply an edit; a refused edit leaves the message as it was, as on Discord."""
        before = {key: getattr(message, key) for key in _EDITABLE}
        try:
            self._apply_edit(message, payload, files, finish_loading=finish_loading)
        except ApiError:
            for key, value in before.items():
                setattr(message, key, value)
            raise
        message.versions.append(before)
        message.edits += 1
        message.edited_timestamp = _now_iso()

    def _apply_edit(
        self, message: FakeMessage, payload: dict, files: dict[int, tuple[str, bytes]], *, finish_loading: bool
    ) -> None:
        if "content" in payload:
            message.content = payload["content"] or ""
            message.mentions = self._mentions(message.content, payload.get("allowed_mentions"))
        if "embeds" in payload:
            message.embeds = [_embed(e) for e in payload["embeds"] or []]
        if "components" in payload:
            message.components = payload["components"] or []
        if payload.get("flags") is not None:
            # Only suppress-embeds may change on an edit; ephemerality is fixed at creation and
            # components v2, once set, cannot be removed.
            message.flags = (message.flags & ~4) | (payload["flags"] & (4 | COMPONENTS_V2))
        if "poll" in payload:
            message.poll = payload["poll"]
        if finish_loading:
            message.flags &= ~LOADING
        if "attachments" in payload or files:
            message.attachments = self._attachments(
                message.channel_id, payload, files, message.attachments, ephemeral=message.ephemeral
            )
        _validate_message(message, len(files))

    def _mentions(self, content: str, allowed: dict | None) -> list[FakeUser]:
        """The users a message pings: ``<@id>`` in its content that ``allowed_mentions`` lets through."""
        found = [int(i) for i in _MENTION_RE.findall(content)]
        if allowed is not None:
            listed = {int(u) for u in allowed.get("users") or []}
            found = [i for i in found if "users" in (allowed.get("parse") or []) or i in listed]
        return [self.users[i] for i in dict.fromkeys(found) if i in self.users]

    def _attachments(
        self,
        channel_id: int,
        payload: dict,
        files: dict[int, tuple[str, bytes]],
        existing: list[dict],
        *,
        ephemeral: bool,
    ) -> list[dict]:
        if len(files) > 10:
            raise ApiError(400, 50035, "Invalid Form Body: at most 10 files per message")
        described = payload.get("attachments")
        if described is None:
            result = list(existing)
            described = []
        else:
            known = {a["id"]: a for a in existing}
            result = [known[str(a["id"])] for a in described if str(a.get("id")) in known]
        used: set[int] = set()
        for entry in described:
            index = entry.get("id")
            if (
                isinstance(index, int | str)
                and str(index).isdigit()
                and int(index) in files
                and str(index) not in {a["id"] for a in existing}
            ):
                filename = entry.get("filename") or files[int(index)][0]
                attachment = self._new_attachment(channel_id, filename, files[int(index)][1], ephemeral=ephemeral)
                if entry.get("description"):
                    attachment["description"] = entry["description"]
                result.append(attachment)
                used.add(int(index))
        for index, (filename, blob) in sorted(files.items()):
            if index not in used:
                result.append(self._new_attachment(channel_id, filename, blob, ephemeral=ephemeral))
        return result

    def _new_attachment(self, channel_id: int, filename: str, blob: bytes, *, ephemeral: bool) -> dict:
        attachment_id = self._snowflake()
        content_type = _CONTENT_TYPES.get(filename.rsplit(".", 1)[-1].lower(), "application/octet-stream")
        self._blobs[attachment_id] = (filename, blob, content_type)
        url = f"{self.base_url}/attachments/{channel_id}/{attachment_id}/{filename}"
        attachment: dict[str, Any] = {
            "id": str(attachment_id),
            "filename": filename,
            "size": len(blob),
            "url": url,
            "proxy_url": url,
            "content_type": content_type,
        }
        size = _png_size(blob)
        if size is not None:
            attachment["width"], attachment["height"] = size
        if ephemeral:
            attachment["ephemeral"] = True
        return attachment


# ------------------------------------------------------------------------------------------------
# Payload validation: Discord's limits, so a bot that exceeds them fails here and not in production
# ------------------------------------------------------------------------------------------------

_EDITABLE = ("content", "embeds", "components", "attachments", "flags", "poll", "mentions")
_MENTION_RE = re.compile(r"<@!?(\d+)>")
_NAME_RE = re.compile(r"^[-_'\w]{1,32}$")
_KIND_NAMES = {USER: "user", CHANNEL: "channel", ROLE: "role", MENTIONABLE: "user or role", ATTACHMENT: "attachment"}
# The option type whose resolved data a user/role/mentionable/channel select sends.
_SELECT_KINDS = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}


def _validate_name(errors: _FormErrors, path: list, name: Any, *, chat_input: bool) -> None:
    if not isinstance(name, str) or not (1 <= len(name) <= 32):
        errors.add(path, "Must be between 1 and 32 in length.", "BASE_TYPE_BAD_LENGTH")
    elif chat_input and (not _NAME_RE.match(name) or name != name.lower()):
        errors.add(
            path,
            f"Command name is invalid: {name!r} (lower case letters, digits, '-', '_' only; no spaces)",
            "APPLICATION_COMMAND_INVALID_NAME",
        )


def _validate_localizations(errors: _FormErrors, path: list, mapping: Any, check: Callable[[list, Any], None]) -> None:
    if mapping is None:
        return
    if not isinstance(mapping, dict):
        errors.add(path, "Must be a mapping of locale to text.")
        return
    for locale, text in mapping.items():
        if locale not in VALID_LOCALES:
            errors.add([*path, locale], f"Invalid locale {locale!r}", "LOCALE_INVALID")
        else:
            check([*path, locale], text)


def _validate_command(command: dict, errors: _FormErrors, path: list) -> None:
    kind = command.get("type", 1)
    chat_input = kind == 1
    _validate_name(errors, [*path, "name"], command.get("name"), chat_input=chat_input)
    _validate_localizations(
        errors,
        [*path, "name_localizations"],
        command.get("name_localizations"),
        lambda p, v: _validate_name(errors, p, v, chat_input=chat_input),
    )
    if chat_input:
        errors.max_length([*path, "description"], command.get("description"), 100, minimum=1)
        _validate_localizations(
            errors,
            [*path, "description_localizations"],
            command.get("description_localizations"),
            lambda p, v: errors.max_length(p, v, 100, minimum=1),
        )
        _validate_options(command.get("options") or [], errors, [*path, "options"], depth=0)
        if _command_length(command) > 4000:
            errors.add(
                path,
                "Combined name, description and option texts exceed 4000 characters",
                "APPLICATION_COMMAND_TOO_LARGE",
            )
    elif command.get("description"):
        errors.add([*path, "description"], "Context menu commands have no description", "BASE_TYPE_BAD_LENGTH")


def _validate_options(options: list, errors: _FormErrors, path: list, *, depth: int) -> None:
    if len(options) > 25:
        errors.add(path, "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    names: set[str] = set()
    seen_optional = False
    nested = [o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options]
    if any(nested) and not all(nested):
        errors.add(
            path,
            "Subcommands and groups cannot be mixed with plain options",
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        )
    for index, option in enumerate(options):
        here = [*path, index]
        kind = option.get("type")
        _validate_name(errors, [*here, "name"], option.get("name"), chat_input=True)
        _validate_localizations(
            errors,
            [*here, "name_localizations"],
            option.get("name_localizations"),
            lambda p, v: _validate_name(errors, p, v, chat_input=True),
        )
        errors.max_length([*here, "description"], option.get("description"), 100, minimum=1)
        _validate_localizations(
            errors,
            [*here, "description_localizations"],
            option.get("description_localizations"),
            lambda p, v: errors.max_length(p, v, 100, minimum=1),
        )
        if option.get("name") in names:
            errors.add([*here, "name"], "Option names must be unique", "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS")
        names.add(option.get("name"))
        if kind == SUB_COMMAND_GROUP:
            if depth > 0:
                errors.add(here, "Groups cannot be nested", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID")
            sub = option.get("options") or []
            if any(o.get("type") != SUB_COMMAND for o in sub):
                errors.add(
                    [*here, "options"], "A group holds subcommands only", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID"
                )
            _validate_options(sub, errors, [*here, "options"], depth=depth + 1)
        elif kind == SUB_COMMAND:
            _validate_options(option.get("options") or [], errors, [*here, "options"], depth=depth + 1)
        else:
            if option.get("required"):
                if seen_optional:
                    errors.add(
                        here,
                        "Required options must be placed before non-required options",
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    )
            else:
                seen_optional = True
            _validate_option_choices(option, errors, here)


def _validate_option_choices(option: dict, errors: _FormErrors, here: list) -> None:
    choices = option.get("choices") or []
    if choices and option.get("type") not in (STRING, INTEGER, NUMBER):
        errors.add([*here, "choices"], "Only string, integer and number options have choices")
    if choices and option.get("autocomplete"):
        errors.add(
            [*here, "autocomplete"],
            "Autocomplete cannot be used with choices",
            "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
        )
    if len(choices) > 25:
        errors.add([*here, "choices"], "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for index, choice in enumerate(choices):
        errors.max_length([*here, "choices", index, "name"], choice.get("name"), 100, minimum=1)
        if isinstance(choice.get("value"), str):
            errors.max_length([*here, "choices", index, "value"], choice["value"], 100, minimum=1)


def _command_length(command: dict) -> int:
    total = len(command.get("name", "")) + len(command.get("description", ""))
    stack = list(command.get("options") or [])
    while stack:
        option = stack.pop()
        total += len(option.get("name", "")) + len(option.get("description", ""))
        for choice in option.get("choices") or []:
            total += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
        stack.extend(option.get("options") or [])
    return total


def _embed(embed: dict) -> dict:
    return {"type": "rich", **embed}


def _validate_message(message: FakeMessage, file_count: int) -> None:
    errors = _FormErrors()
    if len(message.content) > 2000:
        errors.add(["content"], "Must be 2000 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    v2 = bool(message.flags & COMPONENTS_V2)
    if v2 and (message.content or message.embeds or message.poll):
        errors.add(
            ["content"],
            "content, embeds and polls cannot be used with the IS_COMPONENTS_V2 flag",
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        )
    _validate_embeds(message.embeds, errors)
    _validate_components(message.components, errors, v2=v2)
    errors.raise_if_any()
    empty = not (
        message.content or message.embeds or message.components or message.attachments or message.poll or file_count
    )
    if empty and not message.loading:
        raise ApiError(400, 50006, "Cannot send an empty message")


def _validate_embeds(embeds: list[dict], errors: _FormErrors) -> None:
    if len(embeds) > 10:
        errors.add(["embeds"], "Must be 10 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    total = 0
    for index, embed in enumerate(embeds):
        here = ["embeds", index]
        for key, limit in (("title", 256), ("description", 4096)):
            if key in embed:
                errors.max_length([*here, key], embed[key], limit)
                total += len(embed[key] or "")
        for key, inner, limit in (("footer", "text", 2048), ("author", "name", 256)):
            if isinstance(embed.get(key), dict) and inner in embed[key]:
                errors.max_length([*here, key, inner], embed[key][inner], limit)
                total += len(embed[key][inner] or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.add([*here, "fields"], "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        for number, field in enumerate(fields):
            errors.max_length([*here, "fields", number, "name"], field.get("name"), 256, minimum=1)
            errors.max_length([*here, "fields", number, "value"], field.get("value"), 1024, minimum=1)
            total += len(field.get("name") or "") + len(field.get("value") or "")
    if total > 6000:
        errors.add(["embeds"], "Embed size exceeds maximum size of 6000", "MESSAGE_EMBED_TOO_LARGE")


def _validate_components(components: list[dict], errors: _FormErrors, *, v2: bool) -> None:
    custom_ids: set[str] = set()
    if not v2:
        if len(components) > 5:
            errors.add(["components"], "Must be 5 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        for index, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                errors.add(
                    ["components", index, "type"],
                    "Without IS_COMPONENTS_V2 only action rows may be top-level",
                    "COMPONENT_LAYOUT_INVALID",
                )
    elif sum(1 for _ in _walk_components(components)) > 40:
        errors.add(["components"], "At most 40 components in total", "BASE_TYPE_MAX_LENGTH")
    _validate_component_list(components, errors, ["components"], custom_ids)


def _validate_component_list(components: list[dict], errors: _FormErrors, path: list, custom_ids: set[str]) -> None:
    for index, component in enumerate(components):
        here = [*path, index]
        kind = component.get("type")
        if kind == ACTION_ROW:
            children = component.get("components") or []
            selects = sum(1 for c in children if c.get("type") in SELECT_TYPES)
            if not children or len(children) > 5 or (selects and len(children) > 1):
                errors.add(
                    [*here, "components"],
                    "An action row holds 1 to 5 buttons or exactly one select",
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                )
        if "custom_id" in component:
            custom_id = component["custom_id"]
            errors.max_length([*here, "custom_id"], custom_id, 100, minimum=1)
            if custom_id in custom_ids:
                errors.add(
                    [*here, "custom_id"],
                    f"Component custom id {custom_id!r} is duplicated",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                )
            custom_ids.add(custom_id)
        if kind == BUTTON:
            _validate_button(component, errors, here)
        elif kind in SELECT_TYPES:
            _validate_select(component, errors, here)
        elif kind == 10:
            errors.max_length([*here, "content"], component.get("content"), 4000, minimum=1)
        for key in ("components",):
            if isinstance(component.get(key), list):
                _validate_component_list(component[key], errors, [*here, key], custom_ids)
        if isinstance(component.get("accessory"), dict):
            _validate_component_list([component["accessory"]], errors, [*here, "accessory"], custom_ids)


def _validate_button(button: dict, errors: _FormErrors, here: list) -> None:
    style = button.get("style")
    if "label" in button and button["label"] is not None:
        errors.max_length([*here, "label"], button["label"], 80)
    if style == 5:
        if not button.get("url") or "custom_id" in button:
            errors.add(here, "A link button needs a url and no custom_id", "BUTTON_COMPONENT_URL_REQUIRED")
    elif style == 6:
        if not button.get("sku_id"):
            errors.add(here, "A premium button needs a sku_id", "BUTTON_COMPONENT_SKU_ID_REQUIRED")
    elif not button.get("custom_id"):
        errors.add([*here, "custom_id"], "This button style needs a custom_id", "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED")
    if not (button.get("label") or button.get("emoji")) and style != 6:
        errors.add(here, "A button needs a label or an emoji", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED")


def _validate_select(select: dict, errors: _FormErrors, here: list) -> None:
    if select.get("placeholder") is not None:
        errors.max_length([*here, "placeholder"], select["placeholder"], 150)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not (0 <= low <= 25 and 1 <= high <= 25 and low <= high):
        errors.add(here, f"min_values {low} / max_values {high} out of range", "SELECT_COMPONENT_VALUES_INVALID")
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= 25:
        errors.add([*here, "options"], "A string select has 1 to 25 options", "BASE_TYPE_BAD_LENGTH")
    if high > len(options):
        errors.add([*here, "max_values"], "max_values exceeds the number of options", "SELECT_COMPONENT_VALUES_INVALID")
    values: set[str] = set()
    for index, option in enumerate(options):
        errors.max_length([*here, "options", index, "label"], option.get("label"), 100, minimum=1)
        errors.max_length([*here, "options", index, "value"], option.get("value"), 100, minimum=1)
        if option.get("description") is not None:
            errors.max_length([*here, "options", index, "description"], option["description"], 100)
        if option.get("value") in values:
            errors.add(
                [*here, "options", index, "value"],
                "Select option values must be unique",
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
            )
        values.add(option.get("value"))


def _validated_choices(choices: list[dict]) -> list[dict]:
    errors = _FormErrors()
    if len(choices) > 25:
        errors.add(["data", "choices"], "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for index, choice in enumerate(choices):
        errors.max_length(["data", "choices", index, "name"], choice.get("name"), 100, minimum=1)
        if isinstance(choice.get("value"), str):
            errors.max_length(["data", "choices", index, "value"], choice["value"], 100)
    errors.raise_if_any()
    return choices


def _validated_modal(modal: dict) -> dict:
    errors = _FormErrors()
    errors.max_length(["data", "title"], modal.get("title"), 45, minimum=1)
    errors.max_length(["data", "custom_id"], modal.get("custom_id"), 100, minimum=1)
    components = modal.get("components") or []
    if not 1 <= len(components) <= 5:
        errors.add(["data", "components"], "A modal has 1 to 5 components", "BASE_TYPE_BAD_LENGTH")
    for index, component in enumerate(components):
        here = ["data", "components", index]
        if component.get("type") == LABEL:
            errors.max_length([*here, "label"], component.get("label"), 45, minimum=1)
            inner = [component.get("component") or {}]
        elif component.get("type") == ACTION_ROW:
            inner = component.get("components") or []
            if len(inner) != 1:
                errors.add([*here, "components"], "An action row in a modal holds exactly one text input")
        else:
            continue
        for field in inner:
            errors.max_length([*here, "custom_id"], field.get("custom_id"), 100, minimum=1)
            if field.get("type") == TEXT_INPUT:
                if "label" in field:
                    errors.max_length([*here, "label"], field["label"], 45, minimum=1)
                if field.get("value") is not None:
                    errors.max_length([*here, "value"], field["value"], 4000)
                if field.get("placeholder") is not None:
                    errors.max_length([*here, "placeholder"], field["placeholder"], 100)
    errors.raise_if_any()
    return modal


def _modal_submit_components(shown: list[dict], values: dict[str, Any], modal_id: str) -> list[dict]:
    """The components of a modal submission, shaped like the modal the bot showed."""
    fields = {}
    for component in shown:
        inner = component.get("component") if component.get("type") == LABEL else None
        for field in [inner] if inner else component.get("components") or []:
            if field and field.get("custom_id"):
                fields[field["custom_id"]] = field
    unknown = sorted(set(values) - set(fields))
    if unknown:
        raise FakeDiscordError(f"modal {modal_id!r} has no fields {unknown}; it has {sorted(fields)}")
    for custom_id, field in fields.items():
        value = values.get(custom_id)
        if field.get("required", True) and not value:
            raise FakeDiscordError(f"modal {modal_id!r}: field {custom_id!r} is required")
        if field.get("type") == TEXT_INPUT and value:
            low, high = field.get("min_length", 0), field.get("max_length", 4000)
            if not isinstance(value, str) or not low <= len(value) <= high:
                raise FakeDiscordError(
                    f"modal {modal_id!r}: field {custom_id!r} takes text of {low}..{high} characters"
                )

    def submitted(field: dict) -> dict:
        value = values.get(field["custom_id"], "" if field.get("type") == TEXT_INPUT else [])
        entry = {"type": field["type"], "custom_id": field["custom_id"]}
        if "id" in field:
            entry["id"] = field["id"]
        entry["value" if field.get("type") == TEXT_INPUT else "values"] = value
        return entry

    result = []
    for component in shown:
        if component.get("type") == LABEL and component.get("component"):
            result.append({"type": LABEL, "id": component.get("id", 0), "component": submitted(component["component"])})
        elif component.get("type") == ACTION_ROW:
            result.append({"type": ACTION_ROW, "components": [submitted(f) for f in component.get("components") or []]})
    return result


def _command_path(data: dict) -> str:
    words = [data.get("name", "")]
    options = data.get("options") or []
    while options and options[0].get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
        words.append(options[0]["name"])
        options = options[0].get("options") or []
    return " ".join(words)


def _split_path(path: tuple, options: dict | None) -> tuple[list[str], dict]:
    words = list(path)
    if words and isinstance(words[-1], dict):
        if options is not None:
            raise FakeDiscordError("give options either as the last positional argument or as options=, not both")
        options = words.pop()
    words = list(itertools.chain.from_iterable(str(w).split() for w in words))
    if not words:
        raise FakeDiscordError("name the command to run")
    return words, dict(options or {})


def _id_of(thing: Any) -> int:
    if isinstance(thing, FakeUser | FakeMessage):
        return thing.id
    if isinstance(thing, dict) and "id" in thing:
        return int(thing["id"])
    return int(thing)


def _int(text: Any) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        raise ApiError(400, 50035, f"Invalid Form Body: {text!r} is not a snowflake") from None

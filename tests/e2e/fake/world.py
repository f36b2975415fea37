"""Everything the fake Discord stores: users, guilds, channels, commands, messages and files.

No networking here: the REST routes, the gateway and the test-facing ``FakeDiscord`` all read and
change this one ``World``. Creating and editing messages lives here because it is shared by
channel messages, interaction answers and webhook follow-ups alike.
"""

from __future__ import annotations

import copy
import re
import struct
import time
from typing import TYPE_CHECKING, Any

from .activities import Activities
from .checks import validate_message, walk_components
from .faults import Faults
from .models import FakeChannel, FakeGuild, FakeUser, Snowflakes, now_iso
from .protocol import (
    ALL_PERMISSIONS,
    APPLICATION_COMMAND,
    COMPONENTS_V2,
    DM,
    EPHEMERAL,
    GUILD_TEXT,
    LOADING,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SUPPRESS_EMBEDS,
    VIEW_CHANNEL,
    ApiError,
    FakeDiscordError,
    id_of,
)
from .records import FakeMessage, Interaction

if TYPE_CHECKING:
    from collections.abc import Callable

_EDITABLE = ("content", "embeds", "components", "attachments", "flags", "mentions", "allowed_mentions")
_MENTION_RE = re.compile(r"<@!?(\d+)>")
_CONTENT_TYPES = {
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "txt": "text/plain; charset=utf-8",
    "json": "application/json; charset=utf-8",
}

Files = dict[int, tuple[str, bytes]]  # multipart index -> filename, bytes


class World:
    def __init__(self, bot_name: str, cdn_base: Callable[[], str]) -> None:
        self.snowflake = Snowflakes()
        self._cdn_base = cdn_base  # the fake's base URL, known once it listens
        # The fake's clock (epoch seconds): interaction tokens, thread auto-archiving, the age of
        # messages and the invalid-request window run on it (``FakeDiscord.token_clock`` sets it).
        self.clock: Callable[[], float] = time.time
        self.faults = Faults(lambda: self.clock())
        self.dead_channels: dict[int, str] = {}  # id -> why requests to it fail ("deleted")
        self.bot_user = FakeUser(self.snowflake(), bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = FakeUser(self.snowflake(), "guild-owner", permissions=ALL_PERMISSIONS)
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> their direct-message channel
        self.messages: dict[int, FakeMessage] = {}
        self.channel_messages: dict[int, list[FakeMessage]] = {}
        self.blobs: dict[int, tuple[str, bytes, str]] = {}  # attachment id -> filename, bytes, type
        self.commands: dict[tuple[int | None, int, str], dict] = {}  # (guild or None, type, name)
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self.activities = Activities(self.application_id, self.snowflake)  # the app's Activity

    # -- creating things --------------------------------------------------------------------------

    def new_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> FakeGuild:
        guild_id = self.snowflake.on_shard(*shard) if shard else self.snowflake()
        guild = FakeGuild(guild_id, name, self.owner.id, self.snowflake(), self.snowflake())
        self.guilds[guild.id] = guild
        return guild

    def new_channel(self, name: str, guild_id: int) -> FakeChannel:
        if guild_id not in self.guilds:
            raise FakeDiscordError(f"unknown guild {guild_id!r}; create guilds with add_guild()")
        channel = FakeChannel(self.snowflake(), GUILD_TEXT, name, guild_id=guild_id)
        channel.position = sum(1 for c in self.channels.values() if c.guild_id == guild_id and not c.is_thread)
        self._store_channel(channel)
        return channel

    def new_thread(
        self,
        parent: FakeChannel,
        name: str,
        *,
        private: bool,
        owner: FakeUser,
        thread_id: int | None = None,
        auto_archive_duration: int = 1440,
    ) -> FakeChannel:
        """A thread of ``parent``; ``thread_id``: the id of the message it starts from (Discord
        gives a thread started from a message that message's id)."""
        kind = PRIVATE_THREAD if private else PUBLIC_THREAD
        thread = FakeChannel(thread_id or self.snowflake(), kind, name, guild_id=parent.guild_id, parent_id=parent.id)
        thread.owner_id = owner.id
        thread.auto_archive_duration = auto_archive_duration
        thread.last_activity = self.clock()
        self._store_channel(thread)
        return thread

    def new_user(self, name: str, **settings: Any) -> FakeUser:
        user = FakeUser(self.snowflake(), name, **settings)
        self.users[user.id] = user
        return user

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's direct-message channel with ``user`` (made on first use, as Discord does)."""
        channel_id = self.dm_channels.get(user.id)
        if channel_id is None:
            channel = FakeChannel(self.snowflake(), DM, "", guild_id=None)
            channel.recipient = user
            self._store_channel(channel)
            self.dm_channels[user.id] = channel_id = channel.id
        return self.channels[channel_id]

    def _store_channel(self, channel: FakeChannel) -> None:
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []

    def remove_channel(self, channel: FakeChannel) -> None:
        """A deleted channel: unknown to every route from now on. Its messages stay in the
        records (``channel_messages``), so tests can still read what was posted there."""
        self.channels.pop(channel.id, None)
        self.dead_channels[channel.id] = "deleted"

    def set_clock(self, clock: Callable[[], float]) -> None:
        """Run on another clock. Whatever exists keeps its age: a thread made before a test moved
        to its fake clock (which may be weeks ahead of the wall clock) is not idle because of it."""
        shift = clock() - self.clock()
        self.clock = clock
        for channel in self.channels.values():
            channel.last_activity += shift
        for message in self.messages.values():
            message.created_clock += shift
        self.faults.shift(shift)

    # -- lookups ------------------------------------------------------------------------------------

    def user_or_error(self, user: FakeUser | int) -> FakeUser:
        try:
            return self.users[id_of(user)]
        except KeyError:
            raise FakeDiscordError(f"unknown user {user!r}; create users with add_user()") from None

    def channel_or_error(self, channel_id: int) -> FakeChannel:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise FakeDiscordError(f"unknown channel {channel_id!r}; create channels with add_channel()")
        return channel

    def usable_channel(self, channel_id: int) -> FakeChannel:
        """A channel the bot may use, or Discord's error: 404 10003 for a deleted (or never known)
        one, 403 50001 "Missing Access" in a guild the bot was removed from or a channel it cannot
        see (a thread is seen by those who see its parent)."""
        channel = self.channels.get(channel_id)
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        if channel.guild_id is not None and (
            not self.guilds[channel.guild_id].bot_present or not self.bot_permissions(channel) & VIEW_CHANNEL
        ):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    def bot_permissions(self, channel: FakeChannel) -> int:
        """The bot's permissions in a guild channel. A thread has no overwrites of its own: it
        has its parent's (Discord computes a thread's permissions from its parent channel)."""
        granted = self.guilds[channel.guild_id].permissions(self.bot_user) & ~channel.bot_deny
        parent = self.channels.get(channel.parent_id) if channel.parent_id else None
        return granted & ~parent.bot_deny if parent is not None else granted

    def dead_reason(self, channel_id: int) -> str | None:
        """Why requests to this channel cannot work any more, or None: "deleted", "bot removed
        from guild", "thread locked" (the bot may not write there without Manage Threads)."""
        if channel_id in self.dead_channels:
            return self.dead_channels[channel_id]
        channel = self.channels.get(channel_id)
        if channel is None or channel.guild_id is None:
            return None
        if not self.guilds[channel.guild_id].bot_present:
            return "bot removed from guild"
        if channel.is_thread and channel.locked and not self.bot_permissions(channel) & MANAGE_THREADS:
            return "thread locked"
        return None

    def check_thread_writable(self, channel: FakeChannel) -> None:
        """Messages in a locked thread may be created or edited only with Manage Threads (403
        160005); messages in an archived thread are not edited (400 50083), Discord's docs on threads."""
        if not channel.is_thread:
            return
        if channel.locked and not self.bot_permissions(channel) & MANAGE_THREADS:
            raise ApiError(403, 160005, "Thread is locked")

    def message_or_error(self, message: FakeMessage | Interaction | int) -> FakeMessage:
        """A message that can still be used: a record stands for the message it produced."""
        if isinstance(message, Interaction):
            if message.message is None:
                raise FakeDiscordError(f"{message.description} produced no message")
            message = message.message
        found = self.messages.get(id_of(message))
        if found is None:
            raise FakeDiscordError(f"unknown message {message!r}")
        if found.deleted:
            raise FakeDiscordError(f"message {found.id} was deleted; nobody can use its components")
        return found

    def command(self, name: str, *, guild_id: int | None, type: int = 1) -> dict:
        """A registered command: the guild's own if there is one, else the global one."""
        for scope in (guild_id, None):
            found = self.commands.get((scope, type, name))
            if found is not None:
                return found
        names = sorted({c["name"] for c in self.commands.values() if c.get("type", 1) == type})
        where = " globally (direct messages offer global commands only)" if guild_id is None else ""
        raise FakeDiscordError(
            f"command {name!r} is not registered{where} (registered: {names}); did the bot sync its command tree?"
        )

    def role(self, role_id: int) -> dict | None:
        for guild in self.guilds.values():
            for role in guild.roles(self.bot_user.id):
                if int(role["id"]) == role_id:
                    return role
        return None

    def store_commands(self, scope: int | None, commands: list[dict]) -> list[dict]:
        """A bulk overwrite: the scope's commands become exactly these."""
        for key in [k for k in self.commands if k[0] == scope]:
            del self.commands[key]
        return [self._store_command(scope, command) for command in commands]

    def _store_command(self, scope: int | None, command: dict) -> dict:
        kind = command.get("type", 1)
        key = (scope, kind, command["name"])
        # Discord keeps a command's id across overwrites as long as its name and type stay.
        command_id = self._command_ids.setdefault(key, self.snowflake())
        stored = {
            "type": kind,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **command,
            # Discord fills these in when the bot leaves them out (or sends null): installed to
            # guilds, and for a guild command no contexts of its own.
            "integration_types": command.get("integration_types") or [0],
            "id": str(command_id),
            "application_id": str(self.application_id),
            "version": str(self.snowflake()),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        self.commands[key] = stored
        return stored

    # -- messages -------------------------------------------------------------------------------

    def create_message(
        self,
        channel_id: int,
        payload: dict,
        files: Files,
        *,
        record: Interaction | None = None,
        original: bool = False,
        allow_ephemeral: bool = False,
        validate: bool = True,
    ) -> FakeMessage:
        """A message by the bot; ephemeral only as an interaction answer (``allow_ephemeral``)."""
        channel = self.usable_channel(channel_id)
        message = FakeMessage(self, self.snowflake(), channel_id, self.bot_user)
        flags = payload.get("flags") or 0
        message.flags = flags if allow_ephemeral else flags & ~EPHEMERAL
        message.content = payload.get("content") or ""
        message.embeds = [_embed(e) for e in payload.get("embeds") or []]
        message.components = stored_components(payload.get("components"))
        message.attachments = self._attachments(channel_id, payload, files, [], ephemeral=message.ephemeral)
        message.allowed_mentions = payload.get("allowed_mentions")
        message.mentions = self._mentions(message.content, message.allowed_mentions)
        if validate:
            validate_message(message, len(files))
        if record is not None:
            self._link_to_interaction(message, record, original)
        self.messages[message.id] = message
        self.channel_messages[channel_id].append(message)
        if not message.ephemeral:
            channel.last_message_id = message.id
            channel.message_count += 1
            channel.last_activity = self.clock()  # what keeps a thread from archiving itself
        return message

    def _link_to_interaction(self, message: FakeMessage, record: Interaction, original: bool) -> None:
        message.via_interaction = record.id
        if message.ephemeral:
            message.for_user = record.user
        metadata = record.metadata()
        if not original and record.message is not None:
            metadata["original_response_message_id"] = str(record.message.id)
        message.interaction_metadata = metadata
        if record.type == APPLICATION_COMMAND and original:
            # Discord's message types: 20 answers a slash command, 23 a context-menu command.
            message.type = 20 if record.payload["data"].get("type", 1) == 1 else 23

    def edit_message(self, message: FakeMessage, payload: dict, files: Files, *, finish_loading: bool = False) -> None:
        """Apply an edit; a refused edit leaves the message as it was, as on Discord."""
        channel = self.channels.get(message.channel_id)
        if channel is not None and channel.is_thread:
            self.check_thread_writable(channel)
            if channel.archived:
                raise ApiError(400, 50083, "Operation cannot be performed on archived thread")
        self.faults.check_edit_age(message.created_clock)
        before = {key: getattr(message, key) for key in _EDITABLE}
        try:
            self._apply_edit(message, payload, files, finish_loading=finish_loading)
        except ApiError:
            for key, value in before.items():
                setattr(message, key, value)
            raise
        message.versions.append(before)
        message.edits += 1
        message.edited_timestamp = now_iso()

    def _apply_edit(self, message: FakeMessage, payload: dict, files: Files, *, finish_loading: bool) -> None:
        if "content" in payload:
            message.content = payload["content"] or ""
            message.allowed_mentions = payload.get("allowed_mentions")
            message.mentions = self._mentions(message.content, message.allowed_mentions)
        if "embeds" in payload:
            message.embeds = [_embed(e) for e in payload["embeds"] or []]
        if "components" in payload:
            message.components = stored_components(payload["components"])
        if payload.get("flags") is not None:
            # Only suppress-embeds may change on an edit; ephemerality is fixed at creation and
            # components v2, once set, cannot be removed.
            keep = message.flags & ~SUPPRESS_EMBEDS
            message.flags = keep | (payload["flags"] & (SUPPRESS_EMBEDS | COMPONENTS_V2))
        if finish_loading:
            message.flags &= ~LOADING
        if "attachments" in payload or files:
            message.attachments = self._attachments(
                message.channel_id, payload, files, message.attachments, ephemeral=message.ephemeral
            )
        validate_message(message, len(files))

    def _mentions(self, content: str, allowed: dict | None) -> list[FakeUser]:
        """The users a message pings: ``<@id>`` in its content that ``allowed_mentions`` lets through."""
        found = [int(i) for i in _MENTION_RE.findall(content)]
        if allowed is not None:
            listed = {int(u) for u in allowed.get("users") or []}
            found = [i for i in found if "users" in (allowed.get("parse") or []) or i in listed]
        return [self.users[i] for i in dict.fromkeys(found) if i in self.users]

    def _attachments(
        self, channel_id: int, payload: dict, files: Files, existing: list[dict], *, ephemeral: bool
    ) -> list[dict]:
        """The attachments after a create or edit: ``payload["attachments"]`` lists the existing
        ones to keep (by id) and describes new uploads (by multipart index)."""
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
                attachment = self.new_attachment(channel_id, filename, files[int(index)][1], ephemeral=ephemeral)
                if entry.get("description"):
                    attachment["description"] = entry["description"]
                result.append(attachment)
                used.add(int(index))
        for index, (filename, blob) in sorted(files.items()):
            if index not in used:
                result.append(self.new_attachment(channel_id, filename, blob, ephemeral=ephemeral))
        return result

    def new_attachment(self, channel_id: int, filename: str, blob: bytes, *, ephemeral: bool) -> dict:
        attachment_id = self.snowflake()
        content_type = _CONTENT_TYPES.get(filename.rsplit(".", 1)[-1].lower(), "application/octet-stream")
        self.blobs[attachment_id] = (filename, blob, content_type)
        url = f"{self._cdn_base()}/attachments/{channel_id}/{attachment_id}/{filename}"
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


def _embed(embed: dict) -> dict:
    return {"type": "rich", **embed}


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    return None


def stored_components(components: list[dict] | None) -> list[dict]:
    """Components as Discord stores and answers them: every one numbered with an ``id`` (unique in
    the message, in reading order, where the bot gave none), and a unicode emoji without ``id``."""
    components = copy.deepcopy(components or [])
    taken = {c["id"] for c in walk_components(components) if isinstance(c.get("id"), int)}
    number = 0
    for component in walk_components(components):
        if not isinstance(component.get("id"), int):
            number += 1
            while number in taken:
                number += 1
            component["id"] = number
        emoji = component.get("emoji")
        if isinstance(emoji, dict) and emoji.get("id") is None:
            emoji.pop("id", None)
    return components

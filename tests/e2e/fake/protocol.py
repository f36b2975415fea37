"""Discord's numbers and error shapes, as far as the fake uses them; JSON in and out."""

from __future__ import annotations

from typing import Any

import discord

try:
    import orjson

    def dumps(obj: Any) -> bytes:
        return orjson.dumps(obj)

    loads = orjson.loads
except ImportError:  # pragma: no cover - orjson is optional
    import json

    def dumps(obj: Any) -> bytes:
        return json.dumps(obj, separators=(",", ":")).encode()

    loads = json.loads


API_VERSION = 10
DISCORD_EPOCH_MS = 1420070400000

# Message flags.
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Interaction types (what the user did) and response types (how the bot answered).
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
LAUNCH_ACTIVITY = 12

# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN = 1, 2, 3, 4, 5
USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 6, 7, 8, 9, 10, 11

# Component types.
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECT_TYPES = {3, 5, 6, 7, 8}
TEXT_DISPLAY = 10
LABEL = 18

# Channel types.
GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
VALID_LOCALES = frozenset(locale.value for locale in discord.Locale)

# Gateway intents the fake looks at.
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9

# Gateway close code for an IDENTIFY whose shard is not valid.
CLOSE_INVALID_SHARD = 4010

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
ADMINISTRATOR = discord.Permissions(administrator=True).value
VIEW_AND_SEND = discord.Permissions(view_channel=True, send_messages=True).value
ATTACH_FILES = discord.Permissions(attach_files=True).value
VIEW_CHANNEL = discord.Permissions(view_channel=True).value
READ_MESSAGE_HISTORY = discord.Permissions(read_message_history=True).value
CREATE_PUBLIC_THREADS = discord.Permissions(create_public_threads=True).value
MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value
MANAGE_MESSAGES = discord.Permissions(manage_messages=True).value
MANAGE_THREADS = discord.Permissions(manage_threads=True).value
SEND_MESSAGES = discord.Permissions(send_messages=True).value
SEND_MESSAGES_IN_THREADS = discord.Permissions(send_messages_in_threads=True).value
# What a bot may do in a direct message (discord.py's own table of DM permissions).
DM_PERMISSIONS = discord.Permissions._dm_permissions().value

# Interaction contexts: where a command was used.
CONTEXT_GUILD, CONTEXT_BOT_DM = 0, 1


class FakeDiscordError(AssertionError):
    """A test drove the fake wrongly, or the bot did not answer as Discord requires."""


class ApiError(Exception):
    """An error the fake answers over REST, in Discord's JSON shape."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict | None = None, *, extra: dict | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors
        self.extra = extra or {}  # more fields of the body (a 429's retry_after and global)

    def body(self) -> dict:
        body: dict[str, Any] = {"message": self.message, "code": self.code, **self.extra}
        if self.errors:
            body["errors"] = self.errors
        return body


def id_of(thing: Any) -> int:
    """The snowflake of a user, message, ``{"id": ...}`` dict or plain number."""
    if isinstance(getattr(thing, "id", None), int):
        return thing.id
    if isinstance(thing, dict) and "id" in thing:
        return int(thing["id"])
    return int(thing)


def snowflake_param(text: Any) -> int:
    """A snowflake from a URL or body; Discord answers a malformed one with a form error."""
    try:
        return int(text)
    except (TypeError, ValueError):
        raise ApiError(400, 50035, f"Invalid Form Body: {text!r} is not a snowflake") from None

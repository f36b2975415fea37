"""The things a Discord server is made of, and the JSON payloads Discord describes them with.

Snowflakes, users, members, guilds (with their roles and shard), channels and threads. Messages and
interactions, the things tests inspect most, are in ``records.py``.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from .protocol import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    BOT_PERMISSIONS,
    DISCORD_EPOCH_MS,
    DM,
    EVERYONE_PERMISSIONS,
    MANAGER_PERMISSIONS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
)


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def iso_of(seconds: float) -> str:
    """An ISO timestamp of a time on the fake's clock (epoch seconds)."""
    return datetime.fromtimestamp(seconds, UTC).isoformat()


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild's events go to: Discord's formula ``(guild_id >> 22) % shard_count``."""
    return (guild_id >> 22) % shard_count


class Snowflakes:
    """Monotonic snowflakes whose timestamps are now, so discord.py's created_at makes sense."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """A fresh snowflake that, as a guild id, lands on shard ``shard_id`` of ``shard_count``
        (its millisecond part is moved forward by less than ``shard_count``)."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"shard {shard_id} does not exist among {shard_count}")
        candidate = self()
        stamp = candidate >> 22
        stamp += (shard_id - stamp) % shard_count
        if stamp << 22 < candidate:
            stamp += shard_count
        self._last = max(self._last, stamp << 22)
        return stamp << 22


def guild_id_for_shard(shard_id: int, shard_count: int) -> int:
    """A guild id (a snowflake of now) that Discord would route to shard ``shard_id``."""
    return Snowflakes().on_shard(shard_id, shard_count)


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
        self.dms_closed = False  # direct messages from the bot are refused (50007), as Discord does
        self.joined_at = now_iso()

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
            "flags": 0,
            "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data


class FakeChannel:
    """A text channel or thread of a guild, or a direct-message channel with one person."""

    def __init__(self, id: int, type: int, name: str, *, guild_id: int | None, parent_id: int | None = None) -> None:
        self.id = id
        self.type = type
        self.name = name
        self.guild_id = guild_id
        self.parent_id = parent_id
        self.position = 0
        self.owner_id: int | None = None
        self.recipient: FakeUser | None = None  # direct-message channels only
        self.bot_deny = 0  # permission bits the bot is denied here (see FakeDiscord.deny_bot)
        self.overwrites: list[dict] = []
        self.failures: list[int] = []  # statuses the next message posts get (FakeDiscord.fail_posts)
        self.last_message_id: int | None = None
        self.message_count = 0
        self.created = now_iso()
        self.archived = False  # threads only (PATCH /channels/{id} with archived, locked)
        self.locked = False
        self.auto_archive_duration = 1440  # minutes of inactivity after which a thread archives itself
        self.last_activity = 0.0  # on the fake's clock: creation, a message, unarchiving, a new duration
        self.archive_timestamp = self.created

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def to_dict(self) -> dict:
        if self.type == DM:
            last = str(self.last_message_id) if self.last_message_id else None
            recipients = [self.recipient.to_dict()] if self.recipient else []
            return {"id": str(self.id), "type": DM, "last_message_id": last, "recipients": recipients, "flags": 0}
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
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
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.archive_timestamp,
                    "create_timestamp": self.created,
                    "invitable": True,
                },
            )
        else:
            data.update(
                position=self.position,
                parent_id=None,
                topic=None,
                permission_overwrites=list(self.overwrites),
                default_auto_archive_duration=1440,
            )
        return data


class FakeGuild:
    """A server: everyone is a member; roles are @everyone, Managers (manage_guild) and the bot's."""

    def __init__(self, id: int, name: str, owner_id: int, manager_role_id: int, bot_role_id: int) -> None:
        self.id = id
        self.name = name
        self.owner_id = owner_id
        self.everyone_role_id = id
        self.manager_role_id = manager_role_id
        self.bot_role_id = bot_role_id
        self.locale = "en-US"
        self.bot_present = True  # False once the bot was removed (FakeDiscord.remove_bot_from_guild)

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

    def permissions(self, user: FakeUser) -> int:
        """A member's guild-wide permissions, as Discord computes them from roles and ownership."""
        if user.id == self.owner_id:
            return ALL_PERMISSIONS
        permissions = EVERYONE_PERMISSIONS | user.permissions
        if user.manage_guild:
            permissions |= MANAGER_PERMISSIONS
        if user.bot:
            permissions |= BOT_PERMISSIONS
        return ALL_PERMISSIONS if permissions & ADMINISTRATOR else permissions

    def member(self, user: FakeUser) -> dict:
        roles = []
        if user.manage_guild:
            roles.append(str(self.manager_role_id))
        if user.bot:
            roles.append(str(self.bot_role_id))
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

    def create_payload(
        self, bot_user: FakeUser, members: list[FakeUser], member_count: int, channels: list[FakeChannel]
    ) -> dict:
        """The GUILD_CREATE event's data (``members``: the ones listed, which depends on intents)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
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
            "preferred_locale": self.locale,
            "features": [],
            "roles": self.roles(bot_user.id),
            "emojis": [],
            "stickers": [],
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "home_header": None,
            "region": "deprecated",
            "widget_enabled": False,
            "widget_channel_id": None,
            "max_presences": None,
            "max_members": 500000,
            "max_stage_video_channel_users": 50,
            "max_video_channel_users": 25,
            "nsfw": False,
            "incidents_data": None,
            "joined_at": bot_user.joined_at,
            "large": False,
            "unavailable": False,
            "lazy": True,
            "member_count": member_count,
            "voice_states": [],
            "presences": [],
            "members": [self.member(u) for u in members],
            "channels": [c.to_dict() for c in channels if not c.is_thread],
            "threads": [c.to_dict() for c in channels if c.is_thread and not c.archived],  # active ones only
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

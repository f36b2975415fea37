"""The INTERACTION_CREATE payloads a user's action makes, built as Discord builds them.

Slash command data is checked against the registered command (subcommands, option names, types,
ranges, choices, required options, default_member_permissions) so a test cannot send what
Discord's client would not let a user send; users, channels, roles and attachments given as
options come with their ``resolved`` data.
"""

from __future__ import annotations

import itertools
from typing import Any

from .models import FakeChannel, FakeUser
from .protocol import (
    ACTION_ROW,
    ADMINISTRATOR,
    ATTACHMENT,
    ATTACHMENT_SIZE_LIMIT,
    BOOLEAN,
    CHANNEL,
    CONTEXT_BOT_DM,
    CONTEXT_GUILD,
    DM_PERMISSIONS,
    INTEGER,
    LABEL,
    MENTIONABLE,
    NUMBER,
    ROLE,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    TEXT_INPUT,
    USER,
    VALID_LOCALES,
    FakeDiscordError,
    id_of,
)
from .world import World

KIND_NAMES = {USER: "user", CHANNEL: "channel", ROLE: "role", MENTIONABLE: "user or role", ATTACHMENT: "attachment"}
# The option type whose resolved data a user/role/mentionable/channel select sends.
SELECT_KINDS = {5: USER, 6: ROLE, 7: MENTIONABLE, 8: CHANNEL}


class Payloads:
    def __init__(self, world: World) -> None:
        self.world = world

    def interaction_payload(
        self, type: int, user: FakeUser, channel: FakeChannel, data: dict, locale: str | None
    ) -> dict:
        locale = locale or user.locale
        if locale not in VALID_LOCALES:
            raise FakeDiscordError(f"{locale!r} is not a Discord locale; use one of {sorted(VALID_LOCALES)}")
        payload: dict[str, Any] = {
            "application_id": str(self.world.application_id),
            "type": type,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "locale": locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if channel.guild_id is None:
            # A command in the bot's direct messages (context 1, BOT_DM): ``user`` instead of
            # ``member``, no guild, and a guild-installed app's owner given as "0".
            payload.update(
                user=user.to_dict(),
                channel={**channel.to_dict(), "permissions": str(DM_PERMISSIONS)},
                app_permissions=str(DM_PERMISSIONS),
                authorizing_integration_owners={"0": "0"},
                context=CONTEXT_BOT_DM,
            )
            return payload
        guild = self.world.guilds[channel.guild_id]
        permissions = guild.permissions(user)
        app_permissions = self.world.bot_permissions(channel)
        payload.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            guild_locale=guild.locale,
            channel={**channel.to_dict(), "permissions": str(permissions)},
            member={**guild.member(user), "permissions": str(permissions)},
            app_permissions=str(app_permissions),
            authorizing_integration_owners={"0": str(guild.id)},
            context=CONTEXT_GUILD,
        )
        return payload

    def command_for(self, user: FakeUser, channel: FakeChannel, name: str, *, stale: bool = False) -> dict:
        command = self.world.command(name, guild_id=channel.guild_id)
        if channel.guild_id is None and not stale:
            contexts = command.get("contexts")
            if command.get("dm_permission") is False or (contexts is not None and CONTEXT_BOT_DM not in contexts):
                raise FakeDiscordError(f"/{name} is not offered in direct messages (its contexts: {contexts})")
        required = command.get("default_member_permissions")
        if required is not None and channel.guild_id is not None:
            have = self.world.guilds[channel.guild_id].permissions(user)
            need = int(required)  # "0": administrators only
            if not have & ADMINISTRATOR and (need == 0 or need & ~have):
                raise FakeDiscordError(
                    f"{user.name} cannot see /{name}: it needs default_member_permissions {required} "
                    f"and the user has {have}"
                )
        return command

    def command_data(
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
                value = self.encode_option(
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

    def encode_option(
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
            snowflake = self.resolve_snowflake(resolved, value, kind, user, channel, label=label)
            allowed = definition.get("channel_types")
            if kind == CHANNEL and allowed and self.world.channels[int(snowflake)].type not in allowed:
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

    def resolve_snowflake(
        self, resolved: dict, value: Any, kind: int, user: FakeUser, channel: FakeChannel, *, label: str = "value"
    ) -> str:
        """Encode a user/role/channel/attachment value and add the resolved data Discord sends with it."""
        if kind == ATTACHMENT:
            if not (isinstance(value, tuple) and len(value) == 2):
                raise FakeDiscordError(f"{label}: give an attachment as (filename, bytes)")
            attachment = self.world.new_attachment(channel.id, value[0], value[1], ephemeral=True)
            resolved.setdefault("attachments", {})[attachment["id"]] = attachment
            return attachment["id"]
        snowflake = id_of(value)
        role = self.world.role(snowflake) if kind in (ROLE, MENTIONABLE) else None
        if kind in (USER, MENTIONABLE) and snowflake in self.world.users:
            self.resolve_user(resolved, self.world.users[snowflake], channel)
        elif role is not None:
            resolved.setdefault("roles", {})[str(snowflake)] = role
        elif kind == CHANNEL and snowflake in self.world.channels:
            target = self.world.channels[snowflake]
            permissions = self.world.guilds[target.guild_id].permissions(user)
            resolved.setdefault("channels", {})[str(snowflake)] = {**target.to_dict(), "permissions": str(permissions)}
        else:
            raise FakeDiscordError(f"{label} {value!r} is not a known {KIND_NAMES.get(kind, kind)}")
        return str(snowflake)

    def resolve_user(self, resolved: dict, user: FakeUser, channel: FakeChannel) -> None:
        resolved.setdefault("users", {})[str(user.id)] = user.to_dict()
        if channel.guild_id is not None:
            guild = self.world.guilds[channel.guild_id]
            member = {k: v for k, v in guild.member(user).items() if k != "user"}
            member["permissions"] = str(guild.permissions(user))
            resolved.setdefault("members", {})[str(user.id)] = member


def modal_submit_components(shown: list[dict], values: dict[str, Any], modal_id: str) -> list[dict]:
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


def split_path(path: tuple, options: dict | None) -> tuple[list[str], dict]:
    words = list(path)
    if words and isinstance(words[-1], dict):
        if options is not None:
            raise FakeDiscordError("give options either as the last positional argument or as options=, not both")
        options = words.pop()
    words = list(itertools.chain.from_iterable(str(w).split() for w in words))
    if not words:
        raise FakeDiscordError("name the command to run")
    return words, dict(options or {})

"""Gateway events held to what Discord documents, as far as a specification states it.

Discord's OpenAPI file describes the HTTP API only, but the objects inside gateway events are the
same objects its HTTP answers carry: a GUILD_CREATE is a guild with its members, channels, threads
and roles; an INTERACTION_CREATE carries a member (or user), a channel and the message a component
sat on; MESSAGE_CREATE is a message. Those parts are checked against the spec's schemas. The
fields of the events themselves (which the spec has no schema for) are checked against the lists
in Discord's gateway documentation (``REQUIRED``). Every event the fake dispatches goes through
``check_event``; a problem is logged at ERROR, so the test fails.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from .openapi import Conformance, Problem, describe, discord_spec, problems_of

log = logging.getLogger(__name__)

# The fields Discord's gateway documentation lists for each event (those a bot may rely on).
REQUIRED: dict[str, frozenset[str]] = {
    "READY": frozenset({"v", "user", "guilds", "session_id", "resume_gateway_url", "application"}),
    "GUILD_CREATE": frozenset(
        {"joined_at", "large", "unavailable", "member_count", "voice_states", "members", "channels", "threads"}
        | {"presences", "stage_instances", "guild_scheduled_events", "soundboard_sounds"}
    ),
    "INTERACTION_CREATE": frozenset(
        {"id", "application_id", "type", "token", "version", "app_permissions", "locale", "entitlements"}
        | {"authorizing_integration_owners", "context", "attachment_size_limit"}
    ),
    "GUILD_MEMBER_ADD": frozenset({"guild_id"}),
    "MESSAGE_CREATE": frozenset({"mentions"}),
    "GUILD_DELETE": frozenset({"id"}),
    "THREAD_DELETE": frozenset({"id", "guild_id", "parent_id", "type"}),
}
# In a guild, an interaction also carries these (in a DM, ``user`` instead of ``member``).
GUILD_INTERACTION = frozenset({"guild_id", "guild", "guild_locale", "channel", "channel_id", "member"})

# Where in an event the spec's objects are: (path with "*" for every item of a list, schema name).
PARTS: dict[str, list[tuple[tuple[str, ...], str]]] = {
    "READY": [(("user",), "UserResponse")],
    "GUILD_CREATE": [
        ((), "GuildResponse"),
        (("members", "*"), "GuildMemberResponse"),
        (("channels", "*"), "GuildChannelResponse"),
        (("threads", "*"), "ThreadResponse"),
    ],
    "GUILD_MEMBER_ADD": [((), "GuildMemberResponse")],
    "CHANNEL_CREATE": [((), "GuildChannelResponse")],
    "CHANNEL_UPDATE": [((), "GuildChannelResponse")],
    "THREAD_CREATE": [((), "ThreadResponse")],
    "THREAD_UPDATE": [((), "ThreadResponse")],
    "MESSAGE_CREATE": [((), "MessageResponse")],
    "MESSAGE_UPDATE": [((), "MessageResponse")],
    "INTERACTION_CREATE": [
        (("member",), "GuildMemberResponse"),
        (("user",), "UserResponse"),
        (("message",), "MessageResponse"),
    ],
}


def _parts(data: Any, path: tuple[str, ...], where: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple, Any]]:
    if not path:
        yield where, data
        return
    head, rest = path[0], path[1:]
    if head == "*":
        for index, item in enumerate(data if isinstance(data, list) else ()):
            yield from _parts(item, rest, (*where, index))
    elif isinstance(data, dict) and head in data:
        yield from _parts(data[head], rest, (*where, head))


def event_problems(event: str, data: Any) -> list[Problem]:
    problems = []
    required = REQUIRED.get(event, frozenset())
    if event == "INTERACTION_CREATE" and isinstance(data, dict):
        required = required | (GUILD_INTERACTION if "guild_id" in data else frozenset({"user"}))
        if data.get("type") != 1:
            required = required | {"data"}
    if isinstance(data, dict):
        problems += [
            Problem((), f'"{key}" is a documented field of {event}', "") for key in sorted(required - set(data))
        ]
    spec = discord_spec()
    for path, schema in PARTS.get(event, ()):
        for where, part in _parts(data, path):
            problems += [Problem((*where, *p.path), p.message, p.code) for p in problems_of(spec.schema(schema), part)]
    return problems


def check_event(event: str, data: Any) -> None:
    Conformance.TOTALS["gateway events"] += 1
    problems = event_problems(event, data)
    if problems:
        Conformance.TOTALS["gateway events not conforming"] += 1
        log.error("fake Discord sent a %s unlike what Discord documents: %s", event, describe(problems))

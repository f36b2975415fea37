"""Discord's Activities, as far as the bot and the web companion meet them.

- The interaction callback type 12 (``LAUNCH_ACTIVITY``, to a command or a component) starts the
  application's Activity in the interaction's channel: an instance (id
  ``i-<launch id>-gc-<guild>-<channel>``, the form Discord's guide shows) with the clicker in it;
  a second launch in the same channel joins the running instance. With ``enabled = False`` (an
  application without Activities) the callback is refused, as Discord does.
- ``GET /applications/{app}/activity-instances/{instance_id}`` (bot token): the instance as the
  spec's ``EmbeddedActivityInstance``, or 404 once it ended (``end``) or if it never was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .protocol import ApiError, dumps, snowflake_param

INSTANCE_PATH = "/applications/{app_id}/activity-instances/{instance_id}"


@dataclass
class Instance:
    instance_id: str
    launch_id: int
    guild_id: int
    channel_id: int
    users: list[int] = field(default_factory=list)

    def to_dict(self, application_id: int) -> dict[str, Any]:
        return {
            "application_id": str(application_id),
            "instance_id": self.instance_id,
            "launch_id": str(self.launch_id),
            "location": {
                "id": f"gc-{self.guild_id}-{self.channel_id}",
                "kind": "gc",
                "channel_id": str(self.channel_id),
                "guild_id": str(self.guild_id),
            },
            "users": [str(user) for user in self.users],
        }


@dataclass
class Activities:
    application_id: int
    snowflake: Callable[[], int]
    enabled: bool = True
    instances: dict[str, Instance] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)  # the instance ids the bot's side asked about

    def launch(self, user_id: int, guild_id: int | None, channel_id: int) -> Instance:
        """A launch by ``user_id`` in a channel: the running instance there, joined, or a new one."""
        if not self.enabled:
            raise ApiError(400, 50035, "Invalid Form Body: this application has no Activity (enable Activities)")
        if guild_id is None:
            raise ApiError(400, 50035, "Invalid Form Body: the fake launches Activities in server channels only")
        for instance in self.instances.values():
            if instance.channel_id == channel_id:
                break
        else:
            launch = self.snowflake()
            instance = Instance(f"i-{launch}-gc-{guild_id}-{channel_id}", launch, guild_id, channel_id)
            self.instances[instance.instance_id] = instance
        if user_id not in instance.users:
            instance.users.append(user_id)
        return instance

    def end(self, instance_id: str) -> None:
        """Everyone left: Discord forgets the instance."""
        self.instances.pop(instance_id, None)

    def routes(self) -> list[tuple[str, str, Any]]:
        return [("GET", INSTANCE_PATH, self._get_instance)]

    async def _get_instance(self, request: web.Request) -> web.Response:
        if not request.headers.get("Authorization", "").startswith("Bot "):
            raise ApiError(401, 0, "401: Unauthorized")
        if snowflake_param(request.match_info["app_id"]) != self.application_id:
            raise ApiError(403, 50001, "Missing Access")
        instance_id = request.match_info["instance_id"]
        self.asked.append(instance_id)
        instance = self.instances.get(instance_id)
        if instance is None:
            raise ApiError(404, 0, "404: Not Found")
        # Content-Type exactly application/json, as the rest of the fake answers.
        return web.Response(body=dumps(instance.to_dict(self.application_id)), headers=JSON)


JSON = {"Content-Type": "application/json"}

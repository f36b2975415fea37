"""An HTTP control API, for a driver in another process (a crash suite, a benchmark).

Served under ``/_control/`` by a ``FakeDiscord(control=True)`` (``python -m tests.e2e.fake``
does that). JSON in, JSON out; ids are strings, as in Discord's payloads. A refused action
(``FakeDiscordError``: unknown command, a button that is not there, no answer in time) answers
409 ``{"error": ...}``. ``remote.FakeDiscordClient`` is the Python side.

    GET  /_control/state                     guild_id, connected, identifies, identified_shards,
                                             live_shards, commands
    POST /_control/guilds    {name, shard?}   -> {id}       shard: [k, n]
    POST /_control/channels  {name, guild_id?} -> {id}
    POST /_control/users     {name, locale?, manage_guild?} -> {id, name}
    POST /_control/slash     {user, channel, command: "game new", options?, locale?, timeout?, wait_followup?}
    POST /_control/click     {user, message, custom_id, locale?, timeout?, wait_followup?}
    POST /_control/select {user, message, custom_id, values, locale?, timeout?, wait_followup?}
         -> the interaction: response_type, ephemeral, message, followups (message summaries)
    GET  /_control/channels/{id}/messages[?ephemeral=1]   -> [message summary]
    GET  /_control/users/{id}/ephemeral                   -> [message summary]
    GET  /_control/messages/{id}                          -> message summary
    POST /_control/wait/message {channel, after?, timeout?} -> the first public message in the
         channel newer than ``after`` (a message id), as soon as it is posted
    POST /_control/wait/ready   {commands?, shards?, timeout?}  -> state, once a bot is connected
         and has registered these commands (and, with shards [[k, n], ...], once a live session
         holds each of those shards: several bot processes)

Faults (``FakeDiscord``'s methods of the same names; ``faults.py``, ``lifecycle.py``), each -> {}:

    POST /_control/faults/callbacks    {count?, status?, code?, reset?}     fail_callbacks
    POST /_control/faults/old-edits    {on, retry_after?}                   limit_old_edits
    POST /_control/threads/{id}/archive | unarchive | lock {archive?} | unlock {unarchive?}
    POST /_control/threads/archive-idle                  -> {ids}
    POST /_control/channels/{id}/delete                  a channel (with its threads) or a thread
    POST /_control/guilds/{id}/remove-bot | add-bot
    POST /_control/clock {advance}     moves the fake's clock (tokens, auto-archiving, old edits,
                                       the invalid-request window) that many seconds ahead
    GET  /_control/faults   -> {faults, invalid_requests, invalid_requests_by_route: [{method,
                               path, count}], requests_to_dead_channels: [{channel_id, reason,
                               method, path, status}]}

A message summary (``FakeMessage.summary``) has content, text, embeds, components, buttons, selects,
flags, ephemeral, for_user, files (filename, size, content_type, width, height, url),
allowed_mentions, mentions, edits and deleted.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .protocol import FakeDiscordError, dumps, loads

if TYPE_CHECKING:
    from .server import FakeDiscord

Handler = Callable[[web.Request], Awaitable[Any]]


class ControlApi:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def add_routes(self, app: web.Application) -> None:
        for method, path, handler in [
            ("GET", "/state", self._state),
            ("POST", "/guilds", self._add_guild),
            ("POST", "/channels", self._add_channel),
            ("POST", "/users", self._add_user),
            ("POST", "/slash", self._slash),
            ("POST", "/click", self._click),
            ("POST", "/select", self._select),
            ("GET", "/channels/{channel_id}/messages", self._channel_messages),
            ("GET", "/users/{user_id}/ephemeral", self._ephemeral),
            ("GET", "/messages/{message_id}", self._message),
            ("POST", "/wait/message", self._wait_message),
            ("POST", "/wait/ready", self._wait_ready),
            ("POST", "/faults/callbacks", self._fail_callbacks),
            ("POST", "/faults/old-edits", self._limit_old_edits),
            ("POST", "/threads/archive-idle", self._archive_idle),
            ("POST", "/threads/{channel_id}/{action}", self._thread_action),
            ("POST", "/channels/{channel_id}/delete", self._delete_channel),
            ("POST", "/guilds/{guild_id}/{action}", self._guild_action),
            ("POST", "/clock", self._advance_clock),
            ("GET", "/faults", self._faults),
        ]:
            app.router.add_route(method, "/_control" + path, _json_handler(handler))

    def _state(self, request: web.Request, body: dict) -> dict:
        fake = self.fake
        return {
            "guild_id": str(fake.guild_id),
            "connected": fake.connected,
            "identifies": fake.identifies,
            "identified_shards": fake.identified_shards,
            "live_shards": self._live_shards(),
            "commands": sorted({c["name"] for c in fake.commands}),
            "interactions": len(fake.interactions),
        }

    def _add_guild(self, request: web.Request, body: dict) -> dict:
        shard = tuple(body["shard"]) if body.get("shard") else None
        return {"id": str(self.fake.add_guild(body["name"], shard=shard))}

    def _add_channel(self, request: web.Request, body: dict) -> dict:
        guild_id = int(body["guild_id"]) if body.get("guild_id") else None
        return {"id": str(self.fake.add_channel(body["name"], guild_id=guild_id))}

    def _add_user(self, request: web.Request, body: dict) -> dict:
        user = self.fake.add_user(
            body["name"], locale=body.get("locale", "en-US"), manage_guild=bool(body.get("manage_guild"))
        )
        return {"id": str(user.id), "name": user.name}

    async def _slash(self, request: web.Request, body: dict) -> dict:
        record = await self.fake.slash(
            int(body["user"]), int(body["channel"]), body["command"], options=body.get("options") or {}, **_how(body)
        )
        return record.summary()

    async def _click(self, request: web.Request, body: dict) -> dict:
        record = await self.fake.click(int(body["user"]), int(body["message"]), body["custom_id"], **_how(body))
        return record.summary()

    async def _select(self, request: web.Request, body: dict) -> dict:
        record = await self.fake.select(
            int(body["user"]), int(body["message"]), body["custom_id"], list(body["values"]), **_how(body)
        )
        return record.summary()

    def _channel_messages(self, request: web.Request, body: dict) -> list[dict]:
        channel_id = int(request.match_info["channel_id"])
        ephemeral = request.query.get("ephemeral") == "1"
        return [m.summary() for m in self.fake.channel_messages(channel_id, include_ephemeral=ephemeral)]

    def _ephemeral(self, request: web.Request, body: dict) -> list[dict]:
        return [m.summary() for m in self.fake.ephemeral_messages(int(request.match_info["user_id"]))]

    def _message(self, request: web.Request, body: dict) -> dict:
        return self.fake.message(int(request.match_info["message_id"])).summary()

    async def _wait_message(self, request: web.Request, body: dict) -> dict:
        channel, after = int(body["channel"]), int(body.get("after") or 0)

        def posted(message: Any) -> bool:
            return message.channel_id == channel and message.id > after and not message.ephemeral

        return (await self.fake.wait_for(posted, body.get("timeout"))).summary()

    def _live_shards(self) -> list[list[int] | None]:
        """The shard of every live gateway session (None: a session without shards)."""
        return [session.shard for session in self.fake.gateway.sessions.values() if session.live]

    async def _wait_ready(self, request: web.Request, body: dict) -> dict:
        wanted = set(body.get("commands") or [])
        shards = [list(shard) for shard in body.get("shards") or []]

        def ready() -> bool:
            names = {c["name"] for c in self.fake.commands}
            live = self._live_shards()
            return self.fake.connected and wanted <= names and all(shard in live for shard in shards)

        await self.fake.poll(ready, body.get("timeout"), f"no bot connected with commands {sorted(wanted)}")
        return self._state(request, body)

    # -- faults -------------------------------------------------------------------------------------

    def _fail_callbacks(self, request: web.Request, body: dict) -> dict:
        how = {key: body[key] for key in ("status", "code", "reset") if key in body}
        self.fake.fail_callbacks(int(body.get("count", 1)), **how)
        return {}

    def _limit_old_edits(self, request: web.Request, body: dict) -> dict:
        how = {"retry_after": float(body["retry_after"])} if "retry_after" in body else {}
        self.fake.limit_old_edits(bool(body["on"]), **how)
        return {}

    def _archive_idle(self, request: web.Request, body: dict) -> dict:
        return {"ids": [str(i) for i in self.fake.archive_idle_threads()]}

    def _thread_action(self, request: web.Request, body: dict) -> dict:
        thread_id, action = int(request.match_info["channel_id"]), request.match_info["action"]
        if action == "lock":
            self.fake.lock_thread(thread_id, archive=bool(body.get("archive")))
        elif action == "unlock":
            self.fake.unlock_thread(thread_id, unarchive=bool(body.get("unarchive")))
        elif action in ("archive", "unarchive"):
            getattr(self.fake, f"{action}_thread")(thread_id)
        else:
            raise ValueError(f"no thread action {action!r}")
        return {}

    def _delete_channel(self, request: web.Request, body: dict) -> dict:
        self.fake.delete_channel(int(request.match_info["channel_id"]))
        return {}

    def _guild_action(self, request: web.Request, body: dict) -> dict:
        guild_id, action = int(request.match_info["guild_id"]), request.match_info["action"]
        if action not in ("remove-bot", "add-bot"):
            raise ValueError(f"no guild action {action!r}")
        if guild_id not in self.fake.guilds:
            raise FakeDiscordError(f"unknown guild {guild_id}")
        if action == "remove-bot":
            self.fake.remove_bot_from_guild(guild_id)
        else:
            self.fake.add_bot_back(guild_id)
        return {}

    def _advance_clock(self, request: web.Request, body: dict) -> dict:
        self.fake.advance_clock(float(body["advance"]))
        return {}

    def _faults(self, request: web.Request, body: dict) -> dict:
        fake = self.fake
        by_route = [
            {"method": method, "path": path, "count": count}
            for (method, path), count in sorted(fake.invalid_requests_by_route.items())
        ]
        return {
            "faults": fake.faults,
            "invalid_requests": fake.invalid_requests,
            "invalid_requests_by_route": by_route,
            "requests_to_dead_channels": fake.requests_to_dead_channels(),
        }


def _how(body: dict) -> dict:
    return {key: body[key] for key in ("locale", "timeout", "wait_followup") if body.get(key) is not None}


def _json_handler(handler: Callable[[web.Request, dict], Any]) -> Handler:
    async def handle(request: web.Request) -> web.Response:
        body = loads(await request.read()) if request.body_exists else {}
        try:
            result = handler(request, body)
            if isinstance(result, Awaitable):
                result = await result
            status = 200
        except FakeDiscordError as error:
            result, status = {"error": str(error)}, 409
        except (KeyError, ValueError, TypeError) as error:
            result, status = {"error": f"bad control request: {error!r}"}, 400
        return web.Response(status=status, body=dumps(result), content_type="application/json")

    return handle

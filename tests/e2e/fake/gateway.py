"""The gateway: websocket sessions (IDENTIFY, RESUME, heartbeats) and which session gets which event.

Shards as on Discord: an IDENTIFY may carry ``shard: [id, count]`` (``id < count``, else the socket
is closed with 4010 "Invalid shard"); that session gets READY with its shard, a GUILD_CREATE for
the guilds with ``(guild_id >> 22) % count == id`` only, and every later event of those guilds.
A session without ``shard`` gets every guild, as a single connection does on Discord.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from .gateway_checks import check_event
from .models import FakeGuild, FakeUser, shard_of
from .protocol import (
    API_VERSION,
    CLOSE_INVALID_SHARD,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILD_PRESENCES,
    FakeDiscordError,
    dumps,
    loads,
)
from .records import FakeMessage
from .world import World

log = logging.getLogger(__name__)


class Connection:
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
        self.queue.put_nowait(dumps(payload).decode())

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


class Session:
    """A bot's gateway session; it outlives its socket so the client can RESUME it."""

    def __init__(self, session_id: str, intents: int, shard: list[int] | None) -> None:
        self.session_id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.conn: Connection | None = None
        self.missed: list[dict] = []  # events made while disconnected, replayed on RESUME
        self.resumes = 0

    @property
    def live(self) -> bool:
        return self.conn is not None and self.conn.live

    def covers(self, guild_id: int) -> bool:
        """Whether this session gets the guild's events (its shard, or every guild without one)."""
        return self.shard is None or shard_of(guild_id, self.shard[1]) == self.shard[0]

    def dispatch(self, event: str, data: dict) -> None:
        check_event(event, data)
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        if self.live:
            self.conn.send(frame)
        else:
            self.missed.append(frame)


def valid_shard(shard: Any) -> bool:
    return (
        isinstance(shard, list)
        and len(shard) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
        and 0 <= shard[0] < shard[1]
    )


class Gateway:
    """Serves ``/gateway`` and sends each event to the sessions that should get it."""

    def __init__(self, world: World, url: Callable[[], str], *, message_events: bool) -> None:
        self.world = world
        self._url = url
        self.message_events = message_events  # MESSAGE_CREATE/UPDATE/DELETE for public messages
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None  # the session that identified or resumed last
        self.identifies = 0
        self.identified_shards: list[list[int] | None] = []  # the shard of every IDENTIFY, in order
        self.member_requests = 0  # gateway op 8

    # -- who gets what ----------------------------------------------------------------------------

    def dispatch_all(self, event: str, data: dict, *, intent: int = 0) -> None:
        for session in self.sessions.values():
            if not intent or session.intents & intent:
                session.dispatch(event, data)

    def dispatch_guild(self, guild_id: int, event: str, data: dict, *, intent: int = 0) -> None:
        guild = self.world.guilds.get(guild_id)
        if guild is not None and not guild.bot_present:
            return  # a bot removed from a guild hears nothing more of it
        for session in self.sessions.values():
            if session.covers(guild_id) and (not intent or session.intents & intent):
                session.dispatch(event, data)

    def session_for(self, guild_id: int) -> Session:
        """The live session an interaction in this guild goes to: the newest one covering it."""
        for session in reversed(list(self.sessions.values())):
            if session.live and session.covers(guild_id):
                return session
        if not any(s.live for s in self.sessions.values()):
            raise FakeDiscordError("no bot is connected to the fake gateway (start one with harness.run_client)")
        shards = [s.shard for s in self.sessions.values() if s.live]
        raise FakeDiscordError(f"no connected shard covers guild {guild_id} (connected shards: {shards})")

    def guild_created(self, guild: FakeGuild) -> None:
        for session in self.sessions.values():
            if session.covers(guild.id):
                session.dispatch("GUILD_CREATE", self._guild_create(guild, session.intents))

    def member_added(self, guild: FakeGuild, user: FakeUser) -> None:
        """GUILD_MEMBER_ADD, sent only to sessions with the members intent."""
        data = {**guild.member(user), "guild_id": str(guild.id)}
        self.dispatch_guild(guild.id, "GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS)

    def message_event(self, kind: str, message: FakeMessage) -> None:
        """Gateway events for a public message, as Discord sends them (never for ephemeral ones)."""
        if not self.message_events or message.ephemeral:
            return
        channel = self.world.channels.get(message.channel_id)
        if channel is None or channel.guild_id is None:  # direct messages: the bot asked for no DM intents
            return
        data: dict = {"id": str(message.id), "channel_id": str(channel.id)}
        if kind != "delete":
            data = message.to_dict()
        data["guild_id"] = str(channel.guild_id)
        if kind == "create":
            member = self.world.guilds[channel.guild_id].member(message.author)
            data["member"] = {k: v for k, v in member.items() if k != "user"}
        event = {"create": "MESSAGE_CREATE", "update": "MESSAGE_UPDATE", "delete": "MESSAGE_DELETE"}[kind]
        self.dispatch_guild(channel.guild_id, event, data, intent=INTENT_GUILD_MESSAGES)

    async def close_all(self) -> None:
        for session in list(self.sessions.values()):
            if session.live:
                log.warning("fake Discord stopped while a bot was still connected; stop the client first")
                await session.conn.ws.close(code=1001)

    # -- the websocket ----------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws)
        session: Session | None = None
        conn.send({"op": 10, "d": {"heartbeat_interval": 41250, "_trace": ["fake-discord"]}})
        try:
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    frame = loads(msg.data)
                    session = await self._op(conn, session, frame.get("op"), frame.get("d"))
        finally:
            conn.close()
            if session is not None and session.conn is conn:
                session.conn = None
                if ws.close_code in (1000, 1001):
                    # A clean close ends the session on Discord: it cannot be resumed.
                    self.sessions.pop(session.session_id, None)
        return ws

    async def _op(self, conn: Connection, session: Session | None, op: int, data: Any) -> Session | None:
        if op == 1:  # heartbeat
            conn.send({"op": 11})
        elif op == 2:  # identify
            return await self._identify(conn, data)
        elif op == 6:  # resume
            session = self.sessions.get(data.get("session_id"))
            if session is None:
                conn.send({"op": 9, "d": False})
                return None
            session.conn = conn
            session.resumes += 1
            missed, session.missed = session.missed, []
            for frame in missed:
                conn.send(frame)
            session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
            self.current = session
        elif op == 8:  # request guild members
            self.member_requests += 1
            if session is not None:
                session.dispatch("GUILD_MEMBERS_CHUNK", self._members_chunk(data))
        elif op in (3, 4):  # presence and voice state: nothing to do
            pass
        else:
            log.error("fake Discord: unknown gateway op %r with %r", op, data)
        return session

    async def _identify(self, conn: Connection, data: dict) -> Session | None:
        shard = data.get("shard")
        if shard is not None and not valid_shard(shard):
            log.warning("fake Discord: IDENTIFY with invalid shard %r; closing with 4010", shard)
            await conn.ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return None
        session = Session(secrets.token_hex(16), int(data.get("intents", 0)), shard)
        session.conn = conn
        self.sessions[session.session_id] = session
        self.identifies += 1
        self.identified_shards.append(shard)
        guilds = [g for g in self.world.guilds.values() if g.bot_present and session.covers(g.id)]
        session.dispatch("READY", self._ready(session, guilds))
        for guild in guilds:
            session.dispatch("GUILD_CREATE", self._guild_create(guild, session.intents))
        self.current = session
        return session

    def _ready(self, session: Session, guilds: list[FakeGuild]) -> dict:
        bot_user = self.world.bot_user
        ready = {
            "v": API_VERSION,
            "user": {**bot_user.to_dict(), "verified": True, "mfa_enabled": False, "flags": 0, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self._url(),
            "application": {"id": str(self.world.application_id), "flags": 0},
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
        world = self.world
        members = [u for u in world.users.values() if intents & INTENT_GUILD_PRESENCES or u.bot]
        channels = [c for c in world.channels.values() if c.guild_id == guild.id]
        return guild.create_payload(world.bot_user, members, len(world.users), channels)

    def _members_chunk(self, data: dict) -> dict:
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        limit = data.get("limit") or 0
        members, not_found = [], []
        if guild is not None:
            for user in self.world.users.values():
                if (wanted and user.id not in wanted) or not user.name.lower().startswith(query):
                    continue
                members.append(guild.member(user))
            not_found = sorted(wanted - set(self.world.users))
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

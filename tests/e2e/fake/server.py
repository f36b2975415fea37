"""``FakeDiscord``: the object tests use. It serves the REST API and the gateway on 127.0.0.1,
sets up guilds, channels and users, and answers questions about what the bot did.

Acting as users (``slash``, ``click``, ...) comes from ``actions.UserActions``.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable

from aiohttp import web

from .actions import UserActions
from .answers import InteractionAnswers
from .gateway import Gateway
from .interactions import Interactions
from .models import FakeChannel, FakeGuild, FakeUser
from .payloads import Payloads
from .pointing import point_discord_at
from .protocol import API_VERSION, VALID_LOCALES, FakeDiscordError, id_of
from .ratelimits import SUITE_SCALE, RateLimits
from .records import FakeMessage, Interaction
from .rest import RestApi
from .world import World


class FakeDiscord(UserActions):
    """Discord's REST API and gateway for one bot application, served on 127.0.0.1.

    ``response_deadline``: seconds the bot has to answer an interaction (Discord: 3); None turns
    the check off. ``message_events``: send MESSAGE_CREATE/UPDATE over the gateway as Discord does
    for public messages. ``timeout``: default wait of the driving methods. ``recommended_shards``:
    the shard count ``GET /gateway/bot`` recommends. ``guild_shard``: ``(k, n)`` puts the first
    guild on shard k of n. ``control``: also serve the HTTP control API of ``control.py`` (for a
    driver in another process). ``rate_limits``: answer with Discord's rate limits (``ratelimits.py``:
    per-route buckets and headers, 429s, the global limit). ``rate_limit_scale`` multiplies their
    windows: by default the tests' ``SUITE_SCALE`` (windows of the same shape, a hundred times
    shorter, so tests that post many boards stay fast); 1 is Discord's own time (benchmarks).
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
        recommended_shards: int = 1,
        guild_shard: tuple[int, int] | None = None,
        control: bool = False,
        rate_limits: bool = True,
        rate_limit_scale: float = SUITE_SCALE,
    ) -> None:
        self.port: int | None = None
        self.world = World(bot_name, lambda: self.base_url)
        self.gateway = Gateway(self.world, lambda: self.gateway_url, message_events=message_events)
        self._interactions = Interactions(timeout)
        self._payloads = Payloads(self.world)
        # Event-loop turns the fake lets pass after answering a request before it reports the
        # result to the test: discord.py registers a view only after the HTTP answer arrives, so
        # a test clicking at once must not overtake it. The gateway writer queue already adds two
        # turns (no lost clicks in 2,400 immediate reply-then-click rounds with 0 ticks); every
        # tick costs latency under load, so one is kept as a margin.
        self.rest = RestApi(
            self.world,
            self.gateway,
            self._interactions,
            settle_ticks=settle_ticks,
            recommended_shards=recommended_shards,
        )
        self.rest.rate_limits = RateLimits(scale=rate_limit_scale) if rate_limits else None
        self.answers = InteractionAnswers(self.rest, response_deadline=response_deadline)
        self._control = control
        self._runner: web.AppRunner | None = None
        self.bot_user, self.owner = self.world.bot_user, self.world.owner
        self.application_id = self.world.application_id
        self.activities = self.world.activities  # LAUNCH_ACTIVITY's instances (activities.py)
        self.users, self.guilds = self.world.users, self.world.guilds
        self.oauth = self.rest.oauth  # signing in on the web companion: add_client, sign_in_as
        self.guild_id = self.add_guild(guild_name, shard=guild_shard)

    # -- settings and counters the tests read or change ----------------------------------------

    @property
    def response_deadline(self) -> float | None:
        return self.answers.response_deadline

    @response_deadline.setter
    def response_deadline(self, seconds: float | None) -> None:
        self.answers.response_deadline = seconds

    @property
    def timeout(self) -> float:
        return self._interactions.timeout

    @timeout.setter
    def timeout(self, seconds: float) -> None:
        self._interactions.timeout = seconds

    @property
    def token_clock(self) -> Callable[[], float]:
        """Wall-clock seconds by which interaction tokens expire (15 minutes after creation)."""
        return self._interactions.token_clock

    @token_clock.setter
    def token_clock(self, clock: Callable[[], float]) -> None:
        # One clock for everything timed in the fake: tokens, thread auto-archiving, the age of
        # messages (edits after an hour) and the invalid-request window.
        self._interactions.token_clock = clock
        self.world.set_clock(clock)

    def advance_clock(self, seconds: float) -> None:
        """Move the fake's clock ahead (for a driver without a clock of its own, such as the
        control API): tokens, threads and messages age by that much."""
        ahead = _Ahead(self.token_clock, seconds)
        self._interactions.token_clock = self.world.clock = ahead

    @property
    def interactions(self) -> list[Interaction]:
        return self._interactions.records

    @property
    def identifies(self) -> int:
        return self.gateway.identifies

    @property
    def identified_shards(self) -> list[list[int] | None]:
        return self.gateway.identified_shards

    @property
    def member_requests(self) -> int:
        return self.gateway.member_requests

    @property
    def unknown_routes(self) -> list[str]:
        return self.rest.unknown_routes

    @property
    def requests(self) -> list[tuple[str, str]]:
        return self.rest.requests

    @property
    def rate_limits(self) -> RateLimits | None:
        """The rate limits in force (None: off), with their counters: ``refused`` (429s given, by
        scope ``user``/``global``), ``counted`` (requests counted against the global limit)."""
        return self.rest.rate_limits

    # -- lifecycle ----------------------------------------------------------------------------

    async def start(self, port: int = 0) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self.rest.middleware])
        api = f"/api/v{API_VERSION}"
        api_routes = self.rest.routes() + self.answers.routes() + self.rest.oauth.api_routes()
        for method, path, handler in api_routes + self.world.activities.routes():
            app.router.add_route(method, api + path, handler)
        for method, path, handler in self.rest.oauth.site_routes():  # discord.com's pages, not the API
            app.router.add_route(method, path, handler)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.rest.cdn)
        if self._control:
            from .control import ControlApi

            ControlApi(self).add_routes(app)
        app.router.add_route("*", "/{tail:.*}", self.rest.unknown)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()

    async def stop(self) -> None:
        await self.gateway.close_all()
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
    def api_url(self) -> str:
        """What ``discord.http.Route.BASE`` must be."""
        return f"{self.base_url}/api/v{API_VERSION}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def patch_discord(self) -> Callable[[], None]:
        """Point discord.py's REST base and gateway at this fake; returns the undo function."""
        if self.port is None:
            raise FakeDiscordError("start() the fake before patch_discord()")
        return point_discord_at(self.api_url, self.gateway_url)

    # -- state set-up ---------------------------------------------------------------------------

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> int:
        """A new guild (the bot is in it); ``shard=(k, n)`` gives it an id on shard k of n."""
        guild = self.world.new_guild(name, shard=shard)
        self.gateway.guild_created(guild)
        return guild.id

    def add_channel(self, name: str, *, guild_id: int | None = None) -> int:
        channel = self.world.new_channel(name, guild_id or self.guild_id)
        self.gateway.dispatch_guild(channel.guild_id, "CHANNEL_CREATE", channel.to_dict())
        return channel.id

    def deny_bot(self, channel_id: int, permissions: int, *, announce: bool = True) -> None:
        """Deny the bot these permission bits in a channel (a member overwrite, as a moderator
        would set): sent to the bot as CHANNEL_UPDATE, left out of ``app_permissions``, and
        message posts that need them are refused with 403 Missing Permissions. ``announce=False``:
        no CHANNEL_UPDATE (a gateway event lost, a change Discord does not send): the bot learns of
        the loss, or of the permission given back (``deny_bot(channel, 0, announce=False)``), only
        from a refused request or by asking (``GET /channels/{id}`` shows the overwrite)."""
        channel = self.world.channel_or_error(channel_id)
        if channel.is_thread:
            raise FakeDiscordError(
                f"{channel_id} is a thread: threads have no overwrites, they take the parent's (deny it there)"
            )
        if permissions:
            self.world.faults.counts["bot denied permissions"] += 1
        channel.bot_deny = permissions
        channel.overwrites = [{"id": str(self.world.bot_user.id), "type": 1, "allow": "0", "deny": str(permissions)}]
        if announce:
            self.gateway.dispatch_guild(channel.guild_id, "CHANNEL_UPDATE", channel.to_dict())
        elif permissions:
            self.world.faults.counts["bot denied permissions silently"] += 1

    def fail_posts(self, channel_id: int, *statuses: int) -> None:
        """The next message posts in this channel get these statuses (403, 429 with a short
        retry_after as Discord sends it, 500, 503 ...), one each, before posts work again."""
        self.world.channel_or_error(channel_id).failures.extend(statuses)

    def fail_command_syncs(self, *statuses: int, retry_after: float = 0.05) -> None:
        """The next command list PUTs (global or guild) get these statuses, one each: 429 is the
        daily create limit (with ``retry_after`` seconds), others a plain error (500, 503 ...)."""
        self.rest.command_failures.extend((status, retry_after) for status in statuses)

    def add_thread(self, parent_id: int, name: str, *, private: bool = False, auto_archive_duration: int = 1440) -> int:
        """A thread a user started; it archives itself after ``auto_archive_duration`` minutes
        without activity on the fake's clock (``token_clock``)."""
        parent = self.world.channel_or_error(parent_id)
        thread = self.world.new_thread(
            parent, name, private=private, owner=self.owner, auto_archive_duration=auto_archive_duration
        )
        self.gateway.dispatch_guild(thread.guild_id, "THREAD_CREATE", {**thread.to_dict(), "newly_created": True})
        return thread.id

    def dm_channel(self, user: FakeUser | int) -> int:
        """The id of the bot's direct-message channel with ``user``: ``slash`` there sends a DM
        interaction (context BOT_DM, ``user`` instead of ``member``)."""
        return self.world.dm_channel(self.world.user_or_error(user)).id

    # -- faults: Discord failing, things ending (faults.py, lifecycle.py) ---------------------------

    def fail_callbacks(
        self, count: int = 1, *, status: int | None = 404, code: int | None = None, reset: bool = False
    ) -> None:
        """The next ``count`` on-time interaction callbacks fail: by default 404 10062 "Unknown
        interaction"; ``status=503`` (any 4xx/5xx, ``code`` 0 unless given) a server error (note
        discord.py retries 500, 502, 504 after a second); ``reset=True`` closes the connection
        without an answer. The interaction stays unanswered: follow-ups on its token answer 10015."""
        self.world.faults.fail_callbacks(count, status=status, code=code, reset=reset)

    def archive_thread(self, thread_id: int) -> None:
        """Archive a thread (as a moderator or Discord's inactivity timer would): THREAD_UPDATE; a
        message posted there unarchives it (unless locked), edits answer 400 50083, commands
        cannot be run there."""
        thread = self._thread(thread_id)
        if self.rest.lifecycle.set_archived(thread, True):
            self.rest.lifecycle.thread_update(thread)

    def unarchive_thread(self, thread_id: int) -> None:
        thread = self._thread(thread_id)
        if self.rest.lifecycle.set_archived(thread, False):
            self.rest.lifecycle.thread_update(thread)

    def lock_thread(self, thread_id: int, *, archive: bool = False) -> None:
        """Lock a thread (a moderator): THREAD_UPDATE. Without Manage Threads (the fake's bot has
        it unless denied on the parent: ``deny_bot(parent, MANAGE_THREADS)``) posts and edits there
        answer 403 160005 "Thread is locked" and nothing unarchives it. ``archive``: also archive it."""
        thread = self._thread(thread_id)
        changed = self.rest.lifecycle.set_locked(thread, True)
        if archive:
            changed = self.rest.lifecycle.set_archived(thread, True) or changed
        if changed:
            self.rest.lifecycle.thread_update(thread)

    def unlock_thread(self, thread_id: int, *, unarchive: bool = False) -> None:
        """Unlock a thread: THREAD_UPDATE. ``unarchive``: also unarchive it, in the same event (a
        moderator reopening a thread that was locked and archived together; discord.py, which
        dropped the archived thread from its cache, reports that as ``on_thread_join``)."""
        thread = self._thread(thread_id)
        changed = self.rest.lifecycle.set_locked(thread, False)
        if unarchive:
            changed = self.rest.lifecycle.set_archived(thread, False) or changed
        if changed:
            self.rest.lifecycle.thread_update(thread)

    def archive_idle_threads(self) -> list[int]:
        """Archive every thread idle past its auto-archive duration on the fake's clock (what
        Discord's timer does; requests naming such a thread also archive it first). Returns their ids."""
        return self.rest.lifecycle.archive_idle()

    def delete_channel(self, channel_id: int) -> None:
        """Delete a channel (with its threads) or a thread, as a moderator would: CHANNEL_DELETE
        or THREAD_DELETE; every later request naming it answers 404 10003 Unknown Channel."""
        self.rest.lifecycle.delete(self.world.channel_or_error(channel_id))

    def delete_thread(self, thread_id: int) -> None:
        self.rest.lifecycle.delete(self._thread(thread_id))

    def remove_bot_from_guild(self, guild_id: int | None = None) -> None:
        """Kick the bot (default: the first guild): GUILD_DELETE; its channels answer 403 50001
        Missing Access, command syncs there too, and no events or interactions come from it."""
        self.rest.lifecycle.remove_bot(self.guilds[guild_id or self.guild_id])

    def add_bot_back(self, guild_id: int | None = None) -> None:
        """Invite the bot back: GUILD_CREATE, and its channels work again."""
        self.rest.lifecycle.add_bot_back(self.guilds[guild_id or self.guild_id])

    def limit_old_edits(self, on: bool = True, *, retry_after: float = 0.01) -> None:
        """While on, edits of messages older than an hour on the fake's clock answer 429 with code
        30046 (Discord's cap on such edits) and this ``retry_after``."""
        self.world.faults.old_edit_retry_after = retry_after if on else None

    @property
    def faults(self) -> dict[str, int]:
        """Injected faults applied so far, by kind (for a chaos script to print)."""
        return dict(self.world.faults.counts)

    @property
    def invalid_requests(self) -> int:
        """Answers with status 401, 403 or 429 (not ``shared``-scope 429s) in the last 10 minutes on
        the fake's clock: Discord bans an IP for an hour at 10,000."""
        return self.world.faults.invalid_requests

    @property
    def invalid_requests_by_route(self) -> dict[tuple[str, str], int]:
        """The same, per (method, path with its ids), e.g. ``("POST", "/channels/123/messages")``."""
        return self.world.faults.invalid_requests_by_route()

    @property
    def dead_token_reuses(self) -> int:
        """Requests on an interaction token after Discord had already refused it as expired (401
        50027): each one another invalid request, and none could ever work."""
        return self.world.faults.dead_token_reuses

    def requests_to_dead_channels(self) -> list[dict]:
        """Every request naming a channel that was deleted, whose thread was locked (for a bot
        without Manage Threads) or whose guild the bot was removed from: dicts with channel_id,
        reason, method, path, status."""
        return list(self.world.faults.dead_channel_requests)

    def _thread(self, thread_id: int) -> FakeChannel:
        thread = self.world.channel_or_error(thread_id)
        if not thread.is_thread:
            raise FakeDiscordError(f"channel {thread_id} is not a thread")
        return thread

    def add_user(
        self, name: str, *, locale: str = "en-US", manage_guild: bool = False, permissions: int = 0
    ) -> FakeUser:
        """A member of every guild; ``permissions`` adds raw permission bits on top of the roles."""
        if locale not in VALID_LOCALES:
            raise FakeDiscordError(f"{locale!r} is not a Discord locale; use one of {sorted(VALID_LOCALES)}")
        user = self.world.new_user(name, locale=locale, manage_guild=manage_guild, permissions=permissions)
        for guild in self.guilds.values():
            self.gateway.member_added(guild, user)
        return user

    def guild(self, guild_id: int) -> FakeGuild:
        return self.guilds[guild_id]

    # -- queries --------------------------------------------------------------------------------

    @property
    def commands(self) -> list[dict]:
        """Every registered application command (global and guild) as Discord stores it."""
        return list(self.world.commands.values())

    def command(self, name: str, *, guild_id: int | None = None, type: int = 1) -> dict:
        """A registered command: the guild's own if there is one, else the global one."""
        return self.world.command(name, guild_id=guild_id or self.guild_id, type=type)

    def channel(self, channel_id: int) -> dict:
        return self.world.channel_or_error(channel_id).to_dict()

    def message(self, message_id: int) -> FakeMessage:
        try:
            return self.world.messages[message_id]
        except KeyError:
            raise FakeDiscordError(f"no message {message_id}") from None

    def all_messages(self) -> list[FakeMessage]:
        """Every message ever created, deleted and ephemeral ones included, oldest first."""
        return list(self.world.messages.values())

    def channel_messages(
        self, channel_id: int, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[FakeMessage]:
        return [
            m
            for m in self.world.channel_messages.get(channel_id, [])
            if (include_ephemeral or not m.ephemeral) and (include_deleted or not m.deleted)
        ]

    def ephemeral_messages(self, user: FakeUser | int, *, include_deleted: bool = False) -> list[FakeMessage]:
        user_id = id_of(user)
        return [
            m
            for m in self.world.messages.values()
            if m.ephemeral
            and m.for_user is not None
            and m.for_user.id == user_id
            and (include_deleted or not m.deleted)
        ]

    def dm_messages(self, user: FakeUser | int) -> list[FakeMessage]:
        """What the bot sent ``user`` by direct message."""
        channel_id = self.world.dm_channels.get(id_of(user))
        return self.channel_messages(channel_id) if channel_id else []

    def last_public(self, channel_id: int) -> FakeMessage | None:
        messages = self.channel_messages(channel_id)
        return messages[-1] if messages else None

    async def wait_for(
        self, predicate: Callable[[FakeMessage], bool], timeout: float | None = None, *, existing: bool = True
    ) -> FakeMessage:
        """The first message satisfying ``predicate``, checking existing messages first (unless
        ``existing=False``) and then every message created or edited from now on."""
        already = list(self.world.messages.values()) if existing else []
        return await self._interactions.wait_for(predicate, already, timeout)

    def fail_waiters(self, reason: str) -> None:
        """Make every pending interaction and wait_for fail now (e.g. the bot logged an error)."""
        self._interactions.fail_all(reason)

    # -- gateway control --------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.gateway.current is not None and self.gateway.current.live

    async def wait_until_connected(self, timeout: float | None = None) -> None:
        await self.poll(lambda: self.connected, timeout, "no bot connected to the gateway")

    async def force_reconnect(self, timeout: float | None = None) -> None:
        """Ask the bot to reconnect (gateway op 7) and wait until it has RESUMEd its session."""
        session = self.gateway.current
        if session is None or not session.live:
            raise FakeDiscordError("no bot is connected to the fake gateway (start one with harness.run_client)")
        resumes = session.resumes
        session.conn.send({"op": 7, "d": None})
        await self.poll(lambda: session.resumes > resumes and session.live, timeout, "the bot did not resume")

    async def poll(self, condition: Callable[[], bool], timeout: float | None, failure: str) -> None:
        """Wait until ``condition()`` holds (checked every 2 ms), or fail after ``timeout``."""
        timeout = self.timeout if timeout is None else timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            if loop.time() > deadline:
                raise FakeDiscordError(f"{failure} within {timeout} s")
            await asyncio.sleep(0.002)


class _Ahead:
    """A clock some seconds ahead of another."""

    def __init__(self, clock: Callable[[], float], seconds: float) -> None:
        self.clock, self.seconds = clock, seconds

    def __call__(self) -> float:
        return self.clock() + self.seconds

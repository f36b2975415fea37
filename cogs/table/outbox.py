"""Board posts that Discord did not take yet: kept, and sent again later in order.

A move is saved before its board is posted. If Discord refuses the post, the post waits here so
the board is delayed but never lost. What happens next depends on why Discord said no:

- *For now* (a 429 that discord.py's own retries did not get past, a 5xx, a network error): the
  channel pauses, for the ``retry_after`` Discord gave, else for a growing pause (``first_delay``,
  doubling up to ``max_delay``). Only a refusal costs a pause: once a post goes through, the
  channel's other waiting posts go at once.
- *Missing permission* (403, e.g. 50013): retrying cannot help until a moderator acts, and
  Discord bans an address after 10,000 refused requests in 10 minutes. The channel is *blocked*:
  its posts wait and no request goes to it until ``retry_now(channel_id)`` (a permission granted).
- *Channel gone* (404 such as 10003 Unknown Channel, 403 50001 Missing Access, 403 160005 locked
  thread): blocked the same way, until ``retry_now`` (the channel works again).
- *The post itself* (a 400 with a body error, 413 too large): it can never go; logged, dropped.

A channel that becomes blocked is reported once (until a post there goes through again) to
``on_blocked(channel_id, error)``, so the table can stop the game's clock and tell the host; the
callback runs in a task of its own, so it may publish or take the board's locks. A board of a
game that joins a blocked channel's waiting posts (a new table there: nothing of it waited yet)
is reported to ``on_held(channel_id, error)``, so that table is not left waiting unknown to anyone.
Whether a blocked channel takes posts again is asked with ``probe``: its first waiting post,
tried once, is the one request that tells.

Per channel only the newest board of each game waits: a board queued for a game whose older board
still waits takes that one's place (so the channel's order among games holds); the older one is
counted in ``superseded``. Nothing else is dropped, except past ``MAX_WAITING`` posts without a
game id (a safety cap; the board always gives one). Posts of one channel keep their order: a
new board waits behind the channel's earlier waiting ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import aiohttp
import discord

log = logging.getLogger("tafelbot.outbox")
# Per channel, posts without a game id only (those are never superseded): a channel the bot may
# never post in again must not fill the memory with pictures.
MAX_WAITING = 50
# Discord's codes for a channel that will not take any post until something outside changes.
GONE_CODES = frozenset({10003, 50001, 160005})  # Unknown Channel, Missing Access, thread locked


@dataclass(eq=False)  # one post is one post: found and removed by identity, not by its fields
class Post:
    channel_id: int
    content: str
    picture: bytes
    filename: str
    view: discord.ui.View | None
    allowed_mentions: discord.AllowedMentions
    description: str | None = None  # the picture's alt text
    game_id: int | None = None  # a newer board of the same game replaces this one while it waits
    # Told the message once a post that waited goes through (the board remembers what it shows).
    on_posted: Callable[[discord.Message], Awaitable[None]] | None = None
    attempts: int = 0
    last_error: BaseException | None = None

    def kwargs(self) -> dict[str, Any]:
        # A discord.File is read once: every attempt gets a fresh one.
        return {
            "content": self.content,
            "file": discord.File(io.BytesIO(self.picture), filename=self.filename, description=self.description),
            "view": self.view,
            "allowed_mentions": self.allowed_mentions,
        }


class Refusal(StrEnum):
    RATE_LIMITED = "rate limited"  # try again after Discord's retry_after
    UNAVAILABLE = "unavailable"  # 5xx or network: try again after a growing pause
    MISSING_PERMISSION = "missing permission"  # blocked until retry_now
    GONE = "channel gone"  # blocked until retry_now
    BAD_POST = "bad post"  # never: dropped

    @property
    def for_now(self) -> bool:
        return self in (Refusal.RATE_LIMITED, Refusal.UNAVAILABLE)

    @property
    def blocks(self) -> bool:
        return self in (Refusal.MISSING_PERMISSION, Refusal.GONE)


def refusal_of(error: BaseException) -> Refusal:
    """What a failed post means for the channel."""
    if isinstance(error, discord.RateLimited):  # not an HTTPException (discord.py never sent it)
        return Refusal.RATE_LIMITED
    if isinstance(error, discord.NotFound):
        return Refusal.GONE  # a post only goes to a channel: its 404 is the channel's
    if isinstance(error, discord.Forbidden):
        return Refusal.GONE if error.code in GONE_CODES else Refusal.MISSING_PERMISSION
    if isinstance(error, discord.HTTPException):
        if error.status == 429:
            return Refusal.RATE_LIMITED
        return Refusal.UNAVAILABLE if error.status >= 500 else Refusal.BAD_POST
    if isinstance(error, aiohttp.ClientError | OSError | TimeoutError):
        return Refusal.UNAVAILABLE
    return Refusal.BAD_POST


def retry_after(error: BaseException) -> float | None:
    """The wait Discord asked for, if it said one. discord.py raises RateLimited with it when the
    wait is above its ``max_ratelimit_timeout``; after five 429s in a row it raises a plain
    HTTPException, which keeps the response (and its Retry-After header) but not the body."""
    if isinstance(error, discord.RateLimited):
        return max(0.0, error.retry_after)
    if isinstance(error, discord.HTTPException) and error.status == 429:
        headers = getattr(error.response, "headers", None)
        with contextlib.suppress(TypeError, ValueError):
            return max(0.0, float(headers.get("Retry-After"))) if headers is not None else None
    return None


@dataclass(eq=False)
class _Channel:
    """One channel's waiting posts and what the last refusal there decided."""

    delay: float  # the next growing pause
    waiting: deque[Post] = field(default_factory=deque)
    pause: float | None = None  # owed before the next attempt (a refusal set it)
    blocked: BaseException | None = None  # the refusal that blocks the channel, until retry_now
    reported: bool = False  # on_blocked was told (until a post goes through)
    sending: Post | None = None  # the waiting post being attempted now
    task: asyncio.Task[None] | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    probed: asyncio.Event = field(default_factory=asyncio.Event)  # set when a probe's try ends


class Outbox:
    def __init__(
        self,
        channel: Callable[[int], Awaitable[Any]],
        on_blocked: Callable[[int, BaseException], Awaitable[None]] | None = None,
        *,
        on_held: Callable[[int, BaseException], Awaitable[None]] | None = None,
        first_delay: float = 2.0,
        max_delay: float = 300.0,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self.channel = channel
        self.on_blocked = on_blocked
        self.on_held = on_held
        self.first_delay = first_delay
        self.max_delay = max_delay
        self._sleep = sleep  # injectable, so tests pause without waiting
        self.sent_later = 0  # posts that went through after waiting here
        self.superseded = 0  # waiting boards replaced by a newer board of their game
        self.refusals: Counter[Refusal] = Counter()  # every refused attempt, by kind
        self._channels: dict[int, _Channel] = {}
        self._reports: set[asyncio.Task[None]] = set()

    def waiting_games(self, channel_id: int | None = None) -> set[int]:
        """The games a board of which waits here (it goes out by itself once it can, and leaves
        only once whoever it reports to has recorded it: ``Post.on_posted``); ``channel_id``: in
        that channel only."""
        states = [self._channels.get(channel_id)] if channel_id is not None else list(self._channels.values())
        return {post.game_id for state in states if state is not None for post in state.waiting if post.game_id}

    def pending(self, channel_id: int | None = None) -> int:
        if channel_id is not None:
            state = self._channels.get(channel_id)
            return len(state.waiting) if state else 0
        return sum(len(state.waiting) for state in self._channels.values())

    def blocked(self, channel_id: int) -> bool:
        state = self._channels.get(channel_id)
        return state is not None and state.blocked is not None

    def blocked_channels(self) -> set[int]:
        return {channel_id for channel_id, state in self._channels.items() if state.blocked is not None}

    async def send(self, post: Post) -> discord.Message | None:
        """Post now, unless earlier posts of the channel wait or the channel is blocked (then
        the post waits, without a request). Returns the message, or None when the post waits;
        raises what Discord said if the post itself can never be posted."""
        state = self._channels.get(post.channel_id)
        if state is not None and (state.waiting or state.blocked is not None):
            self._wait_held(state, post)
            return None
        try:
            message = await self._attempt(post)
        except Exception as error:
            post.last_error = error
            refusal = refusal_of(error)
            self.refusals[refusal] += 1
            if refusal is Refusal.BAD_POST:
                raise
            state = self._state(post.channel_id)
            self._refused(post.channel_id, state, error, refusal)
            self._wait(state, post)
            return None
        if state is not None:
            # A post went through: a later refusal is news again, as after a waiting post (a
            # channel held by the gateway and let go had nothing waiting to reset it).
            state.reported = False
        return message

    def queue(self, post: Post) -> None:
        """Send ``post`` later, behind the channel's earlier waiting posts: for a post the caller
        knows cannot go now (a permission is missing), so the first try waits ``first_delay``."""
        state = self._state(post.channel_id)
        if not state.waiting and state.pause is None:
            state.pause = self.first_delay
        self._wait_held(state, post)

    def _wait_held(self, state: _Channel, post: Post) -> None:
        """``_wait``, and if the channel is blocked and nothing of the post's game waited yet (a
        new table), tell ``on_held``: its board waits behind a refusal that may be another game's."""
        joins = state.blocked is not None and post.game_id not in {p.game_id for p in state.waiting}
        self._wait(state, post)
        if joins and state.blocked is not None and self.on_held is not None:
            self._report(self.on_held, post.channel_id, state.blocked)

    def retry_now(self, channel_id: int, *, report_again: bool = False) -> None:
        """Try the channel's waiting posts at once: unblocks it (a permission was just granted,
        the channel works again) and cuts short any pause. ``report_again``: whoever was told it
        is blocked has let it go, so a refusal from now on is reported anew."""
        state = self._channels.get(channel_id)
        if state is None:
            return
        if report_again:
            state.reported = False
        state.blocked = None
        state.pause = None
        state.delay = self.first_delay
        state.wake.set()
        self._start(channel_id, state)

    def block(self, channel_id: int, reason: BaseException) -> None:
        """Hold the channel's posts without a request, until ``retry_now``: the gateway said it is
        gone or locked, so any request would only be refused (and counted against the bot)."""
        state = self._state(channel_id)
        state.blocked = reason
        state.reported = True  # whoever blocked it knows
        state.pause = None

    async def _attempt(self, post: Post) -> discord.Message:
        post.attempts += 1
        channel = await self.channel(post.channel_id)
        message: discord.Message = await channel.send(**post.kwargs())
        return message

    def _state(self, channel_id: int) -> _Channel:
        state = self._channels.get(channel_id)
        if state is None:
            state = self._channels[channel_id] = _Channel(delay=self.first_delay)
        return state

    def _wait(self, state: _Channel, post: Post) -> None:
        """Add ``post`` to the channel's waiting posts, in the place of its game's older board."""
        if post.game_id is not None:
            for index, older in enumerate(state.waiting):
                if older.game_id == post.game_id:
                    state.waiting[index] = post
                    # One being sent now is counted only if that attempt fails (else it was shown).
                    if older is not state.sending:
                        self.superseded += 1
                    break
            else:
                state.waiting.append(post)
        else:
            state.waiting.append(post)
            loose = [p for p in state.waiting if p.game_id is None]
            if len(loose) > MAX_WAITING:
                state.waiting.remove(loose[0])
                log.warning(
                    "channel %s: more than %d posts without a game waiting; the oldest dropped",
                    post.channel_id,
                    MAX_WAITING,
                )
        self._start(post.channel_id, state)

    def _start(self, channel_id: int, state: _Channel) -> None:
        if state.waiting and state.blocked is None and (state.task is None or state.task.done()):
            state.task = asyncio.create_task(self._drain(channel_id, state))

    def _refused(self, channel_id: int, state: _Channel, error: BaseException, refusal: Refusal) -> None:
        """What a refusal (not of the post itself) means for the channel's next attempt."""
        if refusal.for_now:
            asked = retry_after(error)
            if asked is None:
                state.pause = state.delay
                state.delay = min(self.max_delay, state.delay * 2)
            else:
                state.pause = asked
            log.warning(
                "board post in channel %s refused for now (%r); next try in %.1f s", channel_id, error, state.pause
            )
            return
        state.blocked = error
        state.pause = None
        log.warning("channel %s blocked (%s: %r); its posts wait until retry_now", channel_id, refusal, error)
        if not state.reported and self.on_blocked is not None:
            state.reported = True
            self._report(self.on_blocked, channel_id, error)

    def _report(
        self, to: Callable[[int, BaseException], Awaitable[None]], channel_id: int, error: BaseException
    ) -> None:
        """Tell ``to`` (``on_blocked``, ``on_held``) in a task of its own."""

        async def report() -> None:
            try:
                await to(channel_id, error)
            except Exception:
                log.exception("could not report that channel %s is blocked", channel_id)

        task = asyncio.create_task(report())
        self._reports.add(task)
        task.add_done_callback(self._reports.discard)

    async def probe(self, channel_id: int) -> bool | None:
        """Try a blocked channel's first waiting post once, without unblocking the channel: the
        one request that tells whether it takes posts again, where nothing else can (a permission
        taken and given back without a gateway event). True: it went, or was refused for another
        reason than the block's (then ``retry_now`` goes on as usual); False: refused as before,
        the channel stays blocked and nobody is told again (or another look's try is on its way);
        None: nothing of it is blocked and waiting (nothing to try)."""
        state = self._channels.get(channel_id)
        if state is None or state.blocked is None or not state.waiting:
            return None
        if state.sending is not None:
            return False  # another look's try is on its way: it tells (and heals if it goes)
        post = state.sending = state.waiting[0]
        state.probed.clear()
        try:
            message = await self._attempt(post)
        except Exception as error:
            post.last_error = error
            refusal = refusal_of(error)
            self.refusals[refusal] += 1
            if post not in state.waiting:
                self.superseded += 1  # a newer board of its game took its place meanwhile
            if refusal.blocks:
                state.blocked = error
                log.info("channel %s still refuses posts (%r)", channel_id, error)
                return False
            if refusal is Refusal.BAD_POST:
                log.error("board post in channel %s can never be posted (%r); dropped", channel_id, error)
                with contextlib.suppress(ValueError):
                    state.waiting.remove(post)
            return True
        else:
            await self._delivered(channel_id, state, post, message)
            return True
        finally:
            state.sending = None
            state.probed.set()

    def forget(self, channel_id: int) -> None:
        """Drop the channel's waiting posts and its block (its tables were given up): nothing of
        them goes out, and a table opened there later starts afresh."""
        state = self._channels.pop(channel_id, None)
        if state is None:
            return
        if state.task is not None:
            state.task.cancel()
        if state.waiting:
            log.warning("channel %s: %d waiting board post(s) dropped", channel_id, len(state.waiting))

    async def _delivered(self, channel_id: int, state: _Channel, post: Post, message: discord.Message) -> None:
        """A waiting post went through: the channel's pauses start afresh, and whoever the post
        reports to records it before it leaves the waiting posts (nobody may see the board
        neither waiting nor recorded as shown: the reconciler would show it again)."""
        self.sent_later += 1
        state.delay = self.first_delay
        state.reported = False
        if post.on_posted is not None:
            try:
                await post.on_posted(message)
            except Exception:
                log.exception("channel %s: what follows a late board post failed", channel_id)
        with contextlib.suppress(ValueError):  # unless superseded meanwhile
            state.waiting.remove(post)

    async def _pause(self, state: _Channel, delay: float) -> None:
        """Wait ``delay`` seconds, or less if ``retry_now`` comes first."""
        sleeper = asyncio.ensure_future(self._sleep(delay))
        waker = asyncio.ensure_future(state.wake.wait())
        try:
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sleeper.cancel()
            waker.cancel()
        state.wake.clear()

    async def _drain(self, channel_id: int, state: _Channel) -> None:
        while state.waiting and state.blocked is None:
            if state.sending is not None:
                # A probe's try of the first waiting post is on its way (the channel healed
                # meanwhile): trying it too would post it twice. Its outcome decides.
                await state.probed.wait()
                continue
            if state.pause is not None:
                delay, state.pause = state.pause, None
                await self._pause(state, delay)
                continue  # retry_now may have changed things meanwhile
            post = state.sending = state.waiting[0]
            try:
                message = await self._attempt(post)
            except Exception as error:
                post.last_error = error
                refusal = refusal_of(error)
                self.refusals[refusal] += 1
                if post not in state.waiting:
                    self.superseded += 1  # a newer board of its game took its place meanwhile
                if refusal is Refusal.BAD_POST:
                    log.error("board post in channel %s can never be posted (%r); dropped", channel_id, error)
                    with contextlib.suppress(ValueError):  # unless superseded meanwhile
                        state.waiting.remove(post)
                else:
                    self._refused(channel_id, state, error, refusal)
            else:
                await self._delivered(channel_id, state, post, message)
            finally:
                state.sending = None
        state.task = None
        if not state.waiting and state.blocked is None and self._channels.get(channel_id) is state:
            del self._channels[channel_id]

    async def close(self) -> None:
        """On shutdown: one last try for each waiting post of a channel not blocked; what still
        fails (and what waits in a blocked channel) is logged."""
        tasks = [s.task for s in self._channels.values() if s.task is not None] + list(self._reports)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for channel_id, state in list(self._channels.items()):
            while state.waiting:
                post = state.waiting.popleft()
                if state.blocked is not None:
                    log.warning("board post in blocked channel %s lost at shutdown (%r)", channel_id, state.blocked)
                    continue
                try:
                    await self._attempt(post)
                except Exception as error:
                    log.warning("board post in channel %s lost at shutdown (%r)", channel_id, error)
        self._channels.clear()

"""Board posts that Discord did not take yet: kept, and sent again later in order.

A move is saved before its board is posted. If Discord refuses the post for now (a 429 or 5xx
that discord.py's own retries did not get past, a network error, a missing permission a
moderator may still fix), the post waits here and is tried again with growing pauses, so the
board is delayed but never lost. Posts of one channel keep their order: a later board waits
behind an earlier one. A post Discord can never take (the channel is gone, a malformed post) is
logged and dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

log = logging.getLogger("tafelbot.outbox")
# Per channel. A channel the bot may never post in again must not fill the memory with pictures:
# past this many, the oldest waiting board goes (a newer board of the same table shows its state).
MAX_WAITING = 50


@dataclass
class Post:
    channel_id: int
    content: str
    picture: bytes
    filename: str
    view: discord.ui.View | None
    allowed_mentions: discord.AllowedMentions
    description: str | None = None  # the picture's alt text
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


def retry_later(error: BaseException) -> bool:
    """Whether a refused post may go through later (else it never will)."""
    if isinstance(error, discord.Forbidden):
        return True  # a moderator may grant the permission
    if isinstance(error, discord.HTTPException):
        return error.status == 429 or error.status >= 500
    return isinstance(error, aiohttp.ClientError | OSError | asyncio.TimeoutError)


class Outbox:
    def __init__(
        self,
        channel: Callable[[int], Awaitable[Any]],
        *,
        first_delay: float = 2.0,
        max_delay: float = 300.0,
    ) -> None:
        self.channel = channel
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.sent_later = 0  # posts that went through on a retry
        self._waiting: dict[int, deque[Post]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._wake: dict[int, asyncio.Event] = {}

    def pending(self, channel_id: int | None = None) -> int:
        if channel_id is not None:
            return len(self._waiting.get(channel_id, ()))
        return sum(len(q) for q in self._waiting.values())

    async def send(self, post: Post) -> discord.Message | None:
        """Post now (after any earlier post of the channel still waiting). Returns the message,
        or None when the post was queued; raises what Discord said if it can never be posted."""
        if self._waiting.get(post.channel_id):
            self.queue(post)
            return None
        try:
            return await self._attempt(post)
        except Exception as error:
            post.last_error = error
            if not retry_later(error):
                raise
            log.warning("board post in channel %s refused for now (%r); will retry", post.channel_id, error)
            self.queue(post)
            return None

    async def _attempt(self, post: Post) -> discord.Message:
        post.attempts += 1
        channel = await self.channel(post.channel_id)
        message: discord.Message = await channel.send(**post.kwargs())
        return message

    def queue(self, post: Post) -> None:
        """Send ``post`` later (after the channel's earlier waiting posts)."""
        queue = self._waiting.setdefault(post.channel_id, deque())
        queue.append(post)
        if len(queue) > MAX_WAITING:
            queue.popleft()
            log.warning(
                "channel %s: more than %d board posts waiting; the oldest dropped", post.channel_id, MAX_WAITING
            )
        task = self._tasks.get(post.channel_id)
        if task is None or task.done():
            self._tasks[post.channel_id] = asyncio.create_task(self._drain(post.channel_id))

    def retry_now(self, channel_id: int) -> None:
        """Try the channel's waiting posts at once (a permission was just granted, say)."""
        wake = self._wake.get(channel_id)
        if wake is not None:
            wake.set()

    async def _pause(self, channel_id: int, delay: float) -> None:
        wake = self._wake.setdefault(channel_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), delay)
        wake.clear()

    async def _drain(self, channel_id: int) -> None:
        queue = self._waiting[channel_id]
        delay = self.first_delay
        while queue:
            await self._pause(channel_id, delay)
            post = queue[0]
            try:
                await self._attempt(post)
            except Exception as error:
                post.last_error = error
                if retry_later(error):
                    delay = min(self.max_delay, delay * 2)
                    log.warning("board post in channel %s still refused (%r)", channel_id, error)
                    continue
                log.exception("board post in channel %s can never be posted; dropped", channel_id)
            else:
                self.sent_later += 1
            queue.popleft()
            delay = self.first_delay
        self._waiting.pop(channel_id, None)
        self._tasks.pop(channel_id, None)
        self._wake.pop(channel_id, None)

    async def close(self) -> None:
        """On shutdown: one last try for each waiting post; what still fails is logged."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()
        for channel_id, queue in list(self._waiting.items()):
            while queue:
                post = queue.popleft()
                try:
                    await self._attempt(post)
                except Exception as error:
                    log.warning("board post in channel %s lost at shutdown (%r)", channel_id, error)
        self._waiting.clear()

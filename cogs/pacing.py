"""Keeping the bot under Discord's global rate limit, so Discord never has to refuse it.

Discord lets one bot token make 50 requests a second over all routes together; interaction
callbacks and interaction follow-ups (``/interactions/...`` and ``/webhooks/...``) do not count.
discord.py follows the per-route limits by their headers (it waits when a bucket's Remaining
reaches 0), but no header announces the global limit: discord.py learns of it only from a 429 and
then halts every request of the bot for the retry_after. Each move posts or edits one board
through the channel routes, which count, so a busy bot (boards in many channels at once) would run
into it at about 50 moves a second, whichever routes it spreads them over.

``GlobalPacer`` keeps under it: each counted request waits, just before it goes out, until fewer
than ``limit`` counted requests went out in the last ``period + margin`` seconds. A rolling window
is stricter than whatever window Discord counts in, so it holds however Discord aligns its second;
the margin covers the requests' uneven travel (one sent a little later may arrive a little
sooner). Requests go out in the order they asked. Nothing waits below the limit.

It is hooked in as discord.py's ``http_trace`` (an aiohttp ``TraceConfig``, see ``bot.create_bot``):
aiohttp awaits the request-start signal for every request, retries included, after discord.py's
own per-route waiting, so a slot is taken only when a request is really about to be sent.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp

GLOBAL_LIMIT = 50  # Discord: 50 requests a second per bot token
GLOBAL_PERIOD = 1.0
# Seconds added to the period for the requests' uneven travel. bench/bench_platform.py at 50 moves
# a second: with none, the fake refused 13 requests (global 429s) even on 127.0.0.1; 0.02 s was
# enough there; the way to Discord is less even. The cost: at most 50 per 1.05 s, 47.6 a second.
MARGIN = 0.05

_API_PATH = re.compile(r"^/api(?:/v\d+)?(?=/)")
EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")


def share_of_token(own_shards: int | None, shard_count: int | None) -> int:
    """This process's part of the token's global limit. Shard processes share one token and its
    50 a second: a process running ``own_shards`` of ``shard_count`` shards gets that share of it
    (at least 1); one running every shard (``own_shards`` None) gets it all."""
    if own_shards is None or not shard_count:
        return GLOBAL_LIMIT
    return max(1, GLOBAL_LIMIT * own_shards // shard_count)


def counts_globally(path: str) -> bool:
    """Whether a request to this URL path counts against the bot token's global limit: Discord's
    API routes, except interaction callbacks and webhooks (the gateway and the CDN are not API)."""
    route, found = _API_PATH.subn("", path, count=1)
    return bool(found) and not route.startswith(EXEMPT_PREFIXES)


class GlobalPacer:
    """At most ``limit`` counted requests in any ``period + margin`` seconds.

    Counters: ``counted`` (requests counted against the global limit), ``paced`` (how many of
    them had to wait) and ``waited`` (seconds waited in all)."""

    def __init__(
        self,
        limit: int = GLOBAL_LIMIT,
        period: float | None = None,  # None: GLOBAL_PERIOD (read now: a test harness may scale it)
        *,
        margin: float = MARGIN,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        period = GLOBAL_PERIOD if period is None else period
        if limit < 1 or period <= 0 or margin < 0:
            raise ValueError("a pacer needs a limit of at least 1 and a positive period")
        self.limit = limit
        self.period = period
        self.margin = margin
        self.clock = clock
        self.sleep = sleep
        self.counted = 0
        self.paced = 0
        self.waited = 0.0
        self._sent: deque[float] = deque(maxlen=limit)  # when the last ``limit`` counted requests went
        self._turn = asyncio.Lock()  # first come, first served

    async def acquire(self) -> None:
        """Wait until one more counted request may go out now, and count it as gone."""
        self.counted += 1
        async with self._turn:
            if self._sent.maxlen != self.limit:  # the limit was changed (tests do)
                self._sent = deque(self._sent, maxlen=self.limit)
            now = self.clock()
            if len(self._sent) == self.limit:
                wait = self._sent[0] + self.period + self.margin - now
                if wait > 0:
                    self.paced += 1
                    self.waited += wait
                    await self.sleep(wait)
                    now = self.clock()
            self._sent.append(now)

    async def on_request_start(
        self, session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestStartParams
    ) -> None:
        if counts_globally(params.url.path):
            await self.acquire()

    def trace_config(self) -> aiohttp.TraceConfig:
        """discord.py's ``http_trace``: every request of the bot's HTTP session passes here."""
        config = aiohttp.TraceConfig()
        config.on_request_start.append(self.on_request_start)
        return config

"""Discord's rate limits, as the fake answers them: per-route buckets and the global limit.

How Discord does it (its "Rate Limits" page and the OpenAPI spec's ``components/headers``):

- Every route has a bucket, known by the route and its major parameter (``channel_id``,
  ``guild_id``, or ``webhook_id`` + token; an interaction callback by the interaction's id +
  token). Several routes may share one; ``X-RateLimit-Bucket`` is an opaque hash naming it.
- Every answer carries the bucket's ``X-RateLimit-Limit``, ``-Remaining`` (after this request),
  ``-Reset`` (epoch seconds), ``-Reset-After`` (seconds) and ``-Bucket``; a client that follows
  them never goes past a bucket.
- Past a limit: 429 with ``{"message", "retry_after", "global", "code"}``, a ``Retry-After``
  header (whole seconds) and ``X-RateLimit-Scope`` (``user``: this bucket; ``global``: the
  token's global limit, also ``X-RateLimit-Global: true``). ``Via`` is on every answer: discord.py
  takes a 429 without it for a Cloudflare ban and gives up instead of waiting.
- The global limit: 50 requests a second per bot token over all routes, except interaction
  callbacks (``POST /interactions/{id}/{token}/callback``) and interaction webhooks
  (``/webhooks/{application_id}/{token}...``, the follow-ups). No header announces it before it
  is exceeded, so a client can only keep under it (the bot's ``cogs/pacing.py``).

Discord publishes no per-route numbers ("handle them from the headers"); the ones below are what
bots commonly read in the headers, all in one place. A window opens with the first request after
the last one ended and lasts ``period`` seconds: Remaining counts down within it and is back at
Limit after it, as the headers show.

``scale`` multiplies every period, so every Reset-After and retry_after too: 1 is Discord's time.
The test suites run at ``SUITE_SCALE`` (same shape, shorter windows), so a test that posts many
boards in one channel waits milliseconds instead of seconds.
"""

from __future__ import annotations

import hashlib
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """One bucket's numbers. Routes with the same ``name`` share the bucket."""

    name: str
    limit: int
    period: float  # seconds at scale 1
    counts_globally: bool = True


# ---- the numbers -----------------------------------------------------------------------------------

GLOBAL_LIMIT = 50  # requests per GLOBAL_PERIOD per bot token (documented: 50 a second)
GLOBAL_PERIOD = 1.0
# Creating messages: 5 per 5 s per channel, what bots have commonly read in these headers for years.
MESSAGE_CREATE = Rule("message-create", 5, 5.0)
# Editing messages: a bucket of its own per channel, read as 5 per 5 s as well (for example the eris
# library's notes from these headers, abalabahaha/eris#1267, 2021). Discord keeps hidden sub-limits
# there (eris found about 3 a second on messages younger than 10 s; edits of messages older than an
# hour have a cap of their own, error 30046); they are not modelled: no header announces them, so no
# client can follow them.
MESSAGE_EDIT = Rule("message-edit", 5, 5.0)
# Everything else gets a generous bucket of its own per route and major parameter: as many per
# second as the global limit allows, so only the two limits above and the global one ever bind.
DEFAULT_LIMIT, DEFAULT_PERIOD = 50, 1.0

ROUTES: dict[tuple[str, str], Rule] = {
    ("POST", "/channels/{channel_id}/messages"): MESSAGE_CREATE,
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): MESSAGE_EDIT,
}
# Not counted against the global limit: interaction callbacks and webhooks (the fake's webhooks are
# the interaction follow-ups, /webhooks/{application_id}/{interaction token}...).
EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")

# Major parameters, in discord.py's order (``Route.major_parameters``), by the fake's names.
MAJOR_PARAMETERS = ("channel_id", "guild_id", "app_id", "interaction_id", "token")

# The time scale the test suites run these limits at (FakeDiscord's default): 5 posts per 50 ms in
# a channel, 50 requests per 10 ms. Much smaller windows would rarely bind in a test; Discord's own
# made tests that post many boards wait seconds (the crash suite took 190 s instead of 13 s).
SUITE_SCALE = 0.01

RATE_LIMITED = "You are being rate limited."
VIA = "1.1 google"
_API_PREFIX = re.compile(r"^/api(?:/v\d+)?(?=/)")

# The rate-limit headers of the answer being made (set per request by the REST middleware).
answer_headers: ContextVar[dict[str, str] | None] = ContextVar("answer_headers", default=None)


@dataclass
class Verdict:
    """What the limits say about one request: ``status`` 200 (go on, answer with ``headers``) or
    429 (answer ``body`` with ``headers`` instead)."""

    status: int
    headers: dict[str, str]
    body: dict | None = None
    scope: str | None = None

    @property
    def allowed(self) -> bool:
        return self.status != 429


@dataclass
class _Window:
    ends: float  # clock time at which the window resets
    used: int = 0


def bucket_hash(name: str) -> str:
    """An opaque 32-character bucket id, as Discord's look."""
    return hashlib.sha1(name.encode()).hexdigest()[:32]


def route_of(path_template: str) -> str:
    """``/api/v10/channels/{channel_id}/messages`` -> ``/channels/{channel_id}/messages``."""
    return _API_PREFIX.sub("", path_template, count=1)


def _seconds(value: float) -> float:
    """Seconds as Discord writes them (milliseconds), rounded up so nobody comes back too early."""
    return math.ceil(max(0.0, value) * 1000 - 1e-6) / 1000  # (not 0.011 for 0.0100000001)


class RateLimits:
    """Buckets per route and major parameter plus the global limit per token, on an injectable
    clock (``clock``: monotonic seconds; ``wall``: epoch seconds, for ``X-RateLimit-Reset``).

    Counters the tests read: ``refused`` (429s given, by scope), ``counted`` (requests counted
    against the global limit) and ``counted_routes`` (the same by route), ``exhausted`` (answers
    that said Remaining 0, by bucket name), ``requests`` (every request checked)."""

    def __init__(
        self,
        *,
        scale: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        if scale <= 0:
            raise ValueError("the rate limits' time scale must be positive")
        self.scale = scale
        self.clock, self.wall = clock, wall
        self.requests = 0
        self.counted = 0
        self.refused: Counter[str] = Counter()
        self.counted_routes: Counter[str] = Counter()
        self.exhausted: Counter[str] = Counter()
        self._buckets: dict[tuple[str, str], _Window] = {}
        self._global: dict[str, _Window] = {}
        self._rules: dict[tuple[str, str], Rule] = {}

    def rule(self, method: str, route: str) -> Rule:
        key = (method, route)
        rule = self._rules.get(key)
        if rule is None:
            rule = ROUTES.get(key) or Rule(
                f"{method} {route}",
                DEFAULT_LIMIT,
                DEFAULT_PERIOD,
                counts_globally=not route.startswith(EXEMPT_PREFIXES),
            )
            self._rules[key] = rule
        return rule

    def reset(self) -> None:
        """Forget every window (counters stay)."""
        self._buckets.clear()
        self._global.clear()

    def check(self, method: str, route: str, params: Mapping[str, str], token: str | None) -> Verdict:
        """Admit one request to ``route`` (the fake's path template, with or without ``/api/v10``)
        whose path parameters are ``params``, sent with ``token`` (the Authorization header; None:
        no token, so no global limit), or refuse it with a 429."""
        route = route_of(route)
        rule = self.rule(method, route)
        now = self.clock()
        self.requests += 1
        if self.requests % 4096 == 0:
            self._forget_ended(now)
        window = None
        if rule.counts_globally and token is not None:
            window = self._global.get(token)
            if window is None or now >= window.ends:
                window = self._global[token] = _Window(now + GLOBAL_PERIOD * self.scale)
            if window.used >= GLOBAL_LIMIT:
                return self._refuse_global(window.ends - now)
        major = "+".join(str(params[name]) for name in MAJOR_PARAMETERS if name in params)
        bucket = self._buckets.get((rule.name, major))
        if bucket is None or now >= bucket.ends:
            bucket = self._buckets[(rule.name, major)] = _Window(now + rule.period * self.scale)
        if bucket.used >= rule.limit:
            self.refused["user"] += 1
            retry = _seconds(bucket.ends - now)
            headers = self._bucket_headers(rule, bucket, now)
            headers.update({"Retry-After": str(max(1, math.ceil(retry))), "X-RateLimit-Scope": "user"})
            return Verdict(429, headers, self._body(retry, is_global=False), "user")
        bucket.used += 1
        if window is not None:
            window.used += 1
            self.counted += 1
            self.counted_routes[f"{method} {route}"] += 1
        if bucket.used == rule.limit:
            self.exhausted[rule.name] += 1
        return Verdict(200, self._bucket_headers(rule, bucket, now))

    def _refuse_global(self, left: float) -> Verdict:
        self.refused["global"] += 1
        retry = _seconds(left)
        headers = {
            "Retry-After": str(max(1, math.ceil(retry))),
            "X-RateLimit-Global": "true",
            "X-RateLimit-Scope": "global",
            "Via": VIA,
        }
        return Verdict(429, headers, self._body(retry, is_global=True), "global")

    def _bucket_headers(self, rule: Rule, bucket: _Window, now: float) -> dict[str, str]:
        after = _seconds(bucket.ends - now)
        return {
            "X-RateLimit-Bucket": bucket_hash(rule.name),
            "X-RateLimit-Limit": str(rule.limit),
            "X-RateLimit-Remaining": str(max(0, rule.limit - bucket.used)),
            "X-RateLimit-Reset": f"{self.wall() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "Via": VIA,
        }

    @staticmethod
    def _body(retry_after: float, *, is_global: bool) -> dict:
        return {"message": RATE_LIMITED, "retry_after": retry_after, "global": is_global, "code": 0}

    def _forget_ended(self, now: float) -> None:
        self._buckets = {k: w for k, w in self._buckets.items() if now < w.ends}
        self._global = {k: w for k, w in self._global.items() if now < w.ends}

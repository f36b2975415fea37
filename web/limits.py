"""Per-address limits: a request budget (a token bucket) and a bound on open streams.

Their key is whoever pays (``web.lookups.payer_of``): an address, or a signed-in person.

The address is the peer's, or with ``trust_forwarded`` (the app runs behind a proxy that sets
``X-Forwarded-For``) the last address of that header: the one the proxy itself saw.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from aiohttp import web

from table.clock import Clock


def address_of(request: web.Request, *, trust_forwarded: bool) -> str:
    if trust_forwarded:
        forwarded = request.headers.get("X-Forwarded-For", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last[:64]
    return request.remote or "?"


@dataclass
class _Bucket:
    tokens: float
    at: float


class RequestBudget:
    """``burst`` requests at once, then ``per_second`` on average, for each address. Keeps at most
    ``addresses`` buckets (the least recently seen go first: a full bucket is the default)."""

    def __init__(self, clock: Clock, *, burst: float = 120, per_second: float = 2.0, addresses: int = 50_000) -> None:
        self.clock = clock
        self.burst = burst
        self.per_second = per_second
        self.addresses = addresses
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def take(self, address: str) -> float:
        """0 when the request may go on, else the seconds until it may."""
        now = self.clock.now()
        bucket = self._buckets.pop(address, None) or _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.per_second)
        bucket.at = now
        self._buckets[address] = bucket
        while len(self._buckets) > self.addresses:
            self._buckets.popitem(last=False)
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.per_second


class StreamCount:
    """Open event streams, per address and in all."""

    def __init__(self, *, per_address: int = 8, total: int = 10_000) -> None:
        self.per_address = per_address
        self.total = total
        self.open = 0
        self._by_address: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        if self.open >= self.total or self._by_address.get(address, 0) >= self.per_address:
            return False
        self.open += 1
        self._by_address[address] = self._by_address.get(address, 0) + 1
        return True

    def leave(self, address: str) -> None:
        self.open -= 1
        left = self._by_address.get(address, 1) - 1
        if left:
            self._by_address[address] = left
        else:
            self._by_address.pop(address, None)

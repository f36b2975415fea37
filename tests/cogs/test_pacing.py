"""The bot's pacing under Discord's global rate limit (``cogs/pacing.py``), on a clock the test
moves: nothing here sleeps."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from aiohttp import web

from cogs.pacing import GlobalPacer, counts_globally, share_of_token


class Time:
    """A clock and a sleep that moves it."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


@pytest.fixture
def time() -> Time:
    return Time()


def pacer(time: Time, limit: int = 3, period: float = 1.0, margin: float = 0.1) -> GlobalPacer:
    return GlobalPacer(limit, period, margin=margin, clock=time.clock, sleep=time.sleep)


def test_what_counts_against_the_global_limit():
    assert counts_globally("/api/v10/channels/1/messages")
    assert counts_globally("/api/v10/channels/1/messages/2")
    assert counts_globally("/api/users/@me")
    assert not counts_globally("/api/v10/interactions/1/token/callback")
    assert not counts_globally("/api/v10/webhooks/3/token/messages/@original")
    assert not counts_globally("/gateway")  # the gateway and the CDN are not the API
    assert not counts_globally("/attachments/1/2/board.png")


async def test_nothing_waits_below_the_limit(time):
    p = pacer(time)
    for _ in range(3):
        await p.acquire()
    assert time.sleeps == [] and p.paced == 0 and p.counted == 3


async def test_one_over_the_limit_waits_until_the_oldest_is_a_period_and_margin_old(time):
    p = pacer(time)
    for _ in range(3):
        await p.acquire()
        time.now += 0.2
    await p.acquire()  # sent at 0.6; the first went at 0.0
    assert time.sleeps == [pytest.approx(0.5)] and time.now == pytest.approx(1.1)
    # The window rolls: the next waits for the second one (sent at 0.2).
    await p.acquire()
    assert time.sleeps[-1] == pytest.approx(0.2) and p.paced == 2 and p.waited == pytest.approx(0.7)


async def test_at_most_limit_in_any_window(time):
    p = pacer(time, limit=5, period=1.0, margin=0.0)
    sent = []
    for _ in range(23):
        await p.acquire()
        sent.append(time.now)
        time.now += 0.01
    for i in range(len(sent) - 5):
        assert sent[i + 5] - sent[i] >= 1.0 - 1e-9


async def test_waiting_requests_go_out_in_the_order_they_asked():
    order = []
    p = GlobalPacer(2, 0.01, margin=0.0)

    async def request(n: int) -> None:
        await p.acquire()
        order.append(n)

    await asyncio.gather(*(request(n) for n in range(7)))
    assert order == list(range(7)) and p.paced >= 2


async def test_a_changed_limit_takes_effect(time):
    p = pacer(time, limit=2)
    await p.acquire()
    await p.acquire()
    p.limit = 4
    await p.acquire()
    await p.acquire()
    assert time.sleeps == []
    p.limit = 1
    await p.acquire()
    assert time.sleeps == [pytest.approx(1.1)]


def test_a_pacer_needs_a_limit_and_a_period():
    with pytest.raises(ValueError):
        GlobalPacer(0, 1.0)
    with pytest.raises(ValueError):
        GlobalPacer(5, 0.0)


async def test_it_sees_every_request_of_an_aiohttp_session_and_counts_the_api_ones():
    """As discord.py's ``http_trace``: every request of the session passes the pacer, and only
    those that count against the global limit take a slot."""

    async def ok(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", ok)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    base = f"http://127.0.0.1:{runner.addresses[0][1]}"
    p = GlobalPacer()
    try:
        async with aiohttp.ClientSession(trace_configs=[p.trace_config()]) as session:
            for path in ("/api/v10/channels/1/messages", "/api/v10/interactions/1/t/callback", "/gateway"):
                async with session.post(base + path) as response:
                    assert response.status == 200
    finally:
        await runner.cleanup()
    assert p.counted == 1


def test_shard_processes_share_the_tokens_global_limit():
    assert share_of_token(None, None) == share_of_token(None, 4) == 50  # one process, every shard
    assert share_of_token(2, 4) == 25 and share_of_token(1, 3) == 16
    assert share_of_token(1, 64) == 1  # never nothing

"""The outbox keeps board posts Discord refused for now and sends them later, in order."""

from __future__ import annotations

import asyncio

import discord
import pytest

from cogs.table import outbox as outbox_module
from cogs.table.outbox import Outbox, Post, retry_later


class FakeResponse:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "refused"


class Channel:
    def __init__(self, refusals: list[BaseException]) -> None:
        self.refusals = refusals
        self.sent: list[str] = []

    async def send(self, *, content, file, view, allowed_mentions):
        assert file.fp.read() == b"png"  # a fresh file on every attempt
        if self.refusals:
            raise self.refusals.pop(0)
        self.sent.append(content)
        return content


def post(text: str) -> Post:
    return Post(7, text, b"png", "board.png", None, discord.AllowedMentions.none())


def server_error(status: int) -> discord.HTTPException:
    return discord.DiscordServerError(FakeResponse(status), {"message": "no", "code": 0})


async def test_refused_posts_wait_and_go_out_in_order():
    channel = Channel([server_error(503), OSError("network down")])
    box = Outbox(lambda _id: _ready(channel), first_delay=0.001, max_delay=0.002)
    assert await box.send(post("one")) is None
    assert await box.send(post("two")) is None  # waits behind "one", even though Discord is fine now
    while box.pending():
        await asyncio.sleep(0.001)
    assert channel.sent == ["one", "two"] and box.sent_later == 2


async def test_a_post_that_can_never_go_out_is_raised_not_queued():
    channel = Channel([discord.NotFound(FakeResponse(404), {"message": "Unknown Channel", "code": 10003})])
    box = Outbox(lambda _id: _ready(channel))
    with pytest.raises(discord.NotFound):
        await box.send(post("lost channel"))
    assert box.pending() == 0


def test_what_is_worth_retrying():
    assert retry_later(server_error(500)) and retry_later(OSError())
    assert retry_later(discord.Forbidden(FakeResponse(403), {"message": "Missing Permissions", "code": 50013}))
    assert not retry_later(discord.HTTPException(FakeResponse(400), {"message": "bad", "code": 50035}))


async def test_a_channel_never_holds_more_than_the_cap(monkeypatch):
    monkeypatch.setattr(outbox_module, "MAX_WAITING", 3)
    box = Outbox(lambda _id: _ready(Channel([])), first_delay=60)
    for i in range(5):
        box.queue(post(str(i)))
    assert [p.content for p in box._waiting[7]] == ["2", "3", "4"]
    await box.close()
    assert box.pending() == 0


async def _ready(channel):
    return channel

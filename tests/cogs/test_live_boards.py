"""The live board's refresh (``cogs.table.live``) in every channel a game is shown in: a channel
whose posts the outbox holds gets no request, and Discord refusing a refresh in one channel (an
archived thread, 50083) is noted, not an error, and keeps no other channel's refresh back."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import discord

from cogs.table.live import LiveBoards
from table.places import Spot

ARCHIVED, HELD, FINE = 10, 20, 30


class Channel:
    def __init__(self, channel_id: int, sent: list[int]) -> None:
        self.id, self.sent = channel_id, sent

    async def send(self, **_parts):
        if self.id == ARCHIVED:
            response = SimpleNamespace(status=400, reason="Bad Request")
            raise discord.HTTPException(response, {"code": 50083, "message": "archived thread"})
        self.sent.append(self.id)
        return SimpleNamespace(id=1000 + self.id)


async def test_a_held_channel_gets_no_refresh_and_a_refused_one_is_no_error(caplog):
    sent: list[int] = []

    async def render(game_id, events, spot):
        return f"game {game_id} in {spot.channel_id}", None, None

    async def channel(channel_id):
        return Channel(channel_id, sent)

    live = LiveBoards(render, channel, interval=0.0, held=lambda channel_id: channel_id == HELD)
    spots = [Spot(c, (7, c), "en-GB", None, 1, c == ARCHIVED) for c in (ARCHIVED, HELD, FINE)]
    row = SimpleNamespace(id=7)
    with caplog.at_level(logging.INFO, logger="tafelbot.live"):
        await live.update(SimpleNamespace(row=row, events=[]), spots)
        while live._sending:  # the refresh runs in a task of its own
            await next(iter(live._sending))
    assert sent == [FINE]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("not refreshed" in r.getMessage() for r in caplog.records)

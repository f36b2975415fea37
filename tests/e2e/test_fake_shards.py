"""Shards against the fake Discord: each connection gets the guilds of its shard, and only those.

Discord routes a guild to shard ``(guild_id >> 22) % shard_count``; ``GET /gateway/bot``
recommends a shard count that ``AutoShardedClient`` uses when given none.
"""

from __future__ import annotations

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.e2e.fake import FakeDiscord, guild_id_for_shard, shard_of
from tests.e2e.fake.protocol import CLOSE_INVALID_SHARD
from tests.e2e.harness import ErrorLogCapture, running


class ShardBot(commands.AutoShardedBot):
    """Answers ``/where`` with its name and the shard the guild is on; counts what reached it."""

    def __init__(self, name: str, **shards) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
            **shards,
        )
        self.name = name
        self.seen: list[int] = []  # guild ids of the interactions this bot received

        @app_commands.command(name="where", description="Which bot and shard answer")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"{self.name} on shard {interaction.guild.shard_id}")

        self.tree.add_command(where)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # discord.py waits 5 s between its shards' IDENTIFYs, a real-Discord rate limit

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append(interaction.guild_id)


def test_guild_ids_can_be_made_for_a_chosen_shard():
    for count in (1, 2, 3, 16):
        for shard in range(count):
            assert shard_of(guild_id_for_shard(shard, count), count) == shard
    with pytest.raises(ValueError):
        guild_id_for_shard(2, 2)


async def test_each_shard_gets_its_guilds_and_their_interactions(fake, capture):
    guilds = {k: fake.add_guild(f"on shard {k}", shard=(k, 2)) for k in (0, 1)}
    assert [shard_of(guilds[k], 2) for k in (0, 1)] == [0, 1]
    channels = {k: fake.add_channel(f"play-{k}", guild_id=guilds[k]) for k in (0, 1)}
    alice = fake.add_user("alice")
    zero, one = ShardBot("zero", shard_count=2, shard_ids=[0]), ShardBot("one", shard_count=2, shard_ids=[1])
    async with running(zero), running(one):
        assert sorted(fake.identified_shards) == [[0, 2], [1, 2]]
        on_shard = {k: {g for g in fake.guilds if shard_of(g, 2) == k} for k in (0, 1)}
        assert {g.id for g in zero.guilds} == on_shard[0] and {g.id for g in one.guilds} == on_shard[1]

        record = await fake.slash(alice, channels[1], "where")
        assert record.content == "one on shard 1"
        assert one.seen == [guilds[1]] and zero.seen == []
        record = await fake.slash(alice, channels[0], "where")
        assert record.content == "zero on shard 0"
        assert zero.seen == [guilds[0]] and one.seen == [guilds[1]]

        later = fake.add_channel("later", guild_id=guilds[1])  # CHANNEL_CREATE goes to shard 1 only
        await fake.poll(lambda: one.get_channel(later) is not None, None, "shard 1 did not get CHANNEL_CREATE")
        assert zero.get_channel(later) is None


async def test_recommended_shard_count_is_used_when_none_is_given():
    async with FakeDiscord(recommended_shards=3) as fake:
        undo = fake.patch_discord()
        try:
            with ErrorLogCapture(on_error=fake.fail_waiters):
                channel, alice = fake.add_channel("general"), fake.add_user("alice")
                bot = ShardBot("auto")
                async with running(bot):
                    assert bot.shard_count == 3 and sorted(bot.shards) == [0, 1, 2]
                    assert sorted(fake.identified_shards) == [[0, 3], [1, 3], [2, 3]]
                    assert ("GET", "/api/v10/gateway/bot") in fake.requests
                    record = await fake.slash(alice, channel, "where")
                    assert record.content == f"auto on shard {shard_of(fake.guild_id, 3)}"
        finally:
            undo()


@pytest.mark.parametrize("shard", [[2, 2], [0, 0], [-1, 2], [0], "0,1"])
async def test_identify_with_an_invalid_shard_is_refused_with_4010(fake, shard):
    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": "x", "intents": 0, "properties": {}, "shard": shard}})
        closing = await ws.receive()
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
        assert ws.close_code == CLOSE_INVALID_SHARD
    assert fake.identifies == 0

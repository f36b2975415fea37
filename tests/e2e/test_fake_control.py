"""The control API (what a driver in another process uses), exercised in-process for speed."""

from __future__ import annotations

import pytest

from tests.e2e.fake import FakeDiscord, FakeDiscordError, shard_of
from tests.e2e.fake.remote import FakeDiscordClient
from tests.e2e.harness import ErrorLogCapture, running
from tests.e2e.test_fake_discord import DemoBot


@pytest.fixture
async def controlled():
    async with FakeDiscord(control=True) as fake:
        undo = fake.patch_discord()
        client = FakeDiscordClient(fake.base_url)
        try:
            with ErrorLogCapture(on_error=fake.fail_waiters):
                yield fake, client
        finally:
            await client.close()
            undo()


async def test_set_up_act_and_read_through_the_control_api(controlled):
    fake, client = controlled
    channel = await client.add_channel("general")
    alice = await client.add_user("alice", locale="en-GB")
    on_shard_one = await client.add_guild("elsewhere", shard=(1, 2))
    assert shard_of(int(on_shard_one), 2) == 1
    async with running(DemoBot(fake.guild_id)):
        state = await client.wait_until_ready(commands=["demo"], timeout=5)
        assert state["connected"] and state["guild_id"] == str(fake.guild_id)

        played = await client.slash(alice, channel, "demo play", {"action": "draw", "count": 2})
        message = played["message"]
        assert played["response_type"] == 4 and not played["ephemeral"]
        assert message["content"] == "alice plays draw"
        ((board,),) = [message["files"]]
        assert (board["filename"], board["width"], board["height"]) == ("board.png", 8, 4)
        assert board["size"] == len(await client.file(board))
        clicked = await client.click(alice, message, "count:0")
        assert clicked["response_type"] == 7 and clicked["message"]["content"] == "count 1 (bot 1)"

        secret = await client.slash(alice, channel, "demo secret")
        assert secret["ephemeral"] and secret["message"]["for_user"] == alice
        assert [m["id"] for m in await client.ephemeral_messages(alice)] == [secret["message"]["id"]]
        assert secret["message"]["id"] not in [m["id"] for m in await client.channel_messages(channel)]
        assert len(await client.channel_messages(channel, include_ephemeral=True)) == 2

        await client.slash(alice, channel, "demo announce")
        announced = await client.wait_for_message(channel, after=message["id"])
        assert announced["allowed_mentions"]["users"] == [int(alice)] and announced["mentions"] == [alice]
        assert (await client.message(announced["id"]))["content"] == announced["content"]

        with pytest.raises(FakeDiscordError, match="not registered"):
            await client.slash(alice, channel, "nope")
        with pytest.raises(FakeDiscordError, match="no button"):
            await client.click(alice, message, "count:99")

"""Interaction tokens live 15 minutes (Discord answers a later follow-up or edit with 401, code
50027): the fake enforces it on the test's clock, and the bot answers late work in the channel."""

from __future__ import annotations

import aiohttp

from tests.e2e.drive import open_table
from tests.e2e.test_replay_e2e import gif_of, play_quickly

MINUTE = 60


async def test_a_replay_done_after_the_tokens_15_minutes_is_posted_in_the_channel(
    fake, clocked, channel, alice, bob, monkeypatch
):
    monkeypatch.setattr("cogs.table.replays.MAX_FRAMES", 6)
    game_id = await open_table(fake, clocked, channel, "hindmost", alice, join=[bob])
    await play_quickly(clocked, game_id)
    presenter = clocked.bot.get_cog("Replay").presenter
    async with presenter._one_at_a_time:  # another replay is being drawn: this one waits in line
        reply = await fake.slash(bob, channel, "replay", wait_followup=False)
        assert reply.response_type == 5
        clocked.clock.advance(16 * MINUTE)
    await clocked.settle()
    await presenter._one_at_a_time.acquire()  # the waiting replay has been drawn and posted
    presenter._one_at_a_time.release()

    posted = await fake.wait_for(lambda m: m.channel_id == channel and m.files and m.files[0][0] == "replay.gif")
    assert posted.id != reply.message.id and posted.via_interaction is None  # a channel message
    _, frames, _ = gif_of(posted)
    assert frames == 6 and f"game {game_id}" in posted.content
    assert reply.message.loading  # the token had expired: nothing could touch the deferred answer


async def test_the_fake_refuses_a_follow_up_after_15_minutes(fake, clocked, channel, alice, bob, capture):
    game_id = await open_table(fake, clocked, channel, "hindmost", alice, join=[bob])
    await play_quickly(clocked, game_id)
    reply = await fake.slash(bob, channel, "replay")
    await clocked.settle()
    assert fake.message(reply.message.id).files  # drawn at once: the token was fresh
    clocked.clock.advance(15 * MINUTE + 1)
    interaction = fake.interactions[-1]
    async with aiohttp.ClientSession() as http:
        url = f"{fake.api_url}/webhooks/{fake.application_id}/{interaction.token}/messages/@original"
        async with http.patch(url, json={"content": "too late"}) as answer:
            body = await answer.json()
    assert answer.status == 401 and body["code"] == 50027
    assert fake.message(reply.message.id).content != "too late"

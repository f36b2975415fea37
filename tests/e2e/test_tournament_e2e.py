"""A small tournament end to end through the fake Discord, and the table queue filling up.

Four people play a two-round Swiss of How Ruck!: the organiser opens it, people press Join on the
sign-up message, the organiser starts it; each table opens in its own thread with both players
pinged; the round's deadline (on the fake clock) decides the games still running, the next round
is paired and announced with the standings picture, and the podium ends it. A restart in the
middle of the second round carries on."""

from __future__ import annotations

import io

from PIL import Image

from db import tournaments as stored

HOUR = 3600


def threads_of(fake, channel):
    return [c for c in fake.world.channels.values() if getattr(c, "parent_id", None) == channel and c.is_thread]


async def test_a_small_swiss_through_discord(fake, clocked, channel, alice, bob, carol):
    dave = fake.add_user("dave", locale="en-US")
    olga = fake.add_user("olga", locale="en-US", manage_guild=True)
    refused = await fake.slash(alice, channel, "tournament", "new", options={"game": "howruck", "format": "swiss"})
    assert refused.ephemeral and "organiser" in refused.content
    too_many = {"game": "howruck", "format": "knockout", "table_players": 3}
    bad = await fake.slash(olga, channel, "tournament", "new", options=too_many)
    assert bad.ephemeral and "2 to 2 players" in bad.content
    bad = await fake.slash(
        olga, channel, "tournament", "new", options={**too_many, "table_players": 2, "game_options": "x"}
    )
    assert bad.ephemeral and "name=value" in bad.content
    none = await fake.slash(alice, channel, "tournament", "start")
    assert none.ephemeral and "no tournament" in none.content
    assert await stored.in_guild(clocked.bot.store, fake.guild_id) == []

    new = await fake.slash(
        olga,
        channel,
        "tournament",
        "new",
        options={"game": "howruck", "format": "swiss", "name": "Winter @everyone", "swiss_rounds": 2, "round_hours": 1},
    )
    signup = new.message
    assert not new.ephemeral and signup.embeds
    assert "@\u200beveryone" in signup.embeds[0]["title"]  # names are escaped, never a ping
    join = next(b["custom_id"] for b in signup.buttons() if b["custom_id"].endswith(":join"))
    for user in (alice, bob, carol, dave):
        await fake.click(user, signup, join)
    again = await fake.click(alice, signup, join)
    assert again.ephemeral and "already" in again.content
    assert "(4)" in str(fake.message(signup.id).embeds[0]["fields"])
    early = await fake.slash(alice, channel, "tournament", "start")
    assert early.ephemeral and "organiser" in early.content

    started = await fake.slash(olga, channel, "tournament", "start")
    assert started.ephemeral
    cog = clocked.bot.get_cog("tournament")
    await cog.resumed()  # its round-deadline clock runs
    await cog.cups.settle()
    await clocked.settle()
    threads = threads_of(fake, channel)
    assert len(threads) == 2
    for thread in threads:
        (board,) = fake.channel_messages(thread.id)
        assert board.files and len(board.mentions) == 2  # both players pinged
    round_one = [m for m in fake.channel_messages(channel) if "round 1" in m.text()]
    assert len(round_one) == 1
    assert not fake.message(signup.id).buttons()  # sign-up closed

    mine = await fake.slash(alice, channel, "tournament", "mine")
    assert mine.ephemeral and "round 1" in mine.content
    dutch = await fake.slash(bob, channel, "tournament", "mine")
    assert "ronde 1" in dutch.content

    # The round's deadline: the games still running end with the scores as they stand.
    clocked.clock.advance(HOUR + 1)
    await fake.wait_for(lambda m: m.channel_id == channel and "round 2" in m.text(), timeout=10)
    await cog.cups.settle()
    await clocked.settle()
    assert len(threads_of(fake, channel)) == 4
    picture = [m for m in fake.channel_messages(channel) if "round 2" in m.text()][-1]
    ((name, png),) = picture.files
    assert name == "standings.png"
    assert Image.open(io.BytesIO(png)).width <= 1000

    # A restart in the middle of round two.
    await clocked.restart()
    cog = clocked.bot.get_cog("tournament")
    await cog.resumed()  # the deadline is armed as it was, not found passed at start-up
    clocked.clock.advance(HOUR + 1)
    podium = await fake.wait_for(lambda m: m.channel_id == channel and "podium" in m.text(), timeout=10)
    assert "🥇" in podium.text() and podium.files
    row = (await stored.in_guild(clocked.bot.store, fake.guild_id))[-1]
    assert row.status == "finished" and row.winner_id in (alice.id, bob.id, carol.id, dave.id)

    standings = await fake.slash(carol, channel, "tournament", "standings")
    assert standings.ephemeral and standings.files
    history = await fake.slash(carol, channel, "tournament", "history")
    assert f"<@{row.winner_id}>" in history.content


async def test_the_queue_fills_up_and_opens_a_table(fake, clocked, channel, alice, bob, carol):
    empty = await fake.slash(alice, channel, "table", "queue")
    assert empty.ephemeral and "Nobody is waiting" in empty.content
    first = await fake.slash(alice, channel, "table", "queue", options={"game": "howruck"})
    assert first.ephemeral and "1/2" in first.content
    listing = await fake.slash(carol, channel, "table", "queue")
    assert "alice" in listing.content
    bad = await fake.slash(carol, channel, "table", "queue", options={"game": "howruck", "players": 5})
    assert bad.ephemeral and "2 to 2" in bad.content

    # Carol queues for Trackgammon and leaves again; the queue survives a restart.
    await fake.slash(carol, channel, "table", "queue", options={"game": "trackgammon"})
    left = await fake.slash(carol, channel, "table", "queue", options={"leave": True})
    assert left.ephemeral and "out of the queue" in left.content
    await clocked.restart()

    second = await fake.slash(bob, channel, "table", "queue", options={"game": "howruck"})
    assert second.ephemeral
    await clocked.settle()
    (thread,) = threads_of(fake, channel)
    (board,) = fake.channel_messages(thread.id)
    assert {u.id for u in board.mentions} == {alice.id, bob.id}
    row = await clocked.bot.store.open_game_in_channel(thread.id)
    assert row.status == "active" and {s.user_id for s in row.seats} == {alice.id, bob.id}
    after = await fake.slash(alice, channel, "table", "queue")
    assert "Nobody is waiting" in after.content

    # An entry expires after a day.
    await fake.slash(carol, channel, "table", "queue", options={"game": "howruck"})
    clocked.clock.advance(24 * HOUR + 1)
    expired = await fake.slash(alice, channel, "table", "queue")
    assert "Nobody is waiting" in expired.content

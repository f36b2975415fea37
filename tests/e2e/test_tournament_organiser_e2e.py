"""The organiser's tools end to end through the fake Discord (issue 36): a tournament that starts
by itself (`start_in_hours`), `/tournament pause` holding the round's deadline, `remove` taking a
player out of the pairings, `cancel`, and what the sign-up message and `/tournament mine` and
`leave` say before and after; a table that cannot open."""

from __future__ import annotations

from db import tournaments as stored
from table.tournament.service import RETRY_SECONDS
from tests.e2e.fake.protocol import CREATE_PUBLIC_THREADS
from tests.e2e.test_tournament_e2e import threads_of

HOUR = 3600


async def _signup(fake, organiser, channel, players, **options):
    new = await fake.slash(organiser, channel, "tournament", "new", options={"game": "howruck", **options})
    assert not new.ephemeral
    signup = new.message
    join = next(b["custom_id"] for b in signup.buttons() if b["custom_id"].endswith(":join"))
    for user in players:
        await fake.click(user, signup, join)
    return signup


async def test_start_in_hours_pause_and_remove(fake, clocked, channel, alice, bob, carol):
    olga = fake.add_user("olga", locale="en-US", manage_guild=True)
    dave = fake.add_user("dave", locale="en-US")
    signup = await _signup(
        fake,
        olga,
        channel,
        (alice, bob, carol, dave),
        format="swiss",
        swiss_rounds=3,
        round_hours=2,
        start_in_hours=1,
        game_options="barrels_to_win=2",
    )
    described = fake.message(signup.id).embeds[0]["description"]
    assert "Barrels to win: 2" in described
    assert "learning" not in described.lower() and "barrels_to_win" not in described
    cog = clocked.bot.get_cog("tournament")
    await cog.resumed()

    # The start time comes: round 1 is paired without anyone pressing anything.
    clocked.clock.advance(HOUR + 1)
    await fake.wait_for(lambda m: m.channel_id == channel and "round 1" in m.text(), timeout=10)
    await cog.cups.settle()
    await clocked.settle()
    assert len(threads_of(fake, channel)) == 2

    # Paused: the round's deadline waits, and no round 2 comes.
    refused = await fake.slash(alice, channel, "tournament", "pause")
    assert refused.ephemeral and "organiser" in refused.content
    paused = await fake.slash(olga, channel, "tournament", "pause")
    assert paused.ephemeral and "paused" in paused.content
    clocked.clock.advance(2 * HOUR + 1)
    await clocked.settle()
    await cog.cups.settle()
    assert not [m for m in fake.channel_messages(channel) if "round 2" in m.text()]
    row = (await stored.in_guild(clocked.bot.store, fake.guild_id))[-1]
    assert row.status == "paused" and row.current_round == 1

    # Dave is removed; carrying on applies the deadline that passed, and round 2 leaves him out.
    removed = await fake.slash(olga, channel, "tournament", "remove", options={"member": dave})
    assert removed.ephemeral and f"<@{dave.id}> is out" in removed.content
    resumed = await fake.slash(olga, channel, "tournament", "pause")
    assert "carries on" in resumed.content
    await fake.wait_for(lambda m: m.channel_id == channel and "round 2" in m.text(), timeout=10)
    await cog.cups.settle()
    round_two = await stored.tables(clocked.bot.store, row.id, 2)
    assert dave.id not in {u for t in round_two for u in t.players}
    assert {u for t in round_two for u in t.players} == {alice.id, bob.id, carol.id}
    mine = await fake.slash(dave, channel, "tournament", "mine")
    assert mine.ephemeral and "left this tournament" in mine.content


async def test_cancel_and_what_mine_and_leave_say_afterwards(fake, clocked, channel, alice, bob):
    olga = fake.add_user("olga", locale="en-US", manage_guild=True)
    signup = await _signup(fake, olga, channel, (alice, bob), format="knockout", name="Lente")
    assert "Options" not in fake.message(signup.id).embeds[0]["description"]  # none were set
    started = await fake.slash(olga, channel, "tournament", "start")
    assert started.ephemeral
    cog = clocked.bot.get_cog("tournament")
    await cog.cups.settle()
    await clocked.settle()
    (thread,) = threads_of(fake, channel)

    refused = await fake.slash(alice, channel, "tournament", "cancel")
    assert refused.ephemeral and "organiser" in refused.content
    cancelled = await fake.slash(olga, channel, "tournament", "cancel")
    assert cancelled.ephemeral and "cancelled" in cancelled.content
    assert [m for m in fake.channel_messages(channel) if "was cancelled" in m.text()]
    game = await clocked.bot.store.open_game_in_channel(thread.id)
    assert game is not None and game.status == "active"  # plays on as an ordinary game
    for command in ("mine", "leave"):
        said = await fake.slash(alice, channel, "tournament", command)
        assert said.ephemeral and "Lente" in said.content and "was cancelled" in said.content
        assert "no tournament" not in said.content
    dutch = await fake.slash(bob, channel, "tournament", "mine")
    assert "is afgebroken" in dutch.content


async def test_a_table_that_cannot_open_is_told_and_opened_later(fake, clocked, channel, alice, bob):
    olga = fake.add_user("olga", locale="en-US", manage_guild=True)
    await _signup(fake, olga, channel, (alice, bob), format="knockout")
    fake.deny_bot(channel, CREATE_PUBLIC_THREADS)  # a moderator took the bot's thread permission
    cog = clocked.bot.get_cog("tournament")
    await cog.resumed()
    await fake.slash(olga, channel, "tournament", "start")
    await cog.cups.settle()
    await clocked.settle()
    assert threads_of(fake, channel) == []
    (told,) = [m for m in fake.channel_messages(channel) if "could not open" in m.text()]
    assert {u.id for u in told.mentions} == {olga.id, alice.id, bob.id}
    assert "thread" in told.text() and "try again every 10 minutes" in told.text()
    (listed,) = [m for m in fake.channel_messages(channel) if ": round 1**" in m.text()]
    assert "not open yet" in listed.text()
    row = (await stored.in_guild(clocked.bot.store, fake.guild_id))[-1]
    (table,) = await stored.tables(clocked.bot.store, row.id, 1)
    assert not table.finished  # no shared draw for a game nobody played

    fake.deny_bot(channel, 0)  # mended
    clocked.clock.advance(RETRY_SECONDS + 1)
    await fake.wait_for(lambda m: m.channel_id in {t.id for t in threads_of(fake, channel)}, timeout=10)
    (thread,) = threads_of(fake, channel)
    game = await clocked.bot.store.open_game_in_channel(thread.id)
    assert {s.user_id for s in game.seats} == {alice.id, bob.id}

"""The table queue and the server's open-games limit (issue 36, item 1): a player who reached the
limit while waiting is passed over and told privately; the others are seated regardless, and
nobody is shown someone else's refusal."""

from __future__ import annotations

from tests.e2e.test_tournament_e2e import threads_of


async def test_a_player_at_the_limit_is_passed_over_not_blocking_the_queue(fake, clocked, channel, alice, bob, carol):
    mod = fake.add_user("mod", manage_guild=True)
    await fake.slash(mod, channel, "table", "settings", options={"open_games_limit": 2})
    queued = await fake.slash(alice, channel, "table", "queue", options={"game": "trackgammon"})
    assert queued.ephemeral and "1/2" in queued.content
    # Meanwhile Alice opens two lobbies elsewhere: she is at the limit.
    for name in ("een", "twee"):
        lobby = await fake.slash(alice, fake.add_channel(name), "manoever", "new")
        assert not lobby.ephemeral
    third = fake.add_channel("drie")
    refused = await fake.slash(alice, third, "table", "queue", options={"game": "howruck"})
    assert refused.ephemeral and "2 open games" in refused.content  # her own refusal, to her

    waiting = await fake.slash(bob, channel, "table", "queue", options={"game": "trackgammon"})
    assert waiting.ephemeral and "open games" not in waiting.content
    assert "1/2" in waiting.content  # Bob waits on; Alice is out of the queue
    await clocked.settle()
    assert threads_of(fake, channel) == []
    (told,) = fake.dm_messages(alice)
    assert "passed over" in told.text() and "2 open games" in told.text()
    listing = await fake.slash(carol, channel, "table", "queue")
    assert "alice" not in listing.content and "bob" in listing.content

    opened = await fake.slash(carol, channel, "table", "queue", options={"game": "trackgammon"})
    assert opened.ephemeral
    await clocked.settle()
    (thread,) = threads_of(fake, channel)
    row = await clocked.bot.store.open_game_in_channel(thread.id)
    assert {s.user_id for s in row.seats} == {bob.id, carol.id}
    assert fake.dm_messages(bob) == [] and fake.dm_messages(carol) == []

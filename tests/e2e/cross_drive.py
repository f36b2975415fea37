"""Tables across servers driven as people do (issue 49): a second server, both servers' cross
channels chosen, two people queueing and confirming. Shared by the end-to-end tests and the
chaos suite (tests/fuzz/chaos.py)."""

from __future__ import annotations

from db import cross
from tests.e2e.test_table_mine_e2e import commands_everywhere


async def two_servers(fake, tafel, mod):
    """A second server; both servers' moderators choose a cross channel."""
    other = fake.add_guild("Elsewhere")
    here = fake.add_channel("across")
    there = fake.add_channel("across", guild_id=other)
    commands_everywhere(fake)
    for channel in (here, there):
        answer = await fake.slash(mod, channel, "cross", "channel", {})
        assert answer.ephemeral and f"<#{channel}>" in answer.content
    return other, here, there


async def ask_of(fake, channel, user, *, known=frozenset()):
    """The message in ``channel`` asking ``user`` to confirm (sent after the answer to the
    command that completed the group; ``known``: ids of messages that are older asks)."""
    return await fake.wait_for(
        lambda m: m.channel_id == channel and f"<@{user.id}>" in m.content and bool(m.buttons()) and m.id not in known,
        timeout=5,
    )


async def formed(fake, tafel, here, there, alice, bob, game="hindmost", players=None):
    options = {"game": game} | ({"players": players} if players else {})
    known = frozenset(fake.world.messages)
    first = await fake.slash(alice, here, "cross", "queue", options)
    assert first.ephemeral and "Waiting now: 1/" in first.content
    second = await fake.slash(bob, there, "cross", "queue", options)
    assert second.ephemeral and f"<#{there}>" in second.content
    return await ask_of(fake, here, alice, known=known), await ask_of(fake, there, bob, known=known)


async def opened(fake, tafel, here, there, alice, bob, game="hindmost"):
    """Alice (in ``here``'s server) and Bob (in ``there``'s) queue for ``game``, both confirm:
    the game's row and each person's own thread."""
    ask_a, ask_b = await formed(fake, tafel, here, there, alice, bob, game)
    confirm = ask_a.buttons()[0]["custom_id"]
    assert (await fake.click(alice, ask_a, confirm)).message.content.startswith("✅")
    await fake.click(bob, ask_b, ask_b.buttons()[0]["custom_id"])
    await tafel.settle()
    store = tafel.bot.store
    rows = [r for r in await store.games_with_status("active") if r.game == game and await cross.places(store, r.id)]
    row = max(rows, key=lambda r: r.id)  # the newest: a session may hold other tables of the game
    (place,) = await cross.places(store, row.id)
    return row, {alice.id: row.channel_id, bob.id: place.channel_id}

"""A table in a thread whose parent channel is deleted. discord.py reports the thread's deletion
itself (with the channel's) and the gateway's THREAD_DELETE reports it again: the two reports
arrive at once, and the channel trouble must take them as one (found by tests/fuzz/chaos.py: the
second used to fail inserting the same channel and logged an ERROR). A deleted channel never comes
back, so its table ends at once and its host is told once."""

from __future__ import annotations

import asyncio

from tests.e2e.drive import open_table


async def test_a_deleted_parent_channel_holds_its_threads_table_once(fake, tafel, alice, capture):
    parent = fake.add_channel("tables")
    thread = fake.add_thread(parent, "hindmost table")
    await fake.poll(lambda: tafel.bot.get_guild(fake.guild_id).get_thread(thread) is not None, None, "no thread")
    game_id = await open_table(fake, tafel, thread, "hindmost", alice, computers=1)
    await tafel.settle()

    fake.delete_channel(parent)
    await fake.poll(lambda: bool(fake.dm_messages(alice)), None, "the host was not told")
    await asyncio.sleep(0.1)  # the second report of the deletion has come and gone
    await tafel.settle()

    assert (await tafel.bot.store.get_game(game_id)).status == "cancelled"
    told = fake.dm_messages(alice)
    assert len(told) == 1 and f"<#{thread}>" in told[0].content and "deleted" in told[0].content
    assert fake.requests_to_dead_channels() == []  # the gateway said so: nothing was tried there

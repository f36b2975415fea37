"""Discord saying no (issue 15, item 7): a missing permission is named to the person who acted,
``new`` checks first, and a 429 or 5xx delays a board post but never loses it or the move.

Uses two small switches of the fake Discord: ``deny_bot`` (a permission overwrite for the bot in
one channel) and ``fail_posts`` (the next message posts in a channel answered 403/429/5xx).
"""

from __future__ import annotations

import asyncio

import discord

from tests.e2e.test_hindmost_e2e import mover, open_table

ATTACH = discord.Permissions(attach_files=True).value
SEND = discord.Permissions(send_messages=True).value


async def emptied(outbox, seconds: float = 3.0) -> None:
    """Wait until the outbox has sent everything (its last answer is read after the fake saw
    the post)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while outbox.pending():
        assert loop.time() < deadline, "the outbox did not empty"
        await asyncio.sleep(0.01)


async def move_once(fake, tafel, channel, game_id, users):
    row, seat = await mover(tafel, game_id)
    user = users[row.seats[seat].user_id]
    board = next(m for m in reversed(fake.channel_messages(channel)) if m.component(f"tb:hand:{game_id}"))
    hand = await fake.click(user, board, f"tb:hand:{game_id}")
    move = hand.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
    return user, await fake.click(user, hand.message, move["custom_id"])


def public_boards(fake, channel):
    return [m for m in fake.channel_messages(channel) if not m.ephemeral and m.files]


async def test_new_names_the_missing_permission_and_opens_nothing(fake, tafel, channel, alice):
    fake.deny_bot(channel, ATTACH | SEND)
    answer = await fake.slash(alice, channel, "hindmost", "new", locale="en-US")
    assert answer.ephemeral
    assert "Send Messages" in answer.content and "Attach Files" in answer.content
    assert await tafel.bot.store.open_game_in_channel(channel) is None


async def test_a_refused_board_post_tells_the_mover_and_keeps_the_move(fake, tafel, channel, alice, bob):
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    await tafel.settle()
    boards = len(public_boards(fake, channel))
    fake.deny_bot(channel, ATTACH)
    await fake.wait_until_connected()
    version = (await tafel.bot.store.get_game(game_id)).version
    user, _ = await move_once(fake, tafel, channel, game_id, users)
    await tafel.settle()
    told = [
        m for m in fake.ephemeral_messages(user) if "Attach Files" in m.content or "Bestanden bijvoegen" in m.content
    ]
    assert told, "the mover is told which permission is missing"
    assert (await tafel.bot.store.get_game(game_id)).version > version, "the move is saved"
    assert len(public_boards(fake, channel)) == boards
    outbox = tafel.bot.table_flow.board.outbox
    assert outbox.pending(channel) == 1, "the board waits instead of being lost"
    # A moderator fixes the permission: the waiting board is posted.
    outbox.first_delay = 0.01
    fake.deny_bot(channel, 0)
    outbox.retry_now(channel)
    await fake.wait_for(lambda m: m.channel_id == channel and not m.ephemeral and bool(m.files))
    await emptied(outbox)


async def test_a_5xx_delays_the_board_but_never_loses_it(fake, tafel, channel, alice, bob, capture):
    capture.allow(r"tafelbot.outbox|discord.http")
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    await tafel.settle()
    boards = len(public_boards(fake, channel))
    outbox = tafel.bot.table_flow.board.outbox
    outbox.first_delay = 0.01
    fake.fail_posts(channel, 503, 503, 503)  # three refusals, then Discord takes it
    version = (await tafel.bot.store.get_game(game_id)).version
    await move_once(fake, tafel, channel, game_id, users)
    assert (await tafel.bot.store.get_game(game_id)).version > version, "the move is saved at once"
    await tafel.settle()
    await emptied(outbox)
    assert len(public_boards(fake, channel)) == boards + 1 and outbox.sent_later == 1


async def test_a_429_delays_the_board_but_never_loses_it(fake, tafel, channel, alice, bob, capture):
    capture.allow(r"rate limited")
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    await tafel.settle()
    boards = len(public_boards(fake, channel))
    fake.fail_posts(channel, 429, 429)
    await move_once(fake, tafel, channel, game_id, users)
    await tafel.settle()
    assert len(public_boards(fake, channel)) == boards + 1
    assert tafel.bot.table_flow.board.outbox.pending() == 0


async def test_a_403_the_bot_did_not_see_coming_is_still_explained(fake, tafel, channel, alice, bob, capture):
    capture.allow(r"tafelbot.outbox")
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    await tafel.settle()
    fake.fail_posts(channel, 403)  # refused although the channel's permissions look fine
    user, _ = await move_once(fake, tafel, channel, game_id, users)
    await tafel.settle()
    told = [
        m for m in fake.ephemeral_messages(user) if "Attach Files" in m.content or "Bestanden bijvoegen" in m.content
    ]
    assert told
    outbox = tafel.bot.table_flow.board.outbox
    outbox.retry_now(channel)
    await emptied(outbox)

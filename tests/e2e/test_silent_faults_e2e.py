"""Faults no gateway event announces, and their edges (issue 46): a permission taken and given back
silently, a finished game's refused board in a channel a new table opens in, a thread locked and
archived together then reopened, an edit Discord refuses for a board older than an hour, and
interaction tokens that expired. Driven through the fake Discord on a fake clock."""

from __future__ import annotations

import asyncio

import discord

from cogs.table.trouble import PROBE_EVERY
from table.settings import HOUR
from tests.e2e.drive import open_table as open_game
from tests.e2e.drive import people_to_move, press_a_move
from tests.e2e.test_hindmost_e2e import open_table
from tests.e2e.test_self_healing_e2e import (
    MANAGE_THREADS,
    act_without_a_click,
    board_comes_out,
    board_shows_stored_version,
    wait_until,
)

SEND = discord.Permissions(send_messages=True).value
SEND_IN_THREADS = discord.Permissions(send_messages_in_threads=True).value
ALLOW = r"tafelbot\.(outbox|table|clock)|discord\."


async def later(tafel, seconds: float) -> None:
    """Time passes: the deadlines due are handled, the channel trouble looks where it is due."""
    tafel.clock.advance(seconds)
    await tafel.bot.table_flow.timekeeper.scheduler.catch_up()
    await tafel.settle()
    for _ in range(5):  # the trouble's loop and the outbox run in tasks of their own
        await asyncio.sleep(0.02)
        await tafel.settle()


def stuck_dms(fake, user) -> list[str]:
    return [m.content for m in fake.dm_messages(user) if "stuck" in m.content]


def posts_to(fake, channel) -> int:
    return len([p for m, p in fake.requests if m == "POST" and p == f"/api/v10/channels/{channel}/messages"])


def watch_time_given_back(flow, channel) -> list[bool]:
    """Each time the channel trouble gives the time back: whether the channel still counted as stuck."""
    seen: list[bool] = []
    give_back = flow.trouble._give_time_back

    async def watched(channel_id, seconds):
        seen.append(flow.trouble.stuck(channel))
        return await give_back(channel_id, seconds)

    flow.trouble._give_time_back = watched
    return seen


def boards_of(fake, channel, game_id) -> list:
    return [m for m in fake.channel_messages(channel) if m.component(f"tb:hand:{game_id}")]


async def test_a_finished_games_refused_board_never_holds_a_new_tables_boards(
    fake, clocked, channel, alice, bob, capture
):
    """The permission goes and comes back without a gateway event; meanwhile the game ends and its
    last board is refused. A table opened there later gets its boards, and nobody times out
    without ever seeing one."""
    capture.allow(ALLOW)
    flow = clocked.bot.table_flow
    game_id = await open_table(fake, clocked, channel, alice, join=[bob], options={"time_per_move": "1h"})
    await board_shows_stored_version(fake, clocked, channel, game_id)
    fake.deny_bot(channel, SEND, announce=False)  # no CHANNEL_UPDATE: the cache still says all is well
    await act_without_a_click(clocked, game_id)  # its board: 403 50013
    await wait_until(lambda: flow.trouble.stuck(channel))
    await fake.slash(alice, channel, "hindmost", "resign")
    await clocked.settle()
    assert (await clocked.bot.store.get_game(game_id)).status == "finished"
    await later(clocked, PROBE_EVERY + 1)  # a look while the permission is still gone
    fake.deny_bot(channel, 0, announce=False)  # given back, silently too
    await later(clocked, PROBE_EVERY)
    second = await open_table(fake, clocked, channel, alice, join=[bob], options={"time_per_move": "1h"})
    await later(clocked, 1)
    await board_comes_out(fake, clocked, channel, second)
    assert boards_of(fake, channel, second), "the new table's board is in the channel"
    await later(clocked, HOUR / 2)
    assert "!timeout" not in [a for _, _, a in await clocked.bot.store.moves(second)]
    assert not flow.board.outbox.blocked(channel) and not flow.trouble.stuck(channel)


async def a_first_turn(fake, clocked, alice, bob, attempt: int):
    """A new Trackgammon table of alice and bob in a channel of its own, at its first turn:
    (channel, game, seat to move, who sits there, the turn's board, which pinged them)."""
    where = fake.add_channel(f"tg-{attempt}")
    game_id = await open_game(fake, clocked, where, "trackgammon", alice, join=[bob])
    await clocked.settle()
    row, [seat] = await people_to_move(clocked, game_id)
    user = {alice.id: alice, bob.id: bob}[row.seats[seat].user_id]
    first = boards_of(fake, where, game_id)[-1]
    assert user.id in [u.id for u in first.mentions], "the turn's board pinged the person to move"
    return where, game_id, seat, user, first


async def test_a_permission_lost_and_given_back_silently_is_told_once_and_its_clock_handled_once(
    fake, clocked, channel, alice, bob, capture
):
    """Two hours without the permission and without a gateway event saying so: the host is told
    once, the refused post is not repeated at every look, and once it is given back (silently
    too) the board goes out with a whole move's time, given back once."""
    capture.allow(ALLOW)
    flow = clocked.bot.table_flow
    game_id = await open_table(fake, clocked, channel, alice, join=[bob], options={"time_per_move": "1h"})
    await board_shows_stored_version(fake, clocked, channel, game_id)
    fake.deny_bot(channel, SEND, announce=False)
    posts = posts_to(fake, channel)
    await act_without_a_click(clocked, game_id)
    await wait_until(lambda: flow.trouble.stuck(channel))
    given_back = watch_time_given_back(flow, channel)
    for _ in range(12):  # two hours of looks
        await later(clocked, PROBE_EVERY)
    assert len(stuck_dms(fake, alice)) == 1, "the host was told once"
    assert posts_to(fake, channel) - posts == 1, "the refused board was not posted again at every look"
    assert given_back == [] and flow.trouble.stuck(channel), "no time given back while the channel stays unusable"
    fake.deny_bot(channel, 0, announce=False)
    await later(clocked, PROBE_EVERY)
    row = await board_comes_out(fake, clocked, channel, game_id)
    assert not flow.trouble.stuck(channel)
    assert given_back == [True], "the time was given back once"
    left = flow.service.deadline_of(row).due - clocked.clock.now()
    assert HOUR - PROBE_EVERY <= left <= HOUR
    assert len(stuck_dms(fake, alice)) == 1


async def test_a_thread_whose_parent_loses_a_permission_silently_is_looked_at_through_its_parent(
    fake, clocked, channel, alice, bob, capture
):
    """A thread takes its parent's permissions, which the cache has wrong: a look asks Discord for
    the parent too, so the refused board is not posted again at every look; the host is told once."""
    capture.allow(ALLOW)
    flow = clocked.bot.table_flow
    thread = fake.add_thread(channel, "table")
    game_id = await open_table(fake, clocked, thread, alice, join=[bob], options={"time_per_move": "1h"})
    await board_shows_stored_version(fake, clocked, thread, game_id)
    fake.deny_bot(channel, SEND_IN_THREADS, announce=False)
    posts = posts_to(fake, thread)
    await act_without_a_click(clocked, game_id)
    await wait_until(lambda: flow.trouble.stuck(thread))
    looks = 6
    for _ in range(looks):
        await later(clocked, PROBE_EVERY)
    assert len(stuck_dms(fake, alice)) == 1, "the host was told once"
    assert posts_to(fake, thread) - posts == 1, "the refused board was not posted again at every look"
    assert flow.trouble.stuck(thread)
    fake.deny_bot(channel, 0, announce=False)
    await later(clocked, PROBE_EVERY)
    await board_comes_out(fake, clocked, thread, game_id)
    assert len(stuck_dms(fake, alice)) == 1


async def test_a_thread_locked_and_archived_then_reopened_heals_at_once_and_times_nobody_out(
    fake, clocked, channel, alice, bob, capture
):
    """discord.py drops the archived thread from its cache, so its reopening arrives as
    on_thread_join; the time is given back while the channel still counts as stuck."""
    capture.allow(ALLOW)
    flow = clocked.bot.table_flow
    thread = fake.add_thread(channel, "table")
    game_id = await open_table(fake, clocked, thread, alice, join=[bob], options={"time_per_move": "1h"})
    await board_shows_stored_version(fake, clocked, thread, game_id)
    fake.deny_bot(channel, MANAGE_THREADS)
    fake.lock_thread(thread, archive=True)
    await wait_until(lambda: flow.trouble.stuck(thread))
    await act_without_a_click(clocked, game_id)  # its board waits
    for _ in range(3):
        clocked.clock.advance(HOUR)
        await flow.timekeeper.scheduler.catch_up()
    stuck_while_given_back = watch_time_given_back(flow, thread)
    version = (await clocked.bot.store.get_game(game_id)).version
    mentions_before = len([m for m in fake.channel_messages(thread) if m.mentions])
    fake.unlock_thread(thread, unarchive=True)  # one THREAD_UPDATE; the fake clock does not move
    await wait_until(lambda: not flow.trouble.stuck(thread))
    row = await board_comes_out(fake, clocked, thread, game_id)
    assert stuck_while_given_back == [True], "the time was given back before the trouble was dropped"
    assert row.version == version, "nobody timed out at the moment of healing"
    assert "!timeout" not in [a for _, _, a in await clocked.bot.store.moves(game_id)]
    pinged = [m for m in fake.channel_messages(thread) if m.mentions][mentions_before:]
    assert len(pinged) == 1, "the person to move was pinged once"


async def test_a_board_replacing_an_edit_refused_as_too_old_pings_nobody_again(
    fake, clocked, channel, alice, bob, capture
):
    """Discord caps edits of messages older than an hour (429 30046): the turn's next action posts
    a fresh board instead, which mentions the person to move without pinging them again."""
    capture.allow(ALLOW)
    engine = clocked.bot.table_service.spec("trackgammon").engine
    fake.limit_old_edits(True, retry_after=0.001)
    for attempt in range(10):  # a first turn of at least two moves (not every roll allows two)
        where, game_id, seat, user, first = await a_first_turn(fake, clocked, alice, bob, attempt)
        clocked.clock.advance(61 * 60)  # they take their time: the board is over an hour old
        hand = await fake.click(user, first, f"tb:hand:{game_id}")
        await press_a_move(fake, user, hand.message, game_id)
        await clocked.settle()
        row = await clocked.bot.store.get_game(game_id)
        if seat not in engine.to_move(engine.load(row.state)):
            continue  # that roll allowed one move only: another table
        replacement = boards_of(fake, where, game_id)[-1]
        assert replacement.id != first.id, "the refused edit became a fresh board"
        assert f"<@{user.id}>" in replacement.content, "which still says whose turn it is"
        assert replacement.mentions == [], "without pinging them again within their own turn"
        return
    raise AssertionError("no first roll of two moves in ten tables")


async def test_a_dead_token_is_not_used_again_for_an_apology(fake, clocked, channel, alice, bob, capture, monkeypatch):
    """The hand is drawn after the click's token expired: the edit is refused (401 50027), and no
    apology follows on the same dead token (each would be another invalid request)."""
    capture.allow(ALLOW + r"|interaction failed")
    game_id = await open_table(fake, clocked, channel, alice, join=[bob])
    await board_shows_stored_version(fake, clocked, channel, game_id)
    row, [seat] = await people_to_move(clocked, game_id)
    user = {alice.id: alice, bob.id: bob}[row.seats[seat].user_id]
    painter = clocked.bot.table_flow.painter
    paint = painter.paint

    async def slow_paint(*args, **kwargs):
        clocked.clock.advance(16 * 60)  # the drawing outlasts the token's 15 minutes
        return await paint(*args, **kwargs)

    monkeypatch.setattr(painter, "paint", slow_paint)
    # A hand ready at once is the click's answer itself; a slow one is deferred, then edited in.
    monkeypatch.setattr("cogs.table.moves.QUICK_ANSWER", 0)
    board = boards_of(fake, channel, game_id)[-1]
    await fake.click(user, board, f"tb:hand:{game_id}", wait_followup=False)
    await clocked.settle()
    await asyncio.sleep(0.05)
    assert fake.world.faults.expired_token_answers, "Discord refused the late edit"
    assert fake.dead_token_reuses == 0, "nothing was sent on the token after that"


async def test_in_a_thread_a_new_table_opened_at_once_after_a_silent_return_gets_its_boards(
    fake, clocked, channel, alice, bob, capture
):
    """As the chaos suite met it: a thread's table ends while its parent refuses silently, the bot
    is removed from the server and added back meanwhile, and a new table opens there as soon as
    the permission is back (silently): its board goes out without waiting for a look."""
    capture.allow(ALLOW)
    flow = clocked.bot.table_flow
    thread = fake.add_thread(channel, "table")
    game_id = await open_table(fake, clocked, thread, alice, join=[bob], options={"time_per_move": "1h"})
    await board_shows_stored_version(fake, clocked, thread, game_id)
    fake.deny_bot(channel, SEND_IN_THREADS, announce=False)
    await act_without_a_click(clocked, game_id)
    await wait_until(lambda: flow.trouble.stuck(thread))
    await fake.slash(alice, thread, "hindmost", "resign")
    await later(clocked, 60)
    fake.remove_bot_from_guild()
    await later(clocked, 60)
    fake.add_bot_back()
    await later(clocked, 60)
    fake.deny_bot(channel, 0, announce=False)
    second = await open_table(fake, clocked, thread, alice, join=[bob], options={"time_per_move": "1h"})
    await later(clocked, 1)
    await board_comes_out(fake, clocked, thread, second)
    assert boards_of(fake, thread, second)


async def test_a_board_waiting_behind_a_silent_refusal_and_replaced_within_the_turn_pings_nobody_again(
    fake, clocked, channel, alice, bob, capture
):
    """As the chaos suite met it: the turn's board pinged the person to move; then the channel
    refuses posts silently and the board is too old to edit, so their first action's board waits,
    and their second action's board replaces it while it waits. The board that goes out once the
    channel is back says whose turn it is without pinging them again."""
    capture.allow(ALLOW)
    engine = clocked.bot.table_service.spec("trackgammon").engine
    fake.limit_old_edits(True, retry_after=0.001)
    for attempt in range(10):  # a first turn of at least three actions (two dice, then Done)
        where, game_id, seat, user, first = await a_first_turn(fake, clocked, alice, bob, attempt)
        clocked.clock.advance(61 * 60)
        fake.deny_bot(where, SEND, announce=False)
        for _ in range(2):
            hand = await fake.click(user, first, f"tb:hand:{game_id}")
            await press_a_move(fake, user, hand.message, game_id)
            await clocked.settle()
            row = await clocked.bot.store.get_game(game_id)
            if seat not in engine.to_move(engine.load(row.state)):
                break
        else:
            fake.deny_bot(where, 0, announce=False)
            await later(clocked, PROBE_EVERY)
            await board_comes_out(fake, clocked, where, game_id)
            replacement = boards_of(fake, where, game_id)[-1]
            assert replacement.id != first.id, "the waiting board went out"
            assert f"<@{user.id}>" in replacement.content, "it says whose turn it is"
            assert replacement.mentions == [], "without pinging them again within their own turn"
            return
        fake.deny_bot(where, 0, announce=False)
        await later(clocked, PROBE_EVERY)
    raise AssertionError("no first turn of three actions in ten tables")

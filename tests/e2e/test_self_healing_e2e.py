"""Self-healing tables (the self-healing issue): what follows a saved move happens whatever Discord
does to the answer, and a table whose channel changes under it waits, tells its host and goes on
by itself. Driven through the fake Discord's faults (``tests/e2e/fake/faults.py``,
``lifecycle.py``)."""

from __future__ import annotations

import asyncio

import discord

from cogs.table.trouble import GIVE_UP_AFTER
from table.settings import HOUR
from tests.e2e.drive import open_table as open_game
from tests.e2e.drive import people_to_move
from tests.e2e.drive import press_a_move as press_a_move_on
from tests.e2e.test_discord_says_no_e2e import public_boards
from tests.e2e.test_hindmost_e2e import mover, open_table

MANAGE_THREADS = discord.Permissions(manage_threads=True).value
VIEW = discord.Permissions(view_channel=True).value


async def press_a_move(fake, tafel, channel, game_id, users):
    """The person to move opens their hand and presses a move (its answer may fail)."""
    row, seat = await mover(tafel, game_id)
    user = users[row.seats[seat].user_id]
    board = next(m for m in reversed(fake.channel_messages(channel)) if m.component(f"tb:hand:{game_id}"))
    hand = await fake.click(user, board, f"tb:hand:{game_id}")
    move = hand.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
    return user, hand.message, move["custom_id"]


async def board_shows_stored_version(fake, tafel, channel, game_id):
    """The newest public board's buttons carry the stored version (or the game ended)."""
    await tafel.settle()
    row = await tafel.bot.store.get_game(game_id)
    assert row.board_version == row.version, "the newest board shows the stored version"
    return row


async def board_comes_out(fake, tafel, channel, game_id, seconds: float = 5.0):
    """After a channel heals: the waiting board goes out and is recorded. Healing goes on after
    the channel stops counting as stuck (the time given back, the outbox's own task, the
    reconciler), none of it inside an interaction ``settle`` waits for, so this waits for what
    it promises, the stored version on the newest board."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while True:
        await tafel.settle()
        row = await tafel.bot.store.get_game(game_id)
        if row.board_version == row.version and not tafel.bot.table_flow.board.outbox.pending(channel):
            return row
        assert loop.time() < deadline, "the newest board never showed the stored version"
        await asyncio.sleep(0.01)


async def test_a_move_whose_answer_fails_still_gets_its_board(fake, tafel, channel, alice, bob, capture):
    capture.allow(r"interaction failed|could not answer|discord\.")
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    await board_shows_stored_version(fake, tafel, channel, game_id)
    user, hand, custom_id = await press_a_move(fake, tafel, channel, game_id, users)
    boards = len(public_boards(fake, channel))
    version = (await tafel.bot.store.get_game(game_id)).version
    fake.fail_callbacks(1)  # the answer to the click: 404 10062 Unknown interaction
    await fake.click(user, hand, custom_id)
    row = await board_shows_stored_version(fake, tafel, channel, game_id)
    assert row.version > version, "the move was saved"
    assert len(public_boards(fake, channel)) == boards + 1, "and its board posted, with the next mention"
    other = next(u for u in users.values() if u.id != user.id)
    assert f"<@{other.id}>" in fake.last_public(channel).content


async def test_a_lost_connection_on_the_answer_does_not_stop_the_computer(fake, tafel, channel, alice, capture):
    capture.allow(r"interaction failed|could not answer|discord\.")
    game_id = await open_table(fake, tafel, channel, alice, computers=1)
    row, seat = await mover(tafel, game_id)
    if row.seats[seat].computer:
        await tafel.settle()  # the computer began
    _, hand, custom_id = await press_a_move(fake, tafel, channel, game_id, {alice.id: alice})
    version = (await tafel.bot.store.get_game(game_id)).version
    fake.fail_callbacks(1, reset=True)  # the connection closes with no answer
    await fake.click(alice, hand, custom_id)
    row = await board_shows_stored_version(fake, tafel, channel, game_id)
    assert row.version >= version + 2, "Alice's move, then the computer's"


async def table_in_thread(fake, tafel, channel, alice, bob):
    thread = fake.add_thread(channel, "table")
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, thread, alice, join=[bob])
    await board_shows_stored_version(fake, tafel, thread, game_id)
    return thread, users, game_id


async def test_an_archived_thread_is_unarchived_by_the_next_board(fake, tafel, channel, alice, bob):
    thread, users, game_id = await table_in_thread(fake, tafel, channel, alice, bob)
    fake.archive_thread(thread)  # a week without posts, say; discord.py drops it from its cache
    # A move made without a click there (a timed-out player's, say) is shown all the same.
    await act_without_a_click(tafel, game_id)
    await board_shows_stored_version(fake, tafel, thread, game_id)
    assert not fake.world.channels[thread].archived, "posting the board unarchived the thread"


async def act_without_a_click(tafel, game_id):
    """The person to move moves through the table platform (a timeout, a computer), then what
    follows it runs."""
    row, seat = await mover(tafel, game_id)
    service = tafel.bot.table_service
    engine = service.spec(row.game).engine
    state = engine.load(row.state)
    result = await service.act(game_id, seat=seat, action=engine.legal_actions(state, seat)[0])
    await tafel.bot.table_flow.aftermath.after(result)
    return result


async def test_a_locked_thread_holds_the_table_tells_the_host_and_heals(fake, tafel, channel, alice, bob, capture):
    capture.allow(r"tafelbot\.(outbox|table)|discord\.")
    thread, users, game_id = await table_in_thread(fake, tafel, channel, alice, bob)
    fake.deny_bot(channel, MANAGE_THREADS)  # else a moderator bot may still post in a locked thread
    fake.lock_thread(thread)  # THREAD_UPDATE: the table learns it at once
    flow = tafel.bot.table_flow
    await wait_until(lambda: flow.trouble.stuck(thread))
    await act_without_a_click(tafel, game_id)  # a computer or a timeout moves meanwhile
    await wait_until(lambda: flow.trouble.stuck(thread))
    row = await tafel.bot.store.get_game(game_id)
    assert row.board_version < row.version, "the board waits"
    await wait_until(lambda: any("stuck" in m.content and "locked" in m.content for m in fake.dm_messages(alice)))
    host_dms = [m.content for m in fake.dm_messages(alice)]
    refused = len(fake.requests_to_dead_channels())
    # Another move cannot be made there; nothing more is sent to the locked thread meanwhile.
    await asyncio.sleep(0.05)
    assert len(fake.requests_to_dead_channels()) == refused
    fake.unlock_thread(thread)  # THREAD_UPDATE: the bot looks again and the board goes out
    await wait_until(lambda: not flow.trouble.stuck(thread))
    await board_comes_out(fake, tafel, thread, game_id)
    assert [m.content for m in fake.dm_messages(alice)] == host_dms, "the host was told once"


async def test_a_deleted_thread_ends_its_table_at_once_without_requests(fake, tafel, channel, alice, bob, capture):
    capture.allow(r"tafelbot\.(outbox|table)|discord\.")
    thread, users, game_id = await table_in_thread(fake, tafel, channel, alice, bob)
    fake.delete_thread(thread)  # THREAD_DELETE: it never comes back (Discord reuses no ids)
    await wait_until(lambda: any("deleted" in m.content for m in fake.dm_messages(alice)))
    row = await tafel.bot.store.get_game(game_id)
    assert row.status == "cancelled" and not tafel.bot.table_flow.trouble.stuck(thread)
    assert fake.requests_to_dead_channels() == []


async def test_the_bot_removed_from_the_server_holds_its_tables_until_it_is_back(
    fake, tafel, channel, alice, bob, capture
):
    capture.allow(r"tafelbot\.(outbox|table)|discord\.")
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    await board_shows_stored_version(fake, tafel, channel, game_id)
    flow = tafel.bot.table_flow
    fake.remove_bot_from_guild()
    await wait_until(lambda: flow.trouble.stuck(channel))
    fake.add_bot_back()
    await wait_until(lambda: not flow.trouble.stuck(channel))
    user, hand, custom_id = await press_a_move(fake, tafel, channel, game_id, users)
    await fake.click(user, hand, custom_id)
    await board_shows_stored_version(fake, tafel, channel, game_id)
    assert fake.requests_to_dead_channels() == []


async def test_a_restart_shows_the_board_a_stop_kept_back(fake, tafel, channel, alice, bob):
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    await board_shows_stored_version(fake, tafel, channel, game_id)
    row, seat = await mover(tafel, game_id)
    # The move is saved, then the process stops before its board is shown.
    engine = tafel.bot.table_service.spec("hindmost").engine
    state = engine.load(row.state)
    await tafel.bot.table_service.act(game_id, seat=seat, action=engine.legal_actions(state, seat)[0])
    boards = len(public_boards(fake, channel))
    await tafel.restart()
    row = await board_shows_stored_version(fake, tafel, channel, game_id)
    assert len(public_boards(fake, channel)) == boards + 1
    await tafel.restart()  # nothing is owed now: no second board, nobody pinged twice
    await tafel.settle()
    assert len(public_boards(fake, channel)) == boards + 1


async def wait_until(condition, seconds: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "timed out waiting"
        await asyncio.sleep(0.01)


async def test_where_the_bot_lost_access_nobody_times_out_and_the_table_ends_after_a_week(
    fake, clocked, channel, alice, bob, capture
):
    capture.allow(r"tafelbot\.(outbox|table|clock)|discord\.")
    game_id = await open_table(fake, clocked, channel, alice, join=[bob], options={"time_per_move": "1h"})
    await board_shows_stored_version(fake, clocked, channel, game_id)
    flow = clocked.bot.table_flow
    fake.deny_bot(channel, VIEW)  # CHANNEL_UPDATE: the bot can no longer see the channel
    await wait_until(lambda: any("stuck" in m.content for m in fake.dm_messages(alice)))
    assert flow.trouble.stuck(channel)
    version = (await clocked.bot.store.get_game(game_id)).version
    for _ in range(6):  # six hours: the move's hour passes many times over
        clocked.clock.advance(HOUR)
        await flow.timekeeper.scheduler.catch_up()
    row = await clocked.bot.store.get_game(game_id)
    assert row.status == "active" and row.version == version, "nobody timed out who could not see the board"
    clocked.clock.advance(GIVE_UP_AFTER)
    await wait_until(lambda: not flow.trouble.stuck(channel))
    row = await clocked.bot.store.get_game(game_id)
    assert row.status == "cancelled"
    assert any("cancelled" in m.content for m in fake.dm_messages(alice))
    # Looked at once every PROBE_EVERY at most (here: once an hour moved), never more.
    assert len(fake.requests_to_dead_channels()) <= 6


async def test_when_access_comes_back_the_board_goes_out_and_the_time_is_given_back(
    fake, clocked, channel, alice, bob, capture
):
    capture.allow(r"tafelbot\.(outbox|table|clock)|discord\.")
    game_id = await open_table(fake, clocked, channel, alice, join=[bob], options={"time_per_move": "1h"})
    await board_shows_stored_version(fake, clocked, channel, game_id)
    flow = clocked.bot.table_flow
    fake.deny_bot(channel, VIEW)
    await wait_until(lambda: flow.trouble.stuck(channel))
    await act_without_a_click(clocked, game_id)  # its board waits
    for _ in range(5):
        clocked.clock.advance(HOUR)
        await flow.timekeeper.scheduler.catch_up()
    fake.deny_bot(channel, 0)  # a moderator gives the permission back: CHANNEL_UPDATE
    await wait_until(lambda: not flow.trouble.stuck(channel))
    row = await board_comes_out(fake, clocked, channel, game_id)
    left = flow.service.deadline_of(row).due - clocked.clock.now()
    assert HOUR - 60 <= left <= HOUR, "the clock stood still: a whole move's time again"


async def test_the_lobby_is_edited_through_its_interaction_while_the_token_lives(fake, clocked, channel, alice, bob):
    """Discord documents editing an interaction's answer through its webhook; the lobby is that
    answer, so joining by command edits it there, and through the channel once the token is gone."""
    new = await fake.slash(alice, channel, "hindmost", "new")
    await fake.slash(bob, channel, "hindmost", "join")
    await clocked.bot.table_flow.answered()
    webhook_edits = [p for m, p in fake.requests if m == "PATCH" and "/messages/@original" in p]
    assert webhook_edits, "the lobby was edited through the new command's webhook"
    assert f"<@{bob.id}>" in str(fake.message(new.message.id).embeds)
    clocked.clock.advance(15 * 60)  # the token is gone
    channel_edits = len([p for m, p in fake.requests if m == "PATCH" and p.startswith("/api/v10/channels/")])
    await fake.slash(bob, channel, "hindmost", "leave")
    await clocked.bot.table_flow.answered()
    assert len([p for m, p in fake.requests if m == "PATCH" and p.startswith("/api/v10/channels/")]) > channel_edits


async def test_after_a_refused_post_the_turn_still_edits_its_board(fake, tafel, channel, alice, bob, capture):
    """A board that waited (one 503) is the turn's board once it is out: the turn's next move edits
    it instead of posting yet another picture."""
    capture.allow(r"tafelbot\.outbox|discord\.")
    outbox = tafel.bot.table_flow.board.outbox
    outbox.first_delay = 0.01
    engine = tafel.bot.table_service.spec("trackgammon").engine
    users = {alice.id: alice, bob.id: bob}
    for attempt in range(10):  # a first turn of at least two moves (not every roll allows two)
        where = fake.add_channel(f"tg-{attempt}")
        fake.fail_posts(where, 503)  # the game's first board waits once
        game_id = await open_game(fake, tafel, where, "trackgammon", alice, join=[bob])
        await tafel.settle()
        await wait_until(lambda: not outbox.pending())
        await tafel.settle()
        row, [seat] = await people_to_move(tafel, game_id)
        late = [m for m in fake.channel_messages(where) if not m.ephemeral and m.files][-1]
        await press(fake, tafel, where, game_id, users[row.seats[seat].user_id])
        row = await tafel.bot.store.get_game(game_id)
        if seat not in engine.to_move(engine.load(row.state)):
            continue  # that roll allowed one move only: another table
        boards = [m for m in fake.channel_messages(where) if not m.ephemeral and m.files]
        assert outbox.sent_later >= 1
        assert boards[-1].id == late.id and late.edits, "the first move edited the board that had waited"
        return
    raise AssertionError("no first roll of two moves in ten tables")


async def press(fake, tafel, channel, game_id, user):
    board = next(m for m in reversed(fake.channel_messages(channel)) if m.component(f"tb:hand:{game_id}"))
    hand = await fake.click(user, board, f"tb:hand:{game_id}")
    await press_a_move_on(fake, user, hand.message, game_id)
    await tafel.settle()


async def test_my_hand_in_a_thread_that_archived_itself_unarchives_it_and_shows_the_hand(
    fake, tafel, channel, alice, bob, capture
):
    """Discord's docs: archived threads refuse edits (50083), and the deferred "thinking…" answer
    is made the hand by an edit. A post would unarchive the thread; the answer does so itself,
    instead of leaving the player looking at "thinking…"."""
    capture.allow(r"discord\.")
    thread, users, game_id = await table_in_thread(fake, tafel, channel, alice, bob)
    fake.archive_thread(thread)  # a day without a move: Discord archived it
    row, seat = await mover(tafel, game_id)
    user = users[row.seats[seat].user_id]
    board = next(m for m in reversed(fake.channel_messages(thread)) if m.component(f"tb:hand:{game_id}"))
    hand = await fake.click(user, board, f"tb:hand:{game_id}")
    assert hand.message.find_button(custom_id_prefix=f"tb:act:{game_id}:"), "the hand, with its moves"
    [(name, picture)] = hand.message.files
    assert name == "hand.png" and picture.startswith(b"\x89PNG"), "and its picture, sent whole again"
    assert not fake.channel(thread)["thread_metadata"]["archived"]
    assert (await tafel.bot.store.get_game(game_id)).version == row.version, "nothing played"


async def test_a_move_from_a_hand_opened_before_the_thread_archived_is_played_and_answered(
    fake, tafel, channel, alice, bob, capture
):
    capture.allow(r"discord\.")
    thread, users, game_id = await table_in_thread(fake, tafel, channel, alice, bob)
    user, hand, custom_id = await press_a_move(fake, tafel, thread, game_id, users)
    version = (await tafel.bot.store.get_game(game_id)).version
    fake.archive_thread(thread)
    answer = await fake.click(user, hand, custom_id)
    row = await board_shows_stored_version(fake, tafel, thread, game_id)
    assert row.version > version, "the move was saved and its board posted"
    assert answer.message.content, "and the player was answered"


async def test_joining_a_lobby_in_a_thread_that_archived_itself(fake, tafel, channel, alice, bob, capture):
    """A lobby waits for players longer than a thread's hour without posts: Join still works."""
    capture.allow(r"discord\.")
    thread = fake.add_thread(channel, "table")
    new = await fake.slash(alice, thread, "hindmost", "new")
    fake.archive_thread(thread)
    join = next(b["custom_id"] for b in new.message.buttons() if b["custom_id"].endswith(":join"))
    joined = await fake.click(bob, new.message, join)
    assert joined.response_type == 7 and f"<@{bob.id}>" in str(fake.message(new.message.id).embeds)
    row = await tafel.bot.store.open_game_in_channel(thread)
    assert [s.user_id for s in row.seats] == [alice.id, bob.id]
    assert not fake.channel(thread)["thread_metadata"]["archived"]

"""Tables across servers end to end (issue 49): two people in two servers queue with ``/cross
queue``, confirm, and play a whole game, each in a thread of their own server where the board comes
after every move; each server's messages mention only its own people and carry no id of the other
server's; a stranger cannot confirm for someone; who does not confirm in time goes to the queue's
end; a blocked person is never grouped; a move's board in one server keeps coming when the other
server's thread is locked."""

from __future__ import annotations

import asyncio

import discord
import pytest

from cogs.table.inbox import COALESCE
from db import cross
from table.cross_queue import CONFIRM_SECONDS, NEUTRAL_NAMES
from tests.e2e.cross_drive import ask_of, formed, opened, two_servers
from tests.e2e.drive import normal_move, people_to_move, press_a_move, private_pictures
from tests.e2e.test_table_mine_e2e import commands_everywhere

MANAGE_THREADS = discord.Permissions(manage_threads=True).value


async def play_across(fake, tafel, game_id, users, threads, *, limit=3000, moves=None, as_computer=False):
    """Each person to move presses "My hand / play" on the newest board of their own thread
    (``moves``: only so many, then the game as it stands; ``as_computer``: each presses the move
    the normal computer would make where it shows, so that two people's Trackgammon ends)."""
    for step in range(limit):
        row, seats = await people_to_move(tafel, game_id)
        if row.status != "active" or step == moves:
            return row
        user = users[row.seats[seats[0]].user_id]
        board = fake.last_public(threads[user.id])
        controls = await fake.click(user, board, f"tb:hand:{game_id}")
        assert controls.ephemeral
        wanted = None
        if as_computer:
            spec = tafel.bot.table_service.spec(row.game)
            wanted = normal_move(spec, spec.engine.load(row.state), seats[0], row.version)
        await press_a_move(fake, user, controls.message, game_id, pick=step, wanted=wanted)
    raise AssertionError(f"game {game_id} did not end within {limit} moves")


async def test_two_servers_queue_confirm_and_play_a_whole_game_each_in_their_thread(fake, tafel, alice, bob, carol):
    mod = fake.add_user("mod", manage_guild=True)
    other, here, there = await two_servers(fake, tafel, mod)
    ask_a, ask_b = await formed(fake, tafel, here, there, alice, bob)
    # The ask mentions its own person only, in their own server, with the game and the pace.
    assert f"<@{bob.id}>" not in ask_a.content and "24h" in ask_a.content
    # Nobody confirms for someone else.
    refused = await fake.click(carol, ask_b, ask_b.buttons()[0]["custom_id"])
    assert refused.ephemeral and "someone else's" in refused.content
    await fake.click(alice, ask_a, ask_a.buttons()[0]["custom_id"])
    await fake.click(bob, ask_b, ask_b.buttons()[0]["custom_id"])
    await tafel.settle()
    store = tafel.bot.store
    (row,) = [r for r in await store.games_with_status("active") if r.game == "hindmost"]
    (place,) = await cross.places(store, row.id)
    assert row.guild_id == fake.guild_id and place.guild_id == other and place.people == {bob.id}
    assert fake.channel(row.channel_id)["parent_id"] == str(here)
    assert fake.channel(place.channel_id)["parent_id"] == str(there)
    assert f"<#{place.channel_id}>" in fake.message(ask_b.id).content  # the ask now links the thread
    threads = {alice.id: row.channel_id, bob.id: place.channel_id}
    # The first board in both threads, in each person's language (Bob's Dutch), pinging its own.
    first_a, first_b = fake.last_public(row.channel_id), fake.last_public(place.channel_id)
    assert first_a.files and first_b.files
    assert f"<@{alice.id}>" in first_a.content and f"<@{bob.id}>" not in first_a.content
    assert f"<@{bob.id}>" in first_b.content and f"<@{alice.id}>" not in first_b.content
    assert "**alice**" in first_b.content and "**bob**" in first_a.content
    # Each person's list of tables links their own server's thread.
    mine_b = (await fake.slash(bob, there, "table", "mine")).content
    assert f"/{other}/{place.channel_id}/" in mine_b and str(row.channel_id) not in mine_b
    mine_a = (await fake.slash(alice, here, "table", "mine")).content
    assert f"/{fake.guild_id}/{row.channel_id}/" in mine_a and str(place.channel_id) not in mine_a

    people = {alice.id: alice, bob.id: bob}
    await play_across(fake, tafel, row.id, people, threads, moves=4)
    await tafel.restart()  # mid-game: the places are stored, the buttons in both threads still work
    end = await play_across(fake, tafel, row.id, people, threads)
    await tafel.settle()
    assert end.status == "finished"
    store = tafel.bot.store
    (place,) = await cross.places(store, row.id)
    end = await store.get_game(row.id)
    assert end.board_version == place.board_version == end.version  # both show the last move
    # Two people, a finished game, yet unrated: no server's league holds the other server's people.
    assert await store.fetchval("SELECT rated FROM league_games WHERE game_id = ?", (row.id,)) == 0
    # The ladder that travels: both rated, provisional, with their names (no mention, no id).
    board = (await fake.slash(bob, there, "cross", "ladder", {"game": "hindmost"})).content
    assert "alice" in board and "bob" in board and "provisional" not in board  # Bob reads Dutch
    assert "voorlopig" in board and "<@" not in board and str(alice.id) not in board
    assert "(jij)" in board
    for user, thread in threads.items():
        messages = fake.channel_messages(thread)
        boards = [m for m in messages if m.files or any(v.get("attachments") for v in m.versions)]
        assert len(boards) > 3
        other_id = next(u for u in threads if u != user)
        for message in messages:
            texts = [message.content, *(v.get("content") or "" for v in message.versions)]
            assert not any(str(other_id) in t for t in texts), "an id of the other server's person"
            assert not any(str(fake.guild(g).id) in t for t in texts for g in (fake.guild_id, other))
    # Hidden information: a hand picture only ever in a message its owner alone sees.
    hands = private_pictures(fake)
    assert hands and all(m.ephemeral for m in hands)
    # Both threads end with the standings, and no Rematch (across servers, people queue again).
    assert "Game over" in fake.last_public(row.channel_id).content
    for thread in threads.values():
        assert not any("rematch" in b["custom_id"] for b in fake.last_public(thread).buttons())
    assert fake.last_public(place.channel_id).content != fake.last_public(row.channel_id).content  # Dutch there


async def test_who_does_not_confirm_goes_to_the_queue_end_and_a_block_is_never_grouped(
    fake, clocked, alice, bob, carol
):
    tafel = clocked
    mod = fake.add_user("mod", manage_guild=True)
    _, here, there = await two_servers(fake, tafel, mod)
    ask_a, ask_b = await formed(fake, tafel, here, there, alice, bob)
    await fake.click(alice, ask_a, ask_a.buttons()[0]["custom_id"])
    tafel.clock.advance(CONFIRM_SECONDS + 1)
    await tafel.bot.get_cog("CrossServer").deadlines.catch_up()
    await tafel.settle()
    assert "keep your place" in fake.message(ask_a.id).content
    assert "end of the queue" in fake.message(ask_b.id).content or "achteraan" in fake.message(ask_b.id).content
    assert not fake.message(ask_b.id).buttons()
    waiting = await cross.waiting(tafel.bot.store, tafel.clock.now())
    assert [e.user_id for e in waiting] == [alice.id, bob.id]  # Bob behind Alice, who kept her place
    # Alice blocks Bob: Carol (who queues after them) is grouped with Alice instead of Bob.
    assert (await fake.slash(alice, here, "cross", "block", {"user": str(bob.id)})).ephemeral
    await fake.slash(bob, there, "cross", "leave", {})
    await fake.slash(bob, there, "cross", "queue", {"game": "hindmost"})
    await fake.slash(carol, there, "cross", "queue", {"game": "hindmost"})
    ask_c = await ask_of(fake, there, carol)
    pending_id = int(ask_c.buttons()[0]["custom_id"].rsplit(":", 1)[1])
    _, group = await cross.pending(tafel.bot.store, pending_id)
    assert {e.user_id for e in group} == {alice.id, carol.id}


async def test_a_reminder_goes_to_the_thread_of_the_person_it_reminds_with_its_own_link(fake, clocked, alice, bob):
    tafel = clocked
    mod = fake.add_user("mod", manage_guild=True)
    other, here, there = await two_servers(fake, tafel, mod)
    row, threads = await opened(fake, tafel, here, there, alice, bob)
    latest, seats = await people_to_move(tafel, row.id)
    (owing,) = [u for u in (alice, bob) if u.id == latest.seats[seats[0]].user_id]
    waiting = next(u for u in (alice, bob) if u is not owing)
    counts = {u: len(fake.channel_messages(t)) for u, t in threads.items()}
    tafel.clock.advance(13 * 3600)  # past half of the 24 hours a move
    await tafel.bot.table_flow.timekeeper.scheduler.catch_up()
    await tafel.settle()
    (reminder,) = fake.channel_messages(threads[owing.id])[counts[owing.id] :]
    assert f"<@{owing.id}>" in reminder.content and reminder.content.startswith("⏰")
    guild = fake.guild_id if owing is alice else other
    assert f"/channels/{guild}/{threads[owing.id]}/" in reminder.content  # their own thread's board
    assert fake.channel_messages(threads[waiting.id])[counts[waiting.id] :] == []  # nothing in the other


async def test_the_inbox_of_a_player_in_a_further_server_names_and_links_their_own(fake, clocked, alice, bob):
    tafel = clocked
    mod = fake.add_user("mod", manage_guild=True)
    other, here, there = await two_servers(fake, tafel, mod)
    await fake.slash(bob, there, "table", "inbox", {"messages": "one"})
    row, threads = await opened(fake, tafel, here, there, alice, bob)
    people = {alice.id: alice, bob.id: bob}
    for _ in range(6):  # until the table waits for Bob
        latest, seats = await people_to_move(tafel, row.id)
        if bob.id in {latest.seats[s].user_id for s in seats}:
            break
        await play_across(fake, tafel, row.id, people, threads, moves=1)
    tafel.clock.advance(COALESCE)
    await tafel.bot.table_flow.reminders.inbox.scheduler.catch_up()
    await tafel.settle()
    [dm] = fake.dm_messages(bob)
    latest = await tafel.bot.store.get_game(row.id)
    (place,) = await cross.places(tafel.bot.store, row.id)
    assert f"https://discord.com/channels/{other}/{place.channel_id}/" in dm.content  # his own thread
    assert "Elsewhere" in dm.content and str(row.channel_id) not in dm.content and str(fake.guild_id) not in dm.content


@pytest.mark.parametrize("locked", ["first", "further"])
async def test_a_locked_thread_in_one_server_keeps_no_board_back_in_the_other(fake, tafel, alice, bob, locked):
    mod = fake.add_user("mod", manage_guild=True)
    _, here, there = await two_servers(fake, tafel, mod)
    row, threads = await opened(fake, tafel, here, there, alice, bob)
    stuck, working = (alice, bob) if locked == "first" else (bob, alice)
    fake.deny_bot(here if locked == "first" else there, MANAGE_THREADS)  # else it may post in a locked thread
    fake.lock_thread(threads[stuck.id])
    before = len(fake.channel_messages(threads[working.id]))
    for step in range(6):
        latest, seats = await people_to_move(tafel, row.id)
        if latest.status != "active" or not seats:
            break
        mover = next(u for u in (alice, bob) if u.id == latest.seats[seats[0]].user_id)
        # The locked thread's person plays on the other thread's board (as from the web page: the
        # buttons are the game's, not the thread's).
        board = fake.last_public(threads[working.id])
        controls = await fake.click(mover, board, f"tb:hand:{row.id}")
        await press_a_move(fake, mover, controls.message, row.id, pick=step)
    await tafel.settle()
    store = tafel.bot.store
    latest = await store.get_game(row.id)
    (place,) = await cross.places(store, row.id)
    shown = {alice.id: latest.board_version, bob.id: place.board_version}
    assert shown[working.id] == latest.version > 2  # the working server is current
    assert shown[stuck.id] < latest.version
    assert len(fake.channel_messages(threads[working.id])) > before
    # The clock runs on: one server's trouble stands no clock still.
    assert not tafel.bot.table_flow.trouble.stuck(threads[working.id])
    if locked == "first":  # the host is told so (not that the clock stands still)
        assert any("plays on in the other servers" in m.content for m in fake.dm_messages(alice))
    assert latest.deadline_at is not None
    assert all(r["channel_id"] == threads[stuck.id] for r in fake.requests_to_dead_channels())
    # The working thread's board lost (as a process that died before remembering it): the
    # reconciler shows it there although the stuck thread's board waits in the outbox (waiting
    # there is that thread's board on its way, not the other's).
    flow = tafel.bot.table_flow
    assert row.id in flow.board.outbox.waiting_games(threads[stuck.id])
    if working is alice:
        await store.write_batch([("UPDATE games SET board_version = board_version - 1 WHERE id = ?", (row.id,))])
    else:
        await store.write_batch(
            [("UPDATE game_places SET board_version = board_version - 1 WHERE game_id = ?", (row.id,))]
        )
    posts = len(fake.channel_messages(threads[working.id]))
    assert (await flow.reconciler.run(game_id=row.id)).boards == 1
    await tafel.settle()
    assert len(fake.channel_messages(threads[working.id])) == posts + 1
    latest = await store.get_game(row.id)
    (place,) = await cross.places(store, row.id)
    assert {alice.id: latest.board_version, bob.id: place.board_version}[working.id] == latest.version
    # The thread opens again: the reconciler brings it the newest board.
    fake.unlock_thread(threads[stuck.id])
    await tafel.settle()
    await tafel.bot.table_flow.trouble.probe(threads[stuck.id])
    await tafel.settle()
    latest = await store.get_game(row.id)
    (place,) = await cross.places(store, row.id)
    assert latest.board_version == place.board_version == latest.version


async def test_a_server_that_removes_the_bot_gets_nothing_and_the_other_plays_on(fake, tafel, alice, bob):
    mod = fake.add_user("mod", manage_guild=True)
    other, here, there = await two_servers(fake, tafel, mod)
    row, threads = await opened(fake, tafel, here, there, alice, bob)
    fake.remove_bot_from_guild(other)  # GUILD_DELETE: Bob's server
    await tafel.settle()
    people = {alice.id: alice, bob.id: bob}
    # Bob plays on from Alice's thread's buttons (as from the web page).
    await play_across(fake, tafel, row.id, people, {alice.id: threads[alice.id], bob.id: threads[alice.id]}, moves=6)
    await tafel.settle()
    store = tafel.bot.store
    latest = await store.get_game(row.id)
    (place,) = await cross.places(store, row.id)
    assert latest.board_version == latest.version and place.board_version < latest.version
    assert fake.requests_to_dead_channels() == []  # not one request to the server that removed the bot
    assert not tafel.bot.table_flow.trouble.stuck(threads[alice.id])
    fake.add_bot_back(other)  # GUILD_CREATE: the thread is looked at, and gets the newest board
    for _ in range(100):  # no probe by the test: the server's return itself brings the board
        await tafel.settle()
        (place,) = await cross.places(store, row.id)
        if place.board_version == latest.version:
            break
        await asyncio.sleep(0.05)
    assert place.board_version == latest.version


# Trackgammon between two people pressing moves at random takes thousands of moves (one run of
# 142 s, another not done in 3,000): there each presses the move the normal computer would.
@pytest.mark.parametrize(("game", "players"), [("howruck", 2), ("duvelen", 2), ("manoever", 3), ("trackgammon", 2)])
async def test_every_game_plays_to_its_end_across_two_or_three_servers(fake, tafel, alice, bob, carol, game, players):
    mod = fake.add_user("mod", manage_guild=True)
    _, here, there = await two_servers(fake, tafel, mod)
    third_guild = fake.add_guild("Third")
    third = fake.add_channel("across", guild_id=third_guild)
    commands_everywhere(fake)
    await fake.slash(mod, third, "cross", "channel", {})
    people = [(alice, here), (bob, there), (carol, third)][:players]
    # Alice is shown to the others with a neutral name.
    assert (await fake.slash(alice, here, "cross", "name", {"neutral": True})).ephemeral
    for user, channel in people:
        await fake.slash(user, channel, "cross", "queue", {"game": game, "players": players})
    for user, channel in people:
        ask = await ask_of(fake, channel, user)
        await fake.click(user, ask, ask.buttons()[0]["custom_id"])
    await tafel.settle()
    store = tafel.bot.store
    (row,) = [r for r in await store.games_with_status("active") if r.game == game]
    places = await cross.places(store, row.id)
    threads = {row.seats[0].user_id: row.channel_id} | {next(iter(p.people)): p.channel_id for p in places}
    assert len(places) == players - 1 and set(threads) == {u.id for u, _ in people}
    alias = row.seats[row.seat_of(alice.id)].name
    assert alias in NEUTRAL_NAMES
    users = {u.id: u for u, _ in people}
    end = await play_across(fake, tafel, row.id, users, threads, as_computer=game == "trackgammon")
    await tafel.settle()
    assert end.status == "finished"
    for thread in threads.values():  # her display name nowhere, her alias everywhere
        texts = [m.content for m in fake.channel_messages(thread)]
        assert not any("alice" in t for t in texts) and any(alias in t for t in texts)
    ranks = (await fake.slash(bob, there, "cross", "ladder", {"game": game})).content
    assert "naam verborgen" in ranks and alias not in ranks
    for place in await cross.places(store, row.id):
        assert place.board_version == (await store.get_game(row.id)).version
    for user_id, thread in threads.items():
        strangers = [str(u.id) for u, _ in people if u.id != user_id]
        for message in fake.channel_messages(thread):
            texts = [message.content, *(v.get("content") or "" for v in message.versions)]
            assert not any(s in t for s in strangers for t in texts)


async def shown_in(store, row_id):
    """(stored version, {thread: the version its newest board shows})."""
    row = await store.get_game(row_id)
    places = await cross.places(store, row_id)
    return row.version, {row.channel_id: row.board_version} | {p.channel_id: p.board_version for p in places}


async def until_current(tafel, row_id, thread, *, rounds=100, look=False):
    """Wait (settling, real time) until ``thread`` shows the stored version; whether it did.
    ``look``: the channel trouble looks at it meanwhile (its every-10-minutes look, sooner)."""
    for _ in range(rounds):
        await tafel.settle()
        if look and tafel.bot.table_flow.trouble.stuck(thread):
            await tafel.bot.table_flow.trouble.probe(thread)
        version, shown = await shown_in(tafel.bot.store, row_id)
        if shown[thread] == version:
            return True
        await asyncio.sleep(0.05)
    return False


@pytest.mark.parametrize("faulty", ["first", "further"])
async def test_every_fault_of_one_servers_thread_leaves_the_other_current(fake, tafel, alice, bob, faulty):
    """The chaos suite's faults that strike one channel, one after another on one server's
    thread of a table across two servers: the other server's board stays current through each,
    the clock runs, and the thread catches up once the fault clears (a deleted one never does,
    and the game goes on without it)."""
    mod = fake.add_user("mod", manage_guild=True)
    other, here, there = await two_servers(fake, tafel, mod)
    row, threads = await opened(fake, tafel, here, there, alice, bob)
    stuck_user, working_user = (alice, bob) if faulty == "first" else (bob, alice)
    stuck, working = threads[stuck_user.id], threads[working_user.id]
    parent, guild = (here, fake.guild_id) if faulty == "first" else (there, other)
    people = {alice.id: alice, bob.id: bob}
    everyone_here = {alice.id: working, bob.id: working}  # both press on the working thread's board
    in_threads = discord.Permissions(send_messages_in_threads=True).value
    attach = discord.Permissions(attach_files=True).value

    def lock():
        fake.deny_bot(parent, MANAGE_THREADS)
        fake.lock_thread(stuck)

    def unlock():
        fake.unlock_thread(stuck, unarchive=True)
        fake.deny_bot(parent, 0)

    def lock_archived():
        fake.deny_bot(parent, MANAGE_THREADS)
        fake.lock_thread(stuck, archive=True)

    faults = [
        ("thread archived", lambda: fake.archive_thread(stuck), lambda: fake.unarchive_thread(stuck)),
        ("thread locked", lock, unlock),
        ("thread locked+archived", lock_archived, unlock),
        ("permission denied", lambda: fake.deny_bot(parent, in_threads), lambda: fake.deny_bot(parent, 0)),
        (
            "permission denied silently",
            lambda: fake.deny_bot(parent, attach, announce=False),
            lambda: fake.deny_bot(parent, 0, announce=False),
        ),
        (
            "posts failing",
            lambda: fake.fail_posts(stuck, 503, 403, 429),
            fake.world.channel_or_error(stuck).failures.clear,
        ),
        ("bot removed", lambda: fake.remove_bot_from_guild(guild), lambda: fake.add_bot_back(guild)),
    ]
    for kind, inject, clear in faults:
        inject()
        await tafel.settle()
        end = await play_across(fake, tafel, row.id, people, everyone_here, moves=2)
        if end.status != "active":
            break
        assert await until_current(tafel, row.id, working), f"{kind}: the other server's board fell behind"
        assert not tafel.bot.table_flow.trouble.stuck(working)
        clear()
        await fake.poll(lambda: tafel.bot.get_guild(guild) is not None, 5, "the bot is not back in the server")
        await tafel.settle()
        caught_up = await until_current(tafel, row.id, stuck, look=True)
        assert caught_up, f"{kind}: the thread did not catch up once it cleared"
    # Deleted for good: the game goes on in the other server.
    fake.delete_thread(stuck)
    await tafel.settle()
    end = await play_across(fake, tafel, row.id, people, everyone_here, moves=4)
    assert end.status in ("active", "finished")
    assert await until_current(tafel, row.id, working)
    # At most the channel trouble's look (a GET) reaches the deleted thread: no post, no edit.
    deleted = [r for r in fake.requests_to_dead_channels() if r["reason"] == "deleted" and r["method"] != "GET"]
    assert deleted == [], "a post or edit to the deleted thread"


async def test_trackgammon_across_servers_ends_after_a_resignation_from_the_further_thread(fake, tafel, alice, bob):
    """Trackgammon across two servers: moves from both threads; cancelling and extending the time
    are refused (no host),
    and Bob resigns with the command in his own server's thread (the table is found from there):
    with one person left the game ends, and both threads show its end."""
    mod = fake.add_user("mod", manage_guild=True)
    _, here, there = await two_servers(fake, tafel, mod)
    row, threads = await opened(fake, tafel, here, there, alice, bob, game="trackgammon")
    people = {alice.id: alice, bob.id: bob}
    await play_across(fake, tafel, row.id, people, threads, moves=12)
    cancel = await fake.slash(bob, threads[bob.id], "trackgammon", "cancel", {})
    assert cancel.ephemeral and "geen gastheer" in cancel.content  # nobody cancels a table across servers
    # Nor gives extra time: not the host (the first to queue), not a moderator of either server.
    for who, thread in ((alice, threads[alice.id]), (mod, threads[bob.id])):
        extend = await fake.slash(who, thread, "trackgammon", "extend", {"hours": 5})
        assert extend.ephemeral and ("no host" in extend.content or "geen gastheer" in extend.content)
    resigned = await fake.slash(bob, threads[bob.id], "trackgammon", "resign", {})
    assert resigned.ephemeral
    await tafel.settle()
    end = await play_across(fake, tafel, row.id, people, threads)
    await tafel.settle()
    assert end.status == "finished"
    store = tafel.bot.store
    (place,) = await cross.places(store, row.id)
    final = await store.get_game(row.id)
    assert final.board_version == place.board_version == final.version
    assert "Game over" in fake.last_public(threads[alice.id]).content
    assert str(alice.id) not in fake.last_public(threads[bob.id]).content


async def test_a_whole_game_across_servers_played_on_the_web_page(fake, capture, tmp_path, alice, bob):
    """Both people play a whole game of Devil Take The Hindmost across two servers from the web
    page (the bot's own web companion; sign-in faked), each move the one the normal computer would
    choose: every move is followed on Discord in both servers' threads, and the page's address is
    the one the game's own server signs (also for Bob, whose thread is in the other server). (It
    was Trackgammon, 18-25 s; every game's whole game through the page's play route, from the
    further server's Activity, is in tests/web/test_web_activity.py.)"""
    import aiohttp

    from tests.e2e.web_fixtures import start_webbed
    from tests.web.fake_people import FakePeople
    from web.people import Person

    tafel = await start_webbed(fake, tmp_path)
    try:
        mod = fake.add_user("mod", manage_guild=True)
        _, here, there = await two_servers(fake, tafel, mod)
        row, threads = await opened(fake, tafel, here, there, alice, bob, game="hindmost")
        people = {alice.id: Person(alice.id, "alice", "s-a", "csrf-a"), bob.id: Person(bob.id, "bob", "s-b", "csrf-b")}
        tafel.bot.web.state.people = FakePeople({p.name: p for p in people.values()})
        spec = tafel.bot.table_service.spec("hindmost")
        address = await tafel.bot.table_flow.shared.web.table_url(row)
        posts = {t: len(fake.channel_messages(t)) for t in threads.values()}
        async with aiohttp.ClientSession() as session:
            for _ in range(1500):
                latest, seats = await people_to_move(tafel, row.id)
                if latest.status != "active":
                    break
                person = people[latest.seats[seats[0]].user_id]
                action = normal_move(spec, spec.engine.load(latest.state), seats[0], latest.version)
                async with session.post(
                    address + "/act",
                    data={"action": action, "version": str(latest.version)},
                    headers={"Accept": "application/json", "X-CSRF-Token": person.csrf},
                    cookies={"who": person.name},
                ) as answer:
                    assert answer.status == 200 and (await answer.json())["ok"]
        await tafel.settle()
        store = tafel.bot.store
        final = await store.get_game(row.id)
        assert final.status == "finished"
        (place,) = await cross.places(store, row.id)
        assert final.board_version == place.board_version == final.version
        for thread in threads.values():
            assert len(fake.channel_messages(thread)) > posts[thread] + 5
            assert "Game over" in fake.last_public(thread).content or "Eindstand" in fake.last_public(thread).content
    finally:
        await tafel.stop()

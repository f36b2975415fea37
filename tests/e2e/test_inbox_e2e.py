"""``/table inbox`` end to end (issue 49's one inbox): a person in two servers gets one direct
message listing every table waiting for their move, kept current (edited when a table stops
waiting, sent anew when one starts), or one per turn, or none; held in quiet hours; surviving
closed DMs, a DM the person deleted and a restart; one refresh per burst of changes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from cogs.table.inbox import COALESCE
from table.settings import HOUR
from tests.e2e.drive import open_table, people_to_move, press_a_move
from tests.e2e.test_table_mine_e2e import commands_everywhere


async def inbox_settles(tafel):
    """Let the coalescing delay pass on the fake clock and every refresh run."""
    tafel.clock.advance(COALESCE)
    await tafel.bot.table_flow.reminders.inbox.scheduler.catch_up()
    await tafel.settle()


async def move_until_not(fake, tafel, channel, game_id, users, *, waits_for):
    """Everyone but ``waits_for`` moves until it is ``waits_for``'s move (or, when ``waits_for``
    is moving, until it is not: ``users`` then holds only them)."""
    for step in range(200):
        row, seats = await people_to_move(tafel, game_id)
        movers = [row.seats[s].user_id for s in seats]
        if row.status != "active" or not any(m in users for m in movers):
            return row
        user = users[next(m for m in movers if m in users)]
        controls = await fake.click(user, fake.last_public(channel), f"tb:hand:{game_id}")
        await press_a_move(fake, user, controls.message, game_id, pick=step)
    raise AssertionError("the turn never passed")


async def waiting_for(fake, tafel, channel, game_id, person, others):
    """Play ``others`` until the table waits for ``person``."""
    return await move_until_not(fake, tafel, channel, game_id, {u.id: u for u in others}, waits_for=person)


async def two_servers(fake, tafel, channel, alice, bob, carol, options=None):
    """Alice plays Bob here and Carol in another server; both tables wait for Alice."""
    other_guild = fake.add_guild("Elsewhere")
    elsewhere = fake.add_channel("tables", guild_id=other_guild)
    commands_everywhere(fake)
    here = await open_table(fake, tafel, channel, "trackgammon", alice, join=[bob], options=options)
    there = await open_table(fake, tafel, elsewhere, "trackgammon", alice, join=[carol], options=options)
    await waiting_for(fake, tafel, channel, here, alice, [bob])
    await waiting_for(fake, tafel, elsewhere, there, alice, [carol])
    return here, there, elsewhere


async def one_turn(fake, tafel, channel, game_id, user):
    """``user`` plays their turn to its end (their computer opponent answers at once)."""
    store = tafel.bot.store
    start = len(await store.moves(game_id))
    for step in range(20):
        controls = await fake.click(user, fake.last_public(channel), f"tb:hand:{game_id}")
        await press_a_move(fake, user, controls.message, game_id, pick=step)
        await tafel.settle()
        row = await store.get_game(game_id)
        seat = row.seat_of(user.id)
        if any(s != seat for _, s, _ in (await store.moves(game_id))[start:]):
            return
    raise AssertionError("the turn never passed")


def link_of(row):
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.board_message_id}"


def dm_requests(fake):
    return [(m, p) for m, p in fake.requests if m in ("POST", "PATCH", "DELETE") and "/messages" in p]


async def test_one_message_lists_both_servers_is_edited_then_sent_anew(fake, clocked, channel, alice, bob, carol):
    answer = await fake.slash(alice, channel, "table", "inbox", {"messages": "one"})
    assert answer.ephemeral and "one direct message" in answer.content
    here, there, elsewhere = await two_servers(fake, clocked, channel, alice, bob, carol)
    await inbox_settles(clocked)
    store = clocked.bot.store
    [dm] = fake.dm_messages(alice)
    for game_id in (here, there):
        assert link_of(await store.get_game(game_id)) in dm.content
    assert "Elsewhere" in dm.content and "<@" not in dm.content
    assert fake.dm_messages(bob) == [] and fake.dm_messages(carol) == []  # their inbox is off

    # Alice moves here: the same message is edited (silently), listing only the other table.
    await move_until_not(fake, clocked, channel, here, {alice.id: alice}, waits_for=None)
    await inbox_settles(clocked)
    [edited] = fake.dm_messages(alice)
    assert edited.id == dm.id and edited.edits >= 1
    assert link_of(await store.get_game(there)) in edited.content
    assert f"/{channel}/" not in edited.content

    # Bob moves: the table waits for Alice again, so the list is sent anew and the old one is gone.
    await waiting_for(fake, clocked, channel, here, alice, [bob])
    await inbox_settles(clocked)
    [anew] = fake.dm_messages(alice)
    assert anew.id != dm.id and link_of(await store.get_game(here)) in anew.content
    assert fake.message(dm.id).deleted

    # Alice moves in both: all caught up, in the same message.
    await move_until_not(fake, clocked, channel, here, {alice.id: alice}, waits_for=None)
    await move_until_not(fake, clocked, elsewhere, there, {alice.id: alice}, waits_for=None)
    await inbox_settles(clocked)
    [caught_up] = fake.dm_messages(alice)
    assert caught_up.id == anew.id and caught_up.content.startswith("✅ All caught up")


async def test_each_turn_its_own_message_and_off_none(fake, clocked, channel, alice, bob, carol):
    await fake.slash(alice, channel, "table", "inbox", {"messages": "each"})
    await fake.slash(bob, channel, "table", "inbox", {"messages": "off"})
    here, there, _ = await two_servers(fake, clocked, channel, alice, bob, carol)
    await inbox_settles(clocked)
    turns = fake.dm_messages(alice)
    assert len(turns) == 2 and all(m.content.startswith("📬 Your move: Trackgammon") for m in turns)
    await move_until_not(fake, clocked, channel, here, {alice.id: alice}, waits_for=None)
    await waiting_for(fake, clocked, channel, here, alice, [bob])
    await inbox_settles(clocked)
    assert len(fake.dm_messages(alice)) == 3 and all(m.edits == 0 for m in fake.dm_messages(alice))
    assert fake.dm_messages(bob) == []


async def test_quiet_hours_hold_the_inbox_until_the_window_ends(fake, clocked, channel, alice, bob, carol):
    now = datetime.fromtimestamp(clocked.clock.now(), UTC)
    start, end = (now - timedelta(hours=1)).strftime("%H:%M"), (now + timedelta(hours=2)).strftime("%H:%M")
    await fake.slash(alice, channel, "table", "quiet-hours", {"from": start, "to": end, "timezone": "UTC"})
    await fake.slash(alice, channel, "table", "inbox", {"messages": "one"})
    await two_servers(fake, clocked, channel, alice, bob, carol)
    await inbox_settles(clocked)
    assert fake.dm_messages(alice) == []
    clocked.clock.advance(2 * HOUR)
    await clocked.bot.table_flow.reminders.held.scheduler.catch_up()
    await clocked.settle()
    await clocked.bot.table_flow.reminders.inbox.scheduler.catch_up()
    await clocked.settle()
    [dm] = fake.dm_messages(alice)
    assert dm.content.startswith("📬 Your move in 2 games")


async def test_closed_dms_break_nothing_and_a_deleted_dm_is_sent_anew(fake, clocked, channel, alice, bob, carol):
    await fake.slash(alice, channel, "table", "inbox", {"messages": "one"})
    here, there, _ = await two_servers(fake, clocked, channel, alice, bob, carol)
    await inbox_settles(clocked)
    [dm] = fake.dm_messages(alice)
    fake.message(dm.id).deleted = True  # the person deleted it
    await move_until_not(fake, clocked, channel, here, {alice.id: alice}, waits_for=None)
    await inbox_settles(clocked)
    [anew] = fake.dm_messages(alice)
    assert anew.id != dm.id and f"/{channel}/" not in anew.content

    alice.dms_closed = True
    boards = len(fake.channel_messages(channel))
    await waiting_for(fake, clocked, channel, here, alice, [bob])
    await inbox_settles(clocked)
    assert len(fake.channel_messages(channel)) > boards  # the move's board still went out
    row, seats = await people_to_move(clocked, here)
    assert row.seats[seats[0]].user_id == alice.id


async def test_after_a_restart_the_same_message_is_edited(fake, clocked, channel, alice, bob, carol):
    await fake.slash(alice, channel, "table", "inbox", {"messages": "one"})
    here, there, _ = await two_servers(fake, clocked, channel, alice, bob, carol)
    await inbox_settles(clocked)
    [dm] = fake.dm_messages(alice)
    await clocked.restart()
    await move_until_not(fake, clocked, channel, here, {alice.id: alice}, waits_for=None)
    await inbox_settles(clocked)
    [edited] = fake.dm_messages(alice)
    assert edited.id == dm.id and edited.edits >= 1 and f"/{channel}/" not in edited.content


async def test_a_burst_of_changes_is_one_refresh(fake, clocked, channel, alice):
    # Alice against a computer: her turn's actions, then the computer's, then her turn again, all
    # before the delay passes. One refresh: the inbox is sent anew once (the old one deleted),
    # never edited in between to say the table stopped waiting.
    await fake.slash(alice, channel, "table", "inbox", {"messages": "one"})
    game_id = await open_table(fake, clocked, channel, "trackgammon", alice, computers=1)
    await people_to_move(clocked, game_id)
    await inbox_settles(clocked)
    [dm] = fake.dm_messages(alice)
    dm_channel = fake.dm_channel(alice)

    def to_the_dm():
        return [method for method, path in dm_requests(fake) if f"/channels/{dm_channel}/" in path]

    before = to_the_dm()
    moves = len(await clocked.bot.store.moves(game_id))
    await one_turn(fake, clocked, channel, game_id, alice)
    row, seats = await people_to_move(clocked, game_id)
    assert row.status == "active" and row.seats[seats[0]].user_id == alice.id  # her turn again
    assert len(await clocked.bot.store.moves(game_id)) - moves >= 3  # a burst of saved changes
    await inbox_settles(clocked)
    assert to_the_dm()[len(before) :] == ["DELETE", "POST"]
    assert fake.message(dm.id).deleted and fake.dm_messages(alice)[0].id != dm.id
    # Nothing changed since: no request at all.
    await clocked.bot.table_flow.reminders.inbox.changed(row)
    await inbox_settles(clocked)
    assert len(to_the_dm()) == len(before) + 2


async def test_the_choice_is_shown_and_a_reminder_sends_the_inbox_anew(fake, clocked, channel, alice, bob):
    assert "none" in (await fake.slash(alice, channel, "table", "inbox")).content
    await fake.slash(alice, channel, "table", "reminders", {"direct_messages": True})
    await fake.slash(alice, channel, "table", "inbox", {"messages": "one"})
    nl = await fake.slash(bob, channel, "table", "inbox")
    assert nl.content == "Je inbox: geen"
    assert "one message, kept up to date" in (await fake.slash(alice, channel, "table", "inbox")).content
    game_id = await open_table(
        fake, clocked, channel, "trackgammon", alice, join=[bob], options={"time_per_move": "12h"}
    )
    await waiting_for(fake, clocked, channel, game_id, alice, [bob])
    await inbox_settles(clocked)
    [dm] = fake.dm_messages(alice)
    assert "⏳ 11 h left" in dm.content  # 12 h, less the two seconds of the delay
    # The first reminder (half the time gone): the inbox anew with the time left, not a DM of its own.
    clocked.clock.advance(6 * HOUR)
    await clocked.bot.table_flow.timekeeper.scheduler.catch_up()
    await clocked.settle()
    await clocked.bot.table_flow.reminders.inbox.scheduler.catch_up()
    await clocked.settle()
    [anew] = fake.dm_messages(alice)
    assert anew.id != dm.id and "⏳ 5 h left" in anew.content
    assert not any("⏰" in m.content for m in fake.dm_messages(alice))  # no reminder DM of its own


async def test_the_daily_digest_lists_what_waits_once_a_day(fake, clocked, channel, alice, bob, carol):
    start = clocked.clock.now()  # 08:00 UTC on the fake clock
    answer = await fake.slash(alice, channel, "table", "inbox", {"messages": "digest"})
    assert "a day" in answer.content
    # A week per move: nobody times out (and the computer moves for them) in these two days.
    here, there, elsewhere = await two_servers(fake, clocked, channel, alice, bob, carol, {"time_per_move": "7d"})
    await inbox_settles(clocked)
    assert fake.dm_messages(alice) == []  # not before 09:00

    async def at(moment):
        clocked.clock.set(moment)
        await clocked.bot.table_flow.reminders.inbox.digests.catch_up()
        await clocked.settle()

    await at(start + HOUR)
    [first] = fake.dm_messages(alice)
    assert first.content.startswith("📬 Your move in 2 games")
    # Alice moves in one; the digest is not edited, and the next day's replaces it.
    await move_until_not(fake, clocked, channel, here, {alice.id: alice}, waits_for=None)
    await inbox_settles(clocked)
    assert fake.dm_messages(alice)[0].edits == 0
    await clocked.restart()  # the digest is armed again at start-up
    await at(start + 25 * HOUR)
    [second] = fake.dm_messages(alice)
    assert second.id != first.id and second.content.startswith("📬 Your move in one game")
    # Nothing waits: no digest, the last one stays.
    await move_until_not(fake, clocked, elsewhere, there, {alice.id: alice}, waits_for=None)
    await at(start + 49 * HOUR)
    assert [m.id for m in fake.dm_messages(alice)] == [second.id]


async def test_cancelled_tables_away_people_and_servers_without_dms(fake, clocked, channel, alice, bob, carol):
    await fake.slash(alice, channel, "table", "inbox", {"messages": "one"})
    here, there, elsewhere = await two_servers(fake, clocked, channel, alice, bob, carol)
    await inbox_settles(clocked)
    [dm] = fake.dm_messages(alice)
    # The host cancels the table here: no board follows, yet the inbox is edited.
    await fake.slash(alice, channel, "trackgammon", "cancel")
    await clocked.settle()
    await inbox_settles(clocked)
    [edited] = fake.dm_messages(alice)
    assert edited.id == dm.id and f"/{channel}/" not in edited.content and "Elsewhere" in edited.content

    # The other server's admins turn DMs off: its table leaves the inbox, and choosing says so.
    admin = fake.add_user("admin", manage_guild=True)
    other_guild = fake.channel(elsewhere)["guild_id"]
    await fake.slash(admin, elsewhere, "table", "settings", {"dm_reminders": False})
    answer = await fake.slash(alice, elsewhere, "table", "inbox", {"messages": "one"})
    assert "does not send direct messages" in answer.content
    await inbox_settles(clocked)
    [caught_up] = fake.dm_messages(alice)
    assert caught_up.content.startswith("✅ All caught up") and str(other_guild) not in caught_up.content

    # Away: nothing, even when a table starts waiting.
    await fake.slash(alice, channel, "table", "away", {"until": "3 days"})
    await fake.slash(admin, elsewhere, "table", "settings", {"dm_reminders": True})
    await move_until_not(fake, clocked, elsewhere, there, {alice.id: alice}, waits_for=None)
    await waiting_for(fake, clocked, elsewhere, there, alice, [carol])
    await inbox_settles(clocked)
    assert [m.content for m in fake.dm_messages(alice)] == [caught_up.content]


async def test_choosing_other_than_one_message_deletes_the_kept_list(fake, clocked, channel, alice, bob, carol):
    """Switched to one message per turn, the list kept until then would stand stale: it goes, and
    the turns it showed are not told again."""
    await fake.slash(alice, channel, "table", "inbox", {"messages": "one"})
    here, _there, _ = await two_servers(fake, clocked, channel, alice, bob, carol)
    await inbox_settles(clocked)
    [kept] = fake.dm_messages(alice)
    await fake.slash(alice, channel, "table", "inbox", {"messages": "each"})
    await inbox_settles(clocked)
    assert fake.message(kept.id).deleted and fake.dm_messages(alice) == []
    await move_until_not(fake, clocked, channel, here, {alice.id: alice}, waits_for=None)
    await waiting_for(fake, clocked, channel, here, alice, [bob])
    await inbox_settles(clocked)
    [turn] = fake.dm_messages(alice)  # only the new turn
    assert turn.content.startswith("📬 Your move: Trackgammon")

"""Asynchronous play that fits people's days (issue 25), end to end on a fake clock: quiet hours
across midnight and a daylight-saving change, time banks, the open-game limit, take-backs,
rematches, and restarts in between."""

from datetime import datetime
from zoneinfo import ZoneInfo

from table.settings import HOUR
from tests.e2e.drive import open_table, people_to_move, press_a_move

AMS = ZoneInfo("Europe/Amsterdam")


def at(*when):
    return datetime(*when, tzinfo=AMS).timestamp()


async def later(tafel, seconds):
    tafel.clock.advance(seconds)
    flow = tafel.bot.table_flow
    await flow.timekeeper.scheduler.catch_up()
    await flow.reminders.held.scheduler.catch_up()
    await tafel.settle()


async def finish_turn(fake, tafel, channel, game_id, user):
    """``user`` presses moves until it is no longer their turn."""
    for step in range(20):
        row, seats = await people_to_move(tafel, game_id)
        if row.status != "active" or not seats or row.seats[seats[0]].user_id != user.id:
            return
        controls = await fake.click(user, fake.last_public(channel), f"tb:hand:{game_id}")
        await press_a_move(fake, user, controls.message, game_id, pick=step)
    raise AssertionError("the turn did not end")


async def test_quiet_hours_hold_pings_across_midnight_and_the_clocks_going_back(fake, clocked, channel, alice, bob):
    clocked.clock.set(at(2026, 10, 24, 22, 30))  # the clocks go back at 03:00 that night
    zones = await fake.autocomplete(alice, channel, "table", "quiet-hours", {"timezone": "amster"}, focused="timezone")
    assert [c["value"] for c in zones] == ["Europe/Amsterdam"]
    assert len(await fake.autocomplete(alice, channel, "table", "quiet-hours", focused="timezone")) == 25
    bad = await fake.slash(
        alice, channel, "table", "quiet-hours", {"from": "23:00", "to": "8", "timezone": "Mars/Base"}
    )
    assert bad.ephemeral and "time zone" in bad.content
    for user in (alice, bob):
        answer = await fake.slash(
            user, channel, "table", "quiet-hours", {"from": "23:00", "to": "08:00", "timezone": "europe/amsterdam"}
        )
        assert answer.ephemeral
    await fake.slash(bob, channel, "table", "reminders", options={"direct_messages": True})
    game_id = await open_table(
        fake, clocked, channel, "trackgammon", alice, join=[bob], options={"time_per_move": "12h", "quiet_clocks": True}
    )
    users = {alice.id: alice, bob.id: bob}
    row, [seat] = await people_to_move(clocked, game_id)
    first = users[row.seats[seat].user_id]
    second = bob if first is alice else alice
    assert first.id in [u.id for u in fake.last_public(channel).mentions]  # 22:30: pinged
    await later(clocked, HOUR)  # 23:30: quiet hours for both
    await finish_turn(fake, clocked, channel, game_id, first)
    board = fake.last_public(channel)
    assert f"<@{second.id}>" in board.content and board.mentions == []  # named, not pinged
    row, [seat] = await people_to_move(clocked, game_id)
    assert row.seats[seat].user_id == second.id
    # The clock stood still from 23:30 to 08:00 (ten and a half hours that night): 12 h of it run
    # until 20:00.
    assert clocked.bot.table_service.deadline_of(row).due == at(2026, 10, 25, 20, 0)
    posts = len(fake.channel_messages(channel))
    # A restart in the night: the held ping is in the database.
    await later(clocked, 2 * HOUR)
    await clocked.restart()
    await later(clocked, at(2026, 10, 25, 7, 59) - clocked.clock.now())
    assert len(fake.channel_messages(channel)) == posts
    await later(clocked, 60)
    [held] = fake.channel_messages(channel)[posts:]
    assert [u.id for u in held.mentions] == [second.id] and "quiet hours are over" in held.content.replace(
        "stille uren zijn voorbij", "quiet hours are over"
    )
    await later(clocked, HOUR)
    assert len(fake.channel_messages(channel)) == posts + 1  # once


def rematch_button(message):
    return next(b["custom_id"] for b in message.buttons() if b["custom_id"].startswith("tb:rematch:"))


async def test_a_rematch_after_a_restart_rotates_the_seats_and_keeps_the_options(
    fake, clocked, channel, alice, bob, carol
):
    game_id = await open_table(
        fake, clocked, channel, "trackgammon", alice, join=[bob], options={"time_bank": "1d-2h", "language": "nl"}
    )
    old = await clocked.bot.store.get_game(game_id)
    await fake.slash(bob, channel, "trackgammon", "resign")
    await clocked.settle()
    end = fake.last_public(channel)
    custom_id = rematch_button(end)
    await clocked.restart()  # the button still works after a restart
    refused = await fake.click(carol, end, custom_id)
    assert refused.ephemeral and "Only the players" in refused.content
    assert await clocked.bot.store.open_game_in_channel(channel) is None
    opened = await fake.click(bob, end, custom_id)
    assert opened.ephemeral
    await clocked.settle()
    lobby = await clocked.bot.store.open_game_in_channel(channel)
    assert lobby.status == "lobby" and lobby.settings["rematch_of"] == game_id and lobby.locale == "nl"
    again = await fake.click(bob, end, custom_id)
    assert again.ephemeral and (await clocked.bot.store.open_game_in_channel(channel)).version == lobby.version
    await fake.click(alice, end, custom_id)
    await clocked.settle()
    new = await clocked.bot.store.get_game(lobby.id)
    assert new.status == "active"
    assert [s.user_id for s in new.seats] == [s.user_id for s in reversed(old.seats)]
    assert new.options == old.options
    settings = clocked.bot.table_service.settings_of(new)
    assert (settings.bank_seconds, settings.bank_increment) == (24 * HOUR, 2 * HOUR)
    # A day after the end it is too late.
    await fake.slash(bob, channel, "trackgammon", "cancel")  # the host: the first to press
    await later(clocked, 25 * HOUR)
    late = await fake.click(alice, end, custom_id)
    assert late.ephemeral and await clocked.bot.store.open_game_in_channel(channel) is None


async def test_a_time_bank_on_the_board_and_in_mine_runs_out_as_a_timeout(fake, clocked, channel, alice, bob):
    game_id = await open_table(fake, clocked, channel, "trackgammon", alice, join=[bob], options={"time_bank": "1h-5m"})
    users = {alice.id: alice, bob.id: bob}
    row, [seat] = await people_to_move(clocked, game_id)
    first = users[row.seats[seat].user_id]
    second = bob if first is alice else alice
    board = fake.last_public(channel)
    assert "🏦" in board.content and "1 h" in board.content
    await later(clocked, 20 * 60)
    await finish_turn(fake, clocked, channel, game_id, first)
    mine = await fake.slash(first, channel, "table", "mine")
    assert mine.ephemeral and "45 min" in mine.content  # 60 - 20 + 5
    await later(clocked, HOUR)  # the second's hour runs out: the computer moves, logged as a timeout
    moves = [a for _, _, a in await clocked.bot.store.moves(game_id)]
    assert "!timeout" in moves
    texts = "\n".join(m.content for m in fake.channel_messages(channel)[-3:])
    assert "Time ran out" in texts or "tijd" in texts
    row, seats = await people_to_move(clocked, game_id)
    assert row.status == "active" and [row.seats[s].user_id for s in seats] == [first.id]
    settings = clocked.bot.table_service.settings_of(row)
    assert clocked.bot.table_service.deadline_of(row).bank_of(row.seat_of(second.id), settings) == 5 * 60


async def test_the_open_game_limit_and_turn_times_in_the_profile(fake, clocked, channel, alice, bob):
    mod = fake.add_user("mod", manage_guild=True)
    saved = await fake.slash(mod, channel, "table", "settings", options={"open_games_limit": 1})
    assert "Open games per person at most: 1" in saved.content
    elsewhere = fake.add_channel("tweede")
    game_id = await open_table(fake, clocked, channel, "trackgammon", alice, join=[bob])
    refused = await fake.slash(alice, elsewhere, "manoever", "new")
    assert refused.ephemeral and "1 open games" in refused.content
    assert await clocked.bot.store.open_game_in_channel(elsewhere) is None
    # Turn times: Bob shares his; the game's end shows both players' medians.
    await fake.slash(bob, channel, "table", "turn-times", options={"share": True})
    users = {alice.id: alice, bob.id: bob}
    for minutes in (30, 90, 10, 50):
        row, [seat] = await people_to_move(clocked, game_id)
        await later(clocked, minutes * 60)
        await finish_turn(fake, clocked, channel, game_id, users[row.seats[seat].user_id])
    await fake.slash(alice, channel, "trackgammon", "resign")
    await clocked.settle()
    end = fake.last_public(channel)
    assert "Median time per move" in end.content or "Mediane tijd per zet" in end.content
    shown = await fake.slash(alice, channel, "league", "profile", options={"member": bob})
    [field] = [f for f in shown.message.embeds[0]["fields"] if "time to move" in f["name"]]
    assert "Trackgammon" in field["value"]
    hidden = await fake.slash(bob, channel, "league", "profile", options={"member": alice})
    assert not [f for f in hidden.message.embeds[0]["fields"] if "time to move" in f["name"]]


async def test_take_back_edits_the_board_and_is_refused_after_dice(fake, clocked, channel, alice, bob):
    game_id = await open_table(fake, clocked, channel, "manoever", alice, join=[bob])
    users = {alice.id: alice, bob.id: bob}
    service = clocked.bot.table_service
    engine = service.spec("manoever").engine
    for _attempt in range(20):  # a turn of several marches (one free recruit passes at once)
        row, [seat] = await people_to_move(clocked, game_id)
        user = users[row.seats[seat].user_id]
        board = fake.last_public(channel)
        posts = len(fake.channel_messages(channel))
        controls = await fake.click(user, board, f"tb:hand:{game_id}")
        await press_a_move(fake, user, controls.message, game_id)
        row, seats = await people_to_move(clocked, game_id)
        if seats == [seat]:
            break
    else:
        raise AssertionError("no turn of several marches")
    before_board = fake.last_public(channel).content
    await clocked.restart()  # a restart between the march and the take-back
    answer = await fake.slash(user, channel, "manoever", "take-back")
    assert answer.ephemeral and "Taken back" in answer.content.replace("Teruggenomen", "Taken back")
    await clocked.settle()
    row = await clocked.bot.store.get_game(game_id)
    assert [a for _, _, a in await clocked.bot.store.moves(game_id)][-1] == "!takeback"
    assert engine.dump(await clocked.bot.table_service.replay(game_id)) == row.state
    # After a restart the bot no longer knows the turn's post: a fresh board, never a second turn.
    assert len(fake.channel_messages(channel)) <= posts + 2
    assert "took their last move back" in fake.last_public(channel).content or "nam de laatste zet terug" in (
        fake.last_public(channel).content
    )
    assert before_board
    # The same person again: nothing left in this turn.
    refused = await fake.slash(user, channel, "manoever", "take-back")
    assert refused.ephemeral and "nothing" in refused.content.replace("niets", "nothing")
    # Without a restart the board post is edited, not reposted.
    controls = await fake.click(user, fake.last_public(channel), f"tb:hand:{game_id}")
    assert not [b for b in controls.message.buttons() if b["custom_id"].startswith("tb:takeback:")]
    pressed = await press_a_move(fake, user, controls.message, game_id)
    row, seats = await people_to_move(clocked, game_id)
    if seats == [seat]:
        posts = len(fake.channel_messages(channel))
        [button] = [b for b in pressed.message.buttons() if b["custom_id"].startswith("tb:takeback:")]
        back = await fake.click(user, pressed.message, button["custom_id"])
        assert back.ephemeral and not [b for b in back.message.buttons() if b["custom_id"].startswith("tb:takeback:")]
        await clocked.settle()
        assert len(fake.channel_messages(channel)) == posts
        assert "took their last move back" in fake.last_public(channel).content or "nam de laatste zet terug" in (
            fake.last_public(channel).content
        )


async def test_take_back_in_trackgammon_points_to_the_turn_builders_undo(fake, clocked, channel, alice, bob):
    game_id = await open_table(fake, clocked, channel, "trackgammon", alice, join=[bob])
    users = {alice.id: alice, bob.id: bob}
    row, [seat] = await people_to_move(clocked, game_id)
    user = users[row.seats[seat].user_id]
    controls = await fake.click(user, fake.last_public(channel), f"tb:hand:{game_id}")
    await press_a_move(fake, user, controls.message, game_id)
    refused = await fake.slash(user, channel, "trackgammon", "take-back")
    assert refused.ephemeral
    # Trackgammon has no take-backs: the answer points to its turn builder's own undo button.
    assert "Take back last move" in refused.content or "Laatste zet terugnemen" in refused.content
    assert "!takeback" not in [a for _, _, a in await clocked.bot.store.moves(game_id)]


async def test_a_reminder_and_its_direct_message_wait_for_the_end_of_quiet_hours(fake, clocked, channel, alice, bob):
    clocked.clock.set(at(2026, 3, 28, 22, 0))  # the clocks go forward at 02:00 that night
    game_id = await open_table(
        fake, clocked, channel, "trackgammon", alice, join=[bob], options={"time_per_move": "12h"}
    )
    users = {alice.id: alice, bob.id: bob}
    row, [seat] = await people_to_move(clocked, game_id)
    late = users[row.seats[seat].user_id]
    await fake.slash(late, channel, "table", "reminders", options={"direct_messages": True})
    await fake.slash(
        late, channel, "table", "quiet-hours", {"from": "23:30", "to": "7:00", "timezone": "Europe/Amsterdam"}
    )
    posts = len(fake.channel_messages(channel))
    await later(clocked, at(2026, 3, 29, 5, 0) - clocked.clock.now())  # half time (05:00) falls in the window
    assert len(fake.channel_messages(channel)) == posts and fake.dm_messages(late) == []
    await later(clocked, at(2026, 3, 29, 7, 0) - clocked.clock.now())
    [held] = fake.channel_messages(channel)[posts:]
    assert [u.id for u in held.mentions] == [late.id]
    [dm] = fake.dm_messages(late)
    assert "Trackgammon" in dm.content
    await later(clocked, HOUR)
    assert len(fake.channel_messages(channel)) == posts + 1 and len(fake.dm_messages(late)) == 1

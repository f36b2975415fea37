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

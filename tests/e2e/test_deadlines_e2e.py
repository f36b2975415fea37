"""Move deadlines, reminders, absent players and the /table commands, end to end on a fake clock.

The bot runs against the fake Discord with a ``FakeClock``; tests move time and then let the
scheduler handle whatever fell due (``catch_up``). Nothing sleeps.
"""

import re

from table.settings import DAY, HOUR
from tests.e2e.drive import open_table, people_to_move


async def later(tafel, seconds):
    tafel.clock.advance(seconds)
    await tafel.bot.table_flow.timekeeper.scheduler.catch_up()
    await tafel.settle()


async def two_player_game(fake, tafel, channel, host, guest, *, time_per_move="12h"):
    game_id = await open_table(
        fake, tafel, channel, "trackgammon", host, join=[guest], options={"time_per_move": time_per_move}
    )
    row, seats = await people_to_move(tafel, game_id)
    return row, seats


LINK = re.compile(r"https://discord\.com/channels/\d+/\d+/\d+")


async def test_time_left_reminders_and_the_computer_moving_at_timeout(fake, clocked, channel, alice, bob):
    row, [seat] = await two_player_game(fake, clocked, channel, alice, bob)
    users = {alice.id: alice, bob.id: bob}
    late = users[row.seats[seat].user_id]
    other = bob if late is alice else alice
    board = fake.last_public(channel)
    assert "12 h left" in board.content or "12 uur" in board.content
    # Alice asks for DMs too; Bob has closed his DMs but opts in anyway: skipped, never an error.
    await fake.slash(alice, channel, "table", "reminders", options={"direct_messages": True})
    await fake.slash(bob, channel, "table", "reminders", options={"direct_messages": True})
    bob.dms_closed = True
    posts = len(fake.channel_messages(channel))
    await later(clocked, 6 * HOUR)
    reminder = fake.last_public(channel)
    assert len(fake.channel_messages(channel)) == posts + 1
    assert [u.id for u in reminder.mentions] == [late.id]
    assert LINK.search(reminder.content) and str(board.id) in reminder.content
    assert not reminder.files and not reminder.embeds  # no new board picture, and never a hand
    if late is alice:
        [dm] = fake.dm_messages(alice)
        assert "Trackgammon" in dm.content and not dm.files
    assert fake.dm_messages(bob) == []
    assert other.id not in [u.id for u in reminder.mentions]
    # The last reminder one hour before the end, then the computer moves for the late player.
    await later(clocked, 5 * HOUR)
    assert len(fake.channel_messages(channel)) == posts + 2
    await later(clocked, HOUR)
    texts = "\n".join(m.content for m in fake.channel_messages(channel)[posts + 2 :])
    assert "Time ran out" in texts or "tijd van" in texts
    row2, seats = await people_to_move(clocked, row.id)
    assert row2.status == "active" and seats and seats != [seat]
    moves = [a for _, _, a in await clocked.bot.store.moves(row.id)]
    # One timeout for the whole turn, however many actions the computer needed to finish it.
    assert moves.count("!timeout") == 1 and moves[0] == "!timeout" and len(moves) > 2
    engine = clocked.bot.table_service.spec("trackgammon").engine
    assert engine.dump(await clocked.bot.table_service.replay(row.id)) == row2.state


async def test_host_extends_and_hands_over_an_absent_player(fake, clocked, channel, alice, bob, carol):
    row, [seat] = await two_player_game(fake, clocked, channel, alice, bob, time_per_move="1h")
    refused = await fake.slash(carol, channel, "trackgammon", "extend", options={"hours": 5})
    assert refused.ephemeral and "host" in refused.content
    ok = await fake.slash(alice, channel, "trackgammon", "extend", options={"hours": 5})
    assert ok.ephemeral
    await clocked.settle()
    note = fake.last_public(channel)
    assert "more" in note.content and "6 h left" in note.content
    await later(clocked, HOUR)
    assert "!timeout" not in [a for _, _, a in await clocked.bot.store.moves(row.id)]
    refused = await fake.slash(bob, channel, "trackgammon", "hand-over", options={"member": alice})
    assert refused.ephemeral
    await fake.slash(alice, channel, "trackgammon", "hand-over", options={"member": bob})
    await clocked.settle()
    row = await clocked.bot.store.get_game(row.id)
    bob_seat = next(i for i, s in enumerate(row.seats) if s.name == "bob")
    assert row.seats[bob_seat].resigned and row.status == "finished"


async def test_a_lobby_that_never_starts_is_closed_and_frees_the_channel(fake, clocked, channel, alice, bob):
    await fake.slash(alice, channel, "trackgammon", "new")
    await clocked.settle()
    await later(clocked, DAY)
    assert "did not start in time" in fake.last_public(channel).content
    again = await fake.slash(bob, channel, "trackgammon", "new")
    assert not again.ephemeral and again.message.embeds


async def test_after_a_restart_a_deadline_that_passed_fires_after_the_grace(fake, clocked, channel, alice, bob):
    row, [seat] = await two_player_game(fake, clocked, channel, alice, bob, time_per_move="1h")
    await clocked.stop()
    clocked.clock.advance(3 * HOUR)  # the bot was down while the deadline passed
    await clocked.start()
    await later(clocked, 0)
    assert "!timeout" not in [a for _, _, a in await clocked.bot.store.moves(row.id)]
    await later(clocked, 60)
    assert "!timeout" in [a for _, _, a in await clocked.bot.store.moves(row.id)]


async def test_server_settings_need_manage_server_and_limit_channels(fake, clocked, channel, alice):
    mod = fake.add_user("mod", manage_guild=True)
    other = fake.add_channel("elders")
    shown = await fake.slash(alice, channel, "table", "settings")
    assert "24 h" in shown.content and shown.ephemeral
    refused = await fake.slash(alice, channel, "table", "settings", options={"time_per_move": "3d"})
    assert "Manage Server" in refused.content
    saved = await fake.slash(
        mod, channel, "table", "settings", options={"time_per_move": "3d", "allow_channel": channel}
    )
    assert "Saved" in saved.content and "3 days" in saved.content
    refused = await fake.slash(alice, other, "trackgammon", "new")
    assert refused.ephemeral and "cannot be opened" in refused.content
    opened = await fake.slash(alice, channel, "trackgammon", "new")
    assert "3 days" in str(opened.message.embeds)


async def test_my_games_and_running_games(fake, clocked, channel, alice, bob, carol):
    row, [seat] = await two_player_game(fake, clocked, channel, alice, bob)
    second = fake.add_channel("tweede")
    await fake.slash(carol, second, "trackgammon", "new")
    mine = await fake.slash(alice, channel, "table", "mine")
    assert mine.ephemeral and "Trackgammon" in mine.content and LINK.search(mine.content)
    assert "12 h" in mine.content
    assert (await fake.slash(carol, channel, "table", "mine")).content.count("lobby") == 1
    running = await fake.slash(carol, channel, "table", "running")
    assert running.content.count("Trackgammon") == 1  # the lobby is not running


async def test_heads_up_and_away(fake, clocked, channel, alice, bob):
    await fake.slash(alice, channel, "table", "heads-up", options={"on": True})
    await fake.slash(bob, channel, "table", "heads-up", options={"on": True})
    row, [seat] = await two_player_game(fake, clocked, channel, alice, bob)
    users = {alice.id: alice, bob.id: bob}
    nxt = users[row.seats[1 - seat].user_id]
    assert any("you are next" in m.content or "hierna" in m.content for m in fake.dm_messages(nxt))
    late = users[row.seats[seat].user_id]
    away = await fake.slash(late, channel, "table", "away", options={"until": "3 days"})
    assert away.ephemeral
    await clocked.settle()
    assert "away until" in fake.last_public(channel).content or "afwezig" in fake.last_public(channel).content
    posts = len(fake.channel_messages(channel))
    await later(clocked, 6 * HOUR)
    assert len(fake.channel_messages(channel)) == posts  # reminders held while away
    bad = await fake.slash(late, channel, "table", "away", options={"until": "someday"})
    assert bad.ephemeral and fake.last_public(channel) is not None


async def test_one_post_per_turn_a_turn_of_several_clicks_and_computers_edit_the_board(fake, tafel, channel, alice):
    from tests.e2e.drive import press_a_move

    game_id = await open_table(fake, tafel, channel, "trackgammon", alice, computers=2)
    for _click in range(12):
        row, seats = await people_to_move(tafel, game_id)
        if row.status != "active":
            break
        assert seats == [0]
        controls = await fake.click(alice, fake.last_public(channel), f"tb:hand:{game_id}")
        await press_a_move(fake, alice, controls.message, game_id)
    await tafel.settle()
    seats = [seat for _, seat, _ in await tafel.bot.store.moves(game_id)]
    alice_turns = sum(1 for i, s in enumerate(seats) if s == 0 and (i == 0 or seats[i - 1] != 0))
    boards = [m for m in fake.channel_messages(channel) if any(name == "board.png" for name, _ in m.files)]
    # One picture per turn of Alice's (plus the opening board and the one waiting for her now),
    # not one per click or per computer move.
    assert len(boards) <= alice_turns + 2 < len(seats)
    assert any(m.edits for m in boards)
    # Each fresh board mentions the person whose turn begins.
    first_versions = [m.versions[0].get("content", "") if m.versions else m.content for m in boards]
    assert all(f"<@{alice.id}>" in text for text in first_versions[1:])


async def test_nothing_private_in_any_reminder(fake, clocked, channel, alice, bob):
    game_id = await open_table(
        fake, clocked, channel, "howruck", alice, join=[bob], options={"learning": True, "time_per_move": "1h"}
    )
    for user in (alice, bob):
        await fake.slash(user, channel, "table", "reminders", options={"direct_messages": True})
    row, [seat] = await people_to_move(clocked, game_id)
    late = alice if row.seats[seat].user_id == alice.id else bob
    posts = len(fake.channel_messages(channel))
    await later(clocked, HOUR / 2)
    await later(clocked, HOUR / 2 - HOUR / 10)
    reminders = fake.channel_messages(channel)[posts:]
    assert len(reminders) == 2
    row = await clocked.bot.store.get_game(game_id)
    link = f"https://discord.com/channels/{fake.guild_id}/{channel}/{row.board_message_id}"
    # Exactly the template: who, which game, how long, and the link; no card, no picture.
    assert reminders[0].content == (
        f"⏰ <@{late.id}>: your move in How Ruck!, 30 min left.\nThe board: {link}"
    ) or reminders[0].content.startswith(f"⏰ <@{late.id}>: je bent aan zet")
    for message in [*reminders, *fake.dm_messages(late)]:
        assert not message.files and not message.embeds and not message.components
        assert re.fullmatch(r"[^\n]*\n[^\n]*https://discord\.com/channels/[\d/]+", message.content)

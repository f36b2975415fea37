"""The games with simultaneous play, end to end: How Ruck!'s team-forming race and Duvelen."""

import asyncio

from tests.e2e.drive import open_table, play_to_the_end, press_a_move, private_pictures


async def test_how_ruck_match_against_the_computer_with_team_forming(fake, tafel, channel, alice):
    game_id = await open_table(fake, tafel, channel, "howruck", alice, computers=1, options={"barrels": 1})
    row = await play_to_the_end(fake, tafel, channel, game_id, {alice.id: alice})
    assert row.status == "finished"
    moves = [action for _seq, _seat, action in await tafel.bot.store.moves(game_id)]
    assert any(a.startswith("keep:") for a in moves), "the teams were formed"
    assert any(a == "stop" for a in moves)
    assert "Final standings" in fake.last_public(channel).content
    # Hands and kept cards only ever went to their owner.
    private = private_pictures(fake)
    assert private and all(m.ephemeral and m.for_user.id == alice.id for m in private)


async def test_a_live_duvelen_round_with_two_computers_acting_at_once(fake, tafel, channel, alice):
    # Computers act every few tens of milliseconds while the person plays too: truly live.
    tafel.bot.table_flow.computers.delay_factor = 0.05
    game_id = await open_table(fake, tafel, channel, "duvelen", alice, computers=2, options={"rounds": 1})
    engine = tafel.bot.table_service.spec("duvelen").engine
    store = tafel.bot.store
    for step in range(2000):
        await tafel.bot.table_flow.answered()
        row = await store.get_game(game_id)
        if row.status != "active":
            break
        if 0 not in engine.to_move(engine.load(row.state)):
            await asyncio.sleep(0.02)
            continue
        board = fake.last_public(channel)
        controls = await fake.click(alice, board, f"tb:hand:{game_id}")
        if any(b["custom_id"].startswith(f"tb:act:{game_id}:") for b in controls.message.buttons()):
            # Prefer playing cards to turning; the person is a decent player.
            await press_a_move(fake, alice, controls.message, game_id, pick=0 if step % 5 else 1)
    await tafel.settle()
    row = await store.get_game(game_id)
    assert row.status == "finished"
    seats_that_played = {seat for _seq, seat, _a in await store.moves(game_id)}
    assert seats_that_played >= {0, 1, 2}
    # The move log replays to the stored state, even with everyone acting at once.
    replayed = await tafel.bot.table_service.replay(game_id)
    assert engine.dump(replayed) == row.state
    # The channel was not flooded: during live play one board message is edited instead.
    assert len(fake.channel_messages(channel)) < len(await store.moves(game_id)) / 4


async def test_duvelen_done_asks_once_before_it_ends_the_round(fake, tafel, channel, alice):
    tafel.bot.table_flow.computers.delay_factor = 100.0  # the computer waits: Alice alone decides
    game_id = await open_table(fake, tafel, channel, "duvelen", alice, computers=1, options={"rounds": 1})
    await tafel.bot.table_flow.answered()
    board = next(m for m in reversed(fake.channel_messages(channel)) if m.component(f"tb:hand:{game_id}"))
    controls = await fake.click(alice, board, f"tb:hand:{game_id}")
    done = next(b for b in controls.message.buttons() if b["custom_id"].endswith(":done"))
    version = (await tafel.bot.store.get_game(game_id)).version
    question = await fake.click(alice, controls.message, done["custom_id"])
    assert "sure" in question.message.content.lower()
    assert (await tafel.bot.store.get_game(game_id)).version == version, "nothing happened yet"
    back = next(b for b in question.message.buttons() if b["custom_id"].startswith(f"tb:nav:{game_id}:"))
    again = await fake.click(alice, question.message, back["custom_id"])
    assert any(b["custom_id"].endswith(":done") for b in again.message.buttons()), "back to the moves"
    question = await fake.click(alice, again.message, done["custom_id"])
    sure = next(b for b in question.message.buttons() if b["custom_id"].startswith(f"tb:sure:{game_id}:"))
    await fake.click(alice, question.message, sure["custom_id"])
    await tafel.bot.table_flow.answered()
    moves = [action for _seq, _seat, action in await tafel.bot.store.moves(game_id)]
    assert moves[-1] == "done"

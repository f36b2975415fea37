"""Computer players moving fast in one channel, against Discord's rate limits (issue 20, item 4).

The fake answers with Discord's buckets (5 posts and 5 edits per 5 s per channel, at the suite's
time scale) and its global limit. However fast the computers move, every board the bot means to
post or edit reaches Discord, a person's turn still gets one fresh post (the other actions edit
it), and Discord never answers 429: discord.py waits on the channel's buckets as their headers
say, and the bot's pacer keeps it under the global limit.
"""

from __future__ import annotations

import asyncio

import pytest

from table.service import engine_options
from tests.e2e.drive import open_table, people_to_move, press_a_move
from tests.e2e.fake.ratelimits import MESSAGE_EDIT, SUITE_SCALE


def boards(fake, channel):
    """The public board messages of the channel (the lobby is an embed without a picture)."""
    return [m for m in fake.channel_messages(channel) if any(a.get("filename") == "board.png" for a in m.attachments)]


def sent_boards(fake, channel) -> tuple[int, int]:
    """(posts, edits) of board messages: every publish of the bot is one or the other."""
    posted = boards(fake, channel)
    return len(posted), sum(m.edits for m in posted)


async def finished(tafel, game_id, timeout: float = 60.0):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        await tafel.settle()
        row = await tafel.bot.store.get_game(game_id)
        if row.status != "active":
            return row
        assert loop.time() < deadline, "the computers did not finish the game"
        await asyncio.sleep(0.01)


async def expected_posts(tafel, row) -> tuple[int, int]:
    """(fresh posts, publishes) the move log calls for, by the one-post-per-turn rule
    (``cogs.table.turnposts``): the start and the end are posts, and so is every action after which
    a person may act who could not at the last post or edit; every other action edits that post.
    A seat counts as a person's until its "!resign" entry (then a computer plays it)."""
    spec = tafel.bot.table_service.spec(row.game)
    engine = spec.engine
    state, _ = engine.new_game(len(row.seats), row.seed, engine_options(row))
    people = {seat for seat, s in enumerate(row.seats) if s.user_id is not None}
    moves = await tafel.bot.store.moves(row.id)
    turn = people & engine.to_move(state)
    posts = 1
    for index, (_seq, seat, action) in enumerate(moves):
        if action.startswith("!resign"):
            people.discard(seat)
        elif not action.startswith("!"):
            state, _ = engine.apply(state, seat, action)
        if index == len(moves) - 1:
            assert engine.outcome(state) is not None
            posts += 1  # the final standings
            continue
        now = people & engine.to_move(state)
        if now - turn:
            posts += 1
        turn = now
    return posts, 1 + len(moves)


async def test_trackgammon_four_seats_with_fast_computers_in_one_channel(fake, tafel, channel, alice):
    """Alice and three computers: her turns get a fresh board each, the computers' moves edit it;
    after her first turns (four boards in the channel) she resigns and four computers play on as
    fast as they can, editing one board. Every post and edit arrives, in the numbers the move log
    calls for, without a 429."""
    # Windows five times the suite's (5 edits per 0.25 s): computers at full speed outrun them,
    # unless the machine is so busy that they make fewer than 20 edits a second (measured: 5 a
    # second at a load of 9 on 2 cores); then nothing about the pacing was shown, and it says so.
    fake.rate_limits.scale = 5 * SUITE_SCALE
    game_id = await open_table(fake, tafel, channel, "trackgammon", alice, computers=3)
    for step in range(400):
        row, seats = await people_to_move(tafel, game_id)
        assert row.status == "active"
        if len(boards(fake, channel)) >= 4:
            break
        assert seats == [0], "after the computers, alice's turn"
        controls = await fake.click(alice, boards(fake, channel)[-1], f"tb:hand:{game_id}")
        await press_a_move(fake, alice, controls.message, game_id, pick=step)
    await fake.slash(alice, channel, "trackgammon", "resign")
    row = await finished(tafel, game_id)
    posts, publishes = await expected_posts(tafel, row)
    assert sent_boards(fake, channel) == (posts, publishes - posts)
    assert "Final standings" in boards(fake, channel)[-1].content
    assert tafel.bot.table_flow.board.outbox.pending() == 0
    limits = fake.rate_limits
    assert limits.refused == {}, "Discord never had to say 429"
    if not limits.exhausted[MESSAGE_EDIT.name]:
        pytest.skip("the machine was too busy for the computers' edits to reach the channel's limit")


async def test_duvelen_live_with_eight_computers_in_one_channel(fake, tafel, channel, alice):
    """Eight computers in a live round (the host resigns at once): one live message edited, then
    the final board; every refresh arrives and nothing is refused. The live board paces itself
    (an edit at most every 1.5 s, here on the suite's time: at most 4 in a 5 s window), so it
    never even fills the channel's edit bucket."""
    flow = tafel.bot.table_flow
    flow.live.interval *= fake.rate_limits.scale  # the bot's own edit pace, on the suite's time
    game_id = await open_table(fake, tafel, channel, "duvelen", alice, computers=7, options={"rounds": 1})
    await fake.wait_for(lambda m: m.channel_id == channel and m in boards(fake, channel))  # the start board
    await fake.slash(alice, channel, "duvelen", "resign")
    row = await finished(tafel, game_id)
    assert row.status == "finished"
    engine = tafel.bot.table_service.spec("duvelen").engine
    assert engine.dump(await tafel.bot.table_service.replay(game_id)) == row.state
    posted = boards(fake, channel)
    # The start board, the one live message, the final standings.
    assert len(posted) == 3 and "Final standings" in posted[-1].content
    live = posted[1]
    assert flow.live.refreshes == 1 + live.edits and live.edits >= 3
    assert flow.board.outbox.pending() == 0
    assert fake.rate_limits.refused == {}, "Discord never had to say 429"
    assert fake.rate_limits.exhausted[MESSAGE_EDIT.name] == 0

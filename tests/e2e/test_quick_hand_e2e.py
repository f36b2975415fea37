""" "My hand", and a move that leaves its player to move, answer with the controls themselves when
they are ready within ``QUICK_ANSWER`` (one request to Discord instead of a deferral and an edit,
issue 48), and defer when the picture is slow, so Discord's three seconds are never spent on a
picture."""

from __future__ import annotations

import asyncio

from tests.e2e.test_hindmost_e2e import open_table
from tests.e2e.test_self_healing_e2e import board_shows_stored_version
from tests.e2e.test_silent_faults_e2e import boards_of, people_to_move

CHANNEL_MESSAGE, DEFERRED_MESSAGE = 4, 5


async def hand_of_the_mover(fake, tafel, channel, alice, bob):
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    await board_shows_stored_version(fake, tafel, channel, game_id)
    row, [seat] = await people_to_move(tafel, game_id)
    user = {alice.id: alice, bob.id: bob}[row.seats[seat].user_id]
    return game_id, user, boards_of(fake, channel, game_id)[-1]


def slow_pictures(tafel, monkeypatch):
    """Every picture takes 0.3 s, longer than the bot waits before it defers (made 0.05 s)."""
    painter = tafel.bot.table_flow.painter
    paint = painter.paint

    async def slow_paint(*args, **kwargs):
        await asyncio.sleep(0.3)
        return await paint(*args, **kwargs)

    monkeypatch.setattr(painter, "paint", slow_paint)
    monkeypatch.setattr("cogs.table.moves.QUICK_ANSWER", 0.05)


async def test_a_hand_drawn_in_time_is_the_answer_itself(fake, tafel, channel, alice, bob):
    game_id, user, board = await hand_of_the_mover(fake, tafel, channel, alice, bob)
    hand = await fake.click(user, board, f"tb:hand:{game_id}")
    assert hand.response_type == CHANNEL_MESSAGE and hand.ephemeral
    assert hand.message.find_button(custom_id_prefix=f"tb:act:{game_id}:"), "the hand, with its moves"
    [(name, picture)] = hand.message.files
    assert name == "hand.png" and picture.startswith(b"\x89PNG")


async def test_a_slow_hand_is_deferred_first_then_shown(fake, tafel, channel, alice, bob, monkeypatch):
    game_id, user, board = await hand_of_the_mover(fake, tafel, channel, alice, bob)
    slow_pictures(tafel, monkeypatch)
    hand = await fake.click(user, board, f"tb:hand:{game_id}")
    assert hand.response_type == DEFERRED_MESSAGE and hand.ephemeral
    assert hand.answered_after < 0.3, "answered before the picture was drawn"
    assert not hand.message.loading
    assert hand.message.find_button(custom_id_prefix=f"tb:act:{game_id}:"), "the deferred answer became the hand"


UPDATE_MESSAGE, DEFERRED_UPDATE_MESSAGE = 7, 6


async def a_move_that_leaves_its_player_to_move(fake, tafel, channel, alice, bob):
    """Moves of the person to move until one leaves them to move still (Hindmost: a play that asks
    a further choice); the click's answer then carries their fresh controls."""
    game_id, _user, _board = await hand_of_the_mover(fake, tafel, channel, alice, bob)
    for _ in range(60):
        await tafel.settle()
        row, [seat] = await people_to_move(tafel, game_id)
        user = {alice.id: alice, bob.id: bob}[row.seats[seat].user_id]
        hand = await fake.click(user, boards_of(fake, channel, game_id)[-1], f"tb:hand:{game_id}")
        button = hand.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
        if button is None:
            continue  # played for them (auto-play)
        answer = await fake.click(user, hand.message, button["custom_id"])
        after = await tafel.bot.store.get_game(game_id)
        if after.seats[seat].user_id == user.id and seat in tafel.bot.table_service.spec(after.game).engine.to_move(
            tafel.bot.table_service.state_of(after)
        ):
            return game_id, answer
    raise AssertionError("no move left its player to move in 60 moves")


async def test_controls_drawn_in_time_after_a_move_are_the_clicks_answer_itself(fake, tafel, channel, alice, bob):
    game_id, answer = await a_move_that_leaves_its_player_to_move(fake, tafel, channel, alice, bob)
    assert answer.response_type == UPDATE_MESSAGE, "one request: the controls are the answer"
    assert answer.message.find_button(custom_id_prefix=f"tb:act:{game_id}:"), "the fresh controls, with moves"
    [(name, picture)] = answer.message.files
    assert name == "hand.png" and picture.startswith(b"\x89PNG")


async def test_slow_controls_after_a_move_are_deferred_first_then_shown(fake, tafel, channel, alice, bob, monkeypatch):
    slow_pictures(tafel, monkeypatch)
    game_id, answer = await a_move_that_leaves_its_player_to_move(fake, tafel, channel, alice, bob)
    assert answer.response_type == DEFERRED_UPDATE_MESSAGE
    assert answer.answered_after < 0.3, "answered before the picture was drawn"
    await tafel.settle()
    assert answer.message.find_button(custom_id_prefix=f"tb:act:{game_id}:"), "the deferred answer became the controls"

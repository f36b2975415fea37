"""Devil Take The Hindmost end to end: the real bot, the real discord.py, a fake Discord."""

from __future__ import annotations

import io
import logging

import pytest
from PIL import Image

from engines.hindmost import ENGINE
from render.hindmost import render_board
from table.levels import seat_label
from tests.e2e.drive import ever_showed, private_pictures


async def open_table(fake, tafel, channel, host, *, join=(), computers=0, options=None):
    new = await fake.slash(host, channel, "hindmost", "new", options=options or {})
    lobby = new.message
    assert not new.ephemeral and lobby.embeds, "the lobby is a public message with an embed"
    for user in join:
        await fake.click(
            user, lobby, lobby.find_button(custom_id_prefix="tb:lobby:").get("custom_id").rsplit(":", 1)[0] + ":join"
        )
    for _ in range(computers):
        await fake.click(host, lobby, _lobby_id(lobby, "add-computer"))
    started = await fake.click(host, lobby, _lobby_id(lobby, "start"))
    assert started.response_type == 7
    row = await tafel.bot.store.open_game_in_channel(channel)
    assert row is not None and row.status == "active"
    return row.id


def _lobby_id(message, op):
    return next(b["custom_id"] for b in message.buttons() if b["custom_id"].endswith(f":{op}"))


async def mover(tafel, game_id):
    """Who must move now (the test's own knowledge, to drive the right person)."""
    await tafel.settle()
    row = await tafel.bot.store.get_game(game_id)
    if row.status != "active":
        return row, None
    state = ENGINE.load(row.state)
    (seat,) = ENGINE.to_move(state)
    return row, seat


async def play_one_turn(fake, tafel, channel, game_id, users, *, board_message=None):
    """Do what a person does: press "My hand / play" on the board, then the first move button."""
    row, seat = await mover(tafel, game_id)
    if seat is None:
        return False
    user = users[row.seats[seat].user_id]
    board = board_message or fake.last_public(channel)
    if board_message is None:
        assert f"<@{user.id}>" in board.content, "the player to move is mentioned"
    hand = await fake.click(user, board, f"tb:hand:{game_id}")
    assert hand.ephemeral and hand.files[0][0] == "hand.png"
    move = hand.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
    result = await fake.click(user, hand.message, move["custom_id"])
    assert result.response_type in (6, 7) and result.ephemeral  # updated, or deferred then edited
    return True


async def test_a_whole_game_with_two_people_and_a_computer(fake, tafel, channel, alice, bob, caplog):
    caplog.set_level(logging.DEBUG)
    from bot import quiet_noisy_loggers

    quiet_noisy_loggers(logging.DEBUG)
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob], computers=1)
    turns = 0
    while await play_one_turn(fake, tafel, channel, game_id, users):
        turns += 1
        assert turns < 400
    row = await tafel.bot.store.get_game(game_id)
    assert row.status == "finished"
    final = fake.last_public(channel)
    assert "Final standings" in final.content or "Eindstand" in final.content
    results = await tafel.bot.store.results(game_id)
    assert min(r.placement for r in results) == 1 and len(results) == 3  # teams may tie
    assert [r.is_computer for r in results] == [False, False, True]

    # The picture in the channel is exactly the spectator's picture: no hand can be in it.
    state = ENGINE.load(row.state)
    names = [seat_label(row.locale, s) for s in row.seats]  # a computer's with its level
    expected = render_board(ENGINE.view(state, None), names=names, locale=row.locale)
    assert final.files[0] == ("board.png", expected)
    Image.open(io.BytesIO(expected)).verify()

    # Hands only ever went out ephemeral, to their owner; every public message is a spectator's.
    hands = private_pictures(fake)
    assert hands and all(m.ephemeral and m.for_user.id in (alice.id, bob.id) for m in hands)
    assert not any(ever_showed(m, "hand.png") for m in fake.channel_messages(channel))
    # No log line carries a hand: no move button label or action id of any private message.
    private_labels = {b["label"] for m in hands for b in m.buttons() if b["custom_id"].startswith("tb:act:")}
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert private_labels and not any(label in logged for label in private_labels)
    assert "tb:act:" not in logged


async def test_bad_input_is_refused_ephemeral_and_changes_nothing(fake, tafel, channel, alice, bob, carol):
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    row, seat = await mover(tafel, game_id)
    to_move, waiting = users[row.seats[seat].user_id], users[row.seats[1 - seat].user_id]
    state = ENGINE.load(row.state)
    legal = ENGINE.legal_actions(state, seat)
    store = tafel.bot.store

    async def unchanged():
        now = await store.get_game(game_id)
        assert now.version == row.version and now.state == row.state

    board = fake.last_public(channel)
    first = await fake.click(to_move, board, f"tb:hand:{game_id}")
    second = await fake.click(to_move, board, f"tb:hand:{game_id}")
    # A stranger gets the spectator's picture and no buttons.
    stranger = await fake.click(carol, board, f"tb:hand:{game_id}")
    assert stranger.ephemeral and not stranger.message.buttons()
    # (reply, what an English reader sees, what a Dutch reader sees): bob reads Dutch.
    refusals = [
        (await fake.slash(carol, channel, "hindmost", "play", options={"action": legal[0]}), "not playing", ""),
        (
            await fake.slash(waiting, channel, "hindmost", "play", options={"action": legal[0]}),
            "not your turn",
            "niet aan de beurt",
        ),
        (await fake.slash(to_move, channel, "hindmost", "play", options={"action": "ZZ!"}), "not a move", "geen zet"),
        (await fake.slash(to_move, channel, "hindmost", "play", options={"action": "QX"}), "", ""),
        (await fake.slash(carol, channel, "hindmost", "join"), "already started", ""),
    ]
    for reply, english, dutch in refusals:
        assert reply.ephemeral, reply.content
        assert english in reply.content or (dutch and dutch in reply.content), reply.content
        await unchanged()
    # Autocomplete offers the mover's legal plays, and nothing to the one waiting.
    choices = await fake.autocomplete(to_move, channel, "hindmost", "play", options={"action": ""}, focused="action")
    assert [c["value"] for c in choices] == legal[:25]
    assert await fake.autocomplete(waiting, channel, "hindmost", "play", options={"action": ""}, focused="action") == []

    # The first private message's button plays; the second one's (same version) is now stale.
    button = first.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
    await fake.click(to_move, first.message, button["custom_id"])
    moved = await store.get_game(game_id)
    assert moved.version == row.version + 1
    stale = second.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
    reply = await fake.click(to_move, second.message, stale["custom_id"])
    assert reply.ephemeral and ("moved on" in reply.content or "veranderd" in reply.content)
    assert (await store.get_game(game_id)).version == moved.version


async def test_dutch_players_read_dutch(fake, tafel, channel, alice, bob):
    reply = await fake.slash(bob, channel, "hindmost", "play", options={"action": "7H"})
    assert reply.ephemeral and "geen open tafel" in reply.content
    reply = await fake.slash(alice, channel, "hindmost", "play", options={"action": "7H"})
    assert "no open" in reply.content
    rules = await fake.slash(bob, channel, "rules", options={"game": "hindmost"})
    assert rules.ephemeral and rules.embeds[0]["title"].startswith("Spelregels")


async def test_a_restart_mid_game_continues_with_the_old_buttons(fake, tafel, channel, alice, bob):
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob], options={"riders": 3})
    for _ in range(3):
        await play_one_turn(fake, tafel, channel, game_id, users)
    old_board = fake.last_public(channel)
    row, seat = await mover(tafel, game_id)
    player = users[row.seats[seat].user_id]
    controls = await fake.click(player, old_board, f"tb:hand:{game_id}")

    await tafel.restart()

    # The move button made before the restart still plays.
    button = controls.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
    result = await fake.click(player, controls.message, button["custom_id"])
    assert result.response_type == 7
    assert (await tafel.bot.store.get_game(game_id)).version == row.version + 1
    # And the old board's "My hand / play" button carries the game to its end.
    turns = 0
    while await play_one_turn(fake, tafel, channel, game_id, users, board_message=old_board):
        turns += 1
        assert turns < 400
    assert (await tafel.bot.store.get_game(game_id)).status == "finished"


@pytest.mark.parametrize("restart_with_computer_to_move", [True])
async def test_computer_players_pick_up_after_a_restart(fake, tafel, channel, alice, restart_with_computer_to_move):
    tafel.config = tafel.config.__class__(**{**tafel.config.__dict__, "computer_delay": 1000.0})
    await tafel.restart()  # computers now think "forever": the restart below must pick them up
    game_id = await open_table(fake, tafel, channel, alice, computers=2)
    row = await tafel.bot.store.get_game(game_id)
    tafel.config = tafel.config.__class__(**{**tafel.config.__dict__, "computer_delay": 0.0})
    await tafel.restart()
    users = {alice.id: alice}
    turns = 0
    while await play_one_turn(fake, tafel, channel, game_id, users):
        turns += 1
        assert turns < 400
    assert (await tafel.bot.store.get_game(game_id)).status == "finished"
    assert row.status == "active"

"""Trackgammon end to end: one person and two computer players, buttons only, take-back included."""

from tests.e2e.drive import open_table, people_to_move, play_to_the_end, press_a_move


async def test_a_whole_game_against_two_computers(fake, tafel, channel, alice):
    game_id = await open_table(fake, tafel, channel, "trackgammon", alice, computers=2)
    engine = tafel.bot.table_service.spec("trackgammon").engine
    # The person builds a turn one value at a time and may take a move back before confirming.
    row, seats = await people_to_move(tafel, game_id)
    while not seats:
        row, seats = await people_to_move(tafel, game_id)
    board = fake.last_public(channel)
    controls = await fake.click(alice, board, f"tb:hand:{game_id}")
    first = controls.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
    after_move = await fake.click(alice, controls.message, first["custom_id"])
    undo_ids = [b["custom_id"] for b in after_move.message.buttons() if b["custom_id"].endswith(":undo")]
    assert undo_ids, "a move of this turn can be taken back"
    before_undo = await tafel.bot.store.get_game(game_id)
    await fake.click(alice, after_move.message, undo_ids[0])
    after_undo = await tafel.bot.store.get_game(game_id)
    state_before = engine.load(before_undo.state)
    state_after = engine.load(after_undo.state)
    assert engine.view(state_after, None)["moves"] == [] and engine.view(state_before, None)["moves"]
    row = await play_to_the_end(fake, tafel, channel, game_id, {alice.id: alice})
    assert row.status == "finished"
    assert "Final standings" in fake.last_public(channel).content


def act_endings(message, game_id):
    return sorted(
        b["custom_id"].rsplit(":", 1)[1] for b in message.buttons() if b["custom_id"].startswith(f"tb:act:{game_id}:")
    )


async def test_the_move_that_used_the_last_die_can_still_be_taken_back(fake, tafel, channel, alice):
    """Issue 46: once the last die was used, "Done" was played for the person at once, so the
    "Take back last move" beside it answered "The board has moved on" and the board said they had
    had only one move. Now the turn waits for their Done, and the take-back works."""
    game_id = await open_table(fake, tafel, channel, "trackgammon", alice, computers=1)
    engine = tafel.bot.table_service.spec("trackgammon").engine
    for _ in range(40):  # Alice's turns, until one has a move to make
        row, seats = await people_to_move(tafel, game_id)
        if not seats or engine.legal_actions(engine.load(row.state), seats[0]) == ["done"]:
            continue  # not her turn yet, or a turn with no die to use (played for her)
        controls = await fake.click(alice, fake.last_public(channel), f"tb:hand:{game_id}")
        message = controls.message
        for _ in range(8):  # the dice of one turn, one at a time
            if act_endings(message, game_id) == ["done", "undo"]:
                break
            message = (await press_a_move(fake, alice, message, game_id)).message
        assert act_endings(message, game_id) == ["done", "undo"], "every die used: take back or confirm"
        await tafel.settle()  # whatever follows the move has happened
        used_all = await tafel.bot.store.get_game(game_id)
        moves = engine.view(engine.load(used_all.state), None)["moves"]
        assert "only one move" not in fake.last_public(channel).content
        undo = next(b["custom_id"] for b in message.buttons() if b["custom_id"].endswith(":undo"))
        reply = await fake.click(alice, message, undo)
        assert "moved on" not in (reply.content or "")
        taken_back = await tafel.bot.store.get_game(game_id)
        assert taken_back.version == used_all.version + 1
        assert engine.view(engine.load(taken_back.state), None)["moves"] == moves[:-1]
        return
    raise AssertionError("Alice had no turn with a move in 40 tries")

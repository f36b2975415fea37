"""Trackgammon end to end: one person and two computer players, buttons only, take-back included."""

from tests.e2e.drive import open_table, people_to_move, play_to_the_end


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

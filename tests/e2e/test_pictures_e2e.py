"""Each picture is drawn once: a second "My hand" press and ``/board`` reuse what was drawn, and a
move draws afresh (the picture cache is keyed by the stored version, viewer and language)."""

from __future__ import annotations

from tests.e2e.test_hindmost_e2e import mover, open_table


async def test_pictures_are_drawn_once_per_version_viewer_and_language(fake, tafel, channel, alice, bob):
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    cache = tafel.bot.table_flow.painter.cache
    row, seat = await mover(tafel, game_id)
    user = users[row.seats[seat].user_id]
    board = fake.last_public(channel)

    drawn = cache.misses
    first = await fake.click(user, board, f"tb:hand:{game_id}")
    assert cache.misses == drawn + 1
    again = await fake.click(user, board, f"tb:hand:{game_id}")
    assert cache.misses == drawn + 1, "the same hand at the same version is not drawn again"
    hand_png = first.files[0][1]
    assert again.files[0][1] == hand_png

    # The board posted at the start was drawn in the table's language; /board in it is a reuse.
    shown = await fake.slash(user, channel, "hindmost", "board")
    assert cache.misses == drawn + 1
    assert shown.files[0][1] == board.files[0][1]

    # A move makes a new version: the next board and hand are new pictures.
    move = first.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
    await fake.click(user, first.message, move["custom_id"])
    await tafel.settle()
    assert cache.misses > drawn + 1
    row, seat = await mover(tafel, game_id)
    after = await fake.click(users[row.seats[seat].user_id], fake.last_public(channel), f"tb:hand:{game_id}")
    assert after.files[0][1] != hand_png

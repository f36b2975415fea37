"""Two players race for the same spot in Duvelen with truly concurrent clicks: exactly one wins.

The position is set up directly in the store (the rules engine's own race position from
tests/engines/test_duvelen.py): a Hoop of hearts up to 4, Ann holds 5♥ in her Rij, Bob on his Stok.
"""

import asyncio

import pytest

from engines.duvelen import ENGINE
from tests.e2e.drive import open_table
from tests.engines.test_duvelen import race_table


async def race_position(tafel, channel, fake, alice, bob):
    game_id = await open_table(fake, tafel, channel, "duvelen", alice, join=[bob], options={"rounds": 1})
    await tafel.settle()
    row = await tafel.bot.store.get_game(game_id)
    await tafel.bot.store.update_game(game_id, row.version, state=ENGINE.dump(race_table()))
    return game_id


@pytest.mark.parametrize("repeat", range(3))
async def test_concurrent_clicks_for_the_same_spot_have_exactly_one_winner(fake, tafel, channel, alice, bob, repeat):
    game_id = await race_position(tafel, channel, fake, alice, bob)
    board = fake.last_public(channel)
    ann = await fake.click(alice, board, f"tb:hand:{game_id}")
    bram = await fake.click(bob, board, f"tb:hand:{game_id}")
    ann_button = ann.message.find_button(custom_id_prefix=f"tb:act:{game_id}:", label_contains="5♥")
    bob_button = bob_button = bram.message.find_button(custom_id_prefix=f"tb:act:{game_id}:", label_contains="5♥")
    clicks = [
        fake.click(alice, ann.message, ann_button["custom_id"]),
        fake.click(bob, bram.message, bob_button["custom_id"]),
    ]
    if repeat % 2:
        clicks.reverse()
    replies = await asyncio.gather(*clicks)
    winners = [r for r in replies if r.response_type in (6, 7)]  # updated at once, or deferred, then edited
    losers = [r for r in replies if r.response_type == 4]
    assert len(winners) == 1 and len(losers) == 1
    assert losers[0].ephemeral and ("Too late" in losers[0].content or "Te laat" in losers[0].content)
    await tafel.settle()
    row = await tafel.bot.store.get_game(game_id)
    state = ENGINE.load(row.state)
    view = ENGINE.view(state, None)
    assert view["hoops"][0]["top"] == "5H" and view["hoops"][0]["size"] == 5
    # The loser's 5♥ stayed where it was; all 104 cards are still in exactly one place (load checks).
    moves = [a for _s, _seat, a in await tafel.bot.store.moves(game_id) if a.endswith(".5H")]
    assert len(moves) == 1

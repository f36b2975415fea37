"""The server's open-game limit (issue 25, item 6): opening and joining are refused at the limit."""

import pytest

from db import table_data
from table import lobby
from table.service import Player, TableError

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")


async def test_opening_and_joining_stop_at_the_limit_and_resigning_frees_a_place(service):
    first = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={})
    await lobby.create(service, "nim", guild_id=1, channel_id=101, host=BOB, options={})
    await table_data.set_server_settings(service.store, 1, open_games_limit=1)
    with pytest.raises(TableError, match="open-games-limit") as refused:
        await lobby.create(service, "nim", guild_id=1, channel_id=102, host=ANN, options={})
    assert refused.value.params == {"limit": 1}
    with pytest.raises(TableError, match="open-games-limit"):
        await lobby.join(service, first.id, BOB)
    assert await service.store.open_game_in_channel(102) is None
    # Another server has no limit; a game left by resigning no longer counts.
    await lobby.create(service, "nim", guild_id=2, channel_id=200, host=ANN, options={})
    await table_data.set_server_settings(service.store, 1, open_games_limit=2)
    await lobby.join(service, first.id, BOB)
    await lobby.start(service, first.id, ANN)
    await service.resign(first.id, BOB)
    await table_data.set_server_settings(service.store, 1, open_games_limit=1)
    await lobby.create(service, "nim", guild_id=1, channel_id=103, host=ANN, options={})  # Ann's first game ended


async def test_a_seated_table_leaves_the_limit_to_its_caller(service):
    """Tournament tables do not count against the limit (signing up was the choice to play them);
    the queue checks every player itself (tests/e2e/test_queue_limit_e2e.py)."""
    await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={})
    await table_data.set_server_settings(service.store, 1, open_games_limit=1)
    seated = await lobby.open_seated(service, "nim", guild_id=1, channel_id=101, players=[ANN, BOB], options={})
    assert {s.user_id for s in seated.row.seats} == {ANN.user_id, BOB.user_id}

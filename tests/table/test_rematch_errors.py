"""A refused rematch tells how to open a table of that very game (`/<game> new`, `/<spel> nieuw`)."""

import pytest

from db import GameStatus
from table import lobby
from table.clock import FakeClock
from table.rematch import REMATCH_WINDOW, press
from table.service import Player, TableError
from table.text import error_text

ANN, BOB, CY = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cy")


async def finished_game(service) -> int:
    row = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={})
    await lobby.join(service, row.id, BOB)
    await lobby.start(service, row.id, ANN)
    await service.resign(row.id, BOB)
    assert (await service.get(row.id)).status == GameStatus.FINISHED
    return row.id


async def test_a_stranger_is_pointed_at_the_games_own_new_command(service):
    game_id = await finished_game(service)
    with pytest.raises(TableError, match="rematch-not-a-player") as refused:
        await press(service, game_id, CY)
    assert "`/nim nieuw`" in error_text("nl", None, refused.value)
    assert "`/nim new`" in error_text("en", None, refused.value)


async def test_a_late_rematch_is_pointed_at_the_games_own_new_command(service):
    service.clock = clock = FakeClock()
    game_id = await finished_game(service)
    clock.advance(REMATCH_WINDOW + 60)
    with pytest.raises(TableError, match="rematch-too-late") as refused:
        await press(service, game_id, ANN)
    assert error_text("nl", None, refused.value).startswith("Op **Nog een keer** drukken kan tot een dag")
    assert "`/nim nieuw`" in error_text("nl", None, refused.value)

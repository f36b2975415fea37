"""What outside testing found wrong with tournaments (issue 36), on the table platform without
Discord: a round's bye counting before the round is played, and a table that cannot open."""

from __future__ import annotations

import pytest

from db import tournaments as stored
from table.service import Player
from tests.table.test_tournaments import World


@pytest.fixture
async def world(tmp_path):
    w = await World(tmp_path / "cup.sqlite3").start()
    yield w
    await w.stop()


async def test_a_bye_counts_from_its_rounds_standings_on(world):
    cup = await world.new(3, rounds=2)
    await world.cups.start(cup.id, Player(1, "Org"))
    (bye,) = [t for t in await stored.tables(world.store, cup.id, 1) if t.bye]
    during = {s.user_id: s for s in (await world.cups.overview(cup.id)).standings}
    assert during[bye.players[0]].points == 0 and during[bye.players[0]].byes == 0
    await world.play_round(cup.id)
    after = await world.cups.overview(cup.id)
    first = {s.user_id: s for s in after.standings}
    assert first[bye.players[0]].points == 1 and first[bye.players[0]].byes == 1
    # Round 2's bye is not counted yet either, nor does it lift its player's opponents' Buchholz.
    (second,) = [t for t in await stored.tables(world.store, cup.id, 2) if t.bye]
    assert first[second.players[0]].byes == 0
    assert sum(s.points for s in after.standings) == 2  # one game and one bye in round 1

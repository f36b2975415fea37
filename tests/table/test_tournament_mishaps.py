"""What outside testing found wrong with tournaments (issue 36), on the table platform without
Discord: a round's bye counting before the round is played, and a table that cannot open."""

from __future__ import annotations

import pytest

from db import tournaments as stored
from table.service import Player, TableError
from table.text import event_line
from table.tournament import pictures
from table.tournament.service import RETRY_SECONDS
from tests.table.test_tournaments import DAY, World


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


class Refusing(World):
    """Tables seating anyone in ``refused`` cannot open (a channel the bot lost, say)."""

    def __init__(self, path):
        super().__init__(path)
        self.refused: set[int] = set()
        self.tries = 0

    async def open_table(self, tournament, table, players):
        if self.refused & {p.user_id for p in players}:
            self.tries += 1
            raise TableError("thread-not-possible")
        return await super().open_table(tournament, table, players)


@pytest.fixture
async def refusing(tmp_path):
    w = await Refusing(tmp_path / "cup.sqlite3").start()
    yield w
    await w.stop()


async def _blocked_table(w, cup_id):
    (table,) = [t for t in await stored.tables(w.store, cup_id, 1) if 100 in t.players]
    return table


async def test_a_table_that_cannot_open_is_told_and_tried_again_not_scored(refusing):
    w = refusing
    w.refused = {100}
    cup = await w.new(4, rounds=2)
    await w.cups.start(cup.id, Player(1, "Org"))
    table = await _blocked_table(w, cup.id)
    assert table.game_id is None and not table.finished
    (told,) = [n for n in w.news if n.kind == "not-opened"]
    assert [t.number for t in told.tables] == [table.number]
    assert isinstance(told.reason, TableError) and told.reason.code == "thread-not-possible"
    standing = {s.user_id: s for s in (await w.cups.overview(cup.id)).standings}
    assert all(standing[u].points == 0 and standing[u].games == 0 for u in table.players)
    # Tried again a while later (not told twice for the same reason); now it opens.
    w.clock.advance(RETRY_SECONDS + 1)
    await w.cups.scheduler.catch_up()
    assert len([n for n in w.news if n.kind == "not-opened"]) == 1
    w.refused = set()
    w.clock.advance(RETRY_SECONDS + 1)
    await w.cups.scheduler.catch_up()
    assert (await _blocked_table(w, cup.id)).game_id is not None
    assert (await w.cups.get(cup.id)).current_round == 1


async def test_a_table_never_opened_by_the_deadline_scores_nobody(refusing):
    w = refusing
    w.refused = {100}
    cup = await w.new(4, rounds=2)
    await w.cups.start(cup.id, Player(1, "Org"))
    await w.play_round(cup.id)
    assert (await w.cups.get(cup.id)).current_round == 1
    w.clock.advance(2 * DAY + 1)
    await w.cups.scheduler.catch_up()
    await w.cups.settle()
    table = await _blocked_table(w, cup.id)
    assert table.unplayed
    assert [n.kind for n in w.news].count("unplayed") == 1
    row = await w.cups.get(cup.id)
    assert row.current_round == 2
    standing = {s.user_id: s for s in (await w.cups.overview(cup.id)).standings}
    assert all(standing[u].points == 0 and standing[u].games == 0 for u in table.players)
    assert sum(s.points for s in standing.values()) == 1  # only the game played


async def test_a_knockout_game_level_at_the_deadline_says_the_better_seed_goes_on(world):
    cup = await world.new(2, format="knockout")
    await world.cups.start(cup.id, Player(1, "Org"))
    (game,) = await world.running_games(cup.id)
    await world.play(game, moves=1)
    world.clock.advance(2 * DAY + 1)
    await world.cups.scheduler.catch_up()
    await world.cups.settle()
    (result,) = world.published
    seed = game.seat_of(100)  # the first to sign up, all ratings equal: the better seed
    assert {"type": "knockout-seed-goes-on", "seat": seed} in result.events
    assert (await world.cups.get(cup.id)).winner_id == 100
    assert "goes on as the better seed" in event_line("en", "nim", result.events[-1], result.row.seats)


async def test_the_standings_alt_text_counts_a_bye_as_a_bye(world):
    cup = await world.new(3, rounds=2)
    await world.cups.start(cup.id, Player(1, "Org"))
    (bye,) = [t for t in await stored.tables(world.store, cup.id, 1) if t.bye]
    await world.play_round(cup.id)
    text = pictures.alt_text(await world.cups.overview(cup.id), "en")
    assert f"P{bye.players[0]}: 1 point from 0 games and 1 bye" in text

"""Whole tournaments on the table platform (no Discord): the toy game Nim, scripted moves and a
``FakeClock``. Rounds pair and open themselves when games end, the round deadline decides games
still running, a restart mid-round carries on, and tournament games count in the league."""

from __future__ import annotations

import itertools

import pytest

from db import GameStatus, Store, league
from db import tournaments as stored
from table import lobby
from table.clock import FakeClock
from table.service import Player, TableService
from table.spec import GameSpec
from table.tournament.service import News, TournamentService
from table.tournament.swiss import met_pairs
from tests import nim

GUILD = 77
CHANNEL = 500
DAY = 86400


class World:
    """A table service and a tournament service on one SQLite file, restartable."""

    def __init__(self, path):
        self.path = path
        self.clock = FakeClock()
        self.channels = itertools.count(10_000)
        self.news: list[News] = []
        self.published = []

    async def start(self):
        self.store = await Store.open(self.path)
        league.attach(self.store)
        spec = GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, nim.choose)
        self.tables = TableService(self.store, {"nim": spec}, clock=self.clock)
        self.cups = TournamentService(self.tables, open_table=self.open_table, announce=self.tell, publish=self.publish)
        return self

    async def stop(self):
        await self.cups.close()
        await self.store.close()

    async def open_table(self, tournament, table, players):
        result = await lobby.open_seated(
            self.tables,
            tournament.game,
            guild_id=tournament.guild_id,
            channel_id=next(self.channels),
            players=players,
            options=tournament.options,
            settings=tournament.settings,
            locale=tournament.locale,
        )
        return result.row.id

    async def tell(self, news):
        self.news.append(news)

    async def publish(self, result):
        self.published.append(result)

    async def new(self, count, *, format="swiss", rounds=None, size=2, pile=5):
        organiser = Player(1, "Org")
        cup = await self.cups.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organiser=organiser,
            name="Cup",
            game="nim",
            format=format,
            rounds=rounds,
            table_size=size,
            options={"pile": pile},
            settings={"move_seconds": DAY},
            round_seconds=2 * DAY,
            locale="en",
            starts_at=None,
        )
        for user in range(100, 100 + count):
            await self.cups.join(cup.id, Player(user, f"P{user}"))
        return cup

    async def running_games(self, cup_id):
        row = await self.cups.get(cup_id)
        games = []
        for t in await stored.tables(self.store, cup_id, row.current_round):
            if t.game_id is not None:
                game = await self.store.get_game(t.game_id)
                if game.status == GameStatus.ACTIVE:
                    games.append(game)
        return games

    async def play(self, game, *, moves=None):
        """Play a Nim game out (or ``moves`` moves): each person takes one counter, then the last."""
        count = 0
        while moves is None or count < moves:
            row = await self.tables.get(game.id)
            if row.status != GameStatus.ACTIVE:
                break
            state = self.tables.state_of(row)
            (seat,) = nim.ENGINE.to_move(state)
            legal = nim.ENGINE.legal_actions(state, seat)
            await self.tables.act(game.id, user_id=row.seats[seat].user_id, action=legal[-1])
            count += 1
        await self.cups.settle()

    async def play_round(self, cup_id):
        for game in await self.running_games(cup_id):
            await self.play(game)


@pytest.fixture
async def world(tmp_path):
    w = await World(tmp_path / "cup.sqlite3").start()
    yield w
    await w.stop()


async def test_an_eight_player_swiss_of_three_rounds(world):
    cup = await world.new(8, rounds=3)
    await world.cups.start(cup.id, Player(1, "Org"))
    for number in (1, 2, 3):
        row = await world.cups.get(cup.id)
        assert row.current_round == number and row.status == "running"
        tables = await stored.tables(world.store, cup.id, number)
        assert sorted(u for t in tables for u in t.players) == list(range(100, 108))
        assert all(len(t.players) == 2 and t.game_id is not None for t in tables)
        await world.play_round(cup.id)
    done = await world.cups.overview(cup.id)
    assert done.tournament.status == "finished"
    assert done.tournament.winner_id == done.standings[0].user_id
    assert sum(s.points for s in done.standings) == 12  # 4 games a round, 1 point each
    assert max(met_pairs(t.players for t in done.tables).values()) == 1
    # Seat order balanced: nobody sat first (or second) in all three rounds.
    firsts = {u: sum(1 for t in done.tables if t.players[0] == u) for u in range(100, 108)}
    assert set(firsts.values()) <= {1, 2}
    assert [n.kind for n in world.news] == ["round", "round", "round", "finished"]
    # Tournament games are ordinary rated league games.
    table = await league.standings(world.store, GUILD, game="nim")
    assert sum(s.played for s in table) == 24


async def test_a_swiss_with_an_odd_field_gives_each_bye_once_and_counts_it_as_a_win(world):
    cup = await world.new(5, rounds=4)
    await world.cups.start(cup.id, Player(1, "Org"))
    for _ in range(4):
        await world.play_round(cup.id)
    done = await world.cups.overview(cup.id)
    byes = [t.players[0] for t in done.tables if t.bye]
    assert len(byes) == 4 and len(set(byes)) == 4
    assert done.tournament.status == "finished"
    assert sum(s.points for s in done.standings) == 4 * 3  # two games and a bye a round


async def test_a_six_player_knockout_of_a_three_player_game(world):
    cup = await world.new(6, format="knockout", size=3)
    await world.cups.start(cup.id, Player(1, "Org"))
    sizes = []
    for _ in range(5):
        row = await world.cups.get(cup.id)
        if row.status != "running":
            break
        tables = await stored.tables(world.store, cup.id, row.current_round)
        sizes.append(sorted(len(t.players) for t in tables))
        await world.play_round(cup.id)
    # Two tables of three (the best two of each go on), then two of two, then the final.
    assert sizes == [[3, 3], [2, 2], [2]]
    done = await world.cups.overview(cup.id)
    assert done.tournament.status == "finished"
    (final,) = [t for t in done.tables if t.round == 3]
    assert done.tournament.winner_id in final.players
    assert done.standings[0].user_id == done.tournament.winner_id
    assert world.news[-1].kind == "finished"


async def test_a_two_player_knockout_gives_byes_to_the_best_seeds(world):
    cup = await world.new(5, format="knockout")
    await stored.set_ratings(world.store, cup.id, {100 + i: 0.0 for i in range(5)})
    await world.cups.start(cup.id, Player(1, "Org"))
    first = await stored.tables(world.store, cup.id, 1)
    assert sorted(len(t.players) for t in first) == [1, 1, 1, 2]
    for _ in range(3):
        await world.play_round(cup.id)
    done = await world.cups.overview(cup.id)
    assert done.tournament.status == "finished" and done.tournament.winner_id is not None


async def test_a_round_robin_of_five_with_a_dropout(world):
    cup = await world.new(5, format="round-robin")
    await world.cups.start(cup.id, Player(1, "Org"))
    await world.play_round(cup.id)
    await world.cups.leave(cup.id, Player(103, "P103"))
    with pytest.raises(Exception, match="tournament-not-in"):
        await world.cups.leave(cup.id, Player(103, "P103"))
    for _ in range(6):
        if (await world.cups.get(cup.id)).status != "running":
            break
        await world.play_round(cup.id)
    done = await world.cups.overview(cup.id)
    assert done.tournament.status == "finished"
    assert max(t.round for t in done.tables) == 5
    later = [t for t in done.tables if t.round > 1 and not t.bye]
    assert not any(103 in t.players for t in later)
    # Everyone else met everyone else exactly once.
    met = met_pairs(t.players for t in done.tables if not t.bye)
    for a, b in itertools.combinations([100, 101, 102, 104], 2):
        assert met[frozenset((a, b))] == 1


async def test_a_restart_in_the_middle_of_a_round(tmp_path):
    world = await World(tmp_path / "cup.sqlite3").start()
    cup = await world.new(4, rounds=2)
    await world.cups.start(cup.id, Player(1, "Org"))
    first, second = await world.running_games(cup.id)
    await world.play(first)
    await world.play(second, moves=1)
    await world.stop()

    again = World(tmp_path / "cup.sqlite3")
    again.clock = world.clock
    await again.start()
    try:
        assert await again.cups.resume() == 1
        assert (await again.cups.get(cup.id)).current_round == 1
        (left,) = await again.running_games(cup.id)
        assert left.id == second.id
        await again.play(left)
        assert (await again.cups.get(cup.id)).current_round == 2
        await again.play_round(cup.id)
        assert (await again.cups.get(cup.id)).status == "finished"
    finally:
        await again.stop()


async def test_the_round_deadline_decides_games_still_running(world):
    cup = await world.new(4, rounds=2)
    await world.cups.start(cup.id, Player(1, "Org"))
    first, second = await world.running_games(cup.id)
    await world.play(first)
    await world.play(second, moves=1)
    world.clock.advance(2 * DAY - 10)
    await world.cups.scheduler.catch_up()
    assert (await world.cups.get(cup.id)).current_round == 1
    world.clock.advance(20)
    await world.cups.scheduler.catch_up()
    await world.cups.settle()
    decided = await world.tables.get(second.id)
    assert decided.status == GameStatus.FINISHED
    assert [r.action for r in world.published] == ["!decided"]
    assert (await world.cups.get(cup.id)).current_round == 2
    # Nim's scores stand at 0 each until the end: both share the place, half a point each.
    (table,) = [t for t in await stored.tables(world.store, cup.id, 1) if t.game_id == second.id]
    assert table.placements == (1, 1)


async def test_organiser_only_pause_and_cancel(world):
    cup = await world.new(4, rounds=2)
    with pytest.raises(Exception, match="tournament-organiser-only"):
        await world.cups.start(cup.id, Player(100, "P100"))
    await world.cups.start(cup.id, Player(1, "Org"))
    paused = await world.cups.pause(cup.id, Player(1, "Org"), is_admin=False)
    assert paused.status == "paused"
    await world.play_round(cup.id)
    assert (await world.cups.get(cup.id)).current_round == 1  # paused: the next round waits
    await world.cups.pause(cup.id, Player(1, "Org"), is_admin=False)
    assert (await world.cups.get(cup.id)).current_round == 2
    await world.cups.cancel(cup.id, Player(5, "Mod"), is_admin=True)
    assert (await world.cups.get(cup.id)).status == "cancelled"
    assert world.news[-1].kind == "cancelled"
    assert [t.id for t in await world.cups.history(GUILD)] == [cup.id]


async def test_it_starts_at_its_time(world):
    start = world.clock.now() + 3600
    cup = await world.cups.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=Player(1, "Org"),
        name="Timed",
        game="nim",
        format="swiss",
        rounds=1,
        table_size=2,
        options={},
        settings={},
        round_seconds=DAY,
        locale="nl",
        starts_at=start,
    )
    for user in (100, 101):
        await world.cups.join(cup.id, Player(user, "x"))
    world.clock.advance(3601)
    await world.cups.scheduler.catch_up()
    assert (await world.cups.get(cup.id)).current_round == 1


async def test_a_six_player_knockout_of_trackgammon_for_three_decided_at_each_round_deadline(tmp_path):
    # A real three-player game: every round ends at its deadline, decided by Trackgammon's own
    # scores as they stand (the race so far), so the best two of each table of three go on.
    from table.spec import load_spec

    world = World(tmp_path / "tg.sqlite3")
    await world.start()
    world.tables.specs["trackgammon"] = load_spec("trackgammon")
    try:
        cup = await world.cups.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organiser=Player(1, "Org"),
            name="Race",
            game="trackgammon",
            format="knockout",
            rounds=None,
            table_size=3,
            options={},
            settings={"move_seconds": 0},
            round_seconds=DAY,
            locale="nl",
            starts_at=None,
        )
        for user in range(100, 106):
            await world.cups.join(cup.id, Player(user, f"P{user}"))
        await world.cups.start(cup.id, Player(1, "Org"))
        sizes = []
        for _ in range(5):
            row = await world.cups.get(cup.id)
            if row.status != "running":
                break
            sizes.append(sorted(len(t.players) for t in await stored.tables(world.store, cup.id, row.current_round)))
            world.clock.advance(DAY + 1)
            await world.cups.scheduler.catch_up()
            await world.cups.settle()
        assert sizes == [[3, 3], [2, 2], [2]]
        done = await world.cups.overview(cup.id)
        assert done.tournament.status == "finished" and done.tournament.winner_id is not None
        assert all(r.action == "!decided" for r in world.published) and len(world.published) == 5
    finally:
        await world.stop()


async def test_a_swiss_of_three_player_tables_scores_points_per_place(world):
    # Seven players at tables of three: one table of three and two of two each round; a table of
    # two gives its winner as many points as the winner of a table of three.
    cup = await world.new(7, rounds=2, size=3)
    await world.cups.start(cup.id, Player(1, "Org"))
    first = await stored.tables(world.store, cup.id, 1)
    assert sorted(len(t.players) for t in first) == [2, 2, 3]
    for _ in range(2):
        await world.play_round(cup.id)
    done = await world.cups.overview(cup.id)
    assert done.tournament.status == "finished"
    # Per round: 2 + 1 + 0 at the table of three, 2 + 0 at each table of two.
    assert sum(s.points for s in done.standings) == 2 * (3 + 2 + 2)
    assert all(s.games == 2 for s in done.standings)

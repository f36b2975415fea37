"""The league on both backends (a SQLite file, a PostgreSQL database): standings, ratings, seasons,
recomputation, integrity."""

from __future__ import annotations

import itertools
import logging
import random

import pytest
from openskill.models import PlackettLuce

from db import ResultRow, Seat, Store, league
from db.backend import open_backend
from db.league import ALL, LeagueError, display_rating
from db.migrations import MIGRATIONS
from table import lobby
from table.service import Player, TableService
from table.spec import GameSpec
from tests import nim

MODEL = PlackettLuce()
GUILD = 1
_channels = itertools.count(1000)


async def open_league(target):
    s = await Store.open(target)
    league.attach(s)
    return s


@pytest.fixture
async def store(db_target):
    s = await open_league(db_target)
    yield s
    await s.close()


def person(user_id: int) -> tuple[int, str]:
    return (user_id, f"P{user_id}")


async def finish(store, seats, placements, scores=None, *, game="hindmost", guild=GUILD, resigned=()):
    """A game that went straight to its end: ``seats`` are user ids (None for a computer)."""
    scores = scores if scores is not None else [float(len(seats) - p) for p in placements]
    table = [
        Seat(f"P{u}" if u is not None else f"Computer {i}", u, computer=u is None, resigned=i in resigned)
        for i, u in enumerate(seats)
    ]
    row = await store.create_game(
        guild_id=guild, channel_id=next(_channels), game=game, host_id=seats[0] or 1, options={}, seats=table, seed=1
    )
    results = [
        ResultRow(i, u, table[i].name, u is None, i in resigned, placements[i], scores[i]) for i, u in enumerate(seats)
    ]
    rated = all(u is not None for u in seats)
    await store.update_game(row.id, row.version, status="finished", state={}, results=results, rated=rated)
    return row.id


async def cancel(store, seats, *, game="hindmost", guild=GUILD):
    table = [Seat(f"P{u}", u) for u in seats]
    row = await store.create_game(
        guild_id=guild, channel_id=next(_channels), game=game, host_id=seats[0], options={}, seats=table, seed=1
    )
    row_v = await store.update_game(row.id, row.version, status="active", state={})
    results = [ResultRow(i, u, f"P{u}", False, False, None, None) for i, u in enumerate(seats)]
    await store.update_game(row.id, row_v, status="cancelled", results=results, rated=False)
    return row.id


def expected(before, ranks):
    """What openskill says, computed here independently of the league."""
    teams = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before], ranks=ranks)
    return [(t[0].mu, t[0].sigma) for t in teams]


DEFAULT = (MODEL.mu, MODEL.sigma)


async def ratings(store, guild=None):
    sql = "SELECT guild_id, season, game, user_id, mu, sigma, games FROM league_ratings"
    params = ()
    if guild is not None:
        sql += " WHERE guild_id = ?"
        params = (guild,)
    return [tuple(r) for r in await store.fetch(sql + " ORDER BY guild_id, season, game, user_id", params)]


async def rating_of(store, user, *, game="hindmost", season=1, guild=GUILD):
    row = await store.fetchrow(
        "SELECT mu, sigma, games FROM league_ratings WHERE guild_id = ? AND season = ? AND game = ? AND user_id = ?",
        (guild, season, game, user),
    )
    return tuple(row) if row else None


# ---- ratings and standings on known results --------------------------------------------------
async def test_a_two_player_game_moves_the_ratings_and_the_table(store):
    await finish(store, [1, 2], [1, 2], [3.0, 1.0], game="howruck")
    (win_mu, win_sigma), (lose_mu, lose_sigma) = expected([DEFAULT, DEFAULT], [1, 2])
    assert await rating_of(store, 1, game="howruck") == (win_mu, win_sigma, 1)
    assert await rating_of(store, 2, game="howruck") == (lose_mu, lose_sigma, 1)
    # The rating over all games moves the same way from the same start.
    assert await rating_of(store, 1, game=ALL) == (win_mu, win_sigma, 1)

    table = await league.standings(store, GUILD, game="howruck")
    assert [(s.rank, s.user_id, s.name, s.played, s.wins, s.points) for s in table] == [
        (1, 1, "P1", 1, 1, 3.0),
        (2, 2, "P2", 1, 0, 1.0),
    ]
    assert table[0].rating == display_rating(win_mu, win_sigma) > 1000 >= table[1].rating
    # Over all games each game's own points are added up.
    assert [s.points for s in await league.standings(store, GUILD)] == [3.0, 1.0]
    assert await league.standings(store, GUILD, game="duvelen") == []


def mean(*outcomes):
    return [tuple(sum(o[i][k] for o in outcomes) / len(outcomes) for k in (0, 1)) for i in range(len(outcomes[0]))]


async def test_a_six_player_game_with_ties(store):
    placements = [1, 2, 2, 4, 5, 6]
    scores = [30.0, 20.0, 20.0, 10.0, 5.0, 0.0]
    await finish(store, [11, 12, 13, 14, 15, 16], placements, scores)
    # A tie counts as each tied player taking each tied place equally often.
    after = mean(expected([DEFAULT] * 6, [1, 2, 3, 4, 5, 6]), expected([DEFAULT] * 6, [1, 3, 2, 4, 5, 6]))
    for user, (mu, sigma) in zip(range(11, 17), after, strict=True):
        got = await rating_of(store, user)
        assert got[:2] == pytest.approx((mu, sigma), abs=1e-12) and got[2] == 1
    stored = [await rating_of(store, u) for u in range(11, 17)]
    assert stored[1] == stored[2]  # a tie is a tie
    # Better placements never end lower (openskill's own tie handling breaks this: see db/league.py).
    assert stored[0][0] > stored[1][0] > stored[3][0] > stored[4][0] > stored[5][0]

    table = await league.standings(store, GUILD, game="hindmost")
    assert [s.user_id for s in table] == [11, 12, 13, 14, 15, 16]
    assert [s.rank for s in table] == [1, 2, 2, 4, 5, 6]
    assert [s.position for s in table] == [1, 2, 3, 4, 5, 6]
    assert [s.wins for s in table] == [1, 0, 0, 0, 0, 0]


async def test_a_tie_for_first_is_a_win_for_both(store):
    await finish(store, [1, 2, 3], [1, 1, 3], [5.0, 5.0, 2.0], game="duvelen")
    (one, two, three) = [await rating_of(store, u, game="duvelen") for u in (1, 2, 3)]
    assert one == two and one[0] > MODEL.mu > three[0]
    table = await league.standings(store, GUILD, game="duvelen")
    assert {s.user_id: s.wins for s in table} == {1: 1, 2: 1, 3: 0}
    assert table[0].rank == table[1].rank == 1 and table[2].rank == 3


async def test_ratings_accumulate_game_after_game(store):
    await finish(store, [1, 2, 3], [1, 2, 3])
    await finish(store, [3, 1], [1, 2], game="howruck")
    await finish(store, [1, 2, 3], [3, 1, 2])
    first = expected([DEFAULT] * 3, [1, 2, 3])
    third = expected(first, [3, 1, 2])
    for user, (mu, sigma) in zip((1, 2, 3), third, strict=True):
        assert await rating_of(store, user) == (mu, sigma, 2)
    # Over all games the How Ruck! match sits in between.
    all_first = first
    h = expected([all_first[2], all_first[0]], [1, 2])
    all_third = expected([h[1], all_first[1], h[0]], [3, 1, 2])
    for user, (mu, sigma) in zip((1, 2, 3), all_third, strict=True):
        assert await rating_of(store, user, game=ALL) == (mu, sigma, 3 if user != 2 else 2)
    table = await league.standings(store, GUILD, game="hindmost")
    assert {s.user_id: (s.played, s.wins, s.points) for s in table} == {1: (2, 1, 2.0), 2: (2, 1, 3.0), 3: (2, 0, 1.0)}


async def test_games_with_computers_and_cancelled_games_are_recorded_but_not_rated(store):
    with_computer = await finish(store, [1, None], [1, 2], [3.0, 0.0], game="howruck")
    cancelled = await cancel(store, [1, 2])
    assert await ratings(store) == []
    assert await league.standings(store, GUILD) == []
    entries = await league.history(store, GUILD)
    assert [(e.game_id, e.rated, e.cancelled) for e in entries] == [
        (cancelled, False, True),
        (with_computer, False, False),
    ]
    assert [s.placement for s in entries[0].seats] == [None, None]
    me = await league.profile(store, GUILD, 1)
    assert me.records == () and me.unrated == 2 and len(me.recent) == 2
    # Cancelled games are not "played" games of the season.
    (season,) = await league.seasons(store, GUILD)
    assert (season.games, season.rated_games) == (1, 0)


async def test_a_resignation_is_a_loss_and_the_game_stays_rated(store):
    service = TableService(store, {"nim": GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, nim.choose)})
    ann, bob, cat = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")
    row = await lobby.create(service, "nim", guild_id=GUILD, channel_id=500, host=ann, options={"pile": 9})
    await lobby.join(service, row.id, bob)
    await lobby.join(service, row.id, cat)
    row = (await lobby.start(service, row.id, ann)).row
    await service.resign(row.id, bob)  # a computer plays on in Bob's seat
    while row.status == "active":
        state = service.state_of(row)
        (seat,) = nim.ENGINE.to_move(state)
        row = (await service.act(row.id, seat=seat, action="take1")).row
    results = {r.user_id: r for r in await store.results(row.id)}
    assert results[2].resigned and results[2].placement == 3
    table = await league.standings(store, GUILD, game="nim")
    assert [s.user_id for s in table][-1] == 2 and table[-1].wins == 0
    mu, sigma, games = await rating_of(store, 2, game="nim")
    assert games == 1 and mu < MODEL.mu

    # Resigning in a two-player game ends it: a rated loss too.
    row = await lobby.create(service, "nim", guild_id=GUILD, channel_id=501, host=ann, options={})
    await lobby.join(service, row.id, bob)
    row = (await lobby.start(service, row.id, ann)).row
    await service.resign(row.id, ann)
    assert (await rating_of(store, 1, game="nim"))[2] == 2
    entry = (await league.history(store, GUILD, limit=1))[0]
    assert entry.rated and [(s.user_id, s.placement, s.resigned) for s in entry.seats] == [(2, 1, False), (1, 2, True)]


async def test_games_outside_a_server_are_not_in_the_league(store):
    await finish(store, [1, 2], [1, 2], guild=None)
    assert await ratings(store) == []
    assert await store.fetchval("SELECT COUNT(*) FROM league_games") == 0


# ---- exactly once, never lost --------------------------------------------------------------------
async def test_a_retried_finish_is_counted_once(store):
    row = await store.create_game(
        guild_id=GUILD,
        channel_id=77,
        game="hindmost",
        host_id=1,
        options={},
        seats=[Seat("A", 1), Seat("B", 2)],
        seed=1,
    )
    results = [ResultRow(0, 1, "A", False, False, 1, 5.0), ResultRow(1, 2, "B", False, False, 2, 1.0)]
    version = await store.update_game(row.id, row.version, status="finished", state={}, results=results, rated=True)
    before = await ratings(store)
    # The same finishing write again (a retry that reached the store a second time) ...
    await store.update_game(row.id, version, status="finished", state={}, results=results, rated=True)
    # ... or the league hook called again: nothing changes.
    async with store.transaction() as tx:
        await league.on_results(tx, row.id)
    assert await ratings(store) == before
    table = await league.standings(store, GUILD)
    assert [(s.user_id, s.played) for s in table] == [(1, 1), (2, 1)]


async def test_results_and_ratings_survive_a_restart(db_target):
    path = db_target
    store = await open_league(path)
    await finish(store, [1, 2, 3], [2, 1, 3])
    before = (await ratings(store), await league.standings(store, GUILD))
    await store.close()
    store = await open_league(path)
    assert await league.catch_up(store) == 0
    assert (await ratings(store), await league.standings(store, GUILD)) == before
    await store.close()


async def test_a_failing_league_never_loses_the_result_and_catches_up_later(store, monkeypatch, caplog):
    await finish(store, [1, 2], [1, 2])
    real = league._count_game

    async def broken(conn, game_id):
        await real(conn, game_id)  # some writes happen, then the league fails
        raise RuntimeError("league bug")

    monkeypatch.setattr(league, "_count_game", broken)
    with caplog.at_level(logging.ERROR, logger="tafelbot.store"):
        game_id = await finish(store, [2, 1], [1, 2])
    assert "league bug" in caplog.text
    assert len(await store.results(game_id)) == 2  # the result is stored
    assert [s.played for s in await league.standings(store, GUILD)] == [1, 1]  # the league part was undone
    monkeypatch.setattr(league, "_count_game", real)

    assert await league.catch_up(store) == 1
    assert [s.played for s in await league.standings(store, GUILD)] == [2, 2]
    first = expected([DEFAULT, DEFAULT], [1, 2])
    second = expected([first[1], first[0]], [1, 2])
    assert await rating_of(store, 2) == (*second[0], 2)
    # A game finishing while a game waits recomputes the server in the ledger's order.
    monkeypatch.setattr(league, "_count_game", broken)
    await finish(store, [1, 2], [1, 2])
    monkeypatch.setattr(league, "_count_game", real)
    await finish(store, [1, 2], [2, 1])
    assert await store.fetchval("SELECT COUNT(*) FROM league_games WHERE applied = 0") == 0
    snapshot = await ratings(store)
    await league.recompute(store)
    assert await ratings(store) == snapshot


async def test_results_from_before_the_league_are_taken_in(db_target):
    path = db_target
    old = Store(await open_backend(path))
    await old.migrate(MIGRATIONS[:1])
    async with old.transaction() as conn:
        await fill_version_1(conn)
    await old.close()

    store = await open_league(path)
    assert await store.schema_version() == len(MIGRATIONS)
    assert await league.catch_up(store) == 3
    table = await league.standings(store, GUILD)
    assert {s.user_id: (s.played, s.wins) for s in table} == {1: (2, 1), 2: (2, 1), 3: (1, 0)}
    (season,) = await league.seasons(store, GUILD)
    assert (season.number, season.started_at, season.games, season.rated_games) == (1, 10.0, 3, 2)
    first = expected([DEFAULT, DEFAULT], [1, 2])
    second = expected([first[1], DEFAULT, first[0]], [1, 2, 3])
    assert await rating_of(store, 1) == (*second[2], 2)
    assert await league.catch_up(store) == 0
    await store.close()


async def fill_version_1(conn):
    """Three finished games as the store wrote them before the league existed."""
    for game_id, (users, placements) in enumerate([([1, 2], [1, 2]), ([2, 3, 1], [1, 2, 3]), ([1, None], [1, 2])], 1):
        await conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, status, host_id, options, seats, seed, created_at,"
            " updated_at) VALUES (?, ?, ?, 'hindmost', 'finished', 1, '{}', '[]', 1, 0, 0)",
            (game_id, GUILD, 100 + game_id),
        )
        rated = int(None not in users)
        for seat, (user, place) in enumerate(zip(users, placements, strict=True)):
            await conn.execute(
                "INSERT INTO results (game_id, seat, guild_id, game, user_id, name, is_bot, resigned, placement,"
                " score, rated, finished_at) VALUES (?, ?, ?, 'hindmost', ?, ?, ?, 0, ?, ?, ?, ?)",
                (game_id, seat, GUILD, user, f"P{user}", int(user is None), place, 1.0, rated, 10.0 * game_id),
            )


# ---- seasons ------------------------------------------------------------------------------------
async def test_season_boundaries(store):
    with pytest.raises(LeagueError, match="season-empty"):
        await league.new_season(store, GUILD, started_by=9)  # nothing played yet
    assert [s.number for s in await league.seasons(store, GUILD)] == [1]
    await finish(store, [1, 2], [1, 2])
    await cancel(store, [1, 2])
    second = await league.new_season(store, GUILD, started_by=9)
    assert (second.number, second.carry_over) == (2, True)
    with pytest.raises(LeagueError, match="season-empty"):
        await league.new_season(store, GUILD)  # a repeated command makes no empty season
    assert await league.current_season(store, GUILD) == 2
    await finish(store, [3, 1], [1, 2])

    season1 = await league.standings(store, GUILD, season=1)
    season2 = await league.standings(store, GUILD, season=2)
    assert {s.user_id: s.played for s in season1} == {1: 1, 2: 1}  # past seasons stay readable
    assert {s.user_id: s.played for s in season2} == {3: 1, 1: 1}
    assert await league.standings(store, GUILD) == season2
    assert [(s.number, s.games) for s in await league.seasons(store, GUILD)] == [(1, 1), (2, 1)]
    assert [e.season for e in await league.history(store, GUILD)] == [2, 1, 1]
    # Another server has its own seasons.
    assert await league.current_season(store, 2) == 1


async def test_ratings_carry_over_or_reset_per_server(store):
    carry, reset = 1, 2
    await league.set_carry_over(store, reset, False, by=9)
    assert (await league.settings(store, carry)).carry_over and not (await league.settings(store, reset)).carry_over
    for guild in (carry, reset):
        await finish(store, [1, 2], [1, 2], guild=guild)
        assert (await league.new_season(store, guild)).carry_over == (guild == carry)
        await finish(store, [1, 2], [1, 2], guild=guild)
    first = expected([DEFAULT, DEFAULT], [1, 2])
    assert await rating_of(store, 1, season=2, guild=carry) == (*expected(first, [1, 2])[0], 1)
    assert await rating_of(store, 1, season=2, guild=reset) == (*first[0], 1)
    # Season 1 stays as it was.
    assert await rating_of(store, 1, season=1, guild=reset) == (*first[0], 1)


async def test_carry_over_reaches_back_to_the_last_reset(store):
    await finish(store, [1, 2], [1, 2])  # season 1: 1 and 2
    await league.new_season(store, GUILD)  # season 2 carries over
    await finish(store, [2, 3], [1, 2])  # 1 sits this season out
    await league.new_season(store, GUILD)  # season 3 carries over
    await finish(store, [1, 3], [1, 2])
    s1 = expected([DEFAULT, DEFAULT], [1, 2])
    s2 = expected([s1[1], DEFAULT], [1, 2])
    s3 = expected([s1[0], s2[1]], [1, 2])  # player 1 comes back with their season-1 rating
    assert await rating_of(store, 1, season=3) == (*s3[0], 1)
    assert await rating_of(store, 3, season=3) == (*s3[1], 1)

    # A reset season starts afresh, and so do seasons carrying over from it.
    await league.set_carry_over(store, GUILD, False)
    await league.new_season(store, GUILD)  # season 4 resets
    await league.set_carry_over(store, GUILD, True)
    me = await league.profile(store, GUILD, 1)
    assert me.season == 4 and me.records[0].rating is None  # no rating until they play again
    await finish(store, [2, 3], [1, 2])
    await league.new_season(store, GUILD)  # season 5 carries over from season 4 only
    await finish(store, [1, 2], [2, 1])
    s4 = expected([DEFAULT, DEFAULT], [1, 2])
    s5 = expected([DEFAULT, s4[0]], [2, 1])
    assert await rating_of(store, 1, season=5) == (*s5[0], 1)
    assert await rating_of(store, 2, season=5) == (*s5[1], 1)


# ---- recomputation ----------------------------------------------------------------------------------
async def test_recomputing_from_the_results_equals_the_incremental_state(store):
    rng = random.Random(7)
    users = list(range(1, 13))
    games = ("hindmost", "duvelen", "howruck", "manoever", "trackgammon")
    for guild in (1, 2):
        await league.set_carry_over(store, guild, guild == 1)
    for step in range(120):
        guild = rng.choice((1, 2))
        if step % 30 == 29:
            await league.new_season(store, guild)
            await league.set_carry_over(store, guild, rng.random() < 0.5)
            continue
        n = rng.randint(2, 6)
        seats = rng.sample(users, n)
        placements = sorted(rng.randint(1, n) for _ in range(n))
        placements = [1 + sum(1 for o in placements if o < p) for p in placements]  # competition ranks
        rng.shuffle(placements)
        kind = rng.random()
        if kind < 0.1:
            seats[-1] = None  # a computer: unrated
        if kind > 0.93:
            await cancel(store, seats)
        else:
            await finish(
                store,
                seats,
                placements,
                [float(rng.randint(0, 30)) for _ in seats],
                game=rng.choice(games),
                guild=guild,
            )

    async def everything():
        tables = []
        for guild in (1, 2):
            for season in await league.seasons(store, guild):
                for game in (None, *games):
                    tables.append(await league.standings(store, guild, season=season.number, game=game))
        return await ratings(store), tables

    incremental = await everything()
    assert len(incremental[0]) > 50 and any(len(t) >= 6 for t in incremental[1])
    replayed = await league.recompute(store)
    assert replayed > 50
    assert await everything() == incremental
    # Even with the ratings wiped first.
    async with store.transaction() as tx:
        await tx.execute("DELETE FROM league_ratings")
    await league.recompute(store, 1)
    await league.recompute(store, 2)
    assert await everything() == incremental


# ---- profile and history ------------------------------------------------------------------------
async def test_profile_per_game_with_best_result_and_recent_games(store):
    await finish(store, [1, 2, 3, 4], [2, 1, 3, 4], [8.0, 9.0, 2.0, 1.0], game="hindmost")
    await finish(store, [1, 2], [1, 2], [2.0, 0.0], game="howruck")
    await finish(store, [1, 2, 3], [1, 2, 3], [5.0, 3.0, 1.0], game="hindmost")
    await finish(store, [1, None], [2, 1], game="manoever")
    me = await league.profile(store, GUILD, 1, recent=3)
    by_game = {r.game: r for r in me.records}
    assert [r.game for r in me.records] == [ALL, "hindmost", "howruck"]
    assert (by_game[ALL].played, by_game[ALL].wins, by_game[ALL].points) == (3, 2, 15.0)
    assert (by_game["hindmost"].played, by_game["hindmost"].wins, by_game["hindmost"].points) == (2, 1, 13.0)
    assert (by_game["hindmost"].best, by_game["hindmost"].best_of) == (1, 3)
    assert (by_game[ALL].best, by_game[ALL].best_of) == (1, 3)  # first of three beats first of two
    mu, sigma, _ = await rating_of(store, 1, game="howruck")
    assert by_game["howruck"].rating == display_rating(mu, sigma)
    assert me.unrated == 1
    assert [e.game for e in me.recent] == ["manoever", "hindmost", "howruck"]
    assert (await league.profile(store, GUILD, 99)).records == ()


async def test_history_newest_first_by_game_with_channels(store):
    ids = [await finish(store, [1, 2], [2, 1], game=g) for g in ("hindmost", "howruck", "hindmost")]
    entries = await league.history(store, GUILD)
    assert [e.game_id for e in entries] == ids[::-1]
    assert [s.user_id for s in entries[0].seats] == [2, 1]  # best placement first
    row = await store.get_game(ids[0])
    assert entries[-1].channel_id == row.channel_id
    assert [e.game_id for e in await league.history(store, GUILD, game="hindmost", limit=1)] == [ids[2]]
    assert [e.game_id for e in await league.history(store, GUILD, user_id=3)] == []
    assert await league.history(store, 5) == []


# ---- several processes ---------------------------------------------------------------------------
async def test_two_stores_finishing_games_at_once_rate_exactly_as_a_replay(db_target):
    """Two stores on one database (as two bot processes on PostgreSQL): games finishing at the
    same moment are counted one after the other, so no rating update is lost."""
    import asyncio

    a, b = await open_league(db_target), await open_league(db_target)
    try:
        rng = random.Random(3)
        games = [(rng.sample(range(1, 7), 3), [1, 2, 3]) for _ in range(16)]
        await asyncio.gather(*(finish((a, b)[i % 2], seats, places) for i, (seats, places) in enumerate(games)))
        incremental = await ratings(a)
        assert sum(games for *_, games in incremental if _[2] == ALL) == 16 * 3
        await league.recompute(b)
        assert await ratings(a) == incremental
    finally:
        await a.close()
        await b.close()

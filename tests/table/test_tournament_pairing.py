"""Pairing properties over random fields (hypothesis): everyone placed once a round, no repeat
pairing while one can be avoided, at most one bye each, brackets that end with one winner."""

import random

import networkx as nx
from hypothesis import example, given, settings
from hypothesis import strategies as st

from table.tournament import knockout, roundrobin, swiss
from table.tournament.standings import Played, standings, table_points


def avoidable(players, met, had_bye):
    """Whether a round without a repeat exists (the bye only to someone without one, if any)."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if not met.get(frozenset((a, b))):
                graph.add_edge(a, b)
    if len(players) % 2:
        fresh = [u for u in players if u not in had_bye] or players
        for u in fresh:
            graph.add_edge("bye", u)
    need = (len(players) + 1) // 2
    return len(nx.max_weight_matching(graph, maxcardinality=True)) == need


def play_swiss(n, rounds, seed, window, block=32):
    rng = random.Random(seed)
    players = list(range(100, 100 + n))
    ratings = {u: rng.uniform(1000, 2000) for u in players}
    played: list[Played] = []
    byes: list[int] = []
    balance: dict[int, int] = {}
    for number in range(1, rounds + 1):
        table = standings(players, played, ratings=ratings)
        ranked = [r.user_id for r in table]
        points = {r.user_id: r.points for r in table}
        met = swiss.met_pairs(t.players for t in played if not t.bye)
        possible = avoidable(ranked, met, set(byes))
        pairing = swiss.pair_two(ranked, points, met, had_bye=byes, first_seats=balance, window=window, block=block)
        seated = [u for t in pairing.tables for u in t] + ([pairing.bye] if pairing.bye is not None else [])
        assert sorted(seated) == sorted(players), "everyone exactly once"
        assert all(len(t) == 2 for t in pairing.tables)
        if possible:
            assert not any(met.get(frozenset(t)) for t in pairing.tables), "a repeat that could be avoided"
            if pairing.bye is not None and len(byes) < n:
                assert pairing.bye not in byes, "a second bye while others have none"
        for a, b in pairing.tables:
            balance[a] = balance.get(a, 0) + 1
            balance[b] = balance.get(b, 0) - 1
            result = rng.choice([(1, 2), (2, 1), (1, 1)])
            played.append(Played(number, (a, b), result, (0.0, 0.0)))
        if pairing.bye is not None:
            byes.append(pairing.bye)
            played.append(Played(number, (pairing.bye,), bye=True))
    return played, balance


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 30),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 10**6),
    window=st.sampled_from([2, 4, 12]),
    block=st.sampled_from([4, 6, 32]),
)
# Found by this test: the last block's players had all had a bye while players above had none.
@example(n=23, rounds=7, seed=0, window=4, block=4)
def test_swiss_pairs_everyone_once_without_avoidable_repeats(n, rounds, seed, window, block):
    # Small windows and blocks force the widening and merging that large fields rely on.
    play_swiss(n, min(rounds, n), seed, window, block)


def test_swiss_on_large_fields_with_the_near_neighbour_window_never_repeats():
    # 64 and 200 players over 7 rounds: the default window never needs to widen to a repeat.
    for n in (64, 200):
        played, balance = play_swiss(n, 7, n, 12)
        met = swiss.met_pairs(t.players for t in played if not t.bye)
        assert max(met.values()) == 1
        assert max(abs(v) for v in balance.values()) <= 3


def test_swiss_gives_the_bye_to_the_lowest_without_one():
    pairing = swiss.pair_two([1, 2, 3, 4, 5], {1: 2, 2: 2, 3: 1, 4: 1, 5: 0}, {}, had_bye=[5])
    assert pairing.bye == 4


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 40), size=st.integers(3, 5), seed=st.integers(0, 10**6))
def test_swiss_groups_seat_everyone_once_at_tables_of_similar_size(n, size, seed):
    players = list(range(n))
    random.Random(seed).shuffle(players)
    pairing = swiss.group_tables(players, size, {})
    seated = sorted(u for t in pairing.tables for u in t) + ([pairing.bye] if pairing.bye is not None else [])
    assert sorted(seated) == sorted(players)
    if n >= 2:
        assert pairing.bye is None
        assert all(2 <= len(t) <= size for t in pairing.tables)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 70), seed=st.integers(0, 10**6))
def test_a_two_player_bracket_is_complete(n, seed):
    rng = random.Random(seed)
    seeded = list(range(n))
    places = knockout.first_bracket(seeded)
    byes_given = sum(1 for p in places if p is None)
    assert byes_given == len(places) - n
    rounds = 0
    while True:
        pairing, through = knockout.pair_bracket(places)
        rounds += 1
        if rounds == 1:
            # Byes go to the best seeds.
            assert sorted(through) == list(range(len(through)))
        winners = {t: rng.choice(t) for t in pairing.tables}
        nxt = []
        for i in range(0, len(places), 2):
            pair = tuple(p for p in places[i : i + 2] if p is not None)
            nxt.append(pair[0] if len(pair) == 1 else winners[pair] if pair else None)
        places = nxt
        if len(places) == 1:
            break
    assert places[0] is not None
    assert 2**rounds >= n > 2 ** (rounds - 1)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 60), size=st.integers(3, 4), seed=st.integers(0, 10**6))
def test_a_multiplayer_knockout_ends_with_one_winner(n, size, seed):
    rng = random.Random(seed)
    alive = list(range(n))
    for _ in range(40):
        pairing = knockout.multi_tables(alive, size)
        final = len(pairing.tables) == 1 and len(alive) <= size
        assert sorted(u for t in pairing.tables for u in t) == sorted(alive)
        nxt = []
        for table in pairing.tables:
            order = list(table)
            rng.shuffle(order)
            nxt += knockout.going_on(table, order, final=final)
        assert len(nxt) < len(alive)
        alive = sorted(nxt)
        if final:
            break
    assert len(alive) == 1


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 21))
def test_circle_method_everyone_meets_everyone_once(n):
    players = list(range(10, 10 + n))
    rounds = [roundrobin.circle_round(players, r) for r in range(1, roundrobin.circle_rounds(n) + 1)]
    met = swiss.met_pairs(t for p in rounds for t in p.tables)
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {1}
    for pairing in rounds:
        seated = [u for t in pairing.tables for u in t] + ([pairing.bye] if pairing.bye is not None else [])
        assert sorted(seated) == players
    byes = [p.bye for p in rounds if p.bye is not None]
    assert len(byes) == len(set(byes))


@settings(max_examples=20, deadline=None)
@given(n=st.integers(4, 13), size=st.integers(3, 4), seed=st.integers(0, 1000))
def test_a_multiplayer_round_robin_spreads_meetings(n, size, seed):
    players = list(range(n))
    earlier: list[tuple[int, ...]] = []
    for number in range(roundrobin.rounds_needed(n, size)):
        pairing = roundrobin.spread_round(players, size, earlier, seed=seed + number)
        assert sorted(u for t in pairing.tables for u in t) == players
        earlier += pairing.tables
    met = swiss.met_pairs(earlier)
    # Nobody meets one person three times before meeting everyone possible once.
    assert max(met.values()) <= 2


def test_points_per_place_and_tie_breaks():
    assert table_points([1, 2], 2) == [1.0, 0.0]
    assert table_points([1, 1], 2) == [0.5, 0.5]
    assert table_points([1, 2, 3], 3) == [2.0, 1.0, 0.0]
    assert table_points([1, 2], 3) == [2.0, 0.0]  # a table one short gives the same to its winner
    played = [
        Played(1, (1, 2), (1, 2), (0, 0)),
        Played(1, (3, 4), (1, 2), (0, 0)),
        Played(2, (1, 3), (1, 2), (0, 0)),
        Played(2, (2, 4), (1, 1), (0, 0)),
    ]
    rows = standings([1, 2, 3, 4], played)
    assert [r.user_id for r in rows] == [1, 3, 2, 4]
    one = rows[0]
    assert (one.points, one.buchholz, one.sonneborn) == (2.0, 1.5, 1.5)

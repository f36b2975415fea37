"""The ``hard`` computer player for Devil Take The Hindmost (``engines.levels``): near the end of a
lap, the normal player's best few plays (``engines.hindmost_normal``) are each played out to the end
of the lap, or of the match, in worlds sampled from the seat's view.
"""

from __future__ import annotations

import math
from functools import lru_cache, partial
from typing import Any

from engines.budget import Budget
from engines.hindmost import (
    DECK,
    ENGINE,
    HindmostState,
    race_points_for,
)
from engines.hindmost_normal import (
    NORMAL_WEIGHTS,
    WORK_BUDGET,
    Position,
    Weights,
    best_of,
    card_worth,
    choose_normal,
    nothing_to_decide,
    playout_choice,
    ranked,
)
from engines.rng import Rng
from engines.search import RolloutSearch

HARD_CANDIDATES = 3  # the normal player's best plays compared by playing the lap out
# Search only when the lap ends within this many more turns (HARD_TURNS_AHEAD_TWO at two players).
# At two players 2 against 1, paired on the same deals: better in 30 and worse in 27 of 160 games
# (seed 101), 26 and 23 of 160 (seed 102), i.e. 65.0% -> 66.9% and 63.8% -> 65.6% against normal.
# With more riders a turn is longer, so a play-out two turns long leaves the budget fewer worlds:
# one hard among three normals won 28.3% with 2 and 35.0% with 1 (the same 120 deals, seed 23).
HARD_TURNS_AHEAD = 1
HARD_TURNS_AHEAD_TWO = 3
HARD_MAX_PLIES = 120
# In the final sprint (two riders of different seats left) every play is compared, all lap long:
# the play-outs are a handful of moves each, and this lap decides the biggest points of the race.
HARD_SPRINT_CANDIDATES = 6
# With this few riders left in the match's last race the play-outs run to the end of the match and
# count wins: which rider goes out decides the points, and a constant cost per rider misjudges that.
HARD_ENDGAME_RIDERS = 3
# What losing a rider in a lap costs in the lap play-outs' judgement, against the worth of the hand
# kept (card worths). Lower than the normal player's ELIMINATION_COST: the play-outs already see
# which plays save the rider, and measured against normal 40 beat 60 and 100 (120 games each).
HARD_LAP_COST = 40.0
# The lap play-outs judge the riders left by the chance they give of winning the match, as if from
# then on every rider still racing were equally likely to be the next hindmost (``_win_chance``):
# which seat's rider goes out, and when, weigh differently (at four players another seat's loss
# helps; losing a second rider early in a 3-against-3 race nearly decides it). A match won is worth
# this much against the hand kept (card worths). In two-player races it lands where HARD_LAP_COST
# did (a rider lost early moves the chance by 0.3 to 0.5): 100 and the constant cost 40 split
# 8 to 8 of 160 paired games.
HARD_WIN_VALUE = 100.0
# At three or more players a rider lost moves the chance less (0.22 in the first lap at four), so
# the hand kept outweighed it: doubled there (the one-move elimination cost is raised too,
# HARD_MULTI_WEIGHTS). One hard among three normals, 200 deals each, safety stop off, before ->
# after these two, hard's first weights (elimination 120, team 0.1) and the play-outs' own weights:
# seed 23 31.0% -> 37.0%, seed 102 34.5% -> 37.5%, seed 103 28.5% -> 34.5%, seed 101 38.0% -> 31.5%
# (33.0% -> 35.1% over the 800). On seed 101 alone: these two 38.5%, hard's weights 36.0%, with own
# play-outs 36.5%. The weights' second tuning then took all four seeds up (see HARD_MULTI_WEIGHTS).
HARD_WIN_VALUE_MULTI = 200.0
HARD_LAP_COST_MULTI = 80.0
# Counting the orders the riders left can go out in costs too much beyond this many (the constant
# cost then): 630 (four seats of 2, 2, 2, 1) take 3 ms the first time; 10,080 (six seats, eight
# riders) 55 ms, which pushed five- and six-player decisions to 290 ms.
HARD_WIN_ORDERS = 1000
# Hard's own at three or more players (where it plays them on every move its play-outs do not cover),
# tuned there by play with ``bench/hindmost_tune.py``: the one-move choice with these weights as one
# seat among three normal players won 25.0% of 3000 deals (seed 101) with normal's weights, 29.2%
# with elimination_cost 120 (20.1% with 30), 30.5% with team_weight 0.1 as well; halving or
# doubling thrift_weight, hand_size_worth, match_bonus, front_speed or spread gained under a point.
# Beyond those steps (3000 deals each, seed 101): elimination_cost 180 31.9%, 240 32.6%; with spread
# 3.6 as well 33.2% and 33.4% (spread 4.8: 32.7%, 33.3%); on seed 102's deals 29.3% -> 32.3% for
# 180 with spread 3.6. The whole hard player with them, 200 deals each (safety stop off; the weights
# before in brackets): seed 101 40.5% (31.5%), 102 40.5% (37.5%), 103 35.0% (34.5%), and on the
# reported seed 23, run last, 40.0% (37.0%).
HARD_MULTI_WEIGHTS = NORMAL_WEIGHTS._replace(elimination_cost=180.0, team_weight=0.1, spread=3.6)


def hard_weights(players: int) -> Weights:
    """Hard's one-move scoring at this table: normal's at two players, its own tuned ones beyond."""
    return NORMAL_WEIGHTS if players == 2 else HARD_MULTI_WEIGHTS


# ---- hard: determinized play-outs of the rest of the lap ------------------------------------------


def choose_hard(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """Near the end of a lap, where a wrong card costs a rider, the best few plays of the normal
    player are each played out to the end of the lap in worlds sampled from the view; far from
    it the normal player's judgement stands (the spread of the cards to come swamps any gain).
    In the match's last race with ``HARD_ENDGAME_RIDERS`` riders or fewer left it searches on every
    turn and plays out to the end of the match, judging by the match won (the play-outs are short
    then); in a final sprint between two seats it compares up to ``HARD_SPRINT_CANDIDATES`` plays."""
    if nothing_to_decide(view, legal):
        return legal[0]
    weights = hard_weights(view["players"])
    scored = ranked(view, legal, Budget(WORK_BUDGET, seconds=None), weights)
    normal_choice = best_of(scored, seed)  # the normal player's choice, with hard's weights
    scored.sort(key=lambda item: -item[0])
    candidates = [normal_choice] + [a for _, a in scored if a != normal_choice][: HARD_CANDIDATES - 1]
    pos = Position(view)
    racing = [r for r in view["riders"] if not r["out"]]
    sprint = len(racing) == 2 and racing[0]["seat"] != racing[1]["seat"]
    # The race's last laps in the match's last race: play out to the end of the match and count wins.
    endgame = view["race"] == view["races"] and len(racing) <= HARD_ENDGAME_RIDERS
    if sprint:
        candidates = [normal_choice] + [a for _, a in scored if a != normal_choice][: HARD_SPRINT_CANDIDATES - 1]
    ahead = HARD_TURNS_AHEAD_TWO if view["players"] == 2 else HARD_TURNS_AHEAD
    if len(candidates) == 1 or (not endgame and pos.future_turns(pos.me.d) > ahead):
        return normal_choice
    seat = pos.seat
    race, lap = view["race"], view["lap"]
    if endgame:
        stop = _match_over
        evaluate = partial(_match_value, seat=seat)
    else:
        stop = partial(_lap_over, race=race, lap=lap)
        evaluate = partial(_lap_value, seat=seat)
    search = _WorldSearch(
        ENGINE,
        sample=lambda rng: sample_world(view, rng),
        policy=choose_normal,
        stop=stop,
        evaluate=evaluate,
        policy_work=WORK_BUDGET,
        max_plies=HARD_MAX_PLIES,
    )
    search.own = (seat, weights)
    return search.best(seat, candidates, seed, budget)


class _WorldSearch(RolloutSearch[HindmostState]):
    """``RolloutSearch`` whose play-outs ask the normal player directly from the sampled world: the
    same plays as ``choose_normal(ENGINE.view(world, seat), ...)`` (the world is built from the seat's view;
    each seat in it decides from its own riders and hand only), without building whole views."""

    # The searching seat plays its play-outs with hard's own weights (``hard_weights``), the others
    # as the normal players they are (the two are the same at two players).
    own: tuple[int, Weights] = (-1, NORMAL_WEIGHTS)

    def playout_move(self, state: HindmostState, mover: int, legal: list[str], seed: int) -> str:
        seat, weights = self.own
        return playout_choice(state, legal, seed, weights if mover == seat else NORMAL_WEIGHTS)


def _lap_over(_before: HindmostState, now: HindmostState, race: int, lap: int) -> bool:
    return now.over or now.race != race or now.lap != lap


def _match_over(_before: HindmostState, now: HindmostState) -> bool:
    return now.over


def _match_value(_before: HindmostState, after: HindmostState, seat: int) -> float:
    """The seat's share of the match win (a shared first place splits it), in elimination units."""
    outcome = ENGINE.outcome(after)
    if outcome is None:  # cut off by the ply limit: judge by the points so far
        totals = ENGINE.scores_now(after)
        best = max(totals)
        firsts = [s for s, t in enumerate(totals) if t == best]
    else:
        firsts = [s for s, place in enumerate(outcome.placements) if place == 1]
    return NORMAL_WEIGHTS.elimination_cost * 2 * (1.0 / len(firsts) if seat in firsts else 0.0)


def _lap_value(before: HindmostState, after: HindmostState, seat: int) -> float:
    """What the seat has when the lap is over: riders kept in the race, and the hand it keeps."""
    chance = _race_win_chance(after, seat)
    if chance is not None:
        value = HARD_WIN_VALUE if after.players == 2 else HARD_WIN_VALUE_MULTI
        return value * chance + _hand_worth(after.hands[seat] if after.race == before.race else [])
    riders = before.riders
    lost = sum(1 for rid in after.eliminated if rid // riders == seat) - sum(
        1 for rid in before.eliminated if rid // riders == seat
    )
    if after.race != before.race or after.over:
        # The final sprint was run: the race points say who won it.
        lost = 0 if after.race_wins[seat] > before.race_wins[seat] else 1
    cost = HARD_LAP_COST if after.players == 2 else HARD_LAP_COST_MULTI
    return -cost * lost + _hand_worth(after.hands[seat] if after.race == before.race else [])


def _race_win_chance(state: HindmostState, seat: int) -> float | None:
    """The seat's chance of winning the match if the riders still racing went out in a random order
    (each equally likely to be the next hindmost): None when that is too costly to count."""
    if state.over:
        outcome = ENGINE.outcome(state)
        assert outcome is not None
        firsts = [s for s, place in enumerate(outcome.placements) if place == 1]
        return 1.0 / len(firsts) if seat in firsts else 0.0
    if state.race != state.options["races"]:
        return None
    riders = state.riders
    counts = tuple(
        sum(1 for r in range(s * riders, (s + 1) * riders) if not state.out[r]) for s in range(state.players)
    )
    orders = math.factorial(sum(counts))
    for count in counts:
        orders //= math.factorial(count)
    if orders > HARD_WIN_ORDERS:
        return None
    totals = tuple(b + p for b, p in zip(state.match_base, state.race_points, strict=True))
    table = tuple(race_points_for(state.total))
    return _win_chance(counts, totals, tuple(state.race_wins), len(state.eliminated), table, seat)


@lru_cache(maxsize=65536)
def _win_chance(
    counts: tuple[int, ...], points: tuple[int, ...], wins: tuple[int, ...], k: int, table: tuple[int, ...], seat: int
) -> float:
    """The chance for ``seat`` over every order the riders left (``counts`` per seat) can go out in,
    the next one taking ``table[k]`` points; a tie on points goes by race wins, as the match's does.
    Cached: the play-outs of a decision end in a handful of distinct positions."""
    left = sum(counts)
    if left == 0:
        keys = list(zip(points, wins, strict=True))
        best = max(keys)
        firsts = [s for s, key in enumerate(keys) if key == best]
        return 1.0 / len(firsts) if seat in firsts else 0.0
    total = 0.0
    for s, count in enumerate(counts):
        if count:
            nc = list(counts)
            nc[s] -= 1
            np_ = list(points)
            np_[s] += table[k]
            nw = wins
            if left == 1:
                nw = tuple(w + (1 if i == s else 0) for i, w in enumerate(wins))
            total += count / left * _win_chance(tuple(nc), tuple(np_), nw, k + 1, table, seat)
    return total


def _hand_worth(hand: list[str]) -> float:
    return sum(card_worth(card) for card in hand) + NORMAL_WEIGHTS.hand_size_worth * len(hand)


def sample_world(view: dict[str, Any], rng: Rng) -> HindmostState:
    """A whole game state consistent with ``view``: the seat's own hand as it is, every unseen
    card (the pack less that hand) dealt at random to the other hands, the piles and the discards
    in the sizes the view shows. Built from the view alone."""
    seat = view["viewer"]
    players = view["players"]
    options = dict(view["options"])
    riders_per = options["riders"]
    total = players * riders_per
    private = view["private"]
    hand = list(private["hand"])
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[seat] = hand
    sizes = view["hand_sizes"]
    if options["own_decks"]:
        piles: list[list[str]] = []
        discards: list[list[str]] = []
        others = [s for s in range(players) if s != seat]
        others_pile = max(0, view["draw_pile"] - private["draw_pile"])
        for s in range(players):
            pool = _unseen(hand if s == seat else [])
            rng.shuffle(pool)
            if s != seat:
                hands[s] = [pool.pop() for _ in range(min(sizes[s], len(pool)))]
                size = others_pile // len(others) + (1 if others.index(s) < others_pile % len(others) else 0)
            else:
                size = private["draw_pile"]
            piles.append(pool[: min(size, len(pool))])
            discards.append(pool[min(size, len(pool)) :])
    else:
        pool = _unseen(hand)
        rng.shuffle(pool)
        for s in range(players):
            if s != seat:
                hands[s] = [pool.pop() for _ in range(min(sizes[s], len(pool)))]
        size = min(view["draw_pile"], len(pool))
        piles, discards = [pool[:size]], [pool[size:]]
    d = [0] * total
    lane = [0] * total
    out = [False] * total
    moved = [False] * total
    for r in view["riders"]:
        rid = r["seat"] * riders_per + r["num"] - 1
        d[rid], lane[rid], out[rid], moved[rid] = r["d"], r["lane"], r["out"], r["moved"]
    order = [seat_ * riders_per + num - 1 for seat_, num in view["order"]]
    current = view["current"]
    cur = current["seat"] * riders_per + current["num"] - 1
    done = [rid for rid in order if moved[rid]]
    waiting = [cur] + [rid for rid in order if not moved[rid] and rid != cur]
    race_points = list(view["race_points"])
    return HindmostState(
        players=players,
        options=options,
        rng=rng.next64(),
        race=view["race"],
        lap=view["lap"],
        d=d,
        lane=lane,
        out=out,
        moved=moved,
        turn=done + waiting,
        turn_pos=len(done),
        eliminated=[s_ * riders_per + num - 1 for s_, num, _k in view["eliminated"]],
        race_points=race_points,
        match_base=[total_ - pts for total_, pts in zip(view["match_points"], race_points, strict=True)],
        race_wins=list(view["race_wins"]),
        bank=None if view["bank"] is None else list(view["bank"]),
        pot=view["pot"],
        hands=hands,
        piles=piles,
        discards=discards,
        last=[],
        over=False,
    )


def _unseen(hand: list[str]) -> list[str]:
    pool = list(DECK)
    for card in hand:
        pool.remove(card)
    return pool

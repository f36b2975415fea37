"""Trackgammon computer player.

Plans the whole turn: every way to play the remaining values is searched (positions reached by
several orders are expanded once), each end position is scored, and the first move of the best
plan is returned. Called again after that move, it searches again from the new position; the ends
still reachable are a subset of the first search's and include the chosen one, so the turn ends in
that position or one scoring the same. Decides from the seat's view and the legal actions only.

Time budget (issue 13: decision p99 <= 200 ms). The search counts its work (positions expanded,
ends scored) against ``WORK_BUDGET``, a deterministic limit, so the same position and seed always
give the same move on any machine: a plain roll never comes near it, the bushiest doubles with
four or five discs out do, and then only the least promising continuations go unsearched (see
``TurnSearch``). A wall-clock safety stop (``engines.budget.SAFETY_SECONDS``) guards slow
machines; when it fires the best move found so far is played.

A position scores the mover's own score minus that of the opponents (half the strongest, half the
average, so that in 3-4 player games the leader is held back without ignoring the rest). A seat's
score follows the rulebook's advice:
- progress: discs home, and the distance still to travel, the disc allowed home counting double;
- covered discs: a disc under others cannot move, worst for the disc allowed home and worst when
  the cover is foreign (it has to be hit away first);
- safety: a disc on a purple point an opponent's equal disc can reach (a hit sends it back to the
  start) or a smaller one can reach (it gets buried); large discs stand to lose the most;
- blocking: own discs smaller than an opponent's disc allowed home, on purple points ahead of it,
  stop it from passing; the same the other way round counts against the seat, much more so when
  the blocking disc is buried under one of the seat's own discs: it cannot leave until the seat
  uncovers it, and keeping it buried would stall the seat's own race for good.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from engines.budget import Budget
from engines.levels import EASY, HARD, NORMAL, human_pick
from engines.rng import Rng
from engines.trackgammon import (
    DISCS,
    DONE,
    FINISH,
    FIRST_POINT,
    SIZES,
    Geometry,
    Move,
    finish_candidate,
    geometry,
    has_won,
    parse_move,
    remove_value,
    single_moves,
    stacks,
    trace,
    turn_values,
)

Occupancy = dict[int, list[int]]  # cell -> disc indices from the top down (``stacks``)

# Seconds the table flow waits before each computer action: a turn is two to four moves and a
# confirmation, so a short pause keeps it followable without dragging.
BOT_DELAY = 0.6

# The work budget (positions expanded plus ends scored, see ``TurnSearch``), calibrated with
# bench/ai_decisions.py on the shared 2-core reference machine: 40 microseconds of CPU a unit there,
# 75 under heavy load, so a decision costs at most about 60-110 ms, well under the safety stop. A
# plain roll needs a few dozen units; it binds only on doubles with four or five discs out (about
# one first decision of a turn in twenty, 1-2% of all decisions). Measured against the whole search
# on 141 doubles, the move chosen within the budget started a best plan in all but one (which lost
# half a point of score): the least promising continuations it skips are rarely the best.
WORK_BUDGET = 1500
# The most work seen under one position with two values of a double left to play (expansions and
# ends, transpositions counted once), over every first decision of a turn in 9 games of 2-4 players.
WORK_BELOW_TWO = 33
# ``hard`` (``engines.levels``): the turn search as above, then the best few end positions are
# weighed by the next player's reply, averaged over the 21 rolls (the same units of work).
HARD_WORK_BUDGET = 5000
HARD_CANDIDATES = 3
# The next player's turn search per roll. A plain roll's whole search takes about 60 units (median
# over 2-player games; 90% within 90, the most seen 108), so 120 sees every reply. Moves come
# smallest disc first, so a budget cut short misses exactly the largest discs' replies, the hits
# that cost most: with 60 (before) hard won 62.5% of 40 games against normal, with 120 65.0%. A
# double (1 roll in 36 each) gets less: its best continuations are searched first.
REPLY_WORK = 120
REPLY_WORK_DOUBLE = 40
# ``easy``: a first move whose best plan scores up to this much below the best may be played.
EASY_MARGIN = 12.0

WIN = 1e9

# Scores are remembered (``_evaluate``): about half the positions a hard decision scores were
# scored before (the reply search meets the same ends under several rolls and candidates, and each
# later move of a turn searches part of the first one's tree again). The search still charges its
# budget for every score, so the moves are the same; 150 four-player hard decisions took 17.8 s of
# CPU before and 11.7 s with it. An entry takes about 400 bytes: 26 MB when full. Remembering the
# single moves as well saved nothing and took 2.4 kB an entry.
EVALUATION_CACHE = 1 << 16


class Weights(NamedTuple):
    """What a seat's score (``evaluate``) weighs; pips of distance to the finish are the unit."""

    home_bonus: float  # a disc in the finish
    candidate_weight: float  # the disc allowed home: its distance counts this many times
    own_cover: float  # per own disc above one of ours
    foreign_cover: float  # per foreign disc above one of ours
    near_threat: float  # chance-like weight of a hit or bury from a disc one die away
    far_threat: float  # ... from a disc both dice away
    block_bonus: float  # an own smaller disc ahead of an opponent's disc allowed home
    bury_loss: float  # what a buried disc costs
    blocked_ahead: float  # a foreign smaller disc ahead of our disc allowed home
    held_block: float  # ... held there under our own disc
    # Of what the opponents' scores weigh against ours: the strongest opponent's share, the rest
    # their mean (see ``evaluate``).
    leader_share: float = 0.5
    # 0: the danger of a disc in reach is ``near_threat`` / ``far_threat`` whatever the rolls; more:
    # this times the exact chance that the threatening disc can land on ours this turn (``SHOTS``).
    shot_weight: float = 0.0
    # Factor on a threat from a player who moves only after the threatened seat's next turn (it can
    # move away first), when ``evaluate`` is told who moves next; 1: every threat counts in full.
    later_threat: float = 1.0


# The normal player's weights, hand-set from the rulebook's advice; they stay as they are (normal is
# today's player).
NORMAL_WEIGHTS = Weights(
    home_bonus=40.0,
    candidate_weight=2.0,
    own_cover=2.0,
    foreign_cover=6.0,
    near_threat=0.35,  # reachable with one die
    far_threat=0.1,  # reachable with both dice
    block_bonus=2.5,
    bury_loss=8.0,
    blocked_ahead=4.0,
    held_block=100.0,
)
# Hard's weights, tuned by play against normal (bench/trackgammon_tune.py: the turn search alone with
# changed weights, 200 games a setting on the paired deals of seed 101, one weight at a time scaled
# by 1.6 and 0.6, kept when it gained 2.5 points). The disc allowed home's distance counting 3 times
# (normal: 2) won 56.0%; a foreign smaller disc ahead of it costing 6.4 (normal: 4) 63.5% (59.5% on
# seed 102's deals; 10 gave 61.5%). Every other weight scaled either way lost or stayed within
# noise: the blot danger most of all (near_threat 0.56 won 53.5%, 0.21 51.5%). With the reply
# search on top, hard won 66.0% [61.2, 70.5] of 400 games against normal (bench/ai_strength.py,
# seed 23; 56.7% of 240 with normal's weights). Tuned at two
# players and used there only: at four players they lost (``HARD_MULTI_WEIGHTS``).
HARD_WEIGHTS = NORMAL_WEIGHTS._replace(candidate_weight=3.0, blocked_ahead=6.4)
# Hard's weights at three and four players: normal's, with blocking worth half. At four players a
# purple point is shared with one neighbour only, and holding a neighbour back helps the two other
# opponents as much as us (the evaluation weighs a neighbour's score a sixth when the leader sits
# across), while the block bonus counts in full in our own score. Tuned at four players
# (bench/trackgammon_tune.py --players 4: one such turn search among three normal ones, 200 games a
# setting on the paired deals of seed 101, one weight at a time scaled by 0.5 and 2): block_bonus
# 1.25 won 35.0% (normal's weights 25.0%; 0.6 32.0%, 0 30.5%; on seed 102's deals 29.5% against
# 26.5%); two-player hard's weights lost there (21.8% of 400). From block_bonus 1.25, every other
# weight scaled either way stayed within noise or lost (candidate_weight 1 14.0%, 4 33.5%;
# leader_share 0.25 32.0%, 1 27.5%; blocked_ahead 8 24.5%; home_bonus 20 36.0%, 80 35.5%).
# Finer steps did not hold up either (the turn search, 200 paired games a setting, safety stop off):
# bury_loss 10.64 (x1.33) won +4.5 and +3.5 points on seeds 111 and 112's deals but -2.5 and -2.0 on
# 113 and 114's, and the full hard with it 28.0% [22.2, 34.6] of 200 on seed 23 (34.5% without).
# On seed 111: near_threat x0.75 and x1.33 -3.0 both, bury_loss 6 +1.0, blocked_ahead 3 +2.0 and
# 5.32 -1.0, leader_share 0.375 +0.5; foreign_cover 4.5 and 7.98 played the very same 200 games (only
# others' moves cover our discs, so it changes no decision of the turn search). Two random joint
# changes of every weight (x e^N(0, 0.3)): -4.5 and +1.5. Blocking the race leader (fewest points
# to travel) with 2.5 and the other opponents with a quarter of it: -7.0 on seed 113. A paired
# difference has a standard error of about 3 points at 200 games: smaller effects need more games.
# Where the games are decided (the same turn search, 120 games on seed 111, per seat and game): a
# disc is buried rarely (0.07 for hard's seat, 0.10 for a normal one), which is why bury_loss moves
# little; hits are the exchange: hard's seat was hit 1.07 times (normal 1.47, 9.8 and 13.0 points of
# race lost) and hit 1.52 (1.32), in games of about 17 turns a seat.
# Threats by the rolls and by turn order (the full hard, one among three normals, 200 games a
# setting, safety stop off; main's hard won 32.0% on seed 111's deals and 34.5% on seed 23's). At
# four players a purple point is shared with one neighbour: our early discs (2..12) with the
# previous player, who moves last before our next turn, our late ones with the next player. The
# flat chances above count a disc both dice away as a tenth of a shot, while 8 or 9 points off it is
# reached in 1 roll of 2 or 3 (``_shots``: two dice on one disc, doubles' four moves, bounces).
# shot_weight 0.5 (the exact chance halved: a hit needs the other player to want it, and a shot one
# die away comes out near the old 0.35) won 33.0% on seed 111; with ``later_threat`` 0.5 as well
# (a threat from a player who moves only after the threatened seat counts half: that seat can move
# the disc first; this is what the evaluation after the next player's reply needs, where that
# reply's own threats come after our next turn and the previous player's before it) 37.5% on seed
# 111, 37.0% on 112 (main 35.0%) and 35.5% [29.2, 42.3] on 23: +2.8 points over the 600 paired
# deals, short of the 37.5% target on seed 23. The two work together: later_threat 0.5 with the
# flat chances won 32.5% on seed 111; on that seed shot_weight 0.7 won 32.0%, later_threat 0.25
# 37.0%. Two-player hard keeps the flat chances (unmeasured).
HARD_MULTI_WEIGHTS = NORMAL_WEIGHTS._replace(block_bonus=1.25, shot_weight=0.5, later_threat=0.5)
# The reply search weighs the next player's turn at every table size. Measured at four players (hard
# among three normals, safety stop off): it won 30.0% of 80 games on seed 101's deals against 28.7%
# for the turn search alone (the weights, not the replies, carry hard there); weighing both
# neighbours (the previous player shares our purple points too) 29.0% of 200 on seed 23 against
# 34.5%, the replier judged by normal's weights 32.0%, our own next turn instead 3 of 20 (8 of 20).
# On seed 23's deals, though, the turn search alone won 26.5% of 200 against the full hard's 34.5%
# (reproduced exactly with the safety stop off), and 27.6% of 1000 over five seeds' deals (23,
# 111-114): the replies may carry more at four players than the 80 games above showed.


def hard_weights(players: int) -> Weights:
    """Hard's evaluation weights at this table size (also the tuning script's starting point)."""
    return HARD_WEIGHTS if players == 2 else HARD_MULTI_WEIGHTS


def choose(view: dict[str, Any], legal: list[str], seed: int, budget: Budget | None = None, level: str = NORMAL) -> str:
    moves = [action for action in legal if parse_move(action)]
    if not moves:
        return DONE if DONE in legal else legal[0]
    seat = view["turn"]
    players = view["players"]
    pos = tuple(point for row in view["discs"] for point in row)
    budget = budget if budget is not None else Budget(HARD_WORK_BUDGET if level == HARD else WORK_BUDGET)
    weights = hard_weights(players) if level == HARD else NORMAL_WEIGHTS
    search_budget = budget
    if level == HARD:
        # The turn search gets what the normal player has; the rest weighs the replies.
        search_budget = Budget(min(WORK_BUDGET, budget.work), seconds=None)
    ends = turn_ends(pos, players, seat, tuple(sorted(view["remaining"])), search_budget, frozenset(moves), weights)
    if level == HARD and ends:
        budget.charge(search_budget.spent)
        ends = _weigh_replies(ends, players, seat, budget, weights)
    if level == EASY and ends:
        by_first: dict[str, float] = {}
        for score, plan in ends.values():
            if plan and plan[0] in moves:
                by_first[plan[0]] = max(score, by_first.get(plan[0], -WIN * 2))
        if by_first:
            return human_pick(sorted((s, a) for a, s in by_first.items()), Rng(seed), margin=EASY_MARGIN)
    firsts = sorted({plan[0] for plan in best_plans(ends) if plan and plan[0] in moves})
    if not firsts:
        return moves[Rng(seed).below(len(moves))]
    return firsts[Rng(seed).below(len(firsts))]


def _weigh_replies(
    ends: dict[tuple[int, ...], tuple[float, tuple[str, ...]]],
    players: int,
    seat: int,
    budget: Budget,
    weights: Weights,
) -> dict[tuple[int, ...], tuple[float, tuple[str, ...]]]:
    """The best ``HARD_CANDIDATES`` ends (by their own score) scored again: the mean, over the next
    player's 21 rolls, of the end's score after that player's best turn (its own evaluation). Ends
    not reached within the budget keep their own score less a margin, so a weighed end wins ties."""
    ranked = sorted(ends.items(), key=lambda item: (-item[1][0], item[1][1]))
    if len(ranked) < 2 or ranked[0][1][0] >= WIN / 2:
        return ends  # one way to play, or a win: nothing to weigh
    nxt = (seat + 1) % players
    after_reply = (nxt + 1) % players  # who moves next after the reply
    weighed: dict[tuple[int, ...], tuple[float, tuple[str, ...]]] = {}
    for end, (_own, plan) in ranked[:HARD_CANDIDATES]:
        total = 0.0
        for (a, b), weight in ROLLS:
            if budget.left() <= 0 or budget.out_of_time():
                budget.bound = not budget.timed_out
                return weighed if weighed else ends
            reply_budget = Budget(REPLY_WORK if a != b else REPLY_WORK_DOUBLE, seconds=None)
            replies = turn_ends(end, players, nxt, tuple(sorted(turn_values((a, b)))), reply_budget, None, weights)
            budget.charge(reply_budget.spent)
            after = end if not replies else max(replies.items(), key=lambda item: item[1][0])[0]
            score = -WIN / 1000 if has_won(after, nxt) else evaluate(after, players, seat, weights, after_reply)
            total += weight * score
        weighed[end] = (total / 36.0, plan)
    return weighed


# The 21 rolls of two dice and how many of the 36 outcomes give each.
ROLLS = tuple(((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))


def best_plans(ends: dict[tuple[int, ...], tuple[float, tuple[str, ...]]]) -> list[tuple[str, ...]]:
    """The move sequences whose end position scores best."""
    if not ends:
        return []
    best = max(score for score, _plan in ends.values())
    return [plan for score, plan in ends.values() if score == best]


def turn_ends(
    pos: tuple[int, ...],
    players: int,
    seat: int,
    values: tuple[int, ...],
    budget: Budget | None = None,
    firsts: frozenset[str] | None = None,
    weights: Weights | None = None,
) -> dict[tuple[int, ...], tuple[float, tuple[str, ...]]]:
    """End position -> (score, a plan reaching it), over the longest plans and the winning ones.

    ``firsts``: the legal first moves (forced play), when known: nothing else is searched. Within
    the budget every end is found (see ``TurnSearch``)."""
    search = TurnSearch(
        pos, players, seat, budget if budget is not None else Budget(WORK_BUDGET), firsts, weights or NORMAL_WEIGHTS
    )
    search.run(values)
    return search.ends()


# A position in the search: discs, values still to play, the moves that led there.
Node = tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]


class TurnSearch:
    """Every way to play the turn's values, within a work budget (``engines.budget``).

    One unit of work is one position expanded (its single moves generated) or one end position
    scored; the two cost about the same. The search goes breadth first until two values are left
    per position (for a plain roll that is the start; for a double, after two moves). If the rest
    can be searched within the budget even for the bushiest positions seen (``WORK_BELOW_TWO``
    units under each), it is searched completely. Otherwise those positions are scored and their
    continuations searched best first, until the budget is spent: the budget then costs only the
    least promising starts. Positions reached by several orders are expanded once. Forced play
    wants the longest plans, so an end is kept only if its plan is of the greatest length found (a
    win ends the turn early: the sooner the better).
    """

    def __init__(
        self,
        pos: tuple[int, ...],
        players: int,
        seat: int,
        budget: Budget,
        firsts: frozenset[str] | None,
        weights: Weights,
    ) -> None:
        self.pos, self.players, self.seat, self.budget, self.firsts = pos, players, seat, budget, firsts
        self.weights = weights
        self.mover = (seat + 1) % players  # who moves after this turn
        self.geo = geometry(players)
        self.seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        self.leaves: dict[tuple[int, ...], tuple[int, tuple[str, ...]]] = {}
        self.scores: dict[tuple[int, ...], float] = {}
        self.stopped = False

    # ---- searching ----------------------------------------------------------------------------
    def run(self, values: tuple[int, ...]) -> None:
        frontier: list[Node] = [(self.pos, values, ())]
        while frontier and len(frontier[0][1]) > 2 and not self.stopped:
            children: dict[tuple[tuple[int, ...], tuple[int, ...]], Node] = {}
            for current, rest, plan in frontier:
                for child in self._expand(current, rest, plan):
                    children.setdefault((child[0], child[1]), child)
            frontier = list(children.values())
        if self.stopped or not frontier:
            return
        if len(frontier) * WORK_BELOW_TWO > self.budget.left():
            # Too bushy to be sure of the whole: best starts first, so the budget cuts the worst.
            self.budget.charge(len(frontier))
            scored = [
                (-evaluate(node[0], self.players, self.seat, self.weights, self.mover), index)
                for index, node in enumerate(frontier)
            ]
            frontier = [frontier[index] for _score, index in sorted(scored)]
        for current, rest, plan in frontier:
            if self.stopped:
                break
            self._walk(current, rest, plan)

    def _expand(self, current: tuple[int, ...], rest: tuple[int, ...], plan: tuple[str, ...]) -> list[Node]:
        """The positions one move on (recording an end when there is no move); nothing for a
        position expanded before."""
        key = (current, rest)
        if key in self.seen:
            return []
        self.seen.add(key)
        if self.budget.left() <= 0 or self.budget.out_of_time():
            self.stopped = True
            self.budget.bound = not self.budget.timed_out
            return []
        won = has_won(current, self.seat)
        moves: list[Move] = []
        if rest and not won:
            self.budget.charge()
            moves = single_moves(current, self.geo, self.seat, rest)
            if not plan and self.firsts is not None:
                moves = [move for move in moves if move.action in self.firsts]
        if not moves:
            self._leaf(current, plan, won)
            return []
        return [(move.after, remove_value(rest, move.value), (*plan, move.action)) for move in moves]

    def _walk(self, current: tuple[int, ...], rest: tuple[int, ...], plan: tuple[str, ...]) -> None:
        for child in self._expand(current, rest, plan):
            if self.stopped:
                return
            self._walk(*child)

    def _leaf(self, end: tuple[int, ...], plan: tuple[str, ...], won: bool) -> None:
        known = self.leaves.get(end)
        if known is None:
            self.budget.charge()
            self.scores[end] = WIN if won else evaluate(end, self.players, self.seat, self.weights, self.mover)
            self.leaves[end] = (len(plan), plan)
        elif _better_leaf(won, len(plan), known[0]):
            self.leaves[end] = (len(plan), plan)

    # ---- the result ---------------------------------------------------------------------------
    def ends(self) -> dict[tuple[int, ...], tuple[float, tuple[str, ...]]]:
        if not self.leaves:
            return {}
        longest = max(length for length, _ in self.leaves.values())
        ends: dict[tuple[int, ...], tuple[float, tuple[str, ...]]] = {}
        for end, (length, plan) in self.leaves.items():
            if has_won(end, self.seat):
                ends[end] = (WIN - length, plan)  # a win ends the turn early: the sooner the better
            elif length == longest:
                ends[end] = (self.scores[end], plan)
        return ends


def _better_leaf(won: bool, length: int, known: int) -> bool:
    """Forced play wants the longest plans, except that a win is best reached soonest."""
    return length < known if won else length > known


def evaluate(
    pos: tuple[int, ...], players: int, seat: int, weights: Weights | None = None, mover: int | None = None
) -> float:
    """The seat's score less its opponents'. ``mover``: who moves next, when the weights discount
    threats by turn order (``Weights.later_threat``)."""
    w = weights or NORMAL_WEIGHTS
    return _evaluate(pos, players, seat, w, None if w.later_threat == 1.0 else mover)


@lru_cache(maxsize=EVALUATION_CACHE)
def _evaluate(pos: tuple[int, ...], players: int, seat: int, w: Weights, mover: int | None) -> float:
    if has_won(pos, seat):
        return WIN
    geo = geometry(players)
    occ = stacks(pos, geo)
    candidates = [finish_candidate(pos, s) for s in range(players)]
    users = _cell_users(players)
    scores = [_seat_score(pos, geo, occ, candidates, s, users, w, mover) for s in range(players)]
    others = [scores[s] for s in range(players) if s != seat]
    return scores[seat] - (w.leader_share * max(others) + (1 - w.leader_share) * sum(others) / len(others))


# The scoring below runs for every end position the search finds (thousands for a double), so it
# reads tables into locals and loops plainly; the sums are formed in the same order as ever.
def _seat_score(
    pos: tuple[int, ...],
    geo: Geometry,
    occ: Occupancy,
    candidates: list[int],
    seat: int,
    users: tuple[dict[int, tuple[int, int]], ...],
    w: Weights,
    mover: int | None = None,
) -> float:
    candidate = candidates[seat]
    cell_of = geo.cell_of[seat]
    purple = geo.purple
    score = 0.0
    idx = seat * DISCS - 1
    for size in SIZES:
        idx += 1
        point = pos[idx]
        if point == FINISH:
            score += w.home_bonus
            continue
        if size == candidate:
            weight = w.candidate_weight
            score -= weight * (FINISH - point)
            score -= _blocked_ahead(cell_of, occ, seat, size, point, w)
        else:
            weight = 1.0
            score -= weight * (FINISH - point)
        cell = cell_of[point]
        stack = occ[cell]
        on_top = stack[0] == idx
        if not on_top:
            score -= weight * _cover_penalty(stack, idx, seat, w)
        if purple[cell]:
            other, target = users[cell][seat]
            if on_top:  # only a top disc can be hit or buried
                loss = _danger(pos, geo.cell_of[other], occ, other, target, idx, size, weight, w)
                if mover is not None and (other - mover) % geo.players > (seat - mover) % geo.players:
                    loss *= w.later_threat  # we move before they do
                score -= loss
            score += _blocking(pos, candidates[other], other, target, size, w)  # covered or not
    return score


def _blocked_ahead(cell_of: tuple[int, ...], occ: Occupancy, seat: int, size: int, point: int, w: Weights) -> float:
    """Foreign smaller discs between the disc allowed home and the finish."""
    penalty = 0.0
    get = occ.get
    for ahead in range(point + 2 - point % 2, FINISH, 2):  # purple points are the even ones
        stack = get(cell_of[ahead])
        if stack is None:
            continue
        for i in stack:
            if i // DISCS != seat and i % DISCS + 1 < size:
                penalty += w.blocked_ahead
                if stack[0] // DISCS == seat:  # held under our own disc
                    penalty += w.held_block
                break
    return penalty


def _cover_penalty(stack: list[int], idx: int, seat: int, w: Weights) -> float:
    penalty = 0.0
    for above in stack:  # top first; stop at the disc itself
        if above == idx:
            break
        penalty += w.own_cover if above // DISCS == seat else w.foreign_cover
    return penalty


def _danger(
    pos: tuple[int, ...],
    their_cells: tuple[int, ...],
    occ: Occupancy,
    other: int,
    target: int,
    idx: int,
    size: int,
    weight: float,
    w: Weights,
) -> float:
    """Expected loss from the other player on this purple cell: an equal disc can hit ours (back
    to the start), a smaller one can bury it. The chance of a shot is flat by distance, or with
    ``shot_weight`` the share of the rolls that can land that disc on ours (``_shots``)."""
    loss = 0.0
    their_idx = other * DISCS - 1
    shots = _shots() if w.shot_weight else None
    for their_size in range(1, size + 1):
        their_idx += 1
        their_point = pos[their_idx]
        if their_point == FINISH or occ[their_cells[their_point]][0] != their_idx:
            continue
        if shots is not None:
            chance = w.shot_weight * shots[their_point][target]
            if not chance:
                continue
        else:
            gap = abs(their_point - target)
            if gap == 0 or gap > 12:
                continue
            chance = w.near_threat if gap <= 6 else w.far_threat
        if their_size == size:
            loss += chance * weight * (pos[idx] - FIRST_POINT)
        else:
            loss += chance * weight * w.bury_loss
    return loss


def _blocking(pos: tuple[int, ...], their_candidate: int, other: int, target: int, size: int, w: Weights) -> float:
    """Bonus for standing in the way of the other player's disc allowed home, when it is larger."""
    if their_candidate <= size:
        return 0.0
    their_point = pos[other * DISCS + their_candidate - 1]
    if their_point >= target:
        return 0.0
    return w.block_bonus if target - their_point <= 12 else w.block_bonus / 2


@lru_cache(maxsize=8)
def _cell_users(players: int) -> tuple[dict[int, tuple[int, int]], ...]:
    """Per purple cell: for each of its two users, (the other user, the cell's point on theirs)."""
    geo = geometry(players)
    users: list[list[tuple[int, int]]] = [[] for _ in geo.cells]
    for s in range(players):
        for p in range(1, FINISH):
            users[geo.cell_of[s][p]].append((s, p))
    table = []
    for pair in users:
        if len(pair) == 2:
            (a, pa), (b, pb) = pair
            table.append({a: (b, pb), b: (a, pa)})
        else:
            table.append({})
    return tuple(table)


@lru_cache(maxsize=1)
def _shots() -> tuple[tuple[float, ...], ...]:
    """``[a][b]``: the chance over the 36 rolls that a disc on point ``a`` can land on point ``b``
    this turn, playing any of the roll's values one after another (a double's four included),
    each forward or backward, bouncing at the ends. Other discs are left out (blocking, landing
    rules), and so is the finish: a disc that could go home bounces here."""
    table = [(0.0,) * FINISH]
    for start in range(FIRST_POINT, FINISH):
        counts = [0] * FINISH
        for (a, b), weight in ROLLS:
            reached: set[int] = set()
            todo = [(start, turn_values((a, b)))]
            seen = set(todo)
            while todo:
                point, rest = todo.pop()
                for value in set(rest):
                    for direction in (1, -1):
                        landing = trace(point, value, direction, False).landing
                        reached.add(landing)
                        node = (landing, remove_value(rest, value))
                        if node not in seen:
                            seen.add(node)
                            todo.append(node)
            reached.discard(start)
            for point in reached:
                counts[point] += weight
        table.append(tuple(count / 36.0 for count in counts))
    return tuple(table)

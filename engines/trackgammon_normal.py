"""Trackgammon's ``normal`` computer player (and ``easy``, its plans with mistakes; the hard
player in ``engines.trackgammon_hard`` builds on it).

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
from engines.levels import human_pick
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


def choose_normal(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """The first move of the best plan for the whole turn (a tie between plans broken by the seed)."""
    moves = [action for action in legal if parse_move(action)]
    if not moves:
        return turn_over(legal)
    return first_move(own_turn_ends(view, moves, budget, NORMAL_WEIGHTS), moves, seed)


def choose_easy(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """A first move whose best plan scores within ``EASY_MARGIN`` of the best (``engines.levels``)."""
    moves = [action for action in legal if parse_move(action)]
    if not moves:
        return turn_over(legal)
    ends = own_turn_ends(view, moves, budget, NORMAL_WEIGHTS)
    by_first: dict[str, float] = {}
    for score, plan in ends.values():
        if plan and plan[0] in moves:
            by_first[plan[0]] = max(score, by_first.get(plan[0], -WIN * 2))
    if by_first:
        return human_pick(sorted((s, a) for a, s in by_first.items()), Rng(seed), margin=EASY_MARGIN)
    return first_move(ends, moves, seed)


def turn_over(legal: list[str]) -> str:
    """No move left to choose: confirm the turn (every level alike)."""
    return DONE if DONE in legal else legal[0]


def own_turn_ends(
    view: dict[str, Any], moves: list[str], budget: Budget, weights: Weights
) -> dict[tuple[int, ...], tuple[float, tuple[str, ...]]]:
    """``turn_ends`` for the seat to move in ``view``, starting with one of ``moves``."""
    pos = tuple(point for row in view["discs"] for point in row)
    remaining = tuple(sorted(view["remaining"]))
    return turn_ends(pos, view["players"], view["turn"], remaining, budget, frozenset(moves), weights)


def first_move(ends: dict[tuple[int, ...], tuple[float, tuple[str, ...]]], moves: list[str], seed: int) -> str:
    """The first move of a best plan among ``ends``, a tie broken by the seed."""
    firsts = sorted({plan[0] for plan in best_plans(ends) if plan and plan[0] in moves})
    if not firsts:
        return moves[Rng(seed).below(len(moves))]
    return firsts[Rng(seed).below(len(firsts))]


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

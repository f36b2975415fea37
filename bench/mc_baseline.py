"""A fair flat Monte Carlo player: the outside yardstick for the computer levels (issue 40).

It decides from the seat's view alone, as the levels do. A *world* is a whole game state consistent
with that view (the unseen cards dealt at random by the hard players' own samplers; in the open
games only the future dice or nothing at all are unknown). Each candidate, the normal player's choice
first, is played in the same worlds and every seat then plays on with the ``normal`` player for a
horizon of moves sized to the work (``horizon``: at least ``MIN_WORLDS`` whole rounds of worlds
fit), or to the end of the game when that comes first. The end is scored by who wins (a shared
first place splits one), a position at the horizon by who leads as the game stands
(``Engine.scores_now``; Trackgammon: the race, discs home and distance left), and the lead itself
breaks ties (``LEAD``). The candidate with the best mean is taken. This is
``engines.search.RolloutSearch``, so the work is counted as the engines count theirs, in moves
played, and the same view and seed give the same move.

Issue 47: with every play-out run to the end, one play-out outlasted the work in Trackgammon (130
moves) and a round of eight candidates outlasted it nearly everywhere; a round counts only when
whole, so the search decided on nothing and played the normal player's move (30 of 30 decisions in
Trackgammon and Duvelen). ``tests/test_bench_mc_baseline.py`` holds that share small.

Where no world can be built from the view the normal player decides: How Ruck!'s forming of the
teams (a race, not searched by hard either), and the Trackgammon positions within a turn whose start
cannot be found from the view's moves (a carried stack; about one searched decision in eight).

``WORK`` is calibrated so that a decision costs about ``TARGET_MS`` of CPU on the reference machine
(2 cores; ``python bench/mc_baseline.py`` prints the mean and p99 per game). ``bench/ai_strength.py``
plays it as the level ``mc`` (``--pairs hard-mc``).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import manoever_normal  # noqa: E402
from engines.budget import Budget  # noqa: E402
from engines.duvelen_hard import sample_world as duvelen_world  # noqa: E402
from engines.errors import BadState  # noqa: E402
from engines.hindmost_hard import sample_world as hindmost_world  # noqa: E402
from engines.hindmost_normal import ranked as hindmost_ranked  # noqa: E402
from engines.howruck_hard import sample_world as howruck_world  # noqa: E402
from engines.howruck_normal import ranked as howruck_ranked  # noqa: E402
from engines.manoever import ManoeverState  # noqa: E402
from engines.rng import Rng, derive_seed  # noqa: E402
from engines.search import RolloutSearch  # noqa: E402
from engines.trackgammon import (  # noqa: E402
    SIZES,
    TrackgammonState,
    disc_index,
    distance_to_finish,
    home_count,
    parse_move,
    turn_values,
)
from engines.trackgammon import _replay_turn as replay_turn  # noqa: E402
from engines.trackgammon_normal import NORMAL_WEIGHTS as TRACKGAMMON_WEIGHTS  # noqa: E402
from engines.trackgammon_normal import WORK_BUDGET as TRACKGAMMON_WORK  # noqa: E402
from engines.trackgammon_normal import turn_ends  # noqa: E402
from table.registry import GAMES  # noqa: E402

TARGET_MS = 150
CANDIDATES = 8
MAX_WORLDS = 256
MIN_WORLDS = 8  # whole rounds of worlds a decision's work must pay for: the horizon is cut to fit
# ... except where every world is the same (Manöver after the opening: the open board, no chance):
# one round there, and the work goes into looking further ahead.
WORLDS_NEEDED = {"manoever": 1}
MIN_HORIZON = 4  # moves a play-out looks ahead at the least (past the seat's own next moves)
LEAD = 1e-3  # the value of a point of lead beside a whole win: it only breaks ties
# Moves played per decision, for about TARGET_MS of CPU per decision here (measured by main()).
WORK = {"manoever": 200, "hindmost": 1450, "duvelen": 1600, "howruck": 2400, "trackgammon": 130}


def manoever_world(view: dict[str, Any], _rng: Rng) -> ManoeverState:
    """The open board itself: after the opening nothing is hidden and nothing is left to chance."""
    return ManoeverState(
        players=view["players"],
        seed=0,
        start_seat=view["start_seat"],
        seat=view["mover"],
        turn=view["turn"],
        stacks={e["field"]: tuple((r["seat"], r["recruit"]) for r in e["recruits"]) for e in view["stacks"]},
        courtyard=tuple((e["seat"], e["recruit"]) for e in view["courtyard"]),
        bonus={e["field"]: e["factor"] for e in view["bonus"]},
        rewards={e["field"]: e["value"] for e in view["rewards"]},
        taken=tuple(tuple(values) for values in view["rewards_taken"]),
        moved=frozenset(view["moved"]),
        opening=(),
        last=(),
    )


def trackgammon_world(view: dict[str, Any], rng: Rng) -> TrackgammonState | None:
    """The open board with dice of the world's own: only the rolls to come are unknown. The turn's
    start is found by taking the view's moves of this turn back (a hit disc goes back where it was
    hit) and checked by playing them again; None if that does not give the board shown."""
    pos = tuple(point for row in view["discs"] for point in row)
    start = list(pos)
    for record in reversed(view["moves"]):
        start[disc_index(record["seat"], record["size"])] = record["from"]
        if record["hit"] is not None:
            start[disc_index(*record["hit"])] = record["to"]
    moves = tuple(record["action"] for record in view["moves"])
    dice = (view["dice"][0], view["dice"][1])
    try:
        replayed = replay_turn(tuple(start), view["players"], view["turn"], turn_values(dice), moves)
    except BadState:
        return None
    if replayed != pos:
        return None
    return TrackgammonState(
        players=view["players"],
        rng=rng.next64(),
        turn=view["turn"],
        turn_number=view["turn_number"],
        dice=dice,
        turn_start=tuple(start),
        turn_moves=moves,
        pos=pos,
        winner=view["winner"],
        opening=tuple(tuple(tuple(throw) for throw in rnd) for rnd in view["opening"]),
        last_turn=view["last_turn"],
        last_events=(),
    )


def _howruck_world(view: dict[str, Any], rng: Rng) -> Any:
    return howruck_world(view, rng) if view["phase"] == "tug" else None


# What a world is, per game, from the seat's view (None: no search here, the normal player decides).
WORLDS: dict[str, Callable[[dict[str, Any], Rng], Any]] = {
    "manoever": manoever_world,
    "hindmost": hindmost_world,
    "duvelen": duvelen_world,
    "howruck": _howruck_world,
    "trackgammon": trackgammon_world,
}


def _ordered(key: str, view: dict[str, Any], legal: list[str], first: str, seed: int) -> list[str]:
    """Up to ``CANDIDATES`` legal actions, the normal player's ``first``, then by its own ranking
    where the game's module has one (Manöver: the first moves of its best whole-turn plans)."""
    rest = [a for a in legal if a != first]
    if key == "manoever":
        board = manoever_normal.board_from_view(view)
        plans: dict[tuple[int, int], tuple[float, list[tuple[int, int]], manoever_normal.Board]] = {}
        manoever_normal.plan_turn(board, Budget(manoever_normal.WORK_BUDGET, seconds=None), plans)
        best = sorted(plans.items(), key=lambda item: (-item[1][0], item[0]))
        ranked_actions = [f"{board.stacks[f][-1][1]}-{d}" for (f, d), _ in best]
        rest = [a for a in ranked_actions if a in legal and a != first]
    elif key == "trackgammon":
        moves = frozenset(a for a in legal if parse_move(a))
        pos = tuple(point for row in view["discs"] for point in row)
        remaining = tuple(sorted(view["remaining"]))
        budget = Budget(TRACKGAMMON_WORK, seconds=None)
        ends = turn_ends(pos, view["players"], view["turn"], remaining, budget, moves, TRACKGAMMON_WEIGHTS)
        best: dict[str, float] = {}
        for score, plan in ends.values():
            if plan and plan[0] in moves:
                best[plan[0]] = max(score, best.get(plan[0], score))
        rest = [a for a in sorted(best, key=lambda a: (-best[a], a)) if a != first]
    elif key == "hindmost":
        scored = hindmost_ranked(view, legal, Budget(10_000, seconds=None))
        rest = [a for _, a in sorted(scored, key=lambda item: -item[0]) if a != first]
    elif key == "howruck":
        scored = howruck_ranked(view, legal, Rng(seed), Budget(10_000, seconds=None))
        rest = [a for _, a in sorted(scored, key=lambda item: -item[0]) if a != first]
    # Then the actions no ranking reached (a Manöver plan names only the recruits it moves).
    rest += [a for a in legal if a != first and a not in rest]
    return [first, *rest][:CANDIDATES]


class _BaselineSearch(RolloutSearch[Any]):
    """The search, keeping the totals it picked from (``decide``)."""

    totals: list[float] | None = None

    def pick(self, candidates: Sequence[str], totals: list[float]) -> str:
        self.totals = list(totals)
        return RolloutSearch.pick(candidates, totals)


@dataclass(frozen=True)
class Decision:
    """What the yardstick played and why: ``totals`` (the candidates' summed values over the whole
    rounds of worlds played) is None where nothing was searched (one candidate, no world)."""

    action: str
    normal: str  # the normal player's move, the first candidate
    candidates: list[str]
    totals: list[float] | None

    @property
    def by_default(self) -> bool:
        """Searched, and the normal player's move played because the search told no candidate
        from another: no whole round of worlds played, or every candidate valued the same. (A tie
        of the normal player's move with some others is a judgement: Trackgammon's moves of one
        turn played in another order often reach the same position.)"""
        return self.totals is not None and len(set(self.totals)) == 1


class _ManoeverSearch(_BaselineSearch):
    """Play-outs that plan a turn once and play the plan through (the normal player would re-plan
    after every move and mostly find the same moves): a third of the cost, so more play-outs."""

    plan: list[tuple[int, int]] = []
    turn = -1

    def _rollout(self, world: ManoeverState, seat: int, action: str, seed: int, budget: Budget) -> float:
        self.plan, self.turn = [], -1  # a play-out cut at the horizon leaves its plan half played
        return super()._rollout(world, seat, action, seed, budget)

    def playout_move(self, state: ManoeverState, mover: int, legal: list[str], seed: int) -> str:
        if state.turn != self.turn or not self.plan:
            self.turn = state.turn
            board = manoever_normal.board_from_view(dict(self.engine.view(state, mover)))
            self.plan = manoever_normal.plan_turn(board, Budget(manoever_normal.WORK_BUDGET, seconds=None))
        if self.plan:
            field, distance = self.plan.pop(0)
            stack = state.stacks.get(field)
            action = f"{stack[-1][1]}-{distance}" if stack else ""
            if action in legal:
                return action
        self.plan = []
        return super().playout_move(state, mover, legal, seed)


def horizon(key: str, work: int, candidates: int) -> int:
    """Moves a play-out runs after its candidate: as many as let ``MIN_WORLDS`` whole rounds of
    the candidates fit in ``work``, and never fewer than ``MIN_HORIZON``."""
    return max(MIN_HORIZON, work // (candidates * WORLDS_NEEDED.get(key, MIN_WORLDS)))


def _lead(key: str, engine: Any, state: Any, seat: int) -> float:
    """How far ``seat`` leads the best other seat as the game stands, in the game's points
    (``scores_now``), except where those say little before the end: Trackgammon's come from the
    finishing order alone (discs home, then the distance left, instead), Manöver's from recruits
    already home and cards taken (the normal player's evaluation of the board, instead)."""
    if key == "trackgammon":
        race = [
            100.0 * home_count(state.pos, s) - sum(distance_to_finish(state.pos[disc_index(s, size)]) for size in SIZES)
            for s in range(state.players)
        ]
        return race[seat] - max(r for other, r in enumerate(race) if other != seat)
    if key == "manoever":
        board = manoever_normal.board_from_view(dict(engine.view(state, seat)))
        return manoever_normal.evaluate(dataclasses.replace(board, me=seat))  # its ``me`` is the mover
    totals = [float(x) for x in engine.scores_now(state)]
    return totals[seat] - max(t for other, t in enumerate(totals) if other != seat)


def _win_share(key: str, engine: Any, seat: int) -> Callable[[Any, Any], float]:
    """The seat's share of first place at the end (at a horizon: 1 leading, 0 behind, a half
    level), plus ``LEAD`` per point of lead over the best other seat."""

    def value(_before: Any, after: Any) -> float:
        lead = _lead(key, engine, after, seat)
        outcome = engine.outcome(after)
        if outcome is not None:
            places = list(outcome.placements)
            share = 0.0 if places[seat] != 1 else 1.0 / sum(1 for p in places if p == 1)
        else:
            share = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        return share + LEAD * lead

    return value


def choose(key: str, view: dict[str, Any], legal: list[str], seed: int, work: int | None = None) -> str:
    """The flat Monte Carlo player's action for the seat whose ``view`` this is."""
    return decide(key, view, legal, seed, work).action


def decide(key: str, view: dict[str, Any], legal: list[str], seed: int, work: int | None = None) -> Decision:
    """``choose``, with the normal player's move and the search's totals beside the action."""
    entry = next(e for e in GAMES if e.key == key)
    engine = importlib.import_module(entry.engine_module).ENGINE
    ai = importlib.import_module(entry.ai_module)
    first = ai.choose(view, legal, seed, Budget(ai.WORK_BUDGET, seconds=None), "normal")
    world_of = WORLDS.get(key)
    if len(legal) == 1 or world_of is None or world_of(view, Rng(seed)) is None:
        return Decision(str(first), str(first), [str(first)], None)
    candidates = _ordered(key, view, legal, first, seed)
    if len(candidates) == 1:
        return Decision(candidates[0], candidates[0], candidates, None)
    search_class = _ManoeverSearch if key == "manoever" else _BaselineSearch
    work = work if work is not None else WORK[key]
    search = search_class(
        engine,
        sample=lambda rng: world_of(view, rng),
        policy=lambda v, lg, s, b: ai.choose(v, lg, s, b, "normal"),
        stop=lambda _before, _now: False,
        evaluate=_win_share(key, engine, view["viewer"]),
        policy_work=ai.WORK_BUDGET,
        max_plies=horizon(key, work, len(candidates)),
    )
    budget = Budget(work, seconds=None)
    action = search.best(view["viewer"], candidates, seed, budget, max_worlds=MAX_WORLDS)
    return Decision(action, first, candidates, search.totals)


def main() -> None:
    """CPU per decision of the Monte Carlo player, in two-player games of normal players."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--only", help="one game's key")
    parser.add_argument("--decisions", type=int, default=60)
    args = parser.parse_args()
    for key in WORK:
        if args.only and key != args.only:
            continue
        entry = next(e for e in GAMES if e.key == key)
        engine = importlib.import_module(entry.engine_module).ENGINE
        ai = importlib.import_module(entry.ai_module)
        options = engine.normalize_options({"mode": "relaxed"} if key == "duvelen" else {})
        times: list[float] = []
        game = 0
        while len(times) < args.decisions:
            state = engine.new_game(2, derive_seed(40, key, game), options)[0]
            game += 1
            step = 0
            while engine.outcome(state) is None and len(times) < args.decisions:
                movers = sorted(engine.to_move(state))
                seat = movers[step % len(movers)]
                legal, view = engine.legal_actions(state, seat), engine.view(state, seat)
                seed = derive_seed(game, step, seat)
                if step % 7 == 0 and len(legal) > 1:  # a spread of positions, not every one
                    started = time.process_time()
                    choose(key, view, legal, seed)
                    times.append(time.process_time() - started)
                state = engine.apply(state, seat, ai.choose(view, legal, seed, None, "normal"))[0]
                step += 1
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"{key:10s} work {WORK[key]:5d}  n {len(times)}  cpu mean {1000 * statistics.mean(times):6.1f} ms"
            f"  p99 {1000 * p99:6.1f} ms (target mean {TARGET_MS})",
            flush=True,
        )


if __name__ == "__main__":
    main()

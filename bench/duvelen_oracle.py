"""How much Duvelen's decisions can be worth: hard's search handed the TRUE hidden cards.

An upper bound, not a player: the hard seat's one world is the real state (every Stok and
Draaistok card where it really lies), so its play-outs, which follow the normal players' own rules,
foresee the rivals exactly. No computer plays like this; ``engines/duvelen_hard.py`` samples
the cards it has not seen. Run against the same deals as ``bench/ai_strength.py`` (relaxed mode,
safety stop off), it says whether a target is out of reach of the search itself: if even this
seat, at the same horizon (``--turns``), misses a share, better guessing cannot reach it. Beyond a
few turns the bound says little: the play-outs then replay the rivals' real future.

    nice -n 10 python bench/duvelen_oracle.py --players 4 --games 200 --turns 2 [--hold-all]
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ai_strength import report  # noqa: E402
from bench.tuning import Job, deals, share_of  # noqa: E402
from engines import budget as budget_module  # noqa: E402
from engines import duvelen_ai, duvelen_hard  # noqa: E402
from engines.duvelen import ENGINE, DuvelenState  # noqa: E402
from engines.levels import HARD, NORMAL  # noqa: E402
from engines.rng import Rng, derive_seed  # noqa: E402

_truth: list[DuvelenState] = []  # the state the hard seat decides in (one game at a time a process)


def _true_world(_view: dict[str, Any], _rng: Rng) -> DuvelenState:
    return _truth[-1]


def _configure(turns: int, hold_all: bool) -> None:
    budget_module.SAFETY_SECONDS = None
    duvelen_hard.sample_world = _true_world
    duvelen_hard.MAX_WORLDS = 1  # every world would be the same
    duvelen_hard.TURNS_AHEAD = turns
    if hold_all:
        duvelen_hard.HOLD_BACK_PLAYERS = 99


def play(job: Job) -> float:
    _settings, _level, seed, hard_seat, players = job
    levels = [HARD if seat == hard_seat else NORMAL for seat in range(players)]
    state = ENGINE.new_game(players, seed, ENGINE.normalize_options({"mode": "relaxed"}))[0]
    for step in range(20000):
        if ENGINE.outcome(state) is not None:
            break
        movers = sorted(ENGINE.to_move(state))
        seat = movers[step % len(movers)]
        _truth[:] = [state]
        view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
        action = duvelen_ai.choose(view, legal, derive_seed(seed, step, seat), None, levels[seat])
        state = ENGINE.apply(state, seat, action)[0]
    outcome = ENGINE.outcome(state)
    return share_of(outcome.placements, hard_seat) if outcome else 1.0 / players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--turns", type=int, default=duvelen_hard.TURNS_AHEAD, help="own turns a play-out covers")
    parser.add_argument("--hold-all", action="store_true", help="hold back at any table size")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = deals("duvelen", {}, HARD, args.games, args.seed, args.players)
    with Pool(args.workers, initializer=_configure, initargs=(args.turns, args.hold_all)) as pool:
        scores = list(pool.imap(play, jobs))
    label = f"{args.players}p hard seeing all, {args.turns} turns" + (", holding back" if args.hold_all else "")
    report(label, scores, 0, fair=1.0 / args.players)


if __name__ == "__main__":
    main()

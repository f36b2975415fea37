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

from bench.ai_strength import play_game, report  # noqa: E402
from bench.tuning import Job, deals, share_of  # noqa: E402
from engines import budget as budget_module  # noqa: E402
from engines import duvelen_hard  # noqa: E402
from engines.duvelen import ENGINE, DuvelenState  # noqa: E402
from engines.levels import HARD, NORMAL  # noqa: E402
from engines.rng import Rng  # noqa: E402

_truth: list[DuvelenState] = []  # the state whose view was built last: the one being decided in
_view_of = ENGINE.view


def _recording_view(state: DuvelenState, seat: int | None) -> Any:
    _truth[:] = [state]
    return _view_of(state, seat)


def _true_world(_view: dict[str, Any], _rng: Rng) -> DuvelenState:
    return _truth[-1]


def _configure(turns: int, hold_all: bool) -> None:
    budget_module.SAFETY_SECONDS = None
    # bench/ai_strength.py's games build the deciding seat's view just before each decision.
    ENGINE.view = _recording_view
    duvelen_hard.sample_world = _true_world
    duvelen_hard.MAX_WORLDS = 1  # every world would be the same
    duvelen_hard.TURNS_AHEAD = turns
    if hold_all:
        duvelen_hard.HOLD_BACK_PLAYERS = 99


def play(job: Job) -> float:
    """One game of bench/ai_strength.py's (the same deal and decisions), the hard seat seeing all."""
    _settings, _level, seed, hard_seat, players = job
    levels = [HARD if seat == hard_seat else NORMAL for seat in range(players)]
    placements, finished, _times = play_game(("duvelen", levels, seed, 20000, "main", {"mode": "relaxed"}))
    return share_of(placements, hard_seat) if finished else 1.0 / players


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

"""Tune the Trackgammon evaluation's weights by play against the normal player.

A *probe* player is a second copy of ``engines/trackgammon_ai.py`` (the working tree's) whose
evaluation weights (or other constants) are set from ``--set NAME=VALUE``; it plays the module's
own ``normal`` player, two players with the seats alternated (or one probe among ``--players``
normal ones), on the seeded deals of ``bench/ai_strength.py``: the same ``--seed`` and ``--games``
replay the same dice, so two settings compare on identical deals. ``--level`` is the probe's
level: ``normal`` (the turn search alone, about 0.3 s of CPU a two-player game: the cheap way to
rank weights) or ``hard`` (with the reply search, about 3 s a game).

``--ascent`` runs a coordinate ascent: each named constant in turn is multiplied by each
``--factors`` value, and a change is kept when the probe's share rises by at least ``--keep``
points; the settings and shares are printed as it goes (the figures are the tuning record).

    nice -n 10 python bench/trackgammon_tune.py --games 200 --seed 101 --set block_bonus=6
    nice -n 10 python bench/trackgammon_tune.py --games 200 --seed 101 --ascent block_bonus,bury_loss
"""

from __future__ import annotations

import argparse
import sys
import types
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ai_strength import wilson  # noqa: E402
from engines import budget as budget_module  # noqa: E402
from engines import trackgammon_ai  # noqa: E402
from engines.rng import derive_seed  # noqa: E402
from engines.trackgammon import ENGINE  # noqa: E402

_probes: dict[tuple[tuple[tuple[str, float], ...], str, int], types.ModuleType] = {}
# Read once, so that editing the module while a tuning run goes on does not change the probe.
PROGRESS = 0  # print the share so far every this many games (``--progress``)
SOURCE = (ROOT / "engines" / "trackgammon_ai.py").read_text()


def _probe(settings: tuple[tuple[str, float], ...], level: str, players: int) -> types.ModuleType:
    """A separate copy of the AI module with its settings changed (the normal player keeps its own).

    A lower-case name is a field of the ``Weights`` of the probe's level and player count
    (``NORMAL_WEIGHTS``, ``HARD_WEIGHTS`` or ``HARD_MULTI_WEIGHTS``), an upper-case one a module
    constant (``HARD_CANDIDATES``...)."""
    if (settings, level, players) not in _probes:
        module = types.ModuleType("trackgammon_probe")
        sys.modules[module.__name__] = module
        exec(compile(SOURCE, "trackgammon_probe", "exec"), module.__dict__)  # noqa: S102
        table = "NORMAL_WEIGHTS" if level != "hard" else "HARD_WEIGHTS" if players == 2 else "HARD_MULTI_WEIGHTS"
        for name, value in settings:
            if name.islower():
                weights = getattr(module, table)
                if name not in weights._fields:
                    raise SystemExit(f"no weight {name}")
                setattr(module, table, weights._replace(**{name: value}))
            elif hasattr(module, name):
                setattr(module, name, type(getattr(module, name))(value))
            else:
                raise SystemExit(f"no constant {name}")
        _probes[settings, level, players] = module
    return _probes[settings, level, players]


def play(job: tuple[tuple[tuple[str, float], ...], str, int, int, int]) -> float:
    """One game; the probe's share of it (a cut-off game counts as its fair share)."""
    settings, level, seed, probe_seat, players = job
    probe = _probe(settings, level, players)
    state = ENGINE.new_game(players, seed, ENGINE.normalize_options({}))[0]
    for step in range(20000):
        outcome = ENGINE.outcome(state)
        if outcome is not None:
            if outcome.placements[probe_seat] != 1:
                return 0.0
            return 1.0 / sum(1 for p in outcome.placements if p == 1)
        seat = sorted(ENGINE.to_move(state))[0]
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        decision_seed = derive_seed(seed, step, seat)
        if seat == probe_seat:
            action = probe.choose(view, legal, decision_seed, None, level)
        else:
            action = trackgammon_ai.choose(view, legal, decision_seed, None, "normal")
        state, _events = ENGINE.apply(state, seat, action)
    return 1.0 / players


def measure(pool: Pool, settings: dict[str, float], level: str, games: int, seed: int, players: int) -> float:
    key = tuple(sorted(settings.items()))
    if players == 2:  # the deals of bench/ai_strength.py, each played from both seats
        jobs = [(key, level, derive_seed(seed, "trackgammon", g // 2), g % 2, 2) for g in range(games)]
    else:  # its multi-player deals, the probe's seat going round the table
        jobs = [(key, level, derive_seed(seed, "trackgammon", "multi", g), g % players, players) for g in range(games)]
    scores: list[float] = []
    for score in pool.imap(play, jobs):
        scores.append(score)
        if PROGRESS and len(scores) % PROGRESS == 0 and len(scores) < len(jobs):
            low, high = wilson(sum(scores), len(scores))
            print(
                f"    after {len(scores)}: {100 * sum(scores) / len(scores):5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}]",
                flush=True,
            )
    share = sum(scores) / len(scores)
    low, high = wilson(sum(scores), len(scores))
    text = " ".join(f"{k}={v:g}" for k, v in sorted(settings.items())) or "(module as is)"
    print(f"  {100 * share:5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}] n {games}  {text}", flush=True)
    return share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--level", default="normal", help="the probe's level")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE, the probe's constants")
    parser.add_argument("--ascent", help="comma list of constants to tune in turn")
    parser.add_argument("--factors", default="0.5,2")
    parser.add_argument("--keep", type=float, default=2.0, help="points of share a change must gain")
    parser.add_argument("--players", type=int, default=2, help="one probe among normal players")
    parser.add_argument("--progress", type=int, default=0, help="print the share so far every N games")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    global PROGRESS
    PROGRESS = args.progress
    settings = {name: float(value) for name, value in (item.split("=") for item in args.set)}
    # The players as their work budgets allow, whatever the load (as bench/ai_strength.py
    # --no-safety-stop): otherwise a busy machine cuts hard's decisions short and the figures drift.
    budget_module.SAFETY_SECONDS = None
    with Pool(processes=max(1, args.workers)) as pool:
        best = measure(pool, settings, args.level, args.games, args.seed, args.players)
        if not args.ascent:
            return
        for name in args.ascent.split(","):
            table = trackgammon_ai.hard_weights(args.players) if args.level == "hard" else trackgammon_ai.NORMAL_WEIGHTS
            base = settings.get(name, float(getattr(table if name.islower() else trackgammon_ai, name)))
            for factor in (float(f) for f in args.factors.split(",")):
                trial = {**settings, name: base * factor}
                share = measure(pool, trial, args.level, args.games, args.seed, args.players)
                if share >= best + args.keep / 100:
                    best, settings = share, trial
                    break
        print("best: " + " ".join(f"--set {k}={v:g}" for k, v in sorted(settings.items())), flush=True)


if __name__ == "__main__":
    main()

"""Tune Devil Take The Hindmost's evaluation by play: one probe player among normal ones.

A *probe* player is a second copy of ``engines/hindmost_ai.py`` (the working tree's) with some of
its constants set from ``--set NAME=VALUE`` (a lower-case name is a field of hard's weights at
three or more players, ``HARD_MULTI_WEIGHTS``; an upper-case one a module constant); it plays the module's own ``normal`` players, one
probe among ``--players`` seats (the probe's seat going round the table, on the multi-player deals
of ``bench/ai_strength.py``), or at two players with the seats alternated on its two-player deals.
The same ``--seed`` and ``--games`` replay the same deals, so two settings compare on identical
deals. ``--level`` is the probe's level: ``normal`` (the one-move scoring alone with hard's
weights, what hard plays wherever it does not search: a few hundredths of a second of CPU a game,
the cheap way to rank weights) or ``hard`` (about 0.7 s a game).

``--ascent`` runs a coordinate ascent: each named constant in turn is multiplied by each
``--factors`` value, and a change is kept when the probe's share rises by at least ``--keep``
points. The wall-clock safety stop is off (as ``bench/ai_strength.py --no-safety-stop``).

    nice -n 10 python bench/hindmost_tune.py --players 4 --games 3000 --seed 101 --set team_weight=0.1
    nice -n 10 python bench/hindmost_tune.py --games 3000 --ascent elimination_cost,team_weight
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
from engines import hindmost_ai  # noqa: E402
from engines.budget import Budget  # noqa: E402
from engines.hindmost import ENGINE  # noqa: E402
from engines.rng import derive_seed  # noqa: E402

# Read once, so that editing the module while a tuning run goes on does not change the probe.
SOURCE = (ROOT / "engines" / "hindmost_ai.py").read_text()
_probes: dict[tuple[tuple[str, float], ...], types.ModuleType] = {}


def _probe(settings: tuple[tuple[str, float], ...]) -> types.ModuleType:
    """A separate copy of the AI module with its constants changed (the normal players keep theirs)."""
    if settings not in _probes:
        module = types.ModuleType("hindmost_probe")
        sys.modules[module.__name__] = module  # dataclasses look their module up
        exec(compile(SOURCE, "hindmost_probe", "exec"), module.__dict__)  # noqa: S102
        for name, value in settings:
            if name.islower():
                weights = module.HARD_MULTI_WEIGHTS
                if name not in weights._fields:
                    raise SystemExit(f"no weight {name}")
                module.HARD_MULTI_WEIGHTS = weights._replace(**{name: value})
                continue
            if not hasattr(module, name):
                raise SystemExit(f"no constant {name}")
            setattr(module, name, type(getattr(module, name))(value))
        _probes[settings] = module
    return _probes[settings]


def play(job: tuple[tuple[tuple[str, float], ...], str, int, int, int]) -> float:
    """One game; the probe's share of it (a shared first place splits it, a cut-off game is fair)."""
    settings, level, seed, probe_seat, players = job
    probe = _probe(settings)
    state = ENGINE.new_game(players, seed, ENGINE.normalize_options({}))[0]
    for step in range(20000):
        outcome = ENGINE.outcome(state)
        if outcome is not None:
            if outcome.placements[probe_seat] != 1:
                return 0.0
            return 1.0 / sum(1 for p in outcome.placements if p == 1)
        seat = sorted(ENGINE.to_move(state))[step % len(ENGINE.to_move(state))]
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        decision_seed = derive_seed(seed, step, seat)
        if seat != probe_seat:
            action = hindmost_ai.choose(view, legal, decision_seed, None, "normal")
        elif level == "normal":  # the normal player's choice with hard's weights
            scored = probe.ranked(view, legal, Budget(probe.WORK_BUDGET), probe.hard_weights(players))
            action = probe._best_of(scored, decision_seed)
        else:
            action = probe.choose(view, legal, decision_seed, None, level)
        state, _events = ENGINE.apply(state, seat, action)
    return 1.0 / players


def measure(pool: Pool, settings: dict[str, float], level: str, games: int, seed: int, players: int) -> float:
    key = tuple(sorted(settings.items()))
    if players == 2:
        jobs = [(key, level, derive_seed(seed, "hindmost", g // 2), g % 2, 2) for g in range(games)]
    else:
        jobs = [(key, level, derive_seed(seed, "hindmost", "multi", g), g % players, players) for g in range(games)]
    scores = list(pool.imap(play, jobs, chunksize=8))
    share = sum(scores) / len(scores)
    low, high = wilson(sum(scores), len(scores))
    text = " ".join(f"{k}={v:g}" for k, v in sorted(settings.items())) or "(module as is)"
    print(f"  {100 * share:5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}] n {games}  {text}", flush=True)
    return share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--level", default="normal", help="the probe's level")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE, the probe's constants")
    parser.add_argument("--ascent", help="comma list of constants to tune in turn")
    parser.add_argument("--factors", default="0.5,2")
    parser.add_argument("--keep", type=float, default=1.0, help="points of share a change must gain")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    settings = {name: float(value) for name, value in (item.split("=") for item in args.set)}
    budget_module.SAFETY_SECONDS = None
    with Pool(processes=max(1, args.workers)) as pool:
        best = measure(pool, settings, args.level, args.games, args.seed, args.players)
        if not args.ascent:
            return
        for name in args.ascent.split(","):
            source = hindmost_ai.hard_weights(args.players) if name.islower() else hindmost_ai
            base = settings.get(name, float(getattr(source, name)))
            for factor in (float(f) for f in args.factors.split(",")):
                trial = {**settings, name: base * factor}
                share = measure(pool, trial, args.level, args.games, args.seed, args.players)
                if share >= best + args.keep / 100:
                    best, settings = share, trial
                    break
        print("best: " + " ".join(f"--set {k}={v:g}" for k, v in sorted(settings.items())), flush=True)


if __name__ == "__main__":
    main()

"""What the tuning scripts share (``bench/trackgammon_tune.py``, ``bench/hindmost_tune.py``): a
*probe* copy of a game's AI module with some constants changed, the paired deals of
``bench/ai_strength.py``, the printed share, and the coordinate ascent over ``--set`` values.

A setting's name in lower case is a field of the probe's ``Weights`` record (which record each
script says), in upper case a module constant (``HARD_CANDIDATES``...)."""

from __future__ import annotations

import argparse
import sys
import types
from collections.abc import Callable, Sequence
from multiprocessing import Pool

from bench.ai_strength import wilson
from engines import budget as budget_module
from engines.rng import derive_seed

Settings = tuple[tuple[str, float], ...]
Job = tuple[Settings, str, int, int, int]  # settings, probe's level, deal seed, probe's seat, players


def load_probe(source: str, name: str, settings: Settings, weights_table: str) -> types.ModuleType:
    """A separate copy of an AI module (from its ``source``) with ``settings`` applied; the module
    itself, which the other seats play, keeps its own."""
    module = types.ModuleType(name)
    sys.modules[name] = module  # dataclasses look their module up
    exec(compile(source, name, "exec"), module.__dict__)  # noqa: S102
    for key, value in settings:
        if key.islower():
            weights = getattr(module, weights_table)
            if key not in weights._fields:
                raise SystemExit(f"no weight {key}")
            setattr(module, weights_table, weights._replace(**{key: value}))
        elif hasattr(module, key):
            setattr(module, key, type(getattr(module, key))(value))
        else:
            raise SystemExit(f"no constant {key}")
    return module


def deals(game: str, settings: dict[str, float], level: str, games: int, seed: int, players: int) -> list[Job]:
    """The deals of bench/ai_strength.py: at two players each deal from both seats, beyond that its
    multi-player deals with the probe's seat going round the table."""
    key = tuple(sorted(settings.items()))
    if players == 2:
        return [(key, level, derive_seed(seed, game, g // 2), g % 2, 2) for g in range(games)]
    return [(key, level, derive_seed(seed, game, "multi", g), g % players, players) for g in range(games)]


def share_of(placements: Sequence[int], seat: int) -> float:
    """The seat's share of a finished game: a first place shared splits it."""
    if placements[seat] != 1:
        return 0.0
    return 1.0 / sum(1 for place in placements if place == 1)


def report(scores: Sequence[float], settings: dict[str, float]) -> float:
    """Print the probe's share with its 95% Wilson interval and the settings; return the share."""
    share = sum(scores) / len(scores)
    low, high = wilson(sum(scores), len(scores))
    text = " ".join(f"{k}={v:g}" for k, v in sorted(settings.items())) or "(module as is)"
    print(f"  {100 * share:5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}] n {len(scores)}  {text}", flush=True)
    return share


def arguments(description: str, *, games: int, keep: float, players: int) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--level", default="normal", help="the probe's level")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE, the probe's constants")
    parser.add_argument("--ascent", help="comma list of constants to tune in turn")
    parser.add_argument("--factors", default="0.5,2")
    parser.add_argument("--keep", type=float, default=keep, help="points of share a change must gain")
    parser.add_argument("--players", type=int, default=players, help="one probe among normal players")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, help="print the share so far every N games")
    return parser


def run(args: argparse.Namespace, game: str, play: Callable[[Job], float], default: Callable[[str], float]) -> None:
    """Measure the ``--set`` settings (and run ``--ascent``) with ``play`` on ``args.workers``
    processes, the players as their work budgets allow whatever the load (as bench/ai_strength.py
    --no-safety-stop): otherwise a busy machine cuts hard's decisions short and the figures drift."""
    budget_module.SAFETY_SECONDS = None
    with Pool(processes=max(1, args.workers)) as pool:

        def measure(settings: dict[str, float]) -> float:
            scores: list[float] = []
            for score in pool.imap(play, deals(game, settings, args.level, args.games, args.seed, args.players), 4):
                scores.append(score)
                if args.progress and len(scores) % args.progress == 0 and len(scores) < args.games:
                    low, high = wilson(sum(scores), len(scores))
                    share = 100 * sum(scores) / len(scores)
                    print(f"    after {len(scores)}: {share:5.1f}% [{100 * low:4.1f}, {100 * high:4.1f}]", flush=True)
            return report(scores, settings)

        ascent(args, settings_of(args), measure, default)


def settings_of(args: argparse.Namespace) -> dict[str, float]:
    return {name: float(value) for name, value in (item.split("=") for item in args.set)}


def ascent(
    args: argparse.Namespace,
    settings: dict[str, float],
    measure: Callable[[dict[str, float]], float],
    default: Callable[[str], float],
) -> None:
    """Measure ``settings``; with ``--ascent``, multiply each named constant in turn (starting from
    ``default(name)`` unless set) by each ``--factors`` value, keeping a change that gains at
    least ``--keep`` points, and print the best settings found."""
    best = measure(settings)
    if not args.ascent:
        return
    for name in args.ascent.split(","):
        base = settings.get(name, default(name))
        for factor in (float(f) for f in args.factors.split(",")):
            trial = {**settings, name: base * factor}
            share = measure(trial)
            if share >= best + args.keep / 100:
                best, settings = share, trial
                break
    print("best: " + " ".join(f"--set {k}={v:g}" for k, v in sorted(settings.items())), flush=True)

"""How strong the computer levels are: levels play each other, and the win rates are printed.

For every game (``--only`` one) it plays, at two players, each pair of levels (``hard`` against
``normal``, ``normal`` against ``easy``, and today's player, the ``normal`` of ``--today-ref``,
against the new ``normal``) with the seats alternated game by game; and at ``--multi`` players
(default 4, or the game's maximum) one ``hard`` seat among ``normal`` ones, the hard seat moving
round the table. Prints per game and player count the first level's share of the games (a shared
first place counts half, a game cut off at ``--max-steps`` counts half too and is reported) with a
95% Wilson interval, and the hard seat's share against its fair share 1/players.

``--duvelen-mode live`` plays Duvelen's live rounds (everyone at once) instead, paced as the bot
paces its computers (``table/computers.py``): a seat that may act waits its level's pause
(``engines.levels.PACE``, with the bot's jitter), then acts on the table as it is by then, so a
hard computer acts more often than a normal one. The relaxed figures measure the decisions alone;
the live ones the level as a live table meets it, speed included.

Targets (issue 23): ``hard`` beats ``normal`` and ``normal`` beats ``easy`` in at least 65% of
two-player games, in every game (400 games per pair and game, Duvelen in relaxed mode); one
``hard`` among ``normal`` seats in 4-player games wins at least 1.5 times its fair share.

Issue 40's yardstick: the level ``mc`` is the fair flat Monte Carlo player of ``bench/mc_baseline.py``
(about 150 ms of CPU a decision) and ``today_hard`` the hard player of ``--today-ref``, so
``--pairs hard-mc,today_hard-mc`` measures hard against it after and before a change. Target: hard
wins at least 55% of two-player games against ``mc`` in every game. The two-player lines are
followed by each level's CPU per decision.

Each game is played with the real engine and the computer players exactly as the bot calls them
(``choose(view, legal, seed, budget, level)``, default budgets; a game's own seed decides the deal
and the dice). In simultaneous play the seats that may act take turns, or (live Duvelen) act as
their pace allows. Runs the games in a pool of
``--workers`` processes (default 1: the machine is shared) under whatever ``nice`` it is given.
``--no-safety-stop`` turns the wall-clock safety stop (``engines.budget``) off, so the players play
exactly as their work budgets allow, as on an idle machine, and the figures no longer depend on what
else the machine runs (under load the stop cuts many hard decisions short).

    nice -n 10 python bench/ai_strength.py [--games 400] [--multi-games 200] [--only GAME]

A long run may stop and go on: ``--games-from K --games N`` plays games K to K+N-1 of the same
sequence (with ``--no-safety-stop`` a game is the same whenever it is played), and ``--every 10``
prints the running figure every ten games.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.abc
import importlib.util
import math
import re
import subprocess
import sys
import time
import types
from importlib.machinery import ModuleSpec
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import mc_baseline  # noqa: E402
from engines import budget as budget_module  # noqa: E402
from engines.levels import HARD, LEVELS, pause_factor  # noqa: E402
from engines.rng import derive_seed  # noqa: E402
from table.registry import GAMES  # noqa: E402

TODAY = "today"  # the normal player of --today-ref, loaded from git
TODAY_HARD = "today_hard"  # the hard player of --today-ref: before and after a change to hard
MC = "mc"  # the fair flat Monte Carlo player of bench/mc_baseline.py (issue 40's yardstick)
GAME_OPTIONS = {"duvelen": {"mode": "relaxed"}}  # ``--duvelen-mode`` may set live
PAIRS = (("hard", "normal"), ("normal", "easy"), ("hard", "easy"), ("normal", TODAY))
_today_modules: dict[str, types.ModuleType] = {}
_today_ref = "main"


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (centre - spread) / denominator, (centre + spread) / denominator


def _today(key: str, module_name: str) -> types.ModuleType:
    """Today's computer player: the AI module as it is at ``--today-ref`` (git), loaded beside the new
    one. The game's player modules it imports (``engines.<key>_normal`` and ``_hard``, where the ref
    has them) come from the ref too, so "today" is the whole player of that revision."""
    if key not in _today_modules:
        if not any(isinstance(finder, _TodaySources) for finder in sys.meta_path):
            sys.meta_path.insert(0, _TodaySources())
        _today_modules[key] = importlib.import_module(_today_name(module_name))
    return _today_modules[key]


PLAYER_PARTS = ("_ai", "_normal", "_hard")  # a game's player modules: engines.<key> plus one of these


def _today_name(module_name: str) -> str:
    return "today_" + module_name.replace(".", "__")


class _TodaySources(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``today_engines__<key>_<part>`` modules in git at ``--today-ref``, their own imports of
    the game's player modules turned to the same today's copies (whatever order they import in)."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if not fullname.startswith("today_engines__"):
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def exec_module(self, module: types.ModuleType) -> None:
        name = module.__name__.removeprefix("today_").replace("__", ".")
        path = name.replace(".", "/") + ".py"
        source = subprocess.run(
            ["git", "show", f"{_today_ref}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout
        base = name.removesuffix(next(part for part in PLAYER_PARTS if name.endswith(part)))
        for part in PLAYER_PARTS:
            source = re.sub(rf"\b{re.escape(base + part)}\b", _today_name(base + part), source)
        exec(compile(source, f"{_today_ref}:{path}", "exec"), module.__dict__)  # noqa: S102


class PacedSeats:
    """Who acts next at a live table of computers, as ``table/computers.py`` paces them: a seat that may
    act waits ``engines.levels.pause_factor`` (the bot's base delay scales every seat alike, so it
    drops out), then acts on the table as it is then; a seat that may no longer act when its wait ends
    gives its turn up until it may again."""

    def __init__(self, levels: list[str], seed: int) -> None:
        self.levels, self.seed = levels, seed
        self.now = 0.0
        self.due: dict[int, float] = {}

    def next(self, movers: list[int], version: int) -> int:
        for seat in movers:
            level = self.levels[seat] if self.levels[seat] in LEVELS else HARD  # the yardstick and today's
            # hard react as hard does: in a race only the decisions differ, not the reflexes
            self.due.setdefault(seat, self.now + pause_factor(self.seed, version, seat, level))
        while True:
            seat = min(self.due, key=lambda s: (self.due[s], s))
            self.now = self.due.pop(seat)
            if seat in movers:
                return seat


def play_game(
    job: tuple[str, list[str], int, int, str, dict[str, str]],
) -> tuple[list[int], bool, dict[str, list[float]]]:
    """One game: (placements, finished, decision seconds per level)."""
    key, levels, seed, max_steps, today_ref, game_options = job
    global _today_ref
    _today_ref = today_ref
    entry = next(e for e in GAMES if e.key == key)
    engine = importlib.import_module(entry.engine_module).ENGINE
    ai = importlib.import_module(entry.ai_module)
    options = engine.normalize_options(game_options)
    state = engine.new_game(len(levels), seed, options)[0]
    paced = PacedSeats(levels, seed) if options.get("mode") == "live" else None
    times: dict[str, list[float]] = {}
    for step in range(max_steps):
        if engine.outcome(state) is not None:
            break
        movers = sorted(engine.to_move(state))
        seat = paced.next(movers, step) if paced else movers[step % len(movers)]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        decision_seed = derive_seed(seed, step, seat)
        level = levels[seat]
        started = time.process_time()  # CPU: the machine is shared
        if level == TODAY:
            action = _today(key, entry.ai_module).choose(view, legal, decision_seed)
        elif level == TODAY_HARD:
            action = _today(key, entry.ai_module).choose(view, legal, decision_seed, None, "hard")
        elif level == MC:
            action = mc_baseline.choose(key, view, legal, decision_seed)
        else:
            action = ai.choose(view, legal, decision_seed, None, level)
        times.setdefault(level, []).append(time.process_time() - started)
        state, _events = engine.apply(state, seat, action)
    outcome = engine.outcome(state)
    if outcome is None:
        return [1] * len(levels), False, times
    return list(outcome.placements), True, times


def _set_safety(on: bool) -> None:
    if not on:
        budget_module.SAFETY_SECONDS = None


def share(placements: list[int], seat: int) -> float:
    """1 for a win alone, 1/k for a first place shared by k, 0 otherwise."""
    if placements[seat] != 1:
        return 0.0
    return 1.0 / sum(1 for p in placements if p == 1)


def report(label: str, scores: list[float], unfinished: int, fair: float | None = None) -> None:
    n = len(scores)
    total = sum(scores)
    low, high = wilson(total, n)
    text = f"  {label:44s} n {n:4d}  share {100 * total / n:5.1f}%  95% CI [{100 * low:5.1f}, {100 * high:5.1f}]"
    if fair is not None:
        text += f"  fair {100 * fair:4.1f}%  ratio {total / n / fair:4.2f} [{low / fair:4.2f}, {high / fair:4.2f}]"
    if unfinished:
        text += f"  (cut off: {unfinished})"
    print(text, flush=True)


def report_times(times: dict[str, list[float]]) -> None:
    """CPU per decision of each level in these games (where the levels differ most)."""
    for level in sorted(times):
        ordered = sorted(times[level])
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        mean = sum(ordered) / len(ordered)
        print(
            f"    {level:12s} cpu per decision: mean {1000 * mean:6.1f} ms, p99 {1000 * p99:6.1f} ms, n {len(ordered)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="two-player games per pair and game")
    parser.add_argument("--multi-games", type=int, default=200, help="games with one hard seat among normals")
    parser.add_argument("--multi", type=int, default=4, help="player count of the one-hard-among-normals games")
    parser.add_argument("--max-steps", type=int, default=20000, help="decisions after which a game is cut off")
    parser.add_argument("--only", help="one game's key")
    parser.add_argument("--pairs", help="comma list like hard-normal,normal-easy (default: all)")
    parser.add_argument("--today-ref", default="main", help="git revision whose normal player is 'today'")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--no-safety-stop", action="store_true", help="play by the work budgets alone")
    parser.add_argument("--duvelen-mode", choices=("relaxed", "live"), default="relaxed")
    parser.add_argument("--every", type=int, default=0, help="a running two-player figure every N games")
    parser.add_argument(
        "--games-from", type=int, default=0, help="the first two-player game's number (to go on with a long run)"
    )
    args = parser.parse_args()
    game_options = {**GAME_OPTIONS, "duvelen": {"mode": args.duvelen_mode}}
    pairs = PAIRS if not args.pairs else tuple(tuple(p.split("-")) for p in args.pairs.split(","))
    print("first level's share of the games (ties and cut-off games count half), 95% Wilson intervals")
    print("safety stop:", "off" if args.no_safety_stop else f"{budget_module.SAFETY_SECONDS} s")
    with Pool(processes=max(1, args.workers), initializer=_set_safety, initargs=(not args.no_safety_stop,)) as pool:
        for entry in GAMES:
            if args.only and entry.key != args.only:
                continue
            engine = importlib.import_module(entry.engine_module).ENGINE
            options = game_options.get(entry.key, {})
            print(f"{entry.key}", *(f"{k} {v}" for k, v in options.items()), flush=True)
            started = time.perf_counter()
            for first, second in pairs:
                if not args.games:
                    break
                jobs = []
                for g in range(args.games_from, args.games_from + args.games):
                    levels = [first, second] if g % 2 == 0 else [second, first]
                    jobs.append(
                        (
                            entry.key,
                            levels,
                            derive_seed(args.seed, entry.key, g // 2),
                            args.max_steps,
                            args.today_ref,
                            options,
                        )
                    )
                scores: list[float] = []
                unfinished = 0
                times: dict[str, list[float]] = {}
                for (placements, finished, spent), job in zip(pool.imap(play_game, jobs), jobs, strict=True):
                    seat = job[1].index(first)
                    scores.append(share(placements, seat) if finished else 0.5)
                    unfinished += not finished
                    for level, seconds in spent.items():
                        times.setdefault(level, []).extend(seconds)
                    if args.every and len(scores) % args.every == 0 and len(scores) < len(jobs):
                        report(f"  so far: {first} vs {second}", scores, unfinished)  # a long run's progress
                report(f"2 players: {first} vs {second}", scores, unfinished)
                report_times(times)
            players = min(args.multi, engine.max_players)
            if players > 2 and args.multi_games:
                jobs = []
                for g in range(args.multi_games):
                    levels = ["normal"] * players
                    levels[g % players] = "hard"
                    jobs.append(
                        (
                            entry.key,
                            levels,
                            derive_seed(args.seed, entry.key, "multi", g),
                            args.max_steps,
                            args.today_ref,
                            options,
                        )
                    )
                scores = []
                unfinished = 0
                for (placements, finished, _t), job in zip(pool.imap(play_game, jobs), jobs, strict=True):
                    seat = job[1].index("hard")
                    scores.append(share(placements, seat) if finished else 1.0 / players)
                    unfinished += not finished
                report(f"{players} players: one hard among normals", scores, unfinished, fair=1.0 / players)
            print(f"  ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

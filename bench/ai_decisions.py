"""How long the computer players take to decide, for every game and every player count.

Plays games between computer players (default options; in simultaneous play the seats that may act
take turns) and times every decision: ``choose(view, legal, seed)`` with the view and legal actions
prepared beforehand, which is exactly what the bot sends to its worker. Prints, per game and player
count, the wall-clock median, p99 and maximum (p99 only over at least 300 samples; fewer are said so)
and the CPU-time mean and p99 (this machine is shared: CPU time shows what the decision itself
costs); then each game's worst position types; Trackgammon's first decision of a turn (the whole
roll searched) on its own lines. When the AI module takes a ``budget`` (``engines.budget``), it
also prints how often the deterministic work budget changed the search and how often the
wall-clock safety stop fired (``--no-safety-stop``: never, the work budgets alone decide). Target (issue 13): decision p99 <= 200 ms everywhere, at every level (issue 23: ``--level``
easy, normal or hard, or ``all``; each level's own work budget, ``HARD_WORK_BUDGET`` for hard).

Bounded so it cannot hang: each (game, player count) stops after ``--seconds`` or ``--samples``
decisions (Trackgammon also wants ``--samples`` first decisions of a turn) and a game is cut off
after ``--max-steps`` decisions.

    python bench/ai_decisions.py [--seconds 30] [--samples 1000] [--only GAME] [--players N] [--level all]
        [--no-safety-stop]
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.rng import derive_seed  # noqa: E402
from table.registry import GAMES  # noqa: E402

MIN_P99_SAMPLES = 300


@dataclass
class Sample:
    kind: str
    wall: float
    cpu: float
    first: bool  # Trackgammon: the first decision of a turn
    bound: bool  # the work budget changed the search
    timed_out: bool  # the wall-clock safety stop fired


# ---- position types, per game ---------------------------------------------------------------------


def _bucket(n: int) -> str:
    for high, text in ((1, "1"), (4, "2-4"), (8, "5-8"), (16, "9-16"), (32, "17-32")):
        if n <= high:
            return text
    return "33+"


def _trackgammon_kind(view: dict, legal: list[str]) -> str:
    if not view["remaining"] or not any(a[0].isdigit() for a in legal):
        return "turn played out (done/undo)"
    roll = "double" if view["dice"][0] == view["dice"][1] else "plain roll"
    on_board = sum(1 for point in view["discs"][view["turn"]] if point != 26)
    return f"{roll}, {len(view['remaining'])} values left, {on_board} own discs on board"


def _manoever_kind(view: dict, legal: list[str]) -> str:
    from engines.manoever_normal import board_from_view, pending

    return f"{len(pending(board_from_view(view)))} recruits still to move, {_bucket(len(legal))} actions"


def _howruck_kind(view: dict, legal: list[str]) -> str:
    return f"{view['phase']}, {_bucket(len(legal))} actions"


def _plain_kind(view: dict, legal: list[str]) -> str:
    return f"{_bucket(len(legal))} legal actions"


KINDS = {"trackgammon": _trackgammon_kind, "manoever": _manoever_kind, "howruck": _howruck_kind}


# ---- playing --------------------------------------------------------------------------------------


def play(key: str, players: int, seconds: float, samples: int, max_steps: int, level: str = "normal") -> list[Sample]:
    entry = next(e for e in GAMES if e.key == key)
    engine = importlib.import_module(entry.engine_module).ENGINE
    ai = importlib.import_module(entry.ai_module)
    budgeted = "budget" in inspect.signature(ai.choose).parameters
    if budgeted:
        from engines.budget import Budget
    kind_of = KINDS.get(key, _plain_kind)
    out: list[Sample] = []
    started = time.perf_counter()
    seed = 0

    def enough() -> bool:
        if time.perf_counter() - started > seconds:
            return True
        firsts = sum(s.first for s in out) if key == "trackgammon" else samples
        return len(out) >= samples and firsts >= samples

    while not enough():
        state = engine.new_game(players, seed, engine.normalize_options({}))[0]
        for step in range(max_steps):
            if engine.outcome(state) is not None or enough():
                break
            movers = sorted(engine.to_move(state))
            seat = movers[step % len(movers)]
            legal = engine.legal_actions(state, seat)
            view = engine.view(state, seat)
            decision_seed = derive_seed(seed, step, seat)
            work = ai.HARD_WORK_BUDGET if level == "hard" else ai.WORK_BUDGET
            if level == "hard" and hasattr(ai, "hard_work"):  # a budget that depends on the table size
                work = ai.hard_work(players)
            budget = Budget(work) if budgeted else None
            wall, cpu = time.perf_counter(), time.thread_time()
            if budget is not None:
                action = ai.choose(view, legal, decision_seed, budget, level)
            else:
                action = ai.choose(view, legal, decision_seed)
            cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
            first = key == "trackgammon" and bool(view["remaining"]) and not view["moves"]
            out.append(
                Sample(
                    kind_of(view, legal),
                    wall,
                    cpu,
                    first,
                    bool(budget and budget.bound),
                    bool(budget and budget.timed_out),
                )
            )
            state, _events = engine.apply(state, seat, action)
        seed += 1
    return out


# ---- reporting ------------------------------------------------------------------------------------


def p99(values: list[float]) -> str:
    if len(values) < MIN_P99_SAMPLES:
        return f"(n<{MIN_P99_SAMPLES})"
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]:8.2f}"


def line(label: str, group: list[Sample], budgeted: bool) -> str:
    walls = [s.wall for s in group]
    cpus = [s.cpu for s in group]
    text = (
        f"  {label:52s} n {len(group):6d}  median {1000 * statistics.median(walls):7.2f}  p99 {p99(walls):>8s}"
        f"  max {1000 * max(walls):7.2f}  cpu mean {1000 * statistics.mean(cpus):7.2f}  cpu p99 {p99(cpus):>8s} ms"
    )
    if budgeted:
        bound = sum(s.bound for s in group)
        timed = sum(s.timed_out for s in group)
        text += f"  budget bound {bound} ({100 * bound / len(group):.2f}%), clock stop {timed}"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="time per game and player count")
    parser.add_argument("--samples", type=int, default=1000, help="decisions wanted per game and player count")
    parser.add_argument("--max-steps", type=int, default=5000, help="decisions after which a game is cut off")
    parser.add_argument("--only", help="one game's key")
    parser.add_argument("--players", type=int, help="one player count")
    parser.add_argument("--level", default="normal", help="easy, normal, hard or all")
    parser.add_argument("--no-safety-stop", action="store_true", help="decide by the work budgets alone")
    args = parser.parse_args()
    if args.no_safety_stop:  # a loaded machine's clock would otherwise cut searches short
        from engines import budget as budget_module

        budget_module.SAFETY_SECONDS = None
    levels = ["easy", "normal", "hard"] if args.level == "all" else [args.level]
    for level in levels:
        print(f"== level {level}")
        report(args, level)


def report(args: argparse.Namespace, level: str) -> None:
    print("decision times in ms (wall clock unless said otherwise)")
    overall: list[Sample] = []
    for entry in GAMES:
        if args.only and entry.key != args.only:
            continue
        engine = importlib.import_module(entry.engine_module).ENGINE
        ai = importlib.import_module(entry.ai_module)
        budgeted = "budget" in inspect.signature(ai.choose).parameters
        work_units = getattr(ai, "HARD_WORK_BUDGET", ai.WORK_BUDGET) if level == "hard" else ai.WORK_BUDGET
        work = f"work budget {work_units}" if budgeted else "no budget"
        print(f"{entry.key} ({work})")
        game_samples: list[Sample] = []
        for players in range(engine.min_players, engine.max_players + 1):
            if args.players and players != args.players:
                continue
            group = play(entry.key, players, args.seconds, args.samples, args.max_steps, level)
            game_samples += group
            print(line(f"{players} players", group, budgeted), flush=True)
            firsts = [s for s in group if s.first]
            if firsts:
                print(line(f"{players} players, first decision of a turn", firsts, budgeted), flush=True)
        if not game_samples:
            continue
        overall += game_samples
        print(line("all player counts", game_samples, budgeted))
        firsts = [s for s in game_samples if s.first]
        if firsts:
            print(line("all player counts, first decision of a turn", firsts, budgeted))
        kinds: dict[str, list[Sample]] = defaultdict(list)
        for sample in game_samples:
            kinds[sample.kind].append(sample)
        worst = sorted(kinds.items(), key=lambda item: -max(s.wall for s in item[1]))[:3]
        print("  worst position types (by maximum):")
        for kind, group in worst:
            print(line(f"  {kind}", group, budgeted))
    if overall:
        print(line("every game", overall, False))


if __name__ == "__main__":
    main()

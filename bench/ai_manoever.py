"""How long the Das glorreiche Manöver computer player takes to decide.

Plays computer-vs-computer games for 2, 3 and 4 players and prints, per player count and overall,
the median and p99 time of one decision (one move) and of a whole turn (every move of one seat's
turn). Target: p99 of a decision at most 200 ms.

    python bench/ai_manoever.py [--games N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.manoever import ENGINE  # noqa: E402
from engines.manoever_ai import choose  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def play(players: int, seed: int) -> tuple[list[float], list[float]]:
    """Seconds per decision and per turn over one game."""
    state = ENGINE.new_game(players, seed)[0]
    decisions: list[float] = []
    turns: list[float] = []
    turn_time, turn_key = 0.0, (state.seat, state.turn)
    step = 0
    while ENGINE.outcome(state) is None:
        if (state.seat, state.turn) != turn_key:
            turns.append(turn_time)
            turn_time, turn_key = 0.0, (state.seat, state.turn)
        view = ENGINE.view(state, state.seat)
        legal = ENGINE.legal_actions(state, state.seat)
        start = time.perf_counter()
        action = choose(view, legal, seed * 10_000 + step)
        elapsed = time.perf_counter() - start
        decisions.append(elapsed)
        turn_time += elapsed
        state, _ = ENGINE.apply(state, state.seat, action)
        step += 1
    turns.append(turn_time)
    return decisions, turns


def line(label: str, decisions: list[float], turns: list[float]) -> str:
    ms = 1000.0
    return (
        f"{label:>8}  decisions {len(decisions):6d}  median {statistics.median(decisions) * ms:6.2f} ms"
        f"  p99 {percentile(decisions, 0.99) * ms:7.2f} ms  max {max(decisions) * ms:7.2f} ms   |"
        f"  turns {len(turns):5d}  median {statistics.median(turns) * ms:6.2f} ms"
        f"  p99 {percentile(turns, 0.99) * ms:7.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    args = parser.parse_args()
    all_decisions: list[float] = []
    all_turns: list[float] = []
    for players in (2, 3, 4):
        decisions: list[float] = []
        turns: list[float] = []
        for seed in range(args.games):
            d, t = play(players, seed)
            decisions += d
            turns += t
        print(line(f"{players} pl.", decisions, turns))
        all_decisions += decisions
        all_turns += turns
    print(line("all", all_decisions, all_turns))
    verdict = "OK" if percentile(all_decisions, 0.99) <= 0.200 else "TOO SLOW"
    print(f"target: p99 of a decision <= 200 ms: {verdict}")


if __name__ == "__main__":
    main()

"""How long Trackgammon's legal-move generation and computer player take.

Plays computer-vs-computer games for 2, 3 and 4 players and, at every decision, times
- ``legal_actions``: the single moves allowed by forced play (what the buttons show),
- the sequence search: every way to play the remaining values (distinct end positions), and
- ``choose``: the computer player's whole decision (search plus scoring), also shown for the first
  decision of each turn alone (the later ones search what is left of the roll, and ``done`` is free).
Prints median, p99 and maximum per player count and overall. Target: p99 of a decision ≤ 200 ms.
Also times ``render_board`` on every tenth view of those games (target: median ≤ 30 ms).

    python bench/ai_trackgammon.py [--games N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import trackgammon as tg  # noqa: E402
from engines.trackgammon import ENGINE  # noqa: E402
from engines.trackgammon_ai import choose, turn_ends  # noqa: E402
from render.trackgammon import render_board  # noqa: E402

NAMES = ["Ann", "Bartholomeus", "Chris", "Dee"]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def play(players: int, seed: int) -> dict[str, list[float]]:
    """Seconds per decision for each measured step, and the number of end positions searched."""
    timings: dict[str, list[float]] = {
        "legal": [],
        "sequences": [],
        "choose": [],
        "first": [],
        "ends": [],
        "render": [],
    }
    state = ENGINE.new_game(players, seed)[0]
    step = 0
    while ENGINE.outcome(state) is None:
        seat = state.turn
        # Cold measurements: the engine memoises the current position's moves, which a fresh
        # process answering a Discord click would not have.
        tg._cached_forced_moves.cache_clear()
        start = time.perf_counter()
        legal = ENGINE.legal_actions(state, seat)
        timings["legal"].append(time.perf_counter() - start)
        view = ENGINE.view(state, seat)
        remaining = tuple(sorted(view["remaining"]))
        if remaining:
            start = time.perf_counter()
            ends = turn_ends(state.pos, players, seat, remaining)
            timings["sequences"].append(time.perf_counter() - start)
            timings["ends"].append(float(len(ends)))
        start = time.perf_counter()
        action = choose(view, legal, seed * 10_000 + step)
        timings["choose"].append(time.perf_counter() - start)
        if not view["moves"]:  # the first decision of a turn searches the whole roll
            timings["first"].append(timings["choose"][-1])
        if step % 10 == 0:
            start = time.perf_counter()
            render_board(view, names=NAMES[:players])
            timings["render"].append(time.perf_counter() - start)
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    return timings


def report(label: str, timings: dict[str, list[float]]) -> None:
    print(f"{label}: {len(timings['choose'])} decisions")
    for key, title in (
        ("legal", "legal_actions"),
        ("sequences", "sequence search"),
        ("choose", "AI decision"),
        ("first", "  first of turn"),
        ("render", "render_board"),
    ):
        values = timings[key]
        print(
            f"  {title:16s} median {statistics.median(values) * 1000:7.2f} ms"
            f"   p99 {percentile(values, 0.99) * 1000:7.2f} ms   max {max(values) * 1000:7.2f} ms"
        )
    ends = timings["ends"]
    print(f"  end positions    median {statistics.median(ends):7.0f}      p99 {percentile(ends, 0.99):7.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per player count")
    args = parser.parse_args()
    keys = ("legal", "sequences", "choose", "first", "ends", "render")
    overall: dict[str, list[float]] = {key: [] for key in keys}
    render_board(ENGINE.view(ENGINE.new_game(2, 0)[0], 0), names=NAMES[:2])  # load the fonts once
    for players in (2, 3, 4):
        per_count: dict[str, list[float]] = {key: [] for key in keys}
        for seed in range(args.games):
            for key, values in play(players, seed).items():
                per_count[key] += values
        report(f"{players} players", per_count)
        for key, values in per_count.items():
            overall[key] += values
    report("all", overall)
    p99 = percentile(overall["choose"], 0.99) * 1000
    print(f"target p99 decision <= 200 ms: {'met' if p99 <= 200 else 'MISSED'} ({p99:.1f} ms)")
    median = statistics.median(overall["render"]) * 1000
    print(f"target median render <= 30 ms: {'met' if median <= 30 else 'MISSED'} ({median:.1f} ms)")


if __name__ == "__main__":
    main()

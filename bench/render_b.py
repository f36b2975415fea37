"""Render time and PNG size of the How Ruck!, Duvelen, card-row and league pictures.

Views come from seeded random games (How Ruck!: race, tug, end; Duvelen: 2, 5 and 8 players, live
and relaxed, the end) with long names. Prints median and p99 render time and median / largest PNG
size per picture type. Run: ``python bench/render_b.py [renders per type]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db.league import Standing  # noqa: E402
from engines.duvelen import ENGINE as DUVELEN  # noqa: E402
from engines.howruck import ENGINE as HOWRUCK  # noqa: E402
from engines.rng import Rng  # noqa: E402
from render import cards, duvelen, howruck, league  # noqa: E402

NAMES = ["W" * 32, "Ëmma 😀 van der Wijngaarden-Groot", "Zoë", "Bartholomeus Maximiliaan Wolff 1"] * 2


def random_game(engine, players: int, seed: int, options: dict, every: int) -> list:
    state, _ = engine.new_game(players, seed, engine.normalize_options(options))
    pick = Rng(seed)
    states, step = [state], 0
    while engine.outcome(state) is None and step < 3000:
        movers = sorted(engine.to_move(state))
        if not movers:
            state, _ = DUVELEN.timeout(state)
            continue
        seat = movers[pick.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        state, _ = engine.apply(state, seat, legal[pick.below(len(legal))])
        step += 1
        if step % every == 0:
            states.append(state)
    if engine.outcome(state) is None and engine is DUVELEN:
        while not state.over:
            state, _ = DUVELEN.timeout(state)
    states.append(state)
    return states


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(name: str, calls: list, count: int) -> None:
    calls = (calls * (count // max(1, len(calls)) + 1))[:count]
    calls[0]()  # warm caches and fonts
    times, cpu, sizes = [], [], []
    for call in calls:
        start, start_cpu = time.perf_counter(), time.process_time()
        png = call()
        cpu.append((time.process_time() - start_cpu) * 1000)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png) / 1024)
    # CPU time too: on a shared machine the wall clock also counts other processes' turns.
    print(
        f"{name:28s} median {statistics.median(times):6.1f} ms  p99 {percentile(times, 0.99):6.1f} ms  "
        f"(CPU median {statistics.median(cpu):5.1f} ms)  "
        f"PNG median {statistics.median(sizes):5.0f} KB  max {max(sizes):5.0f} KB"
    )


def main(count: int) -> None:
    hr = [s for seed in range(3) for s in random_game(HOWRUCK, 2, seed, {}, 9)]
    boards = [HOWRUCK.view(s, None) for s in hr]
    measure("howruck board", [lambda v=v: howruck.render_board(v, names=NAMES[:2], locale="nl") for v in boards], count)
    hands = [HOWRUCK.view(s, 0) for s in hr]
    measure("howruck hand", [lambda v=v: howruck.render_hand(v, names=NAMES[:2]) for v in hands], count)
    for players in (2, 5, 8):
        for mode in ("live", "relaxed"):
            states = random_game(DUVELEN, players, players, {"mode": mode, "rounds": 1}, 60)
            views = [DUVELEN.view(s, None) for s in states]
            names = NAMES[:players]
            calls = [lambda v=v, n=names: duvelen.render_board(v, names=n, locale="nl") for v in views]
            measure(f"duvelen board {players}p {mode}", calls, count)
    views = [DUVELEN.view(s, 1) for s in random_game(DUVELEN, 8, 3, {}, 60)]
    measure("duvelen hand 8p", [lambda v=v: duvelen.render_hand(v, names=NAMES) for v in views], count)
    codes = cards.all_codes()
    measure(
        "cards row (13 cards)",
        [lambda i=i: cards.render_cards(codes[i : i + 13], title="Je hand") for i in range(20)],
        count,
    )
    rows = [
        Standing(
            position=i,
            rank=i,
            user_id=i,
            name=NAMES[i % 4],
            played=99,
            wins=50,
            points=123.5,
            rating=1500,
            mu=25.0,
            sigma=2.0,
        )
        for i in range(1, 12)
    ]
    measure(
        "league standings (11 rows)",
        [lambda: league.render_standings(rows, title="Duvelen: seizoen 1", highlight_user_id=3, locale="nl")],
        count,
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)

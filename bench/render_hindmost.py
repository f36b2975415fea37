"""How long the Devil Take The Hindmost pictures take: median and p99 over varied views.

Views come from random games played with the real engine (2..6 players, betting and several races
on some tables), sampled along the way so early grids, full spaces, crossed lines, final sprints
and finished matches all take part. Run: ``python bench/render_hindmost.py [renders]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.hindmost import ENGINE  # noqa: E402
from engines.rng import Rng  # noqa: E402
from render import hindmost as board  # noqa: E402

NAMES = ["Anna", "Bram", "Chloë", "Dirk", "Eva", "Fatima"]
TABLES = [
    (2, {"riders": 4}),
    (3, {"riders": 3, "betting": True}),
    (4, {"riders": 3, "races": 2}),
    (5, {"riders": 3, "own_decks": True}),
    (6, {"riders": 2, "betting": True, "races": 2}),
]


def sample_views(count: int) -> list[dict]:
    """``count`` views spread over random games: every few actions, plus every finished game."""
    views: list[dict] = []
    seed = 0
    while len(views) < count:
        players, options = TABLES[seed % len(TABLES)]
        rng = Rng(seed)
        state = ENGINE.new_game(players, seed, options)[0]
        step = 0
        while ENGINE.outcome(state) is None:
            seat = next(iter(ENGINE.to_move(state)))
            legal = ENGINE.legal_actions(state, seat)
            state, _events = ENGINE.apply(state, seat, legal[rng.below(len(legal))])
            step += 1
            if step % 7 == 0:
                views.append(ENGINE.view(state, seat if step % 14 == 0 else None))
        views.append(ENGINE.view(state, None))
        seed += 1
    return views[:count]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timed(func, views: list[dict]) -> list[float]:
    times = []
    for i, view in enumerate(views):
        start = time.perf_counter()
        func(view, names=NAMES[: view["players"]], locale="nl" if i % 2 else "en")
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    views = sample_views(count)
    board.render_board(views[0], names=NAMES)  # the static track layer is built once, not timed
    board.render_board(views[0], names=NAMES, locale="nl")
    boards = timed(board.render_board, views)
    hands = timed(board.render_hand, [v for v in views if v["private"] is not None])
    for title, times in (("render_board", boards), ("render_hand", hands)):
        print(
            f"{title:13} n={len(times):4}  median {statistics.median(times):6.2f} ms"
            f"  p99 {percentile(times, 0.99):6.2f} ms  max {max(times):6.2f} ms"
        )


if __name__ == "__main__":
    main()

"""How long every picture takes and how large its PNG is: median and p99 render time, median and
largest size, per game and picture type, over views sampled from played games.

Run: ``python bench/render_all.py [views per game]`` (default 150). Games are listed in ``GAMES``
below, one entry each: add a game by adding its entry (module names, tables to play, pictures).
Views come from games between the computer players with some random moves mixed in, sampled every
few actions, plus every finished game, so openings, crowded middles and end pictures all count.
Names are long (32 characters) or carry emoji and accents, in English and Dutch by turns.
"""

from __future__ import annotations

import importlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.rng import Rng  # noqa: E402

NAMES = [
    ["WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Wilhelmina van Oranje-Nassau WWW", "Chloë 🎲", "Dirk", "Ève", "Đorđe"],
    ["Anna", "Bram", "Chloë", "Dirk", "Eva", "Fatima"],
]

# ---- the games: (key, tables as (players, options), pictures as (title, renderer name, view kind)) ----
# A view kind is "spectator", "seat" (the view of the seat to move) or "end" (spectator, game over).
GAMES = [
    (
        "hindmost",
        [(2, {"riders": 4}), (3, {"riders": 3, "betting": True}), (4, {"riders": 3, "races": 2}),
         (5, {"riders": 2, "own_decks": True}), (6, {"riders": 2, "betting": True, "races": 2})],
        [("board", "render_board", "spectator"), ("hand", "render_hand", "seat"), ("end", "render_board", "end")],
    ),
    (
        "trackgammon",
        [(2, None), (3, None), (4, None)],
        [("board", "render_board", "spectator"), ("player", "render_board", "seat"), ("end", "render_board", "end")],
    ),
    (
        "manoever",
        [(2, None), (3, None), (4, None)],
        [("board", "render_board", "spectator"), ("player", "render_board", "seat"), ("end", "render_board", "end")],
    ),
]  # fmt: skip


def sample_states(key: str, tables: list, count: int) -> list[tuple[object, int | None, bool]]:
    """(state, seat to move, finished) from played games until ``count`` states are collected."""
    engine = importlib.import_module(f"engines.{key}").ENGINE
    choose = importlib.import_module(f"engines.{key}_ai").choose
    states: list[tuple[object, int | None, bool]] = []
    seed = 0
    while len(states) < count:
        players, options = tables[seed % len(tables)]
        rng = Rng(seed)
        state, _ = engine.new_game(players, seed, options) if options else engine.new_game(players, seed)
        step = 0
        while engine.outcome(state) is None:
            seat = min(engine.to_move(state))
            legal = engine.legal_actions(state, seat)
            action = (
                legal[rng.below(len(legal))] if rng.below(4) == 0 else choose(engine.view(state, seat), legal, step)
            )
            state, _events = engine.apply(state, seat, action)
            step += 1
            if step % 9 == 0:
                states.append((state, min(engine.to_move(state)) if engine.to_move(state) else None, False))
        states.append((state, None, True))
        seed += 1
    return states


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench_game(key: str, tables: list, pictures: list, count: int) -> None:
    engine = importlib.import_module(f"engines.{key}").ENGINE
    module = importlib.import_module(f"render.{key}")
    states = sample_states(key, tables, count)
    for title, renderer_name, kind in pictures:
        render = getattr(module, renderer_name)
        views = []
        for state, seat, finished in states:
            if kind == "end" and finished or kind == "spectator" and not finished:
                views.append(engine.view(state, None))
            elif kind == "seat" and seat is not None:
                views.append(engine.view(state, seat))
        if not views:
            continue
        render(views[0], names=NAMES[1][: views[0]["players"]])  # caches warmed, not timed
        times, cpu, sizes = [], [], []
        for i, view in enumerate(views):
            names = NAMES[i % 2][: view["players"]]
            start, start_cpu = time.perf_counter(), time.thread_time()
            png = render(view, names=names, locale="nl" if (i // 2) % 2 else "en")
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)  # less swayed by a busy machine
            sizes.append(len(png) / 1024)
        print(
            f"{key:12} {title:7} n={len(times):4}  median {statistics.median(times):6.1f} ms"
            f"  p99 {percentile(times, 0.99):6.1f} ms  (cpu median {statistics.median(cpu):5.1f} ms)  size median {statistics.median(sizes):6.1f} KB"
            f"  max {max(sizes):6.1f} KB"
        )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    only = sys.argv[2:]
    for key, tables, pictures in GAMES:
        if not only or key in only:
            bench_game(key, tables, pictures, count)


if __name__ == "__main__":
    main()

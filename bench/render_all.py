"""How long every picture takes and how large its PNG is, for all five games and the league.

Per game and picture type (board, player view or hand, end picture; Duvelen with 2, 4 and 8
players; the league table): median and p99 render time (p99 only over at least 300 renders), CPU
median, the share of the time spent in ``render.common.to_png`` (palette mapping and deflate),
median and largest PNG size, each beside its target. The cold first picture of each type (a fresh
interpreter: imports, fonts, translations and the first render) is measured apart, in a
subprocess, since the picture workers start that way.

Run: ``python bench/render_all.py [renders per type] [game ...]`` (default 300 renders; games by
key, ``league`` for the standings). Views come from games between the computer players with some
random moves mixed in, sampled every few actions, plus every finished game, so openings, crowded
middles and end pictures all count; views are reused in turn until the count is reached. Names are
long (32 characters) or carry emoji and accents, in English and Dutch by turns. The whole run is
stopped after ``TIMEOUT`` seconds so it cannot hang.
"""

from __future__ import annotations

import importlib
import pickle
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.rng import Rng  # noqa: E402

TIMEOUT = 1800  # seconds for the whole run
COLD_TIMEOUT = 60  # seconds for one cold subprocess
MIN_P99_SAMPLES = 300

# Targets (issue 13): medians, the largest PNG, and the encoder's share of a picture's time.
TARGET_MS = {"hand": 8.0}
DEFAULT_TARGET_MS = 20.0
TARGET_KB = 150.0
TARGET_ENCODE_SHARE = 0.25

NAMES = [
    ["WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Wilhelmina van Oranje-Nassau WWW", "Chloë 🎲", "Dirk", "Ève", "Đorđe",
     "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM", "Gerrit-Jan van den Woudenberg WW"],
    ["Anna", "Bram", "Chloë", "Dirk", "Eva", "Fatima", "Gijs", "Hanna"],
]  # fmt: skip

# ---- the games: (key, label, tables as (players, options), pictures as (title, renderer, view kind)) ----
# A view kind is "spectator", "seat" (the view of the seat to move) or "end" (spectator, game over).
GAMES = [
    (
        "hindmost", "hindmost",
        [(2, {"riders": 4}), (3, {"riders": 3, "betting": True}), (4, {"riders": 3, "races": 2}),
         (5, {"riders": 2, "own_decks": True}), (6, {"riders": 2, "betting": True, "races": 2})],
        [("board", "render_board", "spectator"), ("hand", "render_hand", "seat"), ("end", "render_board", "end")],
    ),
    (
        "trackgammon", "trackgammon",
        [(2, None), (3, None), (4, None)],
        [("board", "render_board", "spectator"), ("player", "render_board", "seat"), ("end", "render_board", "end")],
    ),
    (
        "manoever", "manoever",
        [(2, None), (3, None), (4, None)],
        [("board", "render_board", "spectator"), ("player", "render_board", "seat"), ("end", "render_board", "end")],
    ),
    (
        "howruck", "howruck",
        [(2, None)],
        [("board", "render_board", "spectator"), ("hand", "render_hand", "seat"), ("end", "render_board", "end")],
    ),
    *[
        (
            "duvelen", f"duvelen {players}p",
            [(players, {"rounds": 1, "mode": "live"}), (players, {"rounds": 1, "mode": "relaxed"})],
            [("board", "render_board", "spectator"), ("hand", "render_hand", "seat"), ("end", "render_board", "end")],
        )
        for players in (2, 4, 8)
    ],
]  # fmt: skip

MAX_STEPS = 4000  # a game between computer players that runs longer is cut off here


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
        while engine.outcome(state) is None and step < MAX_STEPS:
            movers = sorted(engine.to_move(state))
            if not movers:  # Duvelen: nobody can act until the deadline passes
                state, _events = engine.timeout(state)
                continue
            seat = movers[rng.below(len(movers))]
            legal = engine.legal_actions(state, seat)
            action = (
                legal[rng.below(len(legal))] if rng.below(4) == 0 else choose(engine.view(state, seat), legal, step)
            )
            state, _events = engine.apply(state, seat, action)
            step += 1
            if step % 9 == 0:
                movers = sorted(engine.to_move(state))
                states.append((state, movers[0] if movers else None, False))
        if engine.outcome(state) is not None:
            states.append((state, None, True))
        seed += 1
    return states


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# ---- time spent in the encoder ---------------------------------------------------------------------

_encode_ms = [0.0]


def _timed_encoder(real):
    def to_png(*args, **kwargs):
        start = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            _encode_ms[0] += (time.perf_counter() - start) * 1000

    return to_png


def patch_encoder() -> None:
    """Every renderer module's ``to_png`` counts the time spent in it."""
    import render.common

    real = render.common.to_png
    for name in ("cards", "duvelen", "hindmost", "howruck", "league", "manoever", "trackgammon"):
        module = importlib.import_module(f"render.{name}")
        if getattr(module, "to_png", None) is real:
            module.to_png = _timed_encoder(real)


# ---- one picture type ------------------------------------------------------------------------------


def views_of(key: str, kind: str, states: list) -> list[dict]:
    engine = importlib.import_module(f"engines.{key}").ENGINE
    views = []
    for state, seat, finished in states:
        if kind == "end" and finished or kind == "spectator" and not finished:
            views.append(engine.view(state, None))
        elif kind == "seat" and seat is not None:
            views.append(engine.view(state, seat))
    return views


def cold_first(module: str, renderer: str, view: object, names: list[str], locale: str) -> float | None:
    """Milliseconds from a fresh interpreter's first import of ``module`` to its first picture."""
    with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as handle:
        pickle.dump((module, renderer, view, names, locale), handle)
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--cold", handle.name],
            capture_output=True,
            text=True,
            timeout=COLD_TIMEOUT,
            cwd=ROOT,
        )
    except subprocess.TimeoutExpired:
        return None
    finally:
        Path(handle.name).unlink(missing_ok=True)
    try:
        return float(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        print(done.stderr, file=sys.stderr)
        return None


def _cold_child(path: str) -> None:
    with open(path, "rb") as handle:
        module_name, renderer, view, names, locale = pickle.load(handle)
    start = time.perf_counter()
    module = importlib.import_module(module_name)
    if renderer == "render_standings":
        module.render_standings(view, title=names[0], highlight_user_id=3, locale=locale)
    else:
        getattr(module, renderer)(view, names=names, locale=locale)
    print((time.perf_counter() - start) * 1000)


def report(label: str, title: str, times: list[float], cpu: list[float], encode: list[float], sizes: list[float], cold):
    target = TARGET_MS.get(title, DEFAULT_TARGET_MS)
    median = statistics.median(times)
    p99 = f"{percentile(times, 0.99):6.1f}" if len(times) >= MIN_P99_SAMPLES else "   n/a"
    share = sum(encode) / max(1e-9, sum(times))
    cold_text = f"{cold:6.0f}" if cold is not None else "   n/a"
    flags = "".join(
        mark
        for mark, bad in (
            (" TIME", median > target),
            (" SIZE", max(sizes) >= TARGET_KB),
            (" ENC", share > TARGET_ENCODE_SHARE),
        )
        if bad
    )
    print(
        f"{label:14} {title:7} n={len(times):4}  median {median:5.1f} ms (≤{target:.0f})  p99 {p99} ms"
        f"  cpu {statistics.median(cpu):5.1f} ms  encode {100 * share:3.0f}% (≤{100 * TARGET_ENCODE_SHARE:.0f}%)"
        f"  size median {statistics.median(sizes):5.1f} KB  max {max(sizes):5.1f} KB (<{TARGET_KB:.0f})"
        f"  cold first {cold_text} ms{flags}",
        flush=True,
    )


def run(label: str, title: str, calls: list, count: int, cold) -> None:
    """Time ``calls`` (each returns PNG bytes) in turn until ``count`` renders are done."""
    calls[0]()  # caches warmed, not timed
    times, cpu, encode, sizes = [], [], [], []
    for i in range(count):
        _encode_ms[0] = 0.0
        start, start_cpu = time.perf_counter(), time.thread_time()
        png = calls[i % len(calls)]()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)  # less swayed by a busy machine
        encode.append(_encode_ms[0])
        sizes.append(len(png) / 1024)
    report(label, title, times, cpu, encode, sizes, cold)


def players_of(view: dict) -> int:
    return view.get("players", 2)  # How Ruck! is always two players and does not say so


def bench_game(key: str, label: str, tables: list, pictures: list, count: int) -> None:
    module = importlib.import_module(f"render.{key}")
    states = sample_states(key, tables, min(count, 150))
    for title, renderer_name, kind in pictures:
        render = getattr(module, renderer_name)
        views = views_of(key, kind, states)
        if not views:
            continue
        calls = [
            lambda view=view, i=i, render=render: render(
                view, names=NAMES[i % 2][: players_of(view)], locale="nl" if (i // 2) % 2 else "en"
            )
            for i, view in enumerate(views)
        ]
        cold = cold_first(f"render.{key}", renderer_name, views[-1], NAMES[0][: players_of(views[-1])], "nl")
        run(label, title, calls, count, cold)


def bench_league(count: int) -> None:
    from db.league import Standing
    from render.league import render_standings

    def rows(length: int, gap: bool, points: bool) -> list:
        positions = list(range(1, length + 1)) + ([40] if gap else [])
        return [
            Standing(position=p, rank=p, user_id=p, name=NAMES[p % 2][p % 8], played=99, wins=50,
                     points=123.5 if points else None, rating=1500 - p, mu=25.0, sigma=2.0)
            for p in positions
        ]  # fmt: skip

    tables = [rows(10, True, True), rows(10, False, False), rows(3, False, True), rows(0, False, False)]
    calls = [
        lambda table=table, i=i: render_standings(
            table, title="Duvelen: seizoen 1 — WWWWWWWWWWWWWWWWWWWWWWWWWWWW", highlight_user_id=40 if i == 0 else 2,
            locale="nl" if i % 2 else "en",
        )
        for i, table in enumerate(tables)
    ]  # fmt: skip
    cold = cold_first("render.league", "render_standings", tables[0], ["Duvelen: seizoen 1"], "nl")
    run("league", "table", calls, count, cold)


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--cold":
        _cold_child(sys.argv[2])
        return
    signal.alarm(TIMEOUT)  # never hang: the default action ends the process
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    only = sys.argv[2:]
    patch_encoder()
    print(
        f"targets: board/player/end median ≤ {DEFAULT_TARGET_MS:.0f} ms, hand ≤ {TARGET_MS['hand']:.0f} ms,"
        f" every PNG < {TARGET_KB:.0f} KB, encode ≤ {100 * TARGET_ENCODE_SHARE:.0f}% of the time;"
        f" p99 only with n ≥ {MIN_P99_SAMPLES}"
    )
    for key, label, tables, pictures in GAMES:
        if not only or key in only:
            bench_game(key, label, tables, pictures, count)
    if not only or "league" in only:
        bench_league(count)


if __name__ == "__main__":
    main()

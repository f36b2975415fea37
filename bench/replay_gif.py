"""How long a /replay takes to draw and put together, and how big it gets (prints figures only).

    python bench/replay_gif.py [game] [--players N] [--seed S]

Plays a game between computer players, draws at most 150 spectator frames (as /replay does) and
assembles the GIF under a few upload limits (25 MB, 10 MB, 2 MB, 500 KB).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.limits import give_up_after  # noqa: E402
from cogs.table.replays import MAX_FRAMES  # noqa: E402
from engines.rng import derive_seed  # noqa: E402
from table.gif import assemble_gif, evenly  # noqa: E402
from table.spec import load_spec  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="hindmost")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before the run gives up")
    args = parser.parse_args()
    give_up_after(args.timeout)
    spec = load_spec(args.game)
    engine = spec.engine
    players = max(engine.min_players, min(args.players, engine.max_players))
    state, _ = engine.new_game(players, args.seed, engine.normalize_options({}))
    views = [engine.view(state, None)]
    step = 0
    while engine.outcome(state) is None and step < 5000:
        seat = sorted(engine.to_move(state))[step % len(engine.to_move(state))]
        action = spec.choose(
            engine.view(state, seat), engine.legal_actions(state, seat), derive_seed(args.seed, step, seat)
        )
        state, _ = engine.apply(state, seat, action)
        views.append(engine.view(state, None))
        step += 1
    names = [f"Computer {i + 1}" for i in range(players)]
    picked = [views[i] for i in evenly(len(views), MAX_FRAMES)]
    started = time.perf_counter()
    pngs = [spec.render_board(v, names=names, locale="en") for v in picked]
    drawn = time.perf_counter() - started
    print(f"{args.game}, {players} players: {step} moves, {len(pngs)} frames drawn in {drawn:.1f} s")
    for limit in (25 * 2**20, 10 * 2**20, 2 * 2**20, 500 * 1024):
        started = time.perf_counter()
        gif = assemble_gif(pngs, limit=limit)
        took = time.perf_counter() - started
        print(
            f"  limit {limit / 2**20:5.1f} MB: {len(gif.data) / 2**20:5.2f} MB, {gif.frames:3d} frames, "
            f"scale {gif.scale:.2f}, assembled in {took:.1f} s"
        )


if __name__ == "__main__":
    main()

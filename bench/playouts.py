"""How fast the rules engines play: random legal playouts from a new game to its end.

For every registered game and every player count it allows, plays games with uniformly random
legal actions (a random seat among those who may act, then a random legal action, from a seeded
generator; default options) and prints playouts per second and actions per second. Only the
engine is timed: ``new_game``, ``to_move``, ``legal_actions``, ``apply`` and ``outcome``.

Bounded so it cannot hang: each (game, player count) stops after ``--seconds`` or ``--games``
playouts, whichever comes first, and a playout is cut off after ``--max-steps`` actions (counted
as unfinished and reported).

    python bench/playouts.py [--seconds 2] [--games 200] [--max-steps 50000] [--only GAME]
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.rng import Rng  # noqa: E402
from table.registry import GAMES  # noqa: E402


def playout(engine, players: int, seed: int, max_steps: int) -> tuple[int, bool]:
    """Actions taken and whether the game ended."""
    state = engine.new_game(players, seed, engine.normalize_options({}))[0]
    pick = Rng(seed * 7919 + players)
    for step in range(max_steps):
        if engine.outcome(state) is not None:
            return step, True
        movers = sorted(engine.to_move(state))
        seat = movers[pick.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        state, _events = engine.apply(state, seat, legal[pick.below(len(legal))])
    return max_steps, engine.outcome(state) is not None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and player count")
    parser.add_argument("--games", type=int, default=200, help="most playouts per game and player count")
    parser.add_argument("--max-steps", type=int, default=50_000, help="actions after which a playout is cut off")
    parser.add_argument("--only", help="one game's key")
    args = parser.parse_args()
    print(f"{'game':12s} {'players':>7s} {'playouts':>8s} {'unfinished':>10s} {'playouts/s':>10s}"
          f" {'actions/s':>10s} {'actions/game':>12s}")  # fmt: skip
    for entry in GAMES:
        if args.only and entry.key != args.only:
            continue
        engine = importlib.import_module(entry.engine_module).ENGINE
        for players in range(engine.min_players, engine.max_players + 1):
            games = actions = unfinished = 0
            spent = 0.0
            while games < args.games and spent < args.seconds:
                start = time.perf_counter()
                steps, ended = playout(engine, players, games, args.max_steps)
                spent += time.perf_counter() - start
                games += 1
                actions += steps
                unfinished += not ended
            print(
                f"{entry.key:12s} {players:7d} {games:8d} {unfinished:10d} {games / spent:10.1f}"
                f" {actions / spent:10.0f} {actions / games:12.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()

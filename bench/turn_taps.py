"""Taps per turn on the web page's pictures (``render.taps``) beside Discord's clicks per turn.

Plays seeded games of every game that declares ``Extras.TAPS`` as ``bench/turn_clicks.py`` does
(normal computer players choosing, a turn being a person's run of decisions) and counts, for the
action chosen, the taps the plan needs (0 when the move is played for the person), against
Discord's clicks (``steps_of`` there, plus "My hand / play" once a turn). Live phases are counted
per action. Draws every picture, so it is slower than ``turn_clicks``.

Three tap counts: the board's own (the plan's, from nothing selected); the board's as the page
plays it (``render.taps.route`` from the selection taps.js keeps after a move: the piece just
moved, when it can move again); and the page's, board or list: the list of moves beside the board
(``web/templates/play.html``) holds every legal action as a button of its own, Discord's labels in
Discord's groups, so a move the board takes two taps for is one tap there, as Discord's button is.

    python bench/turn_taps.py [--games 5] [--seed 1] [--only GAME]

A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.turn_clicks import MAX_ACTIONS, quantile, steps_of  # noqa: E402
from engines.levels import NORMAL  # noqa: E402
from engines.rng import Rng, derive_seed  # noqa: E402
from render.taps import kept_selection, route, tap_plan  # noqa: E402
from table.registry import GAMES, Extras  # noqa: E402
from table.spec import load_spec  # noqa: E402


def play(spec, players: int, seed: int, figures: dict[str, list[int]]) -> None:
    engine = spec.engine
    state = engine.new_game(players, seed, engine.normalize_options({}))[0]
    names = [f"Player {i + 1}" for i in range(players)]
    pick = Rng(seed)
    mover, taps, kept_taps, page_taps, clicks = None, 0, 0, 0, 0
    last_spots: list[str] = []  # the spots of the person's move just made (the page keeps its piece)

    def close() -> None:
        if mover is not None:
            figures["taps"].append(taps)
            figures["kept"].append(kept_taps)
            figures["page"].append(page_taps)
            figures["clicks"].append(clicks)
            figures["over"].append(int(taps > clicks))
            figures["kept over"].append(int(kept_taps > clicks))
            figures["page over"].append(int(page_taps > clicks))

    for step in range(MAX_ACTIONS):
        if engine.outcome(state) is not None:
            break
        movers = sorted(engine.to_move(state))
        seat = movers[pick.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        action = spec.choose(view, legal, derive_seed(seed, step, seat), None, NORMAL)
        steps, _paged = steps_of(spec, state, seat, view, legal)
        cost = kept_cost = 0
        if engine.is_live(state) or seat != mover:
            last_spots = []  # a new turn: nothing selected
        if steps:
            plan = tap_plan(spec, view, legal, "en", names)
            entry = next(e for e in plan["actions"] if e["action"] == action)
            cost = entry["taps"]
            kept_cost = len(route(plan, action, kept_selection(plan, last_spots)))
            last_spots = entry["spots"]
            figures["per decision"].append(cost)
        if engine.is_live(state):
            figures["live over"].append(int(cost > steps))
            figures["live page over"].append(int(min(cost, 1) > steps))
        else:
            if seat != mover:
                close()
                mover, taps, kept_taps, page_taps, clicks = seat, 0, 0, 0, 1  # Discord's "My hand / play"
            taps += cost
            kept_taps += kept_cost
            page_taps += min(kept_cost, 1)  # the board, or the move's own button in the list
            clicks += steps
        state, _events = engine.apply(state, seat, action)
    close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one game's key")
    args = parser.parse_args()
    print(
        f"{'game':12s} {'players':>7s} {'taps/turn med/p90/max':>22s} {'clicks/turn med/p90/max':>24s}"
        f" {'turns over':>11s} {'page taps/turn':>15s} {'page over':>10s} {'max taps/decision':>18s}"
        f" {'live over':>10s} {'board or list/turn':>19s} {'over':>10s}"
    )
    for entry in GAMES:
        if Extras.TAPS not in entry.extras or (args.only and entry.key != args.only):
            continue
        spec = load_spec(entry)
        players = min(spec.engine.max_players, max(spec.engine.min_players, 3))
        figures: dict[str, list[int]] = {
            "taps": [],
            "kept": [],
            "clicks": [],
            "over": [],
            "kept over": [],
            "page": [],
            "page over": [],
            "live page over": [],
            "per decision": [],
            "live over": [],
        }
        for game in range(args.games):
            play(spec, players, args.seed * 100_003 + game, figures)
        taps, clicks = figures["taps"], figures["clicks"]

        def spread(values: list[int]) -> str:
            if not values:
                return "-"
            return f"{statistics.median(values):.0f}/{quantile(values, 0.9):.0f}/{max(values)}"

        print(
            f"{entry.key:12s} {players:7d} {spread(taps):>22s} {spread(clicks):>24s}"
            f" {sum(figures['over']):5d}/{len(taps):<5d} {spread(figures['kept']):>15s}"
            f" {sum(figures['kept over']):4d}/{len(taps):<5d} {max(figures['per decision'], default=0):18d}"
            f" {sum(figures['live over']):10d} {spread(figures['page']):>19s}"
            f" {sum(figures['page over']):4d}/{len(taps):<5d}"
        )


if __name__ == "__main__":
    main()

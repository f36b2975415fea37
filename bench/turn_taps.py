"""Taps per turn on the web page's pictures (``render.taps``) beside Discord's clicks per turn.

Plays seeded games of every game that declares ``Extras.TAPS`` as ``bench/turn_clicks.py`` does
(normal computer players choosing, a turn being a person's run of decisions) and counts, for the
action chosen, the taps the plan needs (0 when the move is played for the person), against
Discord's physical clicks (``turn_cost`` there, whole turns offered included, plus "My hand /
play" once a turn). Live phases are counted
per action. Draws every picture, so it is slower than ``turn_clicks``.

Three tap counts: the board's own (the plan's, from nothing selected); the board's as the page
plays it (``render.taps.route`` from the selection taps.js keeps after a move: the piece just
moved, when it can move again); and the page's, board or list: the list of moves beside the board
(``web/templates/play.html``) holds every legal action as a button of its own, Discord's labels in
Discord's groups, so a move the board takes two taps for is one tap there, as Discord's button is;
where the game offers whole turns (``GameSpec.turn_plans``) the list starts with them, one tap for
the rest of the turn, as Discord's green buttons.

    python bench/turn_taps.py [--games 5] [--seed 1] [--only GAME]

A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.turn_clicks import decision_cost, offered_run, played, quantile, turn_cost, turns_of  # noqa: E402
from render.taps import kept_selection, route, tap_plan  # noqa: E402
from table.registry import GAMES, Extras  # noqa: E402
from table.spec import load_spec  # noqa: E402


def play(spec, players: int, seed: int, figures: dict[str, list[int]]) -> None:
    names = [f"Player {i + 1}" for i in range(players)]
    for turn in turns_of(played(spec, players, seed)):
        steps, clicks, _paged = turn_cost(spec, turn)
        taps = kept_taps = page_taps = 0
        planned_to = 0  # decisions before this one were played by an entry of "Whole turn at once"
        last_spots: list[str] = []  # the spots of the person's move just made (the page keeps its piece)
        for at, d in enumerate(turn):
            cost = decision_cost(spec, d.state, d.seat, d.view, d.legal, d.action)
            if not cost.clicks:
                continue  # played for the person
            plan = tap_plan(spec, d.view, d.legal, "en", names)
            entry = next(e for e in plan["actions"] if e["action"] == d.action)
            taps += entry["taps"]
            kept_cost = len(route(plan, d.action, kept_selection(plan, last_spots)))
            kept_taps += kept_cost
            last_spots = entry["spots"]
            figures["per decision"].append(entry["taps"])
            if at >= planned_to:
                covered = offered_run(spec, turn, at)
                planned_to = at + covered
                page_taps += 1 if covered else min(kept_cost, 1)  # a whole turn, the board, or the list
            if d.live:
                figures["live over"].append(int(entry["taps"] > cost.clicks))
                figures["live page over"].append(int(min(entry["taps"], 1) > cost.clicks))
        if turn[0].live:
            continue
        clicks += 1  # Discord's "My hand / play"
        figures["taps"].append(taps)
        figures["kept"].append(kept_taps)
        figures["page"].append(page_taps)
        figures["clicks"].append(clicks)
        figures["over"].append(int(taps > clicks))
        figures["kept over"].append(int(kept_taps > clicks))
        figures["page over"].append(int(page_taps > clicks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one game's key")
    parser.add_argument("--players", type=int, help="players (default: 3 where the game allows)")
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
        players = args.players or min(spec.engine.max_players, max(spec.engine.min_players, 3))
        if not spec.engine.min_players <= players <= spec.engine.max_players:
            continue
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

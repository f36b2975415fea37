"""How a turn feels in clicks: options per decision, steps per decision and clicks per turn.

Plays seeded games of every registered game through the project's own controls
(``table.controls.build_page`` with each game's labels and groups, as ``cogs.table.moves`` shows
them) with normal computer players choosing, and counts for each person's decision:

- options: the legal actions;
- steps: 1 when the actions show at once (buttons or select menus), 2 when a group is picked first
  (a Manöver recruit, then where to); 0 when the decision is played for the person (one legal
  action, ``table.autoplay``; not in live phases);
- paging: a decision that needed a page beyond the first (the target is none).

A turn is a person's run of decisions until someone else may act; it costs one click for "My
hand / play" plus its steps. Live phases (How Ruck!'s race, Duvelen live) are counted per action.

    python bench/turn_clicks.py [--games 20] [--seed 1] [--only GAME] [--players N]

A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.levels import NORMAL  # noqa: E402
from engines.rng import Rng, derive_seed  # noqa: E402
from table.controls import build_page  # noqa: E402
from table.registry import GAMES  # noqa: E402
from table.spec import load_spec  # noqa: E402

MAX_ACTIONS = 5000


def steps_of(spec, state, seat: int, view, legal: list[str]) -> tuple[int, bool]:
    """(steps, paged) for one decision, as the controls show it."""
    if spec.engine.forced_action(state, seat) is not None:
        return 0, False  # played for the person
    group_of = None
    if spec.action_group is not None:
        group_of = lambda a: spec.action_group(view, a)  # noqa: E731
    top = build_page(legal, lambda a: spec.action_label(view, a), group_of)
    if any(c.kind == "group" for c in top.choices):
        inside = build_page(legal, lambda a: spec.action_label(view, a), group_of, group=0)
        return 2, top.pages > 1 or inside.pages > 1
    return 1, top.pages > 1


def play(spec, players: int, seed: int, figures: dict) -> None:
    engine = spec.engine
    state = engine.new_game(players, seed, engine.normalize_options({}))[0]
    pick = Rng(seed)
    turn_seat, turn_clicks = None, 0
    for step in range(MAX_ACTIONS):
        if engine.outcome(state) is not None:
            break
        movers = sorted(engine.to_move(state))
        seat = movers[pick.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        live = engine.is_live(state)
        steps, paged = steps_of(spec, state, seat, view, legal)
        figures["options"].append(len(legal))
        figures["paged"].append(paged)
        if live:
            figures["live clicks"].append(steps)
        else:
            if seat != turn_seat:
                if turn_seat is not None:
                    figures["turn clicks"].append(turn_clicks)
                turn_seat, turn_clicks = seat, 1  # "My hand / play"
            turn_clicks += steps
            if steps == 2:
                figures["recruit clicks"].append(2)
        action = spec.choose(view, legal, derive_seed(seed, step, seat), None, NORMAL)
        state, _events = engine.apply(state, seat, action)
    if turn_seat is not None:
        figures["turn clicks"].append(turn_clicks)


def quantile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one game's key")
    parser.add_argument("--players", type=int, help="only this player count")
    args = parser.parse_args()
    print(
        f"{'game':12s} {'players':>7s} {'options med/max':>16s} {'turn clicks med/p90/max':>24s}"
        f" {'paged':>6s} {'live clicks/action':>19s}"
    )
    for entry in GAMES:
        if args.only and entry.key != args.only:
            continue
        spec = load_spec(entry)
        engine = spec.engine
        for players in range(engine.min_players, min(engine.max_players, 4) + 1):
            if args.players and players != args.players:
                continue
            figures: dict[str, list] = defaultdict(list)
            for game in range(args.games):
                play(spec, players, args.seed * 100_003 + game, figures)
            options, turns, live = figures["options"], figures["turn clicks"], figures["live clicks"]
            paged = sum(figures["paged"])
            print(
                f"{entry.key:12s} {players:7d} {statistics.median(options):8.0f}/{max(options):<7d}"
                f" {statistics.median(turns) if turns else 0:10.0f}/{quantile(turns, 0.9):.0f}/{max(turns, default=0):<11d}"
                f" {paged:6d} {statistics.mean(live) if live else 0:19.2f}"
            )


if __name__ == "__main__":
    main()

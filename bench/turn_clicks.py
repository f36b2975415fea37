"""How a turn feels in clicks: options per decision, steps per decision and clicks per turn.

Plays seeded games of every registered game through the project's own controls
(``table.controls.build_page`` with each game's labels and groups, as ``cogs.table.moves`` shows
them) with normal computer players choosing, and counts for each person's decision:

- options: the legal actions;
- steps (the project's count): 1 when the actions show at once (buttons or select menus), 2 when a
  group is picked first (a Manöver recruit, then where to); 0 when the decision is played for the
  person (one legal action, ``table.autoplay``; not in live phases);
- physical clicks (the default figure): what a hand does, a select menu being two (open, pick), a
  group button one, an action button one, "Yes" on an action that asks first one, an auto-played
  decision none;
- a game that offers whole turns (``GameSpec.turn_plans``, Manöver's "whole turn" buttons): when
  what the person goes on to play for the rest of the turn is one of the turns offered at a
  decision, that decision and the rest of the turn cost one click;
- paging: a decision that needed a page beyond the first (the target is none).

A turn is a person's run of decisions until someone else may act; it costs one click for "My
hand / play" plus its steps. Live phases (How Ruck!'s race, Duvelen live) are counted per action.

    python bench/turn_clicks.py [--games 20] [--seed 1] [--only GAME] [--players N] [--level normal]
        [--without-plans]

A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.levels import LEVELS, NORMAL  # noqa: E402
from engines.rng import Rng, derive_seed  # noqa: E402
from table.controls import build_page, grouped  # noqa: E402
from table.registry import GAMES  # noqa: E402
from table.spec import load_spec, plan_steps  # noqa: E402

MAX_ACTIONS = 5000


@dataclass(frozen=True)
class Cost:
    steps: int  # the project's count: a select menu is one step
    clicks: int  # physical: a select menu is two clicks (open, pick)
    paged: bool


def group_label_of(spec, view) -> Any:
    if spec.action_group is None:
        return None
    return lambda a: spec.action_group(view, a)


def decision_cost(spec, state, seat: int, view, legal: list[str], action: str | None = None) -> Cost:
    """What one decision costs as the controls show it; ``action``: the one chosen (its group,
    whether it asks "are you sure?"), else the first group's."""
    if spec.engine.forced_action(state, seat) is not None:
        return Cost(0, 0, False)  # played for the person
    label = lambda a: spec.action_label(view, a)  # noqa: E731
    group_of = group_label_of(spec, view)
    top = build_page(legal, label, group_of)
    sure = int(action is not None and spec.engine.asks_confirmation(action))
    if any(c.kind == "group" for c in top.choices):
        groups = grouped(legal, label, group_of)
        index = next((i for i, (_n, moves) in enumerate(groups) if any(a == action for a, _l in moves)), 0)
        inside = build_page(legal, label, group_of, group=index)
        return Cost(2, 1 + (2 if inside.menus else 1) + sure, top.pages > 1 or inside.pages > 1)
    return Cost(1, (2 if top.menus else 1) + sure, top.pages > 1)


def steps_of(spec, state, seat: int, view, legal: list[str]) -> tuple[int, bool]:
    """(steps, paged) for one decision, the project's count (a select menu is one step)."""
    cost = decision_cost(spec, state, seat, view, legal)
    return cost.steps, cost.paged


@dataclass
class Decision:
    state: Any
    seat: int
    view: Any
    legal: list[str]
    action: str
    live: bool


def played(spec, players: int, seed: int, level: str = NORMAL) -> list[Decision]:
    """A seeded game with computer players of ``level`` choosing: every decision, in order."""
    engine = spec.engine
    state = engine.new_game(players, seed, engine.normalize_options({}))[0]
    pick = Rng(seed)
    decisions = []
    for step in range(MAX_ACTIONS):
        if engine.outcome(state) is not None:
            break
        movers = sorted(engine.to_move(state))
        seat = movers[pick.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        action = spec.choose(view, legal, derive_seed(seed, step, seat), None, level)
        decisions.append(Decision(state, seat, view, legal, action, engine.is_live(state)))
        state, _events = engine.apply(state, seat, action)
    return decisions


def turns_of(decisions: list[Decision]) -> list[list[Decision]]:
    """A person's runs of decisions until someone else may act; a live decision is a run of its own."""
    runs: list[list[Decision]] = []
    for decision in decisions:
        if decision.live or not runs or runs[-1][0].live or runs[-1][0].seat != decision.seat:
            runs.append([decision])
        else:
            runs[-1].append(decision)
    return runs


def offered_run(spec, turn: list[Decision], at: int) -> int:
    """How many of the turn's decisions from ``at`` on one offered whole-turn button plays (the
    longest offered plan that is exactly what the person goes on to play), 0 for none."""
    if spec.turn_plans is None or spec.engine.forced_action(turn[at].state, turn[at].seat) is not None:
        return 0
    rest = [d.action for d in turn[at:]]
    steps = [plan_steps(plan) for plan in spec.turn_plans(turn[at].view, turn[at].legal)]
    return max((len(plan) for plan in steps if plan == rest[: len(plan)]), default=0)


def turn_cost(spec, turn: list[Decision], *, plans: bool = True) -> tuple[int, int, bool]:
    """(steps, physical clicks, paged) of a turn's decisions, "My hand / play" not included; with
    ``plans``, one click for an offered whole turn that is what the person plays next (a turn of
    the bench can hold several of the game's turns: when the others pass, the person plays on
    from the fresh controls)."""
    steps = clicks = 0
    paged = False
    at = 0
    while at < len(turn):
        covered = offered_run(spec, turn, at) if plans else 0
        if covered:
            steps, clicks, at = steps + 1, clicks + 1, at + covered
            continue
        d = turn[at]
        cost = decision_cost(spec, d.state, d.seat, d.view, d.legal, d.action)
        steps, clicks, paged = steps + cost.steps, clicks + cost.clicks, paged or cost.paged
        at += 1
    return steps, clicks, paged


def play(spec, players: int, seed: int, figures: dict, level: str = NORMAL, plans: bool = True) -> None:
    decisions = played(spec, players, seed, level)
    figures["options"] += [len(d.legal) for d in decisions]
    for turn in turns_of(decisions):
        steps, clicks, paged = turn_cost(spec, turn, plans=plans)
        figures["paged"].append(paged)
        if turn[0].live:
            figures["live clicks"].append(clicks)
            continue
        figures["turn steps"].append(1 + steps)  # "My hand / play"
        figures["turn clicks"].append(1 + clicks)


def quantile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0


def spread(values: list[int]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.0f}/{quantile(values, 0.9):.0f}/{max(values)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one game's key")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--level", default=NORMAL, choices=LEVELS, help="the computer players who choose")
    parser.add_argument("--without-plans", action="store_true", help="count as if no whole turns were offered")
    args = parser.parse_args()
    print(
        f"{'game':12s} {'players':>7s} {'options med/max':>16s} {'physical clicks/turn':>21s}"
        f" {'steps/turn (select=1)':>22s} {'paged':>6s} {'live clicks/action':>19s}"
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
                play(spec, players, args.seed * 100_003 + game, figures, args.level, not args.without_plans)
            options, live = figures["options"], figures["live clicks"]
            print(
                f"{entry.key:12s} {players:7d} {statistics.median(options):8.0f}/{max(options):<7d}"
                f" {spread(figures['turn clicks']):>21s} {spread(figures['turn steps']):>22s}"
                f" {sum(figures['paged']):6d} {statistics.mean(live) if live else 0:19.2f}"
            )


if __name__ == "__main__":
    main()

"""Every computer player keeps to its budget (``engines.budget``): whatever the budget, the action
chosen is legal, and the same view, seed and budget always give the same action. Only the
wall-clock safety stop may change a choice, and then it still plays a legal action."""

from __future__ import annotations

import importlib

import pytest

from engines import budget as budget_module
from engines.budget import Budget
from table.registry import GAMES
from tests.engines.playout import random_steps
from tests.test_contributing_walkthrough import TICTACTOE

# The registered games and the tests' short game (at most nine decisions, no search, no budgets).
PER_GAME = (*GAMES, TICTACTOE)
# A game plays more games until it has given this many decisions (a real game gives them in one).
MIN_ACTIONS = 10
# The work handed to a computer player without budgets of its own (they are optional: a player
# that does not search ignores the budget it is given).
UNSEARCHED_WORK = 100


def work_budget(ai, level: str = "normal") -> int:
    """A level's work budget: the module's ``HARD_WORK_BUDGET`` or ``WORK_BUDGET`` where it has one."""
    if level == "hard" and hasattr(ai, "HARD_WORK_BUDGET"):
        return ai.HARD_WORK_BUDGET
    return getattr(ai, "WORK_BUDGET", UNSEARCHED_WORK)


class RunOutClock:
    """A clock that moves ``step`` seconds each time it is read: the safety stop fires after a few
    looks, part-way through a search."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def decisions(entry, players: int, seed: int, every: int = 7, steps: int = 400):
    """(view, legal) for the seats to move at every ``every``-th state of a seeded random game.

    A short game is checked on as many decisions as a long one: a game over in fewer than
    ``MIN_ACTIONS`` actions (tic-tac-toe) is played again (the next seeds) until there were
    ``MIN_ACTIONS``, and a game too short to give ``MIN_ACTIONS`` states at every ``every``-th (a
    dice race of 40 moves) is sampled more densely."""
    engine = importlib.import_module(entry.engine_module).ENGINE

    def undecided(seed: int) -> list:  # the states of a game someone still has to act in
        return [state for _step, _seat, state in random_steps(engine, players, seed, steps) if engine.to_move(state)]

    states, more = undecided(seed), seed
    while len(states) < MIN_ACTIONS:
        more += 1
        states += undecided(more)
    every = max(1, min(every, len(states) // MIN_ACTIONS))
    for state in states[::every]:
        for seat in sorted(engine.to_move(state)):
            yield engine.view(state, seat), engine.legal_actions(state, seat)


@pytest.mark.parametrize("entry", PER_GAME, ids=lambda e: e.key)
def test_any_budget_gives_a_legal_and_repeatable_choice(entry, monkeypatch):
    # The default budget's wall-clock safety stop would make a loaded machine's choice differ
    # from the work budget's; the work budget alone is what this compares.
    monkeypatch.setattr(budget_module, "SAFETY_SECONDS", None)
    ai = importlib.import_module(entry.ai_module)
    engine = importlib.import_module(entry.engine_module).ENGINE
    checked = 0
    for players in sorted({engine.min_players, engine.max_players}):
        for view, legal in decisions(entry, players, seed=3 + players):
            for work in (1, 5, work_budget(ai)):
                first = ai.choose(view, legal, 11, Budget(work, seconds=None))
                assert first in legal
                assert ai.choose(view, legal, 11, Budget(work, seconds=None)) == first
            # The default budget is the module's own.
            assert ai.choose(view, legal, 11) == ai.choose(view, legal, 11, Budget(work_budget(ai), seconds=None))
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("entry", PER_GAME, ids=lambda e: e.key)
def test_the_safety_stop_still_plays_a_legal_action(entry, level):
    ai = importlib.import_module(entry.ai_module)
    work = work_budget(ai, level)
    for view, legal in decisions(entry, 2, seed=5, every=11 if level == "normal" else 41):
        for step in (1.0, 0.01):  # out of time at the first look, or after a few
            budget = Budget(work, seconds=0.05, clock=RunOutClock(step))
            assert ai.choose(view, legal, 2, budget, level) in legal
            assert not (budget.timed_out and budget.bound), "a stop is the clock's or the budget's"


@pytest.mark.parametrize("actions", [12, 40, 69])
def test_a_short_game_still_gives_ten_decisions(actions):
    """A game over in 40 actions (a sixth game's dice race, issue 46) gave 6 decisions at every
    7th state and failed the budget tests; a game cut off after ``actions`` actions stands in for it."""
    [trackgammon] = [entry for entry in GAMES if entry.key == "trackgammon"]
    found = list(decisions(trackgammon, 2, seed=3, steps=actions))
    assert len(found) >= MIN_ACTIONS
    assert len(list(decisions(trackgammon, 2, seed=3))) == len(range(0, 400, 7))  # a long game: every 7th


def test_a_budget_counts_work_and_looks_at_the_clock_only_now_and_then():
    clock = RunOutClock(0.0)
    budget = Budget(10, seconds=1.0, clock=clock)
    for _ in range(40):
        budget.charge()
        assert not budget.out_of_time()
    assert budget.left() == -30 and not budget.bound
    assert clock.reads <= 4  # the start, then once every 16 units
    clock.step = 2.0
    budget.charge(16)
    assert budget.out_of_time() and budget.timed_out


@pytest.mark.safety_stop
def test_the_default_safety_stop_is_read_when_a_budget_is_made(monkeypatch):
    from engines import budget as budget_module

    clock = RunOutClock(10.0)  # every look at the clock is far past any stop
    assert Budget(5, clock=clock).out_of_time()
    monkeypatch.setattr(budget_module, "SAFETY_SECONDS", None)  # bench/ai_strength.py --no-safety-stop
    assert not Budget(5, clock=RunOutClock(10.0)).out_of_time()

"""How much a computer player may think about one decision.

Two limits, for two reasons:

- a **work budget**, counted in the policy's own units (positions expanded, positions scored): it
  is deterministic, so the same view and seed always give the same move, on any machine and under
  any load. Each AI module calibrates its ``WORK_BUDGET`` on the 2-core reference machine so that its
  worst positions stay well under issue 13's 200 ms (``bench/ai_decisions.py`` prints the figures and
  how often the budget binds);
- a **wall-clock safety stop** (``SAFETY_SECONDS``) for machines much slower than that one: when it
  fires the policy returns the best move found so far. Only then can the same position give a
  different move, which is why it sits well above what the work budget costs here.

The clock is injectable (tests move it by hand). A budget is used for one decision only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

SAFETY_SECONDS: float | None = 0.150


class _Safety:
    """The default stop: ``SAFETY_SECONDS`` read when a budget is made, so a benchmark that measures
    the players as designed (bench/ai_strength.py ``--no-safety-stop``) can turn it off."""


_SAFETY = _Safety()
CLOCK_CHECK_EVERY = 16  # units of work between two looks at the clock


class Budget:
    __slots__ = ("work", "spent", "bound", "timed_out", "_deadline", "_clock", "_next_check")

    def __init__(
        self,
        work: int,
        *,
        seconds: float | None | _Safety = _SAFETY,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.work = work
        self.spent = 0
        self.bound = False  # the work budget made the policy search less than it otherwise would
        self.timed_out = False  # the safety stop fired
        self._clock = clock
        limit = SAFETY_SECONDS if isinstance(seconds, _Safety) else seconds
        self._deadline = None if limit is None else clock() + limit
        self._next_check = 0

    def left(self) -> int:
        return self.work - self.spent

    def charge(self, units: int = 1) -> None:
        self.spent += units

    def out_of_time(self) -> bool:
        """Whether the safety stop has fired (the clock is read only every few units of work)."""
        if self.timed_out:
            return True
        if self._deadline is None or self.spent < self._next_check:
            return False
        self._next_check = self.spent + CLOCK_CHECK_EVERY
        if self._clock() >= self._deadline:
            self.timed_out = True
        return self.timed_out


def scored_within(actions: Sequence[str], score: Callable[[str], T], budget: Budget) -> list[tuple[T, str]]:
    """(score, action) for the actions in order, one unit each, until the budget is spent or the
    safety stop fires (the first action is always scored): the one-move policies' whole search."""
    scored: list[tuple[T, str]] = []
    for action in actions:
        if scored and (budget.left() <= 0 or budget.out_of_time()):
            budget.bound = not budget.timed_out
            break
        budget.charge()
        scored.append((score(action), action))
    return scored

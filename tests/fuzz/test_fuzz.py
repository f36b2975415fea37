"""Issue 15, item 9: the fuzz suite, CI-sized. The machine is tests/fuzz/machine.py; the
invariants it checks after every step are in tests/fuzz/world.py. ``scripts/fuzz.py`` runs it
for 100,000 steps and prints the counts.

Derandomized, so CI runs the same steps every time (the bot's own timing still varies a little);
``TAFELBOT_FUZZ_SEED`` picks other steps, ``TAFELBOT_FUZZ_CASES`` (fresh bots) and
``TAFELBOT_FUZZ_STEPS`` (steps at most per bot) make the run longer.
"""

from __future__ import annotations

import os

import hypothesis.core
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from tests.fuzz.machine import TafelFuzz
from tests.fuzz.world import FAILURES, TOTALS

CASES = int(os.environ.get("TAFELBOT_FUZZ_CASES", "8"))
STEPS = int(os.environ.get("TAFELBOT_FUZZ_STEPS", "100"))
SEED = os.environ.get("TAFELBOT_FUZZ_SEED")


def fuzz_settings(cases: int, steps: int, *, derandomize: bool) -> settings:
    return settings(
        max_examples=cases,
        stateful_step_count=steps,
        deadline=None,
        derandomize=derandomize,
        database=None,
        # A failure is reported as found: shrinking would restart the bot hundreds of times, and
        # the bot is not deterministic enough (computer players, timing) to shrink well.
        phases=(Phase.explicit, Phase.generate),
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )


def run_fuzz(cases: int, steps: int, seed: int | None) -> None:
    """Run the machine; a broken invariant raises AssertionError with the first account of it."""
    previous = hypothesis.core.global_force_seed
    hypothesis.core.global_force_seed = seed  # what pytest's --hypothesis-seed sets
    try:
        run_state_machine_as_test(TafelFuzz, settings=fuzz_settings(cases, steps, derandomize=seed is None))
    except Exception:
        if FAILURES:  # what broke first, not hypothesis' replay (which may fail differently)
            raise AssertionError(FAILURES[0]) from None
        raise
    finally:
        hypothesis.core.global_force_seed = previous


def test_random_people_cannot_break_the_bot():
    before = TOTALS.steps
    run_fuzz(CASES, STEPS, None if SEED is None else int(SEED))
    print(f"fuzz: {TOTALS.steps - before} steps, {TOTALS.interactions} interactions, {TOTALS.refusals} refusals")
    assert TOTALS.steps - before > CASES, "the machine took steps"

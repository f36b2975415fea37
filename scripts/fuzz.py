"""Run the fuzz suite (tests/fuzz) for many steps and print what it did.

    .venv/bin/python scripts/fuzz.py                    # 100,000 steps
    .venv/bin/python scripts/fuzz.py --steps 2000 --seed 7

Each test case is a fresh bot and fake Discord playing ``--per-case`` random steps; cases run
until ``--steps`` steps are done. The first broken invariant stops the run and is printed with
the steps that led to it (and a ``@reproduce_failure`` blob).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz.test_fuzz import run_fuzz  # noqa: E402
from tests.fuzz.world import TOTALS  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--per-case", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None, help="default: a new random run each time")
    args = parser.parse_args()
    started = time.perf_counter()
    failure = None
    batch = 0
    while TOTALS.steps < args.steps and failure is None:
        # Whole batches of 10 fresh bots: hypothesis starts every run with its simplest case.
        seed = None if args.seed is None else args.seed + batch
        try:
            run_fuzz(10, args.per_case, seed if seed is not None else random.randrange(2**32))
        except AssertionError as error:
            failure = error
        batch += 1
        print(f"... {TOTALS.steps} steps, {time.perf_counter() - started:.0f} s", flush=True)
    seconds = time.perf_counter() - started
    print(f"steps:               {TOTALS.steps}")
    print(f"interactions:        {TOTALS.interactions}")
    print(f"refusals:            {TOTALS.refusals}")
    print(f"refused by client:   {TOTALS.rejected_by_client}  (options Discord itself would not send)")
    print(f"games opened:        {TOTALS.games_opened}")
    print(f"games finished:      {TOTALS.games_finished}")
    print(f"failures:            {1 if failure else 0}")
    print(f"time:                {seconds:.0f} s ({TOTALS.steps / max(seconds, 1e-9):.1f} steps/s)")
    for kind, count in TOTALS.by_kind.most_common():
        print(
            f"  {count:7d}  {kind}  ({TOTALS.seconds[kind]:.1f} s, {TOTALS.seconds[kind + ' (acting)']:.1f} s acting)"
        )
    if failure is not None:
        print(f"\nFAILED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Kill the bot (its own process, SIGKILL) many times at random moments and print what happened.

    .venv/bin/python scripts/crash.py                 # 1,000 kills
    .venv/bin/python scripts/crash.py --kills 50 --per-run 10 --seed 3

Each run is a fresh fake Discord and database with every game, one person against computer
players; it is killed ``--per-run`` times, restarted each time, then played to the end (see
tests/fuzz/crash.py for what is checked after every kill). Runs repeat until ``--kills`` kills.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz.crash import CrashBroken, CrashRun  # noqa: E402


async def main_async(args) -> int:
    started = time.perf_counter()
    totals: Counter = Counter()
    during: Counter = Counter()
    failures: list[str] = []
    run = 0
    while totals["kills"] < args.kills:
        kills = min(args.per_run, args.kills - totals["kills"])
        with tempfile.TemporaryDirectory(prefix="tafel-crash-") as folder:
            crash = CrashRun(Path(folder), kills=kills, seed=args.seed + run, say=print if args.verbose else None)
            try:
                await crash.run()
            except CrashBroken:
                pass  # recorded in crash.counts.failures
            except Exception as error:  # the harness itself: count it and go on
                crash.counts.failures.append(f"run {run}: {type(error).__name__}: {error}")
        counts = crash.counts
        for name in ("kills", "restarts", "clicks", "acknowledged", "moves_logged", "games", "games_finished"):
            totals[name] += getattr(counts, name)
        totals["leftover processes"] += counts.leftover_processes
        during.update(counts.killed_during)
        failures += [f"run {run} (seed {args.seed + run}): {f}" for f in counts.failures]
        run += 1
        print(
            f"... run {run}: {totals['kills']} kills, {len(failures)} failures, {time.perf_counter() - started:.0f} s",
            flush=True,
        )
        if failures and args.stop_on_failure:
            break
    seconds = time.perf_counter() - started
    print(f"runs:                      {run}")
    print(f"kills (SIGKILL):           {totals['kills']}")
    print(f"restarts:                  {totals['restarts']}")
    print(f"clicks:                    {totals['clicks']}")
    print(f"acknowledged moves:        {totals['acknowledged']}  (every one found in the move log)")
    print(f"moves in the logs:         {totals['moves_logged']}")
    print(f"games finished:            {totals['games_finished']} of {totals['games']}")
    print(f"leftover bot processes:    {totals['leftover processes']}")
    print(f"failures:                  {len(failures)}")
    print(f"time:                      {seconds:.0f} s")
    print("killed while these games were running (live: simultaneous play):")
    for what, count in during.most_common(10):
        print(f"  {count:6d}  {what}")
    for failure in failures[:20]:
        print(f"FAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--per-run", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--stop-on-failure", action="store_true")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())

"""Play whole games of every game against the real bot while the fake Discord fails in every way it
can, at random, and print what that cost per fault kind.

    .venv/bin/python scripts/chaos.py                       # 8 sessions of 60 rounds
    .venv/bin/python scripts/chaos.py --sessions 2 --rounds 20 --seed 3 --verbose

Each session is a fresh fake Discord, database and bot with a table of every game in a thread and
another in a channel (alice against computer players), and a table of every game across two
servers (alice and bob, each in their own server's thread; ``--no-cross`` leaves them out); see
tests/fuzz/chaos.py for the faults and what is checked. Targets: 0 lost, 0 stalled (0 stalled
across servers), 0 posted twice, no post or edit repeated to a dead channel (the channel trouble's
probes stay within their bound), nobody pinged again within their turn, no request on an
interaction token Discord refused already, 0 ERROR lines.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table.registry import GAME_KEYS  # noqa: E402
from tests.fuzz.chaos import FAULT_KINDS, ChaosBroken, ChaosCounts, ChaosRun, PerKind  # noqa: E402

TOTALS = (
    "rounds",
    "tables",
    "clicks",
    "click_errors",
    "acknowledged",
    "moves_logged",
    "games_finished",
    "games_held_then_cancelled",
    "faults_across",
    "stalled_across",
    "hosts_told",
    "unarchived_by_alice",
    "clicked_in_archived",
    "quiet_points",
    "lost",
    "stalled",
    "posted_twice",
    "dead_requests",
    "repeated_dead",
    "probes",
    "probe_bound",
    "pinged_again",
    "dead_token_reuses",
    "error_lines",
)
COLUMNS = (
    ("injected", "injected"),
    ("acknowledged", "acked"),
    ("lost", "lost"),
    ("stalled", "stalled"),
    ("posted_twice", "twice"),
    ("dead_requests", "dead"),
    ("repeated_dead", "repeat"),
    ("probes", "probes"),
    ("max_invalid_per_10_min", "inv/10min"),
    ("pinged_again", "pinged2x"),
    ("error_lines", "errors"),
)


async def main_async(args) -> int:
    started = time.perf_counter()
    totals: Counter = Counter()
    kinds = {kind: PerKind() for kind in FAULT_KINDS}
    fake_faults: Counter = Counter()
    errors: Counter = Counter()
    failures: list[str] = []
    max_invalid = 0
    for session in range(args.sessions):
        seed = args.seed + session
        with tempfile.TemporaryDirectory(prefix="tafel-chaos-") as folder:
            run = ChaosRun(
                Path(folder),
                seed=seed,
                rounds=args.rounds,
                cross_games=() if args.no_cross else GAME_KEYS,
                say=print if args.verbose else None,
            )
            try:
                await run.run()
            except ChaosBroken as error:
                run.counts.failures.append(f"the harness gave up: {error}")
            except Exception as error:  # the harness itself: count it and go on
                where = traceback.extract_tb(error.__traceback__)[-3:]
                run.counts.failures.append(
                    f"the harness failed: {type(error).__name__}: {error} at "
                    + " < ".join(f"{Path(f.filename).name}:{f.lineno}" for f in reversed(where))
                )
        counts: ChaosCounts = run.counts
        for name in TOTALS:
            totals[name] += getattr(counts, name)
        for kind, per in counts.by_kind.items():
            into = kinds.setdefault(kind, PerKind())
            for name, _ in COLUMNS:
                if name == "max_invalid_per_10_min":
                    into.max_invalid_per_10_min = max(into.max_invalid_per_10_min, per.max_invalid_per_10_min)
                else:
                    setattr(into, name, getattr(into, name) + getattr(per, name))
        max_invalid = max(max_invalid, counts.max_invalid_per_10_min)
        fake_faults.update(counts.fake_faults)
        errors.update(counts.errors)
        failures += [f"session {session} (seed {seed}): {f}" for f in counts.failures]
        print(
            f"... session {session + 1}: {totals['acknowledged']} acknowledged, {len(failures)} failures, "
            f"{totals['error_lines']} error lines, {time.perf_counter() - started:.0f} s",
            flush=True,
        )
    print(f"sessions:                  {args.sessions} x {args.rounds} rounds")
    for name in TOTALS:
        print(f"{name.replace('_', ' ') + ':':27s}{totals[name]}")
    print(f"invalid requests / 10 min: {max_invalid} at most (Discord bans at 10,000)")
    print(f"time:                      {time.perf_counter() - started:.0f} s")
    print("\nper fault kind (acked, lost, dead ...: while a fault of the kind was open):")
    print(f"  {'fault':46s}" + "".join(f"{title:>10s}" for _, title in COLUMNS))
    for kind, per in kinds.items():
        print(f"  {kind:46s}" + "".join(f"{getattr(per, name):10d}" for name, _ in COLUMNS))
    print("\nfaults the fake applied:", dict(fake_faults.most_common()))
    if errors:
        print("\nERROR lines:")
        for text, count in errors.most_common(15):
            print(f"  {count:6d}  {text}")
    for failure in failures[:30]:
        print(f"FAILED: {failure}", file=sys.stderr)
    broken = totals["error_lines"] or totals["pinged_again"] or totals["dead_token_reuses"]
    return 1 if failures or broken or totals["probes"] > totals["probe_bound"] else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--no-cross", action="store_true", help="no tables across servers")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())

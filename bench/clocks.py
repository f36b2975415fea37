"""Clock benchmark: many open games with deadlines, re-armed at start-up and woken one by one.

    python bench/clocks.py [--games 10000] [--wakeups 200]

Builds a SQLite database with N running Trackgammon games, each with a move deadline (deadlines
spread over a day), then measures in this process (issue targets in brackets):
- start-up: reading every stored deadline through the index and arming the heap [< 2 s];
- memory: resident size and Python allocations added by arming them, compared with the same
  database opened without clocks [≤ 20 MB more];
- one wake-up: the heap's own cost (pop the earliest of N), and a whole wake-up that handles a due
  reminder (read the game, record the reminder without changing the version, commit) [< 5 ms];
  for scale, the same one-row commit alone, and the wake-up without fsync (synchronous=NORMAL).
Time is a fake clock moved by hand, so nothing waits. A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.limits import give_up_after  # noqa: E402
from db import Store  # noqa: E402
from table.clock import FakeClock  # noqa: E402
from table.deadlines import MOVE, TableDeadline  # noqa: E402
from table.service import TableService  # noqa: E402
from table.settings import DAY, TableSettings  # noqa: E402
from table.spec import load_spec  # noqa: E402
from table.timeouts import TimeKeeper  # noqa: E402

START = 1_800_000_000.0


def rss_mb() -> float:
    """Current resident size (Linux), in MB."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * resource.getpagesize() / 2**20


async def build(path: Path, games: int) -> None:
    spec = load_spec("trackgammon")
    state, _ = spec.engine.new_game(2, 1, {})
    dumped = json.dumps(spec.engine.dump(state), separators=(",", ":"))
    owing = sorted(spec.engine.to_move(state))
    store = await Store.open(path)
    seats = json.dumps([{"name": "a", "user_id": 1, "computer": False, "resigned": False},
                        {"name": "b", "user_id": 2, "computer": False, "resigned": False}])  # fmt: skip
    settings = json.dumps(TableSettings().to_json())
    rows = []
    for i in range(games):
        # Turns began over the last 12 hours; the half-time reminder went out, the last one is due
        # between 11 and 23 hours from now, so every wake-up below is one reminder.
        started = START - DAY / 2 + (i * DAY / 2 / games)
        deadline = TableDeadline(MOVE, started + DAY, started, tuple(owing), reminded=1, timeouts=(0, 0))
        deadline_at, data = deadline.stored()
        rows.append((1, 10_000 + i, "trackgammon", "active", 1, "{}", seats, i, dumped, 1, "en",
                     started, started, settings, deadline_at, json.dumps(data)))  # fmt: skip
    async with store.transaction() as tx:
        await tx.executemany(
            "INSERT INTO games (guild_id, channel_id, game, status, host_id, options, seats, seed, state, version,"
            " locale, created_at, updated_at, settings, deadline_at, clock)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    await store.close()


async def whole_wakeups(scheduler, clock: FakeClock, count: int) -> list[float]:
    costs = []
    for _ in range(count):
        clock.set(scheduler.next_due())
        t0 = time.perf_counter()
        handled = await scheduler.run_due()
        costs.append((time.perf_counter() - t0) / max(1, handled))
    return costs


async def measure(path: Path, wakeups: int) -> None:
    clock = FakeClock(START)
    store = await Store.open(path)
    service = TableService(store, {"trackgammon": load_spec("trackgammon")}, clock=clock)
    base_rss = rss_mb()
    reminders = []

    async def remind(reminder):
        reminders.append(reminder.row.id)

    async def publish(result):
        pass

    keeper = TimeKeeper(service, publish=publish, remind=remind)
    started = time.perf_counter()
    armed = await keeper.resume()
    startup = time.perf_counter() - started
    added_rss = rss_mb() - base_rss
    # The same again with allocation tracing (slower, so not timed): what the heap itself holds.
    tracemalloc.start()
    again = TimeKeeper(service, publish=publish, remind=remind)
    await again.resume()
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    service.on_deadline.remove(again.arm)
    del again
    print(f"games armed:            {armed}")
    print(f"start-up (re-arm all):  {startup * 1000:.0f} ms   [target < 2000 ms]")
    print(f"memory added:           {added_rss:.1f} MB resident, {current / 2**20:.1f} MB Python objects "
          f"(peak {peak / 2**20:.1f} MB)   [target <= 20 MB]")  # fmt: skip

    scheduler = keeper.scheduler
    heap_costs = []
    for _ in range(wakeups):
        upcoming = scheduler.next_due()
        clock.set(upcoming)
        t0 = time.perf_counter()
        popped = scheduler.pop_due()
        heap_costs.append(time.perf_counter() - t0)
        for game_id in popped:  # put them back for the whole-wake-up measurement
            scheduler.arm(game_id, upcoming)
    print(f"heap wake-up (pop the earliest of {len(scheduler)}): median {statistics.median(heap_costs) * 1e6:.1f} µs")
    whole = await whole_wakeups(scheduler, clock, wakeups)
    print(f"whole wake-up (one reminder: read, record, commit): median {statistics.median(whole) * 1000:.2f} ms, "
          f"max {max(whole) * 1000:.2f} ms   [target < 5 ms]; reminders sent: {len(reminders)}")  # fmt: skip
    commits = []
    for i in range(wakeups):
        t0 = time.perf_counter()
        async with store.transaction() as tx:
            await tx.execute("UPDATE games SET board_message_id = ? WHERE id = ?", (i, 1 + i))
        commits.append(time.perf_counter() - t0)
    print(f"  the disk alone: one committed one-row write (WAL, synchronous=FULL, fsync) takes median "
          f"{statistics.median(commits) * 1000:.2f} ms here")  # fmt: skip
    await store.conn.execute("PRAGMA synchronous=NORMAL")  # SQLite only: this bench runs on a file
    relaxed = await whole_wakeups(scheduler, clock, wakeups)
    print(f"  the same wake-up without the fsync (synchronous=NORMAL, for comparison only): median "
          f"{statistics.median(relaxed) * 1000:.2f} ms")  # fmt: skip
    await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--wakeups", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds before the run gives up")
    args = parser.parse_args()
    give_up_after(args.timeout)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "clocks.sqlite3"
        t0 = time.perf_counter()
        asyncio.run(build(path, args.games))
        print(f"database with {args.games} games built in {time.perf_counter() - t0:.1f} s")
        asyncio.run(measure(path, args.wakeups))


if __name__ == "__main__":
    main()

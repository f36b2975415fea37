"""Compare-and-set moves on SQLite and on PostgreSQL, through the store as the bot uses it.

    python bench/store_backends.py [--moves 1000] [--tables 10] [--pg-url postgresql://...]

Without ``--pg-url`` a throwaway PostgreSQL server is started (tests/pg_server.py) with its
durability settings on (fsync, synchronous_commit), so both backends make each move durable before
it returns, as the bot needs. Prints, per backend:
- sequential: N moves one after the other on one game (each ``update_game`` with a state and a move
  log entry, compare-and-set on the version): moves per second and latency median / p99;
- parallel: the same number of moves spread over T games played at once (one coroutine per game);
- racing: T writers trying the same version of one game, repeated: exactly one must win each round.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.limits import give_up_after  # noqa: E402
from db import Seat, StaleVersion, Store  # noqa: E402
from tests.pg_server import PostgresServer, find_bindir  # noqa: E402

STATE = {"board": list(range(40)), "hands": [["a", "b", "c"]] * 4, "turn": 0}


async def new_game(store: Store, channel: int):
    seats = [Seat("A", 1), Seat("B", 2)]
    return await store.create_game(
        guild_id=1, channel_id=channel, game="bench", host_id=1, options={}, seats=seats, seed=1
    )


async def play(store: Store, channel: int, moves: int) -> list[float]:
    row = await new_game(store, channel)
    version = row.version
    latencies = []
    for i in range(moves):
        began = time.perf_counter()
        version = await store.update_game(row.id, version, state={**STATE, "turn": i}, moves=[(i % 2, f"m{i}")])
        latencies.append(time.perf_counter() - began)
    return latencies


async def race(store: Store, channel: int, writers: int, rounds: int) -> int:
    row = await new_game(store, channel)
    version = row.version
    for i in range(rounds):
        outcomes = await asyncio.gather(
            *(store.update_game(row.id, version, state={"r": i}, moves=[(0, f"w{w}")]) for w in range(writers)),
            return_exceptions=True,
        )
        winners = [o for o in outcomes if isinstance(o, int)]
        assert len(winners) == 1 and all(isinstance(o, StaleVersion) for o in outcomes if not isinstance(o, int))
        version = winners[0]
    return rounds


def line(name: str, moves: int, seconds: float, latencies: list[float]) -> str:
    latencies = sorted(latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return (
        f"  {name:<11} {moves:>5} moves in {seconds:6.2f} s = {moves / seconds:7.0f} moves/s;"
        f" latency median {statistics.median(latencies) * 1000:6.2f} ms, p99 {p99 * 1000:6.2f} ms"
    )


async def bench(target: str, label: str, moves: int, tables: int) -> None:
    store = await Store.open(target)
    try:
        print(f"{label}:")
        began = time.perf_counter()
        latencies = await play(store, 1, moves)
        print(line("sequential", moves, time.perf_counter() - began, latencies))
        began = time.perf_counter()
        per_table = await asyncio.gather(*(play(store, 100 + t, moves // tables) for t in range(tables)))
        print(line(f"parallel x{tables}", moves, time.perf_counter() - began, [x for p in per_table for x in p]))
        rounds = max(1, moves // (tables * 10))
        began = time.perf_counter()
        await race(store, 999, tables, rounds)
        print(
            f"  racing      {rounds} rounds of {tables} writers on one version: one winner each, "
            f"{(time.perf_counter() - began) / rounds * 1000:.2f} ms per round"
        )
    finally:
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--pg-url", default=None, help="an empty PostgreSQL database (default: a throwaway server)")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds before the run gives up")
    args = parser.parse_args()
    give_up_after(args.timeout)
    with tempfile.TemporaryDirectory() as folder:
        await bench(str(Path(folder) / "bench.sqlite3"), "SQLite (WAL, synchronous=FULL)", args.moves, args.tables)
    if args.pg_url:
        await bench(args.pg_url, "PostgreSQL", args.moves, args.tables)
        return
    bindir = find_bindir()
    if bindir is None:
        print("PostgreSQL: skipped, no server binaries (initdb, pg_ctl) found; pass --pg-url")
        return
    with PostgresServer(bindir, durable=True) as server:
        await bench(
            server.url(),
            f"PostgreSQL ({bindir.parent.name}, throwaway server, fsync on, over TCP)",
            args.moves,
            args.tables,
        )


if __name__ == "__main__":
    asyncio.run(main())

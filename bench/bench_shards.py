"""Moves per second through the whole stack: one bot process on SQLite, one on PostgreSQL, and two
processes (one shard each) on PostgreSQL, side by side in one run.

    python bench/bench_shards.py [--games 8] [--game duvelen|hindmost] [--window 8] [--timeout 600]

Each setup gets a fresh fake Discord in a process of its own (``python -m tests.e2e.fake --shards
2``), a fresh database and real bot processes (``python -m tests.e2e.fake.run_bot``, the bot's own
entry point). Half the tables are in a server on shard 0, half on shard 1. Every table is played
by computers only (the host hands the seat over at once), moving without pauses
(``TAFELBOT_COMPUTER_DELAY=0``), so the bots run as fast as the stack lets them: every move is checked,
saved (compare-and-set, move log), drawn and posted (Duvelen: into a live board refreshed every
1.5 s; Devil Take The Hindmost: a new board picture for every move).

Prints per setup: moves per second over a window of ``--window`` seconds with every table running
(the moves committed in it, counted in the database), and, from the bots' own log at exit, the
average cost of a computer move (choosing it until its board is out) and the share of it spent
waiting on the database (``db.db_span``), with the number of moves behind each figure. Both
are seen from the moving coroutine: with many tables at once they include waiting for the event
loop (and, on SQLite, for aiosqlite's thread to get the GIL), which is what a move really waits.
PostgreSQL runs with fsync on, as SQLite runs with synchronous=FULL. Pictures are drawn by a worker
process, as in production. A measurement, not a test: on a machine shared with other work the
figures move from run to run, and two processes gain only where there is a free core for each.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.fake import remote  # noqa: E402
from tests.e2e.fake.remote import FakeDiscordProcess  # noqa: E402
from tests.pg_server import PostgresServer, find_bindir  # noqa: E402

GAMES = {
    # game: (options of /new, computers added besides the host's seat)
    "duvelen": ({"rounds": 10, "computer_speed": 0.3}, 2),
    "hindmost": ({"races": 5}, 2),
}
STATS = re.compile(r"computer moves: (\d+) moves, ([\d.]+) ms each, ([\d.]+) ms of it in the database \(([\d.]+)%\)")


def button(message: dict, suffix: str) -> str:
    return next(b["custom_id"] for b in message["buttons"] if b["custom_id"].endswith(suffix))


class Moves:
    """Counts committed moves in the setup's database."""

    def __init__(self, database: str) -> None:
        self.database = database
        self.pg = None

    async def count(self) -> int:
        if self.database.startswith("postgresql://"):
            import asyncpg

            if self.pg is None:
                self.pg = await asyncpg.connect(self.database)
            return await self.pg.fetchval("SELECT count(*) FROM moves")
        with contextlib.closing(sqlite3.connect(self.database, timeout=10)) as db:
            return db.execute("SELECT count(*) FROM moves").fetchone()[0]

    async def close(self) -> None:
        if self.pg is not None:
            await self.pg.close()


async def start_bot(info: dict, database: str, log: Path, shard: int | None) -> asyncio.subprocess.Process:
    env = {"TAFELBOT_SHARD_COUNT": "2", "TAFELBOT_DEV_GUILD": "", "TAFELBOT_LOG_LEVEL": "INFO"}
    env["TAFELBOT_RENDER_PROCESSES"] = "auto"  # as in production: a picture worker on 2+ cores
    if shard is not None:
        env["TAFELBOT_SHARDS"] = str(shard)
    return await remote.start_bot(info, database=database, output=log, **env)


async def stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGINT)  # the bot logs its move figures while closing
        try:
            await asyncio.wait_for(process.wait(), 30)
        except TimeoutError:
            process.kill()
            await process.wait()


async def setup_run(label: str, database: str, shards: list[int | None], args, folder: Path) -> dict:
    options, computers = GAMES[args.game]
    bots: list[asyncio.subprocess.Process] = []
    logs = [folder / f"{label.replace(' ', '-').replace(',', '')}-{i}.log" for i in range(len(shards))]
    moves = Moves(database)
    async with FakeDiscordProcess(shards=2, deadline=0) as fake:
        client = fake.client
        try:
            guilds = [await client.add_guild(f"shard {k}", shard=(k, 2)) for k in (0, 1)]
            host = await client.add_user("host")
            channels = [await client.add_channel(f"t{i}", guild_id=guilds[i % 2]) for i in range(args.games)]
            for shard, log in zip(shards, logs, strict=True):
                bots.append(await start_bot(fake.info, database, log, shard))
            await client.wait_until_ready(commands=[args.game], shards=[(0, 2), (1, 2)], timeout=120)
            for channel in channels:
                lobby = (await client.slash(host, channel, f"{args.game} new", options))["message"]
                for _ in range(computers):
                    await client.click(host, lobby, button(lobby, ":add-computer"))
                await client.click(host, lobby, button(lobby, ":start"))
                await client.slash(host, channel, f"{args.game} resign")
            await asyncio.sleep(1.0)  # past the start: every table is moving
            before, began = await moves.count(), time.perf_counter()
            await asyncio.sleep(args.window)
            after, seconds = await moves.count(), time.perf_counter() - began
        finally:
            for bot in bots:
                await stop(bot)
            await moves.close()
    figures = [STATS.search(log.read_text(errors="replace")) for log in logs]
    counted = [f for f in figures if f]
    total = sum(int(f[1]) for f in counted)
    return {
        "label": label,
        "moves": after - before,
        "seconds": seconds,
        "rate": (after - before) / seconds,
        "per_move_ms": sum(int(f[1]) * float(f[2]) for f in counted) / total if total else float("nan"),
        "db_ms": sum(int(f[1]) * float(f[3]) for f in counted) / total if total else float("nan"),
        "sampled": total,
        "logs": [str(log) for log in logs],
        "missing": len(figures) - len(counted),
    }


async def bench(args) -> list[dict]:
    results = []
    with tempfile.TemporaryDirectory(prefix="tafelbot-bench-") as tmp:
        folder = Path(tmp)
        results.append(await setup_run("1 process, SQLite", str(folder / "bench.sqlite3"), [None], args, folder))
        bindir = find_bindir()
        if bindir is None:
            print("no PostgreSQL server binaries (initdb, pg_ctl): the PostgreSQL setups are skipped")
            return results
        server = await asyncio.to_thread(PostgresServer(bindir, durable=True).start)
        try:
            import asyncpg

            admin = await asyncpg.connect(server.url())
            try:
                for name in ("one", "two"):
                    await admin.execute(f"CREATE DATABASE {name}")
            finally:
                await admin.close()
            results.append(await setup_run("1 process, PostgreSQL", server.url("one"), [None], args, folder))
            results.append(await setup_run("2 processes, PostgreSQL", server.url("two"), [0, 1], args, folder))
        finally:
            await asyncio.to_thread(server.stop)
        if any(r["missing"] for r in results):
            for r in results:
                for log in r["logs"]:
                    print(f"--- {log}\n{Path(log).read_text(errors='replace')[-1500:]}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="tables played at once, half on each shard")
    parser.add_argument("--game", choices=sorted(GAMES), default="duvelen")
    parser.add_argument("--window", type=float, default=8.0, help="seconds over which moves are counted")
    parser.add_argument("--timeout", type=float, default=600.0, help="give up after this many seconds")
    args = parser.parse_args()
    try:
        results = asyncio.run(asyncio.wait_for(bench(args), args.timeout))
    except TimeoutError:
        print(f"bench_shards: not done after {args.timeout:.0f} s; stopped", file=sys.stderr)
        sys.exit(1)
    print(f"\n{args.game}, {args.games} tables of computers at once, moves counted over {args.window:.0f} s:")
    print(f"{'setup':<26}{'moves/s':>9}{'(moves)':>9}{'ms/move':>9}{'db ms':>8}{'db share':>10}{'(sampled)':>11}")
    for r in results:
        share = r["db_ms"] / r["per_move_ms"] if r["per_move_ms"] else float("nan")
        print(
            f"{r['label']:<26}{r['rate']:>9.1f}{r['moves']:>9}{r['per_move_ms']:>9.2f}{r['db_ms']:>8.2f}"
            f"{100 * share:>9.1f}%{r['sampled']:>11}"
        )
    print(
        "ms/move: a computer move from choosing it until its board is out (summed over processes); "
        "db ms / db share: the part of it spent waiting on the database."
    )


if __name__ == "__main__":
    main()

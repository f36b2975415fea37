"""Moves through the whole stack: the real bot process against the fake Discord on 127.0.0.1.

The bot runs in its own process with its picture worker, started through its real entry point, as
in production; the fake Discord and the simulated players (the load generator) run in this one, so
their CPU is not counted as the bot's. Every move is committed to the database before it is
acknowledged, as always.

    python bench/bench_platform.py [--games 50] [--moves 10] [--pace 1.0] [--rate-limits 1] [--timeout 600]
        [--bot-root OTHER_CHECKOUT]

A timed move is what a player does: press "My hand" on the board, wait for their private controls,
press a move button, until the new board (or the edited one) is in the channel. Devil Take The
Hindmost with two players per table; a finished game is replaced by a new one at the same table.

Prints (issue 13's targets on a 2-core machine in brackets):
- moves per second with every table moving back to back [≥ 100/s], with the latency then;
- CPU milliseconds per move of the bot's event loop, its other threads, its picture worker(s) and
  this load generator (where the capacity goes);
- latency with every table moving once per ``--pace`` seconds: median and p99 [p99 ≤ 150 ms], p99
  only over at least 300 samples;
- peak memory of the bot and its worker(s);
- Discord's rate limits, on by default at Discord's own time (``--rate-limits 0``: off): the 429s
  the fake gave in each phase, by scope (a per-route bucket or the global limit), and the requests
  per move that count against the global limit of 50 a second per token (the ceiling: 50 moves a
  second at one counted request per move; interaction answers do not count);
- a machine check (a fixed piece of Python, timed before and after): compare runs only with it.
Every wait has a timeout and the whole run has one, so a small or broken run ends with a message.
This is a measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import re
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MENTION = re.compile(r"<@(\d+)>")
MIN_P99_SAMPLES = 300
TICK = os.sysconf("SC_CLK_TCK")


def machine_check() -> float:
    """Milliseconds for a fixed piece of pure Python, for comparing runs: this virtual machine's
    speed drifts by half within an hour, so rates from two runs compare only next to this."""
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        total = 0
        for i in range(300_000):
            total += i * i % 7
        best = min(best, time.perf_counter() - started)
    return 1000 * best


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def p99_text(values: list[float]) -> str:
    if len(values) < MIN_P99_SAMPLES:
        return f"p99 not shown (only {len(values)} samples, fewer than {MIN_P99_SAMPLES})"
    return f"p99 {1000 * pct(values, 0.99):.1f} ms over {len(values)} samples"


# ---- CPU and memory of the bot's processes, from /proc ----------------------------------------------


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _cpu_seconds(stat_path: Path) -> float:
    fields = stat_path.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def cpu_snapshot(bot_pid: int) -> dict[str, float]:
    """CPU seconds so far: the bot's main thread (the event loop), its other threads, its
    children (the picture workers) and this process."""
    out = {"bot event loop": 0.0, "bot other threads": 0.0, "picture worker(s)": 0.0}
    for task in Path(f"/proc/{bot_pid}/task").iterdir():
        key = "bot event loop" if int(task.name) == bot_pid else "bot other threads"
        out[key] += _cpu_seconds(task / "stat")
    for child in _children(bot_pid):
        for task in Path(f"/proc/{child}/task").iterdir():
            out["picture worker(s)"] += _cpu_seconds(task / "stat")
    times = os.times()
    out["load generator + fake Discord"] = times.user + times.system
    return out


def peak_memory_mib(pid: int) -> float:
    """Peak resident memory of a process and its children (the picture worker), from /proc."""
    total = 0.0
    for p in [pid, *_children(pid)]:
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                total += int(line.split()[1]) / 1024
    return total


# ---- the tables -----------------------------------------------------------------------------------


@dataclass
class Table:
    channel: int
    users: dict[int, object]
    first: object
    second: object
    game_id: int = 0
    games: int = 0
    moves: list[float] = field(default_factory=list)


async def start_game(fake, table: Table) -> None:
    new = await fake.slash(table.first, table.channel, "hindmost", "new", options={})
    ids = {x["custom_id"].rsplit(":", 1)[1]: x["custom_id"] for x in new.message.buttons()}
    await fake.click(table.second, new.message, ids["join"])
    await fake.click(table.first, new.message, ids["start"])
    table.game_id = int(ids["start"].split(":")[2])
    table.games += 1
    await fake.wait_for(lambda m: m.channel_id == table.channel and "<@" in m.content)


def current_board(fake, table: Table):
    hand = f"tb:hand:{table.game_id}"
    for message in reversed(fake.channel_messages(table.channel)):
        if any(b["custom_id"] == hand for b in message.buttons()):
            return message
    return None


async def move(fake, table: Table) -> float | None:
    """One player's move, timed from the "My hand" press to the board in the channel (None: the
    table was playing their only move for them, ``table.autoplay``; that board comes by itself)."""
    board = current_board(fake, table)
    if board is None:  # the game ended: a new one at the same table (not timed)
        await start_game(fake, table)
        board = current_board(fake, table)
    lines = [line for line in board.content.splitlines() if MENTION.search(line)]
    mover = table.users[int(MENTION.findall(lines[-1])[0])]
    known = {m.id: len(m.versions) for m in fake.channel_messages(table.channel)}
    started = time.perf_counter()
    controls = await fake.click(mover, board, f"tb:hand:{table.game_id}")
    prefix = f"tb:act:{table.game_id}:"
    if not any(b["custom_id"].startswith(prefix) for b in controls.message.buttons()):
        await asyncio.sleep(0.05)  # auto-played: not timed
        return None
    button = controls.message.find_button(custom_id_prefix=prefix)
    # A new board, or (one post per turn) the last board edited with the move's line.
    posted = asyncio.ensure_future(
        fake.wait_for(
            lambda m: (
                m.channel_id == table.channel
                and not m.ephemeral
                and (m.id not in known or len(m.versions) > known[m.id])
            ),
            existing=False,
        )
    )
    await fake.click(mover, controls.message, button["custom_id"])
    await posted
    return time.perf_counter() - started


@dataclass
class LimitCounts:
    """What Discord's rate limits (the fake's) saw during one phase."""

    counted: int = 0  # requests counted against the global limit
    user: int = 0  # 429s of a per-route bucket
    global_: int = 0  # 429s of the global limit
    routes: dict = field(default_factory=dict)  # counted requests by route


def limit_counts(fake) -> LimitCounts:
    limits = fake.rate_limits
    if limits is None:
        return LimitCounts()
    return LimitCounts(limits.counted, limits.refused["user"], limits.refused["global"], dict(limits.counted_routes))


def limits_during(before: LimitCounts, after: LimitCounts) -> LimitCounts:
    routes = {k: v - before.routes.get(k, 0) for k, v in after.routes.items() if v > before.routes.get(k, 0)}
    return LimitCounts(after.counted - before.counted, after.user - before.user, after.global_ - before.global_, routes)


def requests_by_route(requests: list[tuple[str, str]]) -> dict[str, int]:
    """Every REST call the bot made, by method and path with ids and tokens left out."""
    counts: dict[str, int] = {}
    for method, path in requests:
        route = method + " " + "/".join("{}" if re.search(r"\d", part) else part for part in path.split("/")[3:])
        counts[route] = counts.get(route, 0) + 1
    return counts


def limits_text(phase: LimitCounts, moves: int) -> str:
    moves = max(moves, 1)  # a phase that timed no move (a stalled run) still reports its 429s
    routes = ", ".join(f"{route} {n / moves:.2f}" for route, n in sorted(phase.routes.items(), key=lambda x: -x[1]))
    return (
        f"429s: {phase.user} of a route's bucket, {phase.global_} of the global limit;"
        f" requests counted against the global limit per move: {phase.counted / moves:.2f} ({routes or 'none'})"
    )


async def run(args) -> dict:
    from tests.e2e.fake import FakeDiscord
    from tests.e2e.fake.remote import bot_environment, stop_bot

    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        limits = {"rate_limits": args.rate_limits > 0, "rate_limit_scale": args.rate_limits or 1.0}
        async with FakeDiscord(timeout=30.0, **limits) as fake:
            tables = []
            for g in range(args.games):
                first, second = fake.add_user(f"a{g}"), fake.add_user(f"b{g}")
                tables.append(
                    Table(fake.add_channel(f"table-{g}"), {first.id: first, second.id: second}, first, second)
                )
            info = {"api_url": fake.api_url, "gateway_url": fake.gateway_url + "/", "guild_id": fake.guild_id}
            # The bot's pacing on the fake's time; with the limits off, out of the way (50 per 51 ms).
            info["rate_limit_scale"] = args.rate_limits or 0.001
            env = bot_environment(
                info, database=f"{tmp}/bench.sqlite3", TAFELBOT_RENDER_PROCESSES=str(args.render_processes)
            )
            bot_root = Path(args.bot_root).resolve() if args.bot_root else ROOT
            env["PYTHONPATH"] = str(bot_root)
            if args.profile:
                env["RUN_BOT_PROFILE"] = str(Path(args.profile).resolve())
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.e2e.fake.run_bot", cwd=bot_root, env=env
            )
            try:
                await fake.poll(
                    lambda: fake.connected and any(c["name"] == "hindmost" for c in fake.commands),
                    30.0,
                    "the bot did not connect and register its commands",
                )
                await asyncio.sleep(1.0)  # the picture worker warms up
                await asyncio.gather(*(start_game(fake, t) for t in tables))
                for table in tables:  # one untimed move each: first pictures and caches are warm
                    await move(fake, table)
                # This process keeps every message of every channel, pictures included: its full
                # collections paused it for over 100 ms, and the timing charged that to the bot.
                # What exists now stays; young objects are collected as usual (as the bot does).
                gc.collect()
                gc.freeze()
                gc.set_threshold(10_000, 50, 1000)

                async def closed_loop(table: Table) -> list[float]:
                    return [t for _ in range(args.moves) if (t := await move(fake, table)) is not None]

                before, began, limited = cpu_snapshot(proc.pid), time.perf_counter(), limit_counts(fake)
                asked_before = len(fake.rest.requests)
                busy = await asyncio.gather(*(closed_loop(t) for t in tables))
                elapsed = time.perf_counter() - began
                after, closed_limits = cpu_snapshot(proc.pid), limits_during(limited, limit_counts(fake))
                closed = [x for game in busy for x in game]
                asked = requests_by_route(fake.rest.requests[asked_before:])
                cpu = {k: 1000 * (after[k] - before[k]) / len(closed) for k in after}

                async def paced(table: Table, offset: float) -> list[float]:
                    await asyncio.sleep(offset)
                    out = []
                    for _ in range(args.moves):
                        tick = time.perf_counter()
                        if (took := await move(fake, table)) is not None:
                            out.append(took)
                        await asyncio.sleep(max(0.0, args.pace - (time.perf_counter() - tick)))
                    return out

                if fake.rate_limits is not None:
                    # Back to back, the bot filled the global window and the channels' buckets: let
                    # them empty (one channel window) so the paced phase measures the steady state.
                    await asyncio.sleep(5.0 * fake.rate_limits.scale)
                limited = limit_counts(fake)
                steady = await asyncio.gather(*(paced(t, i * args.pace / len(tables)) for i, t in enumerate(tables)))
                paced_limits = limits_during(limited, limit_counts(fake))
                memory = peak_memory_mib(proc.pid)
            finally:
                await stop_bot(proc, stop=signal.SIGTERM)  # as systemd stops it
            return {
                "throughput": len(closed) / elapsed,
                "closed": closed,
                "cpu": cpu,
                "paced": [x for game in steady for x in game],
                "memory": memory,
                "games": sum(t.games for t in tables),
                "closed limits": closed_limits,
                "requests": asked,
                "paced limits": paced_limits,
                "whole run limits": limit_counts(fake),
            }


def main() -> None:
    from bot import run_loop

    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50, help="tables playing at once")
    parser.add_argument("--moves", type=int, default=10, help="timed moves per table in each phase")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between moves of one table (paced phase)")
    parser.add_argument("--render-processes", type=int, default=1)
    parser.add_argument(
        "--rate-limits",
        type=float,
        default=1.0,
        help="Discord's rate limits in the fake, windows this many times Discord's (1: real; 0: off)",
    )
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before the whole run gives up")
    parser.add_argument(
        "--profile", help="write a cProfile of the bot's event loop (its CPU clock, set-up included) here"
    )
    parser.add_argument(
        "--bot-root",
        help="run the bot from this checkout instead (e.g. `git worktree add /tmp/base13 13b7dd7`), to"
        " compare two versions side by side with the same load generator and fake Discord",
    )
    args = parser.parse_args()
    check_before = machine_check()
    try:
        # The load generator on uvloop too, as the bot (where installed): it shares the two cores.
        result = run_loop(asyncio.wait_for(run(args), args.timeout))
    except TimeoutError:
        sys.exit(f"bench_platform: gave up after {args.timeout:g} s (use --timeout to allow longer)")
    closed, paced = result["closed"], result["paced"]
    if args.rate_limits:
        scale = "Discord's own time" if args.rate_limits == 1 else f"windows x{args.rate_limits:g}"
        print(f"Discord's rate limits on ({scale}): 5 posts and 5 edits per 5 s per channel, 50 requests/s per token")
    else:
        print("Discord's rate limits off")
    print(
        f"moves per second, {args.games} tables moving back to back: {result['throughput']:.1f}"
        f" over {len(closed)} moves (latency then: median {1000 * statistics.median(closed):.0f} ms,"
        f" {p99_text(closed)})"
    )
    print(f"  {limits_text(result['closed limits'], len(closed))}")
    print("CPU per move (ms): " + ", ".join(f"{k} {v:.1f}" for k, v in result["cpu"].items()))
    asked = sorted(result["requests"].items(), key=lambda x: -x[1])
    print(
        f"  REST calls per timed move: {sum(result['requests'].values()) / len(closed):.2f} ("
        + ", ".join(f"{route} {n / len(closed):.2f}" for route, n in asked)
        + ")"
    )
    print(
        f"move latency, {args.games} tables each moving every {args.pace:g} s"
        f" ({args.games / args.pace:.0f} moves/s offered; hand press → board posted):"
        + (f" median {1000 * statistics.median(paced):.1f} ms, {p99_text(paced)}" if paced else " no move timed")
    )
    print(f"  {limits_text(result['paced limits'], len(paced))}")
    whole = result["whole run limits"]
    print(f"429s over the whole run (set-up included): {whole.user} of a route's bucket, {whole.global_} global")
    print(f"games played: {result['games']}; peak memory of the bot and its picture worker: {result['memory']:.0f} MiB")
    print(f"machine check (lower is faster): {check_before:.1f} ms before the run, {machine_check():.1f} ms after")


if __name__ == "__main__":
    main()

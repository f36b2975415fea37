"""Platform benchmark: engine speed, board pictures, and moves through the whole stack.

The bot runs in its own process (with its picture worker), as in production; the fake Discord
and the simulated players run in this one, so their CPU is not counted as the bot's.

    python bench/bench_platform.py [--games 50] [--moves 20]

Prints (issue targets on a 2-core machine in brackets):
- engine actions per second (Devil Take The Hindmost, random play, shared ``apply``);
- board render time, median and p99 [median ≤ 30 ms];
- end-to-end move latency with N games at once through the real discord.py and the fake Discord on
  127.0.0.1: from the click on a move button until the board is posted in the channel, median and
  p99 [p99 ≤ 150 ms], and moves per second [≥ 100/s]; every move is committed to SQLite first;
- peak memory of the process.
This is a measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.hindmost import ENGINE  # noqa: E402
from engines.rng import Rng  # noqa: E402
from render.hindmost import render_board  # noqa: E402


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def engine_speed(seconds: float = 2.0) -> float:
    actions, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        seed += 1
        state = ENGINE.new_game(4, seed, ENGINE.normalize_options({}))[0]
        pick = Rng(seed)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.to_move(state)
            legal = ENGINE.legal_actions(state, seat)
            state, _ = ENGINE.apply(state, seat, legal[pick.below(len(legal))])
            actions += 1
    return actions / (time.perf_counter() - start)


def render_times(count: int = 300) -> list[float]:
    views, seed = [], 0
    while len(views) < count:
        seed += 1
        state = ENGINE.new_game(2 + seed % 5, seed, ENGINE.normalize_options({}))[0]
        pick = Rng(seed)
        step = 0
        while ENGINE.outcome(state) is None and len(views) < count:
            (seat,) = ENGINE.to_move(state)
            legal = ENGINE.legal_actions(state, seat)
            state, _ = ENGINE.apply(state, seat, legal[pick.below(len(legal))])
            step += 1
            if step % 17 == 0:
                views.append(ENGINE.view(state, None))
    names = ["Anna", "Bram", "Cor", "Daan", "Eva", "Fien"]
    times = []
    for view in views:
        start = time.perf_counter()
        render_board(view, names=names)
        times.append(time.perf_counter() - start)
    return times


MENTION = re.compile(r"<@(\d+)>")


def peak_memory_mib(pid: int) -> float:
    """Peak resident memory of a process and its children (the picture worker), from /proc."""
    total = 0.0
    pids = [pid] + [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    for p in pids:
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                total += int(line.split()[1]) / 1024
    return total


async def through_discord(games: int, moves: int, pace: float, processes: int) -> dict:
    """The bot in its own process (as in production); the fake Discord and the players here."""
    from tests.e2e.fake import FakeDiscord
    from tests.e2e.fake.remote import bot_environment

    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(timeout=60.0) as fake:
            tables = []
            for g in range(games):
                tables.append((fake.add_channel(f"table-{g}"), fake.add_user(f"a{g}"), fake.add_user(f"b{g}")))
            # The real entry point (``tafelbot``), pointed at the fake by the fake's own launcher.
            info = {"api_url": fake.api_url, "gateway_url": fake.gateway_url + "/", "guild_id": fake.guild_id}
            env = bot_environment(info, database=f"{tmp}/bench.sqlite3", TAFELBOT_RENDER_PROCESSES=str(processes))
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.e2e.fake.run_bot", cwd=Path(__file__).resolve().parent.parent, env=env
            )
            try:
                for _ in range(600):
                    if any(c["name"] == "hindmost" for c in fake.commands) and fake.connected:
                        break
                    await asyncio.sleep(0.05)
                await asyncio.sleep(1.0)  # the picture worker warms up
                game_ids = {}
                for channel, a, b in tables:
                    new = await fake.slash(a, channel, "hindmost", "new", options={})
                    lobby = new.message
                    ids = {x["custom_id"].rsplit(":", 1)[1]: x["custom_id"] for x in lobby.buttons()}
                    await fake.click(b, lobby, ids["join"])
                    await fake.click(a, lobby, ids["start"])
                    game_ids[channel] = int(ids["start"].split(":")[2])
                    await fake.wait_for(lambda m, c=channel: m.channel_id == c and "<@" in m.content)

                async def move(channel: int, users: dict) -> float:
                    game_id = game_ids[channel]
                    board = next(
                        m
                        for m in reversed(fake.channel_messages(channel))
                        if any(b["custom_id"] == f"tb:hand:{game_id}" for b in m.buttons())
                    )
                    lines = [line for line in board.content.splitlines() if MENTION.search(line)]
                    if not lines:
                        raise RuntimeError(f"no mention in board message: {board.content!r} {board.to_dict()}")
                    turn_line = lines[-1]
                    mover = users[int(MENTION.findall(turn_line)[0])]
                    controls = await fake.click(mover, board, f"tb:hand:{game_id}")
                    button = controls.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
                    # A new board, or (one post per turn) the last board edited with the move's line.
                    known = {m.id: len(m.versions) for m in fake.channel_messages(channel)}
                    started = time.perf_counter()
                    posted = asyncio.ensure_future(
                        fake.wait_for(
                            lambda m: (
                                m.channel_id == channel
                                and not m.ephemeral
                                and (m.id not in known or len(m.versions) > known[m.id])
                            ),
                            existing=False,
                        )
                    )
                    await fake.click(mover, controls.message, button["custom_id"])
                    await posted
                    return time.perf_counter() - started

                users_of = {channel: {a.id: a, b.id: b} for channel, a, b in tables}

                async def closed_loop(channel: int) -> list[float]:
                    return [await move(channel, users_of[channel]) for _ in range(moves)]

                began = time.perf_counter()
                busy = await asyncio.gather(*(closed_loop(channel) for channel, _a, _b in tables))
                throughput = sum(len(x) for x in busy) / (time.perf_counter() - began)

                async def paced(channel: int, offset: float) -> list[float]:
                    await asyncio.sleep(offset)
                    out = []
                    for _ in range(moves):
                        tick = time.perf_counter()
                        out.append(await move(channel, users_of[channel]))
                        await asyncio.sleep(max(0.0, pace - (time.perf_counter() - tick)))
                    return out

                steady = await asyncio.gather(
                    *(paced(channel, i * pace / games) for i, (channel, _a, _b) in enumerate(tables))
                )
                latencies = [x for game in steady for x in game]
                memory = peak_memory_mib(proc.pid)
            finally:
                # SIGTERM, as systemd sends it: the bot closes its picture worker and the database.
                proc.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(proc.wait(), 15)
                except TimeoutError:
                    proc.kill()
                    await proc.wait()
            return {
                "throughput": throughput,
                "latencies": latencies,
                "closed": [x for g in busy for x in g],
                "memory": memory,
            }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=10, help="moves per game in each phase")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between moves of one game (paced phase)")
    parser.add_argument("--render-processes", type=int, default=1)
    args = parser.parse_args()

    print(f"engine actions per second (hindmost, 4 players): {engine_speed():,.0f}")
    times = render_times()
    print(
        f"board render: median {1000 * statistics.median(times):.1f} ms, p99 {1000 * pct(times, 0.99):.1f} ms "
        f"({len(times)} renders)"
    )
    result = asyncio.run(through_discord(args.games, args.moves, args.pace, args.render_processes))
    lat, closed = result["latencies"], result["closed"]
    print(
        f"moves per second, {args.games} games moving back to back (every move committed first): "
        f"{result['throughput']:.1f} (latency then: median {1000 * statistics.median(closed):.0f} ms)"
    )
    print(
        f"move latency, {args.games} games each moving every {args.pace:g} s "
        f"({args.games / args.pace:.0f} moves/s offered; click → board posted): "
        f"median {1000 * statistics.median(lat):.1f} ms, p99 {1000 * pct(lat, 0.99):.1f} ms over {len(lat)} moves"
    )
    print(f"peak memory of the bot process and its picture worker: {result['memory']:.0f} MiB")


if __name__ == "__main__":
    main()

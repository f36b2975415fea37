"""Platform benchmark: engine speed, board pictures, and moves through the whole stack.

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
import resource
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
        state = ENGINE.new_game(4, seed, ENGINE.normalize_options({}))
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
        state = ENGINE.new_game(2 + seed % 5, seed, ENGINE.normalize_options({}))
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


async def through_discord(games: int, moves: int, processes: int = 1) -> tuple[list[float], float, int]:
    from bot import Config, create_bot
    from tests.e2e.fake_discord import FakeDiscord
    from tests.e2e.harness import run_client, stop_client

    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(timeout=30.0) as fake:
            undo = fake.patch_discord()
            config = Config(
                token="bench",
                database=f"{tmp}/bench.sqlite3",
                dev_guild_id=fake.guild_id,
                bot_delay=0.0,
                games=("hindmost",),
                render_processes=processes,
            )
            bot = create_bot(config, guild_ready_timeout=0.05)
            task = await run_client(bot)
            await bot.resumed.wait()
            tables = []
            for g in range(games):
                channel = fake.add_channel(f"table-{g}")
                a, b = fake.add_user(f"a{g}"), fake.add_user(f"b{g}")
                new = await fake.slash(a, channel, "hindmost", "new", options={})
                lobby = new.message
                join = next(x["custom_id"] for x in lobby.buttons() if x["custom_id"].endswith(":join"))
                start = next(x["custom_id"] for x in lobby.buttons() if x["custom_id"].endswith(":start"))
                await fake.click(b, lobby, join)
                await fake.click(a, lobby, start)
                tables.append((channel, {a.id: a, b.id: b}))
            await bot.table_flow.idle()
            latencies: list[float] = []

            async def play(channel: int, users: dict) -> None:
                row = await bot.store.open_game_in_channel(channel)
                for _ in range(moves):
                    row = await bot.store.get_game(row.id)
                    if row.status != "active":
                        return
                    (seat,) = ENGINE.to_move(ENGINE.load(row.state))
                    user = users[row.seats[seat].user_id]
                    board = fake.last_public(channel)
                    controls = await fake.click(user, board, f"tb:hand:{row.id}")
                    button = controls.message.find_button(custom_id_prefix=f"tb:act:{row.id}:")
                    before = {m.id for m in fake.channel_messages(channel)}
                    started = time.perf_counter()
                    posted = asyncio.ensure_future(
                        fake.wait_for(
                            lambda m: m.channel_id == channel and m.id not in before and not m.ephemeral, existing=False
                        )
                    )
                    await fake.click(user, controls.message, button["custom_id"])
                    await posted
                    latencies.append(time.perf_counter() - started)

            began = time.perf_counter()
            await asyncio.gather(*(play(channel, users) for channel, users in tables))
            elapsed = time.perf_counter() - began
            await stop_client(bot, task)
            undo()
            return latencies, elapsed, len(latencies)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()

    print(f"engine actions per second (hindmost, 4 players): {engine_speed():,.0f}")
    times = render_times()
    print(
        f"board render: median {1000 * statistics.median(times):.1f} ms, p99 {1000 * pct(times, 0.99):.1f} ms "
        f"({len(times)} renders)"
    )
    latencies, elapsed, count = asyncio.run(through_discord(args.games, args.moves))
    print(
        f"move latency with {args.games} games at once (click → board posted, committed first): "
        f"median {1000 * statistics.median(latencies):.1f} ms, p99 {1000 * pct(latencies, 0.99):.1f} ms "
        f"over {count} moves"
    )
    print(f"moves per second through the whole stack: {count / elapsed:.1f}")
    print(
        f"peak memory (bot, fake Discord and benchmark in one process): "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB"
    )


if __name__ == "__main__":
    main()

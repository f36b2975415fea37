"""Duvelen live table benchmark: 8 computer players acting as fast as they can, whole stack.

    python bench/duvelen_live.py [--rounds 3] [--timeout 600]

Every action goes through the table service (checked, committed to SQLite with its move-log entry)
and the live board message is refreshed through the real discord.py against the fake Discord.
Prints actions per second over the whole game and per round (target ≥ 200/s with every action
durable), what a computer action costs and how much of it is the database's commit, and how often
the table picture was refreshed. A measurement, not a test.

Group commit (several actions in one transaction) cannot help one table: every action is checked
against the state the previous one left, under the game's lock, and acknowledged only once it is
on disk, so each needs its own commit; the database share printed here says what it would save.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.limits import give_up_after  # noqa: E402


async def run(rounds: int, processes: int) -> None:
    from bot import Config, create_bot
    from db import GameStatus
    from tests.e2e.fake import FakeDiscord
    from tests.e2e.harness import run_client, stop_client

    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(timeout=60.0) as fake:
            undo = fake.patch_discord()
            channel, host = fake.add_channel("duvelen"), fake.add_user("host")
            config = Config(
                token="bench",
                database=f"{tmp}/bench.sqlite3",
                dev_guild_id=fake.guild_id,
                computer_delay=0.0,
                games=("duvelen",),
                render_processes=processes,
            )
            bot = create_bot(config, guild_ready_timeout=0.05)
            task = await run_client(bot)
            await bot.resumed.wait()
            new = await fake.slash(host, channel, "duvelen", "new", options={"rounds": rounds})
            lobby = new.message
            ids = {b["custom_id"].rsplit(":", 1)[1]: b["custom_id"] for b in lobby.buttons()}
            for _ in range(7):
                await fake.click(host, lobby, ids["add-computer"])
            began = time.perf_counter()
            await fake.click(host, lobby, ids["start"])
            await fake.slash(host, channel, "duvelen", "resign")  # now all eight seats are computers
            row = await bot.store.open_game_in_channel(channel)
            while (await bot.store.get_game(row.id)).status == GameStatus.ACTIVE:
                await asyncio.sleep(0.05)
            elapsed = time.perf_counter() - began
            moves = await bot.store.moves(row.id)
            stats = bot.table_flow.computers.stats
            refreshes = bot.table_flow.live.refreshes
            edits = sum(m.edits for m in fake.channel_messages(channel))
            await stop_client(bot, task)
            undo()
    actions = sum(1 for _seq, _seat, action in moves if not action.startswith("!"))
    print(
        f"8 computer players, {rounds} round(s): {actions} actions in {elapsed:.1f} s = "
        f"{actions / elapsed:.0f} actions/s, each committed with its move-log entry before the next"
    )
    print(f"  {stats}")
    print(
        f"table picture refreshed {refreshes} times ({refreshes / elapsed:.2f}/s; {edits} message edits), "
        f"throttled to at most one per {bot.table_flow.live.interval:g} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--render-processes", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before the run gives up")
    args = parser.parse_args()
    give_up_after(args.timeout)
    asyncio.run(run(args.rounds, args.render_processes))


if __name__ == "__main__":
    main()

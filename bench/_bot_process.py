"""The real bot in its own process, pointed at a fake Discord (used by bench_platform.py only)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

import discord
import yarl

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import Config, create_bot  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--guild", type=int, required=True)
    parser.add_argument("--render-processes", type=int, default=1)
    args = parser.parse_args()
    discord.http.Route.BASE = args.base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    logging.basicConfig(level=logging.WARNING)
    config = Config(
        token="bench",
        database=args.db,
        dev_guild_id=args.guild,
        bot_delay=0.0,
        games=("hindmost",),
        render_processes=args.render_processes,
    )
    bot = create_bot(config, guild_ready_timeout=0.05)

    async def run() -> None:
        async with bot:
            await bot.start("bench")

    asyncio.run(run())


if __name__ == "__main__":
    main()

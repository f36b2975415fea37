"""The real bot (``bot.run``, as the ``tafelbot`` command runs it) pointed at a fake Discord, in
its own process: for the tests that stop or kill it (test_stopping_e2e.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import discord
import yarl

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot import Config, run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--guild", type=int, required=True)
    parser.add_argument("--render-processes", type=int, default=1)
    args = parser.parse_args()
    discord.http.Route.BASE = args.base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    config = Config(
        token="fake-token",
        database=args.db,
        dev_guild_id=args.guild,
        bot_delay=0.0,
        games=("hindmost",),
        render_processes=args.render_processes,
        log_level="INFO",
    )
    return run(config)


if __name__ == "__main__":
    sys.exit(main())

"""Run the real bot (``bot.main``, configured by its usual environment variables) against a fake
Discord in another process: ``FAKE_DISCORD_API`` and ``FAKE_DISCORD_GATEWAY`` say where.

    FAKE_DISCORD_API=http://127.0.0.1:PORT/api/v10 FAKE_DISCORD_GATEWAY=ws://127.0.0.1:PORT/gateway \\
    DISCORD_TOKEN=fake TAFELBOT_DEV_GUILD=... TAFELBOT_DB=... python -m tests.e2e.fake.run_bot

Nothing in ``bot.py`` knows about the fake: this only points discord.py's REST base and gateway
URL (class attributes read at request time) elsewhere before handing over to the entry point.
SIGINT stops the bot cleanly (exit status 0); SIGKILL is a crash.
"""

from __future__ import annotations

import os
import sys

from .pointing import point_discord_at


def main() -> int:
    try:
        api, gateway = os.environ["FAKE_DISCORD_API"], os.environ["FAKE_DISCORD_GATEWAY"]
    except KeyError as missing:
        print(f"run_bot: {missing} is not set; it must point at a running fake Discord", file=sys.stderr)
        return 2
    point_discord_at(api, gateway)
    from bot import main as bot_main

    return bot_main([])


if __name__ == "__main__":
    sys.exit(main())

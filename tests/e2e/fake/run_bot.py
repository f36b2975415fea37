"""Run the real bot (``bot.main``, configured by its usual environment variables) against a fake
Discord in another process: ``FAKE_DISCORD_API`` and ``FAKE_DISCORD_GATEWAY`` say where.

    FAKE_DISCORD_API=http://127.0.0.1:PORT/api/v10 FAKE_DISCORD_GATEWAY=ws://127.0.0.1:PORT/gateway \\
    DISCORD_TOKEN=fake TAFELBOT_DEV_GUILD=... TAFELBOT_DB=... python -m tests.e2e.fake.run_bot

Nothing in ``bot.py`` knows about the fake: this only points discord.py's REST base and gateway
URL (class attributes read at request time) elsewhere before handing over to the entry point, and
runs the bot's pacing under the global rate limit (``cogs.pacing``) on the time of the fake's rate
limits (``FAKE_DISCORD_RATE_LIMIT_SCALE``, as ``FakeDiscord(rate_limit_scale=...)``).
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
    scale = float(os.environ.get("FAKE_DISCORD_RATE_LIMIT_SCALE") or 1)
    if scale != 1:
        from cogs import pacing

        pacing.GLOBAL_PERIOD *= scale
    from bot import main as bot_main

    profile_to = os.environ.get("RUN_BOT_PROFILE")
    if not profile_to:
        return bot_main([])
    # Where the event loop's CPU goes (bench/bench_platform.py --profile): the main thread's own
    # CPU clock, so waiting on the network or the worker counts nothing.
    import cProfile
    import time

    profile = cProfile.Profile(time.thread_time)
    try:
        return profile.runcall(bot_main, [])
    finally:
        profile.dump_stats(profile_to)


if __name__ == "__main__":
    sys.exit(main())

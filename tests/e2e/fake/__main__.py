"""Serve the fake Discord as its own process, with the HTTP control API of ``control.py``.

    python -m tests.e2e.fake [--port 0] [--shards N] [--guild-shard K] [--deadline 3] [--stop-on-eof]
                             [--rate-limit-scale S]

Prints one JSON line to stdout once it listens: port, base_url, api_url (for discord.py's
``Route.BASE``), gateway_url, control_url and guild_id. Logs go to stderr. Stops cleanly on
SIGTERM or SIGINT, and with ``--stop-on-eof`` when its stdin closes (so it never outlives a
driver that was killed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sys

from .ratelimits import SUITE_SCALE
from .server import FakeDiscord


class _StopOnEof(asyncio.Protocol):
    def __init__(self, stop: asyncio.Event) -> None:
        self.stop = stop

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop.set()


async def serve(args: argparse.Namespace) -> None:
    guild_shard = (args.guild_shard, args.shards) if args.guild_shard is not None else None
    fake = FakeDiscord(
        recommended_shards=args.shards,
        guild_shard=guild_shard,
        response_deadline=args.deadline or None,
        timeout=args.timeout,
        control=True,
        rate_limits=args.rate_limit_scale > 0,
        rate_limit_scale=args.rate_limit_scale or SUITE_SCALE,
    )
    await fake.start(args.port)
    info = {
        "port": fake.port,
        "base_url": fake.base_url,
        "api_url": fake.api_url,
        "gateway_url": fake.gateway_url,
        "control_url": f"{fake.base_url}/_control",
        "guild_id": str(fake.guild_id),
        "rate_limit_scale": fake.rate_limits.scale if fake.rate_limits is not None else None,
    }
    print(json.dumps(info), flush=True)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    if args.stop_on_eof:
        await loop.connect_read_pipe(lambda: _StopOnEof(stop), sys.stdin)
    await stop.wait()
    await fake.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.fake", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="0: any free port (printed)")
    parser.add_argument("--shards", type=int, default=1, help="the shard count GET /gateway/bot recommends")
    parser.add_argument("--guild-shard", type=int, default=None, help="put the first guild on this shard")
    parser.add_argument("--deadline", type=float, default=3.0, help="seconds to answer an interaction; 0: no limit")
    parser.add_argument("--timeout", type=float, default=10.0, help="default wait of control actions, seconds")
    parser.add_argument("--stop-on-eof", action="store_true", help="stop when stdin closes")
    parser.add_argument(
        "--rate-limit-scale",
        type=float,
        default=SUITE_SCALE,
        help=f"Discord's rate limits with windows this many times Discord's (1: real; 0: off; default {SUITE_SCALE})",
    )
    parser.add_argument("--log-level", default="WARNING")
    args = parser.parse_args()
    logging.basicConfig(
        level=args.log_level, stream=sys.stderr, format="fake-discord %(levelname)s %(name)s: %(message)s"
    )
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()

"""The fake Discord and the bot in processes of their own, and a client for the control API.

    async with FakeDiscordProcess(shards=1) as fake:          # python -m tests.e2e.fake
        client = fake.client
        channel = await client.add_channel("spellen")
        alice = await client.add_user("alice")
        bot = await start_bot(fake.info, database=path)         # python -m tests.e2e.fake.run_bot
        await client.wait_until_ready(commands=["hindmost"])
        reply = await client.slash(alice, channel, "hindmost new")
        ...
        assert await stop_bot(bot) == 0                          # SIGINT: a clean stop; bot.kill() is a crash

Used by tests that need the bot in another process (a crash suite) and by benchmarks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import aiohttp

from .protocol import FakeDiscordError

ROOT = Path(__file__).resolve().parents[3]  # the repository: tests.e2e.fake and bot import from here


def _id(thing: Any) -> str:
    """An id given as a number, a string or a summary dict with "id"."""
    return str(thing["id"]) if isinstance(thing, dict) else str(thing)


class FakeDiscordClient:
    """Async client for the control API of a fake Discord in another process (see ``control.py``)."""

    def __init__(self, base_url: str) -> None:
        self.url = base_url.rstrip("/") + "/_control"
        self._session: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def _call(self, method: str, path: str, body: dict | None = None) -> Any:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120))
        async with self._session.request(method, self.url + path, json=body) as response:
            data = await response.json(content_type=None)
        if response.status == 409:
            raise FakeDiscordError(data["error"])
        if response.status != 200:
            raise RuntimeError(f"control API {method} {path}: {response.status} {data}")
        return data

    # -- setting up ----------------------------------------------------------------------------

    async def state(self) -> dict:
        return await self._call("GET", "/state")

    async def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> str:
        return (await self._call("POST", "/guilds", {"name": name, "shard": list(shard) if shard else None}))["id"]

    async def add_channel(self, name: str, *, guild_id: Any = None) -> str:
        body = {"name": name, "guild_id": _id(guild_id) if guild_id else None}
        return (await self._call("POST", "/channels", body))["id"]

    async def add_user(self, name: str, *, locale: str = "en-US", manage_guild: bool = False) -> str:
        body = {"name": name, "locale": locale, "manage_guild": manage_guild}
        return (await self._call("POST", "/users", body))["id"]

    async def wait_until_ready(
        self, *, commands: list[str] = (), shards: list[tuple[int, int]] = (), timeout: float = 60.0
    ) -> dict:
        """Once a bot is connected to the gateway and has registered ``commands``; with ``shards``
        ([(0, 2), (1, 2)]), once each of those shards has a live session (several processes)."""
        body = {"commands": list(commands), "shards": [list(s) for s in shards], "timeout": timeout}
        return await self._call("POST", "/wait/ready", body)

    # -- acting as users ----------------------------------------------------------------------

    async def slash(self, user: Any, channel: Any, command: str, options: dict | None = None, **how: Any) -> dict:
        """``slash(alice, channel, "hindmost new", {"rounds": 2})``; the interaction's summary."""
        body = {"user": _id(user), "channel": _id(channel), "command": command, "options": options or {}, **how}
        return await self._call("POST", "/slash", body)

    async def click(self, user: Any, message: Any, custom_id: str, **how: Any) -> dict:
        body = {"user": _id(user), "message": _id(message), "custom_id": custom_id, **how}
        return await self._call("POST", "/click", body)

    async def select(self, user: Any, message: Any, custom_id: str, values: list[str], **how: Any) -> dict:
        body = {"user": _id(user), "message": _id(message), "custom_id": custom_id, "values": values, **how}
        return await self._call("POST", "/select", body)

    # -- reading what was posted ------------------------------------------------------------------

    async def channel_messages(self, channel: Any, *, include_ephemeral: bool = False) -> list[dict]:
        query = "?ephemeral=1" if include_ephemeral else ""
        return await self._call("GET", f"/channels/{_id(channel)}/messages{query}")

    async def ephemeral_messages(self, user: Any) -> list[dict]:
        return await self._call("GET", f"/users/{_id(user)}/ephemeral")

    async def message(self, message: Any) -> dict:
        return await self._call("GET", f"/messages/{_id(message)}")

    async def wait_for_message(self, channel: Any, *, after: Any = 0, timeout: float | None = None) -> dict:
        """The first public message in ``channel`` newer than message ``after``."""
        body = {"channel": _id(channel), "after": _id(after) if after else 0, "timeout": timeout}
        return await self._call("POST", "/wait/message", body)

    # -- faults (control.py) ------------------------------------------------------------------------

    async def fail_callbacks(self, count: int = 1, **how: Any) -> None:
        """``how``: status, code, reset, as ``FakeDiscord.fail_callbacks``."""
        await self._call("POST", "/faults/callbacks", {"count": count, **how})

    async def limit_old_edits(self, on: bool = True, **how: Any) -> None:
        await self._call("POST", "/faults/old-edits", {"on": on, **how})

    async def thread(self, thread: Any, action: str, *, archive: bool = False, unarchive: bool = False) -> None:
        """``action``: archive, unarchive, lock (``archive`` too) or unlock (``unarchive`` too)."""
        await self._call("POST", f"/threads/{_id(thread)}/{action}", {"archive": archive, "unarchive": unarchive})

    async def archive_idle_threads(self) -> list[str]:
        return (await self._call("POST", "/threads/archive-idle"))["ids"]

    async def delete_channel(self, channel: Any) -> None:
        await self._call("POST", f"/channels/{_id(channel)}/delete")

    async def remove_bot_from_guild(self, guild: Any) -> None:
        await self._call("POST", f"/guilds/{_id(guild)}/remove-bot")

    async def add_bot_back(self, guild: Any) -> None:
        await self._call("POST", f"/guilds/{_id(guild)}/add-bot")

    async def advance_clock(self, seconds: float) -> None:
        await self._call("POST", "/clock", {"advance": seconds})

    async def faults(self) -> dict:
        return await self._call("GET", "/faults")

    async def file(self, attachment: dict) -> bytes:
        """The bytes of a file from a message summary's ``files``."""
        if self._session is None:
            self._session = aiohttp.ClientSession()
        async with self._session.get(attachment["url"]) as response:
            return await response.read()


class FakeDiscordProcess:
    """``python -m tests.e2e.fake`` as a subprocess; ``info`` is the JSON line it printed."""

    def __init__(self, *, shards: int = 1, deadline: float = 3.0, extra: list[str] = ()) -> None:
        self.args = ["--shards", str(shards), "--deadline", str(deadline), "--stop-on-eof", *extra]
        self.process: asyncio.subprocess.Process | None = None
        self.info: dict = {}
        self.client: FakeDiscordClient | None = None

    async def __aenter__(self) -> FakeDiscordProcess:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.e2e.fake",
            "--port",
            "0",
            *self.args,
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        line = await asyncio.wait_for(self.process.stdout.readline(), 30)
        if not line:
            await self.process.wait()
            raise RuntimeError(f"the fake Discord process ended at start (status {self.process.returncode})")
        self.info = json.loads(line)
        self.client = FakeDiscordClient(self.info["base_url"])
        return self

    async def stop(self) -> int:
        """SIGTERM, then wait; returns the exit status (0: stopped cleanly)."""
        if self.client is not None:
            await self.client.close()
        process = self.process
        if process is None or process.returncode is not None:
            return process.returncode if process else 0
        process.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(process.wait(), 10)
        except TimeoutError:
            process.kill()
            return await process.wait()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()


def bot_environment(info: dict, *, database: str | os.PathLike, guild_id: Any = None, **extra: str) -> dict:
    """Environment variables that run ``bot.py``'s entry point against the fake of ``info``."""
    return {
        **os.environ,
        "FAKE_DISCORD_API": info["api_url"],
        "FAKE_DISCORD_GATEWAY": info["gateway_url"],
        "DISCORD_TOKEN": "fake-token",
        "TAFELBOT_DB": str(database),
        "TAFELBOT_DEV_GUILD": str(guild_id or info["guild_id"]),
        "TAFELBOT_COMPUTER_DELAY": "0",
        "TAFELBOT_RENDER_PROCESSES": "0",
        "TAFELBOT_LOG_LEVEL": "WARNING",
        # The bot's pacing on the time of the fake's rate limits (run_bot reads it).
        "FAKE_DISCORD_RATE_LIMIT_SCALE": str(info.get("rate_limit_scale") or 1),
        **extra,
    }


async def start_bot(
    info: dict, *, database: str | os.PathLike, output: os.PathLike | None = None, **env: Any
) -> asyncio.subprocess.Process:
    """``python -m tests.e2e.fake.run_bot`` pointed at the fake; wait with the client's
    ``wait_until_ready`` before driving it. ``output``: a file for the bot's log (else inherited)."""
    log = open(output, "wb") if output is not None else None  # noqa: SIM115 - the child writes to it
    try:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.e2e.fake.run_bot",
            cwd=ROOT,
            env=bot_environment(info, database=database, **env),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )
    finally:
        if log is not None:
            log.close()  # the child has its own copy


async def stop_bot(process: asyncio.subprocess.Process, *, timeout: float = 15.0, stop: int = signal.SIGINT) -> int:
    """SIGINT, or ``stop`` (SIGTERM, as systemd sends it): the bot closes its connections and
    database; then wait, killing it after ``timeout``. The exit status."""
    if process.returncode is None:
        process.send_signal(stop)
        try:
            await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            process.kill()
            await process.wait()
    return process.returncode


@contextlib.asynccontextmanager
async def bot_process(info: dict, *, database: str | os.PathLike, **env: Any):
    """``async with bot_process(fake.info, database=...) as process:`` stops it afterwards."""
    process = await start_bot(info, database=database, **env)
    try:
        yield process
    finally:
        await stop_bot(process)

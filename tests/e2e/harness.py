"""Running a discord.py client inside a test, and failing the test when anything logs an error.

Generic: nothing here knows about the bot's games. Typical use (see test_fake_discord.py; the fake itself is the package tests/e2e/fake)::

    async with FakeDiscord() as fake:
        undo = fake.patch_discord()
        with ErrorLogCapture(on_error=fake.fail_waiters):
            task = await run_client(bot)
            ...
            await stop_client(bot, task)
        undo()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import threading
import traceback as _traceback
from collections.abc import AsyncIterator, Callable

import discord

from bot import Config, create_bot
from tests.e2e.fake import FakeDiscord

__all__ = ["ErrorLogCapture", "run_client", "running", "stop_client"]


async def run_client(client: discord.Client, token: str = "fake-token", *, timeout: float = 30.0) -> asyncio.Task:
    """Start ``client.start(token)`` as a task and return it once the client is ready.

    Fails with the client's own exception if ``start`` ends early (a crashing ``setup_hook``, a
    refused login), and with a TimeoutError if the client is not ready after ``timeout`` seconds."""
    task = asyncio.create_task(client.start(token), name=f"discord client {client!r}")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not client.is_ready():
        if task.done():
            error = None if task.cancelled() else task.exception()
            raise RuntimeError(f"client.start() ended before the client was ready: {error!r}") from error
        if loop.time() > deadline:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
            raise TimeoutError(f"the client was not ready after {timeout} s (is the fake Discord patched in?)")
        # Polling keeps this independent of discord.py's internal ready event, which only
        # exists after login; readiness takes tens of milliseconds against the fake.
        await asyncio.wait({task}, timeout=0.002)
    return task


async def stop_client(client: discord.Client, task: asyncio.Task, *, timeout: float = 5.0) -> None:
    """Close the client and wait for its ``start`` task; re-raise whatever that task raised."""
    await client.close()
    try:
        await asyncio.wait_for(task, timeout)
    except asyncio.CancelledError:
        if not task.cancelled():
            raise


@contextlib.asynccontextmanager
async def running(client: discord.Client, token: str = "fake-token") -> AsyncIterator[discord.Client]:
    """``async with running(bot):`` starts the client, waits until ready, and stops it after."""
    task = await run_client(client, token)
    try:
        yield client
    finally:
        await stop_client(client, task)


class ErrorLogCapture(logging.Handler):
    """Collects ERROR (and worse) log records from every logger while installed.

    discord.py logs an exception raised in a command, view or event handler and carries on, so
    without this a crashing handler only shows up as a time-out. Use as a context manager (it
    raises AssertionError on exit if errors were logged) or call ``check()`` yourself.

    ``on_error(message)`` is called for each unexpected record, e.g. ``fake.fail_waiters`` to make
    a pending ``click`` fail at once instead of timing out. Install the capture inside the event
    loop (an async fixture) so records logged from other threads can be handed over to it.

    For tests that provoke an error on purpose: ``allow(pattern)`` tolerates matching records,
    ``take(pattern)`` removes and returns them, ``await expect(pattern)`` waits for one first.
    Patterns are regular expressions searched in "LEVEL logger: message [exception]".
    """

    def __init__(self, *, level: int = logging.ERROR, on_error: Callable[[str], None] | None = None) -> None:
        super().__init__(level)
        self.records: list[logging.LogRecord] = []
        self.on_error = on_error
        self._allowed: list[re.Pattern[str]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.get_ident()

    def allow(self, pattern: str) -> None:
        self._allowed.append(re.compile(pattern))

    def is_allowed(self, record: logging.LogRecord) -> bool:
        return any(p.search(_record_text(record)) for p in self._allowed)

    def take(self, pattern: str) -> list[logging.LogRecord]:
        """Remove and return the records whose logger, message or exception matches ``pattern``:
        for a test that provokes an error on purpose and then checks what was logged."""
        regex = re.compile(pattern)
        taken = [r for r in self.records if regex.search(_record_text(r))]
        self.records = [r for r in self.records if r not in taken]
        return taken

    async def expect(self, pattern: str, timeout: float = 2.0) -> list[logging.LogRecord]:
        """Wait until a record matching ``pattern`` was logged, then ``take`` it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not (taken := self.take(pattern)):
            if loop.time() > deadline:
                raise AssertionError(f"nothing matching {pattern!r} was logged within {timeout} s")
            await asyncio.sleep(0.005)
        return taken

    @property
    def errors(self) -> list[logging.LogRecord]:
        return [r for r in self.records if not self.is_allowed(r)]

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        if self.on_error is None or self.is_allowed(record):
            return
        message = f"an ERROR was logged: {_record_text(record, traceback=False)}"
        if threading.get_ident() == self._thread:
            self.on_error(message)
        elif self._loop is not None:
            # From discord.py's heartbeat thread, say: waiters live on the event loop.
            self._loop.call_soon_threadsafe(self.on_error, message)

    def install(self) -> ErrorLogCapture:
        with contextlib.suppress(RuntimeError):
            self._loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()
        logging.getLogger().addHandler(self)
        return self

    def uninstall(self) -> None:
        logging.getLogger().removeHandler(self)

    def report(self) -> str:
        return "\n\n".join(_record_text(r) for r in self.errors)

    def check(self) -> None:
        if self.errors:
            raise AssertionError(f"{len(self.errors)} error(s) were logged during the test:\n\n{self.report()}")

    def __enter__(self) -> ErrorLogCapture:
        return self.install()

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.uninstall()
        if exc_type is None:
            self.check()


def _record_text(record: logging.LogRecord, *, traceback: bool = True) -> str:
    """Logger, message and the exception (the part that explains a failed handler)."""
    text = f"{record.levelname} {record.name}: {record.getMessage()}"
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        text += f" [{type(error).__name__}: {error}]"
        if traceback:
            text += "\n" + "".join(_traceback.format_exception(*record.exc_info)).rstrip()
    return text


class Tafel:
    """The running bot plus a way to restart it."""

    def __init__(self, fake: FakeDiscord, database: str) -> None:
        self.fake = fake
        self.config = Config(token="fake-token", database=database, dev_guild_id=fake.guild_id, computer_delay=0.0)
        self.bot = None
        self.task = None
        self.clock = None  # [clocks] a table.clock.FakeClock to move time by hand (None: real time)

    async def start(self):
        if self.clock is not None:  # interaction tokens expire on the same clock (15 minutes)
            self.fake.token_clock = self.clock.now
        self.bot = create_bot(self.config, clock=self.clock, guild_ready_timeout=0.05)
        if self.fake.rate_limits is not None:  # the bot's pacing on the time of the fake's rate limits
            self.bot.pacer.period *= self.fake.rate_limits.scale
        self.task = await run_client(self.bot)
        await self.bot.resumed.wait()
        return self.bot

    async def stop(self) -> None:
        if self.bot is not None:
            await stop_client(self.bot, self.task)
            self.bot = None

    async def restart(self):
        await self.stop()
        return await self.start()

    async def settle(self) -> None:
        """Wait until the bot has finished answering and no computer player is thinking."""
        await self.bot.table_flow.idle()

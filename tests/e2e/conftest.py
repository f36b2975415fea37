"""Fixtures for end-to-end tests of the real bot against the fake Discord.

``tafel`` starts the real bot (``bot.create_bot``) on a SQLite file in a temporary folder, with
computer players moving at once; ``restart`` stops it and starts a fresh process-alike on the same
database and the same fake, as a real restart would.
"""

from __future__ import annotations

import pytest

from bot import Config, create_bot
from table.clock import FakeClock
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.openapi import Conformance
from tests.e2e.harness import ErrorLogCapture, run_client, stop_client


def pytest_terminal_summary(terminalreporter):
    """How much of the run was held to Discord's spec (a non-conforming one failed its test)."""
    totals = Conformance.TOTALS
    if totals:
        terminalreporter.write_line(
            f"fake Discord, held to Discord's OpenAPI spec: {totals['requests']} request bodies "
            f"({totals['requests refused']} refused), {totals['answers']} answers "
            f"({totals['answers not conforming']} not conforming), {totals['gateway events']} gateway events "
            f"({totals['gateway events not conforming']} not conforming)"
        )


@pytest.fixture
async def fake():
    async with FakeDiscord() as fake:
        undo = fake.patch_discord()
        try:
            yield fake
        finally:
            undo()


@pytest.fixture
async def capture(fake):
    with ErrorLogCapture(on_error=fake.fail_waiters) as capture:
        yield capture


@pytest.fixture
def channel(fake) -> int:
    return fake.add_channel("spellen")


@pytest.fixture
def alice(fake):
    return fake.add_user("alice", locale="en-GB")


@pytest.fixture
def bob(fake):
    return fake.add_user("bob", locale="nl")


@pytest.fixture
def carol(fake):
    return fake.add_user("carol", locale="en-US")


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


@pytest.fixture
async def tafel(fake, capture, tmp_path):
    tafel = Tafel(fake, str(tmp_path / "tafel.sqlite3"))
    await tafel.start()
    yield tafel
    await tafel.stop()


@pytest.fixture
async def clocked(fake, capture, tmp_path):
    """``tafel`` on a ``FakeClock``: tests move time (move deadlines, reminders, interaction tokens)."""
    tafel = Tafel(fake, str(tmp_path / "tafel.sqlite3"))
    tafel.clock = FakeClock()
    await tafel.start()
    yield tafel
    await tafel.stop()

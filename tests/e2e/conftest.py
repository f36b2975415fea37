"""Fixtures for end-to-end tests of the real bot against the fake Discord.

``tafel`` starts the real bot (``bot.create_bot``) on a SQLite file in a temporary folder, with
computer players moving at once; ``restart`` stops it and starts a fresh process-alike on the same
database and the same fake, as a real restart would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from table.clock import FakeClock
from tests.e2e.fake import FakeDiscord
from tests.e2e.harness import ErrorLogCapture, Tafel
from tests.e2e.web_fixtures import start_webbed


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


@pytest.fixture
async def webbed(fake, capture, tmp_path):
    """``tafel`` with the web companion served from the bot's process (``web_fixtures``)."""
    tafel = await start_webbed(fake, tmp_path)
    yield tafel
    await tafel.stop()


@pytest.fixture
async def chromium():
    """Headless Chromium (a test module using it imports ``tests.e2e.browser``, which skips it
    without Chromium); each test opens its own contexts."""
    from playwright.async_api import async_playwright

    from tests.e2e.browser import CHROMIUM, FLAGS

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


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


# ---- Chromium at phone size, and the Activity's tests' stand-ins (test_activity_*browser_e2e.py) ------
# Imported when used: ``tests.e2e.browser`` skips the test without Chromium (here it would skip all).
@pytest.fixture
async def browser(tmp_path) -> AsyncIterator[Any]:
    """A fresh Chromium profile at phone size (400 px wide)."""
    from tests.e2e.discord_frame import phone_browser

    async with phone_browser(tmp_path) as context:
        yield context


@pytest.fixture
async def discord() -> AsyncIterator[Any]:
    """The fake Discord the Activity's server side asks (OAuth2, activity instances)."""
    from tests.e2e.discord_frame import activity_discord

    async with activity_discord() as fake:
        yield fake


@pytest.fixture
async def site(tmp_path, discord) -> AsyncIterator[Any]:
    """The web app with the Activity on, reached through the stand-in Discord proxy."""
    from tests.e2e.discord_frame import activity_site

    async with activity_site(tmp_path, discord) as found:
        yield found

"""Stopping cleanly (issue 15, item 8): the real bot in its own process, as in production.

SIGTERM (systemd, container runtimes) or Ctrl-C: the bot finishes what is in flight, closes its
picture worker and the database and exits 0. However the bot process dies (SIGKILL too), its
picture worker ends by itself within seconds.
"""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

import pytest

from tests.e2e.fake.remote import bot_environment
from tests.processes import alive, descendants

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

ROOT = Path(__file__).resolve().parents[2]


async def until(condition, seconds: float, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"{what} within {seconds} s")
        await asyncio.sleep(0.05)


async def start_bot(fake, tmp_path):
    log = open(tmp_path / "bot.log", "wb")  # noqa: SIM115 - the bot process writes to it
    # The real entry point (``tafelbot``), pointed at the fake, with one picture worker.
    info = {"api_url": fake.api_url, "gateway_url": fake.gateway_url + "/", "guild_id": fake.guild_id}
    env = bot_environment(
        info,
        database=tmp_path / "bot.sqlite3",
        TAFELBOT_RENDER_PROCESSES="1",
        TAFELBOT_LOG_LEVEL="INFO",
        PYTHONUNBUFFERED="1",
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.e2e.fake.run_bot",
        cwd=ROOT,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=log,
        stderr=log,
    )
    log.close()
    try:
        await until(
            lambda: fake.connected and any(c["name"] == "hindmost" for c in fake.commands) or proc.returncode,
            30,
            "the bot did not connect",
        )
        assert proc.returncode is None, (tmp_path / "bot.log").read_text()
        helpers = descendants(proc.pid)
        assert helpers, "the picture worker runs as a child of the bot"
    except BaseException:
        proc.kill()
        await proc.wait()
        raise
    return proc, helpers


async def test_sigterm_finishes_closes_the_worker_and_exits_0(fake, tmp_path):
    channel = fake.add_channel("spellen")
    alice = fake.add_user("alice")
    proc, helpers = await start_bot(fake, tmp_path)
    try:
        lobby = await fake.slash(alice, channel, "hindmost", "new", timeout=10)
        assert lobby.message.embeds
        proc.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(proc.wait(), 10)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    output = (tmp_path / "bot.log").read_text()
    assert code == 0, output
    assert "stop signal received" in output
    assert "Traceback" not in output, output
    await until(lambda: not any(alive(p) for p in helpers), 5, "the picture worker did not end")


async def test_the_worker_ends_by_itself_when_the_bot_is_killed(fake, tmp_path):
    proc, helpers = await start_bot(fake, tmp_path)
    proc.kill()
    await proc.wait()
    await until(lambda: not any(alive(p) for p in helpers), 5, "the picture worker outlived its bot")


async def test_while_stopping_new_actions_are_turned_away_and_nothing_is_stored(fake, tafel, channel, alice):
    tafel.bot.table_flow.closing = True  # what close() sets first, before draining
    answer = await fake.slash(alice, channel, "hindmost", "new", locale="en-US")
    assert answer.ephemeral and "restarting" in answer.content
    assert await tafel.bot.store.open_game_in_channel(channel) is None
    tafel.bot.table_flow.closing = False


async def test_a_stop_while_running_games_are_picked_up_gives_that_up_first(fake, capture, tmp_path, monkeypatch):
    """SIGTERM right after connecting: the pick-up of running games is cancelled before the flow
    and the database close under it (else it fails on a closed database in a task nobody awaits)."""
    from bot import Config, create_bot
    from cogs.table.flow import TableFlow
    from tests.e2e.harness import run_client, stop_client

    picking_up = asyncio.Event()

    async def slow_resume(self):
        picking_up.set()
        await asyncio.Event().wait()  # until cancelled
        return 0

    monkeypatch.setattr(TableFlow, "resume", slow_resume)
    config = Config(token="fake-token", database=str(tmp_path / "t.sqlite3"), dev_guild_id=fake.guild_id)
    bot = create_bot(config, guild_ready_timeout=0.05)
    task = await run_client(bot)
    await asyncio.wait_for(picking_up.wait(), 10)
    await stop_client(bot, task)
    assert bot._resuming.cancelled()

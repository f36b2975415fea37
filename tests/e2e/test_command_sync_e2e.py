"""The command list is sent to Discord only when it changed.

At start-up the list is sent only when its hash differs from the last one Discord accepted (kept
in the database), by the process of shard 0 only, and not at all with TAFELBOT_SYNC=0; a refused
or unanswered sync leaves the bot running and the hash unstored; ``tafelbot sync`` sends the list
whatever the hash and exits.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import sys

import pytest

import cogs.command_sync
from db import Store
from db.bot_settings import bot_setting
from table.registry import GAME_KEYS
from tests.e2e.harness import Tafel


def command_puts(fake) -> int:
    return sum(1 for method, path in fake.requests if method == "PUT" and path.endswith("/commands"))


async def stored_hash(tafel: Tafel) -> str | None:
    store = await Store.open(tafel.config.database)
    try:
        return await bot_setting(store, cogs.command_sync.SYNCED)
    finally:
        await store.close()


async def test_a_restart_with_the_same_commands_sends_none(fake, tafel, channel, alice):
    assert command_puts(fake) == 1 and await stored_hash(tafel)
    await tafel.restart()
    await tafel.restart()
    assert command_puts(fake) == 1
    # Discord kept them: they still work after the restarts.
    assert (await fake.slash(alice, channel, "help")).embeds


async def test_a_changed_command_list_is_sent_again(fake, tafel):
    first = await stored_hash(tafel)
    await tafel.stop()
    tafel.config = dataclasses.replace(tafel.config, games=tuple(k for k in GAME_KEYS if k != "trackgammon"))
    await tafel.start()
    assert command_puts(fake) == 2
    assert "trackgammon" not in {c["name"] for c in fake.commands}
    assert await stored_hash(tafel) not in (None, first)


async def test_only_the_process_of_shard_0_sends_them(fake, capture, tmp_path):
    from table.shards import ShardPlan

    tafel = Tafel(fake, str(tmp_path / "tafel.sqlite3"))
    tafel.config = dataclasses.replace(tafel.config, shards=ShardPlan(2, (1,)))
    await tafel.start()
    try:
        assert command_puts(fake) == 0 and tafel.bot.commands_synced is None
    finally:
        await tafel.stop()


async def test_no_sync_at_all_with_tafelbot_sync_0(fake, capture, tmp_path):
    tafel = Tafel(fake, str(tmp_path / "tafel.sqlite3"))
    tafel.config = dataclasses.replace(tafel.config, sync_commands=False)
    await tafel.start()
    try:
        assert command_puts(fake) == 0 and await stored_hash(tafel) is None
    finally:
        await tafel.stop()


def warnings_of(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "tafelbot.commands" and r.levelname == "WARNING"]


async def test_a_refused_sync_leaves_the_bot_running_and_is_tried_again(
    fake, capture, caplog, tmp_path, channel, alice
):
    fake.fail_command_syncs(503)
    tafel = Tafel(fake, str(tmp_path / "tafel.sqlite3"))
    await tafel.start()
    try:
        assert any("refused (HTTP 503" in text for text in warnings_of(caplog))
        assert tafel.bot.commands_synced is False and await stored_hash(tafel) is None
        assert tafel.bot.is_ready() and not fake.commands
        await tafel.restart()
        assert command_puts(fake) == 2 and tafel.bot.commands_synced and await stored_hash(tafel)
        assert (await fake.slash(alice, channel, "help")).embeds
    finally:
        await tafel.stop()


@pytest.mark.parametrize(
    ("status", "retry_after"),
    [(429, 3600.0), (500, 0.0)],
    ids=["daily limit: 429 for an hour", "500 retried by discord.py"],
)
async def test_a_sync_left_unanswered_is_given_up_in_time(
    fake, capture, caplog, tmp_path, monkeypatch, status, retry_after
):
    # discord.py sleeps through a 429's retry_after and retries a 500 after 1, 3, 5 ... seconds:
    # without a limit the bot would not connect for an hour.
    monkeypatch.setattr(cogs.command_sync, "SYNC_SECONDS", 0.3)
    fake.fail_command_syncs(status, retry_after=retry_after)
    tafel = Tafel(fake, str(tmp_path / "tafel.sqlite3"))
    started = asyncio.get_running_loop().time()
    await tafel.start()
    try:
        assert asyncio.get_running_loop().time() - started < 5
        assert any("not answered within" in text for text in warnings_of(caplog))
        assert tafel.bot.commands_synced is False and await stored_hash(tafel) is None
    finally:
        await tafel.stop()


SYNC_SCRIPT = """
import sys
from tests.e2e.fake.pointing import point_discord_at
point_discord_at(sys.argv[1], sys.argv[2])
from bot import main
sys.exit(main(["sync"]))
"""


async def run_tafelbot_sync(fake, database: str) -> tuple[int, str]:
    env = {
        **os.environ,
        "DISCORD_TOKEN": "fake-token",
        "TAFELBOT_DB": database,
        "TAFELBOT_DEV_GUILD": str(fake.guild_id),
        "TAFELBOT_RENDER_PROCESSES": "0",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        SYNC_SCRIPT,
        fake.api_url,
        fake.gateway_url,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(process.communicate(), 60)
    return process.returncode or 0, output.decode()


async def test_tafelbot_sync_sends_the_commands_whatever_the_hash_and_exits(fake, tafel):
    await tafel.stop()
    assert command_puts(fake) == 1
    before = await stored_hash(tafel)
    identifies = fake.identifies
    code, output = await run_tafelbot_sync(fake, tafel.config.database)
    assert code == 0, output
    assert command_puts(fake) == 2 and "command(s) synced to server" in output
    assert fake.identifies == identifies  # it never connected to the gateway
    # Another process (another PYTHONHASHSEED) hashes the same commands the same way.
    assert await stored_hash(tafel) == before
    # Refused, it says so and exits 1; the hash Discord last accepted stays.
    fake.fail_command_syncs(503)
    code, output = await run_tafelbot_sync(fake, tafel.config.database)
    assert code == 1 and "refused (HTTP 503" in output
    assert await stored_hash(tafel) == before

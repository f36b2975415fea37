"""A SQLite database serves one process: a second one is refused with a clear message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from db import Store, StoreInUse

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import asyncio, sys
from db import Store

async def hold(path):
    store = await Store.open(path)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.read)  # until the test closes our stdin
    await store.close()

asyncio.run(hold(sys.argv[1]))
"""


@pytest.fixture
def other_process(tmp_path):
    """Another process with the database open (a second bot, say)."""
    path = tmp_path / "shared.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        yield path
    finally:
        child.stdin.close()
        child.wait(timeout=30)


async def test_a_second_process_gets_store_in_use_naming_the_file_and_postgresql(other_process):
    with pytest.raises(StoreInUse) as refused:
        await Store.open(other_process)
    message = str(refused.value)
    assert str(other_process) in message and "PostgreSQL" in message and "another process" in message
    assert "shard (TAFELBOT_SHARDS)" in message  # a second shard process on the same file is this case


def test_the_bot_prints_it_and_exits_non_zero_before_connecting(other_process):
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "TAFELBOT_DB": str(other_process)}
    done = subprocess.run(
        [sys.executable, "-c", "import sys, bot; sys.exit(bot.main([]))"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert str(other_process) in done.stderr and "PostgreSQL" in done.stderr


async def test_the_file_is_free_again_once_the_other_process_closes_it(tmp_path):
    path = tmp_path / "x.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout.readline().strip() == "ready"
    child.stdin.close()
    child.wait(timeout=30)
    store = await Store.open(path)
    await store.close()


async def test_one_process_may_open_its_own_database_twice(tmp_path):
    # A restart inside one process (tests, migrate-db) shares the process's lock.
    first = await Store.open(tmp_path / "y.sqlite3")
    second = await Store.open(tmp_path / "y.sqlite3")
    await first.close()
    await second.close()
    third = await Store.open(tmp_path / "y.sqlite3")
    await third.close()

"""Stopping cleanly (issue 15, item 8): the real bot in its own process, as in production.

SIGTERM (systemd, container runtimes) or Ctrl-C: the bot finishes what is in flight, closes its
picture worker and the database and exits 0. However the bot process dies (SIGKILL too), its
picture worker and multiprocessing's resource tracker end by themselves within seconds.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.e2e.fake import API_VERSION

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

SCRIPT = Path(__file__).with_name("_bot_process.py")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, or None when it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = raw[raw.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (info := _stat(int(entry.name))) is not None:
            children.setdefault(info[1], []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    info = _stat(pid)
    return info is not None and info[0] != "Z"  # a zombie has ended; only its exit status is left


async def until(condition, seconds: float, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"{what} within {seconds} s")
        await asyncio.sleep(0.05)


async def start_bot(fake, tmp_path):
    log = open(tmp_path / "bot.log", "wb")  # noqa: SIM115 - the bot process writes to it
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(SCRIPT),
        "--base",
        f"{fake.base_url}/api/v{API_VERSION}",
        "--gateway",
        fake.gateway_url + "/",
        "--db",
        str(tmp_path / "bot.sqlite3"),
        "--guild",
        str(fake.guild_id),
        "--render-processes",
        "1",
        stdin=asyncio.subprocess.DEVNULL,
        stdout=log,
        stderr=log,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
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
        assert helpers, "the picture worker (and the resource tracker) run as children of the bot"
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

"""The web companion on PostgreSQL: the bot sends NOTIFY after every committed change, and
``tafelbot web``, a process of its own, hears it with LISTEN and updates the open pages. With
SQLite ``tafelbot web`` refuses (the bot serves the pages itself there)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

import bot
from db import Store, web_data
from table import lobby
from table.registry import entry
from table.service import Player, TableService
from table.spec import load_spec
from table.weblinks import WebLinks
from tests.e2e.web_fixtures import free_port
from web.serve import Notifier

ROOT = Path(__file__).resolve().parents[2]


def test_tafelbot_web_refuses_sqlite(tmp_path, capsys):
    env = {"TAFELBOT_DB": str(tmp_path / "x.sqlite3"), "TAFELBOT_WEB_URL": "https://tafel.example"}
    assert bot.web_command(env) == 2
    assert "only with PostgreSQL" in capsys.readouterr().err


async def test_listen_hears_what_notify_says(make_target):
    store = await Store.open(await make_target("postgresql"))
    heard: list[tuple[int, int]] = []
    got = asyncio.Event()

    def on_news(game_id: int, version: int) -> None:
        heard.append((game_id, version))
        got.set()

    async def reconnected() -> None:
        pass

    listening = web_data.Listening(store, on_news, reconnected)
    listening.start()
    try:
        for _ in range(50):  # the LISTEN is in place once a notification comes through
            await web_data.notify(store, 7, 3)
            try:
                await asyncio.wait_for(got.wait(), 0.1)
                break
            except TimeoutError:
                continue
        assert heard and heard[0] == (7, 3)
    finally:
        await listening.close()
        await store.close()


async def test_a_separate_web_process_follows_moves_through_listen(make_target):
    url = await make_target("postgresql")
    store = await Store.open(url)
    specs = {"hindmost": load_spec(entry("hindmost"))}
    service = TableService(store, specs)
    notifier = Notifier(store, service.news)
    alice, bob = Player(11, "Alice"), Player(12, "Bob")
    row = await lobby.create(service, "hindmost", guild_id=5, channel_id=1, host=alice, options={})
    await lobby.join(service, row.id, bob)
    row = (await lobby.start(service, row.id, alice)).row

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "TAFELBOT_DB": url,
        "TAFELBOT_WEB_URL": base,
        "TAFELBOT_WEB_PORT": str(port),
        "TAFELBOT_WEB_HOST": "127.0.0.1",
        "TAFELBOT_RENDER_PROCESSES": "0",
    }
    env.pop("DISCORD_TOKEN", None)  # it needs none
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys, bot; sys.exit(bot.main(['web']))"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        line = ""
        while "tafelbot web: serving" not in line:  # it says so once it listens and serves
            line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), 30)
            assert line, "tafelbot web ended before it served"
        address = await WebLinks(store, base).table_url(row)
        async with aiohttp.ClientSession() as session:
            async with session.get(address) as page:
                assert page.status == 200 and "Devil Take The Hindmost" in await page.text()
            async with session.get(f"{address}/events?v={row.version}") as stream:
                assert (await stream.content.readuntil(b"\n\n")).startswith(b"retry:")
                state = service.state_of(row)
                seat = sorted(specs["hindmost"].engine.to_move(state))[0]
                action = specs["hindmost"].engine.legal_actions(state, seat)[0]
                moved = time.perf_counter()
                result = await service.act(row.id, seat=seat, action=action)
                update = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 5)
                took = time.perf_counter() - moved
                assert f"id: {result.row.version}".encode() in update
                assert took < 1.0, took
        process.terminate()
        assert process.wait(10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        await notifier.close()
        await store.close()

"""On PostgreSQL a move on a page of ``tafelbot web`` reaches Discord: the real bot (a process of its
own, web companion on) listens on ``tafelbot_web_moves``; this test plays the web process's part
as ``web.serve.run_separate`` wires it (its own table service, a NOTIFY per move) and watches the
fake Discord: the move's board is shown, and the bot's stored board version catches up."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.fake.remote import FakeDiscordProcess, bot_process
from tests.e2e.web_fixtures import free_port
from tests.pg_server import PostgresServer, find_bindir

pytestmark = pytest.mark.skipif(
    find_bindir() is None,
    reason="no PostgreSQL server binaries (initdb, pg_ctl): install the postgresql package or set TAFELBOT_PG_BIN",
)
WAIT = 60.0  # seconds any one condition may take on a busy machine


def button(message: dict, suffix: str) -> str:
    return next(b["custom_id"] for b in message["buttons"] if b["custom_id"].endswith(suffix))


async def test_a_web_process_move_is_shown_on_discord_by_the_bot():
    server = await asyncio.to_thread(PostgresServer(find_bindir()).start)
    try:
        await a_move_from_the_web(server.url())
    finally:
        await asyncio.to_thread(server.stop)


async def a_move_from_the_web(url: str) -> None:
    from db import Store
    from table.registry import entry
    from table.service import TableService
    from table.spec import load_spec
    from web.serve import Notifier, web_data

    port = free_port()
    async with FakeDiscordProcess(deadline=0) as fake:
        client = fake.client
        channel = await client.add_channel("games")
        alice, bob = await client.add_user("alice"), await client.add_user("bob")
        web_env = {"TAFELBOT_WEB_URL": f"http://127.0.0.1:{port}", "TAFELBOT_WEB_PORT": str(port)}
        async with bot_process(fake.info, database=url, **web_env):
            await client.wait_until_ready(commands=["hindmost"])
            lobby = (await client.slash(alice, channel, "hindmost new"))["message"]
            await client.click(bob, lobby, button(lobby, ":join"))
            await client.click(alice, lobby, button(lobby, ":start"))
            game_id = int(button(lobby, ":start").split(":")[2])
            store = await Store.open(url)
            specs = {"hindmost": load_spec(entry("hindmost"))}
            service = TableService(store, specs)  # the web process's own
            told = Notifier(store, channel=web_data.MOVES_CHANNEL)
            loop = asyncio.get_running_loop()
            try:
                row = await service.get(game_id)
                give_up = loop.time() + WAIT
                while row.board_version != row.version:  # the bot shows the first board
                    assert loop.time() < give_up, "the bot never showed the first board"
                    await asyncio.sleep(0.05)
                    row = await service.get(game_id)
                before = len(await client.channel_messages(channel))
                engine = specs["hindmost"].engine
                state = service.state_of(row)
                seat = sorted(engine.to_move(state))[0]
                action = engine.legal_actions(state, seat)[0]
                result = await service.act(
                    game_id, user_id=row.seats[seat].user_id, action=action, expected_version=row.version
                )
                told.tell(game_id, result.row.version)  # what ``followed`` does in ``tafelbot web``
                give_up = loop.time() + WAIT
                while (await service.get(game_id)).board_version != result.row.version:
                    assert loop.time() < give_up, "the bot never showed the web's move"
                    await asyncio.sleep(0.05)
                # The next person's turn begins: one fresh board in the channel, which pings them.
                messages = await client.channel_messages(channel)
                assert len(messages) == before + 1
                other = row.seats[1 - seat].user_id
                assert str(other) in messages[-1]["content"]
            finally:
                await told.close()
                await store.close()

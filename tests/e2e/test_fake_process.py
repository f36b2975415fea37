"""The fake Discord and the real bot (``bot.py``'s entry point) each in a process of their own,
driven through the fake's control API: what a crash suite and the benchmarks build on."""

from __future__ import annotations

import re
import sqlite3

from tests.e2e.fake.remote import FakeDiscordProcess, start_bot, stop_bot

MENTION = re.compile(r"<@(\d+)>")


def button(message: dict, suffix: str) -> str:
    return next(b["custom_id"] for b in message["buttons"] if b["custom_id"].endswith(suffix))


async def test_a_few_moves_with_the_fake_and_the_bot_in_their_own_processes(tmp_path):
    database = tmp_path / "tafel.sqlite3"
    async with FakeDiscordProcess() as fake:
        client = fake.client
        channel = await client.add_channel("spellen")
        alice, bob = await client.add_user("alice"), await client.add_user("bob", locale="nl")
        bot = await start_bot(fake.info, database=database)
        try:
            await client.wait_until_ready(commands=["hindmost"])
            new = await client.slash(alice, channel, "hindmost new")
            lobby = new["message"]
            assert new["response_type"] == 4 and not new["ephemeral"] and lobby["embeds"]
            await client.click(bob, lobby, button(lobby, ":join"))
            started = await client.click(alice, lobby, button(lobby, ":start"))
            assert started["response_type"] == 7
            game_id = button(lobby, ":start").split(":")[2]

            board = await client.wait_for_message(channel, after=lobby["id"])
            for _ in range(3):
                assert (
                    board["files"] and board["files"][0]["size"] > 0 and board["files"][0]["filename"].endswith(".png")
                )
                assert board["allowed_mentions"] is not None
                mover = MENTION.findall([line for line in board["content"].splitlines() if "<@" in line][-1])[0]
                assert mover in (alice, bob)
                hand = await client.click(mover, board, f"tb:hand:{game_id}")
                assert hand["ephemeral"] and hand["message"]["for_user"] == mover
                assert hand["message"]["files"][0]["filename"] == "hand.png"
                move = next(
                    (b for b in hand["message"]["buttons"] if b["custom_id"].startswith(f"tb:act:{game_id}:")), None
                )
                if move is None:  # a move that decided nothing was played meanwhile: the other's turn
                    mover = bob if mover == alice else alice
                    hand = await client.click(mover, board, f"tb:hand:{game_id}")
                    move = next(
                        b for b in hand["message"]["buttons"] if b["custom_id"].startswith(f"tb:act:{game_id}:")
                    )
                played = await client.click(mover, hand["message"], move["custom_id"])
                assert played["response_type"] == 7 and played["ephemeral"]
                board = await client.wait_for_message(channel, after=board["id"])
            public = await client.channel_messages(channel)
            assert all(not m["ephemeral"] and all(f["filename"] != "hand.png" for f in m["files"]) for m in public)
        finally:
            status = await stop_bot(bot)
        assert status == 0, "SIGINT stops the bot cleanly"
        state = await client.state()
        assert state["identifies"] == 1 and not state["connected"]
    assert fake.process.returncode == 0

    with sqlite3.connect(database) as db:
        moves = db.execute("SELECT count(*) FROM moves WHERE game_id = ?", (int(game_id),)).fetchone()[0]
    assert moves >= 3  # every pressed move was committed before the board was posted

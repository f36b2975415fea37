"""Two bot processes, one shard each, on one PostgreSQL database, against the fake Discord in a
process of its own: every game finishes, the league of a server counts the games of all its
channels, killing one process leaves the other's games alone (and the other, restarted meanwhile,
leaves the dead one's alone), and the killed one's games go on after it restarts.

Servers: A on shard 0 (channels ``a-bots``, ``a-one``, ``a-two``), B on shard 1 (``b-bots``,
``b-one``). In ``*-bots`` a Duvelen round between computers (live play: computer players, a live
board and a lull, all run by the process of the server's shard); in the others a rated
Devil Take The Hindmost game between two people that ends when one resigns.
"""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from tests.e2e.fake.remote import FakeDiscordProcess, start_bot, stop_bot
from tests.pg_server import PostgresServer, find_bindir

pytestmark = pytest.mark.skipif(
    find_bindir() is None,
    reason="no PostgreSQL server binaries (initdb, pg_ctl) on this machine: install the postgresql package or "
    "set TAFELBOT_PG_BIN to run the two-process shard test",
)

SHARDS = {0: (0, 2), 1: (1, 2)}
WAIT = 60.0  # seconds any one condition may take on a busy machine before the test fails


def button(message: dict, suffix: str) -> str:
    return next(b["custom_id"] for b in message["buttons"] if b["custom_id"].endswith(suffix))


class Games:
    """Reads the shared database directly (the bots' processes own their connections)."""

    def __init__(self, conn) -> None:
        self.conn = conn

    async def row(self, game_id: int):
        return await self.conn.fetchrow("SELECT status, version FROM games WHERE id = $1", game_id)

    async def moves(self, game_id: int) -> int:
        return await self.conn.fetchval("SELECT count(*) FROM moves WHERE game_id = $1", game_id)

    async def moved(self, game_id: int, at_least: int) -> bool:
        return await self.moves(game_id) >= at_least

    async def until(self, what: str, condition, timeout: float = WAIT) -> None:
        """Poll the database (every 20 ms) until ``condition()`` holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not await condition():
            if loop.time() > deadline:
                raise AssertionError(f"{what}: not within {timeout} s")
            await asyncio.sleep(0.02)

    async def finished(self, game_id: int) -> None:
        async def done() -> bool:
            return (await self.row(game_id))["status"] == "finished"

        await self.until(f"game {game_id} finishing", done)


async def computer_round(client, host, channel) -> int:
    """A Duvelen round whose host hands the seat to a computer at once: computers only."""
    lobby = (await client.slash(host, channel, "duvelen new", {"rounds": 1, "computer_speed": 0.3}))["message"]
    for _ in range(2):
        await client.click(host, lobby, button(lobby, ":add-computer"))
    await client.click(host, lobby, button(lobby, ":start"))
    resigned = await client.slash(host, channel, "duvelen resign")
    assert resigned["ephemeral"] and resigned["message"]["content"] == "Done."
    return int(button(lobby, ":start").split(":")[2])


async def rated_game(client, games: Games, host, guest, channel) -> int:
    """Two people; the guest resigns after the start, so the host wins a rated game."""
    lobby = (await client.slash(host, channel, "hindmost new"))["message"]
    await client.click(guest, lobby, button(lobby, ":join"))
    await client.click(host, lobby, button(lobby, ":start"))
    await client.slash(guest, channel, "hindmost resign")
    game_id = int(button(lobby, ":start").split(":")[2])
    await games.finished(game_id)
    return game_id


async def crash(process: asyncio.subprocess.Process) -> None:
    """SIGKILL: no clean stop, as in a crash or a lost machine."""
    process.send_signal(signal.SIGKILL)
    assert await process.wait() == -signal.SIGKILL


async def kill_all(bots: dict[int, asyncio.subprocess.Process]) -> None:
    for process in bots.values():
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_two_shard_processes_share_one_postgresql(tmp_path):
    server = await asyncio.to_thread(PostgresServer(find_bindir()).start)
    try:
        await two_processes_on(server.url())
    finally:
        await asyncio.to_thread(server.stop)
    assert not os.environ.get("TAFELBOT_SHARDS")  # nothing leaked into this process's environment


async def two_processes_on(url: str) -> None:
    import asyncpg

    from db import Store, league

    bots: dict[int, asyncio.subprocess.Process] = {}
    async with FakeDiscordProcess(shards=2, deadline=0) as fake:
        try:
            client = fake.client
            a = await client.add_guild("A", shard=SHARDS[0])
            b = await client.add_guild("B", shard=SHARDS[1])
            a_bots, a_one, a_two = [await client.add_channel(n, guild_id=a) for n in ("a-bots", "a-one", "a-two")]
            b_bots, b_one = [await client.add_channel(n, guild_id=b) for n in ("b-bots", "b-one")]
            alice, bob = await client.add_user("alice"), await client.add_user("bob")

            # Computers paced at 0.06 s an action (speed 0.3 x 0.2), not flat out: with no pause at
            # all, B's process could finish its round while a loaded machine starved this test of
            # the second or two it needs to start A's (seen twice in loaded full runs). Paced, B's
            # round (250 moves or more) cannot end within about 5 s of the 60th move, whatever the load.
            env = {"TAFELBOT_SHARD_COUNT": "2", "TAFELBOT_DEV_GUILD": "", "TAFELBOT_COMPUTER_DELAY": "0.2"}

            async def start(shard: int) -> None:
                bots[shard] = await start_bot(fake.info, database=url, TAFELBOT_SHARDS=str(shard), **env)

            await start(0)
            await start(1)
            await client.wait_until_ready(commands=["duvelen", "hindmost", "league"], shards=[SHARDS[0], SHARDS[1]])
            state = await client.state()
            assert sorted(state["identified_shards"]) == [[0, 2], [1, 2]]

            conn = await asyncpg.connect(url)
            games = Games(conn)
            try:
                # Rated games in two channels of A and one of B, each answered by its shard's process.
                rated = [await rated_game(client, games, alice, bob, ch) for ch in (a_one, a_two, b_one)]

                # Computer rounds (about 250 to 400 moves each): B's well under way when A's
                # starts, so both are mid-game when B's process is killed.
                in_b = await computer_round(client, alice, b_bots)
                await games.until("the computers of B moving", lambda: games.moved(in_b, 60))
                in_a = await computer_round(client, alice, a_bots)
                await games.until("the computers of A moving", lambda: games.moved(in_a, 10))
                await crash(bots[1])
                frozen = await games.row(in_b)
                frozen_moves = await games.moves(in_b)
                assert frozen["status"] == "active", "B's round ended before the kill: make it longer"

                # The other process carries on with A's round (and answers A's people), while B's,
                # whose process is gone, is moved by nobody.
                a_moves = await games.moves(in_a)
                await games.until("A moving on", lambda: games.moved(in_a, a_moves + 20))
                answered = await client.slash(bob, a_one, "league standings")
                assert not answered["ephemeral"] and answered["message"]["files"]
                assert await games.row(in_b) == frozen and await games.moves(in_b) == frozen_moves

                # Process 0 crashes too and comes back alone: it picks its own round up (A moves
                # again) in the same pass that skips B's, so B is still untouched after that.
                await crash(bots[0])
                assert (await games.row(in_a))["status"] == "active", "A's round ended too soon: make it longer"
                a_moves = await games.moves(in_a)
                await start(0)
                await games.until("A resumed by its restarted process", lambda: games.moved(in_a, a_moves + 20))
                assert await games.row(in_b) == frozen and await games.moves(in_b) == frozen_moves

                # Back again, the process of shard 1 picks its round up where it stopped; both end.
                await start(1)
                await client.wait_until_ready(shards=[SHARDS[0], SHARDS[1]])
                await games.finished(in_a)
                await games.finished(in_b)
                assert await games.moves(in_b) > frozen_moves
            finally:
                await conn.close()

            # The league of each server counts the games of all its channels.
            standings = await client.slash(alice, a_two, "league standings")
            assert not standings["ephemeral"] and standings["message"]["files"][0]["filename"] == "standings.png"
            assert "place 1 of 2" in standings["message"]["content"]
            stopped = {shard: await stop_bot(process) for shard, process in bots.items()}
            assert stopped == {0: 0, 1: 0}, "SIGINT stops both processes cleanly"
        finally:
            await kill_all(bots)  # before the fake stops, so no bot reconnects to nothing

    store = await Store.open(url)
    try:
        table = {s.user_id: (s.played, s.wins) for s in await league.standings(store, int(a))}
        assert table == {int(alice): (2, 2), int(bob): (2, 0)}
        table = {s.user_id: (s.played, s.wins) for s in await league.standings(store, int(b))}
        assert table == {int(alice): (1, 1), int(bob): (1, 0)}
        channels = {entry.channel_id for entry in await league.history(store, int(a), limit=50)}
        assert channels == {int(a_bots), int(a_one), int(a_two)}
        finished = [await store.get_game(g) for g in [*rated, in_a, in_b]]
        assert all(row.status == "finished" for row in finished)
        assert {row.guild_id for row in finished} == {int(a), int(b)}
    finally:
        await store.close()

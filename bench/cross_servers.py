"""Tables across servers (issue 49): the queue at scale, and Discord requests per move per server.

    python bench/cross_servers.py [--people 1000] [--servers 100] [--moves 40] [--seed 1]

1. **The queue.** ``--people`` people in ``--servers`` servers (each with its cross channel) join
   the cross-server queue one after another (``table.cross_queue`` on SQLite, as the bot runs it),
   each for one of the five games, a player count the game allows (mostly its least) and one of
   the paces. Prints the time of a join (mean, p50, p99, max): the one that completes a group pairs
   it, so that is the time to pair, printed apart; how many groups formed, how many people still
   wait, and how many groups had players of more than one server.
2. **Requests per move.** The real bot against the fake Discord on 127.0.0.1: a Devil Take The
   Hindmost table across three servers, formed by the queue and confirmed, plays ``--moves`` moves
   pressed as a person does. Prints the REST requests to each server's thread per move (the board
   posted or edited, the controls are answers to interactions and counted apart).

A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from db import Store, cross  # noqa: E402
from table.clock import FakeClock  # noqa: E402
from table.cross_queue import PACES, CrossQueue  # noqa: E402
from table.service import TableService  # noqa: E402
from table.spec import load_spec  # noqa: E402

GAMES = {"hindmost": (2, 3, 4), "trackgammon": (2, 3), "manoever": (2, 3, 4), "howruck": (2,), "duvelen": (2, 3)}


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"mean {1000 * statistics.fmean(ordered):.2f} ms, p50 {1000 * statistics.median(ordered):.2f} ms,"
        f" p99 {1000 * p99:.2f} ms, max {1000 * ordered[-1]:.2f} ms"
    )


async def the_queue(people: int, servers: int, seed: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "queue.sqlite3")
        try:
            service = TableService(store, {g: load_spec(g) for g in GAMES}, clock=FakeClock())
            queue = CrossQueue(service)
            for guild in range(1, servers + 1):
                await cross.set_cross_channel(store, guild, cross.CrossChannel(guild, 10_000 + guild))
            joins, pairings = [], []
            groups = mixed = 0
            for person in range(people):
                game = rng.choice(list(GAMES))
                players = rng.choice(GAMES[game][:1] * 3 + GAMES[game])  # mostly the least
                guild = rng.randint(1, servers)
                service.clock.advance(rng.uniform(0, 5))
                started = time.perf_counter()
                joined = await queue.join(
                    guild_id=guild,
                    channel_id=10_000 + guild,
                    user_id=1_000_000 + person,
                    name=f"p{person}",
                    locale="en",
                    game=game,
                    players=players,
                    pace=rng.choice(PACES),
                )
                spent = time.perf_counter() - started
                joins.append(spent)
                if joined.group is not None:
                    pending, group = joined.group
                    pairings.append(spent)
                    groups += 1
                    mixed += len({e.guild_id for e in group}) > 1
                    for entry in group:  # everyone confirms: the group leaves the queue
                        await queue.confirm(pending.id, entry.user_id)
                    await queue.seated(pending.id)
            still = len(await queue.waiting())
            print(f"queue: {people} people in {servers} servers, one after another (SQLite, {folder})")
            print(f"  a join: {spread(joins)}")
            if pairings:
                print(f"  a join that pairs (time to pair): {spread(pairings)}")
            print(f"  groups formed {groups} (of people from more than one server: {mixed}); still waiting {still}")
        finally:
            await store.close()


async def requests_per_move(moves: int) -> None:
    from tests.e2e.drive import people_to_move, press_a_move
    from tests.e2e.fake import FakeDiscord
    from tests.e2e.harness import Tafel
    from tests.e2e.test_table_mine_e2e import commands_everywhere

    async with FakeDiscord() as fake:
        undo = fake.patch_discord()
        try:
            with tempfile.TemporaryDirectory() as folder:
                tafel = Tafel(fake, str(Path(folder) / "bench.sqlite3"))
                await tafel.start()
                try:
                    mod = fake.add_user("mod", manage_guild=True)
                    users = [fake.add_user(name) for name in ("ann", "ben", "cas")]
                    channels = [fake.add_channel("across")]
                    for name in ("two", "three"):
                        channels.append(fake.add_channel("across", guild_id=fake.add_guild(name)))
                    commands_everywhere(fake)
                    for channel in channels:
                        await fake.slash(mod, channel, "cross", "channel", {})
                    for user, channel in zip(users, channels, strict=True):
                        await fake.slash(user, channel, "cross", "queue", {"game": "hindmost", "players": 3})
                    for user, channel in zip(users, channels, strict=True):
                        ask = await fake.wait_for(
                            lambda m, u=user, c=channel: (
                                m.channel_id == c and f"<@{u.id}>" in m.content and bool(m.buttons())
                            ),
                            timeout=10,
                        )
                        await fake.click(user, ask, ask.buttons()[0]["custom_id"])
                    await tafel.settle()
                    store = tafel.bot.store
                    (row,) = await store.games_with_status("active")
                    places = await cross.places(store, row.id)
                    thread_of = {row.seats[0].user_id: row.channel_id} | {
                        next(iter(p.people)): p.channel_id for p in places
                    }
                    threads = set(thread_of.values())
                    by_id = {u.id: u for u in users}
                    before = len(fake.requests)
                    played = 0
                    for step in range(moves):
                        latest, seats = await people_to_move(tafel, row.id)
                        if latest.status != "active" or not seats:
                            break
                        user = by_id[latest.seats[seats[0]].user_id]
                        board = fake.last_public(thread_of[user.id])
                        controls = await fake.click(user, board, f"tb:hand:{row.id}")
                        await press_a_move(fake, user, controls.message, row.id, pick=step)
                        played += 1
                    await tafel.settle()
                    counted: Counter[int] = Counter()
                    answers = 0
                    for _method, path in fake.requests[before:]:
                        parts = path.split("/")
                        if "interactions" in parts or "webhooks" in parts:
                            answers += 1
                        elif "channels" in parts and parts.index("channels") + 1 < len(parts):
                            channel = parts[parts.index("channels") + 1]
                            if channel.isdigit() and int(channel) in threads:
                                counted[int(channel)] += 1
                    print(f"requests per move: a Hindmost table across 3 servers, {played} moves pressed")
                    for number, thread in enumerate([row.channel_id, *(p.channel_id for p in places)], start=1):
                        print(f"  server {number}'s thread: {counted[thread] / max(1, played):.2f} requests a move")
                    print(f"  interaction answers (the controls, the clicks): {answers / max(1, played):.2f} a move")
                finally:
                    await tafel.stop()
        finally:
            undo()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--servers", type=int, default=100)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    await the_queue(args.people, args.servers, args.seed)
    await requests_per_move(args.moves)


if __name__ == "__main__":
    asyncio.run(main())

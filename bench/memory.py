"""Memory and start-up of the bot with a long-used database.

    python bench/memory.py [--finished 10000] [--running 300] [--timeout 600]

Builds a SQLite database of ``--finished`` finished games (with their move logs and league
results) and ``--running`` running ones waiting for a person's move, all five games mixed: a few
games are really played through the table service and then copied under new ids and channels.
Then starts the bot in its own process through its real entry point against the fake Discord,
and prints:
- start-up: from starting the process until it logs that it is ready with every running game
  picked up [< 2 s];
- unique memory (USS: pages only this process has) and proportional memory (PSS: shared pages
  divided among their users) of the bot and of its picture worker, from /proc/<pid>/smaps_rollup,
  right after start-up and again after a hand and a board were drawn at every running table and a
  move made at a tenth of them [USS of both together ≤ 150 MB].
A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.rng import derive_seed  # noqa: E402
from table.registry import GAME_KEYS  # noqa: E402

PLAYERS = {"hindmost": 4, "trackgammon": 3, "manoever": 3, "howruck": 2, "duvelen": 4}
PEOPLE = 5000  # user ids the copied games are spread over (the league has that many people)


# ---- building the database --------------------------------------------------------------------------


async def played_games(path: str, guild_id: int, channels: list[int], people_ids: list[int]) -> dict[str, int]:
    """One finished game of every kind, played through the table service by computer choices
    on behalf of people (so the results count for the league), and one running game of every
    kind a few moves in. Returns {"finished:<game>": id, "running:<game>": id}."""
    from db import GameStatus, Store
    from table import lobby
    from table.service import Player, TableService
    from table.spec import load_spec

    store = await Store.open(path)
    specs = {key: load_spec(key) for key in GAME_KEYS}
    service = TableService(store, specs)
    made: dict[str, int] = {}
    try:
        for kind in ("finished", "running"):
            for number, key in enumerate(GAME_KEYS):
                channel = channels[number] if kind == "running" else 1000 + number
                people = [Player(people_ids[i], f"Speler {i + 1}") for i in range(PLAYERS[key])]
                row = await lobby.create(
                    service, key, guild_id=guild_id, channel_id=channel, host=people[0], options={}
                )
                for person in people[1:]:
                    await lobby.join(service, row.id, person)
                await lobby.start(service, row.id, people[0])
                spec, step = specs[key], 0
                while True:
                    row = await service.get(row.id)
                    state = service.state_of(row)
                    movers = sorted(spec.engine.to_move(state))
                    if row.status != GameStatus.ACTIVE or (kind == "running" and step >= 6):
                        break
                    seat = movers[step % len(movers)]
                    legal = spec.engine.legal_actions(state, seat)
                    action = spec.choose(spec.engine.view(state, seat), legal, derive_seed(row.seed, step, seat))
                    await service.act(row.id, seat=seat, action=action)
                    step += 1
                made[f"{kind}:{key}"] = row.id
    finally:
        await store.close()
    return made


def copy_games(
    path: str, made: dict[str, int], finished: int, running: int, channels: list[int], people_ids: list[int]
) -> None:
    """Copies of the played games under new ids, channels and people, with their move logs and
    results, until there are ``finished`` finished and ``running`` running games. Running games
    sit in ``channels`` (the fake's) and their seats are ``people_ids``; finished ones spread over
    ``PEOPLE`` made-up people."""
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    columns = [r[1] for r in db.execute("PRAGMA table_info(games)")]
    result_columns = [r[1] for r in db.execute("PRAGMA table_info(results)")]
    next_id = db.execute("SELECT max(id) FROM games").fetchone()[0] + 1
    spare_channel = 10_000
    with db:
        for kind, total in (("finished", finished), ("running", running)):
            sources = [made[f"{kind}:{key}"] for key in GAME_KEYS]
            have = len(sources)
            while have < total:
                source = sources[have % len(sources)]
                row = dict(db.execute("SELECT * FROM games WHERE id = ?", (source,)).fetchone())
                seats = json.loads(row["seats"])
                if kind == "running":
                    person = {p: people_ids[(people_ids.index(p) + have) % len(people_ids)] for p in people_ids}
                    channel = channels[have]
                else:
                    person = {p: 1_000_000 + (i + have * 7) % PEOPLE for i, p in enumerate(people_ids)}
                    spare_channel += 1
                    channel = spare_channel
                for seat in seats:
                    seat["user_id"] = person[seat["user_id"]]
                row.update(id=next_id, channel_id=channel, seats=json.dumps(seats), host_id=seats[0]["user_id"])
                db.execute(
                    f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                    [row[c] for c in columns],
                )
                db.execute(
                    "INSERT INTO moves (game_id, seq, seat, action, at) "
                    "SELECT ?, seq, seat, action, at FROM moves WHERE game_id = ?",
                    (next_id, source),
                )
                for result in db.execute("SELECT * FROM results WHERE game_id = ?", (source,)).fetchall():
                    values = dict(result)
                    values.update(game_id=next_id, user_id=person[values["user_id"]])
                    db.execute(
                        f"INSERT INTO results ({', '.join(result_columns)}) VALUES ({', '.join('?' * len(result_columns))})",
                        [values[c] for c in result_columns],
                    )
                next_id += 1
                have += 1
    counts = dict(db.execute("SELECT status, count(*) FROM games GROUP BY status").fetchall())
    db.close()
    print(f"database: {counts.get('finished', 0)} finished and {counts.get('active', 0)} running games")


async def league_taken_in(path: str) -> None:
    """The copied results into the league, as the bot did when each game ended (else the first
    start-up would rate ten thousand games at once, which no long-used database asks for)."""
    from db import Store, league

    store = await Store.open(path)
    try:
        await league.catch_up(store)
    finally:
        await store.close()


# ---- measuring -----------------------------------------------------------------------------------------


def memory_of(pid: int) -> tuple[float, float]:
    """(USS, PSS) in MiB from /proc/<pid>/smaps_rollup."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0]) / 1024
    return fields["Private_Clean"] + fields["Private_Dirty"], fields["Pss"]


def report(label: str, bot_pid: int) -> None:
    children = [int(p) for p in Path(f"/proc/{bot_pid}/task/{bot_pid}/children").read_text().split()]
    parts = [("bot", bot_pid)] + [(f"child {pid}", pid) for pid in children]
    total_uss = total_pss = 0.0
    shown = []
    for name, pid in parts:
        uss, pss = memory_of(pid)
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        if b"table.worker_pool" in cmdline:
            name = "picture worker"
        total_uss += uss
        total_pss += pss
        shown.append(f"{name} USS {uss:.0f} / PSS {pss:.0f}")
    print(f"{label}: USS {total_uss:.0f} MiB, PSS {total_pss:.0f} MiB together ({'; '.join(shown)})")


async def measure(fake, path: str, users: dict[int, object], running: int) -> None:
    from tests.e2e.fake.remote import bot_environment, stop_bot

    info = {"api_url": fake.api_url, "gateway_url": fake.gateway_url + "/", "guild_id": fake.guild_id}
    env = bot_environment(info, database=path, TAFELBOT_LOG_LEVEL="INFO", TAFELBOT_RENDER_PROCESSES="auto")
    began = time.perf_counter()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.e2e.fake.run_bot", cwd=ROOT, env=env, stderr=asyncio.subprocess.PIPE
    )
    try:
        ready = None
        while ready is None:
            line = await asyncio.wait_for(proc.stderr.readline(), 60)
            if not line:
                raise RuntimeError("the bot stopped before it was ready")
            if b"ready as" in line:
                ready = time.perf_counter() - began
                picked = line.decode().rsplit(";", 1)[-1].strip()
        asyncio.ensure_future(_drain(proc.stderr))
        print(f"start-up: ready after {ready:.2f} s ({picked})")
        await asyncio.sleep(1.0)
        report("right after start-up", proc.pid)
        await play_everywhere(fake, path, users)
        report(f"after a hand and a board at {running} tables and a move at a tenth", proc.pid)
    finally:
        await stop_bot(proc, stop=signal.SIGTERM)  # as systemd stops it


async def _drain(stream: asyncio.StreamReader) -> None:
    while await stream.readline():
        pass


async def play_everywhere(fake, path: str, users: dict[int, object]) -> None:
    """At every running table, the person to move asks for their hand and /board; at every
    tenth table they make a move (pictures drawn, states loaded, caches filled as in use)."""
    db = sqlite3.connect(path)
    rows = db.execute("SELECT id, channel_id, seats, game FROM games WHERE status = 'active'").fetchall()
    db.close()
    for number, (game_id, channel, seats, game) in enumerate(rows):
        people = [s["user_id"] for s in json.loads(seats)]
        board = await fake.slash(users[people[0]], channel, game, "board")
        for user_id in people:
            hand = await fake.click(users[user_id], board.message, f"tb:hand:{game_id}")
            prefix = f"tb:act:{game_id}:"
            buttons = [b for b in (hand.message.buttons() if hand.message else []) if b["custom_id"].startswith(prefix)]
            button = buttons[0] if buttons else None
            if button is not None:
                if number % 10 == 0:
                    await fake.click(users[user_id], hand.message, button["custom_id"])
                break


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--finished", type=int, default=10_000)
    parser.add_argument("--running", type=int, default=300)
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    async def whole() -> None:
        from tests.e2e.fake import FakeDiscord

        # The fake first: the running games sit in its channels and their seats are its users.
        with tempfile.TemporaryDirectory() as tmp:
            async with FakeDiscord(timeout=60.0) as fake:
                channels = [fake.add_channel(f"tafel-{i}") for i in range(args.running)]
                users = {u.id: u for u in (fake.add_user(f"speler-{i}") for i in range(40))}
                path = os.path.join(tmp, "tafelbot.sqlite3")
                started = time.perf_counter()
                made = await played_games(path, fake.guild_id, channels, list(users))
                copy_games(path, made, args.finished, args.running, channels, list(users))
                await league_taken_in(path)
                print(
                    f"database built in {time.perf_counter() - started:.1f} s ({os.path.getsize(path) / 2**20:.0f} MiB)"
                )
                await measure(fake, path, users, args.running)

    try:
        asyncio.run(asyncio.wait_for(whole(), args.timeout))
    except TimeoutError:
        sys.exit(f"memory: gave up after {args.timeout:g} s")


if __name__ == "__main__":
    main()

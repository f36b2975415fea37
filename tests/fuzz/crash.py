"""The crash suite (issue 15, item 10): the bot in its own process, killed with SIGKILL at random
moments and restarted on the same SQLite file.

Every game runs at once, one person (alice) against computer players, so play goes on by itself
(computer moves, Duvelen's live play, How Ruck!'s race, league writes at the end) while alice
clicks through the fake's control API. A seeded generator picks when to kill. After every kill:

- every action the fake saw acknowledged (a move button answered with an update) is in the move log;
- replaying seed + move log (``!quiet`` is the engine's ``timeout``, ``!resign`` changes no state,
  as in ``TableService.replay``) gives the stored state;
- ``PRAGMA integrity_check`` is ``ok``; every finished game has its results and its league entry;
- no process of the killed bot is left (its picture worker is a child process);
- no public message leaked a hidden card or pings anyone not seated (tests/fuzz/public_checks.py).

After the last kill the bot is restarted once more and every game must finish.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from table.registry import GAME_KEYS
from tests.conformance import checks_of
from tests.e2e.fake.protocol import FakeDiscordError
from tests.e2e.fake.remote import FakeDiscordProcess, start_bot
from tests.fuzz.public_checks import hidden_cards, leaks, mention_problems, private_files, public_text
from tests.processes import alive, descendants

LULL_ACTION = "!quiet"
ACT = re.compile(r"tb:act:(\d+):(\d+):(.+)")


class CrashBroken(AssertionError):
    pass


@dataclass
class CrashCounts:
    kills: int = 0
    restarts: int = 0
    clicks: int = 0
    acknowledged: int = 0
    moves_logged: int = 0
    games_finished: int = 0
    games: int = 0
    leftover_processes: int = 0
    failures: list[str] = field(default_factory=list)
    killed_during: Counter = field(default_factory=Counter)


def _engines():
    import importlib

    from table.registry import GAMES

    return {entry.key: importlib.import_module(entry.engine_module).ENGINE for entry in GAMES}


ENGINES = _engines()
# Each game as its own short game, at as many seats as it declares (``GameChecks.short_game`` and
# ``crash_seats``, tests/conformance.py).
OPTIONS = {game: dict(checks_of(game).short_game) for game in GAME_KEYS}
PLAYERS = {game: checks_of(game).crash_seats for game in GAME_KEYS}


# -- processes ---------------------------------------------------------------------------------


def processes_mentioning(text: str) -> set[int]:
    """Processes whose command line or environment names ``text`` (the bot's database path)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        for name in ("cmdline", "environ"):
            with contextlib.suppress(OSError):
                if text.encode() in (entry / name).read_bytes() and alive(int(entry.name)):
                    found.add(int(entry.name))
    return found


# -- the store, read directly -------------------------------------------------------------------


def check_store(database: Path, acknowledged: list[tuple[int, str]]) -> list[str]:
    """Every invariant of the stored data; the list of what is wrong (empty: all well)."""
    problems = []
    with contextlib.closing(sqlite3.connect(database)) as db:
        db.row_factory = sqlite3.Row
        integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
        if integrity != "ok":
            problems.append(f"PRAGMA integrity_check: {integrity}")
        logged: dict[int, Counter] = {}
        for row in db.execute("SELECT game_id, action FROM moves"):
            logged.setdefault(row["game_id"], Counter())[row["action"]] += 1
        wanted: dict[int, Counter] = {}
        for game_id, action in acknowledged:
            wanted.setdefault(game_id, Counter())[action] += 1
        for game_id, actions in wanted.items():
            missing = actions - logged.get(game_id, Counter())
            if missing:
                problems.append(f"game {game_id}: acknowledged actions missing from the move log: {dict(missing)}")
        for row in db.execute("SELECT * FROM games WHERE state IS NOT NULL"):
            engine = ENGINES[row["game"]]
            options = {k: v for k, v in json.loads(row["options"]).items() if not k.startswith("_")}
            seats = json.loads(row["seats"])
            state, _ = engine.new_game(len(seats), row["seed"], options)
            moves = db.execute("SELECT seat, action FROM moves WHERE game_id = ? ORDER BY seq", (row["id"],))
            try:
                for seat, action in moves:
                    if action == LULL_ACTION:
                        state, _ = engine.timeout(state)
                    elif not action.startswith("!"):
                        state, _ = engine.apply(state, seat, action)
            except Exception as error:
                problems.append(f"game {row['id']} ({row['game']}): the move log does not replay: {error!r}")
                continue
            if engine.dump(state) != json.loads(row["state"]):
                problems.append(
                    f"game {row['id']} ({row['game']}): replaying seed + move log differs from the stored state"
                )
            if row["status"] == "finished":
                results = db.execute("SELECT count(*) FROM results WHERE game_id = ?", (row["id"],)).fetchone()[0]
                if results != len(seats):
                    problems.append(f"game {row['id']}: finished with {results} results for {len(seats)} seats")
                league = db.execute("SELECT count(*) FROM league_games WHERE game_id = ?", (row["id"],)).fetchone()[0]
                if league != 1:
                    problems.append(f"game {row['id']}: finished but {league} league entries")
    return problems


def game_rows(database: Path) -> list[sqlite3.Row]:
    with contextlib.closing(sqlite3.connect(database)) as db:
        db.row_factory = sqlite3.Row
        return db.execute("SELECT * FROM games").fetchall()


# -- the run --------------------------------------------------------------------------------------


class CrashRun:
    def __init__(self, folder: Path, *, kills: int, seed: int, say=None) -> None:
        self.database = folder / "tafel.sqlite3"
        self.kills = kills
        self.rng = random.Random(seed)
        self.counts = CrashCounts()
        self.acknowledged: list[tuple[int, str]] = []
        self.say = say or (lambda text: None)
        self.checked: dict[str, int] = {}  # message id -> edits already checked

    def fail(self, text: str) -> None:
        self.counts.failures.append(text)
        raise CrashBroken(text)

    async def run(self) -> CrashCounts:
        async with FakeDiscordProcess() as fake:
            self.fake, self.client = fake, fake.client
            self.alice = await self.client.add_user("alice")
            self.channels = {game: await self.client.add_channel(game) for game in GAME_KEYS}
            await self.start_bot()
            await self.open_tables()
            for kill in range(self.kills):
                await self.play_then_kill(kill)
                await self.check_after_kill(kill)
                await self.start_bot()
            await self.play_to_the_end()
            await self.stop_bot()
            problems = check_store(self.database, self.acknowledged)
            if problems:
                self.fail("after the last game finished: " + "; ".join(problems))
        return self.counts

    async def start_bot(self) -> None:
        # One picture worker process, as in production on a multi-core machine: a kill must not orphan it.
        self.bot = await start_bot(
            self.fake.info, database=self.database, TAFELBOT_RENDER_PROCESSES="1", TAFELBOT_LOG_LEVEL="ERROR"
        )
        await self.client.wait_until_ready(commands=list(GAME_KEYS), timeout=60)
        self.counts.restarts += 1

    async def stop_bot(self) -> None:
        from tests.e2e.fake.remote import stop_bot

        await stop_bot(self.bot)

    async def open_tables(self) -> None:
        for game in GAME_KEYS:
            channel = self.channels[game]
            new = await self.client.slash(self.alice, channel, f"{game} new", OPTIONS.get(game, {}))
            lobby = new["message"]
            start = next(b["custom_id"] for b in lobby["buttons"] if b["custom_id"].endswith(":start"))
            game_id = int(start.split(":")[2])
            for _ in range(PLAYERS[game] - 1):
                await self.client.click(self.alice, lobby, f"tb:lobby:{game_id}:add-computer")
            await self.client.click(self.alice, lobby, start)
            self.counts.games += 1

    async def alice_moves(self, game: str) -> None:
        """Alice plays in one game for as long as she is let: My hand on the latest board, a move."""
        channel = self.channels[game]
        while True:
            messages = await self.client.channel_messages(channel)
            boards = [m for m in messages if any(b["custom_id"].startswith("tb:hand:") for b in m["buttons"])]
            if not boards:
                await asyncio.sleep(0.05)
                continue
            board = boards[-1]
            hand_id = next(b["custom_id"] for b in board["buttons"] if b["custom_id"].startswith("tb:hand:"))
            controls = await self.client.click(self.alice, board, hand_id)
            self.counts.clicks += 1
            message = controls["message"]
            for _ in range(4):
                buttons = [b for b in message["buttons"] if not b["disabled"]]
                acts = [b["custom_id"] for b in buttons if b["custom_id"].startswith("tb:act:")]
                acts = [a for a in acts if not a.endswith(":undo")] or acts
                if acts:
                    custom_id = self.rng.choice(acts)
                    answer = await self.client.click(self.alice, message, custom_id)
                    self.counts.clicks += 1
                    shown = answer.get("message") or {}
                    sure = [b for b in shown.get("buttons", []) if b["custom_id"].startswith("tb:sure:")]
                    if sure:  # "are you sure?" (Duvelen's Done): yes
                        answer = await self.client.click(self.alice, answer["message"], sure[0]["custom_id"])
                        self.counts.clicks += 1
                    if answer["response_type"] in (6, 7) and not answer_is_refusal(answer):
                        game_id, _version, action = ACT.fullmatch(custom_id).groups()
                        self.acknowledged.append((int(game_id), action))
                        self.counts.acknowledged += 1
                    break
                menus = [m for m in message.get("selects", []) if m["custom_id"].startswith("tb:pick:")]
                if menus:
                    menu = self.rng.choice(menus)
                    action = self.rng.choice(menu["values"])
                    answer = await self.client.select(self.alice, message, menu["custom_id"], [action])
                    self.counts.clicks += 1
                    if answer["response_type"] in (6, 7) and not answer_is_refusal(answer):
                        game_id = int(menu["custom_id"].split(":")[2])
                        self.acknowledged.append((game_id, action))
                        self.counts.acknowledged += 1
                    break
                navs = [b["custom_id"] for b in buttons if b["custom_id"].startswith("tb:nav:")]
                if not navs:
                    await asyncio.sleep(0.05)  # not alice's turn: the computers are playing
                    break
                message = (await self.client.click(self.alice, message, self.rng.choice(navs)))["message"]

    async def play_then_kill(self, kill: int) -> None:
        players = [asyncio.create_task(self.alice_moves(game)) for game in GAME_KEYS]
        await asyncio.sleep(self.rng.uniform(0.2, 2.5))
        during = self.phase_now()
        workers = descendants(self.bot.pid)
        self.bot.kill()
        await self.bot.wait()
        self.counts.kills += 1
        self.counts.killed_during[during] += 1
        self.say(f"kill {kill + 1}: SIGKILL during {during}; the bot had {len(workers)} child process(es)")
        for task in players:
            task.cancel()
        for task in players:
            with contextlib.suppress(asyncio.CancelledError, FakeDiscordError, RuntimeError, Exception):
                await task
        self.workers = workers

    def phase_now(self) -> str:
        phases = []
        for row in game_rows(self.database):
            if row["status"] == "active" and row["state"]:
                engine = ENGINES[row["game"]]
                live = engine.is_live(engine.load(json.loads(row["state"])))
                phases.append(f"{row['game']}{' live' if live else ''}")
        return ", ".join(sorted(phases)) or "no active game"

    async def check_after_kill(self, kill: int) -> None:
        # The picture worker ends by itself once its parent is gone (give it a few seconds).
        deadline = time.monotonic() + 10
        left = {pid for pid in self.workers if alive(pid)} | processes_mentioning(str(self.database))
        while left and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            left = {pid for pid in left if alive(pid)}
        if left:
            self.counts.leftover_processes += len(left)
            commands = {pid: Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")[:120] for pid in left}
            for pid in left:  # not ours to leave behind either way
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, 9)
            self.fail(f"kill {kill + 1}: processes of the killed bot still running 10 s later: {commands}")
        problems = check_store(self.database, self.acknowledged)
        if problems:
            self.fail(f"kill {kill + 1}: " + "; ".join(problems))
        await self.check_public(f"kill {kill + 1}")

    async def check_public(self, when: str) -> None:
        rows = {row["channel_id"]: row for row in game_rows(self.database)}
        for game, channel in self.channels.items():
            row = rows.get(int(channel))
            seated = {s["user_id"] for s in json.loads(row["seats"]) if s.get("user_id")} if row else set()
            hidden = {}
            if row is not None and row["status"] == "active" and row["state"]:
                engine = ENGINES[game]
                with contextlib.closing(sqlite3.connect(self.database)) as db:
                    moves = [a for (a,) in db.execute("SELECT action FROM moves WHERE game_id = ?", (row["id"],))]
                hidden = hidden_cards(game, engine, engine.load(json.loads(row["state"])), moves)
            for message in await self.client.channel_messages(channel):
                if self.checked.get(message["id"]) == message["edits"]:
                    continue
                self.checked[message["id"]] = message["edits"]
                where = f"{when}: public message {message['id']} in the {game} channel"
                if problems := mention_problems(message, seated):
                    self.fail(f"{where}: {'; '.join(problems)}")
                if files := private_files(message):
                    self.fail(f"{where} carries a private picture: {files}")
                if found := leaks(public_text(message), hidden):
                    self.fail(f"{where} leaks {'; '.join(found)}")

    async def play_to_the_end(self, limit: float = 600.0) -> None:
        players = {game: asyncio.create_task(self.alice_moves(game)) for game in GAME_KEYS}
        deadline = time.monotonic() + limit
        try:
            while time.monotonic() < deadline:
                rows = game_rows(self.database)
                if all(row["status"] == "finished" for row in rows):
                    break
                for row in rows:
                    task = players.get(row["game"])
                    if row["status"] == "finished" and task is not None and not task.done():
                        task.cancel()
                await asyncio.sleep(0.2)
            else:
                unfinished = [
                    (r["id"], r["game"], r["status"]) for r in game_rows(self.database) if r["status"] != "finished"
                ]
                self.fail(f"after the last restart these games did not finish within {limit:.0f} s: {unfinished}")
        finally:
            for task in players.values():
                task.cancel()
            for task in players.values():
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self.counts.games_finished = sum(row["status"] == "finished" for row in game_rows(self.database))
        with contextlib.closing(sqlite3.connect(self.database)) as db:
            self.counts.moves_logged = db.execute("SELECT count(*) FROM moves").fetchone()[0]
        await self.check_public("the end")


def answer_is_refusal(answer: dict) -> bool:
    """A move button the bot refused is answered with a new ephemeral message (the mistake), a
    move it took with an update of the controls (response types 6 and 7)."""
    return answer["response_type"] == 4

"""The real bot against the in-process fake Discord, with the bookkeeping the fuzz suite checks.

``FuzzWorld`` owns an event loop, a ``FakeDiscord``, the bot (``bot.create_bot`` on a SQLite file)
and a cast of users: the host and two more people who may sit down, strangers whose names try to
ping (``<@id>``, ``@everyone``), markdown and emoji, and a moderator (Manage Server). Every user
action goes through ``interact``, which times it, notes whether the bot refused it (the table
flow's ``tell``: the ordinary short answer to a mistake) and then checks the invariants:

- the interaction was answered within Discord's 3 seconds (the fake enforces it too);
- a refused interaction left every stored game (state, version, seats, status) and move log as it was;
- no ERROR was logged;
- no public message posted or edited since the last step names a hidden card or carries a hand picture;
- no public message can ping anyone not seated at a table of its channel, a role or @everyone.

A broken invariant raises ``InvariantBroken`` naming the step, the interaction and what leaked or changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sqlite3
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import Config, create_bot
from cogs.table.components import KNOWN
from table.registry import GAME_KEYS
from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.protocol import FakeDiscordError
from tests.e2e.harness import ErrorLogCapture, run_client, stop_client
from tests.fuzz.public_checks import hidden_cards, leaks, mention_problems, private_files, public_text

DEADLINE = 3.0
_KNOWN = re.compile(KNOWN)
VERBOSE = bool(os.environ.get("TAFELBOT_FUZZ_VERBOSE"))


class InvariantBroken(AssertionError):
    pass


# Every broken invariant, with the steps that led to it, as first seen. Hypothesis replays a
# failing case to report it, but the bot is not deterministic (computer players, timing), so the
# replay can fail differently or not at all: this keeps the original account.
FAILURES: list[str] = []


@dataclass
class Counts:
    steps: int = 0
    interactions: int = 0
    refusals: int = 0
    rejected_by_client: int = 0  # what a Discord client would not even send (options out of range ...)
    games_opened: int = 0
    games_finished: int = 0
    by_kind: Counter = field(default_factory=Counter)
    seconds: Counter = field(default_factory=Counter)  # time spent per kind of step

    def add(self, other: Counts) -> None:
        for name in ("steps", "interactions", "refusals", "rejected_by_client", "games_opened", "games_finished"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.by_kind.update(other.by_kind)
        self.seconds.update(other.seconds)


TOTALS = Counts()


class FuzzWorld:
    def __init__(self, database: Path) -> None:
        self.database = database
        self.loop = asyncio.new_event_loop()
        self.counts = TOTALS  # counted as they happen: a case hypothesis abandons still counts
        self.refused: set[int] = set()  # interaction ids the bot refused
        self.seen_versions: dict[int, int] = {}  # message id -> edits already checked
        self.step_name = "setup"
        self.history: list[str] = []
        self.steps = 0  # in this test case
        self.loop.run_until_complete(self._start())

    # -- life cycle ------------------------------------------------------------------------------

    def run(self, coroutine: Awaitable[Any]) -> Any:
        try:
            return self.loop.run_until_complete(coroutine)
        except InvariantBroken:
            raise
        except Exception as error:  # a bug of the suite or a hang of the bot: keep its account too
            raise self.broken(f"step {self.steps}: {self.step_name}: {type(error).__name__}: {error}") from error

    async def _start(self) -> None:
        self.fake = FakeDiscord()
        await self.fake.__aenter__()
        self._undo = self.fake.patch_discord()
        self.capture = ErrorLogCapture()
        self.capture.__enter__()
        fake = self.fake
        self.channels = [fake.add_channel("spellen"), fake.add_channel("games")]
        self.channels.append(fake.add_thread(self.channels[0], "a thread"))
        self.host = fake.add_user("alice", locale="en-GB")
        self.people = [self.host, fake.add_user("bob", locale="nl"), fake.add_user("carol **bold** 🎲")]
        self.strangers = [
            fake.add_user(f"<@{self.host.id}>"),
            fake.add_user("@everyone"),
            fake.add_user("_mallory_ `<@&1>` ||x||", locale="nl"),
        ]
        self.moderator = fake.add_user("mod", manage_guild=True)
        self.users = [*self.people, *self.strangers, self.moderator]
        config = Config(token="fake-token", database=str(self.database), dev_guild_id=fake.guild_id, computer_delay=0.0)
        self.bot = create_bot(config, guild_ready_timeout=0.05)
        _say("starting the bot")
        self.task = await run_client(self.bot)
        _say("bot ready")
        await self.bot.resumed.wait()
        _say("bot resumed")
        self._watch_refusals()
        self.db = sqlite3.connect(f"file:{self.database}?mode=ro", uri=True)

    def _watch_refusals(self) -> None:
        """Note every interaction the table flow answers with a mistake (its ``tell``)."""
        flow = self.bot.table_flow
        original = flow.tell

        async def tell(interaction, text):
            self.refused.add(interaction.id)
            await original(interaction, text)

        flow.tell = tell

    def close(self) -> None:
        async def stop():
            with contextlib.suppress(Exception):
                await stop_client(self.bot, self.task)
            self._undo()
            await self.fake.__aexit__(None, None, None)

        try:
            self.db.close()
            self.run(stop())
        finally:
            logging.getLogger().removeHandler(self.capture)
            # Views' time-out tasks and the like: cancelled, so nothing of this bot outlives the case.
            self.loop.run_until_complete(_cancel_the_rest())
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.run_until_complete(self.loop.shutdown_default_executor())
            self.loop.close()

    # -- reading the store (directly, as a second reader of the SQLite file) ---------------------

    def snapshot(self) -> dict[int, tuple]:
        games = self.db.execute("SELECT id, state, version, seats, status FROM games").fetchall()
        moves = dict(self.db.execute("SELECT game_id, count(*) FROM moves GROUP BY game_id").fetchall())
        return {g[0]: (*g[1:], moves.get(g[0], 0)) for g in games}

    async def rows(self):
        store = self.bot.store
        return await store.games_with_status("lobby", "active", "finished", "cancelled")

    async def settle(self) -> None:
        await asyncio.wait_for(self.bot.table_flow.idle(), 30)

    # -- acting --------------------------------------------------------------------------------

    def broken(self, message: str) -> InvariantBroken:
        steps = "\n  ".join(self.history[-25:])
        FAILURES.append(f"{message}\nthe last steps of this test case:\n  {steps}")
        return InvariantBroken(FAILURES[-1])

    async def interact(self, kind: str, act: Callable[[], Awaitable[Any]]) -> Any:
        """Run one user action and check every invariant afterwards."""
        self.history.append(f"{self.steps + 1}: {self.step_name}")
        if VERBOSE:
            print(f"{time.strftime('%H:%M:%S')} {self.step_name}", file=sys.stderr, flush=True)
        self.counts.steps += 1
        self.steps += 1
        started = time.perf_counter()
        await self.settle()
        before = self.snapshot()
        acting = time.perf_counter()
        try:
            record = await act()
        except FakeDiscordError as error:
            text = str(error)
            if "did not answer" in text or "deferred" in text or "deadline" in text.lower():
                raise self.broken(f"step {self.steps}: {self.step_name}: {kind}: {text}") from None
            self.counts.rejected_by_client += 1  # Discord itself refuses to send it
            self.counts.by_kind[f"{kind} (client refused)"] += 1
            return None
        self.counts.interactions += 1
        self.counts.by_kind[kind] += 1
        what = f"step {self.steps}: {self.step_name}: {kind}: {getattr(record, 'description', record)}"
        answered = getattr(record, "answered_after", None)
        if answered is not None and answered > DEADLINE:
            raise self.broken(f"{what}: answered after {answered:.2f} s (Discord allows {DEADLINE} s)")
        acted = time.perf_counter()
        await self.settle()
        self.counts.seconds[kind] += time.perf_counter() - started
        self.counts.seconds[kind + " (acting)"] += acted - acting
        custom_id = (getattr(record, "payload", None) or {}).get("data", {}).get("custom_id")
        # A button id no template claims is answered outside the table flow, and always refused.
        forged = custom_id is not None and not _KNOWN.fullmatch(custom_id)
        refused = getattr(record, "id", None) in self.refused or forged
        if refused:
            self.counts.refusals += 1
            after = self.snapshot()
            changed = {
                gid: (before.get(gid), after.get(gid))
                for gid in set(before) | set(after)
                if before.get(gid) != after.get(gid)
            }
            if changed:
                raise self.broken(f"{what}: refused, yet the store changed: {_describe_changes(changed)}")
        await self.check_public(what)
        return record

    async def check_public(self, what: str) -> None:
        errors = [r for r in self.capture.records if not self.capture.is_allowed(r)]
        if errors:
            self.capture.records.clear()
            text = "; ".join(f"{r.name}: {r.getMessage()}" for r in errors)
            raise self.broken(f"{what}: ERROR logged: {text}")
        fresh = [
            m
            for m in self.fake.all_messages()
            if not m.ephemeral and not m.deleted and self.seen_versions.get(m.id) != m.edits
        ]
        if not fresh:
            return
        rows = await self.rows()
        seated: dict[int, set[int]] = {}
        by_channel: dict[int, list] = {}
        for row in rows:
            seated.setdefault(row.channel_id, set()).update(s.user_id for s in row.seats if s.user_id)
            by_channel.setdefault(row.channel_id, []).append(row)
        hidden = {}
        for row in rows:
            if row.status == "active" and row.state:
                engine = self.bot.table_service.spec(row.game).engine
                moves = [a for _seq, _seat, a in await self.bot.store.moves(row.id)]
                hidden[row.id] = hidden_cards(row.game, engine, engine.load(row.state), moves)
        for message in fresh:
            self.seen_versions[message.id] = message.edits
            summary = message.summary()
            where = f"{what}: public message {message.id} in channel {message.channel_id}"
            problems = mention_problems(summary, seated.get(message.channel_id, set()))
            if problems:
                raise self.broken(f"{where} {summary['content'][:300]!r}: {'; '.join(problems)}")
            if files := private_files(summary):
                raise self.broken(f"{where} carries a private picture: {files}")
            text = public_text(summary)
            for row in by_channel.get(message.channel_id, []):
                if row.id in hidden and (found := leaks(text, hidden[row.id])):
                    raise self.broken(f"{where} {text[:400]!r} leaks {'; '.join(found)}")

    # -- helpers for the rules ------------------------------------------------------------------

    def seated_user(self, row, pick: int):
        humans = [s.user_id for s in row.seats if s.user_id]
        return next((u for u in self.users if u.id in humans[pick % len(humans) :]), None) if humans else None

    def visible_messages(self, user) -> list:
        public = [m for m in self.fake.all_messages() if not m.ephemeral and not m.deleted]
        return public + self.fake.ephemeral_messages(user)


async def _cancel_the_rest() -> None:
    pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)


def _say(text: str) -> None:
    if VERBOSE:
        print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def _describe_changes(changed: dict) -> str:
    parts = []
    for gid, (before, after) in changed.items():
        if before is None or after is None:
            parts.append(f"game {gid} {'appeared' if before is None else 'vanished'}")
            continue
        names = ("state", "version", "seats", "status", "moves")
        diffs = [f"{n} {b!r:.80} -> {a!r:.80}" for n, b, a in zip(names, before, after, strict=True) if a != b]
        parts.append(f"game {gid}: " + ", ".join(diffs))
    return "; ".join(parts)


GAMES = GAME_KEYS

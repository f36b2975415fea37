"""The chaos suite: whole games of every game against the real bot while the fake Discord fails
in every way it can, at random (seeded), and what that cost.

The bot runs in-process against ``tests.e2e.fake.FakeDiscord`` on a ``FakeClock`` that the fake
shares (interaction tokens, thread auto-archiving, the age of messages and the invalid-request
window all run on it). Each table is alice against computer players (as in the crash suite), in
a thread of its own or in a channel of its own. A session is a number of rounds; each round opens
a fault (tests/fuzz/chaos_faults.py) or clears one, alice plays a few moves wherever she is to
move, and time moves on a little. Every ``quiet_every`` rounds every fault that can clear is
cleared, time moves past one look of the channel trouble (``cogs.table.trouble.PROBE_EVERY``),
and every table is checked:

- lost: an acknowledged move (a move button answered with an update) missing from the move log
  (``tests.fuzz.crash.check_store``, which also replays every game and checks the database);
- stalled: a running game whose newest board in its channel is not the board of its stored
  version (``games.board_message_id``/``board_version`` against the fake's newest board message
  carrying the game's "My hand" button), still so ``STALL_BOUND`` seconds (real) and one more
  look of the trouble and the reconciler later (fake clock); or alice to move and her controls
  not offering a move of the stored version;
- posted twice: two board messages posted for one version of one game (every new board the bot
  records, ``BoardPresenter.shown``);
- requests to dead channels: after a channel was deleted, its thread locked (the bot lacking
  Manage Threads), or the bot removed from the server. ``GET /channels/{id}`` are the channel
  trouble's probes (one per ``PROBE_EVERY`` of fake time, plus one per gateway event that may
  heal the channel) and are counted apart; a post or edit is "repeated" when the same channel got
  one before in the same fault (the first teaches the bot, when Discord's event did not);
- invalid requests (401, 403, 429): the fake's count over its sliding 10 minutes, the most seen;
- pinged again: a new board pinging alice in a game where she has not moved since the last board
  that pinged her (a board replacing one of her turn must not ping her twice);
- dead tokens reused: requests on an interaction token after Discord refused it as expired;
- ERROR log lines.

Tables across servers (``cross_games``, issue 49): alice in the first server and bob (Dutch) in a
second queue for each such game with ``/cross queue``, confirm, and play it each from their own
server's thread (each thread is a ``Table`` of its own with the game's id), choosing the move the
normal computer would where it is in front of them (two people pressing at random take thousands
of Trackgammon moves). Every fault lands on one server's thread or server: the other thread must
stay current (the same checks, with the thread's own stored board from ``game_places``), and
someone whose thread is gone is timed out by the running clock, as across servers no clock stops.

A deleted channel never comes back: its game must be held (the channel in trouble, the host told
by DM or, DMs closed, in the thread's parent) and, after ``GIVE_UP_AFTER`` (7 days) of fake time
at the end of the session, cancelled. Every other game must finish after the last quiet point.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
import sqlite3
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cogs.table.trouble import GIVE_UP_AFTER, PROBE_EVERY
from db import GameStatus, cross
from table.clock import FakeClock
from table.registry import GAME_KEYS
from tests.e2e.cross_drive import opened, two_servers
from tests.e2e.drive import normal_move, open_table
from tests.e2e.fake import FakeDiscord, FakeDiscordError
from tests.e2e.harness import ErrorLogCapture, Tafel, _record_text
from tests.fuzz.chaos_faults import (
    DELETIONS,
    FAULT_KINDS,
    MINUTE,
    THREAD_ARCHIVE_MINUTES,
    Episode,
    Table,
    inject,
)
from tests.fuzz.crash import ACT, OPTIONS, PLAYERS, check_store

HOUR, DAY = 3600.0, 86400.0
STALL_BOUND = 10.0  # real seconds after the faults cleared (the outbox's pauses are shortened)


class ChaosBroken(AssertionError):
    """The harness itself could not go on (the bot did not settle, a table could not open)."""


@dataclass
class PerKind:
    injected: int = 0
    acknowledged: int = 0  # moves acknowledged while a fault of this kind was open
    lost: int = 0
    stalled: int = 0
    posted_twice: int = 0
    dead_requests: int = 0  # posts and edits to a dead channel
    repeated_dead: int = 0  # ... after the first in the same fault
    probes: int = 0  # GET /channels/{id} of the channel trouble
    max_invalid_per_10_min: int = 0  # the most seen while a fault of this kind was open
    error_lines: int = 0  # logged while a fault of this kind was open
    pinged_again: int = 0  # boards pinging alice again without a move of hers in between


@dataclass
class ChaosCounts:
    rounds: int = 0
    tables: int = 0
    clicks: int = 0
    click_errors: int = 0  # clicks the fake could not deliver or the bot did not answer
    acknowledged: int = 0
    moves_logged: int = 0
    games_finished: int = 0
    games_held_then_cancelled: int = 0
    faults_across: int = 0  # faults on one server's thread of a table across servers (or its server)
    stalled_across: int = 0  # ... while another server's thread of the table, untouched, was behind
    hosts_told: int = 0
    quiet_points: int = 0
    unarchived_by_alice: int = 0  # threads that archived themselves while alice was to move
    clicked_in_archived: int = 0  # ... where she pressed the buttons without writing first
    lost: int = 0
    stalled: int = 0
    posted_twice: int = 0
    dead_requests: int = 0
    repeated_dead: int = 0
    probes: int = 0
    probe_bound: int = 0
    max_invalid_per_10_min: int = 0
    error_lines: int = 0
    pinged_again: int = 0
    dead_token_reuses: int = 0  # requests on tokens Discord had refused as expired already
    fake_faults: dict = field(default_factory=dict)
    by_kind: dict[str, PerKind] = field(default_factory=lambda: {k: PerKind() for k in FAULT_KINDS})
    failures: list[str] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)  # ERROR lines: logger, message, exception


class ChaosRun:
    def __init__(
        self,
        folder: Path,
        *,
        seed: int,
        rounds: int,
        quiet_every: int = 6,
        channel_tables: bool = True,
        stall_bound: float = STALL_BOUND,
        games: tuple[str, ...] = GAME_KEYS,
        cross_games: tuple[str, ...] = (),
        play_out: bool = True,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.folder = folder
        self.database = folder / "tafel.sqlite3"
        self.rng = random.Random(seed)
        self.rounds = rounds
        self.quiet_every = quiet_every
        self.channel_tables = channel_tables
        self.stall_bound = stall_bound
        self.games = games
        self.cross_games = cross_games
        self.play_out = play_out  # False: the session ends at its last quiet point (a check's own test)
        self.say = say or (lambda text: None)
        self.counts = ChaosCounts()
        self.acknowledged: list[tuple[int, str]] = []
        self.acknowledged_during: list[tuple[str, ...]] = []  # the fault kinds open at each
        self.since_quiet: list[Episode] = []  # faults injected since the last quiet point
        self.open: list[Episode] = []
        # (game, version, channel) -> board message ids
        self.boards: dict[tuple[int, int, int], set[int]] = {}
        self.dead_seen = 0  # requests_to_dead_channels already attributed
        self.gone_episodes: dict[int, Episode] = {}  # deleted channel -> its deletion
        self.posted_to_dead: dict[int, set[int]] = {}  # id(episode) -> dead channels posted to
        self.reported_twice: set[tuple[int, int, int]] = set()
        self.board_callers: dict[int, str] = {}  # board message -> which bot code posted it
        # (game, channel) -> at its last board shown there: the seats to move, and whether live
        self.shown_at: dict[tuple[int, int], tuple[frozenset[int], bool]] = {}
        self.pinged_at: dict[tuple[int, int], int] = {}  # (game, person) -> their moves when last pinged
        self.board_kinds: dict[int, tuple[str, ...]] = {}  # board message -> fault kinds open then
        self.expire_next_token = False
        self.deck: list[str] = []  # fault kinds still to inject in this pass over them all

    # -- the session -------------------------------------------------------------------------------

    async def run(self) -> ChaosCounts:
        async with FakeDiscord() as fake:
            undo = fake.patch_discord()
            self.fake = fake
            capture = ErrorLogCapture(on_error=self._error_logged).install()
            try:
                await self._session(capture)
            finally:
                capture.uninstall()
                undo()
                self.counts.error_lines = len(capture.errors)
                self.counts.errors = Counter(_error_kind(r) for r in capture.errors)
                self.error_records = capture.errors
        return self.counts

    async def _session(self, capture: ErrorLogCapture) -> None:
        fake = self.fake
        self.alice = fake.add_user("alice", locale="en-GB")
        self.bob = fake.add_user("bob", locale="nl")  # plays only at the tables across servers
        self.tafel = Tafel(fake, str(self.database))
        self.clock = self.tafel.clock = FakeClock()
        await self.tafel.start()
        # The outbox's pauses on the suite's time, as the pacer's (tests/e2e/conftest.py).
        outbox = self.bot.table_flow.board.outbox
        outbox.first_delay, outbox.max_delay = 0.05, 1.0
        self._watch_boards()
        try:
            await self._open_tables()
            for number in range(self.rounds):
                await self._round(number)
                if (number + 1) % self.quiet_every == 0 or number + 1 == self.rounds:
                    await self._quiet_point()
            if self.play_out:
                await self._play_to_the_end()
                await self._give_up_on_gone_tables()
        finally:
            await self.tafel.stop()
        self.counts.fake_faults = fake.faults
        self.counts.dead_token_reuses = fake.dead_token_reuses
        self.counts.failures += check_store(self.database, self.acknowledged)
        self._count_lost()
        with contextlib.closing(sqlite3.connect(self.database)) as db:
            self.counts.moves_logged = db.execute("SELECT count(*) FROM moves").fetchone()[0]
            self.counts.games_finished = db.execute("SELECT count(*) FROM games WHERE status = 'finished'").fetchone()[
                0
            ]

    def _open_kinds(self) -> tuple[str, ...]:
        return tuple(sorted({e.kind for e in self.open}))

    def _error_logged(self, message: str) -> None:
        for kind in self._open_kinds():
            self.counts.by_kind[kind].error_lines += 1

    def _count_lost(self) -> None:
        """Acknowledged moves missing from the move log (check_store names them too), each
        charged to the faults open when it was acknowledged."""
        with contextlib.closing(sqlite3.connect(self.database)) as db:
            logged = Counter(db.execute("SELECT game_id, action FROM moves").fetchall())
        for (game_id, action), kinds in zip(self.acknowledged, self.acknowledged_during, strict=True):
            if logged[(game_id, action)] > 0:
                logged[(game_id, action)] -= 1
                continue
            self.counts.lost += 1
            for kind in kinds:
                self.counts.by_kind[kind].lost += 1

    @property
    def bot(self):
        return self.tafel.bot

    def _watch_boards(self) -> None:
        """Note every new board message the bot records, by game and version (posted twice)."""
        board = self.bot.table_flow.board
        original = board.shown

        async def shown(row, spot, message_id):
            if message_id is not None:
                self.boards.setdefault((row.id, row.version, spot.channel_id), set()).add(message_id)
                self.board_callers[message_id] = _callers()
                self.board_kinds[message_id] = self._open_kinds()
            await self._note_ping(row, spot.channel_id, message_id)
            await original(row, spot, message_id)

        board.shown = shown

    async def _note_ping(self, row, channel_id: int, message_id: int | None) -> None:
        """Every board shown (``message_id`` None: the last one edited): a new board pinging a
        person (alice, or bob across servers) pings them again within their turn when the same
        seats (theirs among them) were to move at the previous board shown in that channel and
        they have made no move in that game since the last board that pinged them (the board's
        own rule: a fresh board, with a mention, only when someone who may act now could not at
        the last board made; a live round ending is a new turn though the seats stay). Their
        moves count too, not the boards shown alone: boards that waited behind a fault and were
        replaced never showed, so two boards shown one after the other may be turns apart."""
        engine = self.bot.table_service.spec(row.game).engine
        state = engine.load(row.state) if row.state is not None else None
        movers = engine.to_move(state) if state is not None else set()
        live = state is not None and engine.is_live(state)
        before = self.shown_at.get((row.id, channel_id))
        self.shown_at[(row.id, channel_id)] = (frozenset(movers), live)
        if message_id is None or row.status != GameStatus.ACTIVE:
            return  # a finished game's standings mention everyone, whoever its engine had to move
        mentioned = {u.id for u in self.fake.message(message_id).mentions}
        for person in (self.alice, self.bob):
            seat = row.seat_of(person.id)
            if seat is None or seat not in movers or person.id not in mentioned:
                continue
            moved = sum(1 for _, by, _action in await self.bot.store.moves(row.id) if by == seat)
            last_ping = self.pinged_at.get((row.id, person.id))
            self.pinged_at[(row.id, person.id)] = moved
            if before == (frozenset(movers), False) and not live and last_ping == moved:
                self.say(f"  pinged again: {person.name} in {row.game} game {row.id} v{row.version} by {_callers()}")
                self.counts.pinged_again += 1
                for kind in self._open_kinds():
                    self.counts.by_kind[kind].pinged_again += 1

    async def _open_tables(self) -> None:
        fake = self.fake
        self.tables: list[Table] = []
        for game in self.games:
            parent = fake.add_channel(f"{game}-threads")
            thread = fake.add_thread(parent, f"{game} table", auto_archive_duration=THREAD_ARCHIVE_MINUTES)
            self.tables.append(Table(game, thread, parent))
            if self.channel_tables:
                self.tables.append(Table(game, fake.add_channel(f"{game}-table"), None))
        await asyncio.sleep(0.05)  # the bot has taken the new channels and threads in (gateway)
        for table in self.tables:
            options = OPTIONS.get(table.game, {})
            table.game_id = await open_table(
                fake,
                self.tafel,
                table.channel_id,
                table.game,
                self.alice,
                computers=PLAYERS[table.game] - 1,
                options=options,
            )
        if self.cross_games:
            await self._open_tables_across_servers()
        self.counts.tables = len({t.game_id for t in self.tables})  # games: across servers, one in two threads
        await self._settle()

    async def _open_tables_across_servers(self) -> None:
        """Alice (first server) and bob (a second) queue for each game of ``cross_games``, confirm,
        and get a thread each: a Table per thread, the game's id in both."""
        fake = self.fake
        mod = fake.add_user("mod", manage_guild=True)
        other, here, there = await two_servers(fake, self.tafel, mod)
        for game in self.cross_games:
            row, threads = await opened(fake, self.tafel, here, there, self.alice, self.bob, game=game)
            self.tables.append(Table(game, threads[self.alice.id], here, row.id, across=True))
            self.tables.append(
                Table(game, threads[self.bob.id], there, row.id, person=self.bob, guild_id=other, across=True)
            )

    async def _round(self, number: int) -> None:
        self.counts.rounds += 1
        rng = self.rng
        if self.open and rng.random() < 0.4:
            await self._clear(self.open.pop(rng.randrange(len(self.open))))
        else:
            if not self.deck:  # every kind once, in a random order, then again
                self.deck = rng.sample(FAULT_KINDS, len(FAULT_KINDS))
            await self._inject(self.deck.pop())
        for _ in range(rng.randint(1, 4)):
            await self._someone_moves()
        self.clock.advance(rng.uniform(0, 4) * MINUTE)
        await self._settle()
        self._note_invalid()
        await self._check_the_other_servers()

    async def _check_the_other_servers(self) -> None:
        """While faults are open, every thread of a table across servers that no fault since the
        last quiet point touched (not its thread, its channel, its parent's permissions, its
        server) shows the game's stored version now, not only once the faults clear. A thread that
        a cleared fault touched catches up within one look of the channel trouble (checked at the
        quiet point); a live round shows its moves on one edited live message (looked at once it
        ends)."""
        touched = set()
        for episode in self.since_quiet:
            touched |= set(episode.dead_channels)
            if episode.table is not None:
                touched |= {episode.table.channel_id, episode.table.permission_channel}
        for table in self.live_tables():
            if not table.across or touched & {table.channel_id, table.permission_channel}:
                continue
            row = await self.bot.store.get_game(table.game_id)
            engine = self.bot.table_service.spec(row.game).engine
            if row.status != GameStatus.ACTIVE or engine.is_live(engine.load(row.state)):
                continue
            problem = await self._stale(table)
            if problem is not None:
                kinds = ", ".join(self._open_kinds()) or "none"
                self.counts.stalled_across += 1
                self.counts.failures.append(
                    f"round {self.counts.rounds}: {table.game} game {table.game_id} behind in a thread no fault"
                    f" touches (open: {kinds}): {problem}"
                )

    # -- faults -------------------------------------------------------------------------------------

    def live_tables(self, *, threads: bool | None = None) -> list[Table]:
        return [t for t in self.tables if not t.gone and (threads is None or t.is_thread == threads)]

    async def _inject(self, kind: str) -> None:
        episode = inject(self, kind)
        if episode is None:
            return
        self.counts.by_kind[kind].injected += 1
        across = {t.channel_id for t in self.tables if t.across}
        if (episode.table is not None and episode.table.across) or across & set(episode.dead_channels):
            self.counts.faults_across += 1
        self.open.append(episode)
        self.since_quiet.append(episode)
        if kind in DELETIONS:
            self.gone_episodes.update(dict.fromkeys(episode.dead_channels, episode))
        self.say(
            f"  + {kind}{f' ({table.game} game {table.game_id} in {table.channel_id})' if (table := episode.table) else ''}"
        )
        if episode.then is not None:
            await episode.then()

    async def _clear(self, episode: Episode) -> None:
        gone = episode.table is not None and episode.table.gone  # deleted meanwhile: nothing to undo
        if episode.clear is not None and not gone:
            episode.clear()
        if episode.kind not in DELETIONS:
            self._bound_probes(episode, self.clock.now())
        self.say(f"  - {episode.kind}")
        if episode.after is not None and not gone:
            await episode.after()

    async def _clear_all(self) -> None:
        while self.open:
            await self._clear(self.open.pop())

    # -- a table ending and another opening in its place (chaos_faults.TABLE_ENDS_SILENT) --------

    def person(self, table: Table):
        """Who plays from ``table``'s channel."""
        return table.person or self.alice

    async def resign(self, table: Table) -> None:
        """The table's person resigns it (computers may play it out)."""
        self._write_if_archived(table)
        try:
            await self.fake.slash(self.person(table), table.channel_id, table.game, "resign")
        except FakeDiscordError:
            self.counts.click_errors += 1
        await self._settle()

    async def open_again(self, table: Table) -> None:
        """A new table in the channel of one that ended (alice against computers again); while the
        old one still runs (computers playing on), nothing; nor in a thread of a table across
        servers (people queue again for those)."""
        await self._settle()
        if table.across:
            return
        row = await self.bot.store.get_game(table.game_id)
        if row.status == "active":
            return
        if table.is_thread and self.fake.channel(table.channel_id)["thread_metadata"]["archived"]:
            self.fake.unarchive_thread(table.channel_id)  # alice writes there first
        try:
            game_id = await open_table(
                self.fake,
                self.tafel,
                table.channel_id,
                table.game,
                self.alice,
                computers=PLAYERS[table.game] - 1,
                options=OPTIONS.get(table.game, {}),
            )
        except FakeDiscordError:  # the bot was removed from the server meanwhile: no new table
            self.counts.click_errors += 1
            return
        table.game_id = game_id
        self.counts.tables += 1
        self.say(f"  new {table.game} game {table.game_id} in {table.channel_id}")
        await self._settle()

    def _bound_probes(self, episode: Episode, until: float) -> None:
        """The channel trouble's documented looks at a dead channel: one per PROBE_EVERY of fake
        time it stayed dead, one when it became troubled, one per gateway event that may heal it
        (the clearing's: unlock, permissions, the bot back)."""
        looks = int((until - episode.since) // PROBE_EVERY) + 3
        self.counts.probe_bound += looks * len(episode.dead_channels)

    # -- alice --------------------------------------------------------------------------------------

    async def _someone_moves(self) -> None:
        """Someone makes one move at a table where they are to move (My hand, then a move):
        alice, or bob from his thread of a table across servers."""
        tables = [t for t in self.live_tables() if await self._to_move_here(t)]
        if not tables:
            return
        table = self.rng.choice(tables)
        who = self.person(table)
        wanted = await self._wanted(table) if table.across else None
        self._write_if_archived(table)
        boards = self._boards_of(table)
        if not boards:
            return
        try:
            if self.expire_next_token and self.rng.random() < 0.5:
                # The hand is drawn after the click's 15 minutes: its answer is refused (401
                # 50027), and nothing more may be sent on that token.
                self.expire_next_token = False
                await self._click(who, boards[-1], f"tb:hand:{table.game_id}", wait_followup=False)
                self.clock.advance(16 * MINUTE)
                return
            controls = await self._click(who, boards[-1], f"tb:hand:{table.game_id}")
            message = controls.message if controls is not None else None
            for step in range(4):
                if message is None:
                    return
                buttons = [b for b in message.buttons() if not b["disabled"]]
                acts = [b["custom_id"] for b in buttons if b["custom_id"].startswith(f"tb:act:{table.game_id}:")]
                acts = [a for a in acts if not a.endswith(":undo")] or acts
                menus = [m for m in message.selects() if m["custom_id"].startswith(f"tb:pick:{table.game_id}:")]
                navs = [b["custom_id"] for b in buttons if b["custom_id"].startswith(f"tb:nav:{table.game_id}:")]
                if wanted is not None:  # the normal computer's move where it shows, else look further
                    if hit := [a for a in acts if ACT.fullmatch(a).group(3) == wanted]:
                        await self._act(who, message, hit[0])
                        return
                    if menu := next((m for m in menus if wanted in [o["value"] for o in m["options"]]), None):
                        await self._act(who, message, menu["custom_id"], value=wanted)
                        return
                    if navs and step < 3:
                        reply = await self._click(who, message, self.rng.choice(navs))
                        message = reply.message if reply is not None else None
                        continue
                if acts:
                    await self._act(who, message, self.rng.choice(acts))
                    return
                if menus:  # many moves: one pick from a select menu
                    menu = self.rng.choice(menus)
                    await self._act(who, message, menu["custom_id"], value=self.rng.choice(menu["options"])["value"])
                    return
                if not navs:
                    return
                reply = await self._click(who, message, self.rng.choice(navs))
                message = reply.message if reply is not None else None
        except FakeDiscordError:
            self.counts.click_errors += 1  # the channel is archived, the bot is not in the server ...

    def _write_if_archived(self, table: Table) -> None:
        """A thread that archived itself meanwhile (an hour without posts, Discord's timer) and
        no fault of ours holds archived: alice writes there, as a person does, which unarchives
        it; or, half the time, she presses the board's buttons in the archived thread as a phone
        lets her, and the bot's answer must unarchive it."""
        self.fake.archive_idle_threads()
        mine = any(e.table is table for e in self.open)
        if table.is_thread and not mine and self.fake.channel(table.channel_id)["thread_metadata"]["archived"]:
            if self.rng.random() < 0.5:
                self.counts.clicked_in_archived += 1
                return
            self.fake.unarchive_thread(table.channel_id)
            self.counts.unarchived_by_alice += 1

    async def _wanted(self, table: Table) -> str | None:
        """The move the normal computer would make for the table's person now (None: none)."""
        row = await self.bot.store.get_game(table.game_id)
        spec = self.bot.table_service.spec(row.game)
        state = spec.engine.load(row.state)
        seat = row.seat_of(self.person(table).id)
        if seat is None or not spec.engine.legal_actions(state, seat):
            return None
        return normal_move(spec, state, seat, row.version)

    async def _pick(self, who, message, custom_id: str, value: str, *, wait_followup: bool = True):
        self.counts.clicks += 1
        record = await self.fake.select(who, message, custom_id, [value], wait_followup=wait_followup)
        if record.callback_failures and record.response_type is None:
            return None
        return record

    async def _click(self, who, message, custom_id: str, *, wait_followup: bool = True):
        self.counts.clicks += 1
        record = await self.fake.click(who, message, custom_id, wait_followup=wait_followup)
        if record.callback_failures and record.response_type is None:
            return None
        return record

    async def _act(self, who, message, custom_id: str, *, value: str | None = None) -> None:
        """A move button (or, with ``value``, a pick from a select menu of moves)."""
        expire = self.expire_next_token
        if value is None:
            record = await self._click(who, message, custom_id, wait_followup=not expire)
        else:
            record = await self._pick(who, message, custom_id, value, wait_followup=not expire)
        sure = [] if record is None or record.message is None else record.message.buttons()
        sure = [b for b in sure if b["custom_id"].startswith("tb:sure:")]
        if sure and not expire:  # "are you sure?" (Duvelen's Done): yes
            record = await self._click(who, record.message, sure[0]["custom_id"])
            custom_id = sure[0]["custom_id"].replace("tb:sure:", "tb:act:", 1)
        if expire:
            # The click was answered (deferred); its 15 minutes pass before the bot follows up.
            self.expire_next_token = False
            self.clock.advance(16 * MINUTE)
        if record is None or record.response_type not in (6, 7):  # 4: the mistake, told
            return
        if expire and record.response_type == 6:
            return  # a deferred answer says nothing yet: the move may still be refused
        if value is None:
            game_id, _version, action = ACT.fullmatch(custom_id).groups()
        else:
            game_id, action = custom_id.split(":")[2], value
        self.acknowledged.append((int(game_id), action))
        self.acknowledged_during.append(self._open_kinds())
        self.counts.acknowledged += 1
        for episode in self.open:
            self.counts.by_kind[episode.kind].acknowledged += 1

    async def _to_move_here(self, table: Table) -> bool:
        """Whether the person of ``table``'s channel may act now."""
        row = await self.bot.store.get_game(table.game_id)
        if row.status != "active" or row.state is None:
            return False
        engine = self.bot.table_service.spec(row.game).engine
        state = engine.load(row.state)
        seat = row.seat_of(self.person(table).id)
        return seat in engine.to_move(state) and bool(engine.legal_actions(state, seat))

    def _boards_of(self, table: Table) -> list:
        hand = f"tb:hand:{table.game_id}"
        return [
            m
            for m in self.fake.channel_messages(table.channel_id)
            if any(b["custom_id"] == hand for b in m.buttons()) and not m.loading
        ]

    # -- checking -------------------------------------------------------------------------------------

    async def _settle(self) -> None:
        try:
            await asyncio.wait_for(self.bot.table_flow.idle(), 60)
        except TimeoutError:
            raise ChaosBroken("the bot did not settle within 60 s") from None

    def _note_invalid(self) -> None:
        invalid = self.fake.invalid_requests
        self.counts.max_invalid_per_10_min = max(self.counts.max_invalid_per_10_min, invalid)
        for kind in self._open_kinds():
            per = self.counts.by_kind[kind]
            per.max_invalid_per_10_min = max(per.max_invalid_per_10_min, invalid)
        self._note_dead_requests()

    def _note_dead_requests(self) -> None:
        """Attribute the fake's new requests to dead channels to the open faults."""
        dead = self.fake.requests_to_dead_channels()
        fresh, self.dead_seen = dead[self.dead_seen :], len(dead)
        for request in fresh:
            episode = next((e for e in self.open if request["channel_id"] in e.dead_channels), None)
            if episode is None:  # a deleted channel: its episode ended when it was injected
                episode = self.gone_episodes.get(request["channel_id"])
            kind = episode.kind if episode is not None else "?"
            per = self.counts.by_kind.setdefault(kind, PerKind())
            if request["method"] == "GET" and request["path"].rstrip("/").endswith(
                f"/channels/{request['channel_id']}"
            ):
                per.probes += 1
                self.counts.probes += 1
                continue
            per.dead_requests += 1
            self.counts.dead_requests += 1
            seen = self.posted_to_dead.setdefault(id(episode), set())
            if request["channel_id"] in seen:
                per.repeated_dead += 1
                self.counts.repeated_dead += 1
            seen.add(request["channel_id"])

    async def _quiet_point(self) -> None:
        """Every fault that can clear clears; after the bound, every table must show its stored
        version and let the person to move move."""
        self.counts.quiet_points += 1
        self.say(f"quiet point {self.counts.quiet_points}")
        await self._clear_all()
        self.since_quiet, considered = [], self.since_quiet
        await self._settle()
        # One look of the channel trouble (and any reconciler retry) falls due.
        self.clock.advance(PROBE_EVERY + 1)
        await self._settle()
        self._note_invalid()
        deadline = time.monotonic() + self.stall_bound
        while True:
            stale = [t for t in self.live_tables() if await self._stale(t)]
            if not stale or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.2)
            self.clock.advance(PROBE_EVERY + 1)  # a reconciler retry grows to 10 minutes at most
            await self._settle()
        for table in self.live_tables():
            problem = await self._stale(table) or await self._cannot_move(table)
            if problem is None:
                continue
            self.counts.stalled += 1
            for kind in {e.kind for e in considered if e.table in (None, table)}:
                self.counts.by_kind[kind].stalled += 1
            self.counts.failures.append(
                f"quiet point {self.counts.quiet_points}: {table.game} game {table.game_id} stalled: {problem}"
            )
        self._note_posted_twice()

    async def _cannot_move(self, table: Table) -> str | None:
        """Why nobody can move at the table (None: someone can, or it is over): the person of its
        channel to move and their controls from the newest board there offer no move of the
        stored version, or only computers to move and none moving although the bot is idle.
        Someone else to move is looked at in their own channel (across servers)."""
        row = await self.bot.store.get_game(table.game_id)
        if row.status != "active":
            return None
        engine = self.bot.table_service.spec(row.game).engine
        state = engine.load(row.state)
        movers = sorted(engine.to_move(state))
        if not any(row.seats[s].human for s in movers):
            return None if engine.is_live(state) else f"only computers to move ({movers}) and the bot idle"
        who = self.person(table)
        if row.seat_of(who.id) not in movers:
            return None
        self._write_if_archived(table)
        controls = await self._click(who, self._boards_of(table)[-1], f"tb:hand:{table.game_id}")
        if controls is None or controls.message is None:
            return f"{who.name}'s My hand was not answered with their controls"
        prefixes = (
            f"tb:act:{row.id}:{row.version}:",
            f"tb:nav:{row.id}:{row.version}:",
            f"tb:pick:{row.id}:{row.version}:",
        )
        shown = [*controls.message.buttons(), *controls.message.selects()]
        if not any(b["custom_id"].startswith(prefixes) for b in shown):
            ids = [b["custom_id"] for b in controls.message.buttons()][:6]
            text = f"answer type {controls.response_type}, loading={controls.message.loading}: {controls.message.content[:120]}"
            return f"{who.name} is to move, but their controls offer no move of version {row.version}: {text!r} {ids}"
        return None

    async def _stale(self, table: Table) -> str | None:
        """Why the table does not show its stored version (None: it does)."""
        row = await self.bot.store.get_game(table.game_id)
        if row.status != "active":
            return None
        boards = self._boards_of(table)
        if not boards:
            return "no board in its channel"
        shows, message_id = row.board_version, row.board_message_id
        if table.channel_id != row.channel_id:  # a further server's thread: its own stored board
            place = next(p for p in await cross.places(self.bot.store, row.id) if p.channel_id == table.channel_id)
            shows, message_id = place.board_version, place.board_message_id
        if shows != row.version:
            flow = self.bot.table_flow
            blocked, stuck = flow.board.outbox.blocked(table.channel_id), flow.trouble.stuck(table.channel_id)
            why = (
                " (its channel blocked in the outbox, unknown to the channel trouble)" if blocked and not stuck else ""
            )
            where = f"{'a further' if table.channel_id != row.channel_id else 'the first'} server's {table.channel_id}"
            return (
                f"stored version {row.version}, the bot's newest board in {where} shows {shows}{why}"
                f" [outbox blocked: {blocked}, in trouble: {stuck}]"
            )
        if message_id != boards[-1].id:
            return f"the newest board in {table.channel_id} is message {boards[-1].id}, the bot's is {message_id}"
        return None

    def _note_posted_twice(self) -> None:
        twice = {key: ids for key, ids in self.boards.items() if len(ids) > 1}
        for (game_id, version, channel_id), ids in twice.items():
            if (game_id, version, channel_id) in self.reported_twice:
                continue
            self.reported_twice.add((game_id, version, channel_id))
            self.counts.posted_twice += 1
            for kind in self.board_kinds.get(max(ids), ()):
                self.counts.by_kind[kind].posted_twice += 1
            callers = "; ".join(f"{i} by {self.board_callers.get(i)}" for i in sorted(ids))
            self.counts.failures.append(
                f"game {game_id} version {version} in {channel_id}: boards posted {len(ids)} times: {callers}"
            )

    async def _play_to_the_end(self, limit_moves: int = 2000) -> None:
        """No more faults: every table still running must finish."""
        await self._clear_all()
        for _ in range(limit_moves):
            running = [t for t in self.live_tables() if (await self.bot.store.get_game(t.game_id)).status == "active"]
            if not running:
                break
            if not any([await self._to_move_here(t) for t in running]):
                # Nobody here to move: the computers or a live phase are playing, or (across
                # servers) only someone whose thread is gone, whose clock runs out by the hour.
                waiting = [await self._waits_on_someone_gone(t) for t in running]
                await asyncio.sleep(0.05)
                self.clock.advance(HOUR if all(waiting) else MINUTE)
                await self._settle()
                continue
            await self._someone_moves()
            await self._settle()
        for table in self.live_tables():
            row = await self.bot.store.get_game(table.game_id)
            if row.status not in ("finished", "cancelled"):
                self.counts.failures.append(f"{table.game} game {table.game_id} did not finish ({row.status})")
        self._note_posted_twice()

    async def _waits_on_someone_gone(self, table: Table) -> bool:
        """Whether ``table``'s game waits on people only, none of whom has a channel left."""
        row = await self.bot.store.get_game(table.game_id)
        engine = self.bot.table_service.spec(row.game).engine
        state = engine.load(row.state)
        if engine.is_live(state):
            return False
        here = {self.person(t).id for t in self.live_tables() if t.game_id == table.game_id}
        movers = engine.to_move(state)
        return all(row.seats[s].human and row.seats[s].user_id not in here for s in movers)

    async def _give_up_on_gone_tables(self) -> None:
        """A table whose channel was deleted: held (host told) then cancelled after 7 days."""
        gone = [t for t in self.tables if t.gone]
        if not gone:
            return
        told = self.fake.dm_messages(self.alice) + [
            m for t in gone if t.parent_id for m in self.fake.channel_messages(t.parent_id)
        ]
        self.counts.hosts_told = len(told)
        # A day at a time: the channel trouble looks at each channel once per step. A step that
        # comes while it is busy giving another channel up wakes nobody (a FakeClock's wait never
        # ends by itself), so the steps go on, two days past the week, until every table ended.
        for _ in range(int(GIVE_UP_AFTER // DAY) + 3):
            self.clock.advance(DAY)
            await asyncio.sleep(0.05)
            await self._settle()
            rows = [await self.bot.store.get_game(t.game_id) for t in gone]
            if all(row.status != "active" for row in rows):
                break
        self._note_invalid()
        for episode in {id(e): e for e in self.gone_episodes.values()}.values():
            self._bound_probes(episode, self.clock.now())
        for table in gone:
            row = await self.bot.store.get_game(table.game_id)
            if row.status == "cancelled":
                self.counts.games_held_then_cancelled += 1
            elif row.status != "finished":
                self.counts.failures.append(
                    f"{table.game} game {table.game_id}: its channel was deleted, yet 7 days on it is {row.status}"
                )


def _error_kind(record: logging.LogRecord) -> str:
    """An ERROR line without its ids: which logger, which message, which exception."""
    text = re.sub(r"\d{3,}", "N", _record_text(record, traceback=False))
    return text[:300]


def _callers() -> str:
    """The bot's functions on the stack (which path posted a board)."""
    frames = traceback.extract_stack()[:-2]
    names = [f.name for f in frames if "/cogs/" in f.filename or "/table/" in f.filename]
    return " < ".join(reversed(names[-5:]))

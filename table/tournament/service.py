"""Tournaments run by the bot: sign-up, rounds that pair and open themselves, results, the end.

Everything lives in the database (``db.tournaments``); this service only decides what happens
next and asks the Discord side, through the callbacks it is given, to open tables and tell people:

- ``open_table(tournament, table, players)``: open the table's game (in a new thread, with the
  players seated and the first one pinged) and return the game's id;
- ``announce(news)``: a round was paired, or the tournament ended (``News``);
- ``publish(result)``: a game the round's deadline decided (its board's last post).

Progress is driven by three things, each of which only ever reads the stored state and writes the
next step with a compare-and-set: a game ending (``game_ended``, hooked on the table service's
writes), a round's deadline or a start time coming (one ``Scheduler`` on the injectable clock), and
start-up (``resume``), which looks at every open tournament as if it had just woken up. A round is
over when every table has finished; at its deadline a game still running is decided by the
scores as they stand (``TableService.decide_now``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from db import GameRow, GameStatus
from db import tournaments as store_of
from db.tournaments import EntryRow, TableRow, TournamentRow
from engines.base import Event
from engines.errors import GameError
from table.clock import Scheduler
from table.service import ActResult, Player, TableError, TableService
from table.settings import HOUR
from table.tournament import knockout, roundrobin, swiss
from table.tournament.standings import Played, Standing, standings

log = logging.getLogger("tafelbot.tournament")

FORMATS = ("swiss", "knockout", "round-robin")
MAX_ROUNDS = 20
MIN_ROUND_SECONDS = HOUR
GRACE = 60.0  # after a restart, deadlines that passed meanwhile are applied this long after start-up
# A table that could not open is tried again this often until its round's deadline (a player may
# close a lobby, a moderator may mend a channel's permissions meanwhile).
RETRY_SECONDS = 10 * 60.0

OpenTable = Callable[[TournamentRow, TableRow, list[Player]], Awaitable[int]]


@dataclass
class News:
    """What the channel is told: ``kind`` is ``round`` (a round was paired), ``finished``,
    ``cancelled``, ``not-opened`` (``tables`` could not open, for ``reason``; tried again) or
    ``unplayed`` (``tables`` never opened by the round's deadline and count for nobody)."""

    kind: str
    tournament: TournamentRow
    round: int = 0
    tables: list[TableRow] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)
    reason: Exception | None = None


@dataclass
class Overview:
    """A tournament as shown: its row, entries, tables so far and the standings."""

    tournament: TournamentRow
    entries: list[EntryRow]
    tables: list[TableRow]
    standings: list[Standing]

    @property
    def names(self) -> dict[int, str]:
        return {e.user_id: e.name for e in self.entries}


class TournamentService:
    def __init__(
        self,
        tables: TableService,
        *,
        open_table: OpenTable,
        announce: Callable[[News], Awaitable[None]] | None = None,
        publish: Callable[[ActResult], Awaitable[None]] | None = None,
        grace: float = GRACE,
    ) -> None:
        self.tables = tables
        self.store = tables.store
        self.clock = tables.clock
        self.open_table = open_table
        self.announce = announce
        self.publish = publish
        self.grace = grace
        self.scheduler = Scheduler(tables.clock, self.due)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._tasks: set[asyncio.Task[None]] = set()
        # Tables whose failure to open was told, and why: told again only if the reason changes.
        self._told_failure: dict[tuple[int, int, int], str] = {}
        tables.on_deadline.append(self._game_written)

    # ---- organising ---------------------------------------------------------------------------
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser: Player,
        name: str,
        game: str,
        format: str,
        rounds: int | None,
        table_size: int | None,
        options: dict[str, Any],
        settings: dict[str, Any],
        round_seconds: int,
        locale: str,
        starts_at: float | None,
    ) -> TournamentRow:
        if game not in self.tables.specs:
            raise TableError("tournament-no-game", game=game)
        if format not in FORMATS:
            raise TableError("tournament-bad-format")
        engine = self.tables.spec(game).engine
        size = table_size or engine.min_players
        if not engine.min_players <= size <= engine.max_players:
            raise TableError("tournament-bad-table-size", min=engine.min_players, max=engine.max_players)
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise TableError("tournament-bad-rounds", max=MAX_ROUNDS)
        if round_seconds < MIN_ROUND_SECONDS:
            raise TableError("tournament-bad-round-time")
        normalized = engine.normalize_options({k: v for k, v in options.items() if v is not None})
        now = self.clock.now()
        if starts_at is not None and starts_at <= now:
            raise TableError("tournament-start-passed")
        row = await store_of.create(
            self.store,
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser.user_id,
            name=name,
            game=game,
            format=format,
            rounds=rounds,
            table_size=size,
            options=normalized,
            settings=settings,
            round_seconds=round_seconds,
            locale=locale,
            starts_at=starts_at,
            seed=secrets.randbits(62),
            now=now,
        )
        self.arm(row)
        return row

    async def get(self, tournament_id: int) -> TournamentRow:
        row = await store_of.get(self.store, tournament_id)
        if row is None:
            raise TableError("tournament-none")
        return row

    async def join(self, tournament_id: int, player: Player) -> TournamentRow:
        async with self.lock(tournament_id):
            row = await self.get(tournament_id)
            if row.status != "signup":
                raise TableError("tournament-signup-closed")
            if not await store_of.add_entry(self.store, row.id, player.user_id, player.name, 0.0, self.clock.now()):
                raise TableError("tournament-already-in")
            return row

    async def leave(self, tournament_id: int, player: Player) -> TournamentRow:
        """Before the start: off the list. Once it runs: dropped, paired no more."""
        async with self.lock(tournament_id):
            row = await self.get(tournament_id)
            await self._drop(row, player.user_id)
            return row

    async def remove(self, tournament_id: int, by: Player, user_id: int, *, is_admin: bool) -> TournamentRow:
        async with self.lock(tournament_id):
            row = await self.get(tournament_id)
            self._require_organiser(row, by, is_admin)
            await self._drop(row, user_id)
        await self.progress(tournament_id)  # a knockout may be decided by it
        return row

    async def _drop(self, row: TournamentRow, user_id: int) -> None:
        if row.status == "signup":
            if not await store_of.remove_entry(self.store, row.id, user_id):
                raise TableError("tournament-not-in")
        elif row.status in ("running", "paused"):
            if not await store_of.drop(self.store, row.id, user_id):
                raise TableError("tournament-not-in")
        else:
            raise TableError("tournament-over")

    async def pause(self, tournament_id: int, by: Player, *, is_admin: bool) -> TournamentRow:
        """Pause (no new round is paired, the round's deadline waits) or carry on."""
        async with self.lock(tournament_id):
            row = await self.get(tournament_id)
            self._require_organiser(row, by, is_admin)
            if row.status not in ("running", "paused"):
                raise TableError("tournament-not-running")
            new = "paused" if row.status == "running" else "running"
            await store_of.update(self.store, row.id, status=new, only_if_status=(row.status,))
            row = await self.get(tournament_id)
        if new == "running":
            await self._apply_deadline_if_due(row)
            await self.progress(tournament_id)
        self.arm(row)
        return row

    async def cancel(self, tournament_id: int, by: Player, *, is_admin: bool) -> TournamentRow:
        """Ends the tournament without a winner; games already running play on as ordinary games."""
        async with self.lock(tournament_id):
            row = await self.get(tournament_id)
            self._require_organiser(row, by, is_admin)
            if not await store_of.finish(self.store, row.id, now=self.clock.now(), winner_id=None, status="cancelled"):
                raise TableError("tournament-over")
            row = await self.get(tournament_id)
        self.scheduler.arm(row.id, None)
        await self._tell(News("cancelled", row))
        return row

    async def start(self, tournament_id: int, by: Player | None = None, *, is_admin: bool = False) -> TournamentRow:
        """The organiser starts it (``by``), or its start time came (``by`` None)."""
        async with self.lock(tournament_id):
            row = await self.get(tournament_id)
            if by is not None:
                self._require_organiser(row, by, is_admin)
            if row.status != "signup":
                raise TableError("tournament-started")
            entries = await store_of.entries(self.store, row.id)
            engine = self.tables.spec(row.game).engine
            if len(entries) < max(2, engine.min_players):
                if by is None:  # its time came with too few: it does not take place
                    await store_of.finish(self.store, row.id, now=self.clock.now(), winner_id=None, status="cancelled")
                    row = await self.get(row.id)
                    await self._tell(News("cancelled", row))
                    return row
                raise TableError("tournament-too-few", min=max(2, engine.min_players))
            ratings = await store_of.league_ratings(self.store, row.guild_id, row.game, [e.user_id for e in entries])
            await store_of.set_ratings(self.store, row.id, ratings)
            news = await self._pair_next(row)
            row = await self.get(row.id)
        for item in news:
            await self._tell(item)
        await self.progress(row.id)
        return row

    @staticmethod
    def _require_organiser(row: TournamentRow, by: Player, is_admin: bool) -> None:
        if by.user_id != row.organiser_id and not is_admin:
            raise TableError("tournament-organiser-only")

    # ---- reading ---------------------------------------------------------------------------------
    async def overview(self, tournament_id: int) -> Overview:
        row = await self.get(tournament_id)
        entries = await store_of.entries(self.store, row.id)
        tables = await store_of.tables(self.store, row.id)
        return Overview(row, entries, tables, self._standings(row, entries, tables))

    async def current(self, guild_id: int) -> TournamentRow | None:
        """The server's newest open tournament (the one the commands mean without a number)."""
        rows = await store_of.in_guild(self.store, guild_id, store_of.OPEN)
        return rows[-1] if rows else None

    async def latest(self, guild_id: int) -> TournamentRow | None:
        rows = await store_of.in_guild(self.store, guild_id)
        return rows[-1] if rows else None

    async def history(self, guild_id: int) -> list[TournamentRow]:
        rows = await store_of.in_guild(self.store, guild_id, ("finished", "cancelled"))
        return list(reversed(rows))

    def _standings(self, row: TournamentRow, entries: Sequence[EntryRow], tables: Sequence[TableRow]) -> list[Standing]:
        # A bye is stored as finished when its round is paired, but it is that round's result:
        # it counts once the round is over, like the games played beside it.
        unfinished = {t.round for t in tables if not t.finished}
        played = [_played(t) for t in tables if not (t.bye and t.round in unfinished)]
        result = standings(
            [e.user_id for e in entries],
            played,
            table_size=row.table_size,
            ratings={e.user_id: e.rating for e in entries},
            dropped=[e.user_id for e in entries if e.dropped],
        )
        if row.format == "knockout":
            reached = _reached(tables)
            result.sort(key=lambda s: (-reached.get(s.user_id, 0), -s.points, -s.rating, s.user_id))
            for index, s in enumerate(result):
                s.position = index + 1
            if row.winner_id is not None:
                result.sort(key=lambda s: s.user_id != row.winner_id)
        return result

    # ---- running ---------------------------------------------------------------------------------
    def lock(self, tournament_id: int) -> asyncio.Lock:
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[tournament_id] = lock
        return lock

    def _game_written(self, row: GameRow) -> None:
        """The table service wrote a game: if it ended, its tournament may move on."""
        if row.status not in (GameStatus.FINISHED, GameStatus.CANCELLED):
            return
        try:
            task = asyncio.get_running_loop().create_task(self.game_ended(row.id))
        except RuntimeError:
            return
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def game_ended(self, game_id: int) -> None:
        table = await store_of.table_of_game(self.store, game_id)
        if table is None:
            return
        try:
            await self.progress(table.tournament_id)
        except Exception:
            log.exception("tournament %s could not move on after game %s", table.tournament_id, game_id)

    async def settle(self) -> None:
        """Wait until the work started by games ending is done (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def progress(self, tournament_id: int) -> None:
        """Bring the tournament up to date: record finished games, open tables still without a
        game, and once every table of the round has finished pair the next round or end it."""
        news: list[News] = []
        async with self.lock(tournament_id):
            row = await self.get(tournament_id)
            if row.status != "running" or row.current_round == 0:
                await self._arm_deadline(row)
                return
            current = await store_of.tables(self.store, row.id, row.current_round)
            current = await self._record_finished(current)
            if await self._deadline_passed(row):
                news = await self._void_unopened(row, current)
                current = await store_of.tables(self.store, row.id, row.current_round)
            else:
                news = await self._open_missing(row, current)
            if all(t.finished for t in current):
                news += await self._pair_next(row)
            row = await self.get(tournament_id)
            await self._arm_deadline(row)
        for item in news:
            await self._tell(item)
        if any(item.kind == "round" for item in news):
            await self.progress(tournament_id)  # a round of byes only, or games that ended at once

    async def _record_finished(self, current: list[TableRow]) -> list[TableRow]:
        fresh: list[TableRow] = []
        for table in current:
            if table.finished or table.game_id is None:
                fresh.append(table)
                continue
            game = await self.store.get_game(table.game_id)
            if game is None or game.status not in (GameStatus.FINISHED, GameStatus.CANCELLED):
                fresh.append(table)
                continue
            results = {r.seat: r for r in await self.store.results(table.game_id)}
            seats = range(len(table.players))
            # A cancelled game has no places: its players share the table's points.
            placements = [int(results[s].placement or 1) if s in results else 1 for s in seats]
            scores = [float(results[s].score or 0.0) if s in results else 0.0 for s in seats]
            await store_of.finish_table(self.store, table, placements, scores, self.clock.now())
            fresh.append(
                TableRow(
                    table.tournament_id,
                    table.round,
                    table.number,
                    table.players,
                    table.bye,
                    table.game_id,
                    tuple(placements),
                    tuple(scores),
                    self.clock.now(),
                )
            )
        return fresh

    async def _open_missing(self, row: TournamentRow, current: list[TableRow]) -> list[News]:
        """Open the round's tables still without a game. One that cannot open (a player at the
        server's open-games limit, a channel the bot cannot use) stays waiting and is tried again
        (``RETRY_SECONDS``) until the round's deadline; its players and the organiser are told why."""
        names = {e.user_id: e.name for e in await store_of.entries(self.store, row.id)}
        news: list[News] = []
        for table in current:
            if table.bye or table.game_id is not None or table.finished:
                continue
            players = [Player(u, names.get(u, str(u))) for u in table.players]
            try:
                game_id = await self.open_table(row, table, players)
            except (TableError, GameError) as error:
                log.warning("tournament %s: table %s/%s not opened: %s", row.id, table.round, table.number, error)
                key = (row.id, table.round, table.number)
                if self._told_failure.get(key) != str(error):
                    self._told_failure[key] = str(error)
                    news.append(News("not-opened", row, table.round, [table], names=names, reason=error))
                continue
            self._told_failure.pop((row.id, table.round, table.number), None)
            await store_of.set_table_game(self.store, table, game_id)
        return news

    async def _deadline_passed(self, row: TournamentRow) -> bool:
        rounds = await store_of.rounds(self.store, row.id)
        deadline = rounds[-1].deadline_at if rounds else None
        return deadline is not None and deadline <= self.clock.now()

    async def _void_unopened(self, row: TournamentRow, current: list[TableRow]) -> list[News]:
        """The round's deadline passed with tables that never opened: nobody played them, so
        nobody scores (no places are stored) and the round can end."""
        void = [t for t in current if not t.bye and t.game_id is None and not t.finished]
        for table in void:
            await store_of.finish_table(self.store, table, [], [], self.clock.now())
            self._told_failure.pop((row.id, table.round, table.number), None)
        if not void:
            return []
        names = {e.user_id: e.name for e in await store_of.entries(self.store, row.id)}
        return [News("unplayed", row, row.current_round, void, names=names)]

    async def _pair_next(self, row: TournamentRow) -> list[News]:
        """Pair round ``current_round + 1``, or end the tournament. Called under the lock."""
        entries = await store_of.entries(self.store, row.id)
        tables = await store_of.tables(self.store, row.id)
        number = row.current_round + 1
        pairing, champion = self._pairing(row, entries, tables, number)
        names = {e.user_id: e.name for e in entries}
        if pairing is None:
            table = self._standings(row, entries, tables)
            winner = champion if champion is not None else (table[0].user_id if table else None)
            await store_of.finish(self.store, row.id, now=self.clock.now(), winner_id=winner, status="finished")
            row = await self.get(row.id)
            return [News("finished", row, row.current_round, [], self._standings(row, entries, tables), names)]
        planned = [(t, len(t) == 1) for t in pairing.tables]  # a table of one: a bye (a walkover)
        if pairing.bye is not None:
            planned.append(((pairing.bye,), True))
        deadline = self.clock.now() + row.round_seconds
        if not await store_of.start_round(
            self.store, row.id, number=number, now=self.clock.now(), deadline_at=deadline, tables=planned
        ):
            return []
        row = await self.get(row.id)
        current = await store_of.tables(self.store, row.id, number)
        failures = await self._open_missing(row, current)
        current = await store_of.tables(self.store, row.id, number)
        return [News("round", row, number, current, self._standings(row, entries, tables), names), *failures]

    def _pairing(
        self, row: TournamentRow, entries: list[EntryRow], tables: list[TableRow], number: int
    ) -> tuple[swiss.Pairing | None, int | None]:
        """The next round's tables (None: the tournament is over) and, for a knockout, its winner."""
        active = [e for e in entries if not e.dropped]
        standing = self._standings(row, entries, tables)
        ranked = [s.user_id for s in standing if not s.dropped]
        engine = self.tables.spec(row.game).engine
        size = row.table_size
        if len(active) < 2 and row.format != "knockout":
            return None, None
        if row.format == "swiss":
            planned = row.rounds or max(1, (len(entries) - 1).bit_length())
            if number > planned:
                return None, None
            met = swiss.met_pairs(t.players for t in tables if not t.bye and not t.unplayed)
            if size == 2:
                points = {s.user_id: s.points for s in standing}
                byes = [t.players[0] for t in tables if t.bye]
                balance: dict[int, int] = {}
                for t in tables:
                    if len(t.players) == 2:
                        balance[t.players[0]] = balance.get(t.players[0], 0) + 1
                        balance[t.players[1]] = balance.get(t.players[1], 0) - 1
                return swiss.pair_two(ranked, points, met, had_bye=byes, first_seats=balance), None
            return swiss.group_tables(ranked, size, met, min_size=engine.min_players), None
        if row.format == "round-robin":
            if size == 2:
                everyone = [e.user_id for e in entries]
                if number > roundrobin.circle_rounds(len(everyone)):
                    return None, None
                full = roundrobin.circle_round(everyone, number)
                dropped = {e.user_id for e in entries if e.dropped}
                kept = tuple(t for t in full.tables if not dropped & set(t))
                walkovers = [u for t in full.tables if dropped & set(t) for u in t if u not in dropped]
                byes = [u for u in [full.bye, *walkovers] if u is not None and u not in dropped]
                # One bye a round is stored as the round's bye; walkovers beyond it as tables of one.
                extra = tuple((u,) for u in byes[1:])
                return swiss.Pairing(kept + extra, byes[0] if byes else None), None
            planned = row.rounds or roundrobin.rounds_needed(len(entries), size)
            if number > planned:
                return None, None
            earlier = [t.players for t in tables if not t.bye]
            return roundrobin.spread_round([e.user_id for e in active], size, earlier, seed=row.seed + number), None
        return self._knockout(row, entries, tables, number)

    def _knockout(
        self, row: TournamentRow, entries: list[EntryRow], tables: list[TableRow], number: int
    ) -> tuple[swiss.Pairing | None, int | None]:
        seeded = [e.user_id for e in sorted(entries, key=lambda e: (-e.rating, e.joined_at, e.user_id))]
        seed_of = {u: i for i, u in enumerate(seeded)}
        dropped = {e.user_id for e in entries if e.dropped}
        by_round: dict[int, list[TableRow]] = {}
        for t in tables:
            by_round.setdefault(t.round, []).append(t)
        alive = list(seeded)
        if row.table_size == 2:
            places: list[int | None] = list(knockout.first_bracket(seeded))
            for r in range(1, number):
                winners = {frozenset(t.players): _order(t, seed_of)[0] for t in by_round.get(r, [])}
                nxt: list[int | None] = []
                for i in range(0, len(places), 2):
                    pair = [p for p in places[i : i + 2] if p is not None]
                    nxt.append(winners.get(frozenset(pair), pair[0] if len(pair) == 1 else None) if pair else None)
                places = nxt
            places = [None if p in dropped else p for p in places]
            alive = [p for p in places if p is not None]
            if len(alive) <= 1:
                return None, alive[0] if alive else None
            pairing, through = knockout.pair_bracket(places)
            return swiss.Pairing(pairing.tables + tuple((u,) for u in through)), None
        final_played = False
        for r in range(1, number):
            done = by_round.get(r, [])
            final_played = len(done) == 1 and len(done[0].players) == len(alive) <= row.table_size
            alive = [u for t in done for u in knockout.going_on(t.players, _order(t, seed_of), final=final_played)]
        alive = [u for u in alive if u not in dropped]
        if final_played or len(alive) <= 1:
            return None, alive[0] if alive else None
        return knockout.multi_tables(alive, row.table_size), None

    # ---- the clock -------------------------------------------------------------------------------
    def arm(self, row: TournamentRow) -> None:
        if row.status == "signup" and row.starts_at is not None:
            self.scheduler.arm(row.id, row.starts_at)
        elif row.status != "running":
            self.scheduler.arm(row.id, None)

    async def _arm_deadline(self, row: TournamentRow) -> None:
        if row.status != "running":
            self.arm(row)
            return
        rounds = await store_of.rounds(self.store, row.id)
        deadline = rounds[-1].deadline_at if rounds else None
        waiting = [
            t
            for t in await store_of.tables(self.store, row.id, row.current_round)
            if not t.bye and t.game_id is None and not t.finished
        ]
        if waiting and deadline is not None:
            deadline = min(deadline, self.clock.now() + RETRY_SECONDS)  # a table to try opening again
        self.scheduler.arm(row.id, deadline)

    async def due(self, tournament_id: int) -> None:
        row = await self.get(tournament_id)
        if row.status == "signup":
            if row.starts_at is not None and row.starts_at <= self.clock.now():
                await self.start(row.id)
            return
        if row.status == "running":
            await self._apply_deadline_if_due(row)
            await self.progress(row.id)
            await self._arm_deadline(await self.get(row.id))

    async def _apply_deadline_if_due(self, row: TournamentRow) -> None:
        rounds = await store_of.rounds(self.store, row.id)
        if not rounds or rounds[-1].deadline_at is None or rounds[-1].deadline_at > self.clock.now():
            return
        current = await store_of.tables(self.store, row.id, row.current_round)
        entries = await store_of.entries(self.store, row.id)
        for table in current:
            if table.finished or table.game_id is None:
                continue
            result = await self.tables.decide_now(table.game_id)
            if result is not None and row.format == "knockout":
                result.events.extend(_seed_decided(result, table, entries, final=len(current) == 1))
            if result is not None and self.publish is not None:
                try:
                    await self.publish(result)
                except Exception:
                    log.exception("could not show the end of game %s", table.game_id)

    async def resume(self) -> int:
        """Start-up: every open tournament is looked at again (deadlines that passed meanwhile are
        applied ``grace`` seconds from now, so people see the bot back first)."""
        now = self.clock.now()
        rows = await store_of.with_status(self.store, store_of.OPEN)
        for row in rows:
            if row.status == "signup" and row.starts_at is not None:
                self.scheduler.arm(
                    row.id, max(row.starts_at, now + self.grace) if row.starts_at < now else row.starts_at
                )
            elif row.status == "running":
                await self.progress(row.id)  # arms the deadline (or an earlier retry of a table)
                rounds = await store_of.rounds(self.store, row.id)
                deadline = rounds[-1].deadline_at if rounds else None
                if deadline is not None and deadline < now:
                    self.scheduler.arm(row.id, max(deadline, now + self.grace))
        return len(rows)

    def start_scheduler(self) -> None:
        self.scheduler.start()

    async def close(self) -> None:
        if self._game_written in self.tables.on_deadline:
            self.tables.on_deadline.remove(self._game_written)
        await self.scheduler.close()
        await self.settle()

    async def _tell(self, news: News) -> None:
        if self.announce is None:
            return
        try:
            await self.announce(news)
        except Exception:
            log.exception("could not announce %s of tournament %s", news.kind, news.tournament.id)


def _played(t: TableRow) -> Played:
    # A table that never opened is left out of the points like one not finished: nobody played it.
    placements = t.placements if t.finished and not t.unplayed else None
    return Played(t.round, t.players, placements, t.scores, bye=t.bye)


def _seed_decided(result: ActResult, table: TableRow, entries: Sequence[EntryRow], *, final: bool) -> list[Event]:
    """A knockout game decided at the deadline with the places that matter level: who goes on
    as the better seed (``_order``'s last tie-break), one event each, for the game's last post."""
    if result.outcome is None:
        return []
    seeds = {e.user_id: i for i, e in enumerate(sorted(entries, key=lambda e: (-e.rating, e.joined_at, e.user_id)))}
    places, scores = result.outcome.placements, result.outcome.scores
    seats = range(len(table.players))
    order = sorted(seats, key=lambda s: (places[s], -scores[s], seeds.get(table.players[s], 0)))
    going = len(knockout.going_on(table.players, order, final=final))
    through, out = order[:going], order[going:]
    level = [s for s in through if any((places[s], scores[s]) == (places[o], scores[o]) for o in out)]
    return [{"type": "knockout-seed-goes-on", "seat": s} for s in level]


def _order(t: TableRow, seed_of: dict[int, int]) -> list[int]:
    """A table's players best first: by place, then the game's score, then seed."""
    if t.unplayed:  # never played: the better seed goes on, as at a game drawn at the deadline
        return sorted(t.players, key=lambda u: seed_of.get(u, 0))
    if t.bye or t.placements is None:
        return list(t.players)
    seats = range(len(t.players))
    scores = t.scores or tuple(0.0 for _ in seats)
    ordered = sorted(seats, key=lambda s: (t.placements[s], -scores[s], seed_of.get(t.players[s], 0)))  # type: ignore[index]
    return [t.players[s] for s in ordered]


def _reached(tables: Sequence[TableRow]) -> dict[int, int]:
    """The last round each player played in (a knockout's standings)."""
    reached: dict[int, int] = {}
    for t in tables:
        for u in t.players:
            reached[u] = max(reached.get(u, 0), t.round)
    return reached

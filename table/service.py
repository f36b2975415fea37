"""The table flow without Discord: a running game's moves, resignations, deadlines and results.
Opening, seating, starting and closing tables is ``table.lobby``'s, on top of this service.

Every change goes load → check → apply → save (compare-and-set on the game's version, moves and
results in the same transaction), under a per-game lock so one process never races itself. Only
after the save returns does the caller tell anyone what happened. User mistakes raise
``TableError`` (or an engine ``GameError``), both carrying a message id for the translations, and
leave the stored game untouched.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from db import GameRow, GameStatus, ResultRow, Seat, StaleVersion, Store, cross, table_data
from engines.base import Event, Outcome
from engines.errors import GameError, IllegalAction
from table import deadlines
from table.clock import Clock, SystemClock
from table.deadlines import TableDeadline
from table.news import GameNews
from table.places import Places
from table.quiet import QuietHours, of_person
from table.settings import ServerSettings, TableSettings
from table.shards import ShardPlan
from table.spec import GameSpec

RESIGN_ACTION = "!resign"  # platform entries in the move log start with "!"
# A live phase's lull passed: replays call the engine's ``timeout``. The token keeps its first
# name on purpose: the move log is the append-only record that replays, take-backs and the web
# replay read, and no migration rewrites it; writing a second spelling would leave two tokens for
# one thing in every log and in every reader.
LULL_ACTION = "!quiet"
TIMEOUT_MARK = "!timeout"  # the move deadline ran out; the computer's move for the seat follows it
HANDOVER_ACTION = "!handover"  # the seat went to the computer (timeouts, or the host): ranked as resigned
DECIDED_ACTION = "!decided"  # ended by the scores as they stood (a tournament round's deadline)
TAKEBACK_ACTION = "!takeback"  # the seat took its last action back (``table.takeback``): the state before it


class TableError(Exception):
    """A mistake a user made at the table (not a rules error). ``code`` → ``table-error-<code>``."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str


@dataclass
class ActResult:
    row: GameRow
    seat: int
    action: str
    events: list[Event]
    state: Any
    outcome: Outcome | None
    stale_click: bool = False  # the click came from an older board (simultaneous games accept it)


class StateCache:
    """Loaded game states by (game id, stored version), the most recently used kept. Loading a
    stored state (copying and rebuilding it) costs more than anything else a click does in the
    bot; a move loads the same version for the click, the controls and the board."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._states: OrderedDict[tuple[int, int], Any] = OrderedDict()

    def get(self, game_id: int, version: int) -> Any | None:
        state = self._states.get((game_id, version))
        if state is not None:
            self._states.move_to_end((game_id, version))
        return state

    def put(self, game_id: int, version: int, state: Any) -> None:
        self._states[(game_id, version)] = state
        self._states.move_to_end((game_id, version))
        while len(self._states) > self.size:
            self._states.popitem(last=False)


class TableService:
    def __init__(
        self,
        store: Store,
        specs: dict[str, GameSpec],
        clock: Clock | None = None,
        *,
        shards: ShardPlan | None = None,
    ) -> None:
        self.store = store
        self.specs = specs
        self.shards = shards or ShardPlan()  # which servers this process looks after (all, unsharded)
        # A lock lives only while someone holds or waits for it, so the table does not grow with
        # every game ever played.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.clock = clock or SystemClock()
        # Called with the row after every write that may change its deadline (the scheduler arms it).
        self.on_deadline: list[Callable[[GameRow], None]] = []
        self._states = StateCache()
        # Told (game id, version) after every committed write of a game: the web companion's
        # live pages listen (``table.news``).
        self.news = GameNews()
        # Where each game is shown: its channel, and a table across servers' further threads.
        self.places = Places(store)

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def spec(self, game: str) -> GameSpec:
        return self.specs[game]

    def owns(self, row: GameRow) -> bool:
        """Whether this process runs the game's own work: computer players, deadlines, live boards.

        With the bot split over processes (``TAFELBOT_SHARDS``) every process sees every game in
        the shared database, but only the one holding the server's shard may act on a game by
        itself; anything that starts work without a user's interaction asks here first, or two
        processes would move the same computer seat. Interactions need no check: Discord sends
        them only to the process holding the server's shard."""
        return self.shards.owns(row.guild_id)

    # ---- reading -----------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameRow:
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError("no-such-game")
        return row

    async def in_channel(self, channel_id: int, game: str | None = None) -> GameRow:
        row = await self.store.open_game_in_channel(channel_id)
        if row is None:  # a thread where a table across servers is shown in one more server
            row = await cross.open_game_in_place(self.store, channel_id)
        if row is None or (game is not None and row.game != game):
            raise TableError("no-game-here", game=game or "")
        return row

    @staticmethod
    def settings_of(row: GameRow) -> TableSettings:
        return TableSettings.from_stored(row.settings, row.options)

    @staticmethod
    def deadline_of(row: GameRow) -> TableDeadline:
        return TableDeadline.from_json(row.deadline)

    async def server_settings(self, guild_id: int | None) -> ServerSettings:
        if guild_id is None:
            return ServerSettings()
        stored = await table_data.server_settings(self.store, guild_id)
        return ServerSettings(**stored)

    def state_of(self, row: GameRow) -> Any:
        """The row's game state, loaded once per stored version (engines never change a state in
        place: ``apply`` returns a new one, so a loaded state can be shared)."""
        if row.state is None:
            raise TableError("not-started")
        state = self._states.get(row.id, row.version)
        if state is None:
            state = self.spec(row.game).engine.load(row.state)
            self._states.put(row.id, row.version, state)
        return state

    # ---- playing -----------------------------------------------------------------------------
    async def decide_now(self, game_id: int) -> ActResult | None:
        """End a running game by the scores as they stand (``scores_now``; equal scores share a
        place): a tournament round's deadline passed. None if it is not running any more."""
        async with self.lock(game_id):
            row = await self.get(game_id)
            if row.status != GameStatus.ACTIVE:
                return None
            engine = self.spec(row.game).engine
            state = self.state_of(row)
            scores = [float(x) for x in engine.scores_now(state)]
            placements = [1 + sum(1 for other in scores if other > mine) for mine in scores]
            outcome = Outcome(placements=placements, scores=scores, detail={"ended_by": "deadline"})
            results = _results(row.seats, outcome)
            cleared = TableDeadline(timeouts=self.deadline_of(row).timeouts)
            version = await self.write(
                row,
                moves=[(None, DECIDED_ACTION)],
                status=GameStatus.FINISHED,
                results=results,
                deadline=cleared.stored(),
            )
            saved = replace(row, status=GameStatus.FINISHED, version=version, **deadline_fields(cleared))
            self.deadline_changed(saved)
            events: list[Event] = [{"type": "decided-at-deadline"}]
            return ActResult(saved, -1, DECIDED_ACTION, events, state, outcome)

    async def act(
        self,
        game_id: int,
        *,
        seat: int | None = None,
        user_id: int | None = None,
        action: str,
        expected_version: int | None = None,
        timed_out: bool = False,
    ) -> ActResult:
        """Apply one action for a human (by ``user_id``) or a computer seat (by ``seat``).
        ``timed_out``: the computer moves for a person whose move deadline ran out (logged with a
        ``!timeout`` mark before the move, and counted towards handing the seat over)."""
        async with self.lock(game_id):
            row = await self.get(game_id)
            if row.status != GameStatus.ACTIVE:
                raise TableError("not-running")
            if seat is None:
                seat = row.seat_of(user_id) if user_id is not None else None
                if seat is None:
                    raise TableError("not-a-player")
            engine = self.spec(row.game).engine
            stale = expected_version is not None and expected_version != row.version
            state = self.state_of(row)
            # A click from an older board is only taken during live play (several seats at once,
            # every action naming its card); otherwise a double click could play twice.
            if stale and not engine.is_live(state):
                raise TableError("board-moved-on")
            try:
                new_state, events = engine.apply(state, seat, action)
            except GameError as error:
                if not isinstance(error, IllegalAction):
                    raise
                if engine.lost_race(state, seat, action):
                    raise TableError("too-late") from None
                if stale:
                    raise TableError("board-moved-on") from None
                raise
            outcome = engine.outcome(new_state)
            results = _results(row.seats, outcome) if outcome is not None else None
            deadline = self.deadline_of(row)
            if timed_out:
                deadline = deadline.with_timeouts(seat, deadline.timeouts_of(seat) + 1, len(row.seats))
            elif user_id is not None and deadline.timeouts_of(seat):
                deadline = deadline.with_timeouts(seat, 0, len(row.seats))  # the person is back
            deadline = await self.next_deadline(
                row, deadline, new_state, row.seats, active=outcome is None, action=action, events=events
            )
            moves = [(seat, TIMEOUT_MARK), (seat, action)] if timed_out else [(seat, action)]
            saved = await self._save_step(row, engine.dump(new_state), moves, outcome, results, deadline)
            self._states.put(saved.id, saved.version, new_state)
            return ActResult(saved, seat, action, events, new_state, outcome, stale_click=stale)

    async def end_lull(self, game_id: int) -> ActResult | None:
        """End the running round: the host's lull passed with no card played."""
        async with self.lock(game_id):
            row = await self.get(game_id)
            spec = self.spec(row.game)
            if row.status != GameStatus.ACTIVE:
                return None
            state = spec.engine.load(row.state)
            if not spec.engine.deadline(state).lull:
                return None
            new_state, events = spec.engine.timeout(state)
            outcome = spec.engine.outcome(new_state)
            # The lull starts afresh whatever the engine says about progress.
            deadline = replace(self.deadline_of(row), kind=None)
            deadline = await self.next_deadline(row, deadline, new_state, row.seats, active=outcome is None)
            results = _results(row.seats, outcome) if outcome is not None else None
            saved = await self._save_step(
                row, spec.engine.dump(new_state), [(None, LULL_ACTION)], outcome, results, deadline
            )
            return ActResult(saved, -1, LULL_ACTION, events, new_state, outcome)

    async def rewind(self, row: GameRow, state: Any, entry: tuple[int | None, str]) -> GameRow:
        """Store an earlier ``state`` as the game's state again, with the one log entry that says so
        (a take-back, ``table.takeback``): the game goes on and the turn's deadline runs on. The
        caller holds the game's lock and read ``row`` under it."""
        engine = self.spec(row.game).engine
        deadline = await self.next_deadline(row, self.deadline_of(row), state, row.seats, active=True)
        saved = await self._save_step(row, engine.dump(state), [entry], None, None, deadline)
        self._states.put(saved.id, saved.version, state)
        return saved

    async def _save_step(
        self,
        row: GameRow,
        dumped: dict[str, Any],
        moves: Sequence[tuple[int | None, str]],
        outcome: Outcome | None,
        results: list[ResultRow] | None,
        deadline: TableDeadline,
    ) -> GameRow:
        """Write a step of play (state, move-log entries, results when it ended, the deadline) in one
        compare-and-set transaction; returns the row as stored and tells the deadline listeners."""
        finished = outcome is not None
        version = await self.write(
            row,
            state=dumped,
            moves=moves,
            status=GameStatus.FINISHED if finished else None,
            results=results,
            deadline=deadline.stored(),
        )
        saved = replace(
            row,
            state=dumped,
            version=version,
            status=GameStatus.FINISHED if finished else row.status,
            **deadline_fields(deadline),
        )
        self.deadline_changed(saved)
        return saved

    async def replay(self, game_id: int) -> Any:
        """The state rebuilt from the seed and the move log (to check the log against the store)."""
        row = await self.get(game_id)
        spec = self.spec(row.game)
        state, _ = spec.engine.new_game(len(row.seats), row.seed, engine_options(row))
        earlier: list[Any] = []  # the state before each applied entry, for take-backs
        for _seq, seat, action in await self.store.moves(game_id):  # "!" marks (resign, timeout) change no state
            if action == TAKEBACK_ACTION:
                state = earlier.pop()
            elif action == LULL_ACTION:
                earlier.append(state)
                state, _ = spec.engine.timeout(state)
            elif not action.startswith("!"):
                earlier.append(state)
                state, _ = spec.engine.apply(state, cast(int, seat), action)  # only quiet ends lack a seat
        return state

    async def resign(self, game_id: int, player: Player) -> ActResult:
        """The seat is handed to a computer player and ranked last; with one player left, the game ends."""
        async with self.lock(game_id):
            row = await self.get(game_id)
            if row.status != GameStatus.ACTIVE:
                raise TableError("not-running")
            seat = row.seat_of(player.user_id)
            if seat is None:
                raise TableError("not-a-player")
            return await self._retire(row, seat, RESIGN_ACTION, "resigned")

    async def hand_over(
        self, game_id: int, seat: int, *, by: Player | None = None, is_admin: bool = False, version: int | None = None
    ) -> ActResult:
        """The seat of an absent person goes to the computer for the rest of the game, ranked as
        resigned. ``by`` None: the table's own deadline did it (too many timeouts in a row); otherwise
        only the host or a moderator may. ``version``: only if the game is still at that version."""
        async with self.lock(game_id):
            row = await self.get(game_id)
            if row.status != GameStatus.ACTIVE:
                raise TableError("not-running")
            if by is not None and by.user_id != row.host_id and not is_admin:
                raise TableError("only-host-hands-over")
            if version is not None and row.version != version:
                raise TableError("board-moved-on")
            if not 0 <= seat < len(row.seats) or not row.seats[seat].human:
                raise TableError("not-a-person-seat")
            return await self._retire(row, seat, HANDOVER_ACTION, "handed-over")

    async def _retire(self, row: GameRow, seat: int, action: str, event: str) -> ActResult:
        seats = [replace(s) for s in row.seats]
        # The computer that takes the seat plays at the level the server chose (``/table settings``).
        level = (await self.server_settings(row.guild_id)).takeover_level
        seats[seat] = replace(seats[seat], computer=True, resigned=True, level=level)
        engine = self.spec(row.game).engine
        state = engine.load(row.state)
        still_in = [i for i, s in enumerate(seats) if not s.resigned]
        events: list[Event] = [{"type": event, "seat": seat}]
        outcome = engine.outcome(state)
        status = None
        results = None
        if len(still_in) <= 1:
            events = [{"type": f"{event}-ended", "seat": seat}]
            placements = [1 if i in still_in else 2 for i in range(len(seats))]
            # The game's own scores as they stand (race points, barrels ...), the last one first.
            scores = [float(x) for x in engine.scores_now(state)]
            outcome = Outcome(placements=placements, scores=scores, detail={"ended_by": "resignation"})
            results = _results(seats, outcome)
            status = GameStatus.FINISHED
        deadline = await self.next_deadline(
            row, self.deadline_of(row), state, seats, active=status is None, action=action
        )
        version = await self.write(
            row, seats=seats, moves=[(seat, action)], status=status, results=results, deadline=deadline.stored()
        )
        saved = replace(row, seats=seats, version=version, status=status or row.status, **deadline_fields(deadline))
        self.deadline_changed(saved)
        return ActResult(saved, seat, action, events, state, outcome if status else None)

    # ---- deadlines --------------------------------------------------------------------------
    async def extend(self, game_id: int, by: Player, seconds: float, *, is_admin: bool = False) -> GameRow:
        """More time for the people to move (host or moderator). The board's buttons stay valid."""
        async with self.lock(game_id):
            row = await self.get(game_id)
            if row.status != GameStatus.ACTIVE:
                raise TableError("not-running")
            if await self.places.further(row.id):
                # No host across servers (as ``lobby.cancel``): the pace was chosen in the queue,
                # and one server's moderators give no time to the others' people.
                raise TableError("cross-no-extend")
            if by.user_id != row.host_id and not is_admin:
                raise TableError("only-host-extends")
            deadline = self.deadline_of(row)
            if deadline.kind != deadlines.MOVE:
                raise TableError("no-move-time")
            longer = deadlines.extended(deadline, seconds)
            return await self._set_deadline(row, longer)

    async def mark_reminded(self, row: GameRow, stage: int) -> GameRow | None:
        """Record that the reminder of ``stage`` went out (None if the game moved on meanwhile)."""
        async with self.lock(row.id):
            deadline = self.deadline_of(row)
            try:  # compare-and-set on the version: no need to read the row again
                return await self._set_deadline(row, replace(deadline, reminded=max(stage, deadline.reminded)))
            except TableError:
                return None

    async def stand_still(self, row: GameRow, seconds: float) -> GameRow | None:
        """Stop the move time for ``seconds`` (the board cannot be seen: nobody is timed out
        meanwhile). None if the game moved on meanwhile. The version stays: buttons stay valid."""
        async with self.lock(row.id):
            deadline = self.deadline_of(row)
            if deadline.kind != deadlines.MOVE:
                return None
            try:  # compare-and-set on the version, as ``mark_reminded``
                return await self._set_deadline(row, deadlines.stood_still(deadline, seconds))
            except TableError:
                return None

    async def _set_deadline(self, row: GameRow, deadline: TableDeadline) -> GameRow:
        deadline_at, data = deadline.stored()
        if not await table_data.set_deadline(self.store, row.id, row.version, deadline_at, data):
            raise TableError("board-moved-on")
        self.news.publish(row.id, row.version)  # the same version, with a new time left
        changed = replace(row, **deadline_fields(deadline))
        self.deadline_changed(changed)
        return changed

    async def next_deadline(
        self,
        row: GameRow,
        deadline: TableDeadline,
        state: Any,
        seats: Sequence[Seat],
        *,
        active: bool,
        action: str | None = None,
        events: Sequence[Event] = (),
    ) -> TableDeadline:
        """The game's deadline after a change (``table.deadlines.after``), with the seated people's
        quiet hours when the table pauses for them."""
        settings = self.settings_of(row)
        return deadlines.after(
            deadline,
            self.spec(row.game).engine,
            state,
            settings,
            seats,
            self.clock.now(),
            active=active,
            action=action,
            events=events,
            quiet=await quiet_hours_of(self.store, seats) if settings.quiet_pause else None,
        )

    def deadline_changed(self, row: GameRow) -> None:
        """Tell the deadline listeners about a row just written (the scheduler arms its deadline)."""
        for listener in self.on_deadline:
            listener(row)

    # ---- helpers -----------------------------------------------------------------------------
    async def write(self, row: GameRow, *, results: Sequence[ResultRow] | None = None, **changes: Any) -> int:
        """Write ``changes`` to the game if it is still at ``row.version`` (else TableError
        ``board-moved-on``); returns the new version and tells the game's news. The caller holds
        the game's lock and tells the deadline listeners."""
        rated = (
            results is not None
            and all(s.user_id is not None for s in row.seats)
            and changes.get("status") == GameStatus.FINISHED
        )
        try:
            version = await self.store.update_game(
                row.id, row.version, results=results, rated=rated, moves_at=self.clock.now(), **changes
            )
        except StaleVersion:
            raise TableError("board-moved-on") from None
        self.news.publish(row.id, version)
        return version


async def quiet_hours_of(store: Store, seats: Sequence[Seat]) -> dict[int, QuietHours]:
    """The quiet hours of the seated people who set them, by seat."""
    ids = {i: s.user_id for i, s in enumerate(seats) if s.user_id is not None}
    people = await table_data.people(store, list(set(ids.values())))
    found = {}
    for seat, user_id in ids.items():
        person = people[user_id]
        hours = of_person(person.quiet_from, person.quiet_to, person.quiet_tz)
        if hours is not None:
            found[seat] = hours
    return found


def deadline_fields(deadline: TableDeadline) -> dict[str, Any]:
    deadline_at, data = deadline.stored()
    return {"deadline_at": deadline_at, "deadline": data}


def engine_options(row: GameRow) -> dict[str, Any]:
    """The options the rules see: without the table's own ``_`` settings."""
    return {k: v for k, v in row.options.items() if not k.startswith("_")}


def resigned_last(seats: Sequence[Seat], placements: Sequence[int]) -> list[int]:
    """The places as they count: seats that resigned rank after everyone who played on (whatever
    the computer that took their seat went on to score), in the game's order among themselves."""
    resigned = [i for i, s in enumerate(seats) if s.resigned]
    if not resigned or len(resigned) == len(seats):
        return list(placements)
    keys = [(0 if s.resigned else 1, -placements[i]) for i, s in enumerate(seats)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


def _results(seats: Sequence[Seat], outcome: Outcome) -> list[ResultRow]:
    """Per-seat results; seats that resigned are ranked after everyone who played on."""
    placements = resigned_last(seats, outcome.placements)
    return [
        ResultRow(
            i, s.user_id, s.name, s.computer and not s.resigned, s.resigned, placements[i], float(outcome.scores[i])
        )
        for i, s in enumerate(seats)
    ]


__all__ = ["ActResult", "GameError", "Player", "RESIGN_ACTION", "TableError", "TableService"]

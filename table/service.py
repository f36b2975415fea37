"""The table flow without Discord: lobby, start, moves, resignations, results.

Every change goes load → check → apply → save (compare-and-set on the game's version, moves and
results in the same transaction), under a per-game lock so one process never races itself. Only
after the save returns does the caller tell anyone what happened. User mistakes raise
``TableError`` (or an engine ``GameError``), both carrying a message id for the translations, and
leave the stored game untouched.
"""

from __future__ import annotations

import asyncio
import secrets
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from db import ChannelBusy, GameRow, ResultRow, Seat, StaleVersion, Store
from engines.base import Event, Outcome
from engines.errors import GameError, IllegalAction
from table.spec import GameSpec

RESIGN_ACTION = "!resign"  # platform entries in the move log start with "!"
QUIET_ACTION = "!quiet"  # a live phase's quiet time passed: replays call the engine's ``timeout``


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


@dataclass
class LobbyResult:
    row: GameRow
    started: bool = False
    state: Any = None
    events: list[Event] = field(default_factory=list)


class TableService:
    def __init__(self, store: Store, specs: dict[str, GameSpec]) -> None:
        self.store = store
        self.specs = specs
        # A lock lives only while someone holds or waits for it, so the table does not grow with
        # every game ever played.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def spec(self, game: str) -> GameSpec:
        return self.specs[game]

    # ---- reading -----------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameRow:
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError("no-such-game")
        return row

    async def in_channel(self, channel_id: int, game: str | None = None) -> GameRow:
        row = await self.store.open_game_in_channel(channel_id)
        if row is None or (game is not None and row.game != game):
            raise TableError("no-game-here", game=game or "")
        return row

    def state_of(self, row: GameRow) -> Any:
        if row.state is None:
            raise TableError("not-started")
        return self.spec(row.game).engine.load(row.state)

    # ---- lobby -------------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host: Player,
        options: dict[str, Any],
        locale: str = "en",
    ) -> GameRow:
        spec = self.spec(game)
        given = {k: v for k, v in options.items() if v is not None}
        # Keys starting with "_" are the table's own settings (such as a quiet time), not rules.
        settings = {k: v for k, v in given.items() if k.startswith("_")}
        normalized = {
            **spec.engine.normalize_options({k: v for k, v in given.items() if k not in settings}),
            **settings,
        }
        try:
            return await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                host_id=host.user_id,
                options=normalized,
                seats=[Seat(name=host.name, user_id=host.user_id)],
                seed=secrets.randbits(62),
                locale=locale,
            )
        except ChannelBusy as busy:
            raise TableError("channel-busy", game_id=busy.game_id or 0) from None

    async def join(self, game_id: int, player: Player) -> LobbyResult:
        async with self.lock(game_id):
            row = await self._lobby(game_id)
            if row.seat_of(player.user_id) is not None:
                raise TableError("already-joined")
            engine = self.spec(row.game).engine
            if len(row.seats) >= engine.max_players:
                raise TableError("table-full", max=engine.max_players)
            seats = [*row.seats, Seat(name=player.name, user_id=player.user_id)]
            return LobbyResult(await self._save_lobby(row, seats))

    async def leave(self, game_id: int, player: Player) -> LobbyResult:
        async with self.lock(game_id):
            row = await self._lobby(game_id)
            seat = row.seat_of(player.user_id)
            if seat is None:
                raise TableError("not-joined")
            if player.user_id == row.host_id:
                raise TableError("host-cannot-leave")
            seats = [s for i, s in enumerate(row.seats) if i != seat]
            return LobbyResult(await self._save_lobby(row, seats))

    async def add_bot(self, game_id: int, player: Player) -> LobbyResult:
        async with self.lock(game_id):
            row = await self._lobby(game_id)
            self._require_seated(row, player)
            engine = self.spec(row.game).engine
            if len(row.seats) >= engine.max_players:
                raise TableError("table-full", max=engine.max_players)
            number = 1 + sum(1 for s in row.seats if s.bot)
            seats = [*row.seats, Seat(name=f"Computer {number}", bot=True)]
            return LobbyResult(await self._save_lobby(row, seats))

    async def remove_bot(self, game_id: int, player: Player) -> LobbyResult:
        async with self.lock(game_id):
            row = await self._lobby(game_id)
            self._require_seated(row, player)
            bots = [i for i, s in enumerate(row.seats) if s.bot]
            if not bots:
                raise TableError("no-bot-to-remove")
            seats = [s for i, s in enumerate(row.seats) if i != bots[-1]]
            return LobbyResult(await self._save_lobby(row, seats))

    async def start(self, game_id: int, player: Player, *, is_admin: bool = False) -> LobbyResult:
        async with self.lock(game_id):
            row = await self._lobby(game_id)
            engine = self.spec(row.game).engine
            full = len(row.seats) >= engine.max_players
            if (
                player.user_id != row.host_id
                and not is_admin
                and not (full and row.seat_of(player.user_id) is not None)
            ):
                raise TableError("only-host-starts")
            if len(row.seats) < engine.min_players:
                raise TableError("too-few-players", min=engine.min_players)
            state, events = engine.new_game(len(row.seats), row.seed, engine_options(row))  # BadOption reaches the user
            dumped = engine.dump(state)
            version = await self._write(row, status="active", state=dumped)
            started = replace(row, status="active", state=dumped, version=version)
            return LobbyResult(started, started=True, state=state, events=events)

    async def set_lobby_message(self, row: GameRow, message_id: int) -> GameRow:
        async with self.lock(row.id):
            fresh = await self.get(row.id)
            version = await self._write(fresh, lobby_message_id=message_id)
            return replace(fresh, lobby_message_id=message_id, version=version)

    # ---- playing -----------------------------------------------------------------------------
    async def act(
        self,
        game_id: int,
        *,
        seat: int | None = None,
        user_id: int | None = None,
        action: str,
        expected_version: int | None = None,
    ) -> ActResult:
        """Apply one action for a human (by ``user_id``) or a computer seat (by ``seat``)."""
        async with self.lock(game_id):
            row = await self.get(game_id)
            if row.status != "active":
                raise TableError("not-running")
            if seat is None:
                seat = row.seat_of(user_id) if user_id is not None else None
                if seat is None:
                    raise TableError("not-a-player")
            engine = self.spec(row.game).engine
            stale = expected_version is not None and expected_version != row.version
            state = engine.load(row.state)
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
            dumped = engine.dump(new_state)
            version = await self._write(
                row,
                state=dumped,
                moves=[(seat, action)],
                status="finished" if outcome is not None else None,
                results=results,
            )
            saved = replace(
                row,
                state=dumped,
                version=version,
                status="finished" if outcome is not None else row.status,
            )
            return ActResult(saved, seat, action, events, new_state, outcome, stale_click=stale)

    async def end_quiet(self, game_id: int) -> ActResult | None:
        """End the running round: the host's quiet time passed with no card played."""
        async with self.lock(game_id):
            row = await self.get(game_id)
            spec = self.spec(row.game)
            if row.status != "active":
                return None
            state = spec.engine.load(row.state)
            if not spec.engine.deadline(state).quiet:
                return None
            new_state, events = spec.engine.timeout(state)
            outcome = spec.engine.outcome(new_state)
            dumped = spec.engine.dump(new_state)
            version = await self._write(
                row,
                state=dumped,
                moves=[(None, QUIET_ACTION)],
                status="finished" if outcome is not None else None,
                results=_results(row.seats, outcome) if outcome is not None else None,
            )
            saved = replace(
                row,
                state=dumped,
                version=version,
                status="finished" if outcome is not None else row.status,
            )
            return ActResult(saved, -1, QUIET_ACTION, events, new_state, outcome)

    async def replay(self, game_id: int) -> Any:
        """The state rebuilt from the seed and the move log (to check the log against the store)."""
        row = await self.get(game_id)
        spec = self.spec(row.game)
        state, _ = spec.engine.new_game(len(row.seats), row.seed, engine_options(row))
        for _seq, seat, action in await self.store.moves(game_id):
            if action == QUIET_ACTION:
                state, _ = spec.engine.timeout(state)
            elif not action.startswith("!"):
                state, _ = spec.engine.apply(state, seat, action)
        return state

    async def resign(self, game_id: int, player: Player) -> ActResult:
        """The seat is handed to a computer player and ranked last; with one player left, the game ends."""
        async with self.lock(game_id):
            row = await self.get(game_id)
            if row.status != "active":
                raise TableError("not-running")
            seat = row.seat_of(player.user_id)
            if seat is None:
                raise TableError("not-a-player")
            seats = [replace(s) for s in row.seats]
            seats[seat] = replace(seats[seat], bot=True, resigned=True)
            engine = self.spec(row.game).engine
            state = engine.load(row.state)
            still_in = [i for i, s in enumerate(seats) if not s.resigned]
            events: list[Event] = [{"type": "resigned", "seat": seat}]
            outcome = engine.outcome(state)
            status = None
            results = None
            if len(still_in) <= 1:
                events = [{"type": "resigned-ended", "seat": seat}]
                placements = [1 if i in still_in else 2 for i in range(len(seats))]
                # The game's own scores as they stand (race points, barrels ...), the last one first.
                scores = [float(x) for x in engine.scores_now(state)]
                outcome = Outcome(placements=placements, scores=scores, detail={"ended_by": "resignation"})
                results = _results(seats, outcome)
                status = "finished"
            version = await self._write(row, seats=seats, moves=[(seat, RESIGN_ACTION)], status=status, results=results)
            saved = replace(row, seats=seats, version=version, status=status or row.status)
            return ActResult(saved, seat, RESIGN_ACTION, events, state, outcome if status else None)

    async def cancel(self, game_id: int, player: Player, *, is_admin: bool) -> GameRow:
        async with self.lock(game_id):
            row = await self.get(game_id)
            if row.status not in ("lobby", "active"):
                raise TableError("not-open")
            if player.user_id != row.host_id and not is_admin:
                raise TableError("only-host-cancels")
            results = None
            if row.status == "active":
                # Recorded for the record but never rated (see the league).
                results = [
                    ResultRow(i, s.user_id, s.name, s.bot and not s.resigned, s.resigned, None, None)
                    for i, s in enumerate(row.seats)
                ]
            version = await self._write(row, status="cancelled", results=results)
            return replace(row, status="cancelled", version=version)

    # ---- helpers -----------------------------------------------------------------------------
    async def _lobby(self, game_id: int) -> GameRow:
        row = await self.get(game_id)
        if row.status != "lobby":
            raise TableError("already-started" if row.status == "active" else "not-open")
        return row

    @staticmethod
    def _require_seated(row: GameRow, player: Player) -> None:
        if row.seat_of(player.user_id) is None:
            raise TableError("not-joined")

    async def _save_lobby(self, row: GameRow, seats: list[Seat]) -> GameRow:
        version = await self._write(row, seats=seats)
        return replace(row, seats=seats, version=version)

    async def _write(self, row: GameRow, *, results: Sequence[ResultRow] | None = None, **changes: Any) -> int:
        rated = (
            results is not None
            and all(s.user_id is not None for s in row.seats)
            and changes.get("status") == "finished"
        )
        try:
            return await self.store.update_game(row.id, row.version, results=results, rated=rated, **changes)
        except StaleVersion:
            raise TableError("board-moved-on") from None


def engine_options(row: GameRow) -> dict[str, Any]:
    """The options the rules see: without the table's own ``_`` settings."""
    return {k: v for k, v in row.options.items() if not k.startswith("_")}


def _results(seats: Sequence[Seat], outcome: Outcome) -> list[ResultRow]:
    """Per-seat results; seats that resigned are ranked after everyone who played on."""
    placements = list(outcome.placements)
    resigned = [i for i, s in enumerate(seats) if s.resigned]
    if resigned and len(resigned) < len(seats):
        keys = [(0 if s.resigned else 1, -placements[i]) for i, s in enumerate(seats)]
        placements = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    return [
        ResultRow(i, s.user_id, s.name, s.bot and not s.resigned, s.resigned, placements[i], float(outcome.scores[i]))
        for i, s in enumerate(seats)
    ]


__all__ = ["ActResult", "GameError", "LobbyResult", "Player", "RESIGN_ACTION", "TableError", "TableService"]

"""A table from opening to its first move, or to its closing: open it, join and leave, computer
seats in and out, start it; open one with its players already seated (a tournament round, the
queue); close it (the host or a moderator cancels, or its lobby deadline passes unstarted).

Each function takes the table service (``table.service``), which keeps the game as it is played:
the per-game lock, the compare-and-set write and the deadline listeners. A lobby change goes
lock → load → check → save, as a move does; user mistakes raise ``TableError`` and leave the
stored game untouched. Nothing here knows Discord.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from db import OPEN_STATUSES, ChannelBusy, GameRow, GameStatus, ResultRow, Seat, table_data
from engines.base import Event
from engines.errors import GameError
from engines.levels import DEFAULT_LEVEL, LEVELS
from table import deadlines
from table.deadlines import TableDeadline
from table.service import Player, TableError, TableService, deadline_fields, engine_options
from table.settings import ServerSettings, TableSettings


@dataclass
class LobbyResult:
    row: GameRow
    started: bool = False
    state: Any = None
    events: list[Event] = field(default_factory=list)


async def check_open_games_limit(
    service: TableService, guild_id: int | None, user_id: int, server: ServerSettings | None = None
) -> None:
    """Refuse a person who already has as many open games (lobbies and running games, seats
    they still play) in the server as its ``open_games_limit`` allows."""
    server = server or await service.server_settings(guild_id)
    limit = server.open_games_limit
    if not limit or guild_id is None:
        return
    rows = await table_data.open_games_in_guild(service.store, guild_id)
    seated = sum(1 for r in rows if (seat := r.seat_of(user_id)) is not None and not r.seats[seat].resigned)
    if seated >= limit:
        raise TableError("open-games-limit", limit=limit)


async def create(
    service: TableService,
    game: str,
    *,
    guild_id: int | None,
    channel_id: int,
    host: Player,
    options: dict[str, Any],
    locale: str = "en",
    settings: dict[str, Any] | None = None,
    parent_id: int | None = None,
    check_limit: bool = True,
) -> GameRow:
    """Open a table. ``options`` are the rules' (the engine checks them); ``settings`` are the
    table's own (``TableSettings`` fields; unset ones come from the server's defaults). Tables
    stored with ``_quiet``/``_bot_speed`` among their options were converted by migration 4.
    ``check_limit`` False: the host's open-games limit was settled by the caller."""
    spec = service.spec(game)
    normalized = spec.engine.normalize_options({k: v for k, v in options.items() if v is not None})
    server = await service.server_settings(guild_id)
    if not server.allows_channel(channel_id, parent_id):
        raise TableError("channel-not-allowed")
    if check_limit:
        await check_open_games_limit(service, guild_id, host.user_id, server)
    chosen = {k: v for k, v in (settings or {}).items() if v is not None}
    chosen.setdefault("move_seconds", server.move_seconds)
    table = TableSettings.from_json(chosen)
    lobby = deadlines.lobby_deadline(service.clock.now(), server.lobby_seconds)
    try:
        row = await service.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=host.user_id,
            options=normalized,
            seats=[Seat(name=host.name, user_id=host.user_id)],
            seed=secrets.randbits(62),
            locale=locale,
            settings=table.to_json(),
            deadline=lobby.stored(),
        )
    except ChannelBusy as busy:
        raise TableError("channel-busy", game_id=busy.game_id or 0) from None
    service.deadline_changed(row)
    return row


async def join(service: TableService, game_id: int, player: Player) -> LobbyResult:
    async with service.lock(game_id):
        row = await lobby_row(service, game_id)
        if row.seat_of(player.user_id) is not None:
            raise TableError("already-joined")
        engine = service.spec(row.game).engine
        if len(row.seats) >= engine.max_players:
            raise TableError("table-full", max=engine.max_players)
        await check_open_games_limit(service, row.guild_id, player.user_id)
        seats = [*row.seats, Seat(name=player.name, user_id=player.user_id)]
        return LobbyResult(await save_seats(service, row, seats))


async def leave(service: TableService, game_id: int, player: Player) -> LobbyResult:
    async with service.lock(game_id):
        row = await lobby_row(service, game_id)
        seat = row.seat_of(player.user_id)
        if seat is None:
            raise TableError("not-joined")
        if player.user_id == row.host_id:
            raise TableError("host-cannot-leave")
        seats = [s for i, s in enumerate(row.seats) if i != seat]
        return LobbyResult(await save_seats(service, row, seats))


async def add_computer(service: TableService, game_id: int, player: Player, level: str = DEFAULT_LEVEL) -> LobbyResult:
    async with service.lock(game_id):
        row = await lobby_row(service, game_id)
        _require_seated(row, player)
        engine = service.spec(row.game).engine
        if len(row.seats) >= engine.max_players:
            raise TableError("table-full", max=engine.max_players)
        number = 1 + sum(1 for s in row.seats if s.computer)
        if level not in LEVELS:
            raise TableError("unknown-level")
        seats = [*row.seats, Seat(name=f"Computer {number}", computer=True, level=level)]
        return LobbyResult(await save_seats(service, row, seats))


async def remove_computer(service: TableService, game_id: int, player: Player) -> LobbyResult:
    async with service.lock(game_id):
        row = await lobby_row(service, game_id)
        _require_seated(row, player)
        computers = [i for i, s in enumerate(row.seats) if s.computer]
        if not computers:
            raise TableError("no-computer-to-remove")
        seats = [s for i, s in enumerate(row.seats) if i != computers[-1]]
        return LobbyResult(await save_seats(service, row, seats))


async def start(service: TableService, game_id: int, player: Player, *, is_admin: bool = False) -> LobbyResult:
    async with service.lock(game_id):
        row = await lobby_row(service, game_id)
        engine = service.spec(row.game).engine
        full = len(row.seats) >= engine.max_players
        if player.user_id != row.host_id and not is_admin and not (full and row.seat_of(player.user_id) is not None):
            raise TableError("only-host-starts")
        if len(row.seats) < engine.min_players:
            raise TableError("too-few-players", min=engine.min_players)
        state, events = engine.new_game(len(row.seats), row.seed, engine_options(row))  # BadOption reaches the user
        dumped = engine.dump(state)
        deadline = await service.next_deadline(row, TableDeadline(), state, row.seats, active=True)
        version = await service.write(row, status=GameStatus.ACTIVE, state=dumped, deadline=deadline.stored())
        started = replace(row, status=GameStatus.ACTIVE, state=dumped, version=version, **deadline_fields(deadline))
        service.deadline_changed(started)
        return LobbyResult(started, started=True, state=state, events=events)


async def open_seated(
    service: TableService,
    game: str,
    *,
    guild_id: int | None,
    channel_id: int,
    players: Sequence[Player],
    options: dict[str, Any],
    locale: str = "en",
    settings: dict[str, Any] | None = None,
    parent_id: int | None = None,
) -> LobbyResult:
    """Open a table with ``players`` already seated (in this seat order) and start it at once:
    what a tournament round and the queue do. The first player is the host. The same checks
    as ``create`` and ``start`` (options, allowed channels, number of players), except the
    open-games limit: a tournament's tables do not count against it (signing up was the
    choice to play them), and the queue checks every player itself before seating them."""
    if not players:
        raise TableError("too-few-players", min=service.spec(game).engine.min_players)
    row = await create(
        service,
        game,
        guild_id=guild_id,
        channel_id=channel_id,
        host=players[0],
        options=options,
        locale=locale,
        settings=settings,
        parent_id=parent_id,
        check_limit=False,
    )
    try:
        async with service.lock(row.id):
            seated = [*row.seats, *(Seat(name=p.name, user_id=p.user_id) for p in players[1:])]
            row = await save_seats(service, row, seated)
        return await start(service, row.id, players[0], is_admin=True)
    except (TableError, GameError):
        await cancel(service, row.id, players[0], is_admin=True)
        raise


async def set_message(service: TableService, row: GameRow, message_id: int) -> GameRow:
    """Record the id of the table's lobby message (the one its buttons are on)."""
    async with service.lock(row.id):
        fresh = await service.get(row.id)
        version = await service.write(fresh, lobby_message_id=message_id)
        return replace(fresh, lobby_message_id=message_id, version=version)


async def cancel(service: TableService, game_id: int, player: Player, *, is_admin: bool) -> GameRow:
    """Close an open table, in its lobby or running (host or moderator). A running game's results
    are recorded but never rated (see the league)."""
    async with service.lock(game_id):
        row = await service.get(game_id)
        if row.status not in OPEN_STATUSES:
            raise TableError("not-open")
        if await service.places.further(row.id):
            # A table across servers has no host, and one server's moderators are not the
            # others': nobody cancels it; a person resigns (a computer takes the seat).
            raise TableError("cross-no-cancel", game=row.game)
        if player.user_id != row.host_id and not is_admin:
            raise TableError("only-host-cancels")
        results = None
        if row.status == GameStatus.ACTIVE:
            results = [
                ResultRow(i, s.user_id, s.name, s.computer and not s.resigned, s.resigned, None, None)
                for i, s in enumerate(row.seats)
            ]
        return await _cancelled(service, row, results)


async def expire(service: TableService, game_id: int) -> GameRow | None:
    """Cancel a table that did not start in time (its lobby deadline passed); None if it started
    or was closed meanwhile, or its deadline is not due yet."""
    async with service.lock(game_id):
        row = await service.get(game_id)
        deadline = service.deadline_of(row)
        if (
            row.status != GameStatus.LOBBY
            or deadline.kind != deadlines.LOBBY
            or (deadline.due or 0) > service.clock.now()
        ):
            return None
        return await _cancelled(service, row, None)


async def _cancelled(service: TableService, row: GameRow, results: list[ResultRow] | None) -> GameRow:
    cleared = TableDeadline(timeouts=service.deadline_of(row).timeouts)
    version = await service.write(row, status=GameStatus.CANCELLED, results=results, deadline=cleared.stored())
    done = replace(row, status=GameStatus.CANCELLED, version=version, **deadline_fields(cleared))
    service.deadline_changed(done)
    return done


async def lobby_row(service: TableService, game_id: int) -> GameRow:
    """The game, if it is still in its lobby; otherwise TableError saying what it is now."""
    row = await service.get(game_id)
    if row.status != GameStatus.LOBBY:
        raise TableError("already-started" if row.status == GameStatus.ACTIVE else "not-open")
    return row


def _require_seated(row: GameRow, player: Player) -> None:
    if row.seat_of(player.user_id) is None:
        raise TableError("not-joined")


async def save_seats(service: TableService, row: GameRow, seats: list[Seat]) -> GameRow:
    """Write a lobby's seats as given (the caller holds the game's lock and checked them)."""
    version = await service.write(row, seats=seats)
    return replace(row, seats=seats, version=version)

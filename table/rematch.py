"""Rematches: the same players and options at a new table in the same channel, seats rotated.

The end-of-game post has a Rematch button. The first of the game's players to press it (within
``REMATCH_WINDOW`` of the end) opens a new table in the channel with the finished game's options
and table settings, seated where the rotation puts them (the old second seat plays first); each
other player who presses joins it in their rotated place; computer players of the old game are
seated from the start. Once every person of the old game has pressed, the game starts by itself;
before that the lobby works as always (the first presser is its host and may start with whoever
is there), and a lobby nobody starts closes as any other does. Nothing here knows Discord.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from db import GameRow, GameStatus, Seat, table_data
from table import lobby
from table.lobby import LobbyResult
from table.service import Player, TableError, TableService, engine_options
from table.settings import DAY

REMATCH_WINDOW = DAY


@dataclass
class Rematch:
    result: LobbyResult
    opened: bool  # a new table was opened (else the presser joined the open one)


def rotated(old: GameRow) -> list[int]:
    """The old seats in the new order: everyone moves one place up, the first goes last."""
    count = len(old.seats)
    return [(i + 1) % count for i in range(count)]


def people_of(old: GameRow) -> set[int]:
    """Every person who sat at the old table (those who resigned too)."""
    return {s.user_id for s in old.seats if s.user_id is not None}


async def press(service: TableService, old_id: int, player: Player) -> Rematch:
    old = await service.get(old_id)
    if old.status != GameStatus.FINISHED:
        raise TableError("rematch-not-finished")
    if player.user_id not in people_of(old):
        raise TableError("rematch-not-a-player", game=old.game)
    if await service.places.further(old.id):
        raise TableError("cross-no-rematch")  # its people are of several servers: they queue again
    ended = await table_data.last_move_at(service.store, old.id)
    if ended is not None and service.clock.now() > ended + REMATCH_WINDOW:
        raise TableError("rematch-too-late", game=old.game)
    current = await service.store.open_game_in_channel(old.channel_id)
    if current is not None:
        if (current.settings or {}).get("rematch_of") != old.id:
            raise TableError("channel-busy", game_id=current.id)
        return Rematch(await _join(service, old, current.id, player), opened=False)
    order = rotated(old)
    computers = [replace(old.seats[i], resigned=False) for i in order if old.seats[i].user_id is None]
    settings = {**(old.settings or {}), "rematch_of": old.id}
    row = await lobby.create(
        service,
        old.game,
        guild_id=old.guild_id,
        channel_id=old.channel_id,
        host=player,
        options=engine_options(old),
        locale=old.locale,
        settings=settings,
    )
    if computers:
        async with service.lock(row.id):
            fresh = await service.get(row.id)
            row = await lobby.save_seats(service, fresh, _in_order(old, [*fresh.seats, *computers]))
    return Rematch(await _maybe_start(service, old, row), opened=True)


async def _join(service: TableService, old: GameRow, game_id: int, player: Player) -> LobbyResult:
    async with service.lock(game_id):
        row = await lobby.lobby_row(service, game_id)
        if row.seat_of(player.user_id) is not None:
            raise TableError("already-joined")
        await lobby.check_open_games_limit(service, row.guild_id, player.user_id)
        seats = _in_order(old, [*row.seats, Seat(name=player.name, user_id=player.user_id)])
        row = await lobby.save_seats(service, row, seats)
    return await _maybe_start(service, old, row)


def _in_order(old: GameRow, seats: list[Seat]) -> list[Seat]:
    """``seats`` sorted by where the rotation puts each one's old seat."""
    place = {}
    for new, i in enumerate(rotated(old)):
        s = old.seats[i]
        place[("p", s.user_id) if s.user_id is not None else ("c", s.name)] = new
    return sorted(seats, key=lambda s: place.get(("p", s.user_id) if s.user_id is not None else ("c", s.name), 99))


async def _maybe_start(service: TableService, old: GameRow, row: GameRow) -> LobbyResult:
    seated = {s.user_id for s in row.seats if s.user_id is not None}
    if seated != people_of(old) or len(row.seats) < service.spec(row.game).engine.min_players:
        return LobbyResult(row)
    host = next(s for s in row.seats if s.user_id == row.host_id)
    return await lobby.start(service, row.id, Player(row.host_id, host.name))

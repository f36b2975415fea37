"""Store queries of tournaments and the table queue (schema: migration 6). Plain data only; the
table platform (``table.tournament.service``, ``table.queue``) gives it meaning.

A round is paired in one transaction: the tournament moves from round ``n`` to ``n + 1`` only if
it still stands at ``n`` (compare-and-set), with the new round and all its tables; the games of
those tables are opened afterwards and linked one by one (``set_table_game``), so a restart in
between finds the tables without a game and opens them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db.league import display_rating
from db.store import Store

STATUSES = ("signup", "running", "paused", "finished", "cancelled")
OPEN = ("signup", "running", "paused")


@dataclass(frozen=True)
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    game: str
    format: str
    rounds: int | None
    table_size: int
    options: dict[str, Any]
    settings: dict[str, Any]
    round_seconds: int
    locale: str
    status: str
    starts_at: float | None
    signup_message_id: int | None
    current_round: int
    seed: int
    winner_id: int | None
    created_at: float
    finished_at: float | None


@dataclass(frozen=True)
class EntryRow:
    user_id: int
    name: str
    rating: float
    dropped: bool
    joined_at: float


@dataclass(frozen=True)
class RoundRow:
    number: int
    started_at: float
    deadline_at: float | None
    finished_at: float | None
    message_id: int | None


@dataclass(frozen=True)
class TableRow:
    tournament_id: int
    round: int
    number: int
    players: tuple[int, ...]
    bye: bool
    game_id: int | None
    placements: tuple[int, ...] | None
    scores: tuple[float, ...] | None
    finished_at: float | None

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def unplayed(self) -> bool:
        """A table that never opened by its round's deadline: finished with no places at all."""
        return self.finished and not self.bye and not self.placements


def _tournament(r: Any) -> TournamentRow:
    return TournamentRow(
        id=r["id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        organiser_id=r["organiser_id"],
        name=r["name"],
        game=r["game"],
        format=r["format"],
        rounds=r["rounds"],
        table_size=r["table_size"],
        options=json.loads(r["options"]),
        settings=json.loads(r["settings"]),
        round_seconds=r["round_seconds"],
        locale=r["locale"],
        status=r["status"],
        starts_at=r["starts_at"],
        signup_message_id=r["signup_message_id"],
        current_round=r["current_round"],
        seed=r["seed"],
        winner_id=r["winner_id"],
        created_at=r["created_at"],
        finished_at=r["finished_at"],
    )


def _table(r: Any) -> TableRow:
    return TableRow(
        tournament_id=r["tournament_id"],
        round=r["round"],
        number=r["number"],
        players=tuple(json.loads(r["players"])),
        bye=bool(r["bye"]),
        game_id=r["game_id"],
        placements=tuple(json.loads(r["placements"])) if r["placements"] else None,
        scores=tuple(float(x) for x in json.loads(r["scores"])) if r["scores"] else None,
        finished_at=r["finished_at"],
    )


async def create(
    store: Store,
    *,
    guild_id: int,
    channel_id: int,
    organiser_id: int,
    name: str,
    game: str,
    format: str,
    rounds: int | None,
    table_size: int,
    options: dict[str, Any],
    settings: dict[str, Any],
    round_seconds: int,
    locale: str,
    starts_at: float | None,
    seed: int,
    now: float,
) -> TournamentRow:
    async with store.transaction() as tx:
        tournament_id = await tx.insert_returning_id(
            "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, game, format, rounds, table_size,"
            " options, settings, round_seconds, locale, status, starts_at, seed, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?, ?)",
            (
                guild_id,
                channel_id,
                organiser_id,
                name,
                game,
                format,
                rounds,
                table_size,
                json.dumps(options),
                json.dumps(settings),
                round_seconds,
                locale,
                starts_at,
                seed,
                now,
            ),
        )
    found = await get(store, tournament_id)
    assert found is not None
    return found


async def get(store: Store, tournament_id: int) -> TournamentRow | None:
    r = await store.fetchrow("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
    return _tournament(r) if r is not None else None


async def in_guild(store: Store, guild_id: int, statuses: Sequence[str] = STATUSES) -> list[TournamentRow]:
    marks = ",".join("?" * len(statuses))
    rows = await store.fetch(
        f"SELECT * FROM tournaments WHERE guild_id = ? AND status IN ({marks}) ORDER BY id", (guild_id, *statuses)
    )
    return [_tournament(r) for r in rows]


async def with_status(store: Store, statuses: Sequence[str]) -> list[TournamentRow]:
    marks = ",".join("?" * len(statuses))
    rows = await store.fetch(f"SELECT * FROM tournaments WHERE status IN ({marks}) ORDER BY id", tuple(statuses))
    return [_tournament(r) for r in rows]


_FIELDS = {"status", "signup_message_id", "winner_id", "finished_at", "starts_at"}


async def update(store: Store, tournament_id: int, *, only_if_status: Sequence[str] = (), **changes: Any) -> bool:
    """Change a tournament's fields; with ``only_if_status``, only while it has one of them."""
    if set(changes) - _FIELDS:
        raise ValueError(f"unknown tournament fields: {sorted(set(changes) - _FIELDS)}")
    sets = ", ".join(f"{k} = ?" for k in changes)
    sql = f"UPDATE tournaments SET {sets} WHERE id = ?"
    params: list[Any] = [*changes.values(), tournament_id]
    if only_if_status:
        sql += f" AND status IN ({','.join('?' * len(only_if_status))})"
        params += list(only_if_status)
    async with store.transaction() as tx:
        return await tx.execute(sql, tuple(params)) == 1


async def organiser_role(store: Store, guild_id: int) -> int | None:
    """The role a server lets organise tournaments besides Manage Server (None: none)."""
    value = await store.fetchval("SELECT organiser_role FROM tournament_settings WHERE guild_id = ?", (guild_id,))
    return int(value) if value is not None else None


async def set_organiser_role(store: Store, guild_id: int, role_id: int | None) -> None:
    async with store.transaction() as tx:
        if await tx.execute(
            "UPDATE tournament_settings SET organiser_role = ? WHERE guild_id = ?", (role_id, guild_id)
        ):
            return
        await tx.execute(
            "INSERT INTO tournament_settings (guild_id, organiser_role) VALUES (?, ?)", (guild_id, role_id)
        )


# ---- entries ----------------------------------------------------------------------------------------
async def entries(store: Store, tournament_id: int) -> list[EntryRow]:
    rows = await store.fetch(
        "SELECT user_id, name, rating, dropped, joined_at FROM tournament_entries WHERE tournament_id = ?"
        " ORDER BY joined_at, user_id",
        (tournament_id,),
    )
    return [EntryRow(r["user_id"], r["name"], float(r["rating"]), bool(r["dropped"]), r["joined_at"]) for r in rows]


async def add_entry(store: Store, tournament_id: int, user_id: int, name: str, rating: float, now: float) -> bool:
    """Sign up (False: already signed up)."""
    async with store.transaction() as tx:
        if await tx.fetchrow(
            "SELECT 1 FROM tournament_entries WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
        ):
            return False
        await tx.execute(
            "INSERT INTO tournament_entries (tournament_id, user_id, name, rating, joined_at) VALUES (?, ?, ?, ?, ?)",
            (tournament_id, user_id, name, rating, now),
        )
        return True


async def remove_entry(store: Store, tournament_id: int, user_id: int) -> bool:
    async with store.transaction() as tx:
        return (
            await tx.execute(
                "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
            )
            == 1
        )


async def set_ratings(store: Store, tournament_id: int, ratings: dict[int, float]) -> None:
    async with store.transaction() as tx:
        await tx.executemany(
            "UPDATE tournament_entries SET rating = ? WHERE tournament_id = ? AND user_id = ?",
            [(r, tournament_id, u) for u, r in ratings.items()],
        )


async def drop(store: Store, tournament_id: int, user_id: int) -> bool:
    """No more pairings for the player (False: not in it, or dropped already)."""
    async with store.transaction() as tx:
        return (
            await tx.execute(
                "UPDATE tournament_entries SET dropped = 1 WHERE tournament_id = ? AND user_id = ? AND dropped = 0",
                (tournament_id, user_id),
            )
            == 1
        )


# ---- rounds and tables ------------------------------------------------------------------------------
async def start_round(
    store: Store,
    tournament_id: int,
    *,
    number: int,
    now: float,
    deadline_at: float | None,
    tables: Sequence[tuple[tuple[int, ...], bool]],
) -> bool:
    """Round ``number`` with its tables (players, bye), if the tournament still stands at the round
    before (False: someone else paired it). Byes are finished at once."""
    async with store.transaction() as tx:
        moved = await tx.execute(
            "UPDATE tournaments SET current_round = ?, status = CASE WHEN status = 'signup' THEN 'running'"
            " ELSE status END WHERE id = ? AND current_round = ?",
            (number, tournament_id, number - 1),
        )
        if moved != 1:
            return False
        if number > 1:
            await tx.execute(
                "UPDATE tournament_rounds SET finished_at = ? WHERE tournament_id = ? AND number = ?"
                " AND finished_at IS NULL",
                (now, tournament_id, number - 1),
            )
        await tx.execute(
            "INSERT INTO tournament_rounds (tournament_id, number, started_at, deadline_at) VALUES (?, ?, ?, ?)",
            (tournament_id, number, now, deadline_at),
        )
        await tx.executemany(
            "INSERT INTO tournament_tables (tournament_id, round, number, players, bye, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (tournament_id, number, i + 1, json.dumps(list(players)), int(bye), now if bye else None)
                for i, (players, bye) in enumerate(tables)
            ],
        )
        return True


async def finish(store: Store, tournament_id: int, *, now: float, winner_id: int | None, status: str) -> bool:
    """The tournament ends (finished or cancelled), its last round with it."""
    async with store.transaction() as tx:
        done = await tx.execute(
            "UPDATE tournaments SET status = ?, winner_id = ?, finished_at = ? WHERE id = ?"
            " AND status IN ('signup', 'running', 'paused')",
            (status, winner_id, now, tournament_id),
        )
        await tx.execute(
            "UPDATE tournament_rounds SET finished_at = ? WHERE tournament_id = ? AND finished_at IS NULL",
            (now, tournament_id),
        )
        return done == 1


async def rounds(store: Store, tournament_id: int) -> list[RoundRow]:
    rows = await store.fetch(
        "SELECT number, started_at, deadline_at, finished_at, message_id FROM tournament_rounds"
        " WHERE tournament_id = ? ORDER BY number",
        (tournament_id,),
    )
    return [RoundRow(r["number"], r["started_at"], r["deadline_at"], r["finished_at"], r["message_id"]) for r in rows]


async def set_round_message(store: Store, tournament_id: int, number: int, message_id: int) -> None:
    await store.write_batch(
        [
            (
                "UPDATE tournament_rounds SET message_id = ? WHERE tournament_id = ? AND number = ?",
                (message_id, tournament_id, number),
            )
        ]
    )


async def tables(store: Store, tournament_id: int, round: int | None = None) -> list[TableRow]:
    if round is None:
        rows = await store.fetch(
            "SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY round, number", (tournament_id,)
        )
    else:
        rows = await store.fetch(
            "SELECT * FROM tournament_tables WHERE tournament_id = ? AND round = ? ORDER BY number",
            (tournament_id, round),
        )
    return [_table(r) for r in rows]


async def table_of_game(store: Store, game_id: int) -> TableRow | None:
    r = await store.fetchrow("SELECT * FROM tournament_tables WHERE game_id = ?", (game_id,))
    return _table(r) if r is not None else None


async def set_table_game(store: Store, table: TableRow, game_id: int) -> None:
    await store.write_batch(
        [
            (
                "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? AND number = ?",
                (game_id, table.tournament_id, table.round, table.number),
            )
        ]
    )


async def finish_table(
    store: Store, table: TableRow, placements: Sequence[int], scores: Sequence[float], now: float
) -> bool:
    """Record how a table ended (False: it was recorded already)."""
    async with store.transaction() as tx:
        return (
            await tx.execute(
                "UPDATE tournament_tables SET placements = ?, scores = ?, finished_at = ?"
                " WHERE tournament_id = ? AND round = ? AND number = ? AND finished_at IS NULL",
                (
                    json.dumps(list(placements)),
                    json.dumps([float(s) for s in scores]),
                    now,
                    table.tournament_id,
                    table.round,
                    table.number,
                ),
            )
            == 1
        )


# ---- the table queue --------------------------------------------------------------------------------
@dataclass(frozen=True)
class QueueEntry:
    guild_id: int
    game: str
    user_id: int
    name: str
    players: int
    channel_id: int
    queued_at: float
    expires_at: float


def _queued(r: Any) -> QueueEntry:
    return QueueEntry(
        r["guild_id"],
        r["game"],
        r["user_id"],
        r["name"],
        r["players"],
        r["channel_id"],
        r["queued_at"],
        r["expires_at"],
    )


async def queue(store: Store, guild_id: int, now: float, game: str | None = None) -> list[QueueEntry]:
    """Who waits in a server (for ``game``), oldest first; expired entries are left out."""
    sql = "SELECT * FROM table_queue WHERE guild_id = ? AND expires_at > ?"
    params: list[Any] = [guild_id, now]
    if game is not None:
        sql += " AND game = ?"
        params.append(game)
    rows = await store.fetch(sql + " ORDER BY queued_at, user_id", tuple(params))
    return [_queued(r) for r in rows]


async def enqueue(store: Store, entry: QueueEntry) -> None:
    """Wait for a game (again: the entry is renewed); expired entries of the server are cleared."""
    async with store.transaction() as tx:
        await tx.execute("DELETE FROM table_queue WHERE expires_at <= ?", (entry.queued_at,))
        await tx.execute(
            "DELETE FROM table_queue WHERE guild_id = ? AND game = ? AND user_id = ?",
            (entry.guild_id, entry.game, entry.user_id),
        )
        await tx.execute(
            "INSERT INTO table_queue (guild_id, game, user_id, name, players, channel_id, queued_at, expires_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                entry.guild_id,
                entry.game,
                entry.user_id,
                entry.name,
                entry.players,
                entry.channel_id,
                entry.queued_at,
                entry.expires_at,
            ),
        )


async def dequeue(store: Store, guild_id: int, user_ids: Sequence[int], game: str | None = None) -> int:
    """Take people out of the queue (of ``game``, or every game); how many entries went."""
    if not user_ids:
        return 0
    marks = ",".join("?" * len(user_ids))
    sql = f"DELETE FROM table_queue WHERE guild_id = ? AND user_id IN ({marks})"
    params: list[Any] = [guild_id, *user_ids]
    if game is not None:
        sql += " AND game = ?"
        params.append(game)
    async with store.transaction() as tx:
        return await tx.execute(sql, tuple(params))


async def league_ratings(store: Store, guild_id: int, game: str, user_ids: Sequence[int]) -> dict[int, float]:
    """Each person's league rating for ``game`` in the server's newest season (the seeding); people
    without one are left out."""
    if not user_ids:
        return {}
    marks = ",".join("?" * len(user_ids))
    rows = await store.fetch(
        f"SELECT user_id, mu, sigma FROM league_ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})"
        " AND season = (SELECT MAX(season) FROM league_ratings WHERE guild_id = ? AND game = ?)",
        (guild_id, game, *user_ids, guild_id, game),
    )
    return {r["user_id"]: float(display_rating(r["mu"], r["sigma"])) for r in rows}

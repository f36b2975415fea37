"""Stored tables across servers (migration 15): each server's cross-server channel, the
cross-server queue and the groups being confirmed, people's names and blocks, and a game's
places (the thread in each further server where the same game is shown).

A queue entry is one person waiting for one game (``PRIMARY KEY (user_id, game)``), from one
server's cross channel. When a group forms, its entries get the same ``pending`` id (a row of
``cross_pending`` with the time to confirm by) and stay stored until the table opens (deleted) or
the time runs out (``release``: who confirmed waits again in their old place, who did not goes to
the queue's end). So a restart loses nobody's place, nor a group half confirmed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from db.rows import OPEN_STATUSES
from db.store import GameRow, Store, _row_to_game


@dataclass(frozen=True)
class CrossChannel:
    guild_id: int
    channel_id: int


@dataclass(frozen=True)
class CrossEntry:
    user_id: int
    game: str
    players: int
    pace: str
    guild_id: int
    channel_id: int
    name: str  # as others will see it: a display name, or the neutral name the person chose
    locale: str
    queued_at: float
    expires_at: float
    pending: int | None = None
    confirmed: bool = False
    ask_channel: int | None = None  # the message asking them to confirm
    ask_message: int | None = None

    @classmethod
    def of(cls, row: Any) -> CrossEntry:
        return cls(
            row["user_id"],
            row["game"],
            row["players"],
            row["pace"],
            row["guild_id"],
            row["channel_id"],
            row["name"],
            row["locale"],
            row["queued_at"],
            row["expires_at"],
            row["pending"],
            bool(row["confirmed"]),
            row["ask_channel"],
            row["ask_message"],
        )


@dataclass(frozen=True)
class Pending:
    id: int
    game: str
    players: int
    pace: str
    confirm_by: float


@dataclass(frozen=True)
class Place:
    """Where a cross-server game is shown in one more server, and who plays from there."""

    game_id: int
    channel_id: int
    guild_id: int
    people: frozenset[int]
    locale: str
    board_message_id: int | None = None
    board_version: int | None = None

    @classmethod
    def of(cls, row: Any) -> Place:
        return cls(
            row["game_id"],
            row["channel_id"],
            row["guild_id"],
            frozenset(json.loads(row["people"])),
            row["locale"],
            row["board_message_id"],
            row["board_version"],
        )


# ---- a server's cross channel ---------------------------------------------------------------------


async def set_cross_channel(store: Store, guild_id: int, channel: CrossChannel | None) -> None:
    if channel is None:
        await store.write_batch([("DELETE FROM cross_channels WHERE guild_id = ?", (guild_id,))])
        return
    await store.write_batch(
        [
            ("DELETE FROM cross_channels WHERE guild_id = ?", (guild_id,)),
            (
                "INSERT INTO cross_channels (guild_id, channel_id) VALUES (?, ?)",
                (guild_id, channel.channel_id),
            ),
        ]
    )


async def cross_channel(store: Store, guild_id: int) -> CrossChannel | None:
    row = await store.fetchrow("SELECT guild_id, channel_id FROM cross_channels WHERE guild_id = ?", (guild_id,))
    return None if row is None else CrossChannel(row["guild_id"], row["channel_id"])


# ---- names and blocks -------------------------------------------------------------------------------


async def set_neutral(store: Store, user_id: int, neutral: bool) -> None:
    await store.write_batch(
        [
            ("DELETE FROM cross_people WHERE user_id = ?", (user_id,)),
            ("INSERT INTO cross_people (user_id, neutral) VALUES (?, ?)", (user_id, int(neutral))),
        ]
    )


async def neutral(store: Store, user_id: int) -> bool:
    return bool(await store.fetchval("SELECT neutral FROM cross_people WHERE user_id = ?", (user_id,)))


async def block(store: Store, user_id: int, blocked_id: int) -> None:
    await store.write_batch(
        [
            ("DELETE FROM cross_blocks WHERE user_id = ? AND blocked_id = ?", (user_id, blocked_id)),
            ("INSERT INTO cross_blocks (user_id, blocked_id) VALUES (?, ?)", (user_id, blocked_id)),
        ]
    )


async def unblock(store: Store, user_id: int, blocked_id: int) -> int:
    (gone,) = await store.write_batch(
        [("DELETE FROM cross_blocks WHERE user_id = ? AND blocked_id = ?", (user_id, blocked_id))]
    ) or [0]
    return gone


async def blocks_among(store: Store, user_ids: Iterable[int]) -> set[frozenset[int]]:
    """The pairs among ``user_ids`` where one blocked the other (either way)."""
    ids = list(dict.fromkeys(user_ids))
    if len(ids) < 2:
        return set()
    marks = ",".join("?" * len(ids))
    rows = await store.fetch(
        f"SELECT user_id, blocked_id FROM cross_blocks WHERE user_id IN ({marks}) AND blocked_id IN ({marks})",
        (*ids, *ids),
    )
    return {frozenset((r["user_id"], r["blocked_id"])) for r in rows}


# ---- the queue ----------------------------------------------------------------------------------------

_ENTRY_COLUMNS = (
    "user_id, game, players, pace, guild_id, channel_id, name, locale, queued_at, expires_at,"
    " pending, confirmed, ask_channel, ask_message"
)


async def enqueue(store: Store, entry: CrossEntry) -> None:
    """Wait (again): replaces the person's earlier entry for the same game."""
    await store.write_batch(
        [
            ("DELETE FROM cross_queue WHERE user_id = ? AND game = ?", (entry.user_id, entry.game)),
            (
                f"INSERT INTO cross_queue ({_ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 0, NULL, NULL)",
                (
                    entry.user_id,
                    entry.game,
                    entry.players,
                    entry.pace,
                    entry.guild_id,
                    entry.channel_id,
                    entry.name,
                    entry.locale,
                    entry.queued_at,
                    entry.expires_at,
                ),
            ),
        ]
    )


async def dequeue(store: Store, user_id: int, game: str | None = None) -> int:
    """Stop waiting (for one game, or all); an entry in a group being confirmed stays."""
    if game is None:
        sql, params = "DELETE FROM cross_queue WHERE user_id = ? AND pending IS NULL", (user_id,)
    else:
        sql, params = "DELETE FROM cross_queue WHERE user_id = ? AND game = ? AND pending IS NULL", (user_id, game)
    (gone,) = await store.write_batch([(sql, params)]) or [0]
    return gone


async def waiting(store: Store, now: float, *, game: str | None = None) -> list[CrossEntry]:
    """Who waits (not in a group being confirmed), longest first; expired entries are dropped."""
    await store.write_batch([("DELETE FROM cross_queue WHERE expires_at <= ? AND pending IS NULL", (now,))])
    where, params = "pending IS NULL", ()
    if game is not None:
        where, params = "pending IS NULL AND game = ?", (game,)
    rows = await store.fetch(
        f"SELECT {_ENTRY_COLUMNS} FROM cross_queue WHERE {where} ORDER BY queued_at, user_id", params
    )
    return [CrossEntry.of(r) for r in rows]


async def entries_of(store: Store, user_id: int) -> list[CrossEntry]:
    rows = await store.fetch(f"SELECT {_ENTRY_COLUMNS} FROM cross_queue WHERE user_id = ? ORDER BY game", (user_id,))
    return [CrossEntry.of(r) for r in rows]


class _Taken(Exception):
    """Someone of the group was taken into another group meanwhile (another process)."""


async def make_pending(store: Store, group: Sequence[CrossEntry], confirm_by: float) -> int | None:
    """Take ``group`` out of the waiting line into a group to confirm; its id, or None when one of
    them is no longer waiting (another process grouped them first: nothing is written)."""
    first = group[0]
    try:
        async with store.transaction() as tx:
            pending_id = await tx.insert_returning_id(
                "INSERT INTO cross_pending (game, players, pace, confirm_by) VALUES (?, ?, ?, ?)",
                (first.game, first.players, first.pace, confirm_by),
            )
            for entry in group:
                taken = await tx.execute(
                    "UPDATE cross_queue SET pending = ?, confirmed = 0"
                    " WHERE user_id = ? AND game = ? AND pending IS NULL",
                    (pending_id, entry.user_id, entry.game),
                )
                if not taken:
                    raise _Taken
    except _Taken:
        return None
    return pending_id


async def pending(store: Store, pending_id: int) -> tuple[Pending, list[CrossEntry]] | None:
    row = await store.fetchrow(
        "SELECT id, game, players, pace, confirm_by FROM cross_pending WHERE id = ?", (pending_id,)
    )
    if row is None:
        return None
    rows = await store.fetch(
        f"SELECT {_ENTRY_COLUMNS} FROM cross_queue WHERE pending = ? ORDER BY queued_at, user_id", (pending_id,)
    )
    return Pending(row["id"], row["game"], row["players"], row["pace"], row["confirm_by"]), [
        CrossEntry.of(r) for r in rows
    ]


async def pendings(store: Store) -> list[Pending]:
    rows = await store.fetch("SELECT id, game, players, pace, confirm_by FROM cross_pending ORDER BY id")
    return [Pending(r["id"], r["game"], r["players"], r["pace"], r["confirm_by"]) for r in rows]


async def set_asked(store: Store, pending_id: int, user_id: int, channel_id: int, message_id: int) -> None:
    await store.write_batch(
        [
            (
                "UPDATE cross_queue SET ask_channel = ?, ask_message = ? WHERE pending = ? AND user_id = ?",
                (channel_id, message_id, pending_id, user_id),
            )
        ]
    )


async def confirm(store: Store, pending_id: int, user_id: int) -> bool:
    """``user_id`` confirms their place in the group; False when they are not in it (any more)."""
    changed = await store.write_batch(
        [("UPDATE cross_queue SET confirmed = 1 WHERE pending = ? AND user_id = ?", (pending_id, user_id))]
    )
    return bool(changed and changed[0])


async def release(store: Store, pending_id: int, now: float) -> None:
    """The time to confirm ran out: who confirmed waits again in their old place; who did not
    goes to the queue's end (and keeps the rest of their time)."""
    await store.write_batch(
        [
            ("UPDATE cross_queue SET queued_at = ? WHERE pending = ? AND confirmed = 0", (now, pending_id)),
            (
                "UPDATE cross_queue SET pending = NULL, confirmed = 0, ask_channel = NULL, ask_message = NULL"
                " WHERE pending = ?",
                (pending_id,),
            ),
            ("DELETE FROM cross_pending WHERE id = ?", (pending_id,)),
        ]
    )


async def seated(store: Store, pending_id: int) -> None:
    """The group's table opened: its entries and the group are gone."""
    await store.write_batch(
        [
            ("DELETE FROM cross_queue WHERE pending = ?", (pending_id,)),
            ("DELETE FROM cross_pending WHERE id = ?", (pending_id,)),
        ]
    )


# ---- a game's places ----------------------------------------------------------------------------------


async def add_places(store: Store, places: Sequence[Place]) -> None:
    await store.write_batch(
        [
            (
                "INSERT INTO game_places (game_id, channel_id, guild_id, people, locale) VALUES (?, ?, ?, ?, ?)",
                (p.game_id, p.channel_id, p.guild_id, json.dumps(sorted(p.people)), p.locale),
            )
            for p in places
        ]
    )


async def places(store: Store, game_id: int) -> list[Place]:
    rows = await store.fetch("SELECT * FROM game_places WHERE game_id = ? ORDER BY guild_id, channel_id", (game_id,))
    return [Place.of(r) for r in rows]


async def place_in(store: Store, channel_id: int) -> list[Place]:
    """The places in ``channel_id`` of games still open."""
    rows = await store.fetch(
        "SELECT p.* FROM game_places p JOIN games g ON g.id = p.game_id"
        " WHERE p.channel_id = ? AND g.status IN (?, ?) ORDER BY p.game_id",
        (channel_id, *OPEN_STATUSES),
    )
    return [Place.of(r) for r in rows]


async def open_game_in_place(store: Store, channel_id: int) -> GameRow | None:
    """The newest open game shown in ``channel_id`` as one of its further places."""
    games = await open_games_in_place(store, channel_id)
    return games[-1] if games else None


async def set_place_board(store: Store, game_id: int, channel_id: int, message_id: int | None, version: int) -> None:
    """As ``table_data.set_board_message``, for one further place: never moves back, not synced."""
    await store.write_batch(
        [
            (
                "UPDATE game_places SET board_message_id = COALESCE(?, board_message_id), board_version = ?"
                " WHERE game_id = ? AND channel_id = ? AND (board_version IS NULL OR board_version <= ?)",
                (message_id, version, game_id, channel_id, version),
            )
        ],
        durable=False,
    )


async def open_places(store: Store) -> dict[int, list[Place]]:
    """Every open game's further places, by game (read once at start-up)."""
    rows = await store.fetch(
        "SELECT p.* FROM game_places p JOIN games g ON g.id = p.game_id"
        " WHERE g.status IN (?, ?) ORDER BY p.game_id, p.guild_id, p.channel_id",
        OPEN_STATUSES,
    )
    found: dict[int, list[Place]] = {}
    for row in rows:
        found.setdefault(row["game_id"], []).append(Place.of(row))
    return found


async def owing_places(store: Store) -> set[int]:
    """The running games with a further place whose newest board shows an older version."""
    rows = await store.fetch(
        "SELECT DISTINCT p.game_id FROM game_places p JOIN games g ON g.id = p.game_id"
        " WHERE g.status = 'active' AND (p.board_version IS NULL OR p.board_version < g.version)"
    )
    return {r["game_id"] for r in rows}


async def open_games_in_place(store: Store, channel_id: int) -> list[GameRow]:
    """The open games shown in ``channel_id`` as one of their further places."""
    rows = await store.fetch(
        "SELECT g.* FROM games g JOIN game_places p ON p.game_id = g.id"
        " WHERE p.channel_id = ? AND g.status IN (?, ?) ORDER BY g.id",
        (channel_id, *OPEN_STATUSES),
    )
    return [_row_to_game(r) for r in rows]


async def running_places_in_guild(store: Store, guild_id: int) -> list[Place]:
    """The places in a server of the games still open (a server that removed the bot holds them)."""
    rows = await store.fetch(
        "SELECT p.* FROM game_places p JOIN games g ON g.id = p.game_id"
        " WHERE p.guild_id = ? AND g.status IN (?, ?) ORDER BY p.game_id",
        (guild_id, *OPEN_STATUSES),
    )
    return [Place.of(r) for r in rows]


async def open_game_shown_in(store: Store, channel_id: int) -> tuple[GameRow, int | None] | None:
    """The open game shown in ``channel_id`` (its own channel, or a further place) and the
    server of that channel."""
    row = await store.open_game_in_channel(channel_id)
    if row is not None:
        return row, row.guild_id
    for place in await place_in(store, channel_id):
        found = await store.get_game(place.game_id)
        if found is not None:
            return found, place.guild_id
    return None

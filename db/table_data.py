"""Store queries of the table platform beyond the game itself: deadlines (``deadline_at`` and the
``deadline`` column's bookkeeping, typed by ``table.deadlines``), board message ids, server and people
settings.

Kept apart from ``db/store.py`` and written in plain standard SQL (no SQLite-only functions, upserts
as UPDATE-then-INSERT) so another backend can port them one by one. Everything here is plain data;
``table.settings`` gives it types.
"""

from __future__ import annotations

import json
import time
import weakref
from dataclasses import dataclass, replace
from typing import Any

from db.recent import Recent
from db.rows import OPEN_STATUSES
from db.store import GameRow, Store, _row_to_game


@dataclass(frozen=True)
class Person:
    user_id: int
    dm_reminders: bool = False
    heads_up: bool = False
    away_until: float | None = None
    quiet_from: int | None = None  # quiet hours: minutes after midnight in ``quiet_tz``
    quiet_to: int | None = None
    quiet_tz: str | None = None
    share_turn_times: bool = False
    auto_play: bool = True  # a decision with one legal action is played for them (table.autoplay)
    inbox_mode: str = "off"  # direct messages when a table waits for them (table.inbox.MODES)
    inbox_locale: str | None = None  # the language they chose the inbox in


async def games_with_deadlines(store: Store) -> list[tuple[int, int | None, float, dict[str, Any] | None]]:
    """(game id, server, deadline, the deadline's bookkeeping) of every game that has a deadline (index
    scan); the server tells which shard's process looks after it."""
    rows = await store.fetch(
        "SELECT id, guild_id, deadline_at, deadline FROM games WHERE deadline_at IS NOT NULL ORDER BY deadline_at"
    )
    return [
        (r["id"], r["guild_id"], r["deadline_at"], json.loads(r["deadline"]) if r["deadline"] else None) for r in rows
    ]


async def open_games_in_guild(store: Store, guild_id: int | None) -> list[GameRow]:
    rows = await store.fetch(
        "SELECT * FROM games WHERE guild_id = ? AND status IN (?, ?) ORDER BY id",
        (guild_id, *OPEN_STATUSES),
    )
    return [_row_to_game(r) for r in rows]


async def open_games_of(store: Store, user_id: int, *, as_seen: bool = True) -> list[GameRow]:
    """The open games (any server) where ``user_id`` has a seat. The seats are stored as JSON, so
    the query keeps the rows whose seats mention the id's digits (a snowflake's 17+ digits match
    nothing else) and the seats themselves decide. A table across servers comes as the person sees
    it (``as_seen``): in their own server's thread, with the board shown there (``game_places``);
    else as stored (the web companion's addresses are signed with the game's own server)."""
    rows = await store.fetch(
        "SELECT * FROM games WHERE status IN (?, ?) AND seats LIKE ? ORDER BY id",
        (*OPEN_STATUSES, f"%{user_id}%"),
    )
    games = [game for game in map(_row_to_game, rows) if game.seat_of(user_id) is not None]
    if not games or not as_seen:
        return games
    marks = ",".join("?" * len(games))
    places = await store.fetch(
        f"SELECT game_id, channel_id, guild_id, board_message_id, people FROM game_places"
        f" WHERE game_id IN ({marks}) AND people LIKE ?",
        (*(g.id for g in games), f"%{user_id}%"),
    )
    theirs = {p["game_id"]: p for p in places if user_id in json.loads(p["people"])}
    return [
        replace(g, guild_id=p["guild_id"], channel_id=p["channel_id"], board_message_id=p["board_message_id"])
        if (p := theirs.get(g.id)) is not None
        else g
        for g in games
    ]


async def set_board_message(store: Store, game_id: int, message_id: int | None, version: int) -> None:
    """Remember the newest board (for jump links; ``message_id`` None: an edit of the same
    message) and the game version it shows (what ``table.reconcile`` compares). Not game state:
    the game's own version stays, so buttons on the board keep working. Never moves back: a late
    board of an older version does not undo a newer one. Not synced to the disk before it returns
    (``durable=False``, one disk wait less a move): a power cut may lose it, and then the reconciler
    shows the board once more, which is all this row is for."""
    await store.write_batch(
        [
            (
                "UPDATE games SET board_message_id = COALESCE(?, board_message_id), board_version = ?"
                " WHERE id = ? AND (board_version IS NULL OR board_version <= ?)",
                (message_id, version, game_id, version),
            )
        ],
        durable=False,
    )


async def server_settings(store: Store, guild_id: int) -> dict[str, Any]:
    """The server's stored table settings; only the ones it has set (empty: all defaults)."""
    row = await store.fetchrow(
        "SELECT move_seconds, dm_reminders, lobby_seconds, channels, open_games_limit, takeover_level"
        " FROM table_server_settings WHERE guild_id = ?",
        (guild_id,),
    )
    if row is None:
        return {}
    found: dict[str, Any] = {}
    if row["move_seconds"] is not None:
        found["move_seconds"] = int(row["move_seconds"])
    if row["dm_reminders"] is not None:
        found["dm_reminders"] = bool(row["dm_reminders"])
    if row["lobby_seconds"] is not None:
        found["lobby_seconds"] = int(row["lobby_seconds"])
    if row["channels"] is not None:
        found["channels"] = tuple(json.loads(row["channels"]))
    if row["open_games_limit"] is not None:
        found["open_games_limit"] = int(row["open_games_limit"])
    if row["takeover_level"] is not None:
        found["takeover_level"] = str(row["takeover_level"])
    return found


_SERVER_COLUMNS = ("move_seconds", "dm_reminders", "lobby_seconds", "channels", "open_games_limit", "takeover_level")


async def set_server_settings(store: Store, guild_id: int, *, by: int | None = None, **changes: Any) -> None:
    unknown = set(changes) - set(_SERVER_COLUMNS)
    if unknown:
        raise ValueError(f"unknown server settings: {sorted(unknown)}")
    values = {
        k: (json.dumps(list(v)) if k == "channels" else int(v) if k == "dm_reminders" else v)
        for k, v in changes.items()
    }
    now = time.time()
    async with store.transaction() as tx:
        exists = await tx.fetchrow("SELECT 1 FROM table_server_settings WHERE guild_id = ?", (guild_id,)) is not None
        if not exists:
            await tx.execute(
                "INSERT INTO table_server_settings (guild_id, updated_at, updated_by) VALUES (?, ?, ?)",
                (guild_id, now, by),
            )
        sets = ", ".join(f"{k} = ?" for k in values)
        await tx.execute(
            f"UPDATE table_server_settings SET {sets}{', ' if sets else ''}updated_at = ?, updated_by = ?"
            " WHERE guild_id = ?",
            (*values.values(), now, by, guild_id),
        )


# A move reads its players' settings several times (quiet hours for the clock, whom the board pings,
# whether an only move is played for them), and they change only by the person's own commands:
# each store keeps what it read for FRESH_PEOPLE seconds (``db.recent``). ``set_person`` forgets
# the person at once; another process's change (shards on one PostgreSQL) shows within that time.
FRESH_PEOPLE = 2.0
_recent_people: weakref.WeakKeyDictionary[Store, Recent[int, Person]] = weakref.WeakKeyDictionary()


def _recent(store: Store) -> Recent[int, Person]:
    recent = _recent_people.get(store)
    if recent is None:
        recent = _recent_people[store] = Recent(FRESH_PEOPLE)
    return recent


async def people(store: Store, user_ids: list[int]) -> dict[int, Person]:
    """Everyone's notification choices (people never set up get the defaults)."""
    recent = _recent(store)
    found: dict[int, Person] = {}
    missing = []
    for user_id in user_ids:
        person = recent.get(user_id)
        if person is None:
            missing.append(user_id)
        else:
            found[user_id] = person
    if not missing:
        return found
    mark = recent.mark()
    read = {u: Person(u) for u in missing}
    marks = ",".join("?" * len(missing))
    for r in await store.fetch(
        "SELECT user_id, dm_reminders, heads_up, away_until, quiet_from, quiet_to, quiet_tz, share_turn_times,"
        " auto_play, inbox_mode, inbox_locale"
        f" FROM table_people WHERE user_id IN ({marks})",
        tuple(missing),
    ):
        read[r["user_id"]] = Person(
            r["user_id"],
            bool(r["dm_reminders"]),
            bool(r["heads_up"]),
            r["away_until"],
            r["quiet_from"],
            r["quiet_to"],
            r["quiet_tz"],
            bool(r["share_turn_times"]),
            bool(r["auto_play"]),
            r["inbox_mode"],
            r["inbox_locale"],
        )
    recent.put(mark, read.items())
    found.update(read)
    return {u: found[u] for u in user_ids}


_PERSON_FLAGS = {"dm_reminders", "heads_up", "share_turn_times", "auto_play"}
_PERSON_VALUES = {"away_until", "quiet_from", "quiet_to", "quiet_tz", "inbox_mode", "inbox_locale"}


async def set_person(store: Store, user_id: int, **changes: Any) -> Person:
    allowed = _PERSON_FLAGS | _PERSON_VALUES
    if set(changes) - allowed:
        raise ValueError(f"unknown person settings: {sorted(set(changes) - allowed)}")
    values = {k: (int(v) if k in _PERSON_FLAGS else v) for k, v in changes.items()}
    async with store.transaction() as tx:
        exists = await tx.fetchrow("SELECT 1 FROM table_people WHERE user_id = ?", (user_id,)) is not None
        if not exists:
            await tx.execute("INSERT INTO table_people (user_id) VALUES (?)", (user_id,))
        if values:
            sets = ", ".join(f"{k} = ?" for k in values)
            await tx.execute(f"UPDATE table_people SET {sets} WHERE user_id = ?", (*values.values(), user_id))
    _recent(store).changed(user_id)
    return (await people(store, [user_id]))[user_id]


# ---- the inbox message (table.inbox) ------------------------------------------------------------
@dataclass(frozen=True)
class InboxMessage:
    """A person's kept inbox message (``channel_id``/``message_id`` None: none now) and the turns
    ("game:turn start" keys) they were already told about."""

    channel_id: int | None = None
    message_id: int | None = None
    shown: tuple[str, ...] = ()


async def inbox_message(store: Store, user_id: int) -> InboxMessage:
    r = await store.fetchrow(
        "SELECT inbox_channel, inbox_message, inbox_shown FROM table_people WHERE user_id = ?", (user_id,)
    )
    if r is None:
        return InboxMessage()
    shown = tuple(json.loads(r["inbox_shown"])) if r["inbox_shown"] else ()
    return InboxMessage(r["inbox_channel"], r["inbox_message"], shown)


async def people_with_inbox(store: Store, mode: str) -> list[int]:
    """The people whose inbox is ``mode`` (the daily digests are armed again at start-up)."""
    rows = await store.fetch("SELECT user_id FROM table_people WHERE inbox_mode = ? ORDER BY user_id", (mode,))
    return [r["user_id"] for r in rows]


async def set_inbox_message(store: Store, user_id: int, message: InboxMessage) -> None:
    """Remember the person's inbox message (their row exists: only people who chose an inbox have one)."""
    await store.write_batch(
        [
            (
                "UPDATE table_people SET inbox_channel = ?, inbox_message = ?, inbox_shown = ? WHERE user_id = ?",
                (message.channel_id, message.message_id, json.dumps(list(message.shown)), user_id),
            )
        ]
    )


async def set_deadline(
    store: Store, game_id: int, version: int, deadline_at: float | None, bookkeeping: dict[str, Any] | None
) -> bool:
    """Change only a game's deadline and its bookkeeping (``bookkeeping``: a reminder sent, an extension),
    if the game is still at ``version``. The version stays: the board's buttons remain valid."""
    async with store.transaction() as tx:
        changed = await tx.execute(
            "UPDATE games SET deadline_at = ?, deadline = ? WHERE id = ? AND version = ?",
            (deadline_at, json.dumps(bookkeeping) if bookkeeping is not None else None, game_id, version),
        )
        return changed == 1


# ---- away periods (turn times leave them out) ------------------------------------------------
async def add_away_period(store: Store, user_id: int, start: float, end: float) -> None:
    """Record that ``user_id`` is away from ``start`` to ``end``; an earlier period still running
    at ``start`` ends there (coming back early, or a new ``/table away``)."""
    async with store.transaction() as tx:
        await tx.execute(
            "UPDATE table_away_periods SET away_to = ? WHERE user_id = ? AND away_from <= ? AND away_to > ?",
            (start, user_id, start, start),
        )
        if end > start:
            await tx.execute("DELETE FROM table_away_periods WHERE user_id = ? AND away_from = ?", (user_id, start))
            await tx.execute(
                "INSERT INTO table_away_periods (user_id, away_from, away_to) VALUES (?, ?, ?)", (user_id, start, end)
            )


async def away_periods(store: Store, user_id: int) -> list[tuple[float, float]]:
    rows = await store.fetch(
        "SELECT away_from, away_to FROM table_away_periods WHERE user_id = ? ORDER BY away_from", (user_id,)
    )
    return [(r["away_from"], r["away_to"]) for r in rows]


# ---- the move log's times (turn times, the rematch window) -------------------------------------
async def timed_moves(store: Store, game_id: int) -> list[tuple[int | None, str, float]]:
    """(seat, action, time) of every entry of the game's move log, in order."""
    rows = await store.fetch("SELECT seat, action, at FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
    return [(r["seat"], r["action"], r["at"]) for r in rows]


async def last_move_at(store: Store, game_id: int) -> float | None:
    """When the game's last move-log entry was written (None: no entry)."""
    at: float | None = await store.fetchval("SELECT MAX(at) FROM moves WHERE game_id = ?", (game_id,))
    return at


async def recent_games_of(store: Store, guild_id: int, user_id: int, limit: int) -> list[tuple[int, int, str]]:
    """(game id, seat, game) of the person's last ``limit`` finished games in the server, newest first."""
    rows = await store.fetch(
        "SELECT game_id, seat, game FROM results WHERE guild_id = ? AND user_id = ? ORDER BY game_id DESC LIMIT ?",
        (guild_id, user_id, limit),
    )
    return [(r["game_id"], r["seat"], r["game"]) for r in rows]


# ---- notifications held during quiet hours ---------------------------------------------------
async def hold(store: Store, user_id: int, game_id: int, kind: str, due_at: float) -> None:
    """Keep a notification for ``user_id`` until ``due_at`` (the end of their quiet hours). One per
    person, game and kind: holding it again changes nothing, so it goes out once."""
    async with store.transaction() as tx:
        exists = await tx.fetchrow(
            "SELECT 1 FROM table_held WHERE user_id = ? AND game_id = ? AND kind = ?", (user_id, game_id, kind)
        )
        if exists is None:
            await tx.execute(
                "INSERT INTO table_held (user_id, game_id, kind, due_at) VALUES (?, ?, ?, ?)",
                (user_id, game_id, kind, due_at),
            )


async def held(store: Store, user_id: int | None = None) -> list[tuple[int, int, str, float]]:
    """Every held notification (of ``user_id`` if given) as (user, game, kind, due), earliest first."""
    where, params = ("WHERE user_id = ? ", (user_id,)) if user_id is not None else ("", ())
    rows = await store.fetch(
        f"SELECT user_id, game_id, kind, due_at FROM table_held {where}ORDER BY due_at, user_id, game_id", params
    )
    return [(r["user_id"], r["game_id"], r["kind"], r["due_at"]) for r in rows]


async def take_held(store: Store, user_id: int, game_id: int, now: float) -> list[str]:
    """Remove and return the kinds of ``user_id``'s notifications of ``game_id`` held until ``now``
    or earlier: whoever takes them sends them, so each goes out once."""
    async with store.transaction() as tx:
        rows = await tx.fetch(
            "SELECT kind FROM table_held WHERE user_id = ? AND game_id = ? AND due_at <= ? ORDER BY kind",
            (user_id, game_id, now),
        )
        await tx.execute(
            "DELETE FROM table_held WHERE user_id = ? AND game_id = ? AND due_at <= ?", (user_id, game_id, now)
        )
    return [r["kind"] for r in rows]


@dataclass(frozen=True)
class ChannelTrouble:
    channel_id: int
    guild_id: int | None
    since: float
    reason: str


async def set_channel_trouble(store: Store, channel_id: int, guild_id: int | None, since: float, reason: str) -> bool:
    """Remember that the bot cannot post in ``channel_id`` (kept since the first time); True when
    this is news (the channel was not known to be in trouble). One transaction, no read first: two
    reports of one channel at once (a gateway event and a refused post, or discord.py's own
    thread deletions for a deleted channel and Discord's) must not both insert."""
    counts = await store.write_batch(
        [
            (
                "INSERT INTO table_channel_trouble (channel_id, guild_id, since, reason) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (channel_id) DO NOTHING",
                (channel_id, guild_id, since, reason),
            ),
            ("UPDATE table_channel_trouble SET reason = ? WHERE channel_id = ?", (reason, channel_id)),
        ]
    )
    return bool(counts and counts[0])


async def clear_channel_trouble(store: Store, channel_id: int) -> None:
    await store.write_batch([("DELETE FROM table_channel_trouble WHERE channel_id = ?", (channel_id,))])


async def channels_in_trouble(store: Store) -> list[ChannelTrouble]:
    rows = await store.fetch("SELECT * FROM table_channel_trouble ORDER BY since")
    return [ChannelTrouble(r["channel_id"], r["guild_id"], r["since"], r["reason"]) for r in rows]


async def open_games_in_channel(store: Store, channel_id: int) -> list[GameRow]:
    rows = await store.fetch(
        "SELECT * FROM games WHERE channel_id = ? AND status IN (?, ?) ORDER BY id", (channel_id, *OPEN_STATUSES)
    )
    return [_row_to_game(r) for r in rows]

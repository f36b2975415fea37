"""The league: standings, ratings and seasons per server, on top of the results the store writes.

Facts and derived data are kept apart:

- Facts: the ``results`` rows (one per seat of every finished or cancelled game), the seasons of each
  server (``league_seasons``, each remembering whether its ratings carried over), the server's
  settings, and the ledger ``league_games``: for every game of a server, the season it counts in,
  whether it is rated, and ``seq``, the order in which it was counted.
- Derived: the ratings (``league_ratings``). :func:`attach` registers :func:`on_results` as the
  store's results hook, so it runs in the same transaction that writes a game's results and updates
  them incrementally; :func:`recompute` rebuilds them from the ledger and the results alone,
  replaying games in ``seq`` order with the same arithmetic, so both give exactly the same numbers
  (a test checks this). Standings (games played, wins, points) are never stored: they are sums over
  the results of a season.

Ratings come from ``openskill``'s PlackettLuce model with its default parameters (mu 25, sigma 25/3,
beta 25/6, tau 25/300): every game is a free-for-all of single-player teams ranked by placement;
equal placements are ties (see ``db.ratings.rate`` for how they reach openskill). Only rated games count:
every seat a person, each placed. :func:`is_rated` is the one place that decides; its answer goes
into the ledger and the results' ``rated`` column. Games with computer players and cancelled games
are in the ledger and in the history but change no standings or ratings. A seat that resigned is
placed after everyone who played on, so a resignation is a loss. Each rated game updates two ratings
per player: the game's own and the one over all games (key ``"all"``). What players see is
:func:`display_rating`, the conservative estimate ``mu - 3 * sigma`` scaled so a newcomer starts at
1000.

Seasons: a server starts in season 1 (created with its first result). An admin starts the next
season; games finishing after that count in it. A season whose ``carry_over`` is set starts each
player from their last rating of the seasons before it (back to the latest season that reset); a
season that resets starts everybody afresh. Past seasons stay readable.

If the league code ever fails while a game finishes, the store's write still succeeds (the store
rolls its hooks back to a savepoint and logs them) and :func:`catch_up`, run when the league cog
loads, counts the game afterwards. ``catch_up`` also takes in results written before this module
existed, or by a store the league was not attached to.

On PostgreSQL several bot processes may finish games at once: every league write takes one advisory
lock (:data:`LEAGUE_LOCK`), so ratings are read and updated by one transaction at a time.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from db import ladder
from db.backend import Tx
from db.ratings import MODEL, display_rating, is_rated, rate
from db.rows import GameStatus, ResultRow

if TYPE_CHECKING:
    from db.store import Store

log = logging.getLogger("tafelbot.league")

ALL = "all"  # the rating key over every game (never a game's own key)
# On PostgreSQL several processes may finish games at once: league writes take this advisory lock
# so ratings are read and updated by one of them at a time (and games counted in commit order).
LEAGUE_LOCK = 0x1EA6E


class LeagueError(Exception):
    """A request the league refuses (a user's mistake). ``code`` → ``league-error-<code>``."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


# ---- what the queries return ---------------------------------------------------------------------
@dataclass(frozen=True)
class Season:
    number: int
    started_at: float | None  # None: season 1 of a server without any game yet
    carry_over: bool  # this season's ratings started from the previous season's
    games: int  # games counted in it (rated and unrated; cancelled ones not)
    rated_games: int


@dataclass(frozen=True)
class Settings:
    carry_over: bool  # a new season carries ratings over (True) or resets them (False)


@dataclass(frozen=True)
class Standing:
    """One line of a table. ``position`` is the line number in the full table (1, 2, 3 ...),
    ``rank`` the place shown (equal lines share it). ``points`` is None over all games, where
    the games' own points do not add up."""

    position: int
    rank: int
    user_id: int
    name: str
    played: int
    wins: int
    points: float | None
    rating: int
    mu: float
    sigma: float


@dataclass(frozen=True)
class HistoryEntry:
    game_id: int
    game: str
    channel_id: int
    season: int
    finished_at: float
    rated: bool
    cancelled: bool
    seats: tuple[ResultRow, ...]  # best placement first; cancelled games in seat order


@dataclass(frozen=True)
class GameRecord:
    """A player's record in one game (or ``ALL``): rated games over every season."""

    game: str
    played: int
    wins: int
    points: float | None
    rating: int | None  # the rating their next game starts from; None if they have none now
    best: int | None  # best placement
    best_of: int | None  # players in that game


@dataclass(frozen=True)
class Profile:
    user_id: int
    season: int
    records: tuple[GameRecord, ...]  # ALL first, then each game played, most played first
    unrated: int  # games with computers or cancelled
    recent: tuple[HistoryEntry, ...]


# ---- the hook in the store -----------------------------------------------------------------------
def attach(store: Store) -> None:
    """Register the league on a store: from now on every game's results are counted in the
    transaction that writes them. ``bot.py`` does this right after opening the store; games written
    by a store without the league are taken in by :func:`catch_up`."""
    store.on_results("league", on_results)


async def on_results(tx: Tx, game_id: int) -> None:
    """Count a game whose results were just written (the store's results hook, inside its
    transaction). Counts each game once, whatever calls it again. If this raises, the store undoes
    the league's part and logs it, and :func:`catch_up` counts the game later."""
    await _count_game(tx, game_id)


async def _rated(tx: Tx, game_id: int, rows: Sequence[Any]) -> bool:
    """``is_rated``, and not a table across servers (``game_places``): its players are of several
    servers, so it counts in none of their leagues, unrated, and on the ladder that travels
    (``db.ladder``) instead."""
    across = await tx.fetchval("SELECT COUNT(*) FROM game_places WHERE game_id = ?", (game_id,))
    if across:
        await ladder.count(tx, game_id, rows, max(r["finished_at"] or 0.0 for r in rows))
    return is_rated(rows) and not across


async def _count_game(tx: Tx, game_id: int) -> None:
    rows = await _results_of(tx, game_id)
    if not rows:
        return
    rated = await _rated(tx, game_id, rows)
    if any(bool(r["rated"]) != rated for r in rows):
        # The caller's guess is replaced by the league's decision, so the results say what counted.
        await tx.execute("UPDATE results SET rated = ? WHERE game_id = ?", (int(rated), game_id))
    if rows[0]["guild_id"] is None:
        return  # a game outside any server: no league
    guild_id = rows[0]["guild_id"]
    await tx.lock(LEAGUE_LOCK)
    await _ensure_first_season(tx, guild_id, rows[0]["finished_at"])
    season = await _current_season(tx, guild_id)
    pending = await _has_pending(tx, guild_id)
    counted = await tx.execute(
        "INSERT INTO league_games (game_id, guild_id, season, game, rated, applied) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT DO NOTHING",
        (game_id, guild_id, season, rows[0]["game"], int(rated), int(not pending)),
    )
    if counted == 0:
        return  # counted before
    if pending:
        await _recompute_guild(tx, guild_id)
    elif rated:
        await _rate_incrementally(tx, guild_id, season, rows[0]["game"], rows)


# ---- ratings ------------------------------------------------------------------------------------
def _carried_from(season: int, reset_seasons: Iterable[int]) -> range:
    """The seasons (newest first) a season's ratings start from: back to the latest season that
    reset, not including it if it is this one."""
    first = max((s for s in reset_seasons if s <= season), default=1)
    return range(season - 1, first - 1, -1)


async def _reset_seasons(tx: Tx, guild_id: int) -> list[int]:
    return [
        r[0]
        for r in await tx.fetch("SELECT number FROM league_seasons WHERE guild_id = ? AND carry_over = 0", (guild_id,))
    ]


async def _starting_rating(
    tx: Tx, guild_id: int, season: int, key: str, user_id: int, resets: Sequence[int]
) -> tuple[float, float, int] | None:
    """(mu, sigma, games this season) a player's next game in ``season`` starts from, or None if
    they have no rating there (not even a carried one)."""
    row = await tx.fetchrow(
        "SELECT mu, sigma, games FROM league_ratings WHERE guild_id = ? AND season = ? AND game = ? AND user_id = ?",
        (guild_id, season, key, user_id),
    )
    if row is not None:
        return row["mu"], row["sigma"], row["games"]
    seasons = _carried_from(season, resets)
    if not seasons:
        return None
    row = await tx.fetchrow(
        "SELECT mu, sigma FROM league_ratings WHERE guild_id = ? AND game = ? AND user_id = ?"
        " AND season BETWEEN ? AND ? ORDER BY season DESC LIMIT 1",
        (guild_id, key, user_id, seasons[-1], seasons[0]),
    )
    return (row["mu"], row["sigma"], 0) if row is not None else None


async def _rate_incrementally(tx: Tx, guild_id: int, season: int, game: str, rows: Sequence[Any]) -> None:
    resets = await _reset_seasons(tx, guild_id)
    users = [r["user_id"] for r in rows]
    placements = [r["placement"] for r in rows]
    for key in (game, ALL):
        before = []
        for user_id in users:
            start = await _starting_rating(tx, guild_id, season, key, user_id, resets)
            before.append(start or (MODEL.mu, MODEL.sigma, 0))
        after = rate([(mu, sigma) for mu, sigma, _ in before], placements)
        await tx.executemany(
            "INSERT INTO league_ratings (guild_id, season, game, user_id, mu, sigma, games)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, season, game, user_id)"
            " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
            [
                (guild_id, season, key, user_id, mu, sigma, old[2] + 1)
                for user_id, (mu, sigma), old in zip(users, after, before, strict=True)
            ],
        )


async def _recompute_guild(tx: Tx, guild_id: int) -> int:
    """Rebuild a server's ratings from its ledger and results, in counting order. Returns the
    number of rated games replayed."""
    resets = await _reset_seasons(tx, guild_id)
    rows = await tx.fetch(
        "SELECT lg.game_id, lg.season, lg.game, r.user_id, r.placement, r.is_computer"
        " FROM league_games lg JOIN results r ON r.game_id = lg.game_id"
        " WHERE lg.guild_id = ? AND lg.rated = 1 ORDER BY lg.seq, r.seat",
        (guild_id,),
    )
    games: dict[int, list[Any]] = {}
    for row in rows:
        games.setdefault(row["game_id"], []).append(row)
    ratings: dict[tuple[int, str, int], tuple[float, float, int]] = {}
    counted = 0
    for seats in games.values():  # dicts keep insertion order: the ledger's order
        if not is_rated(seats):
            continue
        counted += 1
        season, game = seats[0]["season"], seats[0]["game"]
        users = [r["user_id"] for r in seats]
        for key in (game, ALL):
            before = []
            for user_id in users:
                start = ratings.get((season, key, user_id))
                if start is None:
                    carried = next(
                        (
                            ratings[(s, key, user_id)]
                            for s in _carried_from(season, resets)
                            if (s, key, user_id) in ratings
                        ),
                        None,
                    )
                    start = (carried[0], carried[1], 0) if carried else (MODEL.mu, MODEL.sigma, 0)
                before.append(start)
            after = rate([(mu, sigma) for mu, sigma, _ in before], [r["placement"] for r in seats])
            for user_id, (mu, sigma), old in zip(users, after, before, strict=True):
                ratings[(season, key, user_id)] = (mu, sigma, old[2] + 1)
    await tx.execute("DELETE FROM league_ratings WHERE guild_id = ?", (guild_id,))
    await tx.executemany(
        "INSERT INTO league_ratings (guild_id, season, game, user_id, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(guild_id, season, key, user_id, *value) for (season, key, user_id), value in ratings.items()],
    )
    await tx.execute("UPDATE league_games SET applied = 1 WHERE guild_id = ? AND applied = 0", (guild_id,))
    return counted


async def recompute(store: Store, guild_id: int | None = None) -> int:
    """Rebuild the ratings of one server (or all) from the stored results; returns the number of
    rated games replayed. The result equals what the incremental updates produced."""
    async with _writing(store) as tx:
        if guild_id is not None:
            return await _recompute_guild(tx, guild_id)
        guilds = [r[0] for r in await tx.fetch("SELECT DISTINCT guild_id FROM league_games ORDER BY guild_id")]
        return sum([await _recompute_guild(tx, g) for g in guilds])


async def catch_up(store: Store) -> int:
    """Count games whose results are not in the league yet (written before the league existed, or
    while the league failed) in each server's current season, then recompute every server with
    games waiting. Returns the number of games taken in. Cheap when there is nothing to do."""
    async with _writing(store) as tx:
        rows = await tx.fetch(
            "SELECT r.* FROM results r LEFT JOIN league_games lg ON lg.game_id = r.game_id"
            " WHERE lg.game_id IS NULL AND r.guild_id IS NOT NULL ORDER BY r.finished_at, r.game_id, r.seat"
        )
        games: dict[int, list[Any]] = {}
        for row in rows:
            games.setdefault(row["game_id"], []).append(row)
        for game_id, seats in games.items():
            guild_id = seats[0]["guild_id"]
            rated = await _rated(tx, game_id, seats)
            await tx.execute("UPDATE results SET rated = ? WHERE game_id = ?", (int(rated), game_id))
            await _ensure_first_season(tx, guild_id, seats[0]["finished_at"])
            await tx.execute(
                "INSERT INTO league_games (game_id, guild_id, season, game, rated, applied) VALUES (?, ?, ?, ?, ?, 0)",
                (game_id, guild_id, await _current_season(tx, guild_id), seats[0]["game"], int(rated)),
            )
        waiting = [r[0] for r in await tx.fetch("SELECT DISTINCT guild_id FROM league_games WHERE applied = 0")]
        for guild_id in waiting:
            await _recompute_guild(tx, guild_id)
    if games:
        log.info("league: took in %d game(s) not counted before", len(games))
    return len(games)


# ---- seasons and settings -------------------------------------------------------------------------
async def current_season(store: Store, guild_id: int) -> int:
    return await _current_season(store.reader, guild_id)


async def _current_season(tx: Tx, guild_id: int) -> int:
    (number,) = await tx.fetchrow("SELECT MAX(number) FROM league_seasons WHERE guild_id = ?", (guild_id,))
    return number or 1


async def _ensure_first_season(tx: Tx, guild_id: int, started_at: float) -> None:
    await tx.execute(
        "INSERT INTO league_seasons (guild_id, number, started_at, started_by, carry_over)"
        " VALUES (?, 1, ?, NULL, 1) ON CONFLICT DO NOTHING",  # season 1 exists once any season does
        (guild_id, started_at),
    )


async def _has_pending(tx: Tx, guild_id: int) -> bool:
    return (
        await tx.fetchrow("SELECT 1 FROM league_games WHERE guild_id = ? AND applied = 0 LIMIT 1", (guild_id,))
        is not None
    )


async def seasons(store: Store, guild_id: int) -> list[Season]:
    """Every season of the server, oldest first (season 1 even before its first game)."""
    rows = await store.reader.fetch(
        "SELECT s.number, s.started_at, s.carry_over,"
        " (SELECT COUNT(*) FROM league_games lg JOIN games g ON g.id = lg.game_id"
        "   WHERE lg.guild_id = s.guild_id AND lg.season = s.number AND g.status = ?) AS games,"
        " (SELECT COUNT(*) FROM league_games lg"
        "   WHERE lg.guild_id = s.guild_id AND lg.season = s.number AND lg.rated = 1) AS rated_games"
        " FROM league_seasons s WHERE s.guild_id = ? ORDER BY s.number",
        (GameStatus.FINISHED, guild_id),
    )
    found = [Season(r["number"], r["started_at"], bool(r["carry_over"]), r["games"], r["rated_games"]) for r in rows]
    return found or [Season(1, None, True, 0, 0)]


async def new_season(store: Store, guild_id: int, *, started_by: int | None = None) -> Season:
    """Start the next season, carrying ratings over or not as the server's settings say. Refused
    (``LeagueError("season-empty")``) while the current season has no finished game yet, so a
    repeated command does not make empty seasons."""
    now = time.time()
    async with _writing(store) as tx:
        await _ensure_first_season(tx, guild_id, now)
        current = await _current_season(tx, guild_id)
        (finished,) = await tx.fetchrow(
            "SELECT COUNT(*) FROM league_games lg JOIN games g ON g.id = lg.game_id"
            " WHERE lg.guild_id = ? AND lg.season = ? AND g.status = ?",
            (guild_id, current, GameStatus.FINISHED),
        )
        if not finished:
            raise LeagueError("season-empty", season=current)
        carry = (await _settings(tx, guild_id)).carry_over
        await tx.execute(
            "INSERT INTO league_seasons (guild_id, number, started_at, started_by, carry_over) VALUES (?, ?, ?, ?, ?)",
            (guild_id, current + 1, now, started_by, int(carry)),
        )
    return Season(current + 1, now, carry, 0, 0)


async def settings(store: Store, guild_id: int) -> Settings:
    return await _settings(store.reader, guild_id)


async def _settings(tx: Tx, guild_id: int) -> Settings:
    row = await tx.fetchrow("SELECT carry_over FROM league_settings WHERE guild_id = ?", (guild_id,))
    return Settings(carry_over=bool(row["carry_over"]) if row else True)


async def set_carry_over(store: Store, guild_id: int, carry_over: bool, *, by: int | None = None) -> Settings:
    """Whether the next new season carries ratings over; seasons already started keep theirs."""
    async with _writing(store) as tx:
        await tx.execute(
            "INSERT INTO league_settings (guild_id, carry_over, updated_at, updated_by) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET carry_over = excluded.carry_over,"
            " updated_at = excluded.updated_at, updated_by = excluded.updated_by",
            (guild_id, int(carry_over), time.time(), by),
        )
    return Settings(carry_over=carry_over)


# ---- standings, profile, history --------------------------------------------------------------
async def standings(
    store: Store, guild_id: int, *, season: int | None = None, game: str | None = None
) -> list[Standing]:
    """The table of a season (default: the current one) for one game or, with ``game=None``, over
    all games: every person with a rated game in it, best first (rating, then wins, points, games)."""
    tx = store.reader
    if season is None:
        season = await _current_season(tx, guild_id)
    key = game or ALL
    totals = {
        r["user_id"]: r
        for r in await tx.fetch(
            "SELECT r.user_id, COUNT(*) AS played, SUM(CASE WHEN r.placement = 1 THEN 1 ELSE 0 END) AS wins, SUM(r.score) AS points"
            " FROM league_games lg JOIN results r ON r.game_id = lg.game_id"
            " WHERE lg.guild_id = ? AND lg.season = ? AND lg.rated = 1 AND (CAST(? AS TEXT) IS NULL OR lg.game = ?)"
            " GROUP BY r.user_id",
            (guild_id, season, game, game),
        )
    }
    ratings = {
        r["user_id"]: (r["mu"], r["sigma"])
        for r in await tx.fetch(
            "SELECT user_id, mu, sigma FROM league_ratings WHERE guild_id = ? AND season = ? AND game = ?",
            (guild_id, season, key),
        )
    }
    names = await _latest_names(tx, guild_id, totals)
    lines = []
    for user_id, t in totals.items():
        mu, sigma = ratings.get(user_id, (MODEL.mu, MODEL.sigma))
        # Over all games this adds each game's own points (race points, barrels ...), as the
        # league asks; the rating is what compares players across games.
        points = float(t["points"] or 0)
        lines.append((display_rating(mu, sigma), t["wins"], points or 0.0, t["played"], user_id, mu, sigma, points))
    lines.sort(key=lambda x: (-x[0], -x[1], -x[2], -x[3], names.get(x[4], "").casefold(), x[4]))
    result = []
    for position, (rating, wins, _p, played, user_id, mu, sigma, points) in enumerate(lines, start=1):
        rank = position
        if result and (result[-1].rating, result[-1].wins, result[-1].points or 0.0, result[-1].played) == (
            rating,
            wins,
            points or 0.0,
            played,
        ):
            rank = result[-1].rank
        result.append(
            Standing(position, rank, user_id, names.get(user_id, "?"), played, wins, points, rating, mu, sigma)
        )
    return result


async def _latest_names(tx: Tx, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
    """The name each person had in their latest game in the server."""
    ids = list(user_ids)
    names: dict[int, str] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for row in await tx.fetch(
            f"SELECT r.user_id, r.name FROM results r JOIN league_games lg ON lg.game_id = r.game_id"
            f" WHERE lg.guild_id = ? AND r.user_id IN ({marks}) ORDER BY lg.seq",
            (guild_id, *chunk),
        ):
            names[row["user_id"]] = row["name"]
    return names


async def profile(store: Store, guild_id: int, user_id: int, *, recent: int = 5) -> Profile:
    """A person's record per game and over all games (rated games of every season), the rating
    their next game starts from, and their latest games of any kind."""
    tx = store.reader
    season = await _current_season(tx, guild_id)
    rows = await tx.fetch(
        "SELECT lg.game, r.placement, r.score, (SELECT COUNT(*) FROM results o WHERE o.game_id = r.game_id) AS seats"
        " FROM league_games lg JOIN results r ON r.game_id = lg.game_id"
        " WHERE lg.guild_id = ? AND lg.rated = 1 AND r.user_id = ? ORDER BY lg.seq",
        (guild_id, user_id),
    )
    (unrated,) = await tx.fetchrow(
        "SELECT COUNT(*) FROM league_games lg JOIN results r ON r.game_id = lg.game_id"
        " WHERE lg.guild_id = ? AND lg.rated = 0 AND r.user_id = ?",
        (guild_id, user_id),
    )
    resets = await _reset_seasons(tx, guild_id)
    by_game: dict[str, list[Any]] = {}
    for row in rows:
        by_game.setdefault(row["game"], []).append(row)
    records = []
    for key, games in [(ALL, rows), *sorted(by_game.items(), key=lambda kv: (-len(kv[1]), kv[0]))]:
        if not games:
            continue
        start = await _starting_rating(tx, guild_id, season, key, user_id, resets)
        best = min(games, key=lambda r: (r["placement"], -r["seats"]))
        records.append(
            GameRecord(
                game=key,
                played=len(games),
                wins=sum(1 for r in games if r["placement"] == 1),
                points=float(sum(r["score"] or 0 for r in games)),
                rating=display_rating(start[0], start[1]) if start else None,
                best=best["placement"],
                best_of=best["seats"],
            )
        )
    latest = await history(store, guild_id, user_id=user_id, limit=recent) if recent else []
    return Profile(user_id, season, tuple(records), unrated, tuple(latest))


async def history(
    store: Store, guild_id: int, *, game: str | None = None, user_id: int | None = None, limit: int = 10
) -> list[HistoryEntry]:
    """The server's latest games (rated, unrated and cancelled), newest first; optionally of one
    game or with one person."""
    tx = store.reader
    games = await tx.fetch(
        "SELECT lg.game_id, lg.game, lg.season, lg.rated, g.channel_id, g.status FROM league_games lg"
        " JOIN games g ON g.id = lg.game_id WHERE lg.guild_id = ? AND (CAST(? AS TEXT) IS NULL OR lg.game = ?)"
        " AND (CAST(? AS BIGINT) IS NULL OR EXISTS (SELECT 1 FROM results o WHERE o.game_id = lg.game_id AND o.user_id = ?))"
        " ORDER BY lg.seq DESC LIMIT ?",
        (guild_id, game, game, user_id, user_id, limit),
    )
    if not games:
        return []
    marks = ",".join("?" * len(games))
    seats: dict[int, list[Any]] = {}
    for row in await tx.fetch(
        f"SELECT * FROM results WHERE game_id IN ({marks}) ORDER BY game_id, placement IS NULL, placement, seat",
        [g["game_id"] for g in games],
    ):
        seats.setdefault(row["game_id"], []).append(row)
    entries = []
    for g in games:
        rows = seats.get(g["game_id"], [])
        entries.append(
            HistoryEntry(
                game_id=g["game_id"],
                game=g["game"],
                channel_id=g["channel_id"],
                season=g["season"],
                finished_at=rows[0]["finished_at"] if rows else 0.0,
                rated=bool(g["rated"]),
                cancelled=g["status"] == GameStatus.CANCELLED,
                seats=tuple(ResultRow.of(r) for r in rows),
            )
        )
    return entries


# ---- helpers ------------------------------------------------------------------------------------
async def _results_of(tx: Tx, game_id: int) -> list[Any]:
    return list(await tx.fetch("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,)))


@asynccontextmanager
async def _writing(store: Store) -> AsyncIterator[Tx]:
    """A write transaction of the store that also keeps other processes' league writes out."""
    async with store.transaction() as tx:
        await tx.lock(LEAGUE_LOCK)
        yield tx


__all__ = [
    "ALL",
    "GameRecord",
    "HistoryEntry",
    "LeagueError",
    "Profile",
    "Season",
    "ResultRow",
    "Settings",
    "Standing",
    "attach",
    "catch_up",
    "current_season",
    "display_rating",
    "history",
    "is_rated",
    "new_season",
    "on_results",
    "profile",
    "recompute",
    "seasons",
    "set_carry_over",
    "settings",
    "standings",
]

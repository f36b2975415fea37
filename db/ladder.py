"""The ladder that travels (issue 49): a rating per game and person over the tables across servers,
beside each server's league (which leaves those tables unrated: their players are of several
servers). The same rating model as the league (openskill's Plackett-Luce, ties as the league
counts them), updated once per finished game inside the results' transaction (the league's
results hook calls ``count``), and provisional until ``PROVISIONAL_GAMES`` games.

Names follow each person's choice (``/cross name``): who chose a neutral name is listed without a
name; who did not, by the name they last played under. Never an id or a mention.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db.backend import Tx
from db.ratings import MODEL, display_rating, is_rated, rate
from db.store import Store

PROVISIONAL_GAMES = 5  # a rating is provisional until this many games


@dataclass(frozen=True)
class Rung:
    user_id: int
    name: str | None  # None: the person chose a neutral name (listed without one)
    rating: int
    games: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


async def count(tx: Tx, game_id: int, rows: Sequence[Any], now: float) -> bool:
    """Rate a finished table across servers (``rows``: its results), once; whether it counted."""
    if not is_rated(rows):
        return False
    counted = await tx.execute(
        "INSERT INTO cross_ladder_games (game_id, counted_at) VALUES (?, ?) ON CONFLICT DO NOTHING", (game_id, now)
    )
    if not counted:
        return False
    game = rows[0]["game"]
    before = []
    for row in rows:
        found = await tx.fetchrow(
            "SELECT mu, sigma, games FROM cross_ratings WHERE game = ? AND user_id = ?", (game, row["user_id"])
        )
        before.append((found["mu"], found["sigma"], found["games"]) if found else (MODEL.mu, MODEL.sigma, 0))
    after = rate([(mu, sigma) for mu, sigma, _ in before], [r["placement"] for r in rows])
    await tx.executemany(
        "INSERT INTO cross_ratings (game, user_id, name, mu, sigma, games, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, user_id)"
        " DO UPDATE SET name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
        " games = excluded.games, updated_at = excluded.updated_at",
        [
            (game, row["user_id"], row["name"], mu, sigma, old[2] + 1, now)
            for row, (mu, sigma), old in zip(rows, after, before, strict=True)
        ],
    )
    return True


async def ladder(store: Store, game: str) -> list[Rung]:
    """The game's ladder, best first: settled ratings before provisional ones."""
    rows = await store.fetch(
        "SELECT r.user_id, r.name, r.mu, r.sigma, r.games, COALESCE(p.neutral, 0) AS neutral"
        " FROM cross_ratings r LEFT JOIN cross_people p ON p.user_id = r.user_id WHERE r.game = ?",
        (game,),
    )
    rungs = [
        Rung(r["user_id"], None if r["neutral"] else r["name"], display_rating(r["mu"], r["sigma"]), r["games"])
        for r in rows
    ]
    return sorted(rungs, key=lambda r: (r.provisional, -r.rating, r.user_id))

"""Points, tie-breaks and ranks from a tournament's finished tables: pure, no storage.

Points per finishing place, as Board Game Arena's Swiss does: at a table a player gets one point
for every player placed behind them and half a point for every player tied with them, scaled to
the tournament's table size (so a table one seat short gives the same points to its winner). At a
two-player table that is the chess count: 1 for a win, ½ for a draw, 0 for a loss. A bye counts as
a win. Tie-breaks: Buchholz (the sum of the opponents' points) and Sonneborn-Berger (the points
of the opponents beaten, plus half of those drawn) for two players; for more players the sum of
the game's own scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Played:
    """One table of a round as it ended. ``players`` in seat order; ``placements`` and ``scores``
    per seat (None: not finished). A bye is a table of one player with ``bye`` set."""

    round: int
    players: tuple[int, ...]
    placements: tuple[int, ...] | None = None
    scores: tuple[float, ...] | None = None
    bye: bool = False

    @property
    def finished(self) -> bool:
        return self.bye or self.placements is not None


def table_points(placements: Sequence[int], table_size: int) -> list[float]:
    """Each seat's points for its place: players beaten plus half the ties, scaled to ``table_size``."""
    n = len(placements)
    if n < 2:
        return [float(max(1, table_size - 1))] * n
    scale = (max(2, table_size) - 1) / (n - 1)
    points = []
    for mine in placements:
        beaten = sum(1 for other in placements if other > mine)
        tied = sum(1 for other in placements if other == mine) - 1
        points.append((beaten + tied / 2) * scale)
    return points


@dataclass
class Standing:
    user_id: int
    points: float = 0.0
    games: int = 0
    wins: int = 0
    byes: int = 0
    buchholz: float = 0.0
    sonneborn: float = 0.0
    score_sum: float = 0.0
    rating: float = 0.0
    dropped: bool = False
    position: int = 0  # 1 for the leader; equal keys share a position
    opponents: list[int] = field(default_factory=list)


def standings(
    players: Iterable[int],
    tables: Iterable[Played],
    *,
    table_size: int = 2,
    ratings: dict[int, float] | None = None,
    dropped: Iterable[int] = (),
) -> list[Standing]:
    """Everyone's line, best first: by points, then the tie-breaks, then rating."""
    ratings = ratings or {}
    rows = {u: Standing(u, rating=ratings.get(u, 0.0)) for u in players}
    for user in dropped:
        if user in rows:
            rows[user].dropped = True
    beaten: dict[int, list[tuple[int, float]]] = {u: [] for u in rows}
    finished = [t for t in tables if t.finished]
    for table in finished:
        if table.bye:
            for user in table.players:
                if user in rows:
                    rows[user].points += max(1, table_size - 1)
                    rows[user].byes += 1
                    rows[user].wins += 1
            continue
        assert table.placements is not None
        points = table_points(table.placements, table_size)
        for seat, user in enumerate(table.players):
            row = rows.get(user)
            if row is None:
                continue
            row.points += points[seat]
            row.games += 1
            if table.placements[seat] == 1 and table.placements.count(1) == 1:
                row.wins += 1
            if table.scores is not None:
                row.score_sum += table.scores[seat]
            for other_seat, other in enumerate(table.players):
                if other == user:
                    continue
                row.opponents.append(other)
                mine, theirs = table.placements[seat], table.placements[other_seat]
                if mine < theirs:
                    beaten[user].append((other, 1.0))
                elif mine == theirs:
                    beaten[user].append((other, 0.5))
    for user, row in rows.items():
        row.buchholz = sum(rows[o].points for o in row.opponents if o in rows)
        row.sonneborn = sum(rows[o].points * share for o, share in beaten[user] if o in rows)
    ordered = sorted(rows.values(), key=lambda r: _key(r, table_size))
    previous = None
    for index, row in enumerate(ordered):
        key = _key(row, table_size)[:-1]
        row.position = index + 1 if key != previous else ordered[index - 1].position
        previous = key
    return ordered


def _key(row: Standing, table_size: int) -> tuple[float, ...]:
    if table_size <= 2:
        return (-row.points, -row.buchholz, -row.sonneborn, -row.rating, row.user_id)
    return (-row.points, -row.score_sum, -row.rating, row.user_id)

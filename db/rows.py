"""Plain data shared by the store, the league and the layers above: result rows and a game's status."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class GameStatus(StrEnum):
    """Where a table is in its life, as stored in ``games.status``: ``lobby`` (open, not started),
    ``active`` (being played), then ``finished`` or ``cancelled``. A ``StrEnum``, so a member is
    the stored string itself (``GameStatus.ACTIVE == "active"``)."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


# The statuses of a table that is still open: at most one such game per channel.
OPEN_STATUSES = (GameStatus.LOBBY, GameStatus.ACTIVE)


@dataclass(frozen=True)
class ResultRow:
    seat: int
    user_id: int | None
    name: str
    is_computer: bool
    resigned: bool
    placement: int | None
    score: float | None

    @classmethod
    def of(cls, r: Any) -> ResultRow:
        """From a ``results`` row as the store reads it (SQLite's 0/1 as booleans)."""
        return cls(
            r["seat"], r["user_id"], r["name"], bool(r["is_computer"]), bool(r["resigned"]), r["placement"], r["score"]
        )

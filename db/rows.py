"""Plain data shared by the store, the league and the layers above: result rows and a game's status."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


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

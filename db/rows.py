"""Plain rows shared by the store and the league."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ResultRow:
    seat: int
    user_id: int | None
    name: str
    is_bot: bool
    resigned: bool
    placement: int | None
    score: float | None

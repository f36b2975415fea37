"""Computer levels in words (``engines.levels``): the level's name, and a computer seat's name with
its level as the lobby and the board show it."""

from __future__ import annotations

from collections.abc import Sequence

from db import Seat
from engines.levels import level_of
from locales import tr


def level_name(lang: str, level: str | None) -> str:
    return tr(lang, f"level-{level_of(level)}")


def seat_label(lang: str, seat: Seat) -> str:
    """A seat's name as the board shows it: a computer's with its level ("Computer 1 (hard)")."""
    if not seat.computer:
        return seat.name
    return tr(lang, "level-seat-name", name=seat.name, level=level_name(lang, seat.level))


def picture_names(lang: str, seats: Sequence[Seat]) -> list[str]:
    """The names a picture of the table shows, the same on the board, in ``/replay`` and on the web
    pages (the web's board is the bot's cached picture, so the names are part of its key)."""
    return [seat_label(lang, s) for s in seats]

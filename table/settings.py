"""A table's own settings and a server's defaults: typed, stored as JSON, never seen by engines.

``TableSettings`` travels with the game row (its ``settings`` column): how long a live phase's lull
is, how fast computer players act, the time per move, and after how many timeouts in a
row a seat goes to the computer. Rows written before the column existed kept such settings as
options with a leading underscore (``_quiet``, ``_bot_speed``); ``from_stored`` reads those too.
Migration 12 renamed the stored keys ``quiet`` and ``bot_speed`` to ``lull`` and ``computer_speed``.

``ServerSettings`` are a server's defaults and rules for tables (Manage Server changes them).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from engines.levels import TAKEOVER_LEVEL

HOUR = 3600
DAY = 24 * HOUR
# The time-per-move choices offered by every game's ``new`` (seconds; 0 means no move deadline).
MOVE_TIME_CHOICES: dict[str, int] = {
    "none": 0,
    "1h": HOUR,
    "12h": 12 * HOUR,
    "24h": DAY,
    "3d": 3 * DAY,
    "7d": 7 * DAY,
}
# The time-bank choices of every game's ``new``: (start, added per move) in seconds.
BANK_CHOICES: dict[str, tuple[int, int]] = {
    "1h-5m": (HOUR, 5 * 60),
    "1d-2h": (DAY, 2 * HOUR),
    "3d-12h": (3 * DAY, 12 * HOUR),
    "7d-1d": (7 * DAY, DAY),
    "14d-1d": (14 * DAY, DAY),
}
DEFAULT_MOVE_SECONDS = DAY
DEFAULT_LULL_SECONDS = 60.0
DEFAULT_HANDOVER_AFTER = 3
DEFAULT_LOBBY_SECONDS = DAY


@dataclass(frozen=True)
class TableSettings:
    lull: float = DEFAULT_LULL_SECONDS  # a live phase ends after this long without progress
    computer_speed: float | None = None  # seconds a computer player takes; None: the game's own pace
    move_seconds: int = DEFAULT_MOVE_SECONDS  # the time per move (the move deadline); 0: none
    handover_after: int = DEFAULT_HANDOVER_AFTER  # timeouts in a row before the computer keeps the seat
    # A time bank instead of a time per move (``bank_seconds`` > 0): each player starts with
    # ``bank_seconds``, spends it while it is their turn and gets ``bank_increment`` back per turn,
    # never above the start. Running out is a timeout, as with a time per move.
    bank_seconds: int = 0
    bank_increment: int = 0
    quiet_pause: bool = False  # a player.s time stands still in their quiet hours
    rematch_of: int | None = None  # the finished game this table is a rematch of

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TableSettings:
        if not data:
            return cls()
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    @classmethod
    def from_stored(cls, settings: dict[str, Any] | None, options: dict[str, Any]) -> TableSettings:
        """The settings of a stored row; older rows kept them as ``_`` options."""
        if settings:
            return cls.from_json(settings)
        legacy: dict[str, Any] = {}
        if "_quiet" in options:
            legacy["lull"] = float(options["_quiet"])
        if "_bot_speed" in options:
            legacy["computer_speed"] = float(options["_bot_speed"])
        # A game opened before move deadlines existed keeps running without one.
        legacy["move_seconds"] = 0
        return cls(**legacy)

    def shown(self) -> list[tuple[str, Any]]:
        """(setting, value) pairs for the lobby, leaving out what is unset."""
        items: list[tuple[str, Any]] = []
        if self.bank_seconds:
            items += [("bank_seconds", self.bank_seconds), ("bank_increment", self.bank_increment)]
        else:
            items.append(("move_seconds", self.move_seconds))
        if self.move_seconds or self.bank_seconds:
            items.append(("handover_after", self.handover_after))
        if self.lull != DEFAULT_LULL_SECONDS:
            items.append(("lull", self.lull))
        if self.computer_speed is not None:
            items.append(("computer_speed", self.computer_speed))
        if self.quiet_pause:
            items.append(("quiet_pause", True))
        return items

    @property
    def timed(self) -> bool:
        """Whether moves are timed (a time per move or a time bank)."""
        return bool(self.move_seconds or self.bank_seconds)


@dataclass(frozen=True)
class ServerSettings:
    move_seconds: int = DEFAULT_MOVE_SECONDS
    dm_reminders: bool = True
    lobby_seconds: int = DEFAULT_LOBBY_SECONDS
    channels: tuple[int, ...] = field(default=())  # empty: games may be opened anywhere
    open_games_limit: int | None = None  # running games one person may have at once; None: no limit
    takeover_level: str = TAKEOVER_LEVEL  # the computer level that takes over absent players' seats

    def allows_channel(self, channel_id: int, parent_id: int | None = None) -> bool:
        return (
            not self.channels or channel_id in self.channels or (parent_id is not None and parent_id in self.channels)
        )

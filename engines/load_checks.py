"""The checks an engine's ``_load`` makes on a stored state, written once for every game.

A stored state is plain JSON data that may be damaged (a bad migration, an edited row), so
``_load`` refuses anything a real game cannot reach. ``LoadCheck(<game>)`` holds the checks every
game makes the same way (whole numbers in a range, the seat count, the options, the generator
state, the last events, a card multiset), each failure a ``BadState`` with the code ``bad-state``
naming the game and what is wrong: "Stored hindmost game is damaged: lap out of range.". The
player is shown the game's ``<game>-error-bad-state`` text, never this message; it is for the log.
The invariants of one game (what its board allows) stay in its own module, written with
``require`` and ``damaged``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol

from engines.errors import BadOption, BadState

GENERATOR_LIMIT = 1 << 64  # engines.rng.Rng keeps its state in 64 bits


class SeatRange(Protocol):
    """What ``LoadCheck.seats`` reads from an engine."""

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...


class LoadCheck:
    """The shared load-time checks for one game (``LoadCheck("duvelen")``)."""

    def __init__(self, game: str) -> None:
        self.game = game

    def damaged(self, what: str) -> BadState:
        """The error for a stored state that breaks a rule: ``raise check.damaged("...")``."""
        return BadState(f"Stored {self.game} game is damaged: {what}.", "bad-state")

    def require(self, condition: bool, what: str) -> None:
        if not condition:
            raise self.damaged(what)

    def whole(self, value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
        """``value`` if it is a whole number (not a bool) within ``low``..``high`` (both included)."""
        self.require(type(value) is int, f"{what} must be a whole number, not {value!r}")
        number: int = value
        self.require(low is None or number >= low, f"{what} {number} is below {low}")
        self.require(high is None or number <= high, f"{what} {number} is above {high}")
        return number

    def whole_list(self, value: Any, what: str, length: int | None = None) -> list[int]:
        """``value`` if it is a list of whole numbers, of ``length`` items when given."""
        self.require(isinstance(value, list) and all(type(v) is int for v in value), f"{what} must be whole numbers")
        self.require(length is None or len(value) == length, f"wrong number of {what}")
        numbers: list[int] = value
        return numbers

    def str_list(self, value: Any, what: str, length: int | None = None) -> list[str]:
        """``value`` if it is a list of strings, of ``length`` items when given."""
        self.require(isinstance(value, list) and all(isinstance(v, str) for v in value), f"{what} must be strings")
        self.require(length is None or len(value) == length, f"wrong number of {what}")
        strings: list[str] = value
        return strings

    def seats(self, value: Any, engine: SeatRange) -> int:
        """The stored number of players, within the engine's ``min_players``..``max_players``."""
        return self.whole(value, "the number of players", engine.min_players, engine.max_players)

    def options(
        self, value: Any, normalize: Callable[[dict[str, Any]], dict[str, Any]], *, complete: bool = False
    ) -> dict[str, Any]:
        """The stored options through the engine's ``normalize`` (a refused option is damage);
        ``complete``: the stored options must already be the normalized ones."""
        self.require(isinstance(value, dict), "the options are not a dict")
        try:
            normal = normalize(value)
        except BadOption as exc:
            raise self.damaged(f"bad options ({exc.message})") from exc
        self.require(not complete or normal == value, "the options are not normalized")
        return normal

    def generator(self, value: Any) -> int:
        """The random generator's stored state (``engines.rng.Rng``: 64 bits)."""
        return self.whole(value, "the generator state", 0, GENERATOR_LIMIT - 1)

    def events(self, value: Any, what: str = "the last events") -> list[dict[str, Any]]:
        """Stored events: a list of dicts, each with a ``type`` string."""
        self.require(
            isinstance(value, list) and all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in value),
            f"{what} are malformed",
        )
        events: list[dict[str, Any]] = value
        return events

    def same_cards(self, found: Iterable[Hashable], expected: Iterable[Hashable], what: str) -> None:
        """Every card of ``expected`` is in ``found`` exactly as often (no card lost, none doubled)."""
        self.require(Counter(found) == Counter(expected), what)

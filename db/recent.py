"""Rows read a moment ago, kept for a few seconds: for data that a move reads several times and that
changes only by its owner's own commands (people's settings).

A write by this process forgets the row at once (``changed``), and a read that began before that
write never stores what it read; a write by another process (shards on one PostgreSQL database) is
seen within ``fresh`` seconds. Times are the monotonic clock's, not the table clock's: this is about
how old a copy is, not about game time.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

KEEP_AT_MOST = 4096  # entries; when full, all are dropped (and read again when asked for)


class Recent(Generic[K, V]):
    def __init__(self, fresh: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.fresh = fresh
        self.clock = clock
        self._rows: dict[K, tuple[float, V]] = {}  # key -> (when its read began, row)
        self._writes = 0  # how many writes this process made: orders reads against writes
        self._written: dict[K, int] = {}  # key -> the number of its newest write
        self._floor = 0  # writes numbered below this may have been forgotten from ``_written``

    def get(self, key: K) -> V | None:
        found = self._rows.get(key)
        if found is None:
            return None
        if self.clock() - found[0] >= self.fresh:
            del self._rows[key]
            return None
        return found[1]

    def mark(self) -> tuple[float, int]:
        """Taken before a read; ``put`` stores its rows only if no write came in between."""
        return self.clock(), self._writes

    def put(self, mark: tuple[float, int], rows: Iterable[tuple[K, V]]) -> None:
        began, writes = mark
        if len(self._rows) >= KEEP_AT_MOST:
            self._rows.clear()  # a burst of many people: start again rather than sort by age
        for key, row in rows:
            if self._written.get(key, self._floor - 1) < writes:
                self._rows[key] = (began, row)

    def changed(self, key: K) -> None:
        """This process wrote ``key``: forget it, and ignore reads that began before now."""
        self._rows.pop(key, None)
        self._written[key] = self._writes
        self._writes += 1
        if len(self._written) >= KEEP_AT_MOST:
            self._written = {}
            self._floor = self._writes  # reads that began before now store nothing any more

"""Rows read a moment ago, kept for a few seconds: for data that is read far more often than it
changes and that changes by a few known calls (people's settings; the web pages' server secrets).

A write by this process forgets the row at once (``changed``), and a read that began before that
write never stores what it read; a write by another process (shards on one PostgreSQL database, the
web process) is seen within ``fresh`` seconds. At most ``keep_at_most`` rows are kept, the least
recently used going first.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

KEEP_AT_MOST = 4096


class Recent(Generic[K, V]):
    def __init__(
        self, fresh: float, clock: Callable[[], float] = time.monotonic, *, keep_at_most: int = KEEP_AT_MOST
    ) -> None:
        self.fresh = fresh
        self.clock = clock  # seconds; the monotonic clock unless a table clock is wanted (tests move it)
        self.keep_at_most = keep_at_most
        self._rows: OrderedDict[K, tuple[float, V]] = OrderedDict()  # key -> (when its read began, row)
        self._writes = 0  # how many writes this process made: orders reads against writes
        self._written: dict[K, int] = {}  # key -> the number of its newest write
        self._floor = 0  # writes numbered below this may have been forgotten from ``_written``

    def __len__(self) -> int:
        return len(self._rows)

    def get(self, key: K) -> V | None:
        found = self._rows.get(key)
        if found is None:
            return None
        if self.clock() - found[0] >= self.fresh:
            del self._rows[key]
            return None
        self._rows.move_to_end(key)
        return found[1]

    def mark(self) -> tuple[float, int]:
        """Taken before a read; ``put`` stores its rows only if no write came in between."""
        return self.clock(), self._writes

    def put(self, mark: tuple[float, int], rows: Iterable[tuple[K, V]]) -> None:
        began, writes = mark
        for key, row in rows:
            if self._written.get(key, self._floor - 1) < writes:
                self._rows[key] = (began, row)
                self._rows.move_to_end(key)
        while len(self._rows) > self.keep_at_most:
            self._rows.popitem(last=False)

    def changed(self, key: K) -> None:
        """This process wrote ``key``: forget it, and ignore reads that began before now."""
        self._rows.pop(key, None)
        self._written[key] = self._writes
        self._writes += 1
        if len(self._written) >= self.keep_at_most:
            self._written = {}
            self._floor = self._writes  # reads that began before now store nothing any more

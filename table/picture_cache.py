"""Pictures already drawn, so each is drawn once.

A picture is a pure function of the game's stored version, who looks (a seat or a spectator),
the language and the players' names; the same one is asked for again by a hand click, ``/board``,
a live refresh and the controls after a move. The cache keeps the most recently used PNGs up to a
total size in bytes, and when a picture is asked for while it is being drawn the second caller
waits for the first drawing instead of starting another.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass

DEFAULT_BYTES = 12 * 1024 * 1024  # some hundred pictures: the recent moves of every busy table


@dataclass(frozen=True)
class PictureKey:
    """Everything a table picture depends on. ``picture`` names the renderer (board or hand);
    ``viewer`` is the seat whose view is drawn, None for a spectator."""

    game_id: int
    version: int
    viewer: int | None
    language: str
    picture: str
    names: tuple[str, ...]


class PictureCache:
    def __init__(self, max_bytes: int = DEFAULT_BYTES) -> None:
        self.max_bytes = max_bytes
        self._pictures: OrderedDict[Hashable, bytes] = OrderedDict()
        self._drawing: dict[Hashable, asyncio.Future[bytes]] = {}
        self.bytes = 0
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._pictures)

    def get(self, key: Hashable) -> bytes | None:
        png = self._pictures.get(key)
        if png is not None:
            self._pictures.move_to_end(key)
        return png

    def put(self, key: Hashable, png: bytes) -> None:
        if len(png) > self.max_bytes:
            return
        old = self._pictures.pop(key, None)
        if old is not None:
            self.bytes -= len(old)
        self._pictures[key] = png
        self.bytes += len(png)
        while self.bytes > self.max_bytes:
            _key, dropped = self._pictures.popitem(last=False)
            self.bytes -= len(dropped)

    async def get_or_draw(self, key: Hashable, draw: Callable[[], Awaitable[bytes]]) -> bytes:
        """The cached picture, or the one being drawn for another caller, or ``draw()``'s."""
        png = self.get(key)
        if png is not None:
            self.hits += 1
            return png
        pending = self._drawing.get(key)
        if pending is not None:
            self.hits += 1
            try:
                return await asyncio.shield(pending)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if not pending.cancelled() or (task is not None and task.cancelling()):
                    raise  # this caller was cancelled, not the drawing it waited for
            return await self.get_or_draw(key, draw)  # the first caller gave up: draw it here
        self.misses += 1
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            png = await draw()
        except BaseException as error:
            # Waiting callers get the same failure (a cancelled drawing: they draw afresh).
            if isinstance(error, asyncio.CancelledError):
                future.cancel()
            else:
                future.set_exception(error)
                future.exception()  # retrieved: no "never retrieved" warning when nobody waits
            raise
        else:
            future.set_result(png)
            self.put(key, png)
            return png
        finally:
            del self._drawing[key]

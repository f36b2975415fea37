"""Pictures already drawn, so each is drawn once.

A picture is a pure function of the game's stored version, who looks (a seat or a spectator),
the language and the players' names; the same one is asked for again by a hand click, ``/board``,
a live refresh and the controls after a move. The cache keeps the most recently used PNGs up to a
total size in bytes, and when a picture is asked for while it is being drawn the second caller
waits for the first drawing instead of starting another.

Each picture is kept with the places to tap its drawing recorded (``render.spots``): the web page's
plan of taps uses the very drawing everyone is shown (the board once per version and language,
for Discord, the spectators and every seat), never one drawn apart.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass

from render.spots import Spot

DEFAULT_BYTES = 12 * 1024 * 1024  # some hundred pictures: the recent moves of every busy table
SPOT_BYTES = 120  # about what a recorded spot takes in memory (a key and four floats)


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

    @classmethod
    def of(
        cls,
        game_id: int,
        version: int,
        viewer: int | None,
        language: str,
        renderer: Callable[..., bytes],
        names: Sequence[str],
    ) -> PictureKey:
        """The key of ``renderer``'s picture: the bot, the web pages and a seat's plan of taps all
        name a picture this way, so each is drawn once for all of them."""
        return cls(game_id, version, viewer, language, f"{renderer.__module__}.{renderer.__qualname__}", tuple(names))


@dataclass(frozen=True)
class Drawing:
    """One drawing: the PNG and the spots recorded while it was drawn (the same call)."""

    png: bytes
    spots: tuple[Spot, ...] = ()

    @property
    def size(self) -> int:
        return len(self.png) + SPOT_BYTES * len(self.spots)


class PictureCache:
    def __init__(self, max_bytes: int = DEFAULT_BYTES) -> None:
        self.max_bytes = max_bytes
        self._pictures: OrderedDict[Hashable, Drawing] = OrderedDict()
        self._drawing: dict[Hashable, asyncio.Future[Drawing]] = {}
        self.bytes = 0
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._pictures)

    def get(self, key: Hashable) -> bytes | None:
        found = self.drawing(key)
        return None if found is None else found.png

    def drawing(self, key: Hashable) -> Drawing | None:
        """The picture with its spots, if it is kept."""
        found = self._pictures.get(key)
        if found is not None:
            self._pictures.move_to_end(key)
        return found

    def put(self, key: Hashable, png: bytes, spots: tuple[Spot, ...] = ()) -> None:
        self._put(key, Drawing(png, spots))

    def _put(self, key: Hashable, drawing: Drawing) -> None:
        if drawing.size > self.max_bytes:
            return
        old = self._pictures.pop(key, None)
        if old is not None:
            self.bytes -= old.size
        self._pictures[key] = drawing
        self.bytes += drawing.size
        while self.bytes > self.max_bytes:
            _key, dropped = self._pictures.popitem(last=False)
            self.bytes -= dropped.size

    async def get_or_draw(self, key: Hashable, draw: Callable[[], Awaitable[Drawing]]) -> Drawing:
        """The cached drawing, or the one being drawn for another caller, or ``draw()``'s."""
        found = self.drawing(key)
        if found is not None:
            self.hits += 1
            return found
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
        future: asyncio.Future[Drawing] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            drawn = await draw()
        except BaseException as error:
            # Waiting callers get the same failure (a cancelled drawing: they draw afresh).
            if isinstance(error, asyncio.CancelledError):
                future.cancel()
            else:
                future.set_exception(error)
                future.exception()  # retrieved: no "never retrieved" warning when nobody waits
            raise
        else:
            future.set_result(drawn)
            self._put(key, drawn)
            return drawn
        finally:
            del self._drawing[key]

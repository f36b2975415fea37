"""Drawing pictures off the event loop, on another core when there is one.

Renderers are pure functions of a view, so they can run in a separate process: Pillow holds the
GIL while it draws, so worker threads would leave the second core idle and make every other game
wait. With ``processes=0`` pictures are drawn in a thread (tests, one-core machines).

A picture drawn under a cache key is drawn while recording its spots (``render.spots``): the
places to tap come from the very drawing that is shown, whoever asked for it first (Discord's
board, a spectator's page, a seat's plan of taps), so nothing is drawn a second time for them.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Hashable
from typing import Any

from render.spots import draw_with_spots
from table.picture_cache import DEFAULT_BYTES, Drawing, PictureCache, PictureKey
from table.worker_pool import WorkerPool

log = logging.getLogger("tafelbot.pictures")


def _warm_up() -> bool:
    import render.common  # noqa: F401  (fonts and Pillow loaded before the first real picture)

    return True


class Painter:
    def __init__(self, processes: int = 0, *, cache_bytes: int = DEFAULT_BYTES) -> None:
        self.processes = processes
        self.cache = PictureCache(cache_bytes)
        self._pool = WorkerPool(processes, initializer=_warm_up) if processes > 0 else None

    def start(self) -> None:
        """Start the workers, which load fonts and Pillow, without waiting: the bot logs in and
        connects meanwhile (on the other core), and a picture asked for before a worker is warm
        just waits its turn."""
        if self._pool is not None:
            self._pool.start()

    async def paint(
        self, renderer: Callable[..., bytes], view: Any, *, key: PictureKey | Hashable | None = None, **options: Any
    ) -> bytes:
        """``renderer(view, **options)`` drawn in the worker; with a ``key`` (everything the
        picture depends on) drawn only if it is not in the cache already."""
        if key is None:
            picture: bytes = await self._run(functools.partial(renderer, view, **options))
            return picture
        return (await self.drawing(renderer, view, key=key, **options)).png

    async def drawing(
        self, renderer: Callable[..., bytes], view: Any, *, key: PictureKey | Hashable, **options: Any
    ) -> Drawing:
        """The picture under ``key`` with the spots recorded while it was drawn (drawn now only if
        it is not in the cache already)."""
        call = functools.partial(draw_with_spots, renderer, view, **options)

        async def draw() -> Drawing:
            png, spots = await self._run(call)
            return Drawing(png, tuple(spots))

        return await self.cache.get_or_draw(key, draw)

    async def _run(self, call: Callable[[], Any]) -> Any:
        if self._pool is None:
            return await asyncio.to_thread(call)
        return await self._pool.run(call)

    async def compute(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` off the event loop: in a worker when there is a pool (then ``fn`` must be a
        module-level function of an importable module, not ``__main__``, and the arguments plain
        data, to be pickled), else in a thread. The computer players decide here (``table.computers``),
        so their search never stalls other games."""
        if self._pool is None:
            return await asyncio.to_thread(fn, *args)
        return await self._pool.run(fn, *args)

    def workers(self) -> list[int]:
        """Process ids of the picture workers (for tests and diagnostics)."""
        return self._pool.pids() if self._pool is not None else []

    def close(self) -> None:
        """Stop the workers: pictures being drawn are finished, queued ones dropped; the workers
        have exited when this returns."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None

"""Drawing pictures off the event loop, on another core when there is one.

Renderers are pure functions of a view, so they can run in a separate process: Pillow holds the
GIL while it draws, so worker threads would leave the second core idle and make every other game
wait. With ``processes=0`` pictures are drawn in a thread (tests, one-core machines).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

log = logging.getLogger("tafelbot.pictures")


def _warm_up() -> bool:
    import render.common  # noqa: F401  (fonts and Pillow loaded before the first real picture)

    return True


class Painter:
    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        if processes > 0:
            # "spawn": a fresh interpreter, never a fork of a process holding threads and sockets.
            self._pool = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"))

    async def start(self) -> None:
        if self._pool is not None:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(self._pool, _warm_up) for _ in range(self.processes)))

    async def paint(self, renderer: Callable[..., bytes], view: dict[str, Any], **options: Any) -> bytes:
        call = functools.partial(renderer, view, **options)
        if self._pool is None:
            return await asyncio.to_thread(call)
        return await asyncio.get_running_loop().run_in_executor(self._pool, call)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

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
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from table.picture_cache import DEFAULT_BYTES, PictureCache, PictureKey

log = logging.getLogger("tafelbot.pictures")


PARENT_CHECK_SECONDS = 0.5


def _exit_with_parent(parent_pid: int) -> None:
    """Worker initializer: end this worker soon after the bot process is gone, however it died.

    Without it a worker whose bot was killed (SIGKILL, a crash) waits on its queue for good, and
    keeps multiprocessing's resource tracker and the bot's stdout alive with it. A daemon thread
    polls the parent pid (portable; ``PR_SET_PDEATHSIG`` would follow the parent *thread* that
    started the worker, not the process)."""

    def watch() -> None:
        while True:
            if os.getppid() != parent_pid:
                os._exit(0)
            time.sleep(PARENT_CHECK_SECONDS)

    threading.Thread(target=watch, name="tafelbot-parent-watch", daemon=True).start()


def _warm_up() -> bool:
    import render.common  # noqa: F401  (fonts and Pillow loaded before the first real picture)

    return True


class Painter:
    def __init__(self, processes: int = 0, *, cache_bytes: int = DEFAULT_BYTES) -> None:
        self.processes = processes
        self.cache = PictureCache(cache_bytes)
        self._pool: ProcessPoolExecutor | None = None
        if processes > 0:
            # "spawn": a fresh interpreter, never a fork of a process holding threads and sockets.
            self._pool = ProcessPoolExecutor(
                processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_exit_with_parent,
                initargs=(os.getpid(),),
            )

    def start(self) -> None:
        """Start the workers and load fonts and Pillow in them, without waiting: the bot logs in
        and connects meanwhile (on the other core), and a picture asked for before the workers
        are warm just waits its turn in their queue."""
        if self._pool is not None:
            loop = asyncio.get_running_loop()
            for _ in range(self.processes):
                loop.run_in_executor(self._pool, _warm_up)

    async def paint(
        self, renderer: Callable[..., bytes], view: Any, *, key: PictureKey | None = None, **options: Any
    ) -> bytes:
        """``renderer(view, **options)`` drawn in the worker; with a ``key`` (everything the
        picture depends on) drawn only if it is not in the cache already."""
        call = functools.partial(renderer, view, **options)
        if key is None:
            return await self._run(call)
        return await self.cache.get_or_draw(key, lambda: self._run(call))

    async def _run(self, call: Callable[[], bytes]) -> bytes:
        if self._pool is None:
            return await asyncio.to_thread(call)
        return await asyncio.get_running_loop().run_in_executor(self._pool, call)

    async def compute(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` off the event loop: in a worker when there is a pool (then ``fn`` must be a
        module-level function and the arguments plain data, to be pickled), else in a thread. The
        computer players decide here (``table.bots``), so their search never stalls other games."""
        if self._pool is None:
            return await asyncio.to_thread(fn, *args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def workers(self) -> list[int]:
        """Process ids of the picture workers (for tests and diagnostics)."""
        if self._pool is None:
            return []
        return sorted(getattr(self._pool, "_processes", None) or {})

    def close(self) -> None:
        """Stop the workers: pictures being drawn are finished, queued ones dropped; the workers
        have exited when this returns."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

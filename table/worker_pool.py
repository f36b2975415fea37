"""Worker processes that run functions for the event loop, spoken to over a socket on the loop.

Why not ``concurrent.futures.ProcessPoolExecutor``: it hands every call and every answer through
two helper threads of the bot's process (a queue feeder and a result manager), which pickle, copy
and wake the loop while holding the GIL the event loop needs; at a hundred moves a second that
was about 1.3 ms of the bot's CPU per move. Here each worker has one socket: the loop
writes a pickled call and reads the pickled answer when it arrives, like any other connection.

A worker ends when its socket closes: when the bot closes the pool, and when the bot process
dies however it died (SIGKILL too), since the kernel closes the bot's end then. A worker that
dies fails the calls it had, and the next call starts a fresh one.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import pickle
import signal
import socket
import struct
import subprocess
import sys
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger("tafelbot.workers")

_HEADER = struct.Struct("!i")  # multiprocessing.connection's framing: a signed 32-bit length
JOIN_SECONDS = 5.0


class WorkerLost(RuntimeError):
    """The worker process ended before it answered (it crashed, or the pool was closed)."""


class RemoteTraceback(Exception):
    """Where in the worker the error was raised (the ``__cause__`` of the re-raised error)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def main() -> None:
    """A worker process: ``python -c 'from table.worker_pool import main; main()' FD [INIT]``,
    FD its socket to the bot, INIT ``module:function`` run once before the first call."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the bot's to handle: it closes us
    conn = Connection(int(sys.argv[1]))
    if len(sys.argv) > 2:
        module, _, name = sys.argv[2].partition(":")
        getattr(importlib.import_module(module), name)()
    _serve(conn)


def _serve(conn: Connection) -> None:
    """Answer calls in order until the socket closes."""
    while True:
        try:
            number, fn, args = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return  # the bot closed the pool, or is gone
        try:
            answer = pickle.dumps((number, True, fn(*args)), pickle.HIGHEST_PROTOCOL)
        except BaseException as error:  # noqa: BLE001 - every failure goes back to the caller
            answer = _error_answer(number, error)
        try:
            conn.send_bytes(answer)
        except OSError:
            return  # closed while drawing: what was still queued is dropped


def _error_answer(number: int, error: BaseException) -> bytes:
    remote = "".join(traceback.format_exception(error))
    try:
        return pickle.dumps((number, False, (error, remote)), pickle.HIGHEST_PROTOCOL)
    except Exception:  # an error that cannot be pickled: its text is still worth having
        return pickle.dumps((number, False, (RuntimeError(repr(error)), remote)), pickle.HIGHEST_PROTOCOL)


class _Answers(asyncio.Protocol):
    """The bot's end of one worker's socket: frames in, futures resolved."""

    def __init__(self, worker: _Worker) -> None:
        self.worker = worker
        self.buffer = bytearray()

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        while len(buffer) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(buffer)
            end = _HEADER.size + size
            if len(buffer) < end:
                return
            number, ok, value = pickle.loads(memoryview(buffer)[_HEADER.size : end])
            del buffer[:end]
            self.worker.answered(number, ok, value)

    def connection_lost(self, exc: Exception | None) -> None:
        self.worker.lost()


class _Worker:
    def __init__(self, process: subprocess.Popen[bytes], sock: socket.socket) -> None:
        self.process = process
        self.sock = sock  # kept to shut the connection down at once, whatever the loop does
        self.transport: asyncio.Transport | None = None
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.alive = True
        self._connecting: asyncio.Future[None] | None = None

    async def connected(self) -> None:
        """The socket on the running loop (once, however many callers ask at the same time)."""
        if self._connecting is None:
            self._connecting = asyncio.ensure_future(self._connect())
        await asyncio.shield(self._connecting)

    async def _connect(self) -> None:
        loop = asyncio.get_running_loop()
        transport, _ = await loop.create_connection(lambda: _Answers(self), sock=self.sock.dup())
        self.transport = transport

    def call(self, number: int, fn: Callable[..., Any], args: tuple[Any, ...]) -> asyncio.Future[Any]:
        assert self.transport is not None
        future = asyncio.get_running_loop().create_future()
        data = pickle.dumps((number, fn, args), pickle.HIGHEST_PROTOCOL)
        self.transport.write(_HEADER.pack(len(data)) + data)
        self.pending[number] = future
        return future

    def answered(self, number: int, ok: bool, value: Any) -> None:
        future = self.pending.pop(number, None)
        if future is None or future.done():  # the caller gave up waiting
            return
        if ok:
            future.set_result(value)
        else:
            error, remote = value
            error.__cause__ = RemoteTraceback(remote)
            future.set_exception(error)

    def lost(self) -> None:
        """The worker's end closed: it crashed (the pool was not closing)."""
        if self.alive:
            self.alive = False
            log.warning(
                "worker process %s ended unexpectedly with %d call(s) unanswered", self.process.pid, len(self.pending)
            )
            self.sock.close()
        for future in self.pending.values():
            if not future.done():
                future.set_exception(WorkerLost("the worker process ended before it answered"))
        self.pending.clear()

    def close(self) -> None:
        """Shut the socket: the worker stops after what it is drawing and drops the rest."""
        self.alive = False
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        with contextlib.suppress(RuntimeError):  # the event loop may be closed already
            if self.transport is not None:
                self.transport.close()
            for future in self.pending.values():
                future.cancel()
        self.pending.clear()


class WorkerPool:
    """``processes`` worker processes (fresh interpreters); a call goes to the one with
    the fewest calls waiting. ``initializer`` runs once in each worker before its first call."""

    def __init__(self, processes: int, *, initializer: Callable[[], Any] | None = None) -> None:
        if processes < 1:
            raise ValueError("a pool needs at least one process")
        self.processes = processes
        self.initializer = initializer
        self._workers: list[_Worker] = []
        self._numbers = 0
        self._closed = False

    def start(self) -> None:
        """Start the processes now (they load what ``initializer`` loads meanwhile)."""
        while len(self._workers) < self.processes:
            self._workers.append(self._spawn())

    def _spawn(self) -> _Worker:
        # A fresh interpreter, never a fork of a process holding threads and sockets; started as a
        # plain child rather than by multiprocessing, which would also start its resource tracker
        # process (6 MiB) for semaphores we do not use. It finds our modules where we do.
        ours, theirs = socket.socketpair()
        command = [sys.executable, "-c", "from table.worker_pool import main; main()", str(theirs.fileno())]
        if self.initializer is not None:
            command.append(f"{self.initializer.__module__}:{self.initializer.__qualname__}")
        search = os.pathsep.join(os.path.abspath(p) for p in sys.path)
        try:
            process = subprocess.Popen(
                command, pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": search}
            )
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()  # the worker has its own: EOF reaches it when ours closes
        return _Worker(process, ours)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker; ``fn`` is pickled by name, the arguments by value."""
        if self._closed:
            raise WorkerLost("the worker pool is closed")
        for worker in [w for w in self._workers if not w.alive]:  # crashed: a fresh one instead
            self._workers.remove(worker)
            worker.process.poll()  # reaped if it has exited (never a wait on the event loop)
        self.start()
        worker = min(self._workers, key=lambda w: len(w.pending))
        await worker.connected()
        if not worker.alive:
            raise WorkerLost("the worker process ended before it was asked")
        self._numbers += 1
        return await worker.call(self._numbers, fn, args)

    def pids(self) -> list[int]:
        return sorted(w.process.pid for w in self._workers if w.alive)

    def close(self) -> None:
        """Stop every worker (what they are drawing is finished, queued calls are dropped); they
        have exited when this returns."""
        self._closed = True
        for worker in self._workers:
            worker.close()
        for worker in self._workers:
            try:
                worker.process.wait(JOIN_SECONDS)
            except subprocess.TimeoutExpired:
                worker.process.kill()
                worker.process.wait()
        self._workers.clear()

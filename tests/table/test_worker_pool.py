"""The worker processes behind pictures and computer players: answers, errors, crashes, closing."""

from __future__ import annotations

import asyncio
import os

import pytest

from table import worker_pool
from table.worker_pool import RemoteTraceback, WorkerLost, WorkerPool
from tests.processes import alive


def pid_and(value):
    return os.getpid(), value


def fail(message):
    raise ValueError(message)


def die():
    os._exit(3)


def sleep_then(seconds, value):
    import time

    time.sleep(seconds)
    return value


def big(size):
    return bytes(range(256)) * (size // 256)


@pytest.fixture
def pool():
    workers = WorkerPool(2)
    yield workers
    workers.close()


async def test_calls_run_in_other_processes_and_every_answer_reaches_its_caller(pool):
    answers = await asyncio.gather(*(pool.run(pid_and, i) for i in range(40)))
    assert [value for _, value in answers] == list(range(40))
    pids = {pid for pid, _ in answers}
    assert os.getpid() not in pids and pids <= set(pool.pids()) and len(pool.pids()) == 2


async def test_an_answer_larger_than_a_socket_buffer_arrives_whole(pool):
    assert await pool.run(big, 5_000_000) == big(5_000_000)


async def test_an_error_is_raised_in_the_caller_with_the_workers_traceback(pool):
    with pytest.raises(ValueError, match="no such card") as raised:
        await pool.run(fail, "no such card")
    assert isinstance(raised.value.__cause__, RemoteTraceback)
    assert "in fail" in str(raised.value.__cause__)
    assert await pool.run(pid_and, 1)  # the worker goes on


async def test_a_worker_that_dies_fails_its_call_and_the_next_call_gets_a_fresh_one():
    pool = WorkerPool(1)
    try:
        first = pool.pids() or [(await pool.run(pid_and, 0))[0]]
        with pytest.raises(WorkerLost):
            await pool.run(die)
        pid, value = await pool.run(pid_and, 5)
        assert value == 5 and pid != first[0] and pool.pids() == [pid]
    finally:
        pool.close()


async def test_a_caller_that_gives_up_leaves_the_worker_answering_the_others(pool):
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(pool.run(sleep_then, 0.3, "late"), 0.05)
    assert await asyncio.gather(*(pool.run(pid_and, i) for i in range(4)))


async def test_closing_ends_the_workers_and_refuses_new_calls(monkeypatch):
    # A worker still drawing is given JOIN_SECONDS to finish, then killed: half a second here.
    monkeypatch.setattr(worker_pool, "JOIN_SECONDS", 0.5)
    pool = WorkerPool(2)
    await asyncio.gather(*(pool.run(pid_and, i) for i in range(4)))
    pids = pool.pids()
    waiting = asyncio.ensure_future(pool.run(sleep_then, 5, "never"))
    await asyncio.sleep(0.2)
    pool.close()
    assert not any(alive(pid) for pid in pids)
    with pytest.raises(asyncio.CancelledError):
        await waiting
    with pytest.raises(WorkerLost):
        await pool.run(pid_and, 1)

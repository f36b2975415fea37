"""The scheduler runs each due game's handler in its own task: one that hangs delays no other game,
one game is never handled twice at once, and closing cancels what still runs. Fake clock; the
``wait_for`` limits only keep a broken scheduler from hanging the suite."""

import asyncio

from table.clock import FakeClock, Scheduler

LIMIT = 5.0  # seconds; never reached when the scheduler works


class Handlers:
    """``due`` callbacks that record each start and end; game ``blocked`` waits for ``release``."""

    def __init__(self, blocked: int | None = None) -> None:
        self.blocked = blocked
        self.release = asyncio.Event()
        self.started: list[int] = []
        self.ended: list[int] = []
        self.cancelled: list[int] = []
        self.running: set[int] = set()
        self.overlaps = 0
        self.changed = asyncio.Event()

    async def due(self, game_id: int) -> None:
        if game_id in self.running:
            self.overlaps += 1
        self.running.add(game_id)
        self.started.append(game_id)
        self.changed.set()
        try:
            if game_id == self.blocked:
                await self.release.wait()
        except asyncio.CancelledError:
            self.cancelled.append(game_id)
            raise
        finally:
            self.running.discard(game_id)
        self.ended.append(game_id)
        self.changed.set()

    async def until(self, check) -> None:
        async def wait() -> None:
            while not check():
                self.changed.clear()
                await self.changed.wait()

        await asyncio.wait_for(wait(), LIMIT)


async def test_a_handler_that_hangs_does_not_delay_another_games_wake_up():
    clock = FakeClock(0)
    handlers = Handlers(blocked=1)
    scheduler = Scheduler(clock, handlers.due)
    scheduler.arm(1, 10)  # due first, and hangs (a Discord post that never answers)
    scheduler.arm(2, 20)
    scheduler.start()
    try:
        clock.advance(10)
        await handlers.until(lambda: handlers.started == [1])
        clock.advance(10)
        await handlers.until(lambda: 2 in handlers.ended)
        assert handlers.ended == [2] and 1 in handlers.running
    finally:
        await scheduler.close()
    # Closing cancels the hanging handler and waits for it.
    assert handlers.cancelled == [1] and handlers.running == set()


async def test_a_game_due_again_while_it_is_handled_is_handled_after_never_twice_at_once():
    clock = FakeClock(0)
    handlers = Handlers(blocked=1)
    scheduler = Scheduler(clock, handlers.due)
    scheduler.arm(1, 0)
    assert scheduler.start_due() == 1
    await handlers.until(lambda: handlers.started == [1])
    scheduler.arm(1, 0)  # due again at once (its handler wrote the game, say)
    assert scheduler.start_due() == 0 and scheduler.next_due() is None
    assert scheduler.due_at(1) == 0  # still armed: waiting for the running handler
    handlers.blocked = None
    handlers.release.set()
    await asyncio.wait_for(scheduler.catch_up(), LIMIT)
    assert handlers.started == [1, 1] and handlers.ended == [1, 1] and handlers.overlaps == 0
    assert scheduler.due_at(1) is None


async def test_rearming_a_game_whose_handler_runs_supersedes_its_waiting_wake_up():
    clock = FakeClock(0)
    handlers = Handlers(blocked=1)
    scheduler = Scheduler(clock, handlers.due)
    scheduler.arm(1, 0)
    scheduler.start_due()
    await handlers.until(lambda: handlers.started == [1])
    scheduler.arm(1, 0)
    scheduler.start_due()  # waits for the running handler
    scheduler.arm(1, 100)  # the handler armed it later: the waiting wake-up is gone
    handlers.release.set()
    await asyncio.wait_for(scheduler.catch_up(), LIMIT)
    assert handlers.started == [1] and scheduler.due_at(1) == 100


async def test_no_more_handlers_at_once_than_the_limit_the_rest_wait_in_order():
    clock = FakeClock(0)
    handlers = Handlers(blocked=1)
    scheduler = Scheduler(clock, handlers.due, limit=1)
    scheduler.arm(1, 1)
    scheduler.arm(2, 2)
    scheduler.start()
    try:
        clock.advance(5)
        await handlers.until(lambda: handlers.started == [1])
        assert scheduler.start_due() == 0 and scheduler.due_at(2) == 2  # no room: 2 waits
        handlers.release.set()
        await handlers.until(lambda: handlers.ended == [1, 2])
    finally:
        await scheduler.close()


async def test_a_handler_that_raises_is_logged_and_the_others_still_run(caplog):
    clock = FakeClock(0)
    seen = []

    async def due(game_id):
        seen.append(game_id)
        if game_id == 1:
            raise RuntimeError("boom")

    scheduler = Scheduler(clock, due)
    scheduler.arm(1, 0)
    scheduler.arm(2, 0)
    await asyncio.wait_for(scheduler.catch_up(), LIMIT)
    assert sorted(seen) == [1, 2]
    assert "wake-up of 1 could not be handled" in caplog.text

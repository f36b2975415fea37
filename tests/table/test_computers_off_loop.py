"""Computer decisions never run on the event loop: in the picture worker process when there is a
pool, in a thread otherwise; both for a computer seat's move and for the move made for a person
whose clock ran out. The rest of a computer move (apply, save, publish) is unchanged."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest

from db import Store
from table import lobby
from table.clock import FakeClock
from table.computers import ComputerPlayers, computer_action
from table.pictures import Painter
from table.service import Player, TableService
from table.settings import HOUR
from table.spec import GameSpec
from table.timeouts import TimeKeeper
from tests import nim
from tests.table.test_shard_ownership import computer_game

HOST = Player(1, "Ann")


THREADS: list[int] = []  # where choose_off_the_loop ran


# Module-level, so a worker process can unpickle them; both play the last legal action.
def choose_off_the_loop(view: dict, legal: list[str], seed: int, budget=None, level: str = "normal") -> str:
    THREADS.append(threading.get_ident())
    return legal[-1]


# The test process's pid, also in a worker (which inherits the environment and imports this anew).
TEST_PID = int(os.environ.setdefault("TAFELBOT_TEST_PID", str(os.getpid())))


def choose_in_a_worker_process(view: dict, legal: list[str], seed: int, budget=None, level: str = "normal") -> str:
    # Anywhere but a worker it answers something the engine refuses (so the game cannot end).
    return legal[-1] if os.getpid() != TEST_PID else f"decided-in-{os.getpid()}"


def spec_with(choose) -> GameSpec:
    return GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, choose)


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "bots.sqlite3")
    yield store
    await store.close()


async def play_out(service: TableService, painter: Painter) -> list[str]:
    """A whole computer-vs-computer game; the actions the computers took."""
    actions: list[str] = []
    players: ComputerPlayers

    async def publish(result) -> None:
        actions.append(result.action)
        if result.row.status == "active":
            players.poke(result.row, result.state)

    players = ComputerPlayers(service, publish, delay_factor=0.0, painter=painter)
    game_id = await computer_game(service, 1, 7)
    try:
        players.poke(await service.get(game_id))
        await asyncio.wait_for(players.idle(), 30)
    finally:
        await players.close()
    assert (await service.get(game_id)).status == "finished"
    return actions


async def test_a_computer_decides_in_a_thread_not_on_the_event_loop(store):
    service = TableService(store, {"nim": spec_with(choose_off_the_loop)})
    THREADS.clear()
    actions = await play_out(service, Painter(0))
    assert actions and len(THREADS) == len(actions)
    assert threading.get_ident() not in THREADS


async def test_with_a_pool_a_computer_decides_in_the_worker_process(store):
    service = TableService(store, {"nim": spec_with(choose_in_a_worker_process)})
    painter = Painter(processes=1)
    try:
        painter.start()
        actions = await play_out(service, painter)
    finally:
        painter.close()
    assert actions and all(not action.startswith("decided-in-") for action in actions)


async def test_the_decision_is_the_same_in_a_worker_as_on_the_spot(store):
    """Replays choose the same: the seed comes from the game, not from where it is computed."""
    spec = spec_with(nim.choose)
    service = TableService(store, {"nim": spec})
    row = await service.get(await computer_game(service, 1, 7))
    state = service.state_of(row)
    seat = next(iter(nim.ENGINE.to_move(state)))
    painter = Painter(processes=1)
    try:
        in_worker = await computer_action(spec, row, state, seat, painter)
    finally:
        painter.close()
    assert in_worker == await computer_action(spec, row, state, seat, Painter(0))


class CountingPainter(Painter):
    """A thread painter that counts the decisions handed to it."""

    def __init__(self) -> None:
        super().__init__(0)
        self.computed: list[str] = []

    async def compute(self, fn, *args):
        self.computed.append(fn.__name__)
        return await super().compute(fn, *args)


async def test_the_move_made_for_a_timed_out_player_is_decided_off_the_loop_too(store):
    clock = FakeClock()
    service = TableService(store, {"nim": spec_with(choose_off_the_loop)}, clock=clock)
    published = []

    async def publish(result) -> None:
        published.append(result)

    painter = CountingPainter()
    THREADS.clear()
    keeper = TimeKeeper(service, publish=publish, grace=60, painter=painter)
    row = await lobby.create(
        service, "nim", guild_id=1, channel_id=100, host=HOST, options={"pile": 30}, settings={"move_seconds": HOUR}
    )
    await lobby.join(service, row.id, Player(2, "Bob"))
    row = (await lobby.start(service, row.id, HOST)).row
    clock.advance(HOUR)
    await keeper.scheduler.catch_up()
    assert painter.computed == ["choose_off_the_loop"]
    [result] = published
    assert result.events[0]["type"] == "timed-out" and THREADS and threading.get_ident() not in THREADS

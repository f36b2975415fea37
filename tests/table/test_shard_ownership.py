"""Two processes (shards) on one database: each runs the computer players and clocks of its own
servers only, so nothing runs twice. Both "processes" here share one store in one event loop; the
end-to-end test with real processes on PostgreSQL is tests/e2e/test_shard_processes.py."""

from __future__ import annotations

import pytest

from cogs.table.flow import TableFlow
from db import Seat, Store
from table import lobby
from table.computers import ComputerPlayers
from table.service import Player, TableService
from table.shards import ShardPlan, shard_of
from table.spec import GameSpec, load_spec
from tests import nim

HOST = Player(1, "Ann")
ON_ZERO, ON_ONE = 10 << 22, 11 << 22  # servers on shard 0 and shard 1 of 2
NIM = GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, nim.choose)


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "shared.sqlite3")
    yield store
    await store.close()


def process(store: Store, shard: int, specs: dict) -> TableService:
    return TableService(store, specs, shards=ShardPlan(2, (shard,)))


async def computer_game(service: TableService, guild_id: int, channel_id: int) -> int:
    """A Nim game between two computers, started and waiting for the first computer move."""
    row = await service.store.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        game="nim",
        host_id=HOST.user_id,
        options={"pile": 9},
        seats=[Seat("Computer 1", computer=True), Seat("Computer 2", computer=True)],
        seed=7,
    )
    return (await lobby.start(service, row.id, HOST)).row.id


class Recorder:
    """The ``publish`` of one process's computer players: which games it moved."""

    def __init__(self) -> None:
        self.games: list[int] = []
        self.players: ComputerPlayers | None = None

    async def __call__(self, result) -> None:
        self.games.append(result.row.id)
        if result.row.status == "active":
            self.players.poke(result.row, result.state)


def players_of(service: TableService) -> tuple[ComputerPlayers, Recorder]:
    recorder = Recorder()
    recorder.players = ComputerPlayers(service, recorder, delay_factor=0.0)
    return recorder.players, recorder


def test_the_test_servers_are_on_the_shards_they_claim():
    assert (shard_of(ON_ZERO, 2), shard_of(ON_ONE, 2)) == (0, 1)


async def test_each_process_resumes_and_finishes_only_its_own_servers_games(store):
    zero, one = process(store, 0, {"nim": NIM}), process(store, 1, {"nim": NIM})
    mine, theirs = await computer_game(zero, ON_ZERO, 100), await computer_game(zero, ON_ONE, 200)
    players_zero, moved_by_zero = players_of(zero)
    assert await players_zero.resume() == 1
    await players_zero.idle()
    assert set(moved_by_zero.games) == {mine}
    assert (await store.get_game(mine)).status == "finished"
    untouched = await store.get_game(theirs)
    assert untouched.status == "active" and await store.moves(theirs) == []

    # Asked any other way (a poke after some action), process 0 still leaves shard 1's game alone.
    players_zero.poke(untouched)
    assert not players_zero.busy

    players_one, moved_by_one = players_of(one)
    assert await players_one.resume() == 1
    await players_one.idle()
    assert set(moved_by_one.games) == {theirs} and (await store.get_game(theirs)).status == "finished"


async def test_one_process_with_every_shard_runs_every_game(store):
    everything = TableService(store, {"nim": NIM}, shards=ShardPlan(2, None))
    games = [await computer_game(everything, guild, channel) for guild, channel in ((ON_ZERO, 1), (ON_ONE, 2))]
    players, recorder = players_of(everything)
    assert await players.resume() == 2
    await players.idle()
    assert set(recorder.games) == set(games)
    assert TableService(store, {}).owns(await store.get_game(games[1]))  # unsharded: owns everything


async def test_quiet_clocks_are_wound_only_for_own_servers_after_a_restart(store):
    specs = {"duvelen": load_spec("duvelen")}
    zero = process(store, 0, specs)
    games = {}
    for guild, channel in ((ON_ZERO, 1), (ON_ONE, 2)):
        row = await lobby.create(
            zero, "duvelen", guild_id=guild, channel_id=channel, host=HOST, options={}, settings={"lull": 60}
        )
        await lobby.join(zero, row.id, Player(2, "Bob"))
        games[guild] = (await lobby.start(zero, row.id, HOST)).row
        assert specs["duvelen"].engine.deadline(zero.state_of(games[guild])).lull
    flow = TableFlow(None, zero, computer_delay_factor=0.0)
    try:
        assert await flow.resume() == 1  # people only: no computer player, but one game of its own
        # Both games have a stored quiet deadline; only this process's server's clock is armed.
        scheduler = flow.timekeeper.scheduler
        assert scheduler.due_at(games[ON_ZERO].id) is not None
        assert scheduler.due_at(games[ON_ONE].id) is None
    finally:
        await flow.close()

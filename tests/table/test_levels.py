"""Computer levels at the table: a computer seat keeps the level it was added with (through a
restart: it is stored with the seat), the computer decides at that level, and a seat handed to the
computer gets the level the server chose (default ``hard``)."""

from __future__ import annotations

import pytest

from db import Store, table_data
from engines.levels import HARD
from table import lobby
from table.computers import computer_action
from table.service import Player, TableError, TableService
from table.spec import GameSpec
from tests import nim

ANN, BOB, CAT = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")


async def started(service, *, players=(ANN, BOB), computers=(), guild_id=1):
    row = await lobby.create(service, "nim", guild_id=guild_id, channel_id=100 + guild_id, host=players[0], options={})
    for player in players[1:]:
        await lobby.join(service, row.id, player)
    for level in computers:
        await lobby.add_computer(service, row.id, players[0], level)
    await lobby.start(service, row.id, players[0])
    return await service.get(row.id)


async def test_a_computer_keeps_its_level_through_a_restart(tmp_path):
    path = tmp_path / "levels.sqlite3"
    store = await Store.open(path)
    service = TableService(store, {"nim": GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, nim.choose)})
    row = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={})
    with pytest.raises(TableError, match="unknown-level"):
        await lobby.add_computer(service, row.id, ANN, "impossible")
    await lobby.add_computer(service, row.id, ANN, "hard")
    await lobby.add_computer(service, row.id, ANN)
    await lobby.start(service, row.id, ANN)
    await store.close()
    store = await Store.open(path)
    try:
        row = await store.get_game(row.id)
        assert [s.level for s in row.seats] == [None, "hard", "normal"]
    finally:
        await store.close()


class SpyPainter:
    """Remembers what the decision was given (the seats need not be to move)."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    async def compute(self, fn, *args):
        self.calls.append(args)
        return "take-1"


async def test_the_computer_decides_at_its_seats_level(service):
    row = await started(service, players=(ANN,), computers=("easy", "hard"))
    spec = service.spec("nim")
    painter = SpyPainter()
    for seat in (1, 2):
        await computer_action(spec, row, service.state_of(row), seat, painter)
    assert [call[-1] for call in painter.calls] == ["easy", "hard"]
    assert all(call[-2] is None for call in painter.calls)  # the module's own budget


async def test_a_handed_over_seat_plays_at_the_servers_level(service):
    row = await started(service, players=(ANN, BOB, CAT), guild_id=1)
    await service.hand_over(row.id, 1)
    assert (await service.get(row.id)).seats[1].level == HARD  # the default
    await table_data.set_server_settings(service.store, 1, takeover_level="easy")
    assert (await service.server_settings(1)).takeover_level == "easy"
    await service.resign(row.id, CAT)
    seats = (await service.get(row.id)).seats
    assert seats[2].computer and seats[2].resigned and seats[2].level == "easy"
    other = await started(service, guild_id=2)
    await service.hand_over(other.id, 1)
    assert (await service.get(other.id)).seats[1].level == HARD  # another server keeps the default


async def test_an_easy_computer_reacts_more_slowly_than_a_hard_one(service):
    from table.computers import ComputerPlayers

    row = await lobby.create(
        service, "nim", guild_id=1, channel_id=100, host=ANN, options={}, settings={"computer_speed": 1.0}
    )
    await lobby.add_computer(service, row.id, ANN, "easy")
    await lobby.add_computer(service, row.id, ANN, "hard")
    row = await service.get(row.id)

    async def publish(result) -> None:
        pass

    computers = ComputerPlayers(service, publish)
    easy, hard = computers.pause(row, 1), computers.pause(row, 2)
    assert easy > 1.0 and hard < 1.0  # 1.6 and 0.7 times the table's pace, give or take the jitter


def test_racing_people_no_computer_is_faster_than_a_normal_one():
    from engines.levels import EASY, HARD, NORMAL, pause_factor

    for version in range(20):
        normal = pause_factor(7, version, 1, NORMAL, racing_people=True)
        assert pause_factor(7, version, 1, HARD, racing_people=True) == normal
        assert pause_factor(7, version, 1, EASY, racing_people=True) > normal
        assert pause_factor(7, version, 1, HARD) < normal, "among computers hard stays quick"

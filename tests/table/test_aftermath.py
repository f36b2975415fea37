"""What follows a saved change (``table.aftermath``) and the self-healing of tables
(``table.reconcile``), without Discord: a board that fails is logged and the computers still
move; changes of one game are shown in order; after a stop, the games whose newest board does
not show their stored version get one, and only those."""

from __future__ import annotations

import asyncio
import logging

import pytest

from db import Store, table_data
from table import lobby
from table.aftermath import Aftermath, Change
from table.clock import FakeClock
from table.reconcile import FIRST_RETRY, Reconciler
from table.service import TAKEBACK_ACTION, ActResult, Player, TableService
from table.spec import GameSpec
from table.timeouts import TimeKeeper
from tests import nim

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "aftermath.sqlite3")
    yield store
    await store.close()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def service(store, clock):
    return TableService(
        store, {"nim": GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, nim.choose)}, clock=clock
    )


class Board:
    """The board presenter's part: records what it was asked to show; can be told to fail."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.shown: list[tuple[int, int, bool]] = []  # (game, version, fresh)
        self.failing = False

    async def show(self, change: Change) -> None:
        await asyncio.sleep(0)  # a board takes a moment: changes must still come out in order
        if self.failing:
            raise RuntimeError("the board could not be drawn")
        row = change.result.row
        self.shown.append((row.id, row.version, change.fresh))
        await table_data.set_board_message(self.store, row.id, 1000 + row.version, row.version)


async def nobody(row) -> None:
    return None


def aftermath_for(service: TableService, board: Board) -> Aftermath:
    return Aftermath(service, show=board.show, heads_up=nobody, computer_delay_factor=0.0)


async def two_people(service: TableService, channel_id: int = 100) -> int:
    row = await lobby.create(service, "nim", guild_id=1, channel_id=channel_id, host=ANN, options={"pile": 9})
    await lobby.join(service, row.id, BOB)
    return (await lobby.start(service, row.id, ANN)).row.id


async def take(service: TableService, game_id: int, action: str = "take1"):
    """Whoever is to move takes (the seating order is drawn at the start)."""
    row = await service.get(game_id)
    [seat] = nim.ENGINE.to_move(service.state_of(row))
    return await service.act(game_id, seat=seat, action=action)


async def test_changes_of_one_game_are_shown_in_the_order_they_were_saved(service, store):
    board = Board(store)
    aftermath = aftermath_for(service, board)
    game_id = await two_people(service)
    tasks = []
    for _ in range(3):
        result = await take(service, game_id)
        tasks.append(aftermath.follow(Change(result)))
    await asyncio.gather(*tasks)
    assert [version for _, version, _ in board.shown] == sorted(version for _, version, _ in board.shown)
    assert len(board.shown) == 3
    await aftermath.close()


async def test_a_board_that_fails_is_logged_and_the_computer_still_moves(service, store, caplog):
    board = Board(store)
    board.failing = True
    aftermath = aftermath_for(service, board)
    row = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={"pile": 9})
    await lobby.add_computer(service, row.id, ANN)
    game_id = (await lobby.start(service, row.id, ANN)).row.id  # Ann against a computer
    with caplog.at_level(logging.ERROR, logger="tafelbot.table"):
        row = await service.get(game_id)
        if row.seats[next(iter(nim.ENGINE.to_move(service.state_of(row))))].computer:
            aftermath.computers.poke(row)  # the computer begins
            await asyncio.wait_for(aftermath.computers.idle(), 10)
        result = await service.act(game_id, user_id=ANN.user_id, action="take1")
        await aftermath.follow(Change(result))
        await asyncio.wait_for(aftermath.computers.idle(), 10)
        await aftermath.idle()
    # The computer answered although no board could be shown.
    assert (await service.get(game_id)).version > result.row.version
    assert "could not be shown" in caplog.text
    await aftermath.close()


async def test_what_follows_is_not_cut_off_when_its_waiter_is_cancelled(service, store):
    board = Board(store)
    aftermath = aftermath_for(service, board)
    game_id = await two_people(service)
    result = await take(service, game_id)
    waiter = asyncio.create_task(aftermath.after(result))
    await asyncio.sleep(0)
    waiter.cancel()  # a computer player stopped at shutdown, say
    await aftermath.idle()
    assert board.shown == [(game_id, result.row.version, False)]
    await aftermath.close()


async def reconciler_for(service: TableService, board: Board) -> tuple[Reconciler, Aftermath]:
    aftermath = aftermath_for(service, board)
    keeper = TimeKeeper(service, publish=aftermath.after)
    return Reconciler(service, aftermath, keeper), aftermath


async def test_after_a_stop_only_the_games_owing_a_board_get_one(service, store):
    board = Board(store)
    shown = await two_people(service)
    unshown = await two_people(service, channel_id=101)
    result = await take(service, shown)
    await board.show(Change(result))  # this game's move reached its channel before the stop
    await take(service, unshown, "take2")  # this one's did not
    board.shown.clear()

    reconciler, aftermath = await reconciler_for(service, board)
    report = await reconciler.run(arm=False)
    await aftermath.idle()
    row = await service.get(unshown)
    assert report.games == 2 and report.boards == 1
    assert board.shown == [(unshown, row.version, True)]  # a fresh board (with its mention)
    # Once shown, nothing is owed: a second run shows nothing, so nobody is pinged twice.
    assert (await reconciler.run()).boards == 0
    await aftermath.close()


async def test_a_failed_board_is_shown_again_after_a_pause(service, store, clock):
    board = Board(store)
    reconciler, aftermath = await reconciler_for(service, board)
    game_id = await two_people(service)
    board.failing = True
    result = await take(service, game_id)
    await aftermath.follow(Change(result))
    retry = reconciler._retries[game_id]
    assert board.shown == []
    board.failing = False  # Discord works again
    clock.advance(FIRST_RETRY - 1)
    await asyncio.sleep(0.01)
    assert board.shown == [] and not retry.done()
    clock.advance(1)
    await asyncio.wait_for(retry, 5)
    await aftermath.idle()
    assert board.shown == [(game_id, result.row.version, True)]
    await reconciler.close()
    await aftermath.close()


async def test_the_version_a_board_shows_never_moves_back(service, store):
    game_id = await two_people(service)
    await table_data.set_board_message(store, game_id, 7, 5)
    await table_data.set_board_message(store, game_id, 8, 4)  # a late board of an older version
    row = await service.get(game_id)
    assert (row.board_message_id, row.board_version) == (7, 5)
    await table_data.set_board_message(store, game_id, None, 6)  # an edit keeps the message
    row = await service.get(game_id)
    assert (row.board_message_id, row.board_version) == (7, 6)


async def auto_play_game(service: TableService, store: Store, *, bob_auto_play: bool):
    board = Board(store)
    aftermath = aftermath_for(service, board)
    await table_data.set_person(store, BOB.user_id, auto_play=bob_auto_play)
    row = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={"pile": 4})
    await lobby.join(service, row.id, BOB)
    game_id = (await lobby.start(service, row.id, ANN)).row.id
    row = await service.get(game_id)
    [seat] = nim.ENGINE.to_move(service.state_of(row))
    if row.seats[seat].user_id == BOB.user_id:  # Bob begins: he takes one, Ann's move is hers to choose
        await aftermath.follow(Change(await service.act(game_id, seat=seat, action="take1")))
        row = await service.get(game_id)
        [seat] = nim.ENGINE.to_move(service.state_of(row))
        pile = 3
    else:
        pile = 4
    # Ann leaves Bob one counter: his only move is to take it.
    result = await service.act(game_id, user_id=ANN.user_id, action=f"take{pile - 1}")
    await aftermath.follow(Change(result))
    await aftermath.idle()
    await aftermath.close()
    return board, await service.get(game_id), result


async def test_a_move_that_decides_nothing_is_played_for_the_person(service, store):
    board, row, result = await auto_play_game(service, store, bob_auto_play=True)
    assert row.status == "finished" and row.version == result.row.version + 1
    log = await store.moves(row.id)
    assert log[-1][2] == "take1", "logged as Bob's move"
    assert board.shown[-1][1] == row.version, "and shown"


async def test_no_move_is_played_for_the_person_right_after_a_take_back(service, store):
    """A take-back (Discord's button or a web page's) leaves its player to choose again, even when
    one action is left: playing it for them would undo the take-back."""
    board, row, _result = await auto_play_game(service, store, bob_auto_play=False)
    await table_data.set_person(store, BOB.user_id, auto_play=True)  # now he would have it played
    state = service.state_of(row)
    [bob] = nim.ENGINE.to_move(state)  # one counter left: his only move, as after taking it back
    aftermath = aftermath_for(service, board)
    await aftermath.follow(Change(ActResult(row, bob, TAKEBACK_ACTION, [], state, None)))
    await aftermath.idle()
    await aftermath.close()
    assert (await service.get(row.id)).version == row.version  # nothing played for Bob
    # The same position after an ordinary change: his move is played for him.
    aftermath = aftermath_for(service, board)
    await aftermath.follow(Change(ActResult(row, bob, "take1", [], state, None)))
    await aftermath.idle()
    await aftermath.close()
    assert (await service.get(row.id)).version == row.version + 1


async def test_auto_play_can_be_turned_off(service, store):
    board, row, result = await auto_play_game(service, store, bob_auto_play=False)
    assert row.status == "active" and row.version == result.row.version

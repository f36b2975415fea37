"""A move that decides nothing is played for the person only where it takes nothing away from
them (``table.autoplay``, issue 46 item 2): while they could still take their last action back,
nothing is played over the controls they were just given.

Trackgammon's "Done" after the last die was played for the person, so the "Take back last move"
they were shown was dead at once; a Manöver turn whose last march had one place to go left the
same dead take-back. The model count plays whole two-person games through the real table service
and aftermath and counts the controls made dead that way: there must be none.
"""

from __future__ import annotations

import pytest

from db import Store
from engines.rng import Rng
from table import lobby, takeback
from table.aftermath import Aftermath, Change
from table.autoplay import forced_actions
from table.service import TAKEBACK_ACTION, Player, TableService
from table.spec import GameSpec, load_spec
from tests import nim

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")
# Games played per game in the model count, and turns counted in each: Manöver's two-person games
# with random choices give about 45 turns each, and before the fix about one turn in eight had a
# dead control. Counting turns (not actions) keeps the count from depending on the dealt seed: 160
# actions of Trackgammon gave 46 to 60 turns, by its dice.
MODEL_GAMES, TURNS_PER_GAME = 2, 30


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "autoplay.sqlite3")
    nim_spec = GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, nim.choose)
    yield TableService(store, {"nim": nim_spec, **{key: load_spec(key) for key in ("trackgammon", "manoever")}})
    await store.close()


async def nothing(_row) -> None:
    return None


async def shown(_change: Change) -> None:
    return None


async def started(service: TableService, game: str, channel_id: int) -> int:
    row = await lobby.create(service, game, guild_id=1, channel_id=channel_id, host=ANN, options={})
    await lobby.join(service, row.id, BOB)
    return (await lobby.start(service, row.id, ANN)).row.id


async def followed(aftermath: Aftermath, result) -> None:
    """What follows a click: the board, and any move played for someone, all done."""
    aftermath.follow(Change(result))
    await aftermath.idle()


async def test_done_is_not_played_for_the_person_while_the_last_move_can_be_taken_back(service):
    engine = service.spec("trackgammon").engine
    aftermath = Aftermath(service, show=shown, heads_up=nothing, computer_delay_factor=0.0)
    game_id = await started(service, "trackgammon", 100)
    for _ in range(400):  # moves until someone used the last die of a turn with a move in it
        row = await service.get(game_id)
        state = service.state_of(row)
        [seat] = engine.to_move(state)
        moves = [a for a in engine.legal_actions(state, seat) if a not in ("undo", "done")]
        if not moves:
            await followed(aftermath, await service.act(game_id, seat=seat, action="done"))
            continue
        result = await service.act(game_id, seat=seat, action=moves[0])
        await followed(aftermath, result)
        if engine.legal_actions(result.state, seat) == ["undo", "done"]:
            break
    else:
        raise AssertionError("no turn with a move in 400 actions")
    # The controls shown now offer "Take back last move" and "Done": both still work.
    row = await service.get(game_id)
    assert row.version == result.row.version, "nothing was played over the controls just shown"
    undone = await service.act(game_id, seat=seat, action="undo", expected_version=result.row.version)
    await followed(aftermath, undone)
    assert engine.view(undone.state, None)["moves"] == engine.view(result.state, None)["moves"][:-1]
    await aftermath.close()


async def dead_controls(service: TableService, game: str, games: int, turns_each: int) -> tuple[int, int]:
    """(turns, turns in which controls shown to a person after their own action were made dead by
    a move played for them) over ``games`` two-person games with seeded random choices, each cut
    off after ``turns_each`` turns (a random Trackgammon game takes thousands of actions)."""
    engine = service.spec(game).engine
    turns = dead = 0
    for number in range(games):
        aftermath = Aftermath(service, show=shown, heads_up=nothing, computer_delay_factor=0.0)
        game_id = await started(service, game, 200 + number)
        pick = Rng(number)
        last_seat, dead_in_turn, turns_here = None, False, 0
        for _ in range(50 * turns_each):  # a bound only: turns end long before
            row = await service.get(game_id)
            if row.status != "active":
                break
            state = service.state_of(row)
            seat = sorted(engine.to_move(state))[0]
            if seat != last_seat:
                if turns_here == turns_each:
                    break
                turns, dead, turns_here = turns + 1, dead + dead_in_turn, turns_here + 1
                last_seat, dead_in_turn = seat, False
            legal = engine.legal_actions(state, seat)
            result = await service.act(game_id, seat=seat, action=legal[pick.below(len(legal))])
            await followed(aftermath, result)
            if result.seat in engine.to_move(result.state):
                # Their controls were drawn at this version (``cogs.table.moves``): every button
                # on them, the offered take-back included, must still act.
                now = await service.get(game_id)
                offered = await takeback.offered(service, result.row, seat)
                if now.version != result.row.version or (offered and not await takeback.offered(service, now, seat)):
                    dead_in_turn = True
        dead += dead_in_turn
        await aftermath.close()
    return turns, dead


@pytest.mark.parametrize("game", ["manoever", "trackgammon"])
async def test_a_model_count_of_two_person_turns_finds_no_dead_control(service, game):
    turns, dead = await dead_controls(service, game, MODEL_GAMES, TURNS_PER_GAME)
    print(f"{game}: {dead} of {turns} two-person turns with a dead control")
    assert turns >= 50 and dead == 0


async def test_right_after_a_take_back_the_only_move_is_not_played_and_the_controls_know_it(service):
    """The controls (``cogs.table.moves``) ask ``forced_actions`` whether the person's only move is
    being played for them, to show no button that would be dead: after a take-back of the turn's
    first action nothing is played (``table.aftermath``), and ``forced_actions`` must say so too."""
    row = await lobby.create(service, "nim", guild_id=1, channel_id=300, host=ANN, options={"pile": 1})
    await lobby.join(service, row.id, BOB)
    row = (await lobby.start(service, row.id, ANN)).row
    state = service.state_of(row)
    [seat] = nim.ENGINE.to_move(state)
    assert await forced_actions(service, row, state) == [(seat, "take1")]  # one counter: played for them
    async with service.lock(row.id):
        row = await service.rewind(await service.get(row.id), state, (seat, TAKEBACK_ACTION))  # as after a take-back
    assert await forced_actions(service, row, state) == []

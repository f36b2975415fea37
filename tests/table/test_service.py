"""The table flow without Discord, on the tiny Nim engine."""

import pytest

from db import Store
from engines.errors import IllegalAction, NotYourTurn
from table import lobby
from table.registry import GAME_KEYS
from table.service import Player, TableError, TableService
from tests import nim

ANN, BOB, CAT = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")


async def started(service, *players, pile=7):
    row = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=players[0], options={"pile": pile})
    for p in players[1:]:
        await lobby.join(service, row.id, p)
    result = await lobby.start(service, row.id, players[0])
    return result.row


async def test_lobby_join_leave_bots_and_start(service):
    row = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={"pile": 9})
    with pytest.raises(TableError, match="channel-busy"):
        await lobby.create(service, "nim", guild_id=1, channel_id=100, host=BOB, options={})
    with pytest.raises(TableError, match="too-few-players"):
        await lobby.start(service, row.id, ANN)
    await lobby.join(service, row.id, BOB)
    with pytest.raises(TableError, match="already-joined"):
        await lobby.join(service, row.id, BOB)
    with pytest.raises(TableError, match="host-cannot-leave"):
        await lobby.leave(service, row.id, ANN)
    await lobby.leave(service, row.id, BOB)
    await lobby.add_computer(service, row.id, ANN)
    with pytest.raises(TableError, match="not-joined"):
        await lobby.add_computer(service, row.id, CAT)
    await lobby.join(service, row.id, CAT)
    with pytest.raises(TableError, match="table-full"):
        await lobby.join(service, row.id, BOB)
    # Full: anyone seated may start, a stranger may not.
    with pytest.raises(TableError, match="only-host-starts"):
        await lobby.start(service, row.id, BOB)
    result = await lobby.start(service, row.id, CAT)
    assert result.started and result.row.status == "active"
    assert [s.name for s in result.row.seats] == ["Ann", "Computer 1", "Cat"]


async def test_bad_options_are_refused_before_anything_is_stored(service):
    from engines.errors import BadOption

    with pytest.raises(BadOption):
        await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={"pile": 0})
    assert await service.store.open_game_in_channel(100) is None


async def test_moves_are_checked_saved_and_logged(service):
    row = await started(service, ANN, BOB)
    state = service.state_of(row)
    mover = min(nim.ENGINE.to_move(state))
    waiting = 1 - mover
    users = [ANN, BOB]
    with pytest.raises(NotYourTurn):
        await service.act(row.id, user_id=users[waiting].user_id, action="take1")
    with pytest.raises(IllegalAction) as illegal:
        await service.act(row.id, user_id=users[mover].user_id, action="take4")
    assert illegal.value.game == "nim"  # answers use the game's own wording without a second lookup
    with pytest.raises(TableError, match="not-a-player"):
        await service.act(row.id, user_id=CAT.user_id, action="take1")
    unchanged = await service.get(row.id)
    assert unchanged.version == row.version and unchanged.state == row.state
    result = await service.act(row.id, user_id=users[mover].user_id, action="take2", expected_version=row.version)
    assert result.events[0] == {"type": "took", "seat": mover, "n": 2, "left": 5}
    assert await service.store.moves(row.id) == [(1, mover, "take2")]
    # The old button (old version) is refused politely and changes nothing.
    with pytest.raises(TableError, match="board-moved-on"):
        await service.act(row.id, user_id=users[waiting].user_id, action="take1", expected_version=row.version)
    assert (await service.get(row.id)).version == result.row.version


async def test_the_move_log_replays_to_the_stored_state(service):
    row = await started(service, ANN, BOB, pile=11)
    while row.status == "active":
        state = service.state_of(row)
        seat = min(nim.ENGINE.to_move(state))
        result = await service.act(row.id, seat=seat, action=nim.ENGINE.legal_actions(state, seat)[-1])
        row = result.row
    stored = await service.get(row.id)
    replay = nim.ENGINE.new_game(2, stored.seed, stored.options)[0]
    for _seq, seat, action in await service.store.moves(row.id):
        replay, _ = nim.ENGINE.apply(replay, seat, action)
    assert nim.ENGINE.dump(replay) == stored.state
    results = await service.store.results(row.id)
    assert sorted(r.placement for r in results) == [1, 2]


async def test_finishing_records_results_rated_only_without_computers(service):
    row = await started(service, ANN, BOB, pile=1)
    mover = min(nim.ENGINE.to_move(service.state_of(row)))
    result = await service.act(row.id, seat=mover, action="take1")
    assert result.outcome is not None and result.row.status == "finished"
    async with service.store.conn.execute("SELECT rated FROM results WHERE game_id = ?", (row.id,)) as cur:
        assert {r[0] for r in await cur.fetchall()} == {1}
    with pytest.raises(TableError, match="not-running"):
        await service.act(row.id, seat=1 - mover, action="take1")


async def test_resigning_hands_the_seat_to_a_computer_or_ends_the_game(service):
    row = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={})
    await lobby.join(service, row.id, BOB)
    await lobby.join(service, row.id, CAT)
    row = (await lobby.start(service, row.id, ANN)).row
    first = await service.resign(row.id, BOB)
    assert first.outcome is None and first.row.seats[1].computer and first.row.seats[1].resigned
    with pytest.raises(TableError, match="not-a-player"):
        await service.act(row.id, user_id=BOB.user_id, action="take1")
    assert first.events == [{"type": "resigned", "seat": 1}]
    second = await service.resign(row.id, CAT)
    assert second.row.status == "finished" and second.events == [{"type": "resigned-ended", "seat": 2}]
    results = await service.store.results(row.id)
    assert [(r.name, r.placement, r.resigned) for r in results] == [
        ("Ann", 1, False),
        ("Bob", 2, True),
        ("Cat", 2, True),
    ]


async def test_cancel_needs_the_host_or_an_admin(service):
    row = await started(service, ANN, BOB)
    with pytest.raises(TableError, match="only-host-cancels"):
        await lobby.cancel(service, row.id, BOB, is_admin=False)
    cancelled = await lobby.cancel(service, row.id, BOB, is_admin=True)
    assert cancelled.status == "cancelled"
    results = await service.store.results(row.id)
    assert all(r.placement is None for r in results)
    # The channel is free again.
    await lobby.create(service, "nim", guild_id=1, channel_id=100, host=BOB, options={})


@pytest.mark.parametrize("game", GAME_KEYS)
async def test_a_game_ended_by_resignation_records_its_scores_as_they_stand(tmp_path, game):
    from engines.rng import Rng
    from table.spec import load_spec

    store = await Store.open(tmp_path / "r.sqlite3")
    try:
        spec = load_spec(game)
        engine = spec.engine
        service = TableService(store, {game: spec})
        row = await lobby.create(service, game, guild_id=1, channel_id=100, host=ANN, options={})
        await lobby.join(service, row.id, BOB)
        row = (await lobby.start(service, row.id, ANN)).row
        users = {0: ANN, 1: BOB}
        pick = Rng(5)
        # Play on until somebody has points (or a good while), by random legal moves.
        for _ in range(400):
            state = service.state_of(row)
            if any(engine.scores_now(state)) or engine.outcome(state) is not None:
                break
            seat = sorted(engine.to_move(state))[0]
            legal = engine.legal_actions(state, seat)
            result = await service.act(row.id, user_id=users[seat].user_id, action=legal[pick.below(len(legal))])
            row = result.row
        state = service.state_of(row)
        if engine.outcome(state) is not None:
            pytest.skip("the random game ended before anybody resigned")
        expected = [float(x) for x in engine.scores_now(state)]
        assert any(expected), "the game should have points by now"
        ended = await service.resign(row.id, ANN)
        assert ended.row.status == "finished"
        assert ended.outcome.scores == expected
        results = await service.store.results(row.id)
        assert [(r.name, r.placement, r.score) for r in results] == [
            ("Ann", 2, expected[0]),
            ("Bob", 1, expected[1]),
        ]
    finally:
        await store.close()

"""Take-backs by Board Game Arena's undo policy (issue 25, item 3): within one's own turn, while
nobody else acted, only where the game allows it; logged, so replays stay exact."""

import pytest

from db import Store
from table import lobby
from table.registry import GAME_KEYS
from table.replay import replay_frames
from table.service import TAKEBACK_ACTION, Player, TableError, TableService
from table.spec import load_spec
from table.takeback import take_back
from table.text import error_text

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")


@pytest.fixture
async def games(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    yield TableService(store, {key: load_spec(key) for key in GAME_KEYS})
    await store.close()


async def started(service, game, options=None, channel_id=100):
    row = await lobby.create(service, game, guild_id=1, channel_id=channel_id, host=ANN, options=options or {})
    await lobby.join(service, row.id, BOB)
    return (await lobby.start(service, row.id, ANN)).row


def mover(service, row):
    engine = service.spec(row.game).engine
    [seat] = engine.to_move(service.state_of(row))
    return seat, (ANN if row.seats[seat].user_id == ANN.user_id else BOB)


async def a_turn_of_two_marches(service):
    """A Manöver game whose first turn allows two marches (the seed is drawn at random: a turn of
    one march only, which happens, is set aside and another table opened)."""
    engine = service.spec("manoever").engine
    for channel_id in range(100, 140):
        row = await started(service, "manoever", channel_id=channel_id)
        seat, _ = mover(service, row)
        state = service.state_of(row)
        first = engine.apply(state, seat, engine.legal_actions(state, seat)[0])[0]
        if seat in engine.to_move(first):
            return row
    raise AssertionError("forty tables, every first turn one march only")


async def test_a_march_is_taken_back_within_the_turn_and_the_log_replays_exactly(games):
    row = await a_turn_of_two_marches(games)
    engine = games.spec("manoever").engine
    seat, person = mover(games, row)
    other = BOB if person is ANN else ANN
    with pytest.raises(TableError, match="takeback-nothing"):
        await take_back(games, row.id, person.user_id)  # nothing done yet this turn
    with pytest.raises(TableError, match="takeback-not-your-turn"):
        await take_back(games, row.id, other.user_id)
    start = games.state_of(row)
    # March until the turn would pass with the next march, then take back twice.
    done = []
    state = start
    while True:
        action = engine.legal_actions(state, seat)[0]
        after, _ = engine.apply(state, seat, action)
        if seat not in engine.to_move(after):
            break
        result = await games.act(row.id, user_id=person.user_id, action=action)
        done.append(action)
        state = result.state
        if len(done) == 2:
            break
    assert done, "the table was chosen for a turn of two marches"
    deadline = games.deadline_of(result.row)
    with pytest.raises(TableError, match="board-moved-on"):
        await take_back(games, row.id, person.user_id, version=result.row.version - 1)  # a stale button
    for _ in done:
        back = await take_back(games, row.id, person.user_id)
        assert back.events == [{"type": "took-back", "seat": seat}]
    assert engine.dump(back.state) == engine.dump(start)
    assert games.deadline_of(back.row).due == deadline.due  # the turn's clock goes on
    with pytest.raises(TableError, match="takeback-nothing"):
        await take_back(games, row.id, person.user_id)  # never past the start of the turn
    moves = [a for _, _, a in await games.store.moves(row.id)]
    assert moves[-len(done) :] == [TAKEBACK_ACTION] * len(done)
    fresh = await games.get(row.id)
    assert engine.dump(await games.replay(row.id)) == fresh.state
    frames = list(replay_frames(games.spec("manoever"), fresh, await games.store.moves(row.id)))
    assert frames[-1].view == engine.view(games.state_of(fresh), None)


async def test_no_take_back_once_the_turn_passed(games):
    row = await started(games, "manoever")
    engine = games.spec("manoever").engine
    seat, person = mover(games, row)
    while True:
        state = games.state_of(row)
        if seat not in engine.to_move(state):
            break
        row = (await games.act(row.id, user_id=person.user_id, action=engine.legal_actions(state, seat)[0])).row
    with pytest.raises(TableError, match="takeback-not-your-turn"):
        await take_back(games, row.id, person.user_id)
    seat2, second = mover(games, row)
    with pytest.raises(TableError, match="takeback-nothing"):
        await take_back(games, row.id, second.user_id)  # the last action is the other player's


async def test_games_without_take_backs_say_so_and_trackgammon_points_to_its_undo(games):
    # Neither allows take-backs (dice rolled with the turn; a card shown from the hand): the
    # answer says the game has none, at any moment, not "only during your own turn".
    for channel, game in ((100, "trackgammon"), (101, "hindmost")):
        row = await lobby.create(games, game, guild_id=1, channel_id=channel, host=ANN, options={})
        await lobby.join(games, row.id, BOB)
        row = (await lobby.start(games, row.id, ANN)).row
        seat, person = mover(games, row)
        other = BOB if person is ANN else ANN
        for who in (person, other):
            with pytest.raises(TableError, match="takeback-none") as refused:
                await take_back(games, row.id, who.user_id)
        assert [a for _, _, a in await games.store.moves(row.id)][-1:] != [TAKEBACK_ACTION]
        text = error_text("en", game, refused.value)
        assert "only take a move back during your own turn" not in text
    assert "no take-backs" in error_text("en", "hindmost", refused.value)
    assert "Take back last move" in error_text("en", "trackgammon", refused.value)
    assert "Laatste zet terugnemen" in error_text("nl", "trackgammon", refused.value)

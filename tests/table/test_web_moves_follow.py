"""The bot follows a web process's moves (``table.web_moves.WebMoves``) without replaying the whole
move log for each one: the replayer of a followed game is kept, so a move costs the entries since
the last one followed; after a failed follow (or a restart) the log is replayed once from the start."""

from __future__ import annotations

import pytest

from db import Store, web_data
from table import lobby
from table.clock import FakeClock
from table.registry import entry
from table.service import Player, TableService
from table.spec import load_spec
from table.web_moves import WebMoves

ALICE, BOB = Player(11, "Alice"), Player(12, "Bob")


class Aftermath:
    def __init__(self) -> None:
        self.changes: list = []
        self.fail = False

    def follow(self, change) -> None:
        if self.fail:
            raise RuntimeError("the aftermath failed")
        self.changes.append(change)


class TimeKeeper:
    def arm(self, row) -> None:
        pass


@pytest.fixture
async def table(tmp_path, monkeypatch):
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    specs = {"trackgammon": load_spec(entry("trackgammon"))}
    service = TableService(store, specs, clock=FakeClock())
    asked: list[tuple[int, int]] = []  # (the entry asked after, how many came back)
    reading = web_data.moves_after

    async def moves_after(store, game_id, seq):
        found = await reading(store, game_id, seq)
        asked.append((seq, len(found)))
        return found

    monkeypatch.setattr(web_data, "moves_after", moves_after)
    row = await lobby.create(service, "trackgammon", guild_id=5, channel_id=1, host=ALICE, options={})
    await lobby.join(service, row.id, BOB)
    row = (await lobby.start(service, row.id, ALICE)).row
    yield service, row.id, asked
    await store.close()


async def play_one(service: TableService, game_id: int) -> list:
    """One legal move stored as the web process stores it; the events the engine gave it."""
    row = await service.get(game_id)
    engine = service.spec(row.game).engine
    state = service.state_of(row)
    seat = sorted(engine.to_move(state))[0]
    action = engine.legal_actions(state, seat)[0]
    events = engine.apply(state, seat, action)[1]
    await service.act(game_id, seat=seat, action=action, expected_version=row.version)
    return events


async def test_each_follow_reads_only_the_entries_since_the_last_one(table):
    service, game_id, asked = table
    aftermath = Aftermath()
    moves = WebMoves(service, aftermath, TimeKeeper())  # type: ignore[arg-type]
    for _n in range(4):
        events = await play_one(service, game_id)
        await moves.follow(game_id)
        assert aftermath.changes[-1].result.events == events  # this move's lines, replayed
    entries = [count for _after, count in asked]
    # The first follow replays the log from its start; each later one reads its one new entry.
    assert asked[0][0] == 0 and entries[1:] == [1, 1, 1], asked
    assert [after for after, _count in asked[1:]] == sorted({after for after, _count in asked[1:]})


async def test_a_failed_follow_replays_the_whole_log_next_time(table, monkeypatch):
    service, game_id, asked = table
    aftermath = Aftermath()
    moves = WebMoves(service, aftermath, TimeKeeper())  # type: ignore[arg-type]
    await play_one(service, game_id)
    await moves.follow(game_id)
    reading = web_data.moves_after

    async def broken(store, game_id, seq):
        raise ConnectionError("the database went away")

    monkeypatch.setattr(web_data, "moves_after", broken)
    await play_one(service, game_id)
    await moves.follow(game_id)  # logged, not raised: the notification's task must not die
    monkeypatch.setattr(web_data, "moves_after", reading)
    events = await play_one(service, game_id)
    await moves.follow(game_id)
    assert asked[-1][0] == 0  # the kept replayer, maybe half fed, went with the failed follow
    assert aftermath.changes[-1].result.events == events  # where Discord stands is unknown: the last move's
    assert len(aftermath.changes) == 2

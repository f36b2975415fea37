"""Move deadlines, reminders, timeouts, hand-overs, lulls and lobby expiry, on a fake clock.

Nothing here sleeps: the clock moves when a test says so, and ``catch_up`` handles what is due.
"""

import pytest

from db import Store, table_data
from table import lobby
from table.clock import FakeClock, Scheduler
from table.service import HANDOVER_ACTION, TIMEOUT_MARK, Player, TableError, TableService
from table.settings import DAY, HOUR, TableSettings
from table.spec import GameSpec
from table.timeouts import TimeKeeper
from tests import nim

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")


class Table:
    """A service with a fake clock and a time keeper that records what it would tell people."""

    def __init__(self, store: Store, clock: FakeClock) -> None:
        spec = GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, nim.choose)
        self.clock = clock
        self.service = TableService(store, {"nim": spec}, clock=clock)
        self.published = []
        self.reminders = []
        self.expired = []
        self.keeper = self.new_keeper()

    def new_keeper(self) -> TimeKeeper:
        async def publish(result):
            self.published.append(result)

        async def remind(reminder):
            self.reminders.append(reminder)

        async def expired(row):
            self.expired.append(row)

        return TimeKeeper(self.service, publish=publish, remind=remind, lobby_expired=expired, grace=60)

    async def later(self, seconds: float) -> None:
        self.clock.advance(seconds)
        await self.keeper.scheduler.catch_up()

    async def started(self, *, pile=30, settings=None):
        row = await lobby.create(
            self.service, "nim", guild_id=1, channel_id=100, host=ANN, options={"pile": pile}, settings=settings
        )
        await lobby.join(self.service, row.id, BOB)
        return (await lobby.start(self.service, row.id, ANN)).row

    def to_move(self, row):
        return next(iter(nim.ENGINE.to_move(self.service.state_of(row))))


@pytest.fixture
async def table(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    yield Table(store, FakeClock())
    await store.close()


async def test_a_new_table_gets_the_server_default_time_per_move_and_shows_its_settings(table):
    row = await table.started()
    settings = table.service.settings_of(row)
    assert settings.move_seconds == DAY and settings.handover_after == 3
    deadline = table.service.deadline_of(row)
    assert deadline.kind == "move" and deadline.due == table.clock.now() + DAY
    assert row.deadline_at == deadline.due
    # The options the rules see carry no table settings.
    assert row.options == {"pile": 30}


async def test_reminders_at_half_time_and_shortly_before_then_the_computer_moves(table):
    row = await table.started(settings={"move_seconds": 12 * HOUR})
    seat = table.to_move(row)
    await table.later(6 * HOUR - 1)
    assert table.reminders == []
    await table.later(1)
    assert [(r.stage, r.seats) for r in table.reminders] == [(1, (seat,))]
    assert table.reminders[0].left == pytest.approx(6 * HOUR)
    await table.later(5 * HOUR)  # one hour before the end
    assert [r.stage for r in table.reminders] == [1, 2]
    assert table.published == []
    await table.later(HOUR)
    [result] = table.published
    assert result.seat == seat and result.events[0] == {"type": "timed-out", "seat": seat}
    row = await table.service.get(row.id)
    assert row.status == "active" and table.to_move(row) != seat
    # The timeout is an ordinary logged move: replaying the log gives the stored state.
    moves = await table.service.store.moves(row.id)
    assert [a for _, s, a in moves][-2:] == [TIMEOUT_MARK, result.action]
    assert nim.ENGINE.dump(await table.service.replay(row.id)) == row.state
    # The next person's deadline started afresh.
    assert table.service.deadline_of(row).due == table.clock.now() + 12 * HOUR


async def test_reminders_do_not_change_the_version_so_buttons_stay_valid(table):
    row = await table.started(settings={"move_seconds": HOUR})
    await table.later(HOUR / 2)
    assert len(table.reminders) == 1
    assert (await table.service.get(row.id)).version == row.version


async def test_three_timeouts_in_a_row_hand_the_seat_to_the_computer_as_resigned(table):
    row = await table.started(settings={"move_seconds": HOUR})
    ann_seat = row.seat_of(ANN.user_id)
    # Bob always plays at once; Ann never does.
    for _ in range(10):
        row = await table.service.get(row.id)
        if row.status != "active" or row.seats[ann_seat].computer:
            break
        if table.to_move(row) != ann_seat:
            await table.service.act(row.id, user_id=BOB.user_id, action="take1")
        else:
            await table.later(HOUR)
    row = await table.service.get(row.id)
    assert row.seats[ann_seat].computer and row.seats[ann_seat].resigned
    assert table.service.deadline_of(row).timeouts_of(ann_seat) == 3
    actions = [a for _, _, a in await table.service.store.moves(row.id)]
    assert actions.count(TIMEOUT_MARK) == 3 and actions[-1] == HANDOVER_ACTION
    # Two players: with Ann out, Bob wins by her resignation.
    assert table.published[-1].events == [{"type": "handed-over-ended", "seat": ann_seat}]
    assert row.status == "finished"
    results = await table.service.store.results(row.id)
    assert [r.resigned for r in results] == [s == ann_seat for s in range(2)]


async def test_a_move_by_the_person_resets_the_timeouts_in_a_row(table):
    row = await table.started(settings={"move_seconds": HOUR})
    first = table.to_move(row)
    await table.later(HOUR)  # first timed out once
    row = await table.service.get(row.id)
    assert table.service.deadline_of(row).timeouts_of(first) == 1
    other = table.to_move(row)
    await table.service.act(row.id, seat=other, user_id=None, action="take1")
    row = await table.service.get(row.id)
    user = row.seats[first].user_id
    await table.service.act(row.id, user_id=user, action="take1")
    assert table.service.deadline_of(await table.service.get(row.id)).timeouts_of(first) == 0


async def test_host_hands_a_seat_over_and_extends_the_clock_others_may_not(table):
    row = await table.started(settings={"move_seconds": HOUR})
    seat = table.to_move(row)
    with pytest.raises(TableError, match="only-host-extends"):
        await table.service.extend(row.id, BOB, DAY)
    before = (await table.service.get(row.id)).version
    longer = await table.service.extend(row.id, ANN, DAY)
    assert longer.version == before
    assert table.service.deadline_of(longer).due == table.clock.now() + HOUR + DAY
    await table.later(HOUR)
    assert table.published == []  # extended: nothing happens at the old deadline
    with pytest.raises(TableError, match="only-host-hands-over"):
        await table.service.hand_over(row.id, seat, by=BOB)
    # A moderator (Manage Server) may.
    result = await table.service.hand_over(row.id, seat, by=BOB, is_admin=True)
    assert result.row.seats[seat].resigned and result.row.seats[seat].computer
    # With one person left the game ends, ranked by resignation.
    assert result.row.status == "finished"


async def test_no_time_per_move_means_no_deadline(table):
    row = await table.started(settings={"move_seconds": 0})
    assert row.deadline_at is None and table.service.deadline_of(row).kind is None
    await table.later(30 * DAY)
    assert table.published == [] and table.reminders == []


async def test_a_lobby_that_does_not_start_expires(table):
    row = await lobby.create(table.service, "nim", guild_id=1, channel_id=100, host=ANN, options={})
    await table.later(DAY - 1)
    assert table.expired == []
    await table.later(1)
    [expired] = table.expired
    assert expired.id == row.id and expired.status == "cancelled"
    # The channel is free again.
    await lobby.create(table.service, "nim", guild_id=1, channel_id=100, host=BOB, options={})


async def test_server_settings_give_the_defaults_and_the_channels(table):
    store = table.service.store
    await table_data.set_server_settings(store, 1, move_seconds=3 * DAY, lobby_seconds=HOUR, channels=(100,))
    row = await lobby.create(table.service, "nim", guild_id=1, channel_id=100, host=ANN, options={})
    assert table.service.settings_of(row).move_seconds == 3 * DAY
    assert row.deadline_at == table.clock.now() + HOUR
    with pytest.raises(TableError, match="channel-not-allowed"):
        await lobby.create(table.service, "nim", guild_id=1, channel_id=200, host=ANN, options={})
    # A thread of an allowed channel is allowed.
    await lobby.create(table.service, "nim", guild_id=1, channel_id=201, host=ANN, options={}, parent_id=100)


async def test_restart_rearms_deadlines_and_one_that_passed_meanwhile_waits_for_the_grace(table):
    row = await table.started(settings={"move_seconds": HOUR})
    seat = table.to_move(row)
    # The bot goes down; two hours later it comes back with a fresh time keeper.
    await table.keeper.close()
    table.service.on_deadline.clear()
    table.clock.advance(2 * HOUR)
    table.keeper = table.new_keeper()
    assert await table.keeper.resume() == 1
    await table.keeper.scheduler.catch_up()
    assert table.published == []  # not at once
    await table.later(59)
    assert table.published == []
    await table.later(1)
    assert [r.seat for r in table.published] == [seat]
    assert table.reminders == []  # the deadline itself passed: no stale reminders first


async def test_table_settings_are_kept_apart_from_the_rules(table):
    row = await lobby.create(
        table.service,
        "nim",
        guild_id=1,
        channel_id=100,
        host=ANN,
        options={"pile": 5},
        settings={"lull": 30, "computer_speed": 2.0},
    )
    assert row.options == {"pile": 5}
    assert table.service.settings_of(row) == TableSettings(lull=30.0, computer_speed=2.0)
    # A row written before the settings column kept them as options: read the same way.
    old = TableSettings.from_stored(None, {"pile": 5, "_quiet": 45, "_bot_speed": 1.0})
    assert (old.lull, old.computer_speed, old.move_seconds) == (45.0, 1.0, 0)


async def test_scheduler_wakes_only_for_the_earliest_and_supersedes_rearmed_games():
    clock = FakeClock(0)
    seen = []

    async def due(game_id):
        seen.append((game_id, clock.now()))

    scheduler = Scheduler(clock, due)
    scheduler.arm(1, 100)
    scheduler.arm(2, 50)
    scheduler.arm(1, 200)  # supersedes 100
    scheduler.arm(3, 10)
    scheduler.arm(3, None)  # disarmed
    assert scheduler.next_due() == 50 and len(scheduler) == 2
    clock.advance(150)
    await scheduler.catch_up()
    assert seen == [(2, 150)]
    clock.advance(50)
    await scheduler.catch_up()
    assert seen == [(2, 150), (1, 200)] and scheduler.next_due() is None


async def live_table(tmp_path, game, options, settings):
    from table.spec import load_spec

    store = await Store.open(tmp_path / f"{game}.sqlite3")
    table = Table(store, FakeClock())
    table.service.specs[game] = load_spec(game)
    row = await lobby.create(
        table.service, game, guild_id=1, channel_id=7, host=ANN, options=options, settings=settings
    )
    await lobby.join(table.service, row.id, BOB)
    return table, (await lobby.start(table.service, row.id, ANN)).row


@pytest.mark.parametrize(
    ("game", "options"),
    [("duvelen", {"mode": "live", "rounds": 2}), ("howruck", {"barrels_to_win": 1})],
)
async def test_live_phases_keep_their_own_lull_on_the_same_scheduler(tmp_path, game, options):
    table, row = await live_table(tmp_path, game, options, {"lull": 30.0})
    try:
        deadline = table.service.deadline_of(row)
        assert deadline.kind == "lull" and deadline.due == table.clock.now() + 30
        await table.later(29)
        assert table.published == []
        await table.later(1)
        [result] = table.published
        assert result.action == "!quiet"
        row = await table.service.get(row.id)
        assert [a for _, _, a in await table.service.store.moves(row.id)] == ["!quiet"]
        engine = table.service.spec(game).engine
        assert engine.dump(await table.service.replay(row.id)) == row.state
    finally:
        await table.service.store.close()


async def test_relaxed_duvelen_runs_on_the_time_per_move(tmp_path):
    table, row = await live_table(tmp_path, "duvelen", {"mode": "relaxed"}, {"move_seconds": HOUR})
    try:
        assert table.service.deadline_of(row).kind == "move"
        await table.later(HOUR)
        assert table.published and table.published[0].events[0]["type"] == "timed-out"
    finally:
        await table.service.store.close()

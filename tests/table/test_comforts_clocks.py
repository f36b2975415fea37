"""Time banks and clocks that stand still in quiet hours (issue 25, items 1 and 2), on a fake clock."""

from datetime import datetime
from zoneinfo import ZoneInfo

from db import table_data
from table import lobby
from table.deadlines import banks_now
from table.quiet import QuietHours, parse_time_of_day, zone_choices
from table.service import TIMEOUT_MARK
from table.settings import DAY, HOUR
from tests import nim
from tests.table.test_deadlines import ANN, BOB, table  # noqa: F401  (the fixture)

AMS = ZoneInfo("Europe/Amsterdam")


def at(*when):
    return datetime(*when, tzinfo=AMS).timestamp()


def test_a_window_across_midnight_and_across_the_clocks_going_back():
    night = QuietHours(23 * 60, 8 * 60, "Europe/Amsterdam")
    assert not night.contains(at(2026, 3, 10, 22, 59)) and night.contains(at(2026, 3, 10, 23, 0))
    assert night.contains(at(2026, 3, 11, 7, 59)) and not night.contains(at(2026, 3, 11, 8, 0))
    assert night.ends(at(2026, 3, 11, 2, 0)) == at(2026, 3, 11, 8, 0)
    # The clocks go back at 03:00 on 25 October 2026: that night's window lasts ten hours, the
    # night they go forward (29 March 2026) eight.
    assert night.ends(at(2026, 10, 24, 23, 30)) - at(2026, 10, 24, 23, 0) == 10 * HOUR
    assert night.overlap(at(2026, 10, 24, 12, 0), at(2026, 10, 25, 12, 0)) == 10 * HOUR
    assert night.overlap(at(2026, 3, 28, 12, 0), at(2026, 3, 29, 12, 0)) == 8 * HOUR
    # Two hours outside the window from 22:00: one before it, one after it ends.
    assert night.after_active(at(2026, 10, 24, 22, 0), 2 * HOUR) == at(2026, 10, 25, 9, 0)
    day = QuietHours(9 * 60, 17 * 60, "Europe/Amsterdam")
    assert day.contains(at(2026, 5, 4, 12, 0)) and not day.contains(at(2026, 5, 4, 18, 0))


def test_times_and_zones_as_people_type_them():
    assert parse_time_of_day("23:00") == 23 * 60 and parse_time_of_day("8") == 8 * 60
    assert parse_time_of_day("7.30") == 7 * 60 + 30 and parse_time_of_day("24:00") == 0
    assert parse_time_of_day("25:00") is None and parse_time_of_day("soon") is None
    assert zone_choices("amster") == ["Europe/Amsterdam"]
    assert "America/New_York" in zone_choices("new york")
    assert len(zone_choices("")) == 25 and len(zone_choices("a")) == 25


async def test_a_time_bank_runs_down_gets_its_increment_and_running_out_is_a_timeout(table):  # noqa: F811
    row = await table.started(settings={"bank_seconds": DAY, "bank_increment": 2 * HOUR})
    settings = table.service.settings_of(row)
    first = table.to_move(row)
    assert table.service.deadline_of(row).due == table.clock.now() + DAY
    await table.later(5 * HOUR)
    result = await table.service.act(row.id, seat=first, action="take1")
    deadline = table.service.deadline_of(result.row)
    # 24 h - 5 h + 2 h back; the other starts with the full day.
    assert banks_now(deadline, settings, 2, table.clock.now())[first] == 21 * HOUR
    assert deadline.due == table.clock.now() + DAY
    second = 1 - first
    await table.later(23 * HOUR)
    result = await table.service.act(row.id, seat=second, action="take1")
    deadline = table.service.deadline_of(result.row)
    assert deadline.bank_of(second, settings) == 3 * HOUR  # 24 - 23 + 2
    assert deadline.due == table.clock.now() + 21 * HOUR
    await table.later(60)
    result = await table.service.act(row.id, seat=first, action="take1")
    assert table.service.deadline_of(result.row).bank_of(first, settings) == 23 * HOUR - 60
    # The second's three hours run out: a timeout like any other, logged as such.
    await table.later(3 * HOUR)
    moves = [a for _, _, a in await table.service.store.moves(row.id)]
    assert moves[-2] == TIMEOUT_MARK
    after = await table.service.get(row.id)
    assert table.service.deadline_of(after).bank_of(second, settings) == 2 * HOUR  # 0 + the increment
    assert nim.ENGINE.dump(await table.service.replay(row.id)) == after.state
    # Capped at the start: a quick move does not grow the bank past a day.
    result = await table.service.act(row.id, seat=first, action="take1")
    assert table.service.deadline_of(result.row).bank_of(first, settings) == DAY


async def test_the_clock_of_a_player_in_quiet_hours_stands_still(table):  # noqa: F811
    table.clock.set(at(2026, 10, 24, 20, 0))
    await table_data.set_person(
        table.service.store, ANN.user_id, quiet_from=23 * 60, quiet_to=8 * 60, quiet_tz="Europe/Amsterdam"
    )
    await table_data.set_person(
        table.service.store, BOB.user_id, quiet_from=23 * 60, quiet_to=8 * 60, quiet_tz="Europe/Amsterdam"
    )
    row = await table.started(settings={"move_seconds": 12 * HOUR, "quiet_pause": True})
    # Three hours before the window, ten in it (the clocks go back that night), nine after.
    assert table.service.deadline_of(row).due == at(2026, 10, 25, 17, 0)
    plain = await lobby.cancel(table.service, row.id, ANN, is_admin=True)
    assert plain.status == "cancelled"
    row = await table.started(settings={"move_seconds": 12 * HOUR})
    assert table.service.deadline_of(row).due == at(2026, 10, 25, 7, 0)  # without the setting: 12 h

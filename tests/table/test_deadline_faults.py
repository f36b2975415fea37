"""No game's clock stops for good: a reminder, a board or a lobby notice that Discord refuses, or a
database that fails for a moment, never keeps the next wake-up from being armed; and a board that
cannot be seen stops the move time instead of timing anyone out. On a fake clock."""

import pytest

from db import Store
from table import lobby
from table.clock import FakeClock
from table.service import TIMEOUT_MARK
from table.settings import DAY, HOUR
from table.timeouts import CHANNEL_RECHECK, TimeKeeper
from tests.table.test_deadlines import ANN, Table


class Refused(Exception):
    """What a Discord call raises when it is answered 503 (discord.py does not retry a post)."""


def keeper(desk, *, fail=(), channel_ok=None):
    """A fresh time keeper on ``desk`` whose callbacks named in ``fail`` record and then raise."""
    desk.service.on_deadline.clear()

    def callback(name, into):
        async def call(item):
            into.append(item)
            if name in fail:
                raise Refused(f"{name}: 503 Service Unavailable")

        return call

    desk.keeper = TimeKeeper(
        desk.service,
        publish=callback("publish", desk.published),
        remind=callback("remind", desk.reminders),
        lobby_expired=callback("lobby_expired", desk.expired),
        grace=60,
        channel_ok=channel_ok,
    )
    return desk.keeper


async def timeouts_logged(desk, row):
    return [a for _, _, a in await desk.service.store.moves(row.id)].count(TIMEOUT_MARK)


async def test_a_refused_reminder_is_logged_and_the_next_reminder_and_the_timeout_still_come(desk, caplog):
    keeper(desk, fail={"remind"})
    row = await desk.started(settings={"move_seconds": 12 * HOUR})
    await desk.later(6 * HOUR)
    assert [r.stage for r in desk.reminders] == [1]
    assert f"reminder of game {row.id} could not be sent" in caplog.text
    # Recorded as sent before sending: not tried again (no spinning on a refusing channel).
    await desk.later(HOUR)
    assert [r.stage for r in desk.reminders] == [1]
    await desk.later(4 * HOUR)
    assert [r.stage for r in desk.reminders] == [1, 2]
    await desk.later(HOUR)
    assert len(desk.published) == 1 and await timeouts_logged(desk, row) == 1


async def test_a_board_discord_refuses_does_not_stop_the_next_deadline(desk, caplog):
    keeper(desk, fail={"publish"})
    row = await desk.started(settings={"move_seconds": HOUR})
    await desk.later(HOUR)
    assert len(desk.published) == 1 and await timeouts_logged(desk, row) == 1
    assert f"timeout move of game {row.id} could not be sent" in caplog.text
    # The next person's deadline is armed all the same, and runs out in its turn.
    fresh = await desk.service.get(row.id)
    assert desk.keeper.scheduler.due_at(row.id) == desk.service.deadline_of(fresh).wake_at()
    await desk.later(HOUR)
    assert await timeouts_logged(desk, row) == 2


async def test_a_refused_lobby_notice_still_cancels_the_lobby(desk, caplog):
    keeper(desk, fail={"lobby_expired"})
    row = await lobby.create(desk.service, "nim", guild_id=1, channel_id=100, host=ANN, options={})
    await desk.later(DAY)
    assert [r.id for r in desk.expired] == [row.id]
    assert (await desk.service.get(row.id)).status == "cancelled"
    assert f"lobby expiry of game {row.id} could not be sent" in caplog.text
    assert desk.keeper.scheduler.due_at(row.id) is None


async def test_a_failing_database_rearms_the_game_after_the_grace(desk, monkeypatch, caplog):
    keeper(desk)
    row = await desk.started(settings={"move_seconds": HOUR})
    store = desk.service.store
    real = store.get_game
    failures = [OSError("database is locked")]

    async def get_game(game_id):
        if failures:
            raise failures.pop()
        return await real(game_id)

    monkeypatch.setattr(store, "get_game", get_game)
    await desk.later(HOUR)
    assert desk.published == [] and await timeouts_logged(desk, row) == 0
    assert f"deadline of game {row.id} could not be handled" in caplog.text
    assert desk.keeper.scheduler.due_at(row.id) == desk.clock.now() + 60
    await desk.later(60)
    assert len(desk.published) == 1 and await timeouts_logged(desk, row) == 1


async def test_a_board_nobody_can_see_stops_the_move_time_until_it_can_be_seen(desk):
    seen = {"ok": False}
    keeper(desk, channel_ok=lambda row: seen["ok"])
    row = await desk.started(settings={"move_seconds": HOUR})
    await desk.later(HOUR / 2)
    await desk.later(HOUR / 2 - 6 * 60)  # the last reminder, six minutes before the end
    assert desk.reminders == [], "reminders are passed over while nobody can see the board"
    await desk.later(6 * 60)  # the deadline: nobody timed out, the clock stands still
    assert desk.published == []
    fresh = await desk.service.get(row.id)
    deadline = desk.service.deadline_of(fresh)
    assert deadline.due == desk.clock.now() + CHANNEL_RECHECK and deadline.reminded == 2
    assert fresh.version == row.version  # the board's buttons stay valid
    await desk.later(CHANNEL_RECHECK)  # still cannot be seen: looked at again later
    assert desk.published == [] and desk.reminders == []
    seen["ok"] = True
    await desk.later(CHANNEL_RECHECK - 1)
    assert desk.published == []
    await desk.later(1)
    assert len(desk.published) == 1 and await timeouts_logged(desk, row) == 1


async def test_a_broken_visibility_check_does_not_stop_the_clock(desk, caplog):
    def broken(row):
        raise RuntimeError("no idea")

    keeper(desk, channel_ok=broken)
    row = await desk.started(settings={"move_seconds": HOUR})
    await desk.later(HOUR)
    assert await timeouts_logged(desk, row) == 1
    assert f"whether the board of game {row.id} can be seen is not known" in caplog.text


@pytest.fixture
async def desk(tmp_path):
    store = await Store.open(tmp_path / "t.sqlite3")
    yield Table(store, FakeClock())
    await store.close()


@pytest.fixture(autouse=True)
def _logs(caplog):
    caplog.set_level("INFO", logger="tafelbot.clock")

"""Reminders and DMs when Discord says no: a refused channel post keeps no DM back and a refused DM
no post, nothing is raised to the time keeper, and a person whose DMs are closed (50007) is not
asked again for a day. Unit level: fake channel and users, a fake clock, a real SQLite store."""

import discord
import pytest

from cogs.table.direct import CLOSED_FOR, DirectMessages
from cogs.table.presenter import Guard, TableParts
from cogs.table.reminders import ReminderPresenter
from db import Store, table_data
from table.clock import FakeClock
from table.pictures import Painter
from table.settings import HOUR
from table.timeouts import Reminder
from tests.table.test_deadlines import ANN, BOB, Table


class Response:
    """What discord.py's HTTP errors read from an aiohttp response."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


def dms_closed() -> discord.Forbidden:
    return discord.Forbidden(
        Response(403, "Forbidden"), {"code": 50007, "message": "Cannot send messages to this user"}
    )


def unavailable() -> discord.DiscordServerError:
    return discord.DiscordServerError(Response(503, "Service Unavailable"), {"code": 0, "message": "upstream"})


class Sender:
    """A channel or a user: records what it was asked to send, and raises ``refusal`` if set."""

    def __init__(self, refusal: Exception | None = None) -> None:
        self.refusal = refusal
        self.tries: list[str] = []

    async def send(self, content: str, **_kwargs) -> None:
        self.tries.append(content)
        if self.refusal is not None:
            raise self.refusal


class Client:
    def __init__(self, users: dict[int, Sender]) -> None:
        self.users = users

    def get_user(self, user_id: int) -> Sender:
        return self.users[user_id]


async def test_closed_dms_are_remembered_for_a_day_and_then_tried_once_more(caplog):
    caplog.set_level("INFO", logger="tafelbot.clock")
    clock = FakeClock()
    closed, open_ = Sender(dms_closed()), Sender()
    dms = DirectMessages(Client({1: closed, 2: open_}), clock)
    assert not await dms.send(1, "your move")
    assert await dms.send(2, "your move")
    for _ in range(5):  # every reminder and heads-up of the next day: Discord is not asked
        clock.advance(HOUR)
        assert not await dms.send(1, "your move")
    assert len(closed.tries) == 1 and dms.closed(1) and not dms.closed(2)
    assert "direct messages to 1 closed (50007)" in caplog.text and "your move" not in caplog.text
    clock.advance(CLOSED_FOR - 5 * HOUR)
    assert not dms.closed(1)
    assert not await dms.send(1, "your move")  # still closed: remembered again
    assert len(closed.tries) == 2 and dms.closed(1)


async def test_a_dm_that_fails_otherwise_is_not_remembered_and_never_raises():
    clock = FakeClock()
    flaky = Sender(unavailable())
    broken = Sender(RuntimeError("connection reset"))
    dms = DirectMessages(Client({1: flaky, 2: broken}), clock)
    assert not await dms.send(1, "a") and not await dms.send(2, "b")
    assert not await dms.send(1, "a")
    assert len(flaky.tries) == 2 and not dms.closed(1) and not dms.closed(2)


@pytest.fixture
async def reminding(tmp_path, monkeypatch):
    """A started nim game of Ann and Bob, both asking for DM reminders, and its reminder presenter
    whose channel and users are fakes."""
    store = await Store.open(tmp_path / "t.sqlite3")
    table = Table(store, FakeClock())
    row = await table.started(settings={"move_seconds": 2 * HOUR})
    await table_data.set_server_settings(store, 1, dm_reminders=True)
    for person in (ANN, BOB):
        await table_data.set_person(store, person.user_id, dm_reminders=True)
    users = {ANN.user_id: Sender(), BOB.user_id: Sender()}
    presenter = ReminderPresenter(TableParts(Client(users), table.service, Painter(0), Guard()))
    channel = Sender()

    async def get_channel(_channel_id):
        return channel

    monkeypatch.setattr(presenter, "channel", get_channel)
    reminder = Reminder(row, (0, 1), 1, HOUR)
    yield presenter, reminder, channel, users
    await store.close()


async def test_a_refused_channel_post_keeps_no_dm_back(reminding, caplog):
    presenter, reminder, channel, users = reminding
    channel.refusal = unavailable()
    await presenter.remind(reminder)  # does not raise
    assert len(channel.tries) == 1
    assert all(len(user.tries) == 1 for user in users.values())
    assert f"reminder of game {reminder.row.id} not posted" in caplog.text


async def test_a_refused_dm_keeps_neither_the_post_nor_the_other_dms_back(reminding):
    presenter, reminder, channel, users = reminding
    users[ANN.user_id].refusal = dms_closed()
    await presenter.remind(reminder)
    assert len(channel.tries) == 1 and len(users[BOB.user_id].tries) == 1
    # The next reminder posts and DMs Bob again, and leaves Ann's closed DMs alone.
    await presenter.remind(reminder)
    assert len(channel.tries) == 2 and len(users[BOB.user_id].tries) == 2
    assert len(users[ANN.user_id].tries) == 1


async def test_a_reminder_that_fails_before_sending_is_logged_not_raised(reminding, monkeypatch, caplog):
    presenter, reminder, channel, users = reminding

    async def broken(*_args):
        raise OSError("database is locked")

    monkeypatch.setattr(presenter, "people_present", broken)
    await presenter.remind(reminder)
    assert channel.tries == [] and f"reminder of game {reminder.row.id} could not be sent" in caplog.text

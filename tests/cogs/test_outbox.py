"""The outbox keeps board posts Discord refused and sends them later, in order: pausing only after
a refusal (as long as Discord asked), keeping only the newest board of each game, and sending
nothing to a channel that cannot take a post until it is told to try again.

The refusals are discord.py's own exceptions, built as its HTTP client builds them; the pause is
injected, so no test sleeps."""

from __future__ import annotations

import asyncio

import discord
import pytest

from cogs.table import outbox as outbox_module
from cogs.table.outbox import Outbox, Post, Refusal, refusal_of, retry_after


class Response:
    """What discord.py's exceptions read from aiohttp's response."""

    def __init__(self, status: int, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.reason = "refused"
        self.headers = headers or {}


def error(status: int, code: int = 0, message: str = "no", headers: dict[str, str] | None = None):
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status)
    if kind is None:
        kind = discord.DiscordServerError if status >= 500 else discord.HTTPException
    return kind(Response(status, headers), {"message": message, "code": code})


def too_many(seconds: str) -> discord.HTTPException:
    """What discord.py raises after five 429s in a row: the body (with retry_after) is not kept,
    the response's Retry-After header is."""
    return discord.HTTPException(
        Response(429, {"Retry-After": seconds}), {"message": "You are being rate limited.", "retry_after": 1, "code": 0}
    )


MISSING_PERMISSIONS = error(403, 50013, "Missing Permissions")
UNKNOWN_CHANNEL = error(404, 10003, "Unknown Channel")


class Channel:
    """A channel that answers each post with the next scripted answer (an exception is raised;
    a future is awaited first, so a test can hold a post in flight), then takes posts."""

    def __init__(self, *answers: BaseException | asyncio.Future[None]) -> None:
        self.answers = list(answers)
        self.sent: list[str] = []
        self.requests = 0

    async def send(self, *, content, file, view, allowed_mentions):
        self.requests += 1
        assert file.fp.read() == b"png"  # a fresh file on every attempt
        if self.answers:
            answer = self.answers.pop(0)
            if isinstance(answer, BaseException):
                raise answer
            await answer
        self.sent.append(content)
        return content


class Pauses:
    """The injected sleep: remembers each pause and lets the loop run once."""

    def __init__(self) -> None:
        self.taken: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.taken.append(seconds)
        await asyncio.sleep(0)


def post(text: str, game: int | None = None, channel: int = 7) -> Post:
    return Post(channel, text, b"png", "board.png", None, discord.AllowedMentions.none(), game_id=game)


def outbox(channel: Channel, **options) -> tuple[Outbox, Pauses]:
    pauses = Pauses()

    async def lookup(_channel_id: int) -> Channel:
        return channel

    return Outbox(lookup, sleep=pauses, **options), pauses


async def until(condition, rounds: int = 1000) -> None:
    for _ in range(rounds):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the outbox never got there")


async def idle(rounds: int = 200) -> None:
    for _ in range(rounds):
        await asyncio.sleep(0)


async def test_after_a_refusal_one_pause_then_the_waiting_posts_go_at_once():
    channel = Channel(error(503))
    box, pauses = outbox(channel)
    assert await box.send(post("one", game=1)) is None
    assert await box.send(post("two", game=2)) is None  # waits behind "one", though Discord is fine now
    await until(lambda: not box.pending())
    assert channel.sent == ["one", "two"] and box.sent_later == 2
    assert pauses.taken == [2.0], "one pause for the one refusal; none after the success"
    assert await box.send(post("three", game=1)) == "three"  # nothing waits: straight out
    assert pauses.taken == [2.0]


async def test_pauses_grow_to_the_cap_and_start_over_after_a_success():
    channel = Channel(error(503), error(502), OSError("network down"), error(500))
    box, pauses = outbox(channel, first_delay=2.0, max_delay=5.0)
    await box.send(post("one", game=1))
    await until(lambda: not box.pending())
    assert pauses.taken == [2.0, 4.0, 5.0, 5.0]
    channel.answers = [TimeoutError()]
    await box.send(post("two", game=1))
    await until(lambda: not box.pending())
    assert pauses.taken[4:] == [2.0]
    assert box.refusals == {Refusal.UNAVAILABLE: 5}


@pytest.mark.parametrize(
    ("refusal", "pause"), [(discord.RateLimited(7.5), 7.5), (too_many("0.25"), 0.25), (too_many("soon"), 2.0)]
)
async def test_the_pause_discord_asks_for_is_honoured(refusal, pause):
    channel = Channel(refusal)
    box, pauses = outbox(channel)
    await box.send(post("one", game=1))
    await until(lambda: not box.pending())
    assert pauses.taken == [pause] and channel.sent == ["one"]
    assert box.refusals == {Refusal.RATE_LIMITED: 1}


def test_retry_after_is_read_where_discord_py_leaves_it():
    assert retry_after(discord.RateLimited(3.0)) == 3.0
    assert retry_after(too_many("1.5")) == 1.5
    assert retry_after(error(503)) is None
    assert retry_after(error(429)) is None  # no header: the growing pause applies


async def test_only_the_newest_board_of_each_game_waits_in_its_place():
    channel = Channel(error(503))
    box, _ = outbox(channel)
    for text, game in [("a1", 1), ("b1", 2), ("a2", 1), ("c1", 3), ("b2", 2), ("a3", 1)]:
        await box.send(post(text, game))
    assert box.pending(7) == 3 and box.superseded == 3
    await until(lambda: not box.pending())
    assert channel.sent == ["a3", "b2", "c1"], "each game's newest board, in the order the games came"


async def test_a_board_superseded_while_it_is_being_sent():
    held: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    channel = Channel(error(503), held)
    box, _ = outbox(channel)
    await box.send(post("a1", game=1))
    await until(lambda: channel.requests == 2)  # the retry of a1 is in flight
    await box.send(post("a2", game=1))
    assert box.superseded == 0, "a1 may still go through"
    held.set_exception(error(503))
    await until(lambda: not box.pending())
    assert channel.sent == ["a2"] and box.superseded == 1


async def test_a_board_that_went_through_while_superseded_is_followed_by_the_newer_one():
    held: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    channel = Channel(error(503), held)
    box, pauses = outbox(channel)
    await box.send(post("a1", game=1))
    await until(lambda: channel.requests == 2)
    await box.send(post("a2", game=1))
    held.set_result(None)
    await until(lambda: not box.pending())
    assert channel.sent == ["a1", "a2"] and box.superseded == 0 and pauses.taken == [2.0]


async def test_a_missing_permission_blocks_the_channel_until_retry_now():
    reports: list[tuple[int, BaseException]] = []

    async def on_blocked(channel_id: int, refusal: BaseException) -> None:
        reports.append((channel_id, refusal))

    channel = Channel(MISSING_PERMISSIONS)
    box, pauses = outbox(channel, on_blocked=on_blocked)
    first = post("one", game=1)
    assert await box.send(first) is None
    assert first.last_error is MISSING_PERMISSIONS  # the board tells the mover which permission
    assert box.blocked(7) and box.blocked_channels() == {7} and not box.blocked(8)
    assert await box.send(post("two", game=2)) is None
    await idle()
    assert channel.requests == 1, "no request to a blocked channel, however long it waits"
    assert pauses.taken == [] and box.pending(7) == 2
    assert reports == [(7, MISSING_PERMISSIONS)]
    box.retry_now(7)  # a moderator granted the permission
    await until(lambda: not box.pending())
    assert channel.sent == ["one", "two"] and not box.blocked(7) and box.blocked_channels() == set()


@pytest.mark.parametrize(
    "gone",
    [UNKNOWN_CHANNEL, error(403, 50001, "Missing Access"), error(403, 160005, "Thread is locked")],
    ids=["deleted", "no access", "locked thread"],
)
async def test_a_channel_that_is_gone_is_reported_once_and_left_alone(gone):
    reports: list[tuple[int, BaseException]] = []

    async def on_blocked(channel_id: int, refusal: BaseException) -> None:
        reports.append((channel_id, refusal))

    channel = Channel(gone, gone)
    box, _ = outbox(channel, on_blocked=on_blocked)
    assert await box.send(post("a1", game=1)) is None
    for text, game in [("b1", 2), ("a2", 1)]:
        await box.send(post(text, game))
    await idle()
    assert channel.requests == 1 and box.blocked(7) and box.refusals == {Refusal.GONE: 1}
    box.retry_now(7)  # told to try: still gone, so blocked again, but the host was told already
    await until(lambda: channel.requests == 2)
    await idle()
    assert box.blocked(7) and reports == [(7, gone)] and box.pending(7) == 2
    box.retry_now(7)  # it works again: each game's newest board goes out
    await until(lambda: not box.pending())
    assert channel.sent == ["a2", "b1"]
    channel.answers = [gone]
    await box.send(post("a3", game=1))
    await idle()
    assert len(reports) == 2, "blocked again after a post went through: reported again"


async def test_a_failing_report_is_logged_and_the_post_still_waits(caplog):
    async def on_blocked(channel_id: int, refusal: BaseException) -> None:
        raise RuntimeError("the table is down")

    channel = Channel(UNKNOWN_CHANNEL)
    box, _ = outbox(channel, on_blocked=on_blocked)
    await box.send(post("one", game=1))
    await idle()
    assert "could not report that channel 7 is blocked" in caplog.text and box.pending(7) == 1


async def test_a_post_that_can_never_go_out_is_raised_not_queued():
    channel = Channel(error(413, 40005, "Request entity too large"))
    box, _ = outbox(channel)
    with pytest.raises(discord.HTTPException):
        await box.send(post("too large", game=1))
    assert box.pending() == 0 and box.refusals == {Refusal.BAD_POST: 1}


async def test_a_waiting_post_that_can_never_go_out_is_dropped_and_the_next_goes_at_once():
    channel = Channel(error(503), error(400, 50035, "Invalid Form Body"))
    box, pauses = outbox(channel)
    await box.send(post("bad", game=1))
    await box.send(post("good", game=2))
    await until(lambda: not box.pending())
    assert channel.sent == ["good"] and pauses.taken == [2.0] and box.sent_later == 1


async def test_a_post_queued_by_the_caller_waits_the_first_pause():
    channel = Channel()
    box, pauses = outbox(channel)
    box.queue(post("one", game=1))  # the board saw a permission missing
    await until(lambda: not box.pending())
    assert pauses.taken == [2.0] and channel.sent == ["one"]


async def test_retry_now_cuts_a_pause_short():
    channel = Channel(error(503))
    box = Outbox(lambda _id: _ready(channel), first_delay=3600)
    await box.send(post("one", game=1))
    await idle(20)
    box.retry_now(7)
    await until(lambda: not box.pending())
    assert channel.sent == ["one"]


@pytest.mark.parametrize(
    ("refused", "kind"),
    [
        (error(500), Refusal.UNAVAILABLE),
        (OSError(), Refusal.UNAVAILABLE),
        (too_many("1"), Refusal.RATE_LIMITED),
        (discord.RateLimited(60.0), Refusal.RATE_LIMITED),
        (MISSING_PERMISSIONS, Refusal.MISSING_PERMISSION),
        (UNKNOWN_CHANNEL, Refusal.GONE),
        (error(403, 160005), Refusal.GONE),
        (error(400, 50035), Refusal.BAD_POST),
        (error(413, 40005), Refusal.BAD_POST),
        (TypeError("not a text channel"), Refusal.BAD_POST),
    ],
)
def test_what_a_refusal_means(refused, kind):
    assert refusal_of(refused) is kind


async def test_posts_without_a_game_are_capped(monkeypatch):
    monkeypatch.setattr(outbox_module, "MAX_WAITING", 3)
    box, _ = outbox(Channel(MISSING_PERMISSIONS))
    await box.send(post("game", game=1))
    for i in range(5):
        await box.send(post(str(i)))
    assert [p.content for p in box._channels[7].waiting] == ["game", "2", "3", "4"]


async def test_close_tries_each_waiting_post_once_except_in_blocked_channels():
    open_channel, blocked_channel = Channel(error(503)), Channel(MISSING_PERMISSIONS)
    channels = {7: open_channel, 8: blocked_channel}
    box = Outbox(lambda channel_id: _ready(channels[channel_id]), first_delay=3600)
    await box.send(post("open", game=1, channel=7))
    await box.send(post("blocked", game=2, channel=8))
    await box.close()
    assert open_channel.sent == ["open"] and blocked_channel.requests == 1
    assert box.pending() == 0 and box.blocked_channels() == set()


async def _ready(channel):
    return channel


async def test_a_refusal_after_the_channel_was_held_and_let_go_is_reported():
    """Held without a waiting post (the gateway said the bot was removed) and let go again: a
    later refusal there is news, or the channel stays blocked with nobody looking at it (found by
    tests/fuzz/chaos.py: a table's boards waited for ever, its board stalled while play went on)."""
    reports: list[tuple[int, BaseException]] = []

    async def on_blocked(channel_id: int, refusal: BaseException) -> None:
        reports.append((channel_id, refusal))

    channel = Channel()
    box, _ = outbox(channel, on_blocked=on_blocked)
    box.block(7, RuntimeError("the bot was removed from the server"))
    box.retry_now(7)  # back in the server; nothing was waiting
    assert await box.send(post("one", game=1)) == "one"
    channel.answers = [MISSING_PERMISSIONS]
    assert await box.send(post("two", game=1)) is None
    await idle()
    assert reports == [(7, MISSING_PERMISSIONS)]


async def test_a_refusal_right_after_a_held_channel_was_let_go_is_reported():
    """Found by tests/fuzz/chaos.py: the channel trouble lets a channel go (``report_again``), so a
    refusal straight after must be reported again, or nobody would look at the channel."""
    reports: list[tuple[int, BaseException]] = []

    async def on_blocked(channel_id: int, refusal: BaseException) -> None:
        reports.append((channel_id, refusal))

    channel = Channel(MISSING_PERMISSIONS)
    box, _ = outbox(channel, on_blocked=on_blocked)
    box.block(7, RuntimeError("a permission was taken away"))  # the gateway said so
    box.retry_now(7, report_again=True)  # healed: the channel trouble forgets the channel
    assert await box.send(post("one", game=1)) is None  # refused at once, before any post went
    await idle()
    assert reports == [(7, MISSING_PERMISSIONS)]


async def test_a_blocked_channel_is_probed_by_its_first_waiting_post_without_unblocking_it():
    """A permission no event announced: one try of the first waiting post tells; refused, the
    channel stays blocked and nobody is told again; taken, the rest waits for retry_now."""
    reports: list[tuple[int, BaseException]] = []

    async def on_blocked(channel_id: int, refusal: BaseException) -> None:
        reports.append((channel_id, refusal))

    shown: list[str] = []
    channel = Channel(MISSING_PERMISSIONS, MISSING_PERMISSIONS)
    box, _ = outbox(channel, on_blocked=on_blocked)
    assert await box.probe(7) is None, "nothing waits: nothing to try"
    first = post("one", game=1)

    async def on_posted(message) -> None:
        shown.append(message)

    first.on_posted = on_posted
    await box.send(first)
    await box.send(post("two", game=2))
    await idle()
    assert await box.probe(7) is False and box.blocked(7) and box.pending(7) == 2
    await idle()
    assert reports == [(7, MISSING_PERMISSIONS)], "the refused probe told nobody again"
    assert await box.probe(7) is True
    assert channel.sent == ["one"] and shown == ["one"] and box.pending(7) == 1 and box.blocked(7)
    box.retry_now(7)
    await until(lambda: not box.pending())
    assert channel.sent == ["one", "two"] and channel.requests == 4


async def test_a_channel_healed_while_its_probe_is_in_flight_posts_the_probed_board_once():
    """The chaos suite's "posted twice": the channel trouble's probe had the first waiting board in
    flight when a gateway event healed the channel (``retry_now``); the drain took the same board,
    not yet delivered, and posted it again. The drain now waits for the probe's try."""
    in_flight = asyncio.get_running_loop().create_future()
    channel = Channel(MISSING_PERMISSIONS, in_flight)
    box, _ = outbox(channel)
    await box.send(post("one", game=1))
    await box.send(post("two", game=2))
    await idle()
    assert box.blocked(7) and box.pending(7) == 2
    probe = asyncio.create_task(box.probe(7))
    await until(lambda: channel.requests == 2)  # the probe's post is on its way
    box.retry_now(7)  # healed meanwhile (the permission given back, announced)
    await idle()
    in_flight.set_result(None)
    assert await probe is True
    await until(lambda: not box.pending())
    assert channel.sent == ["one", "two"] and channel.requests == 3


async def test_a_new_games_post_joining_a_blocked_channel_is_reported_as_held():
    held: list[int] = []

    async def on_held(channel_id: int, refusal: BaseException) -> None:
        held.append(channel_id)

    channel = Channel(MISSING_PERMISSIONS)
    box, _ = outbox(channel, on_held=on_held)
    await box.send(post("a1", game=1))
    await box.send(post("a2", game=1))  # the same game's newer board: nothing new is held
    await idle()
    assert held == []
    box.queue(post("b1", game=2))  # a new table's board (queued or sent alike)
    await idle()
    assert held == [7] and channel.requests == 1
    box.forget(7)  # its tables given up: nothing of them goes out, and nothing holds the channel
    assert box.pending(7) == 0 and not box.blocked(7)

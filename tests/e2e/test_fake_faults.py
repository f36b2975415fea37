"""The fake Discord failing as Discord fails, proven against a real discord.py client: failed
interaction callbacks, archived and locked threads, deleted channels, a bot removed from its guild,
the cap on edits of old messages, commands in direct messages, and the invalid-request counter."""

from __future__ import annotations

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.e2e.fake import FakeDiscord, FakeDiscordError
from tests.e2e.fake.faults import Faults
from tests.e2e.fake.protocol import (
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)
from tests.e2e.fake.remote import FakeDiscordClient
from tests.e2e.harness import ErrorLogCapture, run_client, running, stop_client

HOUR = 3600.0


class FaultBot(commands.Bot):
    """``/say`` answers and then follows up, keeping every error it meets instead of logging it;
    ``/where`` (a global command offered in direct messages too) says where it was used."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), guild_ready_timeout=0.05
        )
        self.guild_id = guild_id
        self.errors: list[Exception] = []
        self.removed: list[int] = []

        @app_commands.command(name="say", description="Answer, then follow up")
        async def say(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.send_message("said")
            except (discord.HTTPException, aiohttp.ClientError) as error:
                self.errors.append(error)
            try:
                await interaction.followup.send("and more")
            except discord.HTTPException as error:
                self.errors.append(error)

        @app_commands.command(name="where", description="Where was this used")
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
        async def where(interaction: discord.Interaction) -> None:
            kind = type(interaction.user).__name__
            await interaction.response.send_message(f"guild={interaction.guild_id} user={kind}")

        self.tree.add_command(say, guild=discord.Object(guild_id))
        self.tree.add_command(where)

    async def setup_hook(self) -> None:
        await self.tree.sync(guild=discord.Object(self.guild_id))
        await self.tree.sync()

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        self.removed.append(guild.id)


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(fake) -> Clock:
    clock = Clock()
    fake.token_clock = clock
    return clock


@pytest.fixture
def channel(fake) -> int:
    return fake.add_channel("general")


@pytest.fixture
def alice(fake):
    return fake.add_user("alice")


@pytest.fixture
async def bot(fake, capture, clock, channel, alice):
    bot = FaultBot(fake.guild_id)
    task = await run_client(bot)
    yield bot
    await stop_client(bot, task)
    assert fake.rest.conformance.bad_answers == []  # every error in Discord's documented shape


async def new_thread(fake, bot, channel: int, **kwargs) -> int:
    thread = fake.add_thread(channel, "table", **kwargs)
    await fake.poll(lambda: bot.get_guild(fake.guild_id).get_thread(thread) is not None, None, "no THREAD_CREATE")
    return thread


def code_of(raised: pytest.ExceptionInfo) -> tuple[int, int]:
    return raised.value.status, raised.value.code


# -- interaction callbacks ------------------------------------------------------------------------


async def test_a_callback_answered_unknown_interaction_leaves_the_interaction_unanswered(fake, bot, channel, alice):
    fake.fail_callbacks()
    record = await fake.slash(alice, channel, "say")
    assert record.response_type is None and record.callback_failures == ["callback unknown interaction"]
    await fake.poll(lambda: len(bot.errors) == 2, None, f"the bot met no errors: {bot.errors}")
    refused, followup = bot.errors
    assert isinstance(refused, discord.NotFound) and refused.code == 10062
    assert isinstance(followup, discord.NotFound) and followup.code == 10015  # the token is no webhook
    assert fake.faults == {"callback unknown interaction": 1}

    answered = await fake.slash(alice, channel, "say")  # one failure only
    assert answered.content == "said"
    await fake.wait_for(lambda m: m.content == "and more")


async def test_a_callback_fails_with_a_server_error_and_the_retry_lands(fake, bot, channel, alice):
    fake.fail_callbacks(status=503)
    record = await fake.slash(alice, channel, "say")  # returns at the failure, unanswered
    assert record.callback_failures == ["callback 503"] and record.response_type is None
    # discord.py retries a 5xx callback after a second; within the 3 s it is still on time.
    await fake.wait_for(lambda m: m.content == "and more")
    assert record.response_type == 4 and record.content == "said" and bot.errors == []


async def test_a_callback_whose_connection_is_reset_gets_no_answer(fake, bot, channel, alice):
    fake.fail_callbacks(reset=True)
    record = await fake.slash(alice, channel, "say")
    assert record.callback_failures == ["callback reset"] and record.response_type is None
    await fake.poll(lambda: len(bot.errors) == 2, None, "the bot met no errors")
    reset, followup = bot.errors
    assert isinstance(reset, aiohttp.ClientError)  # no answer at all, not an HTTP status
    assert isinstance(followup, discord.NotFound) and followup.code == 10015
    assert fake.channel_messages(channel) == [] and fake.faults == {"callback reset": 1}


# -- threads ---------------------------------------------------------------------------------------


async def test_an_archived_thread_refuses_edits_and_commands_and_a_post_unarchives_it(fake, bot, channel, alice):
    thread_id = await new_thread(fake, bot, channel)
    guild = bot.get_guild(fake.guild_id)
    posted = await guild.get_thread(thread_id).send("board")

    fake.archive_thread(thread_id)
    await fake.poll(lambda: guild.get_thread(thread_id) is None, None, "archived thread still active for the bot")
    with pytest.raises(discord.HTTPException) as raised:
        await posted.edit(content="board, moved")
    assert code_of(raised) == (400, 50083)
    with pytest.raises(FakeDiscordError, match="archived"):
        await fake.slash(alice, thread_id, "say")

    await bot.get_partial_messageable(thread_id).send("a move")  # unarchives it: THREAD_UPDATE
    await fake.poll(lambda: guild.get_thread(thread_id) is not None, None, "no THREAD_UPDATE on unarchiving")
    assert not fake.channel(thread_id)["thread_metadata"]["archived"]
    assert (await fake.slash(alice, thread_id, "say")).content == "said"
    assert fake.faults["thread archived"] == 1


async def test_moving_to_another_clock_keeps_the_age_of_threads(fake):
    thread_id = fake.add_thread(fake.add_channel("general"), "table", auto_archive_duration=60)
    clock = Clock()
    clock.now = 4_000_000_000.0  # decades ahead of the wall clock
    fake.token_clock = clock
    assert fake.archive_idle_threads() == []
    clock.now += 61 * 60
    assert fake.archive_idle_threads() == [thread_id]


async def test_a_thread_archives_itself_after_its_duration_without_activity(fake, bot, clock, channel):
    thread_id = await new_thread(fake, bot, channel, auto_archive_duration=60)
    guild = bot.get_guild(fake.guild_id)
    posted = await guild.get_thread(thread_id).send("board")
    clock.now += 59 * 60
    assert fake.archive_idle_threads() == []
    await posted.edit(content="still active")  # an edit is no activity ...
    clock.now += 2 * 60
    assert fake.archive_idle_threads() == [thread_id]  # ... so an hour after the post it archives
    assert fake.channel(thread_id)["thread_metadata"]["auto_archive_duration"] == 60
    await fake.poll(lambda: guild.get_thread(thread_id) is None, None, "auto-archived thread still active")

    await posted.channel.send("back")  # unarchived, and active again
    clock.now += 61 * 60  # no driver call: the next request naming the thread finds it idle
    with pytest.raises(discord.HTTPException) as raised:
        await posted.edit(content="too late")
    assert code_of(raised) == (400, 50083)
    assert fake.faults["thread auto-archived"] == 2


async def test_a_locked_thread_refuses_a_bot_without_manage_threads(fake, bot, channel):
    thread_id = await new_thread(fake, bot, channel)
    thread = bot.get_guild(fake.guild_id).get_thread(thread_id)
    posted = await thread.send("board")
    fake.lock_thread(thread_id)
    await thread.send("a moderator's bot may still post")  # the fake's bot has Manage Threads

    fake.deny_bot(channel, MANAGE_THREADS)
    with pytest.raises(discord.Forbidden) as raised:
        await thread.send("move")
    assert code_of(raised) == (403, 160005)
    with pytest.raises(discord.Forbidden) as raised:
        await posted.edit(content="moved")
    assert code_of(raised) == (403, 160005)
    dead = fake.requests_to_dead_channels()
    assert [(d["channel_id"], d["reason"], d["status"]) for d in dead] == [(thread_id, "thread locked", 403)] * 2

    fake.unlock_thread(thread_id)
    await thread.send("move")
    assert len(fake.requests_to_dead_channels()) == 2


async def test_threads_take_their_permissions_from_the_parent(fake, bot, channel, alice):
    thread_id = await new_thread(fake, bot, channel)
    thread = bot.get_guild(fake.guild_id).get_thread(thread_id)
    fake.deny_bot(channel, SEND_MESSAGES)
    await thread.send("Send Messages is not what a thread needs")
    with pytest.raises(discord.Forbidden) as raised:
        await bot.get_channel(channel).send("but the channel does")
    assert code_of(raised) == (403, 50013)

    fake.deny_bot(channel, SEND_MESSAGES_IN_THREADS)
    with pytest.raises(discord.Forbidden) as raised:
        await thread.send("refused")
    assert code_of(raised) == (403, 50013)
    record = await fake.slash(alice, thread_id, "where")
    assert not int(record.payload["app_permissions"]) & SEND_MESSAGES_IN_THREADS

    fake.deny_bot(channel, VIEW_CHANNEL)  # who cannot see the parent cannot see its threads
    with pytest.raises(discord.Forbidden) as raised:
        await thread.send("unseen")
    assert code_of(raised) == (403, 50001)
    with pytest.raises(FakeDiscordError, match="parent"):
        fake.deny_bot(thread_id, SEND_MESSAGES)


async def test_a_permission_taken_and_given_back_silently(fake, bot, channel):
    """No CHANNEL_UPDATE: the cache keeps the old overwrites, the refusal and a fetch tell."""
    cached = bot.get_channel(channel)
    fake.deny_bot(channel, SEND_MESSAGES, announce=False)
    with pytest.raises(discord.Forbidden) as raised:
        await cached.send("refused")
    assert code_of(raised) == (403, 50013)
    me = bot.get_guild(fake.guild_id).me
    assert bot.get_channel(channel).permissions_for(me).send_messages, "the cache never heard of it"
    fetched = await bot.fetch_channel(channel)
    assert not fetched.permissions_for(me).send_messages, "asking Discord shows the overwrite"
    fake.deny_bot(channel, 0, announce=False)
    await cached.send("allowed again")
    assert fake.faults["bot denied permissions silently"] == 1


async def test_a_thread_locked_and_archived_then_reopened_in_one_event(fake, bot, channel):
    """discord.py drops an archived thread from its cache; the reopening reaches it as a join."""
    joined: list[int] = []

    async def on_thread_join(thread: discord.Thread) -> None:
        joined.append(thread.id)

    bot.add_listener(on_thread_join)
    thread_id = await new_thread(fake, bot, channel)
    fake.lock_thread(thread_id, archive=True)
    await fake.poll(lambda: bot.get_guild(fake.guild_id).get_thread(thread_id) is None, None, "still cached")
    fake.unlock_thread(thread_id, unarchive=True)
    await fake.poll(lambda: joined == [thread_id], None, "no on_thread_join")
    state = fake.channel(thread_id)["thread_metadata"]
    assert not state["locked"] and not state["archived"]


async def test_requests_on_an_expired_token_after_its_first_refusal_are_counted(fake, bot, clock, channel, alice):
    record = await fake.slash(alice, channel, "say")
    said = lambda: any(m.content == "and more" for m in fake.channel_messages(channel))  # noqa: E731
    await fake.poll(said, None, "the bot's own follow-up never came")
    clock.now += 16 * 60
    url = f"{fake.api_url}/webhooks/{fake.world.application_id}/{record.token}"
    async with aiohttp.ClientSession() as session:
        for _ in range(3):
            async with session.post(url, json={"content": "late"}) as answer:
                assert answer.status == 401
    assert fake.dead_token_reuses == 2, "the first 401 taught; the two after it were dead requests"


# -- things ending -------------------------------------------------------------------------------------


async def test_deleted_channels_and_threads_are_unknown_from_then_on(fake, bot, channel):
    thread_id = await new_thread(fake, bot, channel)
    guild = bot.get_guild(fake.guild_id)
    fake.delete_thread(thread_id)
    await fake.poll(lambda: guild.get_thread(thread_id) is None, None, "no THREAD_DELETE")
    other = fake.add_channel("other")
    other_thread = await new_thread(fake, bot, other)
    fake.delete_channel(other)
    await fake.poll(lambda: guild.get_channel(other) is None, None, "no CHANNEL_DELETE")
    assert guild.get_thread(other_thread) is None

    for gone in (thread_id, other, other_thread):
        with pytest.raises(discord.NotFound) as raised:
            await bot.get_partial_messageable(gone).send("anyone?")
        assert code_of(raised) == (404, 10003)
    assert [(d["channel_id"], d["reason"]) for d in fake.requests_to_dead_channels()] == [
        (thread_id, "deleted"),
        (other, "deleted"),
        (other_thread, "deleted"),
    ]
    assert fake.faults == {"thread deleted": 2, "channel deleted": 1}
    await bot.get_channel(channel).send("the rest still works")


async def test_a_bot_removed_from_its_guild_and_added_back(fake, bot, channel, alice):
    active, archived = await new_thread(fake, bot, channel), await new_thread(fake, bot, channel)
    fake.archive_thread(archived)
    fake.remove_bot_from_guild()
    await fake.poll(lambda: bot.removed == [fake.guild_id], None, "no GUILD_DELETE")
    assert bot.get_guild(fake.guild_id) is None
    with pytest.raises(discord.Forbidden) as raised:
        await bot.get_partial_messageable(channel).send("hello?")
    assert code_of(raised) == (403, 50001)
    with pytest.raises(discord.Forbidden) as raised:
        await bot.tree.sync(guild=discord.Object(fake.guild_id))
    assert code_of(raised) == (403, 50001)
    with pytest.raises(FakeDiscordError, match="not in guild"):
        await fake.slash(alice, channel, "say")
    assert fake.requests_to_dead_channels()[0]["reason"] == "bot removed from guild"

    fake.add_bot_back()
    await fake.poll(lambda: bot.get_guild(fake.guild_id) is not None, None, "no GUILD_CREATE")
    guild = bot.get_guild(fake.guild_id)  # GUILD_CREATE lists the active threads only
    assert guild.get_thread(active) is not None and guild.get_thread(archived) is None
    await bot.get_channel(channel).send("back")
    assert (await fake.slash(alice, channel, "say")).content == "said"


# -- edits of old messages, direct messages --------------------------------------------------------


async def test_edits_of_messages_older_than_an_hour_can_be_capped(fake, bot, clock, channel):
    old = await bot.get_channel(channel).send("old")
    clock.now += HOUR + 1
    young = await bot.get_channel(channel).send("young")
    await old.edit(content="edited while the cap is off")
    fake.limit_old_edits(True, retry_after=0.001)
    await young.edit(content="young messages are not capped")
    with pytest.raises(discord.HTTPException) as raised:  # discord.py retries the 429, then gives up
        await old.edit(content="capped")
    assert code_of(raised) == (429, 30046)
    assert fake.message(old.id).content == "edited while the cap is off"
    fake.limit_old_edits(False)
    await old.edit(content="cap lifted")


async def test_a_command_in_direct_messages(fake, bot, alice):
    dm = fake.dm_channel(alice)
    record = await fake.slash(alice, dm, "where")
    assert record.content == "guild=None user=User" and record.message.channel_id == dm
    assert record.payload["context"] == 1 and "member" not in record.payload and "guild_id" not in record.payload
    with pytest.raises(FakeDiscordError, match="globally"):
        await fake.slash(alice, dm, "say")  # a guild command is not offered in direct messages


# -- counting what went wrong ----------------------------------------------------------------------


async def test_invalid_requests_are_counted_in_a_ten_minute_window(fake, bot, clock, channel):
    fake.deny_bot(channel, SEND_MESSAGES)
    for _ in range(3):
        with pytest.raises(discord.Forbidden):
            await bot.get_channel(channel).send("again")
    clock.now += 5 * 60
    fake.delete_channel(channel)
    with pytest.raises(discord.NotFound):  # a 404 is no invalid request
        await bot.get_partial_messageable(channel).send("gone")
    assert fake.invalid_requests == 3
    assert fake.invalid_requests_by_route == {("POST", f"/channels/{channel}/messages"): 3}
    clock.now += 5 * 60 + 1
    assert fake.invalid_requests == 0 and fake.invalid_requests_by_route == {}
    assert fake.faults == {"bot denied permissions": 1, "channel deleted": 1}


def test_a_shared_scope_429_is_no_invalid_request():
    faults = Faults(lambda: 0.0)
    faults.note_answer("POST", "/channels/1/messages", 429, "shared")
    faults.note_answer("POST", "/channels/1/messages", 429, "user")
    faults.note_answer("PATCH", "/webhooks/1/t/messages/@original", 401, None)
    faults.note_answer("GET", "/channels/1", 404, None)
    assert faults.invalid_requests == 2


async def test_faults_through_the_control_api():
    async with FakeDiscord(control=True) as fake:
        undo = fake.patch_discord()
        client = FakeDiscordClient(fake.base_url)
        try:
            with ErrorLogCapture(on_error=fake.fail_waiters):
                channel = await client.add_channel("general")
                alice = await client.add_user("alice")
                thread = fake.add_thread(int(channel), "table", auto_archive_duration=60)
                async with running(FaultBot(fake.guild_id)) as bot:
                    await client.wait_until_ready(commands=["say"], timeout=5)
                    await client.fail_callbacks(1)
                    failed = await client.slash(alice, channel, "say")
                    assert failed["callback_failures"] == ["callback unknown interaction"]

                    await client.advance_clock(61 * 60)
                    assert await client.archive_idle_threads() == [str(thread)]
                    await client.thread(thread, "unarchive")
                    await client.thread(thread, "lock", archive=True)
                    metadata = fake.channel(thread)["thread_metadata"]
                    assert metadata["archived"] and metadata["locked"]
                    await client.delete_channel(thread)
                    with pytest.raises(discord.NotFound):
                        await bot.get_partial_messageable(thread).send("gone")
                    await client.remove_bot_from_guild(fake.guild_id)
                    with pytest.raises(discord.Forbidden):
                        await bot.get_partial_messageable(int(channel)).send("kicked")
                    await client.add_bot_back(fake.guild_id)
                    await client.limit_old_edits(True, retry_after=0.001)

                    report = await client.faults()
                    assert report["faults"] == {
                        "callback unknown interaction": 1,
                        "thread auto-archived": 1,
                        "thread locked": 1,
                        "thread archived": 1,
                        "thread deleted": 1,
                        "bot removed from guild": 1,
                    }
                    assert report["invalid_requests"] == 1
                    assert report["invalid_requests_by_route"] == [
                        {"method": "POST", "path": f"/channels/{channel}/messages", "count": 1}
                    ]
                    reasons = [(r["channel_id"], r["reason"]) for r in report["requests_to_dead_channels"]]
                    assert reasons == [(thread, "deleted"), (int(channel), "bot removed from guild")]
                    with pytest.raises(FakeDiscordError, match="unknown guild"):
                        await client.remove_bot_from_guild(1)
        finally:
            await client.close()
            undo()

"""The fake Discord, proven with a tiny bot that uses every feature the real bot needs.

The fixtures here show how end-to-end tests are meant to be set up: ``fake`` (started and patched
into discord.py), ``capture`` (a test fails on any ERROR log, and a pending interaction fails at
once instead of timing out), ``bot`` (a connected client, stopped after the test).
"""

from __future__ import annotations

import asyncio
import io
import re

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.e2e.fake import EPHEMERAL, FakeDiscordError
from tests.e2e.fake.protocol import MANAGE_THREADS
from tests.e2e.harness import run_client, running, stop_client

ACTIONS = ["attack", "defend", "draw", "pass"]
DUTCH = {
    "demo": "proef",
    "Demo commands": "Proefopdrachten",
    "play": "spelen",
    "Play an action": "Speel een actie",
    "action": "actie",
}


def tiny_png(colour: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 4), colour).save(out, format="PNG")
    return out.getvalue()


class DutchTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context) -> str | None:
        return DUTCH.get(string.message) if locale is discord.Locale.dutch else None


class SloppyTranslator(app_commands.Translator):
    """Translates a command name into something Discord refuses (capitals and a space)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context) -> str | None:
        return "Nieuw Spel" if locale is discord.Locale.dutch and string.message == "demo" else None


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"count:(?P<n>\d+)"):
    """A persistent button: everything it needs is in its custom_id, so it survives restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(label=f"Count {n}", style=discord.ButtonStyle.primary, custom_id=f"count:{n}")
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        generation = interaction.client.generation
        await interaction.response.edit_message(content=f"count {self.n + 1} (bot {generation})", view=view)


class RevealView(discord.ui.View):
    @discord.ui.button(label="Reveal", custom_id="reveal")
    async def reveal(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        button.disabled = True
        await interaction.response.edit_message(content=f"revealed to {interaction.user.name}", view=self)


class ColourView(discord.ui.View):
    @discord.ui.select(
        custom_id="colour",
        placeholder="Pick a colour",
        options=[discord.SelectOption(label=c.title(), value=c) for c in ("red", "green", "blue")],
    )
    async def colour(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"you picked {', '.join(select.values)}", ephemeral=True)


class GreetView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Greet me", custom_id="greet")
    async def greet(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await asyncio.sleep(0.001)  # let the concurrent clicks interleave
        await interaction.response.send_message(f"hello {interaction.user.name}", ephemeral=True)


class TidyView(discord.ui.View):
    """Component answers that defer first (response type 6) and finish in different ways."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Bump", custom_id="bump")
    async def bump(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"bumped by {interaction.user.name}")

    @discord.ui.button(label="Touch", custom_id="touch")
    async def touch(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.message.edit(content=f"touched by {interaction.user.name}")

    @discord.ui.button(label="Ack", custom_id="ack")
    async def ack(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="invite", max_values=2)
    async def invite(self, interaction: discord.Interaction, select: discord.ui.UserSelect) -> None:
        names = sorted(user.name for user in select.values)
        await interaction.response.send_message(f"invited {' and '.join(names)}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Your name"):
    nickname = discord.ui.TextInput(label="Nickname", custom_id="nickname", max_length=32)
    side = discord.ui.Label(
        text="Side",
        component=discord.ui.Select(
            custom_id="side", options=[discord.SelectOption(label=s) for s in ("north", "south")]
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        side = self.side.component.values[0]
        await interaction.response.send_message(f"hello {self.nickname.value} from the {side}")


def demo_group() -> app_commands.Group:
    demo = app_commands.Group(name="demo", description="Demo commands")

    @demo.command(name="play", description="Play an action")
    @app_commands.describe(action="What to do", count="How often", loud="Shout it")
    async def play(
        interaction: discord.Interaction, action: str, count: app_commands.Range[int, 1, 10], loud: bool = False
    ) -> None:
        embed = discord.Embed(title=f"{action} x{count}", description=f"locale {interaction.locale.value}")
        embed.set_image(url="attachment://board.png")
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        await interaction.response.send_message(
            f"{interaction.user.name} plays {action}{'!' if loud else ''}",
            embed=embed,
            file=discord.File(io.BytesIO(tiny_png()), "board.png"),
            view=view,
        )

    @play.autocomplete("action")
    async def play_action(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=a.title(), value=a) for a in ACTIONS if a.startswith(current)]

    @demo.command(name="secret", description="Something only you see")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"only for {interaction.user.name}", view=RevealView(), ephemeral=True)

    @demo.command(name="pick", description="Pick a colour")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick one", view=ColourView())

    @demo.command(name="form", description="Fill in a form")
    async def form(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal(custom_id="name-form"))

    @demo.command(name="slow", description="Think first")
    async def slow(interaction: discord.Interaction, private: bool = False) -> None:
        await interaction.response.defer(ephemeral=private)
        await asyncio.sleep(0.01)
        await interaction.followup.send("slow result", ephemeral=True)
        await interaction.edit_original_response(content="slow result (edited)")
        await interaction.followup.send("one more thing", ephemeral=True)

    @demo.command(name="admin", description="Who may manage")
    async def admin(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"manage_guild={interaction.permissions.manage_guild} "
            f"bot_attach={interaction.app_permissions.attach_files}",
            ephemeral=True,
        )

    @demo.command(name="announce", description="Announce later")
    async def announce(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("announcing soon", ephemeral=True)
        channel = interaction.channel

        async def later() -> None:
            await asyncio.sleep(0.01)
            await channel.send(
                f"announcement for {interaction.user.mention} and <@{interaction.client.user.id}>",
                file=discord.File(io.BytesIO(tiny_png("blue")), "announce.png"),
                allowed_mentions=discord.AllowedMentions(users=[interaction.user]),
            )

        interaction.client.background.append(asyncio.create_task(later()))

    @demo.command(name="hello", description="Post a greeting button")
    async def hello(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("press to be greeted", view=GreetView())

    @demo.command(name="tidy", description="Buttons that defer")
    async def tidy(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("tidy up", view=TidyView())

    @demo.command(name="inspect", description="Echo typed options")
    async def inspect(
        interaction: discord.Interaction,
        member: discord.Member,
        where: discord.TextChannel,
        ratio: float,
        picture: discord.Attachment | None = None,
    ) -> None:
        size = Image.open(io.BytesIO(await picture.read())).size if picture else None
        manager = member.guild_permissions.manage_guild
        await interaction.response.send_message(f"{member.name} manager={manager} #{where.name} {ratio} {size}")

    @demo.command(name="thread", description="Open a thread")
    async def thread(interaction: discord.Interaction, name: str) -> None:
        created = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await created.send(f"welcome to {name}")
        await interaction.response.send_message(f"opened {created.mention}", ephemeral=True)

    @demo.command(name="shout", description="Too long for Discord")
    async def shout(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("!" * 2001)

    @demo.command(name="nap", description="Answer too late")
    async def nap(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.1)
        await interaction.response.send_message("too late")

    return demo


class DemoBot(commands.Bot):
    def __init__(
        self,
        guild_id: int,
        *,
        generation: int = 1,
        translator: app_commands.Translator | None = None,
        intents: discord.Intents | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents or discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        self.guild_id = guild_id
        self.generation = generation
        self.translator = translator
        self.background: list[asyncio.Task] = []
        self.tree.add_command(demo_group(), guild=discord.Object(guild_id))

        @app_commands.context_menu(name="Wave")
        async def wave(interaction: discord.Interaction, member: discord.Member) -> None:
            await interaction.response.send_message(f"{interaction.user.name} waves at {member.name}")

        self.tree.add_command(wave, guild=discord.Object(guild_id))

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        await self.tree.set_translator(self.translator or DutchTranslator())
        await self.tree.sync(guild=discord.Object(self.guild_id))


# -- fixtures -------------------------------------------------------------------------------------


# ``fake`` and ``capture`` come from conftest.py; these tests use their own channel and users.


@pytest.fixture
def channel(fake) -> int:
    return fake.add_channel("general")


@pytest.fixture
def alice(fake):
    return fake.add_user("alice", locale="en-GB")


@pytest.fixture
def bob(fake):
    return fake.add_user("bob", locale="nl", manage_guild=True)


@pytest.fixture
async def bot(fake, capture, channel, alice, bob):
    bot = DemoBot(fake.guild_id)
    task = await run_client(bot)
    yield bot
    await stop_client(bot, task)


# -- registration and plumbing --------------------------------------------------------------------


async def test_sync_registers_translated_guild_commands(fake, bot):
    demo = fake.command("demo")
    assert sorted(c["name"] for c in fake.commands) == ["Wave", "demo"]
    assert demo["guild_id"] == str(fake.guild_id)
    assert demo["name"] == "demo" and demo["name_localizations"] == {"nl": "proef"}
    assert demo["description_localizations"] == {"nl": "Proefopdrachten"}
    play = next(o for o in demo["options"] if o["name"] == "play")
    assert play["type"] == 1 and play["name_localizations"] == {"nl": "spelen"}
    assert [(o["name"], o["type"], o.get("required", False)) for o in play["options"]] == [
        ("action", 3, True),
        ("count", 4, True),
        ("loud", 5, False),
    ]
    assert play["options"][0]["autocomplete"] is True and play["options"][0]["name_localizations"] == {"nl": "actie"}
    assert (play["options"][1]["min_value"], play["options"][1]["max_value"]) == (1, 10)


async def test_answers_are_plain_json_with_rate_limit_headers(fake, bot):
    async with aiohttp.ClientSession() as session, session.get(f"{fake.base_url}/api/v10/users/@me") as response:
        assert response.status == 401  # no bot token
    async with (
        aiohttp.ClientSession(headers={"Authorization": "Bot x"}) as session,
        session.get(f"{fake.base_url}/api/v10/users/@me") as response,
    ):
        assert response.headers["Content-Type"] == "application/json"
        # Discord's headers (tests/e2e/fake/ratelimits.py): the request's bucket and what is left in it.
        limit, remaining = int(response.headers["X-RateLimit-Limit"]), int(response.headers["X-RateLimit-Remaining"])
        assert response.headers["X-RateLimit-Bucket"] and 0 < remaining < limit
        assert (await response.json())["id"] == str(bot.user.id)


async def test_unknown_route_fails_loudly(fake, bot, capture):
    with pytest.raises(discord.NotFound, match="fake Discord: unknown route GET /api/v10/nowhere"):
        await bot.http.request(discord.http.Route("GET", "/nowhere"))
    assert fake.unknown_routes == ["GET /api/v10/nowhere"]
    assert capture.take("unknown route")  # it was logged at ERROR, which fails a test unless taken


# -- slash commands, files, persistent buttons ------------------------------------------------------


async def test_slash_reply_with_embed_file_and_persistent_button(fake, bot, channel, alice):
    record = await fake.slash(alice, channel, "demo play", {"action": "draw", "count": 3, "loud": True}, locale="nl")
    assert record.response_type == 4 and not record.ephemeral
    assert record.content == "alice plays draw!"
    assert record.embeds[0]["title"] == "draw x3" and record.embeds[0]["description"] == "locale nl"
    ((filename, data),) = record.files
    assert filename == "board.png" and Image.open(io.BytesIO(data)).size == (8, 4)
    assert record.message.attachments[0]["width"] == 8
    assert fake.last_public(channel) is record.message

    button = record.message.find_button(label_contains="Count")
    assert button["custom_id"] == "count:0" and not button["disabled"]
    clicked = await fake.click(alice, record.message, "count:0")
    assert clicked.response_type == 7 and clicked.message is record.message
    assert record.message.content == "count 1 (bot 1)" and record.message.edits == 1
    assert record.message.buttons()[0]["custom_id"] == "count:1"


async def test_slash_checks_the_registered_options(fake, bot, channel, alice):
    with pytest.raises(FakeDiscordError, match="not registered"):
        await fake.slash(alice, channel, "nope")
    with pytest.raises(FakeDiscordError, match="needs a subcommand"):
        await fake.slash(alice, channel, "demo")
    with pytest.raises(FakeDiscordError, match="no option"):
        await fake.slash(alice, channel, "demo", "play", options={"action": "draw", "count": 1, "colour": "red"})
    with pytest.raises(FakeDiscordError, match="'count' is required"):
        await fake.slash(alice, channel, "demo", "play", options={"action": "draw"})
    with pytest.raises(FakeDiscordError, match="between 1 and 10"):
        await fake.slash(alice, channel, "demo", "play", options={"action": "draw", "count": 11})
    with pytest.raises(FakeDiscordError, match="integer option"):
        await fake.slash(alice, channel, "demo", "play", options={"action": "draw", "count": "3"})
    assert fake.interactions == []  # nothing reached the bot


async def test_autocomplete(fake, bot, channel, alice):
    choices = await fake.autocomplete(alice, channel, "demo", "play", {"count": 2}, focused="action")
    assert [c["value"] for c in choices] == ACTIONS
    choices = await fake.autocomplete(alice, channel, "demo play", options={"action": "d"}, focused="action")
    assert choices == [{"name": "Defend", "value": "defend"}, {"name": "Draw", "value": "draw"}]


# -- ephemeral messages, selects, modals ------------------------------------------------------------


async def test_ephemeral_reply_is_private_and_its_button_works(fake, bot, channel, alice, bob):
    record = await fake.slash(alice, channel, "demo", "secret")
    message = record.message
    assert record.ephemeral and message.flags & EPHEMERAL and message.for_user is alice
    assert message.via_interaction == record.id
    assert fake.channel_messages(channel) == [] and fake.ephemeral_messages(alice) == [message]
    assert fake.channel_messages(channel, include_ephemeral=True) == [message]
    with pytest.raises(FakeDiscordError, match="ephemeral for alice"):
        await fake.click(bob, message, "reveal")
    with pytest.raises(discord.NotFound):  # channel endpoints never see ephemeral messages
        await bot.get_partial_messageable(channel).fetch_message(message.id)

    clicked = await fake.click(alice, message, "reveal")
    assert clicked.response_type == 7 and clicked.ephemeral
    assert message.content == "revealed to alice" and message.buttons()[0]["disabled"]
    with pytest.raises(FakeDiscordError, match="disabled"):
        await fake.click(alice, message, "reveal")


async def test_select_menu(fake, bot, channel, alice):
    record = await fake.slash(alice, channel, "demo pick")
    (select,) = record.message.selects()
    assert select["custom_id"] == "colour" and [o["value"] for o in select["options"]] == ["red", "green", "blue"]
    picked = await fake.select(alice, record.message, "colour", ["green"])
    assert picked.content == "you picked green" and picked.ephemeral
    with pytest.raises(FakeDiscordError, match="not among them"):
        await fake.select(alice, record.message, "colour", ["purple"])


async def test_user_channel_number_and_attachment_options(fake, bot, channel, alice, bob):
    options = {"member": bob, "where": channel, "ratio": 0.5, "picture": ("p.png", tiny_png())}
    record = await fake.slash(alice, channel, "demo inspect", options)
    assert record.content == "bob manager=True #general 0.5 (8, 4)"
    with pytest.raises(FakeDiscordError, match="not a known user"):
        await fake.slash(alice, channel, "demo inspect", {"member": 12345, "where": channel, "ratio": 1})


async def test_context_menu(fake, bot, channel, alice, bob):
    assert any(c["type"] == 2 and c["name"] == "Wave" for c in fake.commands)
    record = await fake.context_menu(alice, channel, "Wave", bob)
    assert record.content == "alice waves at bob" and record.message.type == 23


async def test_modal(fake, bot, channel, alice):
    record = await fake.slash(alice, channel, "demo", "form")
    assert record.response_type == 9 and record.message is None
    assert record.modal["title"] == "Your name" and record.modal["custom_id"] == "name-form"
    submitted = await fake.submit_modal(alice, channel, "name-form", {"nickname": "Zed", "side": ["south"]})
    assert submitted.content == "hello Zed from the south" and not submitted.ephemeral
    with pytest.raises(FakeDiscordError, match="required"):
        await fake.submit_modal(alice, channel, "name-form", {"side": ["north"]})


# -- deferring ------------------------------------------------------------------------------------


async def test_defer_then_followup_fills_the_thinking_message_publicly(fake, bot, channel, alice):
    record = await fake.slash(alice, channel, "demo slow")
    assert record.response_type == 5
    # As on Discord: the first follow-up after a public defer replaces the "thinking" message and
    # its ephemeral=True is ignored, so the result is public.
    assert record.content == "slow result" and not record.ephemeral and not record.message.loading
    assert fake.last_public(channel) is record.message
    extra = await fake.wait_for(lambda m: m.content == "one more thing")
    assert record.message.content == "slow result (edited)" and record.message.edits == 2
    assert record.followups == [extra] and extra.ephemeral and extra.for_user is alice


async def test_private_defer_keeps_everything_ephemeral(fake, bot, channel, alice):
    record = await fake.slash(alice, channel, "demo slow", {"private": True})
    assert record.ephemeral and record.content == "slow result"
    await fake.wait_for(lambda m: m.content == "one more thing")
    assert fake.channel_messages(channel) == []
    assert [m.content for m in fake.ephemeral_messages(alice)] == ["slow result (edited)", "one more thing"]


async def test_component_defers_finish_by_webhook_or_channel_edit(fake, bot, channel, alice, bob):
    message = (await fake.slash(alice, channel, "demo tidy")).message
    bumped = await fake.click(bob, message, "bump")
    assert bumped.response_type == 6 and bumped.message is message and message.content == "bumped by bob"
    touched = await fake.click(alice, message, "touch")
    assert touched.response_type == 6 and message.content == "touched by alice" and message.edits == 2
    with pytest.raises(FakeDiscordError, match="deferred .* but sent no follow-up"):
        await fake.click(alice, message, "ack", timeout=0.2)
    acked = await fake.click(alice, message, "ack", wait_followup=False)
    assert acked.response_type == 6 and acked.followups == []
    invited = await fake.select(alice, message, "invite", [alice, bob])
    assert invited.content == "invited alice and bob"


# -- permissions, background messages, threads ------------------------------------------------------


async def test_member_and_app_permissions(fake, bot, channel, alice, bob):
    assert (await fake.slash(alice, channel, "demo admin")).content == "manage_guild=False bot_attach=True"
    assert (await fake.slash(bob, channel, "demo admin")).content == "manage_guild=True bot_attach=True"


async def test_channel_send_with_file_from_a_background_task(fake, bot, channel, alice):
    record = await fake.slash(alice, channel, "demo announce")
    assert record.ephemeral
    message = await fake.wait_for(lambda m: m.channel_id == channel and m.files and m.via_interaction is None)
    assert message.content.startswith("announcement for") and not message.ephemeral
    assert message.mentions == [alice]  # the bot's own mention is not allowed to ping
    assert Image.open(io.BytesIO(message.files[0][1])).getpixel((0, 0)) == (0, 0, 255)


async def test_threads(fake, bot, channel, alice):
    record = await fake.slash(alice, channel, "demo thread", {"name": "table-1"})
    thread_id = int(record.content.removeprefix("opened <#").removesuffix(">"))
    assert fake.channel(thread_id)["parent_id"] == str(channel)
    assert [m.content for m in fake.channel_messages(thread_id)] == ["welcome to table-1"]
    made_by_test = fake.add_thread(channel, "table-2")
    played = await fake.slash(alice, made_by_test, "demo play", {"action": "pass", "count": 1})
    assert played.message.channel_id == made_by_test


async def test_thread_from_a_message_history_archive_and_delete(fake, bot, channel):
    """What scripts/smoke_discord.py does on Discord: a thread started from a note, its messages read
    back a page at a time, the thread archived when deleting it is not allowed, then deleted."""
    note = await bot.get_channel(channel).send("note")
    thread = await note.create_thread(name="smoke", auto_archive_duration=60)
    assert thread.id == note.id and fake.channel(thread.id)["parent_id"] == str(channel)
    await fake.poll(lambda: bot.get_channel(thread.id) is not None, None, "no THREAD_CREATE")
    sent = [await thread.send(f"m{i}") for i in range(5)]
    assert [m.content async for m in thread.history(limit=3)] == ["m4", "m3", "m2"]
    assert [m.content async for m in thread.history(limit=None, before=sent[3])] == ["m2", "m1", "m0"]
    assert [m.content async for m in thread.history(limit=2, after=sent[1], oldest_first=True)] == ["m2", "m3"]
    assert [m.content async for m in thread.history(limit=3, around=sent[2])] == ["m3", "m2", "m1"]

    fake.deny_bot(channel, MANAGE_THREADS)
    with pytest.raises(discord.Forbidden):
        await thread.delete()
    await thread.edit(archived=True)  # its owner may archive it
    assert fake.channel(thread.id)["thread_metadata"]["archived"]
    with pytest.raises(discord.Forbidden):
        await thread.edit(locked=True)
    fake.deny_bot(channel, 0)
    await thread.delete()
    assert thread.id not in fake.world.channels and [m.content for m in fake.channel_messages(thread.id)][-1] == "m4"
    await fake.poll(lambda: bot.get_channel(thread.id) is None, None, "no THREAD_DELETE")
    await note.delete()
    assert fake.message(note.id).deleted and fake.channel_messages(channel) == []


# -- concurrency, restarts, reconnects --------------------------------------------------------------


async def test_concurrent_clicks_each_get_their_own_answer(fake, bot, channel):
    post = await fake.slash(fake.add_user("host"), channel, "demo hello")
    users = [fake.add_user(f"player{i}") for i in range(20)]
    records = await asyncio.gather(*(fake.click(user, post.message, "greet") for user in users))
    assert [r.content for r in records] == [f"hello {u.name}" for u in users]
    assert all(r.ephemeral and r.message.for_user is u for r, u in zip(records, users, strict=True))


async def test_restart_a_new_client_answers_buttons_of_the_old_one(fake, capture, channel, alice):
    first = DemoBot(fake.guild_id, generation=1)
    async with running(first):
        record = await fake.slash(alice, channel, "demo play", {"action": "draw", "count": 1})
    command_id = fake.command("demo")["id"]

    second = DemoBot(fake.guild_id, generation=2)
    async with running(second):
        clicked = await fake.click(alice, record.message, "count:0")
        assert clicked.content == "count 1 (bot 2)"
    assert fake.identifies == 2
    assert fake.command("demo")["id"] == command_id  # re-syncing keeps command ids, as on Discord


async def test_gateway_resume_and_member_chunks(fake, capture, channel, alice):
    intents = discord.Intents.default()
    intents.members = True  # discord.py then asks for the members (op 8) before it is ready:
    # GUILD_CREATE itself lists only the bot without the presences intent, as on Discord
    bot = DemoBot(fake.guild_id, intents=intents)
    async with running(bot):
        guild = bot.get_guild(fake.guild_id)
        assert fake.member_requests == 1 and guild.chunked and guild.get_member(alice.id).name == "alice"
        await fake.force_reconnect()
        assert fake.identifies == 1
        assert (await fake.slash(alice, channel, "demo admin")).content.startswith("manage_guild=False")


# -- Discord's rules the bot must follow ----------------------------------------------------------


async def test_payload_over_discord_limits_is_refused(fake, bot, channel, alice, capture):
    with pytest.raises(FakeDiscordError, match="an ERROR was logged"):
        await fake.slash(alice, channel, "demo shout")
    # The fake says why (held to Discord's spec), and discord.py logs Discord's answer.
    (refused,) = capture.take("refused a request that Discord's spec does not allow")
    assert "data.content: Must be 2000 or fewer in length." in refused.getMessage()
    (logged,) = capture.take("Invalid Form Body")
    assert "In data.content: Must be 2000 or fewer in length." in str(logged.exc_info[1])


async def test_answer_after_the_deadline_is_refused(fake, bot, channel, alice, capture):
    fake.response_deadline = 0.05
    with pytest.raises(FakeDiscordError, match="Discord gives up"):
        await fake.slash(alice, channel, "demo nap")
    await capture.expect("Unknown interaction")  # the bot's late answer failed, and it logged that


async def test_sync_with_invalid_localized_name_is_refused(fake, capture):
    bot = DemoBot(fake.guild_id, translator=SloppyTranslator())
    with pytest.raises(RuntimeError, match=r"name_localizations\.nl: Command name is invalid"):
        await run_client(bot)
    await bot.close()

"""A fake Discord for end-to-end tests: REST and gateway on 127.0.0.1, driven by the tests.

The real discord.py client connects to it (see ``FakeDiscord.patch_discord``). Tests act as users
(``slash``, ``click``, ``select``, ``submit_modal``, ``autocomplete``, ``context_menu``) and
inspect what the bot sent (``FakeMessage`` records). The fake copies the Discord behaviours a bot
can get wrong (``checks.py``): ephemeral messages are invisible to other users and to channel
endpoints, an interaction must be answered within 3 seconds and only once, the first follow-up
after a deferred reply fills the "thinking" message (ignoring its own ephemeral flag), and
payloads over Discord's limits are refused with the "Invalid Form Body" error Discord sends.
It knows shards (``gateway.py``) and can run as its own process (``python -m tests.e2e.fake``,
driven through ``remote.FakeDiscordClient``).

It also fails the way Discord fails, on demand, with Discord's own error codes and gateway
events: interaction callbacks answered 10062, a 5xx or a dropped connection (``fail_callbacks``);
threads archived by hand or after inactivity on the fake's clock, and locked (``archive_thread``,
``archive_idle_threads``, ``lock_thread``: edits 50083, posts 160005); channels and threads deleted
(``delete_channel``: 10003); the bot removed from a guild (``remove_bot_from_guild``: 50001); the
cap on edits of hour-old messages (``limit_old_edits``: 30046); commands in direct messages
(``slash`` in ``dm_channel(user)``). Threads take their permissions from the parent. It counts what
Discord would hold against the bot: ``invalid_requests`` (401/403/429 answers in 10 minutes),
``requests_to_dead_channels()``, and ``faults`` (every fault applied, by kind).

Anything discord.py asks that the fake does not know answers 404 with "fake Discord: unknown
route ..." and is logged at ERROR, so a missing route shows up in the test output.

Use (fixtures doing this are in tests/e2e/conftest.py)::

    async with FakeDiscord() as fake:
        undo = fake.patch_discord()
        channel, alice = fake.add_channel("general"), fake.add_user("alice", locale="nl")
        task = await harness.run_client(bot)                 # READY + GUILD_CREATE, tree synced
        reply = await fake.slash(alice, channel, "game new", {"players": 3})
        moved = await fake.click(alice, reply.message, reply.message.find_button("Start")["custom_id"])
        board = await fake.wait_for(lambda m: m.channel_id == channel and m.files)
        await harness.stop_client(bot, task)
        undo()

Every driving method waits for the bot's answer (and, after a defer, for its first follow-up or
edit) and returns an ``Interaction`` record; records and messages are live objects that later
edits update.

Modules: ``protocol`` (Discord's numbers, errors), ``models`` (users, guilds, channels,
snowflakes, shards), ``records`` (messages, interaction records), ``checks`` (Discord's rules),
``ratelimits`` (Discord's rate limits: per-route buckets and headers, the global limit, 429s),
``world`` (what is stored), ``faults`` (faults injected, invalid requests counted), ``lifecycle``
(threads archived and locked, channels deleted, the bot removed from a guild), ``gateway``,
``rest`` and ``answers`` (the servers), ``oauth`` (OAuth2's code grant for the web's sign-in),
``activities`` (LAUNCH_ACTIVITY's instances and ``GET /applications/{app}/activity-instances/{id}``:
``fake.activities``), ``payloads`` and
``actions`` (acting as users), ``server`` (``FakeDiscord``), ``control`` and ``remote`` (the fake
in another process).
"""

from .models import FakeUser, guild_id_for_shard, shard_of
from .protocol import API_VERSION, EPHEMERAL, FakeDiscordError
from .records import FakeMessage, Interaction, InteractionRecord
from .server import FakeDiscord, point_discord_at

__all__ = [
    "API_VERSION",
    "EPHEMERAL",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeMessage",
    "FakeUser",
    "Interaction",
    "InteractionRecord",
    "guild_id_for_shard",
    "point_discord_at",
    "shard_of",
]

"""The faults of the chaos suite (tests/fuzz/chaos.py): every kind the fake Discord can inject,
how one is injected on a random table, and how it clears.

A fault is an ``Episode`` from injection until it clears: ``clear`` undoes it (None: it ends by
itself after some refused requests, or never, for a deletion), ``dead_channels`` are the channels
the fake counts as dead meanwhile (requests to them are the bot's to avoid). ``then`` (async) is
what a person does right after the injection, ``after`` (async) right after the clearing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from tests.e2e.fake.protocol import (
    ATTACH_FILES,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)

MINUTE = 60.0
THREAD_ARCHIVE_MINUTES = 60  # the tables' threads archive themselves after an hour without posts

# Every fault kind the fake can inject. "self-clearing" ones end by themselves (a number of
# refused requests); the rest are cleared at the latest at the next quiet point, except deletions.
CALLBACK_UNKNOWN = "callback unknown interaction"
CALLBACK_503 = "callback 503"
CALLBACK_RESET = "callback reset"
THREAD_ARCHIVED = "thread archived"
THREAD_AUTO_ARCHIVED = "thread auto-archived"
THREAD_LOCKED = "thread locked"
THREAD_REOPENED = "thread locked+archived, reopened in one event"
THREAD_DELETED = "thread deleted"
CHANNEL_DELETED = "channel deleted"
BOT_REMOVED = "bot removed from guild"
PERMISSION_DENIED = "permission denied"
PERMISSION_SILENT = "permission denied silently"  # no CHANNEL_UPDATE, taken or given back
TABLE_ENDS_SILENT = "table ends while refused silently"  # ... and a new table opens there after
POSTS_FAILING = "posts failing (5xx, 403)"
RATE_LIMITED = "posts rate limited (429)"
OLD_EDITS = "old edits capped"
TOKEN_EXPIRED = "token expired"
DMS_CLOSED = "dms closed"
FAULT_KINDS = (
    CALLBACK_UNKNOWN,
    CALLBACK_503,
    CALLBACK_RESET,
    THREAD_ARCHIVED,
    THREAD_AUTO_ARCHIVED,
    THREAD_LOCKED,
    THREAD_REOPENED,
    THREAD_DELETED,
    CHANNEL_DELETED,
    BOT_REMOVED,
    PERMISSION_DENIED,
    PERMISSION_SILENT,
    TABLE_ENDS_SILENT,
    POSTS_FAILING,
    RATE_LIMITED,
    OLD_EDITS,
    TOKEN_EXPIRED,
    DMS_CLOSED,
)
DELETIONS = (THREAD_DELETED, CHANNEL_DELETED)


@dataclass
class Table:
    game: str
    channel_id: int  # where the game is: a thread or a channel
    parent_id: int | None  # a thread's own parent channel (permissions are set there)
    game_id: int = 0
    gone: bool = False  # deleted: held, then cancelled after 7 days
    # A table across servers (issue 49) is one Table per server's thread, all with the game's id;
    # who plays from this one (None: alice) and its server (None: the fake's first).
    person: Any = None
    guild_id: int | None = None
    across: bool = False

    @property
    def is_thread(self) -> bool:
        return self.parent_id is not None

    @property
    def permission_channel(self) -> int:
        return self.parent_id if self.parent_id is not None else self.channel_id


@dataclass
class Episode:
    """One injected fault, until it clears."""

    kind: str
    table: Table | None
    clear: Callable[[], None] | None  # None: clears by itself (or never, for a deletion)
    dead_channels: tuple[int, ...] = ()  # channels the fake counts as dead meanwhile
    since: float = 0.0  # on the fake clock
    then: Callable[[], Awaitable[None]] | None = None  # right after the injection
    after: Callable[[], Awaitable[None]] | None = None  # right after the clearing


def inject(run: Any, kind: str) -> Episode | None:
    """Inject a fault of ``kind`` through ``run`` (a ``ChaosRun``: its fake, clock, seeded
    generator, tables, open faults and alice); None when there is nothing to inject it on."""
    fake, rng = run.fake, run.rng
    table = None
    clear: Callable[[], None] | None = None
    dead: tuple[int, ...] = ()
    then: Callable[[], Awaitable[None]] | None = None
    after: Callable[[], Awaitable[None]] | None = None
    if kind in (CALLBACK_UNKNOWN, CALLBACK_503, CALLBACK_RESET):
        count = rng.randint(1, 3)
        if kind == CALLBACK_UNKNOWN:
            fake.fail_callbacks(count)
        elif kind == CALLBACK_503:
            fake.fail_callbacks(count, status=503)
        else:
            fake.fail_callbacks(count, reset=True)
        clear = fake.world.faults.callback_failures.clear  # those no click used up
    elif kind in (THREAD_ARCHIVED, THREAD_AUTO_ARCHIVED, THREAD_LOCKED, THREAD_REOPENED, THREAD_DELETED):
        tables = run.live_tables(threads=True)
        if not tables:
            return None
        table = rng.choice(tables)
        thread = table.channel_id
        if kind == THREAD_ARCHIVED:
            fake.archive_thread(thread)
            clear = lambda: fake.unarchive_thread(thread)  # noqa: E731
        elif kind == THREAD_AUTO_ARCHIVED:
            # Time passes without posts there (alice's other tables may be busy meanwhile).
            run.clock.advance((THREAD_ARCHIVE_MINUTES + 1) * MINUTE)
            if thread not in fake.archive_idle_threads():
                return None
            clear = lambda: fake.unarchive_thread(thread)  # noqa: E731
        elif kind == THREAD_LOCKED:
            fake.deny_bot(table.parent_id, MANAGE_THREADS)
            fake.lock_thread(thread, archive=rng.random() < 0.3)
            dead = (thread,)

            def clear() -> None:
                fake.unlock_thread(thread)
                fake.unarchive_thread(thread)
                fake.deny_bot(table.parent_id, 0)
        elif kind == THREAD_REOPENED:
            # Locked and archived together: discord.py drops the thread from its cache, and the
            # reopening (one THREAD_UPDATE) reaches the bot as on_thread_join.
            fake.deny_bot(table.parent_id, MANAGE_THREADS)
            fake.lock_thread(thread, archive=True)
            dead = (thread,)

            def clear() -> None:
                fake.deny_bot(table.parent_id, 0)
                fake.unlock_thread(thread, unarchive=True)
        else:
            fake.delete_thread(thread)
            table.gone, dead = True, (thread,)
    elif kind == CHANNEL_DELETED:
        tables = run.live_tables()
        if not tables:
            return None
        table = rng.choice(tables)
        # A table's channel, or a thread's parent channel: its threads go with it (a server's
        # cross channel holds the threads of all its tables across servers).
        deleted = table.permission_channel
        fake.delete_channel(deleted)
        with_it = [t for t in tables if t.permission_channel == deleted]
        for each in with_it:
            each.gone = True
        dead = tuple({deleted, *(t.channel_id for t in with_it)})
    elif kind == BOT_REMOVED:
        if any(e.kind == BOT_REMOVED for e in run.open):
            return None
        guilds = sorted({t.guild_id for t in run.live_tables()}, key=lambda g: g or 0)
        guild = guilds[0] if len(guilds) == 1 else rng.choice(guilds)  # one server: no draw, as before
        fake.remove_bot_from_guild(guild)
        clear = lambda: fake.add_bot_back(guild)  # noqa: E731
        dead = tuple(t.channel_id for t in run.live_tables() if t.guild_id == guild)
    elif kind == PERMISSION_DENIED:
        table = rng.choice(run.live_tables())
        needs = SEND_MESSAGES_IN_THREADS if table.is_thread else SEND_MESSAGES
        denied = rng.choice([needs, ATTACH_FILES, VIEW_CHANNEL, needs | ATTACH_FILES])
        fake.deny_bot(table.permission_channel, denied)
        clear = lambda: fake.deny_bot(table.permission_channel, 0)  # noqa: E731
    elif kind == PERMISSION_SILENT:
        # A permission taken and given back without a gateway event: only a request tells.
        table = rng.choice(run.live_tables())
        needs = SEND_MESSAGES_IN_THREADS if table.is_thread else SEND_MESSAGES
        denied = rng.choice([needs, ATTACH_FILES, VIEW_CHANNEL])
        fake.deny_bot(table.permission_channel, denied, announce=False)
        clear = lambda: fake.deny_bot(table.permission_channel, 0, announce=False)  # noqa: E731
    elif kind == TABLE_ENDS_SILENT:
        # The permission goes silently, the table's person resigns (computers may play the game
        # out): the game's last boards are refused. Given back silently, alice opens a new table
        # there (not in a thread of a table across servers: people queue again for those).
        tables = [t for t in run.live_tables() if not any(e.table is t for e in run.open)]
        if not tables:
            return None
        table = rng.choice(tables)
        needs = SEND_MESSAGES_IN_THREADS if table.is_thread else SEND_MESSAGES
        fake.deny_bot(table.permission_channel, needs, announce=False)
        clear = lambda: fake.deny_bot(table.permission_channel, 0, announce=False)  # noqa: E731
        chosen = table

        async def then() -> None:
            await run.resign(chosen)

        async def after() -> None:
            await run.open_again(chosen)
    elif kind in (POSTS_FAILING, RATE_LIMITED):
        table = rng.choice(run.live_tables())
        statuses = [429] * rng.randint(1, 4) if kind == RATE_LIMITED else rng.choices([500, 502, 503, 403], k=3)
        fake.fail_posts(table.channel_id, *statuses)
        channel = fake.world.channel_or_error(table.channel_id)
        clear = channel.failures.clear
    elif kind == OLD_EDITS:
        fake.limit_old_edits(True, retry_after=0.01)
        run.clock.advance(61 * MINUTE)  # the boards there are an hour old now
        clear = lambda: fake.limit_old_edits(False)  # noqa: E731
    elif kind == TOKEN_EXPIRED:
        run.expire_next_token = True
        clear = lambda: setattr(run, "expire_next_token", False)  # noqa: E731
    elif kind == DMS_CLOSED:
        run.alice.dms_closed = True
        clear = lambda: setattr(run.alice, "dms_closed", False)  # noqa: E731
    return Episode(kind, table, clear, dead, since=run.clock.now(), then=then, after=after)

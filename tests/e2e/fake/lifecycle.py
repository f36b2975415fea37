"""Things ending: threads archived (by hand or after inactivity) and locked, channels and threads
deleted, the bot removed from a guild and added back. Each change is told to the bot over the
gateway as Discord tells it (Discord's "Threads" page and gateway events):

- archiving, unarchiving, locking: THREAD_UPDATE with the thread's new ``thread_metadata``
  (discord.py drops an archived thread from its guild's active threads);
- a thread archives itself ``auto_archive_duration`` minutes after its last activity (creation, a
  message, unarchiving, a new duration) on the fake's clock; the fake notices when a request or
  interaction names the thread, or when a driver calls ``FakeDiscord.archive_idle_threads``;
- deleting: CHANNEL_DELETE (and THREAD_DELETE for its threads) or THREAD_DELETE; every later
  request naming it answers 404 10003 Unknown Channel;
- removing the bot: GUILD_DELETE without ``unavailable`` (the bot left or was removed); its
  channels answer 403 50001 Missing Access and the guild sends no events any more; adding it back
  sends GUILD_CREATE.
"""

from __future__ import annotations

from .gateway import Gateway
from .models import FakeChannel, FakeGuild, iso_of
from .world import World


class Lifecycle:
    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    # -- threads ----------------------------------------------------------------------------------

    def thread_update(self, thread: FakeChannel) -> None:
        self.gateway.dispatch_guild(thread.guild_id, "THREAD_UPDATE", thread.to_dict())

    def set_archived(self, thread: FakeChannel, archived: bool, *, why: str = "thread archived") -> bool:
        """Archive or unarchive; False if it already was. Unarchiving counts as activity."""
        if thread.archived == archived:
            return False
        now = self.world.clock()
        thread.archived = archived
        thread.archive_timestamp = iso_of(now)
        if not archived:
            thread.last_activity = now
        else:
            self.world.faults.counts[why] += 1
        return True

    def set_locked(self, thread: FakeChannel, locked: bool) -> bool:
        if thread.locked == locked:
            return False
        thread.locked = locked
        if locked:
            self.world.faults.counts["thread locked"] += 1
        return True

    def archive_if_idle(self, channel: FakeChannel) -> bool:
        """Archive a thread whose ``auto_archive_duration`` has passed without activity, and tell
        the bot (THREAD_UPDATE); True if it did."""
        if not channel.is_thread or channel.archived:
            return False
        if self.world.clock() - channel.last_activity < channel.auto_archive_duration * 60:
            return False
        self.set_archived(channel, True, why="thread auto-archived")
        self.thread_update(channel)
        return True

    def archive_idle(self) -> list[int]:
        return [c.id for c in list(self.world.channels.values()) if self.archive_if_idle(c)]

    # -- deleting channels --------------------------------------------------------------------------

    def delete(self, channel: FakeChannel) -> None:
        """Delete a channel with its threads, or a thread, and tell the bot."""
        gone = [channel, *(c for c in self.world.channels.values() if c.parent_id == channel.id)]
        for each in gone:
            self.world.remove_channel(each)
            self.world.faults.counts["thread deleted" if each.is_thread else "channel deleted"] += 1
            if each.is_thread:
                data = {"id": str(each.id), "guild_id": str(each.guild_id), "parent_id": str(each.parent_id)}
                self.gateway.dispatch_guild(each.guild_id, "THREAD_DELETE", {**data, "type": each.type})
            else:
                self.gateway.dispatch_guild(each.guild_id, "CHANNEL_DELETE", each.to_dict())

    # -- the bot's guilds -------------------------------------------------------------------------------

    def remove_bot(self, guild: FakeGuild) -> None:
        if not guild.bot_present:
            return
        # Without ``unavailable`` a GUILD_DELETE means the bot left or was removed (not an outage).
        self.gateway.dispatch_guild(guild.id, "GUILD_DELETE", {"id": str(guild.id)})
        guild.bot_present = False
        self.world.faults.counts["bot removed from guild"] += 1

    def add_bot_back(self, guild: FakeGuild) -> None:
        if guild.bot_present:
            return
        guild.bot_present = True
        self.gateway.guild_created(guild)

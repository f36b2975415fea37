"""Direct messages from the bot (reminders, heads-ups, held notifications, the inbox, which is also
edited and deleted), and a memory of who has closed theirs.

Discord answers a DM to someone who does not accept them with 403 (50007, "Cannot send messages
to this user"), and it bans a bot's address after 10,000 answers of 401, 403 or 429 in ten
minutes. So a refused DM is remembered for ``CLOSED_FOR`` on the service clock and nothing is sent
to that person meanwhile; after that one DM is tried again (they may have opened their DMs). The
memory lives in this process only: a restart tries each person once more, which is cheap. A DM
never raises: every failure is logged (with the user id, never the text) and reported as False.
"""

from __future__ import annotations

import logging

import discord

from cogs.table.presenter import NO_MENTIONS
from table.clock import Clock
from table.settings import HOUR

log = logging.getLogger("tafelbot.clock")

CLOSED_FOR = 24 * HOUR


class DirectMessages:
    def __init__(self, client: discord.Client, clock: Clock) -> None:
        self.client = client
        self.clock = clock
        self._closed_until: dict[int, float] = {}  # user -> until when their DMs count as closed

    def closed(self, user_id: int) -> bool:
        """Whether a DM to ``user_id`` was refused less than ``CLOSED_FOR`` ago."""
        until = self._closed_until.get(user_id)
        if until is None:
            return False
        if until <= self.clock.now():
            del self._closed_until[user_id]
            return False
        return True

    def _remember_closed(self, user_id: int) -> None:
        now = self.clock.now()
        # Forget what has run out, so the memory holds only people refused in the last day.
        for stale in [u for u, until in self._closed_until.items() if until <= now]:
            del self._closed_until[stale]
        self._closed_until[user_id] = now + CLOSED_FOR

    async def send(self, user_id: int, text: str) -> bool:
        """Send ``text`` to ``user_id``; True if it went out."""
        sent, _message = await self._deliver(user_id, text)
        return sent

    async def post(self, user_id: int, text: str) -> discord.Message | None:
        """Send ``text`` to ``user_id``; the message if it went out (the inbox keeps its id)."""
        _sent, message = await self._deliver(user_id, text)
        return message

    async def _deliver(self, user_id: int, text: str) -> tuple[bool, discord.Message | None]:
        if self.closed(user_id):
            log.debug("direct message to %s skipped: their DMs were closed lately", user_id)
            return False, None
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            return True, await user.send(content=text, allowed_mentions=NO_MENTIONS)
        except discord.Forbidden as error:
            # 50007 as a rule; any 403 counts towards the ban, so any is remembered.
            self._remember_closed(user_id)
            log.info(
                "direct messages to %s closed (%s): not tried again for %.0f h", user_id, error.code, CLOSED_FOR / HOUR
            )
        except discord.HTTPException as error:
            log.warning("direct message to %s failed: %s %s", user_id, error.status, error.code)
        except Exception:
            log.exception("direct message to %s failed", user_id)
        return False, None

    async def edit(self, user_id: int, channel_id: int, message_id: int, text: str) -> bool | None:
        """Edit a direct message the bot sent ``user_id`` (silently: an edit notifies nobody).
        True: edited; False: the message is gone (the person deleted it, 404) or their DMs are
        closed; None: it failed otherwise (kept, tried again at the next change)."""
        if self.closed(user_id):
            return False
        channel = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(message_id).edit(content=text, allowed_mentions=NO_MENTIONS)
            return True
        except discord.NotFound:
            return False
        except discord.Forbidden as error:
            self._remember_closed(user_id)
            log.info("direct message to %s not edited (%s): their DMs count as closed", user_id, error.code)
            return False
        except discord.HTTPException as error:
            log.warning("direct message to %s not edited: %s %s", user_id, error.status, error.code)
        except Exception:
            log.exception("direct message to %s not edited", user_id)
        return None

    async def delete(self, user_id: int, channel_id: int, message_id: int) -> None:
        """Delete a direct message the bot sent ``user_id``; one already gone is no matter."""
        channel = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.NotFound:
            pass
        except discord.HTTPException as error:
            log.info("direct message to %s not deleted: %s %s", user_id, error.status, error.code)
        except Exception:
            log.exception("direct message to %s not deleted", user_id)

"""The Discord side of a person's inbox (``/table inbox``, issue 49): direct messages when a table,
in any server, waits for their move. What they say is ``table.inbox``'s; here they are sent,
edited and deleted.

- ``one``: a single message kept current. A table that starts waiting deletes the old message and
  sends the list anew (Discord notifies once, and there is still one); a table that stops waiting
  edits it in place, silently; when nothing waits it says "all caught up" (not deleted: the person
  may be reading it). A reminder sends it anew instead of a DM of its own.
- ``each``: one message each time a table starts waiting, never edited.
- ``digest``: one message a day at the end of the person's quiet hours (09:00 UTC without), only
  when something waits; the day before's is deleted, so there is one.
- ``off`` (the default): nothing.

Every saved change of a table (``table.aftermath``) arms a refresh of its seated people who chose
an inbox, on the service clock ``COALESCE`` seconds ahead: a burst of changes (a live round, a
computer's several moves, auto-play) is one refresh, and the scheduler never runs two refreshes of
one person at once. What waits comes from the store (``db.table_data.open_games_of``), and the
turns already told and the message's id are stored on the person (migration 14), so after a
restart the same message is edited and nobody is notified twice. Only the text of the last edit is
kept in memory, to skip an edit that would change nothing.

Quiet hours: a notifying message (sent anew) is held (``table.held.INBOX``) until the window ends;
a silent edit may go out meanwhile. Away: nothing. A server whose admins turned DMs off keeps its
tables out. A DM the person deleted (404) is sent anew; closed DMs (403) are ``DirectMessages``'s.
Nothing here raises into the move path: failures are logged with the user id, never the text.
"""

from __future__ import annotations

import logging

import discord

from cogs.table.direct import DirectMessages
from db import GameRow, GameStatus, table_data
from db.table_data import InboxMessage
from table.clock import Scheduler
from table.held import INBOX, HeldNotifications
from table.inbox import (
    DIGEST,
    EACH,
    ONE,
    Waiting,
    inbox_text,
    next_digest,
    turn_start,
    turn_text,
    waiting_for,
)
from table.listing import listed
from table.quiet import of_person
from table.service import TableService

log = logging.getLogger("tafelbot.clock")

COALESCE = 2.0  # seconds: the changes of a burst are one refresh


class Inbox:
    def __init__(
        self,
        service: TableService,
        client: discord.Client,
        dms: DirectMessages,
        held: HeldNotifications,
        *,
        delay: float = COALESCE,
    ) -> None:
        self.service = service
        self.client = client
        self.dms = dms
        self.held = held
        self.delay = delay
        self.scheduler = Scheduler(service.clock, self._due)  # keyed by user id
        self.digests = Scheduler(service.clock, self._digest_due)  # the daily digests, by user id
        self._texts: dict[int, str] = {}  # user -> the text their inbox message shows (skips an idle edit)
        self._listed_in: dict[int, set[int]] = {}  # game -> people whose inbox lists it
        self._anew: set[int] = set()  # people whose next refresh sends the message anew (a reminder)
        service.on_deadline.append(self._written)

    async def resume(self) -> int:
        """Start-up: arm every person's daily digest again, and start."""
        people = await table_data.people_with_inbox(self.service.store, DIGEST)
        for user_id in people:
            await self.arm_digest(user_id)
        self.scheduler.start()
        self.digests.start()
        return len(people)

    async def close(self) -> None:
        await self.scheduler.close()
        await self.digests.close()

    async def idle(self) -> None:
        await self.scheduler.idle()
        await self.digests.idle()

    async def changed(self, row: GameRow) -> None:
        """A saved change of ``row``: refresh, soon, the inbox of each of its people who chose one
        (and of whoever it listed it for: someone else may have taken their seat). Never raises."""
        try:
            users = {s.user_id for s in row.seats if s.human and s.user_id is not None}
            users |= self._listed_in.get(row.id, set())
            for person in (await table_data.people(self.service.store, sorted(users))).values():
                if person.inbox_mode in (ONE, EACH):
                    self.soon(person.user_id)
        except Exception:
            log.exception("inboxes of game %s could not be armed", row.id)

    def _written(self, row: GameRow) -> None:
        """Every write of a table: a cancelled one (by its host, a moderator, the channel's
        trouble) has no board for the aftermath to show, so its people's inboxes are armed here
        (a refresh finds out whether they chose one)."""
        if row.status == GameStatus.CANCELLED:
            for user_id in {s.user_id for s in row.seats if s.human and s.user_id is not None}:
                self.soon(user_id)
            for user_id in self._listed_in.get(row.id, set()):
                self.soon(user_id)

    def soon(self, user_id: int, *, anew: bool = False) -> None:
        """Refresh the person's inbox ``delay`` seconds from now (a refresh already armed earlier
        stays); ``anew``: now, and send it anew (a reminder)."""
        if anew:
            self._anew.add(user_id)
        due = self.service.clock.now() + (0.0 if anew else self.delay)
        current = self.scheduler.due_at(user_id)
        if current is None or due < current:
            self.scheduler.arm(user_id, due)

    async def _due(self, user_id: int) -> None:
        try:
            await self.refresh(user_id)
        except Exception:
            log.exception("inbox of %s could not be refreshed", user_id)

    async def waiting(self, user_id: int, lang: str) -> list[Waiting]:
        """The tables waiting for the person's move, in the servers that allow DMs."""
        store = self.service.store
        now = self.service.clock.now()
        rows = []
        allowed: dict[int | None, bool] = {}
        for row in await table_data.open_games_of(store, user_id):
            if row.guild_id not in allowed:
                allowed[row.guild_id] = (await self.service.server_settings(row.guild_id)).dm_reminders
            if allowed[row.guild_id]:
                rows.append(row)
        engines = {key: spec.engine for key, spec in self.service.specs.items()}
        servers = {
            guild_id: guild.name
            for guild_id in allowed
            if guild_id is not None and (guild := self.client.get_guild(guild_id)) is not None
        }
        games = listed(rows, engines, now, user_id=user_id)
        turns = {}
        for g in games:
            seat = g.row.seat_of(user_id)
            if g.your_turn and seat is not None:
                log_of = [(entry_seat, at) for entry_seat, _action, at in await table_data.timed_moves(store, g.row.id)]
                turns[g.row.id] = turn_start(log_of, seat)
        return waiting_for(user_id, games, servers, lang, turns)

    async def refresh(self, user_id: int) -> None:
        """Bring the person's inbox up to date (``one``: send anew, edit or leave it; ``each``: a
        message per new turn)."""
        anew = user_id in self._anew
        self._anew.discard(user_id)
        store = self.service.store
        person = (await table_data.people(store, [user_id]))[user_id]
        now = self.service.clock.now()
        if person.inbox_mode not in (ONE, EACH) or (person.away_until and person.away_until > now):
            return
        lang = person.inbox_locale or "en"
        waiting = await self.waiting(user_id, lang)
        for users in self._listed_in.values():
            users.discard(user_id)
        for w in waiting:
            self._listed_in.setdefault(w.game_id, set()).add(user_id)
        kept = await table_data.inbox_message(store, user_id)
        new = [w for w in waiting if w.key not in kept.shown]
        notify = bool(new) or (anew and bool(waiting))
        quiet = (await self.held.quiet_until([user_id])).get(user_id) if notify else None
        if quiet is not None:
            # Told when the window ends (if it still waits then); what is new stays untold till then.
            await self.held.hold(user_id, (new or waiting)[0].game_id, INBOX, quiet)
            notify = False
            shown = tuple(w.key for w in waiting if w not in new)
        else:
            shown = tuple(w.key for w in waiting)
        if person.inbox_mode == EACH:
            if notify:
                for w in new:
                    await self.dms.post(user_id, turn_text(lang, w))
            await self._keep(user_id, kept, InboxMessage(None, None, shown))
            return
        text = inbox_text(lang, waiting)
        channel_id, message_id = kept.channel_id, kept.message_id
        if message_id is not None and channel_id is not None and not notify and self._texts.get(user_id) != text:
            edited = await self.dms.edit(user_id, channel_id, message_id, text)
            if edited:
                self._texts[user_id] = text
            elif edited is False:
                # Deleted by the person (or DMs closed): a new one only when something waits.
                channel_id = message_id = None
                notify = bool(waiting) and quiet is None
        if notify:
            if message_id is not None and channel_id is not None:
                await self.dms.delete(user_id, channel_id, message_id)
            message = await self.dms.post(user_id, text)
            channel_id, message_id = (message.channel.id, message.id) if message is not None else (None, None)
            if message is not None:
                self._texts[user_id] = text
        await self._keep(user_id, kept, InboxMessage(channel_id, message_id, shown))

    async def retire(self, user_id: int) -> None:
        """The person chose other than ``one``: the list kept current until now would stand there
        stale (the tables it names moved on), so it is deleted. What it showed stays known, so
        ``each`` does not tell those turns again."""
        kept = await table_data.inbox_message(self.service.store, user_id)
        if kept.channel_id is not None and kept.message_id is not None:
            await self.dms.delete(user_id, kept.channel_id, kept.message_id)
        self._texts.pop(user_id, None)
        await self._keep(user_id, kept, InboxMessage(None, None, kept.shown))

    async def _keep(self, user_id: int, before: InboxMessage, after: InboxMessage) -> None:
        if after != before:
            await table_data.set_inbox_message(self.service.store, user_id, after)

    async def arm_digest(self, user_id: int) -> None:
        """Wake for the person's next daily digest (when they chose it, or at start-up)."""
        person = (await table_data.people(self.service.store, [user_id]))[user_id]
        hours = of_person(person.quiet_from, person.quiet_to, person.quiet_tz)
        self.digests.arm(user_id, next_digest(hours, self.service.clock.now()))

    async def _digest_due(self, user_id: int) -> None:
        try:
            person = (await table_data.people(self.service.store, [user_id]))[user_id]
            if person.inbox_mode != DIGEST:
                return  # chose otherwise meanwhile: no more digests
            await self.arm_digest(user_id)  # tomorrow's, whatever becomes of today's
            await self.digest(user_id)
        except Exception:
            log.exception("digest of %s could not be sent", user_id)

    async def digest(self, user_id: int) -> None:
        """Today's digest: what waits, as one message (yesterday's deleted), if anything waits."""
        store = self.service.store
        person = (await table_data.people(store, [user_id]))[user_id]
        if person.away_until and person.away_until > self.service.clock.now():
            return
        lang = person.inbox_locale or "en"
        waiting = await self.waiting(user_id, lang)
        if not waiting:
            return
        kept = await table_data.inbox_message(store, user_id)
        if kept.channel_id is not None and kept.message_id is not None:
            await self.dms.delete(user_id, kept.channel_id, kept.message_id)
        message = await self.dms.post(user_id, inbox_text(lang, waiting))
        shown = tuple(w.key for w in waiting)
        after = (
            InboxMessage(message.channel.id, message.id, shown) if message is not None else InboxMessage(shown=shown)
        )
        await self._keep(user_id, kept, after)

"""The Discord side of deadlines: time left on the board, reminders, extending a move's deadline
(``/<game> extend``), heads-up messages, away notes and jump links.

The table platform decides *when* (``table.timeouts.TimeKeeper``); this presenter only says it.
A reminder mentions the person in the game's channel with a link to the latest board (no new
picture), and goes by direct message to those who asked for it. It needs no other presenter (the
board and the ``/table`` commands use it), so the flow builds it first. A reminder never carries a
hand: it is built from the game's name, the seat names and the time left only.

Sending never raises to the time keeper or the board: a channel post that fails does not keep the
DMs from going out, nor a DM the post or the other DMs; each failure is logged with the game (or
the user id), never with the text. DMs go through ``DirectMessages``, which remembers for a day
who has closed theirs instead of asking Discord again at every reminder.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import discord

from cogs.table.direct import DirectMessages
from cogs.table.inbox import Inbox
from cogs.table.presenter import NO_MENTIONS, Presenter, TableParts, channel_id_of, is_admin, lang_of, player_of
from cogs.table.safety import seat_mentions
from db import GameRow, GameStatus, table_data
from locales import tr
from table import deadlines, turn_times
from table.held import HEADS_UP, INBOX, REMINDER, TURN, HeldNotifications
from table.inbox import ONE
from table.links import jump_link
from table.places import local_mentions
from table.safety import safe_name
from table.text import duration_text, game_name, player_name, seat_name, who
from table.timeouts import Reminder

__all__ = ["ReminderPresenter", "duration_text", "jump_link"]

log = logging.getLogger("tafelbot.clock")


class ReminderPresenter(Presenter):
    def __init__(self, shared: TableParts) -> None:
        super().__init__(shared)
        self._heads_up_sent: dict[int, float] = {}  # game -> start of the turn already announced
        # Pings and DMs that would reach people in their quiet hours wait here until the window ends.
        self.held = HeldNotifications(self.service, self.release_held)
        self.dms = DirectMessages(shared.client, self.service.clock)
        # The person's one direct message with every table waiting for them (``/table inbox``).
        self.inbox = Inbox(self.service, shared.client, self.dms, self.held)

    @property
    def now(self) -> float:
        return self.service.clock.now()

    def time_left_line(self, row: GameRow) -> str | None:
        """ "⏳ 22 h left" for the people to move, when a move deadline runs."""
        deadline = self.service.deadline_of(row)
        left = deadlines.time_left(deadline, self.now)
        banks = deadlines.banks_now(deadline, self.service.settings_of(row), len(row.seats), self.now)
        lines = [] if left is None else [tr(row.locale, "time-left", left=duration_text(row.locale, left))]
        if banks is not None and row.status == GameStatus.ACTIVE:
            entries = [
                tr(row.locale, "time-bank-entry", name=player_name(row.seats, i), left=duration_text(row.locale, bank))
                for i, bank in enumerate(banks)
                if row.seats[i].human
            ]
            if entries:
                lines.append(tr(row.locale, "time-banks", banks=" · ".join(entries)))
        return "\n".join(lines) or None

    async def people_present(self, row: GameRow, seats: tuple[int, ...]) -> list[tuple[int, table_data.Person]]:
        """(seat, person) of the human seats among ``seats`` who are not away."""
        humans = [(s, user_id) for s in seats if row.seats[s].human and (user_id := row.seats[s].user_id) is not None]
        found = await table_data.people(self.service.store, [u for _, u in humans])
        now = self.now
        present = []
        for seat, user_id in humans:
            away_until = found[user_id].away_until
            if not (away_until and away_until > now):
                present.append((seat, found[user_id]))
        return present

    async def turn_time_lines(self, row: GameRow) -> list[str]:
        """The end-of-game summary's line: each person's median time per move in this game."""
        try:
            medians = await turn_times.game_medians(self.service.store, row.id, row.seats)
        except Exception:
            log.exception("turn times of game %s could not be read", row.id)
            return []
        if not medians:
            return []
        lang = row.locale
        entries = [
            tr(lang, "time-bank-entry", name=seat_name(row.seats, seat), left=duration_text(lang, seconds))
            for seat, seconds in medians.items()
        ]
        return [tr(lang, "turn-times-summary", times=" · ".join(entries))]

    async def without_quiet(
        self, row: GameRow, present: list[tuple[int, table_data.Person]], kind: str
    ) -> list[tuple[int, table_data.Person]]:
        """``present`` without the people in their quiet hours, for whom ``kind`` is held instead."""
        quiet = await self.held.quiet_until([p.user_id for _, p in present])
        for _, person in present:
            if person.user_id in quiet:
                await self.held.hold(person.user_id, row.id, kind, quiet[person.user_id])
        return [(seat, p) for seat, p in present if p.user_id not in quiet]

    async def allowed_mentions(self, row: GameRow, content: str) -> discord.AllowedMentions:
        """Who a new board may ping: the seated people it mentions who are not in their quiet
        hours (their ping is held until the window ends)."""
        allowed = seat_mentions(row, content)
        users = allowed.users if isinstance(allowed.users, list) else []
        quiet = await self.held.quiet_until([u.id for u in users])
        for user_id, until in quiet.items():
            await self.held.hold(user_id, row.id, TURN, until)
        return discord.AllowedMentions(
            users=[u for u in users if u.id not in quiet], roles=False, everyone=False, replied_user=False
        )

    async def release_held(self, user_id: int, game_id: int, kinds: list[str]) -> None:
        """A person's quiet hours ended: what was held for one game goes out once, if it still
        matters (the game runs, they still owe a move; the heads-up while it is not their turn yet).
        The inbox, held for the person rather than the game, says for itself what still waits."""
        if INBOX in kinds:
            self.inbox.soon(user_id, anew=True)
        row = await self.service.store.get_game(game_id)
        if row is None or row.status != GameStatus.ACTIVE:
            return
        seat = row.seat_of(user_id)
        if seat is None or not row.seats[seat].human:
            return
        present = await self.people_present(row, (seat,))
        if not present:
            return  # away meanwhile: the away rules hold it
        person = present[0][1]
        lang = row.locale
        server = await self.service.server_settings(row.guild_id)
        link = jump_link(await self.service.places.seen_by(row, user_id))  # their own server's board
        game = game_name(lang, row.game)
        owes = seat in self.spec(row.game).engine.to_move(self.service.state_of(row))
        if owes and (TURN in kinds or REMINDER in kinds):
            left = deadlines.time_left(self.service.deadline_of(row), self.now)

            def held_ping(seen: GameRow, users: list[int]) -> str:
                here = jump_link(seen)
                text = tr(
                    seen.locale,
                    "quiet-held-turn",
                    user=f"<@{user_id}>",
                    game=game_name(seen.locale, row.game),
                    left=duration_text(seen.locale, left) if left is not None else "",
                    timed="yes" if left is not None else "no",
                )
                return text + ("\n" + tr(seen.locale, "time-board-link", link=here) if here else "")

            await self._post(row, "held ping", held_ping, [user_id])
            if REMINDER in kinds and person.dm_reminders and server.dm_reminders and left is not None:
                dm = tr(lang, "time-reminder-dm", game=game, left=duration_text(lang, left))
                await self.direct(user_id, dm + (f"\n{link}" if link else ""))
        elif HEADS_UP in kinds and not owes and person.heads_up and server.dm_reminders:
            text = tr(lang, "time-heads-up", game=game)
            await self.direct(user_id, text + (f"\n{link}" if link else ""))

    async def remind(self, reminder: Reminder) -> None:
        """Remind the people who owe a move (channel, then DMs). Never raises."""
        try:
            await self._remind(reminder)
        except Exception:
            log.exception("reminder of game %s could not be sent", reminder.row.id)

    async def _remind(self, reminder: Reminder) -> None:
        row = reminder.row
        lang = row.locale
        present = await self.without_quiet(row, await self.people_present(row, reminder.seats), REMINDER)
        if not present:
            return  # everyone owing is away (or in their quiet hours: held until the window ends)
        key = "time-reminder-last" if reminder.stage >= 2 else "time-reminder"

        def reminder_text(seen: GameRow, users: list[int]) -> str:
            link = jump_link(seen)
            mentions = ", ".join(f"<@{u}>" for u in users)
            left = duration_text(seen.locale, reminder.left)
            game = game_name(seen.locale, row.game)
            text = tr(seen.locale, key, players=mentions, count=len(users), game=game, left=left)
            return text + ("\n" + tr(seen.locale, "time-board-link", link=link) if link else "")

        # A failure here keeps no DM from going out.
        await self._post(row, "reminder", reminder_text, [p.user_id for _, p in present])
        server = await self.service.server_settings(row.guild_id)
        if not server.dm_reminders:
            return
        left = duration_text(lang, reminder.left)
        for _, person in present:
            if person.inbox_mode == ONE:
                self.inbox.soon(person.user_id, anew=True)  # the inbox, sent anew, says the time left
            elif person.dm_reminders:
                link = jump_link(await self.service.places.seen_by(row, person.user_id))
                dm = tr(lang, "time-reminder-dm", game=game_name(lang, row.game), left=left)
                await self.direct(person.user_id, dm + (f"\n{link}" if link else ""))

    async def direct(self, user_id: int, text: str) -> bool:
        """A direct message (True if it went out); never raises, and a person whose DMs were
        refused lately is not asked again (``DirectMessages``)."""
        return await self.dms.send(user_id, text)

    async def _post(
        self, row: GameRow, what: str, text_for: Callable[[GameRow, list[int]], str], users: Sequence[int] = ()
    ) -> bool:
        """Post in the game's channel, mentioning ``users``; a failure is logged (the game, not
        the text). A table across servers posts in each server's thread that holds one of
        ``users`` (every thread when there are none), made for it by ``text_for(row as seen
        there, its users)``: its language, its board's link, only its own people mentioned."""
        posted = False
        spots = await self.service.places.spots(row, read=True)
        for spot in spots:
            here = [u for u in users if spot.holds(u)]
            if users and not here:
                continue
            seen = spot.seen(row)
            text = text_for(seen, here)
            allowed = discord.AllowedMentions(users=[discord.Object(u) for u in here], roles=False, everyone=False)
            try:
                channel = await self.channel(spot.channel_id)
                await channel.send(content=local_mentions(text, row.seats, spot.people), allowed_mentions=allowed)
                posted = True
            except discord.HTTPException as error:
                log.warning(
                    "%s of game %s not posted in channel %s: %s %s",
                    what,
                    row.id,
                    spot.channel_id,
                    error.status,
                    error.code,
                )
            except Exception:
                log.exception("%s of game %s not posted in channel %s", what, row.id, spot.channel_id)
        return posted

    # ---- host and moderator commands (every game's /game extend; hand-over is the moves') -------
    async def extend_command(self, interaction: discord.Interaction, game: str, hours: int) -> None:
        async def extend_the_deadline() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            longer = await self.service.extend(
                row.id, player_of(interaction), hours * 3600, is_admin=is_admin(interaction)
            )
            await interaction.response.send_message(tr(lang_of(interaction), "played-ok"), ephemeral=True)
            deadline = self.service.deadline_of(longer)
            lang = longer.locale
            text = tr(
                lang,
                "time-extended",
                user=interaction.user.mention,
                players=who(longer.seats, deadline.owing, mention=False, lang=lang),
                extra=duration_text(lang, hours * 3600),
                left=duration_text(lang, deadlines.time_left(deadline, self.now) or 0),
            )
            channel = await self.channel(longer.channel_id)
            await channel.send(content=text, allowed_mentions=NO_MENTIONS)

        await self.guarded(interaction, game, extend_the_deadline)

    # ---- heads-up and away -------------------------------------------------------------------
    async def heads_up(self, row: GameRow) -> None:
        """When one person's turn begins, a DM to the next person in seat order who asked for it
        ("you are next"). Once per turn; the turn is known by when its move deadline started.
        Never raises: the board that calls it has already gone out."""
        try:
            await self._heads_up(row)
        except Exception:
            log.exception("heads-up of game %s could not be sent", row.id)

    async def _heads_up(self, row: GameRow) -> None:
        deadline = self.service.deadline_of(row)
        if (
            row.status != GameStatus.ACTIVE
            or deadline.kind != deadlines.MOVE
            or len(deadline.owing) != 1
            or deadline.started is None
        ):
            return
        if self._heads_up_sent.get(row.id) == deadline.started:
            return
        self._heads_up_sent[row.id] = deadline.started
        count = len(row.seats)
        current = deadline.owing[0]
        following = [(current + step) % count for step in range(1, count)]
        nxt = next((s for s in following if row.seats[s].human), None)
        if nxt is None or nxt == current:
            return
        present = await self.people_present(row, (nxt,))
        if not present or not present[0][1].heads_up:
            return
        if not await self.without_quiet(row, present, HEADS_UP):
            return
        server = await self.service.server_settings(row.guild_id)
        if not server.dm_reminders:
            return
        user_id = present[0][1].user_id
        link = jump_link(await self.service.places.seen_by(row, user_id))  # their own server's board
        text = tr(row.locale, "time-heads-up", game=game_name(row.locale, row.game))
        await self.direct(user_id, text + (f"\n{link}" if link else ""))

    async def away_notes(self, guild_id: int | None, user: discord.abc.User, until: float) -> int:
        """A short note in each running game of ``user`` in the server: they are away until then
        (returns how many went out)."""
        from table.until import shown

        rows = await table_data.open_games_in_guild(self.service.store, guild_id)
        count = 0
        for row in rows:
            seat = row.seat_of(user.id)
            if row.status != GameStatus.ACTIVE or seat is None:
                continue
            name = row.seats[seat].name

            def note(seen: GameRow, users: list[int], name: str = name) -> str:
                return tr(seen.locale, "time-away-note", user=f"**{safe_name(name)}**", until=shown(until))

            # One game's channel that refuses (a locked thread, say) keeps no other game's note back.
            count += await self._post(row, "away note", note)
        return count

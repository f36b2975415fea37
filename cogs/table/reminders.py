"""The Discord side of deadlines: time left on the board, reminders, extending a move's deadline
(``/<game> extend``), heads-up messages, away notes and jump links.

The table platform decides *when* (``table.timeouts.TimeKeeper``); this presenter only says it.
A reminder mentions the person in the game's channel with a link to the latest board (no new
picture), and goes by direct message to those who asked for it. It needs no other presenter (the
board and the ``/table`` commands use it), so the flow builds it first. A reminder never carries a
hand: it is built from the game's name, the seat names and the time left only.
"""

from __future__ import annotations

import logging

import discord

from cogs.table.presenter import NO_MENTIONS, Presenter, TableParts, channel_id_of, is_admin, lang_of, player_of
from db import GameRow, GameStatus, table_data
from locales import tr
from table import deadlines
from table.links import jump_link
from table.text import duration_text, game_name, who
from table.timeouts import Reminder

__all__ = ["ReminderPresenter", "duration_text", "jump_link"]

log = logging.getLogger("tafelbot.clock")


class ReminderPresenter(Presenter):
    def __init__(self, shared: TableParts) -> None:
        super().__init__(shared)
        self._heads_up_sent: dict[int, float] = {}  # game -> start of the turn already announced

    @property
    def now(self) -> float:
        return self.service.clock.now()

    def time_left_line(self, row: GameRow) -> str | None:
        """ "⏳ 22 h left" for the people to move, when a move deadline runs."""
        deadline = self.service.deadline_of(row)
        left = deadlines.time_left(deadline, self.now)
        if left is None:
            return None
        return tr(row.locale, "clock-left", left=duration_text(row.locale, left))

    async def board_posted(self, row: GameRow, message: discord.Message) -> None:
        """Remember the newest board for jump links (reminders, my games)."""
        try:
            await table_data.set_board_message(self.service.store, row.id, message.id)
        except Exception:
            log.exception("could not remember the board message of game %s", row.id)

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

    async def remind(self, reminder: Reminder) -> None:
        row = reminder.row
        lang = row.locale
        present = await self.people_present(row, reminder.seats)
        if not present:
            return  # everyone owing is away: reminders are held until they are back
        left = duration_text(lang, reminder.left)
        link = jump_link(row)
        mentions = ", ".join(f"<@{p.user_id}>" for _, p in present)
        key = "clock-reminder-last" if reminder.stage >= 2 else "clock-reminder"
        text = tr(lang, key, players=mentions, count=len(present), game=game_name(lang, row.game), left=left)
        if link:
            text += "\n" + tr(lang, "clock-board-link", link=link)
        channel = await self.channel(row.channel_id)
        allowed = discord.AllowedMentions(
            users=[discord.Object(p.user_id) for _, p in present], roles=False, everyone=False
        )
        await channel.send(content=text, allowed_mentions=allowed)
        server = await self.service.server_settings(row.guild_id)
        if not server.dm_reminders:
            return
        for _, person in present:
            if person.dm_reminders:
                dm = tr(lang, "clock-reminder-dm", game=game_name(lang, row.game), left=left)
                await self.direct(person.user_id, dm + (f"\n{link}" if link else ""))

    async def direct(self, user_id: int, text: str) -> bool:
        """A direct message; a person who closed their DMs is noted in the log and skipped."""
        try:
            client = self.shared.client
            user = client.get_user(user_id) or await client.fetch_user(user_id)
            await user.send(content=text, allowed_mentions=NO_MENTIONS)
            return True
        except discord.Forbidden:
            log.info("direct message to %s skipped: their DMs are closed", user_id)
        except discord.HTTPException as error:
            log.warning("direct message to %s failed: %s", user_id, error)
        return False

    # ---- host and moderator commands (every game's /game extend; hand-over is the moves') -------
    async def extend_command(self, interaction: discord.Interaction, game: str, hours: int) -> None:
        async def work() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            longer = await self.service.extend(
                row.id, player_of(interaction), hours * 3600, is_admin=is_admin(interaction)
            )
            await interaction.response.send_message(tr(lang_of(interaction), "played-ok"), ephemeral=True)
            deadline = self.service.deadline_of(longer)
            lang = longer.locale
            text = tr(
                lang,
                "clock-extended",
                user=interaction.user.mention,
                players=who(longer.seats, deadline.owing, mention=False),
                extra=duration_text(lang, hours * 3600),
                left=duration_text(lang, deadlines.time_left(deadline, self.now) or 0),
            )
            channel = await self.channel(longer.channel_id)
            await channel.send(content=text, allowed_mentions=NO_MENTIONS)

        await self.guarded(interaction, game, work)

    # ---- heads-up and away -------------------------------------------------------------------
    async def heads_up(self, row: GameRow) -> None:
        """When one person's turn begins, a DM to the next person in seat order who asked for it
        ("you are next"). Once per turn; the turn is known by when its move deadline started."""
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
        server = await self.service.server_settings(row.guild_id)
        if not server.dm_reminders:
            return
        link = jump_link(row)
        text = tr(row.locale, "clock-heads-up", game=game_name(row.locale, row.game))
        await self.direct(present[0][1].user_id, text + (f"\n{link}" if link else ""))

    async def away_notes(self, guild_id: int | None, user: discord.abc.User, until: float) -> int:
        """A short note in each running game of ``user`` in the server: they are away until then."""
        from table.until import shown

        rows = await table_data.open_games_in_guild(self.service.store, guild_id)
        count = 0
        for row in rows:
            seat = row.seat_of(user.id)
            if row.status != GameStatus.ACTIVE or seat is None:
                continue
            channel = await self.channel(row.channel_id)
            name = row.seats[seat].name
            await channel.send(
                tr(row.locale, "clock-away-note", user=f"**{name}**", until=shown(until)), allowed_mentions=NO_MENTIONS
            )
            count += 1
        return count

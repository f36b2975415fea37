"""``/table queue``: looking for players. The command itself sits in ``cogs/table_commands.py``;
this is what it does. When enough people of the server wait for the same game and number of
players, a table opens for them in a new thread, with everyone seated and pinged
(``SeatedTables``): of the channel where the last one queued if every one of them can see it,
else of the first channel where one of them queued that all can see; ``table.queue`` keeps the
queue.
"""

from __future__ import annotations

import logging

import discord

from cogs.table.flow import TableFlow
from cogs.table.presenter import NO_MENTIONS, lang_of, player_of
from cogs.table.seated import SeatedTables
from db.tournaments import QueueEntry
from locales import language_of, tr
from table.queue import TableQueue
from table.safety import safe_name
from table.service import Player, TableError
from table.text import game_name

log = logging.getLogger("tafelbot.table")

MAX_LINES = 20


class LookingForPlayers:
    def __init__(self, flow: TableFlow) -> None:
        self.flow = flow
        self.queue = TableQueue(flow.service)
        self.seated = SeatedTables(flow.shared, lobby=flow.lobby)

    async def command(
        self, interaction: discord.Interaction, game: str | None, players: int | None, leave: bool
    ) -> None:
        async def join_leave_or_list_the_queue() -> None:
            guild_id = interaction.guild_id
            if guild_id is None or interaction.channel_id is None:
                raise TableError("not-open")
            lang = lang_of(interaction)
            if leave:
                await self.queue.leave(guild_id, interaction.user.id, game)
                await self._say(interaction, tr(lang, "queue-left"))
            elif game is None:
                await self._say(interaction, await self.listing(guild_id, lang))
            else:
                await self.join(interaction, guild_id, game, players)

        await self.flow.guarded(interaction, game, join_leave_or_list_the_queue)

    async def join(self, interaction: discord.Interaction, guild_id: int, game: str, players: int | None) -> None:
        lang = lang_of(interaction)
        channel_id = interaction.channel_id
        assert channel_id is not None
        queued = await self.queue.join(guild_id, game, player_of(interaction), players=players, channel_id=channel_id)
        wanted = queued.waiting[-1].players if queued.waiting else players or 0
        name = game_name(lang, game)
        # The queue keeps no one's language: those passed over are told in the server's.
        server_lang = language_of(interaction.guild_locale)
        for passed in queued.passed_over:
            await self._tell_passed_over(passed, game_name(server_lang, game), queued.limit, server_lang)
        if queued.group is None:
            await self._say(interaction, tr(lang, "queue-joined", game=name, players=wanted, count=len(queued.waiting)))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        group = queued.group
        try:
            row = await self.seated.open_in_thread(
                [channel_id, *(e.channel_id for e in group)],
                title=tr(lang, "queue-thread", game=name),
                game=game,
                guild_id=guild_id,
                players=[Player(e.user_id, e.name) for e in group],
                options={},
                locale=lang,
            )
        except Exception:
            await self.queue.put_back(group)
            raise
        names = ", ".join(safe_name(e.name) for e in group)
        await interaction.followup.send(
            tr(lang, "queue-opened", game=name, players=names, link=f"<#{row.channel_id}>"),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    async def _tell_passed_over(self, entry: QueueEntry, game: str, limit: int, lang: str) -> None:
        """Privately, to the one passed over only: a DM, as the interaction is someone else's."""
        await self.flow.reminders.direct(entry.user_id, tr(lang, "queue-passed-over", game=game, limit=limit))

    async def listing(self, guild_id: int, lang: str) -> str:
        waiting = await self.queue.waiting(guild_id)
        if not waiting:
            return tr(lang, "queue-none")
        groups: dict[tuple[str, int], list[str]] = {}
        for entry in waiting:
            groups.setdefault((entry.game, entry.players), []).append(safe_name(entry.name))
        lines = [f"**{tr(lang, 'queue-title')}**"]
        for (game, players), names in list(groups.items())[:MAX_LINES]:
            lines.append(
                "• " + tr(lang, "queue-line", game=game_name(lang, game), players=players, names=", ".join(names))
            )
        return "\n".join(lines)[:1990]

    @staticmethod
    async def _say(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

"""``/replay``: a finished game again as an animated GIF in the channel, drawn from the move log.

The command is deferred at once; the note it leaves is edited while frames are drawn (in the
picture worker), then replaced by the GIF. A replay that waited behind others past the
interaction's 15 minutes is posted in the channel instead (``AnswerWindow``). Only spectator views
are drawn, so no hand is shown.
The GIF is kept under the channel's upload limit: frames are dropped evenly and, if needed, the
pictures scaled down (``table.gif``).
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import math

import discord

from cogs.table.answer_window import AnswerWindow
from cogs.table.presenter import Presenter, TableParts, channel_id_of, lang_of
from db import GameRow
from locales import tr
from table.alt_text import replay_description
from table.gif import Gif, TooBig, assemble_gif, evenly
from table.levels import picture_names
from table.replay import finished_game, replay_frames
from table.service import TableError
from table.text import error_text, game_name, standings

log = logging.getLogger("tafelbot.replay")

DEFAULT_SIZE_LIMIT = 10 * 1024 * 1024
MAX_FRAMES = 150  # more would take long to draw and would not fit anyway
PROGRESS_NOTES = 10  # edits of the progress note while drawing (each one is a request to Discord)


def size_limit(interaction: discord.Interaction) -> int:
    """The upload limit where the replay goes: the interaction's own, else the server's, else 10 MB."""
    limit = getattr(interaction, "filesize_limit", None) or getattr(interaction, "attachment_size_limit", None)
    if not limit and interaction.guild is not None:
        limit = interaction.guild.filesize_limit
    return int(limit or DEFAULT_SIZE_LIMIT)


class ReplayPresenter(Presenter):
    def __init__(self, shared: TableParts) -> None:
        super().__init__(shared)
        # One replay drawn at a time: the picture worker also draws every running game's boards,
        # which must not wait behind several replays at once.
        self._one_at_a_time = asyncio.Lock()

    async def command(self, interaction: discord.Interaction, game_id: int | None) -> None:
        await self.guarded(interaction, None, lambda: self._answer(interaction, game_id))

    async def _answer(self, interaction: discord.Interaction, game_id: int | None) -> None:
        await interaction.response.defer(thinking=True)
        window = AnswerWindow(interaction, self.service.clock)
        lang = lang_of(interaction)
        try:
            row = await finished_game(
                self.service, game_id=game_id, guild_id=interaction.guild_id, channel_id=channel_id_of(interaction)
            )
            async with self._one_at_a_time:
                await self._draw(interaction, window, row, lang)
        except TableError as error:
            await window.answer(error_text(lang, None, error))
        except TooBig:
            await window.answer(tr(lang, "replay-too-big"))
        except Exception:
            log.exception("replay of game %s failed", game_id)
            await window.answer(tr(lang, "error-internal"))

    async def _draw(self, interaction: discord.Interaction, window: AnswerWindow, row: GameRow, lang: str) -> None:
        spec = self.spec(row.game)
        moves = await self.service.store.moves(row.id)
        frames = await asyncio.to_thread(lambda: list(replay_frames(spec, row, moves)))
        picked = [frames[i] for i in evenly(len(frames), MAX_FRAMES)]
        names = picture_names(row.locale, row.seats)
        title = game_name(lang, row.game)
        every = max(1, math.ceil(len(picked) / PROGRESS_NOTES))
        pngs = []
        for i, frame in enumerate(picked):
            if i % every == 0:
                await window.note(tr(lang, "replay-drawing", game=title, id=row.id, done=i, total=len(picked)))
            pngs.append(await self.painter.paint(spec.render_board, frame.view, names=names, locale=row.locale))
        await window.note(tr(lang, "replay-assembling", frames=len(pngs)))
        limit = size_limit(interaction)
        gif: Gif = await self.painter.compute(functools.partial(assemble_gif, limit=int(limit * 0.98)), pngs)

        table_lang = row.locale  # the post is the table's, like its boards
        lines = [
            tr(table_lang, "replay-caption", game=game_name(table_lang, row.game), id=row.id, moves=len(frames) - 1)
        ]
        if gif.frames < len(frames):
            lines.append(
                tr(table_lang, "replay-shortened", frames=gif.frames, total=len(frames), mb=round(limit / 2**20, 1))
            )
        results = await self.service.store.results(row.id)
        if results:
            by_seat = sorted(results, key=lambda r: r.seat)
            result = standings(table_lang, row, [r.placement or 0 for r in by_seat], [r.score or 0 for r in by_seat])
            lines.append(result)
        alt = replay_description(table_lang, row.game, row.id, gif.frames, lines[-1:], row.seats)
        picture = discord.File(io.BytesIO(gif.data), filename="replay.gif", description=alt)
        link = await self.watch_button(row, table_lang, replay=True)
        view = None
        if link is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(link)
            view.stop()
        await window.answer("\n".join(lines)[:1990], file=picture, view=view)

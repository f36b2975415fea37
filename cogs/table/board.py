"""The public board: the picture, what just happened and whose turn it is, posted after every
action (or kept in one live message during simultaneous play), and the quiet-time clock of games
whose round ends when nobody plays for a while.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from typing import Any

import discord

from cogs.table.components import HandButton
from cogs.table.outbox import Outbox, Post
from cogs.table.permissions import BOARD, missing_in_channel, missing_text
from cogs.table.presenter import NO_MENTIONS, Presenter, lang_of
from cogs.table.safety import seat_mentions
from db import GameRow
from locales import tr
from table.service import ActResult
from table.text import event_lines, standings, who

log = logging.getLogger("tafelbot.table")
DEFAULT_QUIET_SECONDS = 60.0


class BoardPresenter(Presenter):
    def __init__(self, flow) -> None:
        super().__init__(flow)
        self._quiet_clocks: dict[int, asyncio.Task] = {}
        self.outbox = Outbox(self.channel)

    def close(self) -> None:
        for clock in self._quiet_clocks.values():
            clock.cancel()
        self._quiet_clocks.clear()

    async def command(self, interaction: discord.Interaction, game: str) -> None:
        async def work():
            row = await self.service.in_channel(interaction.channel_id, game)
            state = self.service.state_of(row)
            content, file, view = await self.message(row, state, [], intro=None)
            await interaction.response.send_message(content=content, file=file, view=view, allowed_mentions=NO_MENTIONS)

        await self.guarded(interaction, game, work)

    async def message(
        self, row: GameRow, state: Any, events: list, *, intro: str | None, outcome=None
    ) -> tuple[str, discord.File, discord.ui.View]:
        content, picture, view = await self.parts(row, state, events, intro=intro, outcome=outcome)
        return content, discord.File(io.BytesIO(picture), filename="board.png"), view

    async def parts(
        self, row: GameRow, state: Any, events: list, *, intro: str | None, outcome=None
    ) -> tuple[str, bytes, discord.ui.View]:
        """The board message's text, picture and buttons."""
        spec = self.spec(row.game)
        lang = row.locale
        names = [s.name for s in row.seats]
        picture = await self.painter.paint(spec.render_board, spec.engine.view(state, None), names=names, locale=lang)
        formatter = spec.event_formatter
        lines = [intro] if intro else []
        lines += event_lines(lang, row.game, events, row.seats, formatter)
        view = discord.ui.View(timeout=None)
        if outcome is not None:
            lines.append(standings(lang, row, outcome.placements, outcome.scores))
        elif row.status == "active":
            to_move = sorted(spec.engine.to_move(state))
            humans = [s for s in to_move if row.seats[s].human]
            key = "turn-next-simultaneous" if len(to_move) > 1 else "turn-next"
            lines.append(tr(lang, key, players=who(row.seats, to_move, mention=True)))
            if humans:
                lines.append(tr(lang, "turn-press"))
            view.add_item(HandButton(row.id, label=tr(lang, "button-hand")))
        content = "\n".join(lines)
        if len(content) > 1900:
            content = content[:1890] + "…"
        return content, picture, view

    async def live_message(self, game_id: int, events: list) -> tuple[str, discord.File, discord.ui.View] | None:
        """The live board's refresh: the newest picture and the events since the last one."""
        row = await self.service.store.get_game(game_id)
        if row is None or row.status != "active":
            return None
        return await self.message(row, self.service.state_of(row), events, intro=None)

    async def publish(
        self,
        row: GameRow,
        state: Any,
        events: list,
        *,
        intro: str | None = None,
        outcome=None,
        actor: discord.Interaction | None = None,
    ) -> None:
        """Post the board. If Discord will not take it now, it waits in the outbox (never lost);
        if a permission is missing, ``actor`` (who made the move) is told which."""
        content, picture, view = await self.parts(row, state, events, intro=intro, outcome=outcome)
        post = Post(row.channel_id, content, picture, "board.png", view, seat_mentions(row, content))
        # The cached channel only: a failing lookup must not lose the post (the outbox retries it).
        channel = self.flow.client.get_channel(row.channel_id)
        lacking = missing_in_channel(channel)
        if lacking:
            self.outbox.queue(post)
        elif await self.outbox.send(post) is None and isinstance(post.last_error, discord.Forbidden):
            lacking = missing_in_channel(channel) or list(BOARD)
        if lacking and actor is not None:
            text = missing_text(lang_of(actor), lacking)
            try:
                await actor.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
            except discord.HTTPException:
                log.warning("could not tell user %s that the board of game %s is not allowed", actor.user.id, row.id)

    async def publish_result(self, result: ActResult, actor: discord.Interaction | None = None) -> None:
        """Tell the channel what an action did (it is already saved), then let computers move."""
        started = time.perf_counter()
        engine = self.spec(result.row.game).engine
        try:
            if result.outcome is None and engine.is_live(result.state):
                await self.live.update(result)
            else:
                unseen = await self.live.finish(result.row.id)
                await self.publish(
                    result.row, result.state, [*unseen, *result.events], outcome=result.outcome, actor=actor
                )
        except Exception:
            log.exception("could not post the board of game %s", result.row.id)
        log.debug(
            "published game %s v%s in %.1f ms",
            result.row.id,
            result.row.version,
            1000 * (time.perf_counter() - started),
        )
        if result.row.status == "active":
            self.bots.poke(result.row, result.state)
        self.wind_quiet_clock(result)

    def wind_quiet_clock(self, result: ActResult) -> None:
        """Games with a quiet time (Duvelen): end the round when nobody has played for a while."""
        spec = self.spec(result.row.game)
        game_id = result.row.id
        state = result.state if result.state is not None else self.service.state_of(result.row)
        if result.row.status != "active" or not spec.engine.deadline(state).quiet:
            clock = self._quiet_clocks.pop(game_id, None)
            if clock is not None and clock is not asyncio.current_task():
                clock.cancel()
            return
        if game_id in self._quiet_clocks and not spec.engine.restarts_quiet_clock(result.action, result.events):
            return
        old = self._quiet_clocks.pop(game_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        seconds = float(result.row.options.get("_quiet", DEFAULT_QUIET_SECONDS))
        self._quiet_clocks[game_id] = asyncio.create_task(self._quiet_then_end(game_id, seconds))

    async def _quiet_then_end(self, game_id: int, seconds: float) -> None:
        try:
            await asyncio.sleep(seconds)
            self._quiet_clocks.pop(game_id, None)
            result = await self.service.end_quiet(game_id)
            if result is not None:
                await self.publish_result(result)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("quiet-time end of game %s failed", game_id)

"""The public board: the picture, what just happened, whose turn it is and how long they have.
One post per person's turn: further actions in the same turn, and computer moves, edit that post
and add their lines (``cogs.table.turnposts``); simultaneous play keeps one live message. Quiet
times and move clocks are the table's scheduler's (``table.timeouts``), not the board's.
"""

from __future__ import annotations

import io
import logging
import time
from typing import Any

import discord

from cogs.table.components import HandButton
from cogs.table.presenter import NO_MENTIONS, USER_MENTIONS, Presenter
from cogs.table.turnposts import TurnPosts
from db import GameRow
from locales import tr
from table.service import ActResult
from table.text import event_lines, standings, who

log = logging.getLogger("tafelbot.table")


class BoardPresenter(Presenter):
    def __init__(self, flow) -> None:
        super().__init__(flow)
        self.posts = TurnPosts()

    async def command(self, interaction: discord.Interaction, game: str) -> None:
        async def work():
            row = await self.service.in_channel(interaction.channel_id, game)
            state = self.service.state_of(row)
            content, file, view = await self.message(row, state, [], intro=None)
            await interaction.response.send_message(content=content, file=file, view=view, allowed_mentions=NO_MENTIONS)

        await self.guarded(interaction, game, work)

    def story(self, row: GameRow, events: list, intro: str | None = None) -> list[str]:
        """The lines saying what happened (the intro, then one per event)."""
        lines = [intro] if intro else []
        return lines + event_lines(row.locale, row.game, events, row.seats, self.spec(row.game).event_formatter)

    async def message(
        self, row: GameRow, state: Any, events: list, *, intro: str | None, outcome=None, earlier: list[str] = ()
    ) -> tuple[str, discord.File, discord.ui.View]:
        spec = self.spec(row.game)
        lang = row.locale
        names = [s.name for s in row.seats]
        picture = await self.painter.paint(spec.render_board, spec.engine.view(state, None), names=names, locale=lang)
        story = [*earlier, *self.story(row, events, intro)]
        lines: list[str] = []
        view = discord.ui.View(timeout=None)
        if outcome is not None:
            lines.append(standings(lang, row, outcome.placements, outcome.scores))
        elif row.status == "active":
            to_move = sorted(spec.engine.to_move(state))
            humans = [s for s in to_move if row.seats[s].human]
            key = "turn-next-simultaneous" if len(to_move) > 1 else "turn-next"
            lines.append(tr(lang, key, players=who(row.seats, to_move, mention=True)))
            left = self.flow.clocks.time_left_line(row)
            if left:
                lines.append(left)
            if humans:
                lines.append(tr(lang, "turn-press"))
            view.add_item(HandButton(row.id, label=tr(lang, "button-hand")))
        while story and len("\n".join([*story, *lines])) > 1900:
            story = story[1:]  # the oldest lines of a long turn drop off first
        content = "\n".join([*story, *lines])
        if len(content) > 1900:
            content = content[:1890] + "…"
        return content, discord.File(io.BytesIO(picture), filename="board.png"), view

    async def live_message(self, game_id: int, events: list) -> tuple[str, discord.File, discord.ui.View] | None:
        """The live board's refresh: the newest picture and the events since the last one."""
        row = await self.service.store.get_game(game_id)
        if row is None or row.status != "active":
            return None
        return await self.message(row, self.service.state_of(row), events, intro=None)

    async def publish(
        self, row: GameRow, state: Any, events: list, *, intro: str | None = None, outcome=None, fresh: bool = False
    ) -> None:
        """Post a fresh board when a person's turn begins (or the game starts or ends); otherwise
        edit the last board and add the lines."""
        engine = self.spec(row.game).engine
        active = row.status == "active" and outcome is None
        turn = frozenset(s for s in engine.to_move(state) if row.seats[s].human) if active else frozenset()
        async with self.posts.lock(row.id):
            post = None if (fresh or intro or not active) else self.posts.to_edit(row.id, turn)
            channel = await self.channel(row.channel_id)
            if post is not None:
                story = self.story(row, events)
                content, file, view = await self.message(row, state, [], intro=None, earlier=[*post.lines, *story])
                try:
                    await channel.get_partial_message(post.message_id).edit(
                        content=content, attachments=[file], view=view
                    )
                    self.posts.edited(post, story, turn)
                    return
                except discord.HTTPException:
                    log.info("board message of game %s could not be edited; posting a new one", row.id)
            earlier = [] if intro else self.posts.since_posted(row.id)
            content, file, view = await self.message(row, state, events, intro=intro, outcome=outcome, earlier=earlier)
            posted = await channel.send(content=content, file=file, view=view, allowed_mentions=USER_MENTIONS)
            if active:
                self.posts.posted(row.id, posted.id, [*earlier, *self.story(row, events, intro)], turn)
            else:
                self.posts.forget(row.id)
        await self.flow.clocks.board_posted(row, posted)

    async def publish_result(self, result: ActResult) -> None:
        """Tell the channel what an action did (it is already saved), then let computers move."""
        started = time.perf_counter()
        engine = self.spec(result.row.game).engine
        try:
            if result.outcome is None and engine.is_live(result.state):
                await self.live.update(result)
            else:
                was_live = self.live.is_live(result.row.id)
                unseen = await self.live.finish(result.row.id)
                await self.publish(
                    result.row, result.state, [*unseen, *result.events], outcome=result.outcome, fresh=was_live
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
            try:
                await self.flow.clocks.heads_up(result.row)
            except Exception:
                log.exception("heads-up for game %s failed", result.row.id)

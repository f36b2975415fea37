"""The public board: the picture, what just happened, whose turn it is and how long they have.
One post per person's turn: further actions in the same turn, and computer moves, edit that post
and add their lines (``cogs.table.turnposts``); simultaneous play keeps one live message. Quiet
times and move deadlines are the table's scheduler's (``table.timeouts``), not the board's.

What follows a saved change is the table platform's (``table.aftermath``): it calls ``show``
here for each change, in order, and then wakes the computer players; the board only says what
happened. Every board that reaches Discord records the version it shows, so ``table.reconcile``
can tell which games still owe one. The board owns the live boards and the outbox it posts
through, and is handed the reminder presenter (time left, mentions); nothing else.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord

from cogs.table.components import buttons_view, hand_button, play_button, rematch_button
from cogs.table.live import LiveBoards
from cogs.table.outbox import Outbox, Post
from cogs.table.permissions import BOARD, missing_in_channel, missing_text
from cogs.table.presenter import NO_MENTIONS, Presenter, TableParts, channel_id_of, dead_tokens, lang_of
from cogs.table.reminders import ReminderPresenter
from cogs.table.turnposts import TurnPosts
from db import GameRow, GameStatus
from engines.base import Event, Outcome
from locales import tr
from table.aftermath import Change
from table.alt_text import board_description
from table.places import Spot, local_mentions
from table.text import event_lines, standings, who

log = logging.getLogger("tafelbot.table")


class BoardPresenter(Presenter):
    def __init__(
        self,
        shared: TableParts,
        *,
        reminders: ReminderPresenter,
        outbox: Outbox,
        live_interval: float = 1.5,
    ) -> None:
        super().__init__(shared)
        self.reminders = reminders
        self.posts = TurnPosts()
        self.outbox = outbox
        self.live = LiveBoards(self.live_message, shared.channel, interval=live_interval, held=self.outbox.blocked)

    async def command(self, interaction: discord.Interaction, game: str) -> None:
        async def show_the_board() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            await interaction.response.defer(thinking=True)  # answered first: drawing takes time
            state = self.service.state_of(row)
            content, file, view = await self.message(row, state, [], intro=None)
            await interaction.followup.send(content=content, file=file, view=view, allowed_mentions=NO_MENTIONS)

        await self.guarded(interaction, game, show_the_board)

    def story(self, row: GameRow, events: Sequence[Event], intro: str | None = None) -> list[str]:
        """The lines saying what happened (the intro, then one per event)."""
        lines = [intro] if intro else []
        return lines + event_lines(row.locale, row.game, events, row.seats, self.spec(row.game).event_formatter)

    async def message(
        self,
        row: GameRow,
        state: Any,
        events: Sequence[Event],
        *,
        intro: str | None,
        outcome: Outcome | None = None,
        earlier: Sequence[str] = (),
    ) -> tuple[str, discord.File, discord.ui.View]:
        content, picture, view, alt = await self.parts(
            row, state, events, intro=intro, outcome=outcome, earlier=earlier
        )
        return content, discord.File(io.BytesIO(picture), filename="board.png", description=alt), view

    async def parts(
        self,
        row: GameRow,
        state: Any,
        events: Sequence[Event],
        *,
        intro: str | None,
        outcome: Outcome | None = None,
        earlier: Sequence[str] = (),
    ) -> tuple[str, bytes, discord.ui.View, str]:
        """The board message's text, picture, buttons and the picture's alt text."""
        spec = self.spec(row.game)
        lang = row.locale
        picture = await self.picture(row, spec.render_board, spec.engine.view(state, None), lang)
        story = [*earlier, *self.story(row, events, intro)]
        lines: list[str] = []
        view = buttons_view()
        if outcome is not None:
            lines.append(standings(lang, row, outcome.placements, outcome.scores))
            lines += await self.reminders.turn_time_lines(row)  # each player's median time per move
            if not self.service.places.across(row.id):  # across servers: people queue again instead
                view.add_item(rematch_button(row.id, label=tr(lang, "button-rematch")))
        elif row.status == GameStatus.ACTIVE:
            to_move = sorted(spec.engine.to_move(state))
            humans = [s for s in to_move if row.seats[s].human]
            key = "turn-next-simultaneous" if len(to_move) > 1 else "turn-next"
            lines.append(tr(lang, key, players=who(row.seats, to_move, mention=True, lang=lang)))
            left = self.reminders.time_left_line(row)
            if left:
                lines.append(left)
            if humans:
                lines.append(tr(lang, "turn-press"))
            view.add_item(hand_button(row.id, label=tr(lang, "button-hand")))
            if self.shared.activity:
                view.add_item(play_button(row.id, label=tr(lang, "button-play-board")))
        watch = await self.watch_button(row, lang)
        if watch is not None:
            view.add_item(watch)
        while story and len("\n".join([*story, *lines])) > 1900:
            story = story[1:]  # the oldest lines of a long turn drop off first
        content = "\n".join([*story, *lines])
        if len(content) > 1900:
            content = content[:1890] + "…"
        # Alt text from the same lines, so screen readers say what happened.
        alt = board_description(lang, row.game, lines, row.seats, story=story)
        return content, picture, view, alt

    async def live_message(
        self, game_id: int, events: list[Event], spot: Spot
    ) -> tuple[str, discord.File, discord.ui.View] | None:
        """The live board's refresh in ``spot``: the newest picture and the events since the last one."""
        row = await self.service.store.get_game(game_id)
        if row is None or row.status != GameStatus.ACTIVE:
            return None
        state = self.service.state_of(row)
        content, file, view = await self.message(replace(row, locale=spot.locale), state, events, intro=None)
        return local_mentions(content, row.seats, spot.people), file, view

    async def publish(
        self,
        row: GameRow,
        state: Any,
        events: Sequence[Event],
        *,
        intro: str | None = None,
        outcome: Outcome | None = None,
        fresh: bool = False,
        actor: discord.Interaction | None = None,
        only_owing: bool = False,
    ) -> None:
        """Show the board in every channel the game is shown in (``table.places``: its own, and a
        table across servers' thread in each further server), one after another; ``only_owing``
        (the reconciler's fresh board): only where the newest board shows an older version and no
        board of the game waits in the outbox (it goes out by itself)."""
        failed: Exception | None = None
        for spot in await self.service.places.spots(row, read=only_owing):
            if only_owing and (not spot.owes(row) or row.id in self.outbox.waiting_games(spot.channel_id)):
                continue
            told = actor if actor is not None and actor.channel_id == spot.channel_id else None
            try:
                await self.publish_at(spot, row, state, events, intro=intro, outcome=outcome, fresh=fresh, actor=told)
            except Exception as error:
                # One server's trouble keeps no other server's board back; the first failure is
                # raised once all were tried (the reconciler shows the version again where owed).
                failed = failed or error
        if failed is not None:
            raise failed

    async def publish_at(
        self,
        spot: Spot,
        row: GameRow,
        state: Any,
        events: Sequence[Event],
        *,
        intro: str | None = None,
        outcome: Outcome | None = None,
        fresh: bool = False,
        actor: discord.Interaction | None = None,
    ) -> None:
        """Post a fresh board in ``spot`` when a person's turn begins (or the game starts or ends);
        otherwise edit the last board and add the lines. A post Discord will not take now waits in
        the outbox (never lost); if a permission is missing, ``actor`` (who made the move) is told which."""
        engine = self.spec(row.game).engine
        active = row.status == GameStatus.ACTIVE and outcome is None
        turn = frozenset(s for s in engine.to_move(state) if row.seats[s].human) if active else frozenset()
        key = spot.key
        if spot.locale != row.locale:
            row = replace(row, locale=spot.locale)  # the texts and picture in this server's language
        # The cached channel only: a failing lookup must not lose the post (the outbox retries it).
        channel = self.shared.cached_channel(spot.channel_id)
        posted = None
        lacking: list[str] = []
        async with self.posts.lock(key):
            post = None if (fresh or intro or not active) else self.posts.to_edit(key, turn)
            if post is not None and channel is not None:
                story = self.story(row, events)
                content, file, view = await self.message(row, state, [], intro=None, earlier=[*post.lines, *story])
                try:
                    await channel.get_partial_message(post.message_id).edit(
                        content=local_mentions(content, row.seats, spot.people), attachments=[file], view=view
                    )
                    self.posts.edited(post, story, turn, key)
                except discord.HTTPException as error:
                    # An archived thread (50083), an edit Discord limits (30046), a deleted
                    # message: the lines go out on a fresh board instead.
                    log.info("board message of game %s could not be edited (%s); posting a new one", row.id, error)
                else:
                    await self.shown(row, spot, None)
                    return
            earlier = [] if intro else self.posts.since_posted(key)
            content, picture, view, alt = await self.parts(
                row, state, events, intro=intro, outcome=outcome, earlier=earlier
            )
            content = local_mentions(content, row.seats, spot.people)
            # A fresh board replacing the turn's board (an edit refused, 30046 on a board older
            # than an hour, say) or one still waiting in the outbox pings nobody who was pinged.
            pinging = post is None and (fresh or bool(intro) or not active or self.posts.pings(key, turn))
            if pinging:
                mentions = await self.reminders.allowed_mentions(row, content)  # none for quiet hours
            else:
                mentions = NO_MENTIONS
            outgoing = Post(spot.channel_id, content, picture, "board.png", view, mentions, alt, game_id=row.id)
            lines = [*earlier, *self.story(row, events, intro)]
            # If it has to wait: once it is out, it is shown, and the turn's next actions edit it.
            outgoing.on_posted = lambda message: self.late_posted(
                row, spot, message.id, lines, turn if active else None
            )
            lacking = missing_in_channel(channel)
            if lacking:
                self.outbox.queue(outgoing)
            else:
                posted = await self.outbox.send(outgoing)
                if posted is None and isinstance(outgoing.last_error, discord.Forbidden):
                    lacking = missing_in_channel(channel) or list(BOARD)
            if posted is not None and active:
                self.posts.posted(key, posted.id, lines, turn)
            elif active:
                self.posts.waits(key, turn, pinging)  # the next action posts afresh, replacing it
            else:
                self.posts.forget(key)
        if posted is not None:
            await self.shown(row, spot, posted.id)
        if lacking and actor is not None and not dead_tokens.known(actor):
            text = missing_text(lang_of(actor), lacking)
            try:
                await actor.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
            except discord.HTTPException as error:
                dead_tokens.note(actor, error)
                log.warning("could not tell user %s that the board of game %s is not allowed", actor.user.id, row.id)

    async def late_posted(
        self, row: GameRow, spot: Spot, message_id: int, lines: list[str], turn: frozenset[int] | None
    ) -> None:
        """A board that waited in the outbox went out: it is shown, and while its turn runs
        (``turn``) the turn's next actions edit it, as they would have without the wait."""
        await self.shown(row, spot, message_id)
        if turn is not None:
            async with self.posts.lock(spot.key):
                self.posts.posted(spot.key, message_id, lines, turn)

    async def shown(self, row: GameRow, spot: Spot, message_id: int | None) -> None:
        """A board of ``row``'s version reached ``spot`` (``message_id``: a new message; None:
        the last one edited): remembered for jump links and for ``table.reconcile``."""
        try:
            await self.service.places.shown(row, spot, message_id)
        except Exception:
            log.exception("could not remember the board of game %s", row.id)

    async def show(self, change: Change) -> None:
        """Show a saved change in its channel (``table.aftermath`` calls this, in order per game):
        a game's first board, the live board's next refresh, or the board posted or edited."""
        result = change.result
        started = time.perf_counter()
        engine = self.spec(result.row.game).engine
        actor = change.actor if isinstance(change.actor, discord.Interaction) else None
        # A live board keeps a refresh task of its own: only for this process's servers.
        if (
            change.intro is None
            and result.outcome is None
            and engine.is_live(result.state)
            and self.service.owns(result.row)
        ):
            await self.live.update(result, await self.service.places.spots(result.row))
        else:
            was_live = self.live.is_live(result.row.id)
            unseen = await self.live.finish(result.row.id)
            await self.publish(
                result.row,
                result.state,
                [*unseen, *result.events],
                intro=change.intro,
                outcome=result.outcome,
                fresh=was_live or change.fresh,
                actor=actor,
                only_owing=change.fresh,
            )
        log.debug(
            "published game %s v%s in %.1f ms",
            result.row.id,
            result.row.version,
            1000 * (time.perf_counter() - started),
        )

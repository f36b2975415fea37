"""The Discord side of the shared table flow.

Every game cog and every persistent button ends up here: load → apply → save (``TableService``)
→ answer the clicker → post the board in the channel → let computer players move. Rules never live
here; only the order of those steps and how things look. The work is split over three presenters:
``lobby`` (opening and starting a table), ``moves`` (private controls and moves) and ``board``
(the public board); this class owns what they share and answers interactions safely.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.table.board import BoardPresenter
from cogs.table.live import LiveBoards
from cogs.table.lobby import LobbyPresenter
from cogs.table.moves import MovePresenter
from cogs.table.presenter import NO_MENTIONS, lang_of
from cogs.table.reminders import ClockPresenter
from engines.errors import GameError
from locales import tr
from table.bots import ComputerPlayers
from table.pictures import Painter
from table.service import TableError, TableService
from table.spec import GameSpec
from table.text import error_text
from table.timeouts import DEFAULT_GRACE, TimeKeeper

log = logging.getLogger("tafelbot.table")


class TableFlow:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        bot_delay_factor: float = 1.0,
        live_interval: float = 1.5,
        render_processes: int = 0,
        clock_grace: float = DEFAULT_GRACE,
    ) -> None:
        self.client = client
        self.service = service
        self.painter = Painter(render_processes)
        self.board = BoardPresenter(self)
        self.lobby = LobbyPresenter(self)
        self.moves = MovePresenter(self)
        self.bots = ComputerPlayers(
            service, self.board.publish_result, delay_factor=bot_delay_factor, painter=self.painter
        )
        self.live = LiveBoards(self.board.live_message, self.channel, interval=live_interval)
        # Move clocks, reminders, quiet times and lobby expiry: one scheduler for every game.
        self.clocks = ClockPresenter(self)
        self.timekeeper = TimeKeeper(
            service,
            publish=self.board.publish_result,
            remind=self.clocks.remind,
            lobby_expired=self.clocks.lobby_expired,
            grace=clock_grace,
            painter=self.painter,
        )
        self._in_flight = 0
        self.closing = False  # set on shutdown: new interactions are turned away
        self._quiet = asyncio.Event()
        self._quiet.set()

    async def resume(self) -> int:
        """After a restart: computer players pick every running game of this process's servers up
        (``TableService.owns``; other shards' processes resume theirs), and every stored deadline
        of those servers is armed again (those that passed meanwhile after a grace period)."""
        count = await self.bots.resume()
        await self.timekeeper.resume()
        self.timekeeper.start()
        return count

    async def close(self) -> None:
        self.closing = True
        await self.drain()
        await self.timekeeper.close()
        await self.bots.close()
        await self.live.close()
        await self.board.outbox.close()
        self.painter.close()

    async def drain(self, timeout: float = 5.0) -> None:
        """On shutdown: let interactions being answered finish (not computer players' pauses)."""
        try:
            await asyncio.wait_for(self._quiet.wait(), timeout)
        except TimeoutError:
            log.warning("shutting down with %d interaction(s) still being answered", self._in_flight)

    async def answered(self) -> None:
        """Wait until no interaction is being handled (computer players may still be thinking)."""
        await self._quiet.wait()

    async def idle(self) -> None:
        """Wait until no interaction is being handled and no computer player is thinking."""
        while True:
            await self._quiet.wait()
            await self.bots.idle()
            await self.timekeeper.scheduler.idle()
            if self._quiet.is_set() and not self.bots.busy:
                return

    def spec(self, game: str) -> GameSpec:
        return self.service.spec(game)

    async def guarded(self, interaction: discord.Interaction, game: str | None, work: Callable[[], Awaitable[Any]]):
        """Run ``work``; user mistakes become a short ephemeral answer, our own bugs an apology."""
        if self.closing:
            # Shutting down: nothing new is started, so nothing is cut off half-way.
            await self.tell(interaction, tr(lang_of(interaction), "bot-stopping"))
            return None
        self._in_flight += 1
        self._quiet.clear()
        try:
            return await work()
        except (TableError, GameError) as error:
            await self.tell(interaction, error_text(lang_of(interaction), game, error))
        except Exception:
            log.exception("interaction failed (user %s, game %s)", interaction.user.id, game)
            await self.tell(interaction, tr(lang_of(interaction), "error-internal"))
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._quiet.set()
        return None

    @staticmethod
    async def tell(interaction: discord.Interaction, text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        else:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

    async def channel(self, channel_id: int):
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        return channel

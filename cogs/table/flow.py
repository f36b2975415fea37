"""The Discord side of the shared table flow.

Every game cog and every persistent button ends up here: load → apply → save (``TableService``)
→ start what follows the change (``table.aftermath``: the board, the computers, the heads-up) →
answer the clicker. Rules never live here; only the order of those steps and how things look. The
work is split over presenters: ``lobby`` (opening and starting a table), ``moves`` (private
controls and moves), ``board`` (the public board and the live boards) and ``reminders`` (time
left, reminders, extending a move's deadline, heads-up and away notes); ``trouble`` keeps the
tables of channels the bot cannot post in.

This class builds them, each from the shared ``TableParts`` and the presenters it works with, in
the order they need one another (reminders, board, aftermath, lobby and moves), then the deadline
scheduler (``table.timeouts.TimeKeeper``), the reconciler (``table.reconcile``) and the channel
trouble. Nothing is patched in afterwards (the outbox reads the channel trouble through a lambda
when a refusal comes), and no presenter reaches through the flow. ``/replay``'s presenter is built
by its own cog.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.table.activity import ActivityLauncher
from cogs.table.board import BoardPresenter
from cogs.table.live import LiveBoards
from cogs.table.lobby import LobbyPresenter
from cogs.table.moves import MovePresenter
from cogs.table.outbox import Outbox
from cogs.table.presenter import Guard, PostChannel, TableParts
from cogs.table.reminders import ReminderPresenter
from cogs.table.trouble import ChannelTrouble
from table.aftermath import Aftermath
from table.computers import ComputerPlayers
from table.pictures import Painter
from table.reconcile import Reconciler
from table.service import TableService
from table.spec import GameSpec
from table.timeouts import DEFAULT_GRACE, TimeKeeper
from table.weblinks import WebLinks

log = logging.getLogger("tafelbot.table")


class TableFlow:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        computer_delay_factor: float = 1.0,
        live_interval: float = 1.5,
        render_processes: int = 0,
        deadline_grace: float = DEFAULT_GRACE,
        web_links: WebLinks | None = None,
        activity: bool = False,
    ) -> None:
        self.client = client
        self.service = service
        self.painter = Painter(render_processes)
        self.guard = Guard()
        self.shared = TableParts(client, service, self.painter, self.guard, web=web_links, activity=activity)
        self.reminders = ReminderPresenter(self.shared)
        # Boards Discord did not take wait here; a channel that refuses until something changes
        # is the channel trouble's (built below: the lambda reads it when a refusal comes).
        outbox = Outbox(
            self.shared.channel,
            on_blocked=lambda channel_id, error: self.trouble.blocked(channel_id, error),
            on_held=lambda channel_id, error: self.trouble.held(channel_id, error),
        )
        self.board = BoardPresenter(self.shared, reminders=self.reminders, outbox=outbox, live_interval=live_interval)
        # What follows every saved change (the board, the computers' turns, the heads-up) is the
        # table platform's, whatever becomes of the answer to whoever caused it.
        self.aftermath = Aftermath(
            service,
            show=self.board.show,
            heads_up=self.reminders.heads_up,
            changed=self.reminders.inbox.changed,  # the people's inboxes (``/table inbox``)
            computer_delay_factor=computer_delay_factor,
            painter=self.painter,
        )
        self.lobby = LobbyPresenter(self.shared, aftermath=self.aftermath)
        self.moves = MovePresenter(self.shared, aftermath=self.aftermath)
        self.activity = ActivityLauncher(self.shared)  # "Play on the board"
        # Move deadlines, reminders, lulls and lobby expiry: one scheduler for every game.
        self.timekeeper = TimeKeeper(
            service,
            publish=self.aftermath.after,
            remind=self.reminders.remind,
            lobby_expired=self.lobby.expired,
            grace=deadline_grace,
            painter=self.painter,
            # Nobody times out who cannot see the board (the channel trouble, built below).
            channel_ok=lambda row: self.trouble.channel_ok(row),
        )
        # Restores what a game owes its players (its board, a computer moving, its deadline) after
        # a restart or a fault.
        self.reconciler = Reconciler(
            service,
            self.aftermath,
            self.timekeeper,
            skip=lambda row: self.board.live.is_live(row.id),  # a live board refreshes itself
            on_the_way=outbox.waiting_games,  # a waiting board goes out by itself
        )
        # Channels the bot cannot post in: clocks stand still, hosts are told, healing is noticed.
        self.trouble = ChannelTrouble(self.shared, outbox=outbox, reconciler=self.reconciler, dms=self.reminders.dms)

    @property
    def computers(self) -> ComputerPlayers:
        """The computer players (the aftermath's: it wakes them after every change it follows)."""
        return self.aftermath.computers

    @property
    def live(self) -> LiveBoards:
        return self.board.live

    @property
    def closing(self) -> bool:
        """Set on shutdown: new interactions are turned away."""
        return self.guard.closing

    @closing.setter
    def closing(self, value: bool) -> None:
        self.guard.closing = value

    @property
    def tell(self) -> Callable[[discord.Interaction, str], Awaitable[None]]:
        """How a mistake is told (short, ephemeral); a test may replace it to watch refusals."""
        return self.guard.tell

    @tell.setter
    def tell(self, value: Callable[[discord.Interaction, str], Awaitable[None]]) -> None:
        self.guard.tell = value

    async def resume(self) -> int:
        """After a restart: computer players pick every running game of this process's servers up
        (``TableService.owns``; other shards' processes resume theirs), and every stored deadline
        of those servers is armed again (those that passed meanwhile after a grace period)."""
        await self.service.places.resume()  # which running tables are across servers
        count = await self.computers.resume()
        await self.timekeeper.resume()
        self.timekeeper.start()
        await self.trouble.resume()  # channels that were unusable before the stop
        await self.reconciler.run(arm=False)  # boards that a stop or a fault kept from being shown
        await self.reminders.held.resume()  # pings held during quiet hours
        self.reminders.held.start()
        await self.reminders.inbox.resume()  # the inbox's refreshes and daily digests
        return count

    async def close(self) -> None:
        self.closing = True
        await self.drain()
        await self.timekeeper.close()
        await self.reconciler.close()
        await self.trouble.close()
        await self.reminders.held.close()
        await self.reminders.inbox.close()
        await self.aftermath.close()
        await self.live.close()
        await self.board.outbox.close()
        self.painter.close()

    async def drain(self, timeout: float = 5.0) -> None:
        """On shutdown: let interactions being answered finish (not computer players' pauses)."""
        try:
            await asyncio.wait_for(self.guard.settled(), timeout)
        except TimeoutError:
            log.warning("shutting down with %d interaction(s) still being answered", self.guard.in_flight)

    async def answered(self) -> None:
        """Wait until no interaction is being handled (computer players may still be thinking)."""
        await self.guard.settled()

    async def idle(self) -> None:
        """Wait until no interaction is being handled and no computer player is thinking."""
        while True:
            await self.guard.settled()
            await self.aftermath.idle()
            await self.computers.idle()
            await self.timekeeper.scheduler.idle()
            await self.reminders.held.scheduler.idle()
            await self.reminders.inbox.idle()
            if self.guard.is_settled and not self.computers.busy and not self.aftermath.busy:
                return

    def spec(self, game: str) -> GameSpec:
        return self.service.spec(game)

    async def guarded(
        self, interaction: discord.Interaction, game: str | None, work: Callable[[], Awaitable[Any]]
    ) -> Any:
        """Run ``work``; user mistakes become a short ephemeral answer, our own bugs an apology."""
        return await self.guard.guarded(interaction, game, work)

    async def channel(self, channel_id: int) -> PostChannel:
        return await self.shared.channel(channel_id)

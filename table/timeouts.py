"""What happens when a game's deadline comes: one mechanism for every game and every kind.

The ``TimeKeeper`` arms the scheduler whenever the service writes a game (``TableService.on_deadline``)
and, at start-up, from the deadlines stored in the database. When a game's wake-up comes it reads
the game afresh and does what its deadline says is due:

- a reminder (half time, shortly before the end): recorded, then handed to ``remind``;
- a move deadline that ran out: the computer makes each owing person's move through the ordinary
  ``TableService.act`` (logged as ``!timeout`` plus the move, so a replay reproduces the game);
  after ``TableSettings.handover_after`` timeouts in a row the seat goes to the computer for
  good, ranked as resigned;
- a live phase's lull: the engine's own ``timeout`` (``TableService.end_lull``);
- a lobby that did not start: cancelled, and ``lobby_expired`` tells the channel.

Nothing here knows Discord: results go to the callbacks given.

No game's clock stops for good. What the callbacks (``publish``, ``remind``, ``lobby_expired``)
raise is logged with the game and never keeps the game's next wake-up from being armed; a failure
of the handling itself (the database, say) arms the game again ``grace`` seconds later. A reminder
is recorded as sent before it is handed over and is not retried when sending fails: part of it may
have reached people already (the channel, or some of the DMs), the last reminder and the deadline
itself still come, and a retry would risk pinging twice or looping on a refusing channel.

``channel_ok`` (optional) says whether the people of a game can see its board. When it says no at
a move deadline, nobody is timed out: the clock stands still (``TableService.stand_still``, the
reminders already sent stay sent) and the game is looked at again ``CHANNEL_RECHECK`` seconds
later, so the deadline is then that far off. Reminders that fall due meanwhile are passed over.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from db import OPEN_STATUSES, GameRow, GameStatus, table_data
from engines.errors import GameError
from table import deadlines, lobby
from table.clock import Scheduler
from table.computers import computer_action
from table.deadlines import TableDeadline
from table.pictures import Painter
from table.service import ActResult, TableError, TableService

log = logging.getLogger("tafelbot.clock")

CHANNEL_RECHECK = 600.0  # while a game's board cannot be seen, its move deadline is looked at this often
DEFAULT_GRACE = 60.0  # after a restart, deadlines that passed meanwhile fire this long after start-up
MAX_TIMEOUT_STEPS = 64  # a computer finishing one person's turn never takes more actions than this


@dataclass(frozen=True)
class Reminder:
    row: GameRow
    seats: tuple[int, ...]
    stage: int  # 1: half time, 2: shortly before the end
    left: float  # seconds


class TimeKeeper:
    def __init__(
        self,
        service: TableService,
        *,
        publish: Callable[[ActResult], Awaitable[None]],
        remind: Callable[[Reminder], Awaitable[None]] | None = None,
        lobby_expired: Callable[[GameRow], Awaitable[None]] | None = None,
        grace: float = DEFAULT_GRACE,
        painter: Painter | None = None,
        channel_ok: Callable[[GameRow], bool] | None = None,
    ) -> None:
        self.service = service
        # Where the computer decides for a player whose deadline ran out (``table.computers``).
        self.painter = painter if painter is not None else Painter(0)
        self.publish = publish
        self.remind = remind
        self.lobby_expired = lobby_expired
        self.grace = grace
        # Whether a game's board can be seen (None: always); a move deadline waits while it cannot.
        self.channel_ok = channel_ok
        self.scheduler = Scheduler(service.clock, self.due)
        self._busy: set[int] = set()  # games whose deadline is being handled right now
        service.on_deadline.append(self.arm)

    # ---- arming ----------------------------------------------------------------------------
    def arm(self, row: GameRow) -> None:
        """Wake for the game when its deadline next needs a look (or not at all)."""
        if row.id in self._busy:
            return  # the handler arms the game once it is done with it
        if not self.service.owns(row):
            return  # another shard's server: its own process keeps this deadline
        if row.status not in OPEN_STATUSES or row.deadline_at is None:
            self.scheduler.arm(row.id, None)
            return
        self.scheduler.arm(row.id, TableDeadline.from_json(row.deadline).wake_at())

    async def resume(self) -> int:
        """Re-arm every stored deadline (start-up). Whatever fell due while the bot was down
        fires ``grace`` seconds from now, so people see the bot back before it acts for them."""
        now = self.service.clock.now()
        count = 0
        for game_id, guild_id, deadline_at, data in await table_data.games_with_deadlines(self.service.store):
            if not self.service.shards.owns(guild_id):
                continue  # another shard's server: its own process re-arms it
            wake = TableDeadline.from_json(data).wake_at() or deadline_at
            self.scheduler.arm(game_id, max(wake, now + self.grace) if wake < now else wake)
            count += 1
        return count

    def start(self) -> None:
        self.scheduler.start()

    async def close(self) -> None:
        await self.scheduler.close()

    # ---- firing ----------------------------------------------------------------------------
    async def due(self, game_id: int) -> None:
        """Handle one game's wake-up, then arm its next one. Never twice at once for a game: the
        writes made while handling (a computer move per action) do not wake it again meanwhile.
        Whatever fails, the game is armed again (at worst ``grace`` seconds from now)."""
        if game_id in self._busy:
            return
        try:
            self._busy.add(game_id)
            try:
                row = await self._handle(game_id)
            finally:
                self._busy.discard(game_id)
            await self._arm_next(game_id, row)
        except Exception:
            log.exception("deadline of game %s could not be handled; trying again in %.0f s", game_id, self.grace)
            self.scheduler.arm(game_id, self.service.clock.now() + self.grace)

    async def _arm_next(self, game_id: int, row: GameRow | None) -> None:
        if row is None:
            row = await self.service.store.get_game(game_id)
        if row is None or row.status not in OPEN_STATUSES or row.deadline_at is None:
            self.scheduler.arm(game_id, None)
            return
        wake = TableDeadline.from_json(row.deadline).wake_at()
        now = self.service.clock.now()
        if wake is not None and wake <= now:
            # Still due after handling (every move refused, say): try again later, never spin.
            log.warning("deadline of game %s still due after handling; retrying in %.0f s", game_id, self.grace)
            wake = now + self.grace
        self.scheduler.arm(game_id, wake)

    async def _handle(self, game_id: int) -> GameRow | None:
        """Do what is due; returns the game as it now stands when known without reading it again."""
        row = await self.service.store.get_game(game_id)
        if row is None or row.status not in OPEN_STATUSES or not self.service.owns(row):
            return row
        deadline = self.service.deadline_of(row)
        now = self.service.clock.now()
        if deadline.kind is None or deadline.due is None:
            return row
        if deadline.due <= now:
            if deadline.kind == deadlines.MOVE and not self._board_seen(row):
                log.info("board of game %s cannot be seen: its move time stands still", game_id)
                return await self.service.stand_still(row, now + CHANNEL_RECHECK - deadline.due)
            if deadline.kind == deadlines.LOBBY:
                await self._lobby(row)
            elif deadline.kind == deadlines.LULL:
                await self._quiet(row)
            elif deadline.kind == deadlines.MOVE:
                await self._move_timeout(row, deadline)
            return None
        upcoming = deadline.next_reminder()
        if upcoming is not None and upcoming[1] <= now:
            stage, _ = upcoming
            marked = await self.service.mark_reminded(row, stage)
            if marked is not None and not self._board_seen(row):
                # Nobody can see the board: the reminder is passed over (no post to a channel
                # that refuses them); the clock stands still at the deadline itself.
                log.info("reminder of game %s passed over: its board cannot be seen", game_id)
            elif marked is not None and self.remind is not None:
                reminder = Reminder(marked, deadline.owing, stage, deadline.due - now)
                await self._tell("reminder", game_id, self.remind(reminder))
            return marked
        return row

    def _board_seen(self, row: GameRow) -> bool:
        if self.channel_ok is None:
            return True
        try:
            return self.channel_ok(row)
        except Exception:  # a broken check must not stop the clock for good: the deadline counts
            log.exception("whether the board of game %s can be seen is not known", row.id)
            return True

    async def _tell(self, what: str, game_id: int, sending: Awaitable[None]) -> None:
        """Await one Discord-side callback: its failure is logged, never passed on, so the
        game's next wake-up is armed all the same (and the rest of a timeout still happens)."""
        try:
            await sending
        except Exception:
            log.exception("%s of game %s could not be sent", what, game_id)

    async def _lobby(self, row: GameRow) -> None:
        cancelled = await lobby.expire(self.service, row.id)
        if cancelled is not None and self.lobby_expired is not None:
            await self._tell("lobby expiry", row.id, self.lobby_expired(cancelled))

    async def _quiet(self, row: GameRow) -> None:
        result = await self.service.end_lull(row.id)
        if result is not None:
            await self._tell("lull result", row.id, self.publish(result))

    async def _move_timeout(self, row: GameRow, deadline: TableDeadline) -> None:
        settings = self.service.settings_of(row)
        spec = self.service.spec(row.game)
        now = self.service.clock.now()
        # Only the seats whose own time ran out (a time bank, or a clock that stood still in
        # someone's quiet hours, gives each its own deadline).
        for seat in [s for s in deadline.owing if (deadline.due_of(s) or 0) <= now]:
            first = True
            for _ in range(MAX_TIMEOUT_STEPS):
                fresh = await self.service.get(row.id)
                if fresh.status != GameStatus.ACTIVE or not fresh.seats[seat].human:
                    break
                state = self.service.state_of(fresh)
                if seat not in spec.engine.to_move(state):
                    break
                action = await computer_action(spec, fresh, state, seat, self.painter)
                try:
                    result = await self.service.act(row.id, seat=seat, action=action, timed_out=first)
                except (TableError, GameError) as error:
                    log.info("timeout move for seat %s of game %s refused: %s", seat, row.id, error)
                    break
                if first:
                    result.events.insert(0, {"type": "timed-out", "seat": seat})
                first = False
                await self._tell("timeout move", row.id, self.publish(result))
            fresh = await self.service.get(row.id)
            if (
                fresh.status == GameStatus.ACTIVE
                and fresh.seats[seat].human
                and self.service.deadline_of(fresh).timeouts_of(seat) >= settings.handover_after
            ):
                try:
                    handed = await self.service.hand_over(row.id, seat)
                except TableError as error:  # the game ended or moved on meanwhile
                    log.info("hand-over of seat %s of game %s refused: %s", seat, row.id, error)
                    continue
                await self._tell("hand-over", row.id, self.publish(handed))

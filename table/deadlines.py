"""A table's deadline (``TableDeadline``): which one runs now, and how it moves on after each change.

Three kinds of deadline share one mechanism (stored with the game, woken by ``table.clock``):

``move``   the move deadline of the people who owe a move (``Engine.deadline(state).owing``). It
           starts when their turn begins and keeps running while the same people still owe (one
           turn of several actions, such as Trackgammon's dice). Reminders at half time and shortly
           before the end; when it runs out the computer moves for them.
``lull``   a live phase's lull: how long it may go without progress (``Deadline.lull``): restarted
           by progress (``Engine.restarts_lull``); when it passes, the engine's own ``timeout`` runs.
``lobby``  a table that has not started: when it passes, the table is cancelled.

``timeouts`` counts, per seat, the move deadlines in a row that passed; a move by the person resets
it. Pure functions; the time comes in as ``now`` (from the table's ``table.clock.Clock``). Stored
with the game as ``deadline_at`` and the JSON bookkeeping of the ``deadline`` column (``stored``;
migration 12 renamed the kind ``quiet`` to ``lull``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from db import Seat
from engines.base import Engine, Event
from table.quiet import QuietHours
from table.settings import HOUR, TableSettings

MOVE, LULL, LOBBY = "move", "lull", "lobby"


@dataclass(frozen=True)
class TableDeadline:
    kind: str | None = None
    due: float | None = None
    started: float | None = None
    owing: tuple[int, ...] = ()
    reminded: int = 0  # reminders sent this turn: 1 after half time, 2 after the last one
    timeouts: tuple[int, ...] = field(default=())
    # With a time bank: each seat's bank as it stood when its last turn ended (None: never started).
    banks: tuple[float | None, ...] = field(default=())
    # Each owing seat's own deadline (a time bank, or a clock standing still in quiet hours);
    # ``due`` is the earliest of them. Empty: every owing seat's is ``due``.
    seat_dues: tuple[float, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "due": self.due,
            "started": self.started,
            "owing": list(self.owing),
            "reminded": self.reminded,
            "timeouts": list(self.timeouts),
        }
        if self.banks:
            data["banks"] = list(self.banks)
        if self.seat_dues:
            data["seat_dues"] = list(self.seat_dues)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TableDeadline:
        if not data:
            return cls()
        return cls(
            kind=data.get("kind"),
            due=data.get("due"),
            started=data.get("started"),
            owing=tuple(data.get("owing", ())),
            reminded=int(data.get("reminded", 0)),
            timeouts=tuple(data.get("timeouts", ())),
            banks=tuple(data.get("banks", ())),
            seat_dues=tuple(data.get("seat_dues", ())),
        )

    def stored(self) -> tuple[float | None, dict[str, Any]]:
        """(deadline_at, bookkeeping) as ``Store.update_game(deadline=...)`` takes them."""
        return (self.due if self.kind else None), self.to_json()

    def due_of(self, seat: int) -> float | None:
        """When ``seat``'s own time runs out, if it owes a move on this move deadline."""
        if self.kind != MOVE or seat not in self.owing:
            return None
        if len(self.seat_dues) == len(self.owing):
            return self.seat_dues[self.owing.index(seat)]
        return self.due

    def bank_of(self, seat: int, settings: TableSettings) -> float:
        """The seat's bank when its turn began (the start if it never had a turn)."""
        stored = self.banks[seat] if seat < len(self.banks) else None
        return float(settings.bank_seconds) if stored is None else stored

    def timeouts_of(self, seat: int) -> int:
        return self.timeouts[seat] if seat < len(self.timeouts) else 0

    def with_timeouts(self, seat: int, count: int, seats: int) -> TableDeadline:
        counts = list(self.timeouts) + [0] * max(0, seats - len(self.timeouts))
        counts[seat] = count
        return replace(self, timeouts=tuple(counts))

    # ---- reminders -------------------------------------------------------------------------
    def reminder_times(self) -> tuple[float, float] | None:
        """When the half-time and the last reminder are due (move deadlines only)."""
        if self.kind != MOVE or self.due is None or self.started is None:
            return None
        total = self.due - self.started
        return self.started + total / 2, self.due - min(HOUR, total / 10)

    def next_reminder(self) -> tuple[int, float] | None:
        """(stage, when) of the next reminder not sent yet."""
        times = self.reminder_times()
        if times is None or self.reminded >= 2:
            return None
        return self.reminded + 1, times[self.reminded]

    def wake_at(self) -> float | None:
        """When the scheduler must look at this game next: a reminder or the deadline."""
        if self.kind is None or self.due is None:
            return None
        upcoming = self.next_reminder()
        return min(upcoming[1], self.due) if upcoming else self.due


def after(
    deadline: TableDeadline,
    engine: Engine[Any, Any],
    state: Any,
    settings: TableSettings,
    seats: Sequence[Seat],
    now: float,
    *,
    active: bool,
    action: str | None = None,
    events: Sequence[Event] = (),
    quiet: Mapping[int, QuietHours] | None = None,
) -> TableDeadline:
    """The deadline after a change to the game (a start, an action, a resignation, a hand-over).
    ``quiet``: the seats' quiet hours, when the table's clocks stand still in them."""
    if not active or state is None:
        return replace(
            _charged(deadline, settings, now, quiet, ()),
            kind=None,
            due=None,
            started=None,
            owing=(),
            reminded=0,
            seat_dues=(),
        )
    wanted = engine.deadline(state)
    if wanted.lull:
        if deadline.kind == LULL and action is not None and not engine.restarts_lull(action, list(events)):
            return deadline
        return replace(deadline, kind=LULL, due=now + settings.lull, started=now, owing=(), reminded=0, seat_dues=())
    owing = tuple(sorted(s for s in wanted.owing if seats[s].human))
    if not owing or not settings.timed:
        return replace(
            _charged(deadline, settings, now, quiet, owing),
            kind=None,
            due=None,
            started=None,
            owing=(),
            reminded=0,
            seat_dues=(),
        )
    if deadline.kind == MOVE and deadline.owing == owing:
        return deadline  # the same turn goes on: the deadline keeps running
    deadline = _charged(deadline, settings, now, quiet, owing)
    dues = tuple(
        _due(
            now, deadline.bank_of(s, settings) if settings.bank_seconds else settings.move_seconds, (quiet or {}).get(s)
        )
        for s in owing
    )
    single = all(d == dues[0] for d in dues)
    return replace(
        deadline, kind=MOVE, due=min(dues), started=now, owing=owing, reminded=0, seat_dues=() if single else dues
    )


def _due(now: float, seconds: float, quiet: QuietHours | None) -> float:
    return quiet.after_active(now, seconds) if quiet is not None else now + seconds


def _charged(
    deadline: TableDeadline,
    settings: TableSettings,
    now: float,
    quiet: Mapping[int, QuietHours] | None,
    owing_next: Sequence[int],
) -> TableDeadline:
    """With a time bank: the owing seats pay for the time their turn took (outside their quiet
    hours when the clocks stand still then); those whose turn is over get the increment, capped at
    the start."""
    if not settings.bank_seconds or deadline.kind != MOVE or deadline.started is None:
        return deadline
    used = now - deadline.started
    banks = list(deadline.banks) + [None] * max(0, max(deadline.owing, default=-1) + 1 - len(deadline.banks))
    for seat in deadline.owing:
        hours = (quiet or {}).get(seat)
        spent = used - (hours.overlap(deadline.started, now) if hours is not None else 0.0)
        left = max(0.0, deadline.bank_of(seat, settings) - spent)
        if seat not in owing_next:
            left = min(float(settings.bank_seconds), left + settings.bank_increment)
        banks[seat] = left
    return replace(deadline, banks=tuple(banks))


def banks_now(deadline: TableDeadline, settings: TableSettings, seats: int, now: float) -> list[float] | None:
    """Each seat's time bank now (the owing seats' running down), or None without a time bank."""
    if not settings.bank_seconds:
        return None
    found = []
    for seat in range(seats):
        own = deadline.due_of(seat)
        found.append(max(0.0, own - now) if own is not None else deadline.bank_of(seat, settings))
    return found


def lobby_deadline(now: float, seconds: float | None) -> TableDeadline:
    if not seconds:
        return TableDeadline()
    return TableDeadline(kind=LOBBY, due=now + seconds, started=now)


def extended(deadline: TableDeadline, seconds: float) -> TableDeadline:
    """The move deadline of the people to move, longer by ``seconds`` (reminders may come again)."""
    if deadline.kind != MOVE or deadline.due is None:
        return deadline
    dues = tuple(d + seconds for d in deadline.seat_dues)
    return replace(deadline, due=deadline.due + seconds, reminded=min(deadline.reminded, 1), seat_dues=dues)


def stood_still(deadline: TableDeadline, seconds: float) -> TableDeadline:
    """The move deadline as if its clock had stood still for ``seconds``: its start, its end and
    each seat's own end move on together, so the reminders already sent stay sent and come no
    sooner than they would have."""
    if deadline.kind != MOVE or deadline.due is None:
        return deadline
    started = None if deadline.started is None else deadline.started + seconds
    dues = tuple(d + seconds for d in deadline.seat_dues)
    return replace(deadline, due=deadline.due + seconds, started=started, seat_dues=dues)


def time_left(deadline: TableDeadline, now: float) -> float | None:
    if deadline.kind != MOVE or deadline.due is None:
        return None
    return max(0.0, deadline.due - now)


def short_duration(seconds: float) -> tuple[str, int]:
    """A duration as (unit, amount) for the texts: days from 2 days, hours from 1 hour, else minutes."""
    if seconds >= 2 * 24 * HOUR:
        return "d", int(seconds // (24 * HOUR))
    if seconds >= HOUR:
        return "h", int(seconds // HOUR)
    return "m", max(1, int(seconds // 60))

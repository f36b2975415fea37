"""Trackgammon: a race-and-block game for 2-4 players on a star of zigzag tracks.

Rules: ../shared/rules/trackgammon.md (the specification; its rulings are followed here).

Board model. Player i's track has points 1..25 and then the finish. Odd points are yellow and belong
to player i alone; even points are purple and lie in the middle row of a board part, shared with
exactly one neighbour: points 2..12 are columns 2..12 of part i, points 14..24 are columns 12..2 of
part i+1 (cyclic), where player i-1 also walks (as its points 26-c). So a purple cell is identified
by (part, column) and a yellow cell by (owner, point).

Position. Every disc is one integer: ``pos[seat * 5 + size - 1]`` is its point on its owner's track
(1..25) or ``FINISH`` (26). Stacks need no storage: a disc never lands on a smaller one and equal
sizes hit, so every stack is strictly decreasing from bottom to top, and sorting a cell's discs by
size gives the stack. That keeps positions small, hashable tuples, which the forced-play search and
the computer player memoise on.

Turn. The dice roll by themselves when a turn starts. The player then plays one value at a time
(``5f3``: disc 5 forward 3; ``2b6``: disc 2 backward 6), may take moves back (``undo``) and confirms
with ``done`` once as many values are used as can be used (forced play). The position at the start of
the turn and the moves made are kept, so ``undo`` replays exactly, with no new randomness. ``done``
is the player's confirmation: it is played for them (``Engine.forced_action``) only when it is all
they can do, no die usable and nothing to take back, never over a turn they may still undo.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any, NamedTuple, TypedDict, cast

from engines.base import Engine, Event, Outcome, ViewEnvelope, placements_from_keys
from engines.errors import BadOption, BadState
from engines.load_checks import LoadCheck
from engines.rng import Rng

SIZES = (1, 2, 3, 4, 5)
DISCS = len(SIZES)
FIRST_POINT = 1
LAST_POINT = 25
BEND_POINT = 13
FINISH = 26
FORWARD = 1
BACKWARD = -1
UNDO = "undo"
DONE = "done"
MOVE_RE = re.compile(r"^([1-5])([fb])([1-6])$")
# A seat that can use no value passes. While its runner is on the board every value can be used
# (see ``runner_on_board``), so in a real game nobody ever passes; the bound only turns a broken
# invariant into an error instead of an endless loop.
MAX_PASSES_IN_A_ROW = 10_000


# ---- geometry -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One point of the board. ``row`` 0: the outer yellow row of the part's own player; 1: the
    purple middle row; 2: the outer yellow row of the previous player; -1: an S-bend (yellow)."""

    id: str
    kind: str  # "yellow" | "purple"
    part: int
    row: int
    col: int
    owner: int | None  # the only seat allowed on a yellow point; None for purple


@dataclass(frozen=True)
class Geometry:
    players: int
    cells: tuple[Cell, ...]
    # cell_of[seat][point] -> index into cells; index 0 and FINISH are unused (-1)
    cell_of: tuple[tuple[int, ...], ...]
    purple: tuple[bool, ...]


def _track_cell(players: int, seat: int, point: int) -> Cell:
    if point == BEND_POINT:
        return Cell(f"y{seat}-{point}", "yellow", seat, -1, 13, seat)
    if point < BEND_POINT:
        part, col = seat, point
        row = 0 if point % 2 else 1
    else:
        part, col = (seat + 1) % players, 26 - point
        row = 2 if point % 2 else 1
    if row == 1:
        return Cell(f"p{part}-{col}", "purple", part, 1, col, None)
    return Cell(f"y{seat}-{point}", "yellow", part, row, col, seat)


@lru_cache(maxsize=8)
def geometry(players: int) -> Geometry:
    cells: list[Cell] = []
    index: dict[str, int] = {}
    cell_of: list[tuple[int, ...]] = []
    for seat in range(players):
        row = [-1] * (FINISH + 1)
        for point in range(FIRST_POINT, LAST_POINT + 1):
            cell = _track_cell(players, seat, point)
            if cell.id not in index:
                index[cell.id] = len(cells)
                cells.append(cell)
            row[point] = index[cell.id]
        cell_of.append(tuple(row))
    return Geometry(players, tuple(cells), tuple(cell_of), tuple(c.kind == "purple" for c in cells))


# ---- paths ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Path:
    passed: tuple[int, ...]  # points stepped on before the landing point, bounces included
    landing: int  # a point, or FINISH
    bounced: bool


@cache
def trace(point: int, value: int, direction: int, may_finish: bool) -> Path:
    """Walk ``value`` steps; the end points turn the disc around and count as a step themselves."""
    stepped: list[int] = []
    x, heading, bounced = point, direction, False
    for _ in range(value):
        if heading == FORWARD and x == LAST_POINT:
            if may_finish:
                return Path(tuple(stepped), FINISH, bounced)
            heading, bounced = BACKWARD, True
        elif heading == BACKWARD and x == FIRST_POINT:
            heading, bounced = FORWARD, True
        x += heading
        stepped.append(x)
    return Path(tuple(stepped[:-1]), stepped[-1], bounced)


def _same_as_other_direction(point: int, direction: int, may_finish: bool) -> bool:
    """Backward from point 1 bounces at once, so it is the forward move; likewise forward from 25
    for a disc that may not finish. Offering both would only double the buttons."""
    if direction == BACKWARD and point == FIRST_POINT:
        return True
    return direction == FORWARD and point == LAST_POINT and not may_finish


# ---- positions and single moves -------------------------------------------------------------------


def disc_index(seat: int, size: int) -> int:
    return seat * DISCS + size - 1


def start_position(players: int) -> tuple[int, ...]:
    return (FIRST_POINT,) * (players * DISCS)


def finish_candidate(pos: tuple[int, ...], seat: int) -> int:
    """The size of the largest own disc not yet finished (the only one allowed home), 0 if none."""
    base = seat * DISCS
    for size in reversed(SIZES):
        if pos[base + size - 1] != FINISH:
            return size
    return 0


def home_count(pos: tuple[int, ...], seat: int) -> int:
    base = seat * DISCS
    return sum(1 for i in range(base, base + DISCS) if pos[i] == FINISH)


def stacks(pos: tuple[int, ...], geo: Geometry) -> dict[int, list[int]]:
    """cell -> disc indices on it, top first (smallest size first)."""
    # Visiting discs size by size (and seats in order within a size) appends each stack already
    # sorted: the computer player calls this for every position it searches, so no sort per cell.
    occ: dict[int, list[int]] = {}
    cell_of = geo.cell_of
    seats = range(len(pos) // DISCS)
    for offset in range(DISCS):
        for seat in seats:
            idx = seat * DISCS + offset
            point = pos[idx]
            if point != FINISH:
                cell = cell_of[seat][point]
                found = occ.get(cell)
                if found is None:
                    occ[cell] = [idx]
                else:
                    found.append(idx)
    return occ


class Move(NamedTuple):
    """One single move. A named tuple rather than a frozen dataclass: the computer player builds
    tens of thousands of these per decision, and a tuple is several times cheaper to create."""

    seat: int
    size: int
    direction: int
    value: int
    origin: int
    landing: int
    bounced: bool
    hit: int  # disc index sent back to its start, or -1
    buried: int  # disc index of a foreign disc now covered by the mover, or -1
    after: tuple[int, ...]

    @property
    def action(self) -> str:
        return f"{self.size}{'f' if self.direction == FORWARD else 'b'}{self.value}"


def single_moves(pos: tuple[int, ...], geo: Geometry, seat: int, values: tuple[int, ...]) -> list[Move]:
    """Every move of one value allowed by the restrictions (forced play not yet considered).

    Ordered by disc size, then value, forward before backward: the order buttons are shown in.
    """
    occ = stacks(pos, geo)
    # Smallest foreign size per purple cell: any such smaller disc blocks, covered or not.
    smallest_foreign: dict[int, int] = {}
    for cell, discs in occ.items():
        if geo.purple[cell]:
            foreign = [i % DISCS + 1 for i in discs if i // DISCS != seat]
            if foreign:
                smallest_foreign[cell] = min(foreign)
    cell_of = geo.cell_of[seat]
    candidate = finish_candidate(pos, seat)
    distinct_values = sorted(set(values))
    moves: list[Move] = []
    for size in SIZES:
        me = disc_index(seat, size)
        origin = pos[me]
        if origin == FINISH:
            continue
        origin_cell = cell_of[origin]
        origin_stack = occ[origin_cell]
        if origin_stack[0] != me:
            continue  # only the top disc moves
        may_finish = size == candidate
        for value in distinct_values:
            for direction in (FORWARD, BACKWARD):
                if _same_as_other_direction(origin, direction, may_finish):
                    continue
                move = _try_move(pos, geo, occ, smallest_foreign, seat, size, value, direction, may_finish)
                if move is not None:
                    moves.append(move)
    return moves


def _try_move(
    pos: tuple[int, ...],
    geo: Geometry,
    occ: dict[int, list[int]],
    smallest_foreign: dict[int, int],
    seat: int,
    size: int,
    value: int,
    direction: int,
    may_finish: bool,
) -> Move | None:
    cell_of = geo.cell_of[seat]
    me = disc_index(seat, size)
    origin = pos[me]
    path = trace(origin, value, direction, may_finish)
    for point in path.passed:
        if smallest_foreign.get(cell_of[point], 99) < size:
            return None  # blocked
    hit = buried = -1
    if path.landing != FINISH:
        landing_cell = cell_of[path.landing]
        below = [i for i in occ.get(landing_cell, ()) if i != me]
        if below:
            top = below[0]
            top_size = top % DISCS + 1
            if top_size < size:
                return None
            if top_size == size:
                hit = top
            elif top // DISCS != seat:
                buried = top
    after = list(pos)
    after[me] = path.landing
    if hit >= 0:
        after[hit] = FIRST_POINT
    return Move(seat, size, direction, value, origin, path.landing, path.bounced, hit, buried, tuple(after))


def remove_value(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    rest = list(values)
    rest.remove(value)
    return tuple(rest)


def has_won(pos: tuple[int, ...], seat: int) -> bool:
    return home_count(pos, seat) == DISCS


def runner_on_board(pos: tuple[int, ...], seat: int) -> bool:
    """Whether the seat's runner is still on the board, which settles forced play at once.

    The runner (size 1) is always on top of its stack, nothing is smaller so nothing blocks it, and
    it may land on anything (on a foreign runner it hits). So every value can be played with it, in
    either direction, and it stays on the board unless it finishes, which wins the game. Hence while
    it is on the board every value of the roll can be used and no single move spoils that.
    """
    return pos[disc_index(seat, 1)] != FINISH


def max_usable(
    pos: tuple[int, ...],
    geo: Geometry,
    seat: int,
    values: tuple[int, ...],
    memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] | None = None,
    *,
    shortcut: bool = True,
) -> int:
    """How many of ``values`` can still be used, in the best order (forced play)."""
    if not values:
        return 0
    if shortcut and runner_on_board(pos, seat):
        return len(values)
    if memo is None:
        memo = {}
    key = (pos, values)
    if key in memo:
        return memo[key]
    best = 0
    for move in single_moves(pos, geo, seat, values):
        if has_won(move.after, seat):
            best = len(values)  # the game ends here; nothing more is owed
        else:
            rest = remove_value(values, move.value)
            best = max(best, 1 + max_usable(move.after, geo, seat, rest, memo, shortcut=shortcut))
        if best == len(values):
            break
    memo[key] = best
    return best


def forced_moves(
    pos: tuple[int, ...], geo: Geometry, seat: int, values: tuple[int, ...], *, shortcut: bool = True
) -> list[Move]:
    """The single moves after which the turn can still use as many values as the roll allows."""
    candidates = single_moves(pos, geo, seat, values)
    if shortcut and runner_on_board(pos, seat):
        return candidates
    memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    scored = []
    for move in candidates:
        if has_won(move.after, seat):
            scored.append((move, len(values)))
        else:
            rest = remove_value(values, move.value)
            scored.append((move, 1 + max_usable(move.after, geo, seat, rest, memo, shortcut=shortcut)))
    best = max((n for _, n in scored), default=0)
    return [move for move, n in scored if n == best]


@lru_cache(maxsize=1024)
def _cached_forced_moves(pos: tuple[int, ...], players: int, seat: int, values: tuple[int, ...]) -> tuple[Move, ...]:
    """The legal actions, the view and the move itself all ask this of the same position in a row."""
    return tuple(forced_moves(pos, geometry(players), seat, values))


def turn_values(dice: tuple[int, int] | list[int]) -> tuple[int, ...]:
    """Two values, or for a double the two values and the two bottom faces."""
    a, b = dice
    if a == b:
        return (a, a, 7 - a, 7 - a)
    return (a, b)


def parse_move(action: str) -> tuple[int, int, int] | None:
    """(size, direction, value) of a move action, or None."""
    match = MOVE_RE.match(action)
    if not match:
        return None
    return int(match.group(1)), FORWARD if match.group(2) == "f" else BACKWARD, int(match.group(3))


def distance_to_finish(point: int) -> int:
    return 0 if point == FINISH else FINISH - point


# ---- state ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrackgammonState:
    players: int
    rng: int
    turn: int  # the seat to move
    turn_number: int  # counts turns, passes included, from 1
    dice: tuple[int, int]
    turn_start: tuple[int, ...]  # position when the dice were rolled
    turn_moves: tuple[str, ...]  # the moves made so far this turn
    pos: tuple[int, ...]  # the current position (turn_start with turn_moves played)
    winner: int | None
    opening: tuple[tuple[tuple[int, ...], ...], ...]  # rounds of (seat, die, die) for the first player
    last_turn: dict[str, Any] | None  # {"seat", "dice", "moves": [record, ...]} of the previous turn
    last_events: tuple[dict[str, Any], ...]


def _dice_text(dice: tuple[int, int] | list[int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def _values_text(values: tuple[int, ...]) -> str:
    return ", ".join(str(v) for v in values)


def move_record(move: Move) -> dict[str, Any]:
    return {
        "seat": move.seat,
        "action": move.action,
        "size": move.size,
        "value": move.value,
        "dir": "forward" if move.direction == FORWARD else "backward",
        "from": move.origin,
        "to": move.landing,
        "bounced": move.bounced,
        "hit": None if move.hit < 0 else [move.hit // DISCS, move.hit % DISCS + 1],
        "buried": None if move.buried < 0 else [move.buried // DISCS, move.buried % DISCS + 1],
    }


def find_move(moves: list[Move], action: str) -> Move | None:
    for move in moves:
        if move.action == action:
            return move
    return None


# ---- the view: no hidden information, so no private part ---------------------------------------
class TrackgammonPublic(TypedDict):
    game: str
    players: int
    turn: int | None  # the seat whose turn it is; None once the game is over
    turn_number: int
    dice: list[int]
    values: list[int]  # the dice values to play this turn (four for a double)
    used: list[bool]  # per value: played already
    remaining: list[int]
    moves: list[dict[str, Any]]  # this turn's moves so far (``move_record``)
    choices: list[dict[str, Any]]  # every legal move now (``move_record``): landing, hits, bounces
    can_undo: bool
    can_confirm: bool
    last_move: dict[str, Any] | None
    last_turn: dict[str, Any] | None
    discs: list[list[int]]  # [seat][size - 1] -> cell index
    home: list[int]
    may_finish: list[int]  # per seat: the size of the only disc allowed home (0: none)
    stacks: dict[str, list[list[int]]]  # cell id -> [seat, size] from the top down
    tracks: list[list[str]]
    opening: list[list[list[int]]]
    winner: int | None
    placements: list[int] | None
    to_go: list[int]  # points each seat still has to cover


class TrackgammonView(TrackgammonPublic, ViewEnvelope[None]):
    pass


class TrackgammonEngine(Engine[TrackgammonState, "TrackgammonView"]):
    name = "trackgammon"
    min_players = 2
    max_players = 4
    simultaneous = False

    # ---- options and set-up -------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if options:
            raise BadOption(
                f"Trackgammon has no options (got {', '.join(sorted(map(str, options)))}).",
                "no-options",
                names=", ".join(sorted(map(str, options))),
            )
        return {}

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> tuple[TrackgammonState, list[Event]]:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadOption(
                f"Trackgammon is for {self.min_players} to {self.max_players} players.",
                "players",
                min=self.min_players,
                max=self.max_players,
            )
        self.normalize_options(dict(options or {}))
        rng = Rng(seed)
        opening, first, events = self._roll_for_first_player(rng, players)
        pos = start_position(players)
        state = TrackgammonState(
            players=players,
            rng=rng.state,
            turn=first,
            turn_number=0,
            dice=(1, 1),
            turn_start=pos,
            turn_moves=(),
            pos=pos,
            winner=None,
            opening=opening,
            last_turn=None,
            last_events=(),
        )
        state, turn_events = self._start_turn(state, first)
        return replace(state, last_events=tuple(events + turn_events)), events + turn_events

    def _roll_for_first_player(
        self, rng: Rng, players: int
    ) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], int, list[Event]]:
        """Everyone rolls both dice; the tied highest roll again until one is highest."""
        contenders = list(range(players))
        rounds = []
        events: list[Event] = []
        while True:
            throws = tuple((seat, rng.die(), rng.die()) for seat in contenders)
            rounds.append(throws)
            for seat, a, b in throws:
                events.append({"type": "opening-roll", "seat": seat, "dice": _dice_text((a, b)), "total": a + b})
            best = max(a + b for _, a, b in throws)
            contenders = [seat for seat, a, b in throws if a + b == best]
            if len(contenders) == 1:
                events.append({"type": "starts", "seat": contenders[0]})
                return tuple(rounds), contenders[0], events
            events.append({"type": "opening-tie", "total": best})

    def _start_turn(self, state: TrackgammonState, seat: int) -> tuple[TrackgammonState, list[Event]]:
        """Roll for ``seat``; while a seat can use no value at all, the turn passes on by itself."""
        rng = Rng(state.rng)
        geo = geometry(state.players)
        events: list[Event] = []
        last_turn = state.last_turn
        turn_number = state.turn_number
        for _ in range(MAX_PASSES_IN_A_ROW):
            dice = (rng.die(), rng.die())
            values = turn_values(dice)
            turn_number += 1
            events.append({"type": "rolled", "seat": seat, "dice": _dice_text(dice), "values": _values_text(values)})
            if max_usable(state.pos, geo, seat, values) > 0:
                new = replace(
                    state,
                    rng=rng.state,
                    turn=seat,
                    turn_number=turn_number,
                    dice=dice,
                    turn_start=state.pos,
                    turn_moves=(),
                    last_turn=last_turn,
                )
                return new, events
            events.append({"type": "no-move", "seat": seat, "dice": _dice_text(dice)})
            last_turn = {"seat": seat, "dice": list(dice), "moves": []}
            seat = (seat + 1) % state.players
        raise RuntimeError("no seat could use any value for too long")

    # ---- queries ------------------------------------------------------------------------------
    def players(self, state: TrackgammonState) -> int:
        return state.players

    def to_move(self, state: TrackgammonState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.turn})

    def remaining_values(self, state: TrackgammonState) -> tuple[int, ...]:
        values = turn_values(state.dice)
        for action in state.turn_moves:
            values = remove_value(values, int(action[-1]))
        return values

    def current_moves(self, state: TrackgammonState) -> list[Move]:
        """The legal single moves of the seat to move (forced play applied)."""
        if state.winner is not None:
            return []
        return list(_cached_forced_moves(state.pos, state.players, state.turn, self.remaining_values(state)))

    def legal_actions(self, state: TrackgammonState, seat: int) -> list[str]:
        if state.winner is not None or seat != state.turn:
            return []
        moves = [move.action for move in self.current_moves(state)]
        actions = list(moves)
        if state.turn_moves:
            actions.append(UNDO)
        if not moves:  # forced play: confirming is allowed only once no further value can be used
            actions.append(DONE)
        return actions

    def turn_records(self, state: TrackgammonState) -> list[dict[str, Any]]:
        """The moves made this turn, replayed from the turn's start."""
        records = []
        pos = state.turn_start
        values = turn_values(state.dice)
        geo = geometry(state.players)
        for action in state.turn_moves:
            move = find_move(single_moves(pos, geo, state.turn, values), action)
            assert move is not None, "turn moves were checked when applied and loaded"
            records.append(move_record(move))
            pos, values = move.after, remove_value(values, move.value)
        return records

    # ---- applying -----------------------------------------------------------------------------
    def _apply(self, state: TrackgammonState, seat: int, action: str) -> tuple[TrackgammonState, list[Event]]:
        if action == UNDO:
            new, events = self._undo(state, seat)
        elif action == DONE:
            new, events = self._confirm(state, seat)
        else:
            new, events = self._move(state, seat, action)
        return replace(new, last_events=tuple(dict(e) for e in events)), events

    def _move(self, state: TrackgammonState, seat: int, action: str) -> tuple[TrackgammonState, list[Event]]:
        move = find_move(self.current_moves(state), action)
        if move is None:  # the shared apply checked legality already
            raise BadState(f"'{action}' is not playable here.", "bad-state")
        events = [_move_event(move)]
        if move.hit >= 0:
            events.append({"type": "hit", "seat": seat, "victim_seat": move.hit // DISCS, "size": move.hit % DISCS + 1})
        if move.buried >= 0:
            events.append(
                {
                    "type": "buried",
                    "seat": seat,
                    "victim_seat": move.buried // DISCS,
                    "size": move.size,
                    "under": move.buried % DISCS + 1,
                }
            )
        new = replace(state, pos=move.after, turn_moves=(*state.turn_moves, action))
        if has_won(move.after, seat):
            # The game ends at once, in the middle of the turn: no confirmation, no take-back.
            final_turn = {"seat": seat, "dice": list(state.dice), "moves": self.turn_records(new)}
            new = replace(new, winner=seat, last_turn=final_turn)
            events.append({"type": "won", "seat": seat})
        return new, events

    def _undo(self, state: TrackgammonState, seat: int) -> tuple[TrackgammonState, list[Event]]:
        last = state.turn_moves[-1]
        kept = state.turn_moves[:-1]
        pos = state.turn_start
        values = turn_values(state.dice)
        geo = geometry(state.players)
        for action in kept:
            move = find_move(single_moves(pos, geo, seat, values), action)
            assert move is not None
            pos, values = move.after, remove_value(values, move.value)
        size, direction, value = cast(tuple[int, int, int], parse_move(last))  # a move, not "undo"
        event = {
            "type": "undone",
            "seat": seat,
            "size": size,
            "value": value,
            "dir": "forward" if direction == FORWARD else "backward",
        }
        return replace(state, pos=pos, turn_moves=kept), [event]

    def _confirm(self, state: TrackgammonState, seat: int) -> tuple[TrackgammonState, list[Event]]:
        finished = {"seat": seat, "dice": list(state.dice), "moves": self.turn_records(state)}
        events: list[Event] = [{"type": "turn-done", "seat": seat, "moves": len(state.turn_moves)}]
        new, turn_events = self._start_turn(replace(state, last_turn=finished), (seat + 1) % state.players)
        return new, events + turn_events

    # ---- outcome ------------------------------------------------------------------------------
    def scores_now(self, state: TrackgammonState) -> list[float]:
        """Trackgammon's points come from the finishing order (one per player behind you): as the
        race stands, by discs home and then distance left, the leader first."""
        homes = [home_count(state.pos, seat) for seat in range(state.players)]
        distances = [
            sum(distance_to_finish(state.pos[disc_index(seat, size)]) for size in SIZES)
            for seat in range(state.players)
        ]
        places = placements_from_keys([(homes[s], -distances[s]) for s in range(state.players)])
        return [float(sum(1 for other in places if other > mine)) for mine in places]

    def outcome(self, state: TrackgammonState) -> Outcome | None:
        if state.winner is None:
            return None
        homes = [home_count(state.pos, seat) for seat in range(state.players)]
        distances = [
            sum(distance_to_finish(state.pos[disc_index(seat, size)]) for size in SIZES)
            for seat in range(state.players)
        ]
        # The winner is the only seat with five home, so it sorts first on the same key.
        keys = [(homes[s], -distances[s]) for s in range(state.players)]
        placements = placements_from_keys(keys)
        # Trackgammon has no points of its own: the league scores the finishing order, one point
        # for every player finishing behind you.
        return Outcome(
            placements=placements,
            scores=[float(sum(1 for other in placements if other > mine)) for mine in placements],
            detail={"winner": state.winner, "home": homes, "distance": distances},
        )

    # ---- view ---------------------------------------------------------------------------------
    def _public_view(self, state: TrackgammonState) -> TrackgammonPublic:
        geo = geometry(state.players)
        occ = stacks(state.pos, geo)
        values = list(turn_values(state.dice))
        records = self.turn_records(state)
        used = [False] * len(values)
        for record in records:
            slot = next(i for i, v in enumerate(values) if v == record["value"] and not used[i])
            used[slot] = True
        choices = [] if state.winner is not None else [move_record(m) for m in self.current_moves(state)]
        if records:
            last_move = records[-1]
        elif state.last_turn and state.last_turn["moves"]:
            last_move = copy.deepcopy(state.last_turn["moves"][-1])
        else:
            last_move = None
        out = self.outcome(state)
        return {
            "game": self.name,
            "players": state.players,
            "turn": None if state.winner is not None else state.turn,
            "turn_number": state.turn_number,
            "dice": list(state.dice),
            "values": values,
            "used": used,
            "remaining": list(self.remaining_values(state)),
            "moves": records,
            "choices": choices,
            "can_undo": bool(state.turn_moves) and state.winner is None,
            "can_confirm": state.winner is None and not choices,
            "last_move": last_move,
            "last_turn": copy.deepcopy(state.last_turn),
            "discs": [[state.pos[disc_index(s, z)] for z in SIZES] for s in range(state.players)],
            "home": [home_count(state.pos, s) for s in range(state.players)],
            "may_finish": [finish_candidate(state.pos, s) for s in range(state.players)],
            "stacks": {
                geo.cells[index].id: [[i // DISCS, i % DISCS + 1] for i in reversed(discs)]
                for index, discs in sorted(occ.items())
            },
            "tracks": [list(ids) for ids in _track_ids(state.players)],
            "opening": [[list(throw) for throw in rnd] for rnd in state.opening],
            "winner": state.winner,
            "placements": out.placements if out else None,
            # Public: the points each player still has to cover, the tie-break of the ranking.
            "to_go": [
                sum(distance_to_finish(state.pos[disc_index(s, z)]) for z in SIZES) for s in range(state.players)
            ],
        }

    def _last_events(self, state: TrackgammonState) -> list[Event]:
        return list(state.last_events)

    # ---- persistence --------------------------------------------------------------------------
    def _dump(self, state: TrackgammonState) -> dict[str, Any]:
        return {
            "players": state.players,
            "rng": state.rng,
            "turn": state.turn,
            "turn_number": state.turn_number,
            "dice": list(state.dice),
            "turn_start": [list(state.turn_start[s * DISCS : (s + 1) * DISCS]) for s in range(state.players)],
            "turn_moves": list(state.turn_moves),
            "discs": [list(state.pos[s * DISCS : (s + 1) * DISCS]) for s in range(state.players)],
            "winner": state.winner,
            "opening": [[list(throw) for throw in rnd] for rnd in state.opening],
            "last_turn": state.last_turn,
            "last_events": [dict(e) for e in state.last_events],
        }

    def _load(self, data: dict[str, Any]) -> TrackgammonState:
        players = CHECK.seats(data["players"], self)
        turn = CHECK.whole(data["turn"], "turn", 0, players - 1)
        dice = tuple(CHECK.whole(d, "die", 1, 6) for d in data["dice"])
        if len(dice) != 2:
            raise CHECK.damaged("a turn has two dice")
        turn_start = _load_position(data["turn_start"], players)
        pos = _load_position(data["discs"], players)
        winner = data["winner"]
        if winner is not None:
            CHECK.whole(winner, "winner", 0, players - 1)
        winners = [s for s in range(players) if has_won(pos, s)]
        if winners != ([] if winner is None else [winner]):
            raise CHECK.damaged("the winner does not match the discs in the finish")
        if any(has_won(turn_start, s) for s in range(players)):
            raise CHECK.damaged("a turn cannot start after the game is over")
        turn_moves = tuple(data["turn_moves"])
        replayed = _replay_turn(turn_start, players, turn, turn_values(dice), turn_moves)
        if replayed != pos:
            raise CHECK.damaged("the moves of this turn do not lead to the stored position")
        opening = tuple(
            tuple(tuple(CHECK.whole(x, "opening", 0, 6) for x in throw) for throw in rnd) for rnd in data["opening"]
        )
        last_turn = data["last_turn"]
        if last_turn is not None:
            _check_last_turn(last_turn, players)
        events = CHECK.events(data["last_events"])
        rng = CHECK.generator(data["rng"])
        return TrackgammonState(
            players=players,
            rng=rng,
            turn=turn,
            turn_number=CHECK.whole(data["turn_number"], "turn number", 0, 10**9),
            dice=dice,
            turn_start=turn_start,
            turn_moves=turn_moves,
            pos=pos,
            winner=winner,
            opening=opening,
            last_turn=last_turn,
            last_events=tuple(events),
        )


@lru_cache(maxsize=8)
def _track_ids(players: int) -> tuple[tuple[str, ...], ...]:
    geo = geometry(players)
    return tuple(tuple(geo.cells[geo.cell_of[s][p]].id for p in range(1, LAST_POINT + 1)) for s in range(players))


def _move_event(move: Move) -> Event:
    if move.landing == FINISH:
        return {"type": "finished", "seat": move.seat, "size": move.size, "value": move.value, "from": move.origin}
    return {
        "type": "moved",
        "seat": move.seat,
        "size": move.size,
        "value": move.value,
        "dir": "forward" if move.direction == FORWARD else "backward",
        "from": move.origin,
        "to": move.landing,
        "bounced": "yes" if move.bounced else "no",
    }


CHECK = LoadCheck("trackgammon")


def _load_position(rows: Any, players: int) -> tuple[int, ...]:
    """A position from per-seat lists of points, checked against the rules' invariants."""
    if not isinstance(rows, list) or len(rows) != players or any(len(r) != DISCS for r in rows):
        raise CHECK.damaged("every seat has exactly five discs")
    pos = tuple(CHECK.whole(p, "point", FIRST_POINT, FINISH) for row in rows for p in row)
    for seat in range(players):
        finished = [pos[disc_index(seat, z)] == FINISH for z in SIZES]
        # Discs finish largest first, so the finished ones are always the largest.
        if any(finished[z] and not finished[z + 1] for z in range(DISCS - 1)):
            raise CHECK.damaged(f"seat {seat} finished a disc before a larger one")
    geo = geometry(players)
    for discs in stacks(pos, geo).values():
        sizes = [i % DISCS for i in discs]
        if len(set(sizes)) != len(sizes):
            raise CHECK.damaged("two discs of the same size share a point")
    return pos


def _check_last_turn(last_turn: Any, players: int) -> None:
    """The previous turn is only shown, but the picture draws its last move, so check what it uses."""
    if not isinstance(last_turn, dict) or not {"seat", "dice", "moves"} <= set(last_turn):
        raise CHECK.damaged("the previous turn is damaged")
    CHECK.whole(last_turn["seat"], "seat of the previous turn", 0, players - 1)
    if not isinstance(last_turn["moves"], list):
        raise CHECK.damaged("the previous turn is damaged")
    for record in last_turn["moves"]:
        if not isinstance(record, dict) or not isinstance(record.get("action"), str):
            raise CHECK.damaged("a move of the previous turn is damaged")
        CHECK.whole(record.get("seat"), "seat of a previous move", 0, players - 1)
        CHECK.whole(record.get("from"), "point of a previous move", FIRST_POINT, LAST_POINT)
        CHECK.whole(record.get("to"), "point of a previous move", FIRST_POINT, FINISH)


def _replay_turn(
    start: tuple[int, ...], players: int, seat: int, values: tuple[int, ...], actions: Sequence[object]
) -> tuple[int, ...]:
    geo = geometry(players)
    pos = start
    for action in actions:
        if not isinstance(action, str):
            raise CHECK.damaged("a move of this turn is damaged")
        move = find_move(forced_moves(pos, geo, seat, values), action)
        if move is None:
            raise CHECK.damaged(f"the move '{action}' of this turn is not legal")
        pos, values = move.after, remove_value(values, move.value)
        if has_won(pos, seat) and action is not actions[-1]:
            raise CHECK.damaged("moves follow the winning move")
    return pos


ENGINE = TrackgammonEngine()

# The names from before the engines were named alike, for code outside the project that imports them.
State = TrackgammonState

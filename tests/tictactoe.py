"""The tests' short game: tic-tac-toe, written from ``CONTRIBUTING.md`` alone as a new contributor
would (engine, computer player and renderer in one module, as a toy may), and kept outside the
package like Nim. A game is over in at most nine decisions, fewer than any of the real games
takes, so the suite's checks must not count on long games.

Two players put their mark (seat 0 first) on a free cell of a 3x3 grid; three in a row wins, a
full grid without a row is a draw. Cells are numbered 0-8 from the top left, row by row.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TypedDict

from PIL import Image

from engines.base import Engine, Event, Outcome, ViewEnvelope
from engines.budget import Budget
from engines.errors import BadOption
from engines.load_checks import LoadCheck
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    cached_palette,
    label,
    new_canvas,
    palette,
    seat_colour,
    stamp_seat_marker,
    to_png,
)
from render.type_scale import NAME

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
EMPTY = -1


@dataclass(frozen=True)
class TicTacToeState:
    cells: tuple[int, ...]  # the seat whose mark is there, EMPTY for a free cell
    turn: int = 0
    last: int = EMPTY  # the cell marked last


class TicTacToePublic(TypedDict):
    game: str
    players: int
    cells: list[int]


class TicTacToeView(TicTacToePublic, ViewEnvelope[None]):  # nothing hidden: no private part
    pass


def winner(cells: tuple[int, ...] | list[int]) -> int | None:
    for a, b, c in LINES:
        if cells[a] != EMPTY and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def is_over(cells: tuple[int, ...] | list[int]) -> bool:
    return winner(cells) is not None or EMPTY not in cells


class TicTacToeEngine(Engine[TicTacToeState, TicTacToeView]):
    name = "tictactoe"
    min_players = 2
    max_players = 2

    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return {}

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> tuple[TicTacToeState, list[Event]]:
        if players != 2:
            raise BadOption("Tic-tac-toe takes 2 players.", "players")
        return TicTacToeState((EMPTY,) * 9), []

    def players(self, state: TicTacToeState) -> int:
        return 2

    def to_move(self, state: TicTacToeState) -> frozenset[int]:
        return frozenset() if is_over(state.cells) else frozenset({state.turn})

    def legal_actions(self, state: TicTacToeState, seat: int) -> list[str]:
        if is_over(state.cells) or seat != state.turn:
            return []
        return [f"c{cell}" for cell in (4, 0, 2, 6, 8, 1, 3, 5, 7) if state.cells[cell] == EMPTY]

    def _apply(self, state: TicTacToeState, seat: int, action: str) -> tuple[TicTacToeState, list[Event]]:
        cell = int(action[1:])
        cells = tuple(seat if i == cell else mark for i, mark in enumerate(state.cells))
        events: list[Event] = [{"type": "marked", "seat": seat, "cell": cell + 1}]
        won = winner(cells)
        if won is not None:
            events.append({"type": "won", "seat": won})
        elif EMPTY not in cells:
            events.append({"type": "draw"})
        return replace(state, cells=cells, turn=1 - seat, last=cell), events

    def _public_view(self, state: TicTacToeState) -> TicTacToePublic:
        return {"game": "tictactoe", "players": 2, "cells": list(state.cells)}

    def _last_events(self, state: TicTacToeState) -> list[Event]:
        if state.last == EMPTY:
            return []
        return [{"type": "marked", "seat": state.cells[state.last], "cell": state.last + 1}]

    def outcome(self, state: TicTacToeState) -> Outcome | None:
        if not is_over(state.cells):
            return None
        won = winner(state.cells)
        if won is None:
            return Outcome([1, 1], [0.5, 0.5])
        return Outcome([1 if seat == won else 2 for seat in (0, 1)], [1.0 if seat == won else 0.0 for seat in (0, 1)])

    def scores_now(self, state: TicTacToeState) -> list[float]:
        """Nobody has a point until the game is won or drawn."""
        out = self.outcome(state)
        return list(out.scores) if out is not None else [0.0, 0.0]

    def _dump(self, state: TicTacToeState) -> dict[str, Any]:
        return {"cells": list(state.cells), "turn": state.turn, "last": state.last}

    def _load(self, data: dict[str, Any]) -> TicTacToeState:
        cells = CHECK.whole_list(data["cells"], "cells", 9)
        for mark in cells:
            CHECK.whole(mark, "cells", low=EMPTY, high=1)
        CHECK.whole(data["turn"], "turn", low=0, high=1)
        CHECK.whole(data["last"], "last", low=EMPTY, high=8)
        return TicTacToeState(tuple(cells), data["turn"], data["last"])


CHECK = LoadCheck("tictactoe")
ENGINE = TicTacToeEngine()


# ---- the computer player ----------------------------------------------------------------------
# No WORK_BUDGET: it does not search, so it takes no budget (the platform passes None).
COMPUTER_DELAY = 0.0


def choose(view: Any, legal: list[str], seed: int, budget: Budget | None = None, level: str = "normal") -> str:
    """At every level: win if it can, else block the other's row, else the first legal cell (the
    centre, then the corners)."""
    cells: list[int] = view["cells"]
    me = view["viewer"]
    for seat in (me, 1 - me):
        for action in legal:
            cell = int(action[1:])
            if winner([seat if i == cell else mark for i, mark in enumerate(cells)]) == seat:
                return action
    return legal[0]


# ---- the renderer ---------------------------------------------------------------------------
CELL = 160
MARGIN = 40
NAME_LINE = 56


@cached_palette
def _palette() -> Image.Image:
    """Every colour drawn, plus the shades of text and marker edges over the background."""
    seats = (seat_colour(0), seat_colour(1))
    return palette((BACKGROUND, INK, MUTED, *seats), (INK, MUTED, *seats), (BACKGROUND,))


def render_board(view: Any, *, names: list[str], locale: str = "en") -> bytes:
    """The grid with each seat's marker in its cells, and below it each player's marker and name
    (so every seat's colour and shape is in every picture, as CONTRIBUTING asks)."""
    width = 3 * CELL + 2 * MARGIN
    grid_bottom = MARGIN + 3 * CELL
    img, draw = new_canvas(width, grid_bottom + 20 + NAME_LINE * len(names) + MARGIN // 2, palette=_palette())
    for i in (1, 2):
        draw.line((MARGIN + i * CELL, MARGIN, MARGIN + i * CELL, grid_bottom), fill=MUTED, width=6)
        draw.line((MARGIN, MARGIN + i * CELL, MARGIN + 3 * CELL, MARGIN + i * CELL), fill=MUTED, width=6)
    for cell, seat in enumerate(view["cells"]):
        if seat != EMPTY:
            row, col = divmod(cell, 3)
            stamp_seat_marker(img, seat, MARGIN + (col + 0.5) * CELL, MARGIN + (row + 0.5) * CELL, CELL * 0.32)
    for seat, name in enumerate(names):
        top = grid_bottom + 20 + seat * NAME_LINE
        stamp_seat_marker(img, seat, MARGIN + 20, top + NAME_LINE / 2, 18)
        box = (MARGIN + 50, top, width - MARGIN, top + NAME_LINE)
        label(draw, (MARGIN + 50, top + NAME_LINE / 2), name, NAME, INK, within=box, max_width=box[2] - box[0])
    return to_png(img)


def action_label(view: Any, action: str, locale: str = "en") -> str:
    return str(int(action[1:]) + 1)

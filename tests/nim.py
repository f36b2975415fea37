"""A tiny game for testing the platform without any real game's rules: engine, computer player and
renderer in one module. It is registered like a real game in ``tests/test_nim_game.py`` (with its
cog ``tests/nim_cog.py`` and its texts ``tests/locales/*/nim.ftl``); ``CONTRIBUTING.md`` walks
through exactly these files.

Players take 1..3 counters from a pile in seat order; whoever takes the last one wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TypedDict

from engines.base import Engine, Event, Outcome, ViewEnvelope
from engines.budget import Budget
from engines.errors import BadOption
from engines.load_checks import LoadCheck
from engines.rng import Rng


@dataclass(frozen=True)
class NimState:
    players: int
    pile: int
    turn: int
    winner: int | None = None
    last_take: int = 0


class NimPublic(TypedDict):
    game: str
    players: int
    pile: int


class NimView(NimPublic, ViewEnvelope[None]):  # no hidden information: no private part
    pass


class NimEngine(Engine[NimState, NimView]):
    name = "nim"
    min_players = 2
    max_players = 3

    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        pile = options.get("pile", 7)
        if not isinstance(pile, int) or not 1 <= pile <= 50:
            raise BadOption("The pile must hold 1 to 50 counters.", "bad-pile")
        return {"pile": pile}

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> tuple[NimState, list[Event]]:
        opts = self.normalize_options(options or {})
        if not self.min_players <= players <= self.max_players:
            raise BadOption("Nim takes 2 or 3 players.", "players")
        return NimState(players, opts["pile"], Rng(seed).below(players)), []

    def players(self, state: NimState) -> int:
        return state.players

    def to_move(self, state: NimState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.turn})

    def legal_actions(self, state: NimState, seat: int) -> list[str]:
        if state.winner is not None or seat != state.turn:
            return []
        return [f"take{n}" for n in (1, 2, 3) if n <= state.pile]

    def _apply(self, state: NimState, seat: int, action: str) -> tuple[NimState, list[Event]]:
        n = int(action[4:])
        pile = state.pile - n
        events: list[Event] = [{"type": "took", "seat": seat, "n": n, "left": pile}]
        if pile == 0:
            return replace(state, pile=0, winner=seat, last_take=n), [*events, {"type": "won", "seat": seat}]
        return replace(state, pile=pile, turn=(seat + 1) % state.players, last_take=n), events

    def _public_view(self, state: NimState) -> NimPublic:
        return {"game": "nim", "players": state.players, "pile": state.pile}

    def _last_events(self, state: NimState) -> list[Event]:
        if not state.last_take:
            return []
        seat = state.winner if state.winner is not None else (state.turn - 1) % state.players
        return [{"type": "took", "seat": seat, "n": state.last_take, "left": state.pile}]

    def outcome(self, state: NimState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(
            [1 if s == state.winner else 2 for s in range(state.players)],
            [1.0 if s == state.winner else 0.0 for s in range(state.players)],
        )

    def scores_now(self, state: NimState) -> list[float]:
        """Nobody has a point until someone takes the last counter."""
        out = self.outcome(state)
        return list(out.scores) if out is not None else [0.0] * state.players

    def _dump(self, state: NimState) -> dict[str, Any]:
        return {
            "players": state.players,
            "pile": state.pile,
            "turn": state.turn,
            "winner": state.winner,
            "last_take": state.last_take,
        }

    def _load(self, data: dict[str, Any]) -> NimState:
        CHECK.whole(data["pile"], "pile", low=0)
        return NimState(**data)


CHECK = LoadCheck("nim")
ENGINE = NimEngine()


# ---- the computer player ----------------------------------------------------------------------
COMPUTER_DELAY = 0.0  # seconds before it moves (real games: about a second)


def choose(view: Any, legal: list[str], seed: int, budget: Budget | None = None, level: str = "normal") -> str:
    """Perfect play where possible, at every level: leave a multiple of four."""
    for action in legal:
        if (view["pile"] - int(action[4:])) % 4 == 0:
            return action
    return legal[0]


# ---- the renderer ---------------------------------------------------------------------------
def render_board(view: Any, *, names: list[str], locale: str = "en") -> bytes:
    """The pile's count and who is at the table, one line each: a real picture, small, on a fixed
    palette of two colours and the shades of text between them (``palette`` keeps it)."""
    from render.common import BACKGROUND, INK, label, new_canvas, palette, to_png

    width, line = 400, 40
    two_colours = palette((BACKGROUND, INK), (INK,), (BACKGROUND,))
    img, draw = new_canvas(width, line * (len(names) + 1) + 20, palette=two_colours)
    label(draw, (16, 10 + line // 2), f"{view['pile']}", 28, within=(0, 0, width, line + 10), bold=True)
    for seat, name in enumerate(names):
        top = 10 + line * (seat + 1)
        label(draw, (16, top + line // 2), name, 24, within=(0, top, width, top + line), max_width=width - 32)
    return to_png(img)


def action_label(view: Any, action: str, locale: str = "en") -> str:
    return f"take {action[4:]}"

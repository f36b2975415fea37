"""A tiny engine for testing the platform without any real game's rules.

Players take 1..3 counters from a pile in seat order; whoever takes the last one wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engines.base import Engine, Outcome
from engines.errors import BadOption, BadState
from engines.rng import Rng


@dataclass(frozen=True)
class NimState:
    players: int
    pile: int
    turn: int
    winner: int | None = None
    last_take: int = 0


class Nim(Engine):
    name = "nim"
    min_players = 2
    max_players = 3

    def normalize_options(self, options):
        pile = options.get("pile", 7)
        if not isinstance(pile, int) or not 1 <= pile <= 50:
            raise BadOption("The pile must hold 1 to 50 counters.", "bad-pile")
        return {"pile": pile}

    def new_game(self, players, seed, options=None):
        opts = self.normalize_options(options or {})
        if not self.min_players <= players <= self.max_players:
            raise BadOption("Nim takes 2 or 3 players.", "players")
        return NimState(players, opts["pile"], Rng(seed).below(players)), []

    def players(self, state):
        return state.players

    def to_move(self, state):
        return frozenset() if state.winner is not None else frozenset({state.turn})

    def legal_actions(self, state, seat):
        if state.winner is not None or seat != state.turn:
            return []
        return [f"take{n}" for n in (1, 2, 3) if n <= state.pile]

    def _apply(self, state, seat, action):
        n = int(action[4:])
        pile = state.pile - n
        events = [{"type": "took", "seat": seat, "n": n, "left": pile}]
        if pile == 0:
            return replace(state, pile=0, winner=seat, last_take=n), [*events, {"type": "won", "seat": seat}]
        return replace(state, pile=pile, turn=(seat + 1) % state.players, last_take=n), events

    def view(self, state, seat):
        return {
            "game": "nim",
            "players": state.players,
            "viewer": seat,
            "pile": state.pile,
            "to_move": sorted(self.to_move(state)),
            "over": state.winner is not None,
            "last": [],
        }

    def outcome(self, state):
        if state.winner is None:
            return None
        return Outcome(
            [1 if s == state.winner else 2 for s in range(state.players)],
            [1.0 if s == state.winner else 0.0 for s in range(state.players)],
        )

    def _dump(self, state):
        return {
            "players": state.players,
            "pile": state.pile,
            "turn": state.turn,
            "winner": state.winner,
            "last_take": state.last_take,
        }

    def _load(self, data):
        if data["pile"] < 0:
            raise BadState("negative pile", "bad-state")
        return NimState(**data)


ENGINE = Nim()


def choose(view, legal, seed):
    """Perfect play where possible: leave a multiple of four."""
    for action in legal:
        if (view["pile"] - int(action[4:])) % 4 == 0:
            return action
    return legal[0]


def render_board(view, *, names, locale="en"):
    return b"\x89PNG nim " + str(view["pile"]).encode()


def action_label(view, action, locale="en"):
    return f"take {action[4:]}"

"""The one interface all five games share.

The table flow, the computer players, the tests and the league only ever talk to an ``Engine``, so
none of them special-cases a game. Seats are numbered 0..n-1; the engine never knows who sits there.

Actions are short canonical strings (at most ``MAX_ACTION_LEN`` characters of ``ACTION_ALPHABET``)
so they fit a button's custom_id, an autocomplete choice and the move log as they are.

Events are plain dicts ``{"type": "...", **params}`` describing what an action did. The bot turns
them into one line of text with the message ``<game>-event-<type>`` of ``locales/*/<game>.ftl``.
Params whose name is ``seat`` or ends in ``_seat`` hold a seat number; the bot shows that player's
name there. All other params are shown as they are, so keep them language-neutral (numbers, card
codes such as ``7H``).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypedDict, TypeVar, cast

from engines.errors import BadAction, BadState, GameError, GameOver, IllegalAction, NotYourTurn

MAX_ACTION_LEN = 60
ACTION_ALPHABET = re.compile(r"^[A-Za-z0-9+\-_.:,=]+$")

Event = dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``placements[seat]`` is 1 for the winner; tied seats share a placement (1, 1, 3 ...).
    ``scores[seat]`` is the game's own score for that seat (race points, barrels, place sums ...),
    the number the league adds up. ``detail`` holds anything else worth showing (JSON-able).
    """

    placements: list[int]
    scores: Sequence[float]
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Deadline:
    """What a deadline means in one state (``Engine.deadline``).

    ``owing``: the seats that owe a move now. The table's move deadline runs for them; when it runs
    out, the computer player makes that seat's move.
    ``lull``: the state is in a phase with its own short lull (live play, where everyone acts at
    once). When nobody has made progress for the table's lull, the table applies the engine's own
    ``timeout`` action, logged like any move, instead of moving for anyone.
    """

    owing: frozenset[int]
    lull: bool = False


def placements_from_keys(keys: list[Any]) -> list[int]:
    """Competition ranking (1, 1, 3) from per-seat sort keys where a *larger* key is better."""
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


S = TypeVar("S")  # the game's state type
V = TypeVar("V")  # the game's view type: a TypedDict built on ``ViewEnvelope``
P = TypeVar("P")  # a game's private part (a TypedDict)


class ViewEnvelope(TypedDict, Generic[P]):
    """The keys every game's view shares, filled in by ``Engine.view`` itself.

    ``viewer``: the seat the view is for (None: a spectator). ``to_move``: the seats that may act
    now, sorted. ``over``: whether the game has ended. ``last``: the events of the last action.
    ``private``: everything only the viewer may see (their hand, their own pile), None for a
    spectator and for games without hidden information. Everything outside ``private`` and
    ``viewer`` is the same for every viewer: a game's public part never sees who is looking.
    """

    viewer: int | None
    to_move: list[int]
    over: bool
    last: list[Event]
    private: P | None


ENVELOPE_KEYS = frozenset(ViewEnvelope.__annotations__)


class Engine(Generic[S, V]):
    """Base class: subclasses implement the underscored hooks and the game-specific methods.

    The state ``S`` is whatever the subclass likes (a dataclass, a dict); it is never mutated by
    ``apply``: a new state is returned. The shared ``apply`` does all legality checks in one place,
    in this order: game over, not your turn, malformed action, not a legal action.

    Every hook the table platform uses is a method here with a default, so a game overrides only
    what it needs: ``is_live``, ``deadline``, ``timeout``, ``restarts_lull``, ``lost_race``,
    ``explain_illegal``, ``scores_now``, ``scores_shown``, ``offered_actions``, ``asks_confirmation``,
    ``forced_action`` and ``takeback_allowed``. The shared ``view`` wraps the game's
    ``_public_view`` and ``_private_view`` in the ``ViewEnvelope``. ``CONTRIBUTING.md`` lists the
    whole contract.
    """

    name: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    # Whether several seats may be in ``to_move`` at once (simultaneous phases): the table flow then
    # accepts an action from any of them instead of insisting on a stale-version check.
    simultaneous: ClassVar[bool] = False
    dump_version: ClassVar[int] = 1

    # ---- to implement -------------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Defaults filled in and every value checked; raise ``BadOption`` with a clear message."""
        return dict(options)

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> tuple[S, list[Event]]:
        """A new game and the events of its opening (an opening roll, say), as ``apply`` returns."""
        raise NotImplementedError

    def to_move(self, state: S) -> frozenset[int]:
        """The seats that may act now (empty once the game is over)."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[str]:
        """Every legal action for ``seat`` now, in a stable, sensible order (best shown first)."""
        raise NotImplementedError

    def _apply(self, state: S, seat: int, action: str) -> tuple[S, list[Event]]:
        """Apply an action already known to be legal; return a *new* state and the events."""
        raise NotImplementedError

    def _public_view(self, state: S) -> Mapping[str, object]:
        """The public part of every view (a TypedDict of the game): what anyone at the table sees.
        It is not told who is looking, so nothing private can slip in by accident. JSON-able."""
        raise NotImplementedError

    def _private_view(self, state: S, seat: int) -> Mapping[str, object] | None:
        """What only ``seat`` may see (a TypedDict of the game), or None if the game hides nothing."""
        return None

    def _last_events(self, state: S) -> list[Event]:
        """The events of the last action, shown in every view (none if the game keeps none)."""
        return []

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def _dump(self, state: S) -> dict[str, Any]:
        raise NotImplementedError

    def _load(self, data: dict[str, Any]) -> S:
        """Rebuild a state, checking its invariants (``engines.load_checks.LoadCheck`` has the checks
        every game makes); raise ``BadState`` on bad data."""
        raise NotImplementedError

    def players(self, state: S) -> int:
        """Number of seats."""
        raise NotImplementedError

    def scores_now(self, state: S) -> list[float]:
        """Each seat's score as the game stands now, in the units of ``Outcome.scores``: what is
        recorded when a game ends early (every other player resigned). Games override it; the
        default is zero for everyone."""
        return [0.0] * self.players(state)

    def scores_shown(self, state: S) -> list[float]:
        """Each seat's score as the table page and the board show it while the game runs.
        Default: ``scores_now``; a game whose points are given only at a round's end shows the
        rounds played (a score that is merely provisional is no score to show)."""
        return self.scores_now(state)

    def is_live(self, state: S) -> bool:
        """Whether seats are playing at the same time now (the bot then keeps one board message
        refreshed instead of posting a picture per action). Games with a live mode override it so
        that a phase stays live even while only one seat happens to be able to act."""
        return self.simultaneous and len(self.to_move(state)) > 1

    def deadline(self, state: S) -> Deadline:
        """Who a deadline waits for now (see ``Deadline``). By default every seat that may act owes a
        move; games with a live phase say so with ``lull=True`` and implement ``timeout``."""
        return Deadline(frozenset(self.to_move(state)))

    def timeout(self, state: S) -> tuple[S, list[Event]]:
        """The live phase's own action when its lull passes (Duvelen: the round ends)."""
        raise IllegalAction("This game has no lull ending.", "no-timeout")

    def restarts_lull(self, action: str, events: list[Event]) -> bool:
        """Whether an action counts as progress, so the lull starts again."""
        return True

    def lost_race(self, state: S, seat: int, action: str) -> bool:
        """Whether a refused action lost a race (another seat got there first) rather than being
        a mistake; the player is then told "too late"."""
        return False

    def explain_illegal(self, state: S, seat: int, action: str) -> GameError | None:
        """Why a well-formed action is not legal now, as an error whose message and message id
        say so; None for the generic "not a legal move now"."""
        return None

    def offered_actions(self, state: S, seat: int) -> list[str]:
        """The legal actions offered as ``seat``'s choices (Discord's buttons, the page's moves):
        one per distinct effect, the first of actions that change the game alike. Every legal
        action stays playable (typed, tapped, replayed). Default: all of them."""
        return self.legal_actions(state, seat)

    def asks_confirmation(self, action: str) -> bool:
        """Whether a button for ``action`` asks "are you sure?" first (it ends something for
        good, one press away from an ordinary move). Default: never."""
        return False

    def forced_action(self, state: S, seat: int) -> str | None:
        """The action ``seat`` would have to press although it decides nothing (the table plays it
        for them, ``table.autoplay``), or None. Default: the only legal action, outside live
        phases (where when to act is the decision). An override may say None more often, never
        pick among several actions: a game's own take-back (an ``undo`` action) is one of them,
        and playing the step after it would end the turn the person may still take back (the
        table's own take-back, ``takeback_allowed``, is checked by the table)."""
        if self.is_live(state):
            return None
        legal = self.legal_actions(state, seat)
        return legal[0] if len(legal) == 1 else None

    def takeback_allowed(self, before: S, after: S, seat: int, action: str, events: list[Event]) -> bool:
        """Whether ``seat`` may take back ``action``, which turned ``before`` into ``after`` (the
        table asks only while it is still that seat's turn and no other seat acted since). Board
        Game Arena's undo policy: only if the action revealed nothing hidden and nothing random
        happened. Default: never."""
        return False

    # ---- shared ---------------------------------------------------------------------------
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (``None``: a spectator, who sees no private part): the game's
        public part plus the shared ``ViewEnvelope``. JSON-able."""
        public = dict(self._public_view(state))
        clash = ENVELOPE_KEYS & public.keys()
        if clash:
            raise TypeError(f"{self.name}'s public view may not set the envelope's keys {sorted(clash)}")
        envelope: ViewEnvelope[Mapping[str, object]] = {
            "viewer": seat,
            "to_move": sorted(self.to_move(state)),
            "over": self.outcome(state) is not None,
            "last": [dict(event) for event in self._last_events(state)],
            "private": None if seat is None else self._private_view(state, seat),
        }
        return cast(V, {**public, **envelope})

    def check_syntax(self, action: str) -> None:
        if (
            not isinstance(action, str)
            or not action
            or len(action) > MAX_ACTION_LEN
            or not ACTION_ALPHABET.match(action)
        ):
            # Whatever was typed is quoted back only in part (Discord answers are short).
            shown = str(action)[:40] + ("…" if len(str(action)) > 40 else "")
            raise BadAction(f"'{shown}' is not a move in this game.", "bad-action", action=shown)

    def apply(self, state: S, seat: int, action: str) -> tuple[S, list[Event]]:
        try:
            return self._checked_apply(state, seat, action)
        except GameError as error:
            error.game = self.name  # the answer uses this game's own wording
            raise

    def _checked_apply(self, state: S, seat: int, action: str) -> tuple[S, list[Event]]:
        if self.outcome(state) is not None:
            raise GameOver("The game is over.", "game-over")
        if seat not in self.to_move(state):
            raise NotYourTurn("It is not your turn.", "not-your-turn")
        self.check_syntax(action)
        if action not in self.legal_actions(state, seat):
            raise self.explain_illegal(state, seat, action) or IllegalAction(
                f"'{action}' is not a legal move now.", "illegal", action=action
            )
        return self._apply(state, seat, action)

    def dump(self, state: S) -> dict[str, Any]:
        data = self._dump(state)
        return {"game": self.name, "v": self.dump_version, **data}

    def load(self, data: dict[str, Any] | None) -> S:
        """Rebuild a stored state; anything else (None, damaged data) is refused with ``BadState``."""
        if not isinstance(data, dict) or data.get("game") != self.name:
            raise BadState(f"Stored data is not a {self.name} game.", "bad-state")
        if data.get("v") != self.dump_version:
            raise BadState(
                f"Stored {self.name} game has format version {data.get('v')}, expected {self.dump_version}.",
                "bad-state",
            )
        body = {k: v for k, v in data.items() if k not in ("game", "v")}
        try:
            return self._load(copy.deepcopy(body))
        except BadState:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise BadState(f"Stored {self.name} game is damaged: {exc!r}", "bad-state") from exc

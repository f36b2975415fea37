"""The ``normal`` computer player for Devil Take The Hindmost (and ``easy``, its scoring with
mistakes; also the play-out policy of ``engines.hindmost_hard``).

It scores every legal play for the rider to move by how likely that rider (and, a little, the
seat's other riders) is to be the hindmost when the lap ends, against what the spent cards would
have been worth later. The chance is a normal approximation: each rider still has a few moves left in the lap (fewer as the leader nears
the line, just one once the line is crossed), each adding about ``MEAN_MOVE`` spaces with spread
``SPREAD``. Far from the end of a lap the spread swamps any gain, so cheap cards go to the rider;
near the end a rider at the back gets the high cards, and a Joker Sprint if nothing else saves it.
In the final sprint "last" means losing the race, so the same reasoning applies. It reads only the
seat's view and the legal plays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

from engines.budget import Budget, scored_within
from engines.hindmost import (
    FINISH,
    JOKER,
    LANES,
    HindmostState,
    card_value,
    label_of,
    movement,
)
from engines.levels import human_pick
from engines.rng import Rng

# Plays scored per decision (``engines.budget``): one look at each legal play, and a hand never has
# more than a few dozen, each a few microseconds; so it never binds and only bounds the unforeseen.
WORK_BUDGET = 1000
# ``easy``: it may take a play scoring up to this much below the best (card values, ~spaces).
EASY_MARGIN = 12.0
MEAN_MOVE = 4.7  # average movement of a random card from a two-deck pack
# Worth of holding a card for later; number cards are mostly 3-space cards, higher ones match better.
FACE_WORTH = {"A": 9.0, "K": 8.0, "Q": 7.0, "J": 6.0, JOKER: 7.5}


class Weights(NamedTuple):
    """The one-move scoring's weights (``_score``): the normal player's, and hard's own at 3+ players."""

    # What ending a lap last costs, in the unit of card values (roughly spaces of future movement).
    elimination_cost: float
    team_weight: float  # how much the danger of the seat's other riders counts against a play
    thrift_weight: float  # good cards are worth more while another rider of the seat is in danger
    # A joker combination costs a card for the rest of the race: fewer choices every later move.
    hand_size_worth: float
    match_bonus: float  # per space gained by landing where a held number card will match
    front_speed: float  # the leader of a lap tends to play its best cards, so the line nears faster
    spread: float  # the standard deviation of a card's movement (``MEAN_MOVE``)
    progress: float  # per space: among equally safe plays progress keeps options open later in the lap


# The normal player. Its elimination cost is high because a rider kept in the race earns points
# every later lap and gives the hand more choice; it was tuned in play against a player that always
# makes the longest move, at two players.
NORMAL_WEIGHTS = Weights(
    elimination_cost=60.0,
    team_weight=0.2,
    thrift_weight=1.5,
    hand_size_worth=4.0,
    match_bonus=0.35,
    front_speed=7.0,
    spread=2.4,
    progress=0.02,
)


@dataclass(frozen=True, slots=True)
class _Rider:
    seat: int
    num: int
    d: int
    moved: bool


def card_worth(card: str) -> float:
    if card in FACE_WORTH:
        return FACE_WORTH[card]
    if card[0] in FACE_WORTH:
        return FACE_WORTH[card[0]]
    return 3.0 + 0.2 * (card_value(card) - 3)


_SQRT2 = math.sqrt(2.0)


class Position:
    """The race as the seat sees it, with the rider to move taken off the track."""

    def __init__(self, view: dict[str, Any], weights: Weights = NORMAL_WEIGHTS) -> None:
        cur = view["current"]
        riders = [_Rider(r["seat"], r["num"], r["d"], r["moved"]) for r in view["riders"] if not r["out"]]
        self._setup(
            riders,
            cur["seat"],
            cur["num"],
            bool(view["finish_crossed"]),
            list((view.get("private") or {}).get("hand", [])),
            max(0, view["laps"] - view["lap"]) + (view["races"] - view["race"]) * view["laps"],
            weights,
        )

    @classmethod
    def of_world(cls, state: HindmostState, weights: Weights = NORMAL_WEIGHTS) -> Position:
        """The same position read straight from a sampled world (``hard``'s play-outs), for the seat
        of the rider to move: exactly what ``Position(ENGINE.view(state, seat))`` holds, without
        building the whole view (which cost a fifth of a play-out)."""
        pos = cls.__new__(cls)
        per = state.riders
        cur = state.turn[state.turn_pos]
        riders = [
            _Rider(rid // per, rid % per + 1, state.d[rid], state.moved[rid])
            for rid in range(state.total)
            if not state.out[rid]
        ]
        races: int = state.options["races"]
        laps = state.laps
        pos._setup(
            riders,
            cur // per,
            cur % per + 1,
            state.finish_crossed(),
            state.hands[cur // per],
            max(0, laps - state.lap) + (races - state.race) * laps,
            weights,
        )
        return pos

    def _setup(
        self, riders: list[_Rider], seat: int, num: int, crossed: bool, hand: list[str], laps_left: int, w: Weights
    ) -> None:
        self.w = w
        self.me = next(r for r in riders if r.seat == seat and r.num == num)
        self.others = [r for r in riders if r is not self.me]
        self.seat = seat
        self.crossed = crossed
        self.hand = hand
        self.hand_size_worth = 1.0 + w.hand_size_worth * min(1.0, laps_left / 4)
        self._dangers: dict[int, tuple[float, float, float]] = {}

    def dangers(self, my_d: int) -> tuple[float, float, float]:
        """(turns left, the seat's other riders' danger, the mover's danger) with the mover landed on
        ``my_d``. Kept per landing space: most number cards move 3, so several plays land alike."""
        known = self._dangers.get(my_d)
        if known is None:
            turns = self.future_turns(my_d)
            known = self._dangers[my_d] = (turns, self.teammates_danger(my_d, turns), self.mover_danger(my_d, turns))
        return known

    def landing(self, spaces: int) -> int:
        target = self.me.d + spaces
        while sum(1 for r in self.others if r.d == target) >= LANES:
            target -= 1
        return target

    def future_turns(self, my_d: int) -> float:
        """Whole turns after this one before the lap ends (0: this turn is the last)."""
        if self.crossed:
            return 0.0
        speed = self.w.front_speed
        lead = max([my_d] + [r.d + (0 if r.moved else speed) for r in self.others])
        return max(0.0, math.ceil((FINISH - lead) / speed))

    def moves_left(self, rider: _Rider, turns: float) -> float:
        return turns + (0 if rider.moved else 1)

    def mover_danger(self, my_d: int, turns: float) -> float:
        """How likely the rider to move, landed on ``my_d``, ends the lap last."""
        rivals = [(r.d, self.moves_left(r, turns)) for r in self.others]
        return _last_chance(my_d, turns, rivals, self.w.spread)

    def teammates_danger(self, my_d: int, turns: float) -> float:
        """How likely one of the seat's other riders ends last. Only one rider can be last, so the
        chances add up. A play that ends the lap sooner leaves a rider at the back fewer moves."""
        total = 0.0
        for mate in self.others:
            if mate.seat != self.seat:
                continue
            rivals = [(r.d, self.moves_left(r, turns)) for r in self.others if r is not mate]
            rivals.append((my_d, turns))
            total += _last_chance(mate.d, self.moves_left(mate, turns), rivals, self.w.spread)
        return min(1.0, total)


def _last_chance(d: int, moves: float, rivals: list[tuple[int, float]], spread_per_move: float) -> float:
    """Probability that a rider on ``d`` with ``moves`` left ends behind every rival (d, moves left).
    On a tie the rival counts as ahead: the later arrival takes the outer lane."""
    chance = 1.0
    own = moves * MEAN_MOVE
    erf, sqrt = math.erf, math.sqrt
    for rival_d, rival_moves in rivals:
        gap = rival_d + rival_moves * MEAN_MOVE - d - own
        spread = spread_per_move * sqrt(rival_moves + moves)
        if spread == 0:
            chance *= 1.0 if gap >= 0 else 0.0
        else:
            chance *= 0.5 * (1.0 + erf((gap + 0.5) / spread / _SQRT2))  # the normal CDF, inlined: the hot loop
    return chance


def _score(pos: Position, action: str) -> float:
    cards = action.split("+")
    spaces = movement(cards, label_of(pos.me.d))
    my_d = pos.landing(spaces)
    turns, mates_danger, mover_danger = pos.dangers(my_d)
    w = pos.w
    danger = mover_danger + w.team_weight * mates_danger
    remaining = list(pos.hand)
    for card in cards:
        remaining.remove(card)
    # Good cards are worth more while another rider of the seat may still need them.
    thrift = 1.0 + w.thrift_weight * mates_danger
    spent = sum(card_worth(card) for card in cards) * thrift
    if len(cards) == 2:
        spent += pos.hand_size_worth
    score = -w.elimination_cost * danger - spent + _match_bonus(my_d, remaining, turns, w.match_bonus)
    return score + w.progress * (my_d - pos.me.d)


def _match_bonus(my_d: int, remaining: list[str], turns: float, per_space: float) -> float:
    """Landing on a label that a held number card matches makes that card a long move next time."""
    if turns <= 0:
        return 0.0
    label = label_of(my_d)
    best = 0
    for card in remaining:
        if card != JOKER and card[0] in "456789T" and card_value(card) == label:
            best = max(best, label - 3)
    return per_space * best


def ranked(
    view: dict[str, Any], legal: list[str], budget: Budget, weights: Weights = NORMAL_WEIGHTS
) -> list[tuple[float, str]]:
    """(score, play) for the legal plays, by the one-move evaluation (higher is better); the normal
    player's with its own weights."""
    pos = Position(view, weights)
    return scored_within(legal, lambda action: _score(pos, action), budget)


def nothing_to_decide(view: dict[str, Any], legal: list[str]) -> bool:
    """One play only, or no rider to move: every level just takes the first legal action."""
    return len(legal) == 1 or view.get("current") is None


def choose_normal(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """The play for the rider to move: the best by the one-move scoring, a tie broken by the seed."""
    if nothing_to_decide(view, legal):
        return legal[0]
    return best_of(ranked(view, legal, budget), seed)


def choose_easy(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """A play within ``EASY_MARGIN`` of the best, as a casual person picks (``engines.levels``)."""
    if nothing_to_decide(view, legal):
        return legal[0]
    return human_pick(ranked(view, legal, budget), Rng(seed), margin=EASY_MARGIN)


def best_of(scored: list[tuple[float, str]], seed: int) -> str:
    """The normal player's pick: the best score, a tie broken by the seed."""
    best = max(score for score, _ in scored)
    top = [action for score, action in scored if score >= best - 1e-9]
    return top[0] if len(top) == 1 else top[Rng(seed).below(len(top))]


def playout_choice(state: HindmostState, legal: list[str], seed: int, weights: Weights = NORMAL_WEIGHTS) -> str:
    """The normal player's play for the rider to move in a sampled world (``choose_normal``,
    with ``weights`` its scoring's)."""
    if len(legal) == 1:
        return legal[0]
    pos = Position.of_world(state, weights)
    return best_of([(_score(pos, action), action) for action in legal], seed)

"""How Ruck!'s ``normal`` computer player (and ``easy``, its evaluation with mistakes; the hard
player's play-out policy): decides from the seat's view and its legal actions only.

Forming the teams: keep the card of the pair worth more to a player, give the other away, and call
Stop the moment it is allowed (the table flow decides how fast the splits arrive).

The tug: a one-move look-ahead on the public board. Every legal action is carried out on a copy of
the board and the result is scored by
- the round won or lost outright;
- the barrel's position (each field toward the own goal counts);
- the strength difference on the board, i.e. the pull of the next comparison. A lead counts for
  more when the own hand holds triggers (labelled cards, How Ruck, De zwakste wint) to cash it; a
  deficit counts heavily because the opponent will trigger a comparison when it pays them;
- near the end of the round (few cards left) the half the barrel stands on;
- what the card played could still have done later (action cards are kept for their moment).
Covering the opponent's best field and strengthening one's own thus compete on the same scale.
Ties are broken with ``Rng(seed)``, so the choice is deterministic for a seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from engines.budget import Budget, scored_within
from engines.howruck import FIELDS, GOAL, SIDES, START, barrel_after, half_of, side_strength
from engines.howruck_cards import BY_CODE, CARDS, Card, card
from engines.levels import human_pick
from engines.rng import Rng

# Actions tried and scored per decision (``engines.budget``): a one-move look-ahead over a few
# dozen actions at most, tens of microseconds each; it never binds and only bounds the unforeseen.
WORK_BUDGET = 1000
# ``easy`` (``engines.levels``): an action scoring up to this much below the best may be played, and
# while forming teams a close pair (worths this near) may be split the wrong way round.
EASY_MARGIN = 15.0
EASY_FORMING_MARGIN = 1.0

WIN = 1000.0
FIELD_WORTH = 10.0
LEAD_WORTH = 2.0
LEAD_WORTH_PER_TRIGGER = 1.5
DEFICIT_WORTH = 5.0
HALF_WORTH = 30.0
STEAL_WORTH = 9.0
REINFORCE_WORTH_PER_CARD = 2.5

# What an action card in hand is still worth (in the units above) when it is not used now.
ACTION_KEEP_WORTH = {
    "AD": 17.0,
    "VT": 5.0,
    "HR": 6.0,
    "MM": 3.0,
    "ZW": 6.0,
    "TB": 6.0,
    "WK": 6.0,
    "TZ": 4.0,
    "MO": 5.0,
    "VS": 3.0,
}
# The same, for choosing which card to keep while forming the teams (a card's usefulness).
ACTION_FORMING_WORTH = {
    "AD": 3.5,
    "VT": 1.5,
    "HR": 2.0,
    "MM": 1.0,
    "ZW": 2.0,
    "TB": 1.5,
    "WK": 2.5,
    "TZ": 1.5,
    "MO": 1.0,
    "VS": 1.5,
}


NESSIE = "N6"
T = TypeVar("T")


def _is_trigger(c: Card) -> bool:
    return bool(c.howruck or c.action in ("HR", "ZW"))


def _by_code_and_id(fact: Callable[[Card], T]) -> dict[str | int, T]:
    """``fact`` of every card, by id and by code (as ``card`` takes them)."""
    return {**{i: fact(c) for i, c in enumerate(CARDS)}, **{k: fact(c) for k, c in BY_CODE.items()}}


# A card's value and whether it triggers a comparison, looked up in one step: the hard player's
# play-outs score half a million boards per 60 decisions, and going through ``card`` for every top
# card and hand card took about a fifth of their time.
value_of: Callable[[str | int], int] = _by_code_and_id(lambda c: c.value).__getitem__
is_trigger: Callable[[str | int], bool] = _by_code_and_id(_is_trigger).__getitem__


def forming_worth(code: str) -> float:
    """How much a card helps its owner. Very low cards are weapons too: laid on the opponent's
    side they push a strong field below the printed 2."""
    c = card(code)
    if not c.is_scot:
        return ACTION_FORMING_WORTH[cast(str, c.action)]  # not a Scot: an action card
    worth = abs(c.value - 1.5)
    if c.is_white:
        worth += 0.5  # goes on any field
    if c.howruck:
        worth += 1.0  # the owner picks the moment of a comparison
    return worth


@dataclass
class Board:
    """The public position plus the mover's hand: all the computer player may know."""

    seat: int
    barrel: int
    fields: dict[str, list[str]]
    hand: list[str]
    opponent_hand: int
    cards_left: int  # in both hands and both draw piles
    winner: int | None = None
    pending: str | None = None
    nessie_gone: bool = False  # discarded, or ours: Monsterlijk can no longer hit
    nessie_given: bool = False  # we gave Nessie to the opponent's team while forming
    gained: float = 0.0  # worth of effects the board alone does not show (reinforcements, a steal)
    spent: list[str] = field(default_factory=list)

    def copy(self) -> Board:
        return Board(
            seat=self.seat,
            barrel=self.barrel,
            fields={f: list(stack) for f, stack in self.fields.items()},
            hand=list(self.hand),
            opponent_hand=self.opponent_hand,
            cards_left=self.cards_left,
            winner=self.winner,
            pending=self.pending,
            nessie_gone=self.nessie_gone,
            nessie_given=self.nessie_given,
            gained=self.gained,
            spent=list(self.spent),
        )

    def strength(self, seat: int) -> int:
        return side_strength(self.fields, SIDES[seat], value_of)

    def pull(self, toward: int, steps: int) -> None:
        self.barrel = barrel_after(self.barrel, toward, steps)
        if self.barrel == GOAL[toward]:
            self.winner = toward

    def compare(self, weakest: bool) -> None:
        mine, theirs = self.strength(self.seat), self.strength(1 - self.seat)
        if mine == theirs:
            return
        stronger = self.seat if mine > theirs else 1 - self.seat
        self.pull(1 - stronger if weakest else stronger, abs(mine - theirs))


def board_from_view(view: dict[str, Any]) -> Board:
    tug = view["tug"]
    seat = view["viewer"]
    return Board(
        seat=seat,
        barrel=tug["barrel"],
        fields={f: list(stack) for f, stack in tug["fields"].items()},
        hand=list(view["private"]["hand"]),
        opponent_hand=tug["hands"][1 - seat],
        cards_left=sum(tug["hands"]) + sum(tug["piles"]),
        pending=tug["pending"]["card"] if tug["pending"] else None,
        nessie_gone=NESSIE in tug["discard"],
        nessie_given=NESSIE in view["private"]["given"],
    )


# ---- carrying out an action on the board model ---------------------------------------------------


def play(board: Board, action: str) -> Board:
    after = board.copy()
    code, _, choice = action.partition(":")
    if after.pending == code:
        after.pending = None
    else:
        after.hand.remove(code)
    after.spent.append(code)
    c = card(code)
    if c.is_scot:
        after.fields[choice].append(code)
        if c.howruck:
            after.compare(weakest=False)
    elif choice != "x":
        _carry_out(after, cast(str, c.action), choice)
    return after


def _carry_out(board: Board, action: str, choice: str) -> None:
    seat = board.seat
    if action == "AD":
        board.pull(seat, 2)
    elif action in ("HR", "ZW"):
        board.compare(weakest=action == "ZW")
    elif action == "TB":
        board.barrel = START[seat]
    elif action == "MM":
        _discard_tops(board, lambda code: card(code).kind == "dame")
    elif action == "TZ":
        _discard_tops(board, lambda code: card(code).value == int(choice))
    elif action == "WK":
        source, target = choice.split("-")
        board.fields[target].append(board.fields[source].pop())
    elif action == "MO":
        opponent_side = SIDES[1 - seat]
        if any(
            stack and card(stack[-1]).kind == "nessie" for f, stack in board.fields.items() if f[0] == opponent_side
        ):
            board.winner = seat
    elif action == "VS":
        board.gained += REINFORCE_WORTH_PER_CARD * 3
    elif action == "VT":
        board.gained += STEAL_WORTH


def _discard_tops(board: Board, doomed: Callable[[str], bool]) -> None:
    for f in FIELDS:
        stack = board.fields[f]
        if stack and doomed(stack[-1]):
            stack.pop()


# ---- scoring ------------------------------------------------------------------------------------


def keep_worth(code: str, board: Board) -> float:
    """What a card could still do later, were it not played now."""
    c = card(code)
    if c.is_scot:
        return 1.0 + (1.5 if c.howruck else 0.0)
    if c.action == "MO":
        return _monster_worth(board)
    return ACTION_KEEP_WORTH[cast(str, c.action)]


def _monster_worth(board: Board) -> float:
    """Monsterlijk is worth keeping only while Nessie may still show up on the opponent's side."""
    own_side = SIDES[board.seat]
    ours = NESSIE in board.hand or any(NESSIE in stack for f, stack in board.fields.items() if f[0] == own_side)
    if board.nessie_gone or ours:
        return 0.5
    return ACTION_KEEP_WORTH["MO"] * (2.0 if board.nessie_given else 1.0)


def score(board: Board, after: Board) -> float:
    me = board.seat
    if after.winner is not None:
        return WIN if after.winner == me else -WIN
    value = _barrel_worth(after.barrel, me)
    lead = after.strength(me) - after.strength(1 - me)
    triggers = sum(map(is_trigger, after.hand))
    if lead >= 0:
        value += lead * (LEAD_WORTH + LEAD_WORTH_PER_TRIGGER * min(triggers, 2))
    else:
        value += lead * DEFICIT_WORTH
    ending = 1.0 / (1.0 + after.cards_left / 4.0)
    value += HALF_WORTH * ending * (1 if half_of(after.barrel) == me else -1)
    value += after.gained
    value -= sum(keep_worth(code, board) for code in after.spent)
    return value


def _barrel_worth(barrel: int, me: int) -> float:
    """Fields travelled from the opponent's goal toward mine, times the worth of a field."""
    travelled = GOAL[1] - barrel if me == 0 else barrel - GOAL[0]
    return travelled * FIELD_WORTH


# ---- choosing ------------------------------------------------------------------------------------


def choose_normal(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """The normal player's action (also the play-out policy of ``engines.howruck_hard``)."""
    rng = Rng(seed)
    if view["phase"] == "forming":
        return _choose_split(view, legal)
    return normal_pick(board_from_view(view), legal, rng, budget)


def choose_easy(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """The normal player's ranking with a casual person's mistakes (``engines.levels.human_pick``)."""
    rng = Rng(seed)
    if view["phase"] == "forming":
        return _choose_split(view, legal, rng)
    return human_pick(ranked(view, legal, rng, budget), rng, margin=EASY_MARGIN)


def normal_pick(board: Board, legal: list[str], rng: Rng, budget: Budget) -> str:
    """The normal player's action in the tug: the best score, a tie broken by ``rng``."""
    scored = ranked_on(board, legal, rng, budget)
    best = max(value for value, _ in scored)
    top = [action for value, action in scored if value >= best - 1e-9]
    return top[rng.below(len(top))]


def ranked(view: dict[str, Any], legal: list[str], rng: Rng, budget: Budget) -> list[tuple[float, str]]:
    """(score, action) by the normal player's one-move look-ahead, higher better (the tug)."""
    return ranked_on(board_from_view(view), legal, rng, budget)


def ranked_on(board: Board, legal: list[str], rng: Rng, budget: Budget) -> list[tuple[float, str]]:
    """``ranked`` on a board already built (from a view, or straight from a sampled world)."""
    steals = [a for a in legal if a.startswith("VT:") and a != "VT:x"]
    candidates = [a for a in legal if a not in steals]
    if steals:
        # The victim's hand order says nothing useful to us: any position is as good.
        candidates.append(steals[rng.below(len(steals))])
    return scored_within(candidates, lambda action: score(board, play(board, action)), budget)


def _choose_split(view: dict[str, Any], legal: list[str], careless: Rng | None = None) -> str:
    if "stop" in legal:
        return "stop"
    private = view["private"]
    pair = private["rest_pair"] if legal[0].startswith("rest:") else private["pair"]
    first, second = (forming_worth(code) for code in pair)
    wanted = ":a" if first >= second else ":b"
    if careless is not None and abs(first - second) <= EASY_FORMING_MARGIN and careless.below(100) < 35:
        wanted = ":b" if wanted == ":a" else ":a"  # easy: a close call made the other way
    return next((action for action in legal if action.endswith(wanted)), legal[0])

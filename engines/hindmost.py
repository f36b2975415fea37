"""Devil Take The Hindmost: an elimination race of cyclists moved by playing cards.

The specification is ``shared/rules/hindmost.md``. Positions are an integer distance ``d`` that only
grows during a lap (``label_of`` gives the printed space label), so "ahead" is simply "larger d".
Riders are numbered internally by ``rid = seat * riders + (num - 1)``; views and events use
``(seat, num)``.

``_apply`` clones the state once (flat lists, cheap) and then edits the clone in place: the input is
never touched, and the engine stays fast enough for the bot's benchmark and the playout tests.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict

from engines.base import Engine, Event, Outcome, ViewEnvelope, placements_from_keys
from engines.errors import BadOption, GameError, IllegalAction
from engines.load_checks import LoadCheck
from engines.rng import Rng

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER = "JK"
# Two standard decks, each with two jokers.
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS) * 2 + (JOKER,) * 4
VALID_CARDS = frozenset(DECK)
# Hands are kept sorted by rank (Ace low, jokers last) so a player sees them in a natural order.
CARD_ORDER: dict[str, int] = {JOKER: 999} | {
    rank + suit: RANKS.index(rank) * 4 + SUITS.index(suit) for rank in RANKS for suit in SUITS
}

TEAM_SIZES: dict[int, tuple[int, ...]] = {2: (3, 4), 3: (3, 4), 4: (2, 3), 5: (2, 3), 6: (2,)}
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MIN_RACES, MAX_RACES = 1, 5
LANES = 4
FINISH = 30
HAND_SIZE = 5
# After a joker combination (two cards out, one drawn) the hand must still hold this many cards.
MIN_KEPT_AFTER_COMBO = 2
JOKER_MOVE = 5
FACE_MOVES = {"J": 6, "Q": 7, "K": 8}
PLAIN_MOVE = 3
ACE_MOVE, ACE_ON_ONE = 10, 1
# The furthest a rider can get: from d = 29 with a Joker Sprint of 15 (joker + ace, or joker + 10 on a 10).
MAX_D = FINISH - 1 + 15

OPTION_KEYS = ("riders", "races", "own_decks", "betting")


# ---- pure helpers shared with the renderer and the computer player ------------------------------
def label_of(d: int) -> int:
    """The printed label (1..10) of the space at distance ``d``; d = 0 is the starred 10."""
    return (d - 1) % 10 + 1


def space_of(d: int) -> int:
    """The number (1..30) of the space at distance ``d`` round the track, so texts and the picture
    name every space once; its label is the number's last digit (30, 10 and 20 are labelled 10)."""
    return (d - 1) % FINISH + 1


def card_value(card: str) -> int:
    """The face value of a plain card (2..10), used to match the label of a space."""
    rank = card[0]
    return 10 if rank == "T" else int(rank)


def card_movement(card: str, label: int) -> int:
    """Spaces one card moves a rider standing on a space labelled ``label``."""
    if card not in VALID_CARDS:
        raise ValueError(f"not a card: {card!r}")
    if card == JOKER:
        return JOKER_MOVE
    rank = card[0]
    if rank == "A":
        return ACE_ON_ONE if label == 1 else ACE_MOVE
    if rank in FACE_MOVES:
        return FACE_MOVES[rank]
    value = card_value(card)
    return value if value == label else PLAIN_MOVE


def movement(cards: list[str], label: int) -> int:
    """Spaces a play moves from a space labelled ``label``: one card, a Joker Sprint or two jokers."""
    if len(cards) == 1:
        return card_movement(cards[0], label)
    if len(cards) == 2 and JOKER in cards:
        # Joker Sprint: the other card's movement plus 5 (two jokers: 5 + 5).
        return sum(card_movement(card, label) for card in cards)
    raise ValueError(f"not a play: {cards!r}")


# card -> movement by label (index 1..10), so listing the legal plays is a few lookups.
_MOVES: dict[str, tuple[int, ...]] = {
    card: (0, *(card_movement(card, label) for label in range(1, 11))) for card in VALID_CARDS
}


def team_sizes(players: int) -> tuple[int, ...]:
    """The riders-per-player choices the rulebook's table allows for this player count."""
    return TEAM_SIZES[players]


def race_points_for(riders_total: int) -> list[int]:
    """Points by finishing position from the first eliminated to the winner (1, 2, 3, 4, 6, 9 for 6)."""
    n = riders_total
    return [*range(1, n - 1), n, n + 3]


# ---- state ------------------------------------------------------------------------------------
@dataclass(slots=True)
class HindmostState:
    players: int
    options: dict[str, Any]
    rng: int
    race: int
    lap: int
    d: list[int]
    lane: list[int]
    out: list[bool]
    moved: list[bool]
    turn: list[int]  # rider ids in race order taken at the start of the turn
    turn_pos: int  # index in ``turn`` of the rider to move
    eliminated: list[int]  # rider ids in order of elimination this race; the k-th scored k points
    race_points: list[int]
    match_base: list[int]  # points of the finished races before this one
    race_wins: list[int]
    bank: list[int] | None
    pot: int
    hands: list[list[str]]
    piles: list[list[str]]  # one shared pile, or one per seat with own decks; the top is the end
    discards: list[list[str]]
    last: list[Event]
    over: bool

    @property
    def riders(self) -> int:
        riders: int = self.options["riders"]
        return riders

    @property
    def total(self) -> int:
        return self.players * self.riders

    @property
    def laps(self) -> int:
        return self.total - 1

    def clone(self) -> HindmostState:
        return HindmostState(
            players=self.players,
            options=self.options,  # never edited after the game starts
            rng=self.rng,
            race=self.race,
            lap=self.lap,
            d=self.d.copy(),
            lane=self.lane.copy(),
            out=self.out.copy(),
            moved=self.moved.copy(),
            turn=self.turn.copy(),
            turn_pos=self.turn_pos,
            eliminated=self.eliminated.copy(),
            race_points=self.race_points.copy(),
            match_base=self.match_base.copy(),
            race_wins=self.race_wins.copy(),
            bank=None if self.bank is None else self.bank.copy(),
            pot=self.pot,
            hands=[hand.copy() for hand in self.hands],
            piles=[pile.copy() for pile in self.piles],
            discards=[pile.copy() for pile in self.discards],
            last=self.last,  # replaced, never edited
            over=self.over,
        )

    # ---- derived facts -----------------------------------------------------------------------
    def seat_of(self, rid: int) -> int:
        return rid // self.riders

    def num_of(self, rid: int) -> int:
        return rid % self.riders + 1

    def in_race(self) -> list[int]:
        return [rid for rid, gone in enumerate(self.out) if not gone]

    def race_order(self) -> list[int]:
        """Riders still in the race, leader first: greater d first, then inside lane first."""
        d, lane = self.d, self.lane
        return sorted(self.in_race(), key=lambda rid: (-d[rid], lane[rid]))

    def occupancy(self, space: int, ignore: int = -1) -> int:
        d, out = self.d, self.out
        return sum(1 for rid in range(len(d)) if d[rid] == space and not out[rid] and rid != ignore)

    def finish_crossed(self) -> bool:
        if self.over or max(self.d) < FINISH:  # the quick answer for almost every state
            return False
        return any(d >= FINISH for d, gone in zip(self.d, self.out, strict=True) if not gone)

    def current(self) -> int | None:
        return None if self.over else self.turn[self.turn_pos]

    def pile_index(self, seat: int) -> int:
        return seat if self.options["own_decks"] else 0

    def riders_left(self, seat: int) -> int:
        first = seat * self.riders
        return sum(1 for gone in self.out[first : first + self.riders] if not gone)


def _sort_hand(hand: list[str]) -> list[str]:
    return sorted(hand, key=CARD_ORDER.__getitem__)


# ---- the view ---------------------------------------------------------------------------------
class HindmostRider(TypedDict):
    seat: int
    num: int  # 1-based rider number within the seat
    d: int  # distance ridden
    lane: int
    out: bool
    moved: bool


class HindmostPublic(TypedDict):
    game: str
    players: int
    options: dict[str, Any]
    race: int
    races: int
    lap: int
    laps: int
    final_sprint: bool
    finish_crossed: bool
    riders: list[HindmostRider]
    current: dict[str, int] | None  # {"seat", "num"} of the rider to move
    order: list[list[int]]  # [seat, num] front to back
    eliminated: list[list[int]]  # [seat, num, k]: the k-th rider out
    race_points: list[int]
    match_points: list[int]
    race_wins: list[int]
    bank: list[int] | None
    pot: int
    hand_sizes: list[int]
    draw_pile: int  # cards in all draw piles together
    discards: int  # cards on all discard piles together


class HindmostPrivate(TypedDict):
    hand: list[str]  # card codes, sorted
    draw_pile: int  # cards left in the viewer's own draw pile (the shared one without own decks)
    discards: int  # cards on the viewer's own discard pile
    # What each legal play of the viewer would do (from their own hand): rider number, label now,
    # label aimed at, where it really lands, spaces really moved, spaces lost to full ones, whether
    # it crosses the line. Empty when it is not the viewer's turn.
    plays: dict[str, dict[str, Any]]


class HindmostView(HindmostPublic, ViewEnvelope[HindmostPrivate]):
    pass


# ---- the engine -------------------------------------------------------------------------------
class HindmostEngine(Engine[HindmostState, "HindmostView"]):
    name: ClassVar[str] = "hindmost"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    simultaneous: ClassVar[bool] = False

    # ---- options ------------------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Defaults filled in and values checked. ``riders`` stays None ("the table's lower value")
        until ``new_game`` knows the player count."""
        options = dict(options or {})
        unknown = sorted(set(options) - set(OPTION_KEYS))
        if unknown:
            raise BadOption(
                f"Unknown option(s) for Devil Take The Hindmost: {', '.join(unknown)}.",
                "bad-option",
                option=", ".join(unknown),
            )
        riders = options.get("riders")
        if riders is not None:
            riders = _as_int(riders, "riders")
            if not 2 <= riders <= 4:
                raise BadOption(
                    f"Riders per player must be 2, 3 or 4 (got {riders}).", "bad-riders", riders=riders, allowed="2/3/4"
                )
        races = _as_int(options.get("races", 1), "races")
        if not MIN_RACES <= races <= MAX_RACES:
            raise BadOption(
                f"A match has {MIN_RACES} to {MAX_RACES} races (got {races}).",
                "bad-races",
                races=races,
                low=MIN_RACES,
                high=MAX_RACES,
            )
        return {
            "riders": riders,
            "races": races,
            "own_decks": _as_bool(options.get("own_decks", False), "own_decks"),
            "betting": _as_bool(options.get("betting", False), "betting"),
        }

    def resolve_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Normalized options with ``riders`` checked against the rulebook's table for ``players``."""
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadOption(
                f"Devil Take The Hindmost is for {MIN_PLAYERS} to {MAX_PLAYERS} players (got {players}).",
                "bad-players",
                players=players,
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
            )
        opts = self.normalize_options(options or {})
        allowed = team_sizes(players)
        if opts["riders"] is None:
            opts["riders"] = allowed[0]
        if opts["riders"] not in allowed:
            choices = " or ".join(str(n) for n in allowed)
            raise BadOption(
                f"With {players} players each team has {choices} riders (got {opts['riders']}).",
                "bad-riders",
                riders=opts["riders"],
                allowed="/".join(str(n) for n in allowed),  # language-neutral for the translations
            )
        return opts

    # ---- setup --------------------------------------------------------------------------------
    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> tuple[HindmostState, list[Event]]:
        opts = self.resolve_options(players, options)
        total = players * opts["riders"]
        state = HindmostState(
            players=players,
            options=opts,
            rng=Rng(seed).state,
            race=1,
            lap=1,
            d=[0] * total,
            lane=[0] * total,
            out=[False] * total,
            moved=[False] * total,
            turn=[],
            turn_pos=0,
            eliminated=[],
            race_points=[0] * players,
            match_base=[0] * players,
            race_wins=[0] * players,
            bank=[0] * players if opts["betting"] else None,
            pot=0,
            hands=[[] for _ in range(players)],
            piles=[],
            discards=[],
            last=[],
            over=False,
        )
        self._start_race(state, [])
        return state, [dict(event) for event in state.last]

    def _start_race(self, s: HindmostState, events: list[Event]) -> None:
        rng = Rng(s.rng)
        team_order = list(range(s.players))
        rng.shuffle(team_order)
        s.lap = 1
        s.out = [False] * s.total
        s.eliminated = []
        s.race_points = [0] * s.players
        self._place_start_grid(s, team_order)
        self._deal(s, rng)
        s.rng = rng.state
        events.append({"type": "race-started", "race": s.race, "races": s.options["races"]})
        self._start_lap(s, events)

    def _place_start_grid(self, s: HindmostState, team_order: list[int]) -> None:
        """Row r (the r-th rider of every team) starts on d = -r in team order; a full row spills onto
        the first non-full space behind it, like a rider landing on a full space."""
        s.d = [FINISH * 10] * s.total  # parked far away until placed, so they do not count as occupants
        for row in range(s.riders):
            for seat in team_order:
                rid = seat * s.riders + row
                self._land(s, rid, -row)

    def _deal(self, s: HindmostState, rng: Rng) -> None:
        decks = s.players if s.options["own_decks"] else 1
        s.piles = []
        for _ in range(decks):
            pile = list(DECK)
            rng.shuffle(pile)
            s.piles.append(pile)
        s.discards = [[] for _ in range(decks)]
        hands: list[list[str]] = [[] for _ in range(s.players)]
        for _ in range(HAND_SIZE):
            for seat in range(s.players):
                hands[seat].append(s.piles[s.pile_index(seat)].pop())
        s.hands = [_sort_hand(hand) for hand in hands]

    def _start_lap(self, s: HindmostState, events: list[Event]) -> None:
        events.append({"type": "lap-started", "lap": s.lap, "laps": s.laps})
        if s.bank is not None:
            for seat in range(s.players):
                stake = s.riders_left(seat)
                s.bank[seat] -= stake
                s.pot += stake
            events.append({"type": "staked", "pot": s.pot})
        order = s.race_order()
        if len(order) == 2:
            a, b = order
            events.append(
                {
                    "type": "final-sprint",
                    "seat": s.seat_of(a),
                    "num": s.num_of(a),
                    "other_seat": s.seat_of(b),
                    "other_num": s.num_of(b),
                }
            )
        self._start_turn(s)

    def _start_turn(self, s: HindmostState) -> None:
        s.turn = s.race_order()
        s.turn_pos = 0
        s.moved = [False] * s.total

    # ---- queries ------------------------------------------------------------------------------
    def players(self, state: HindmostState) -> int:
        return state.players

    def to_move(self, state: HindmostState) -> frozenset[int]:
        rid = state.current()
        return frozenset() if rid is None else frozenset((state.seat_of(rid),))

    def legal_actions(self, state: HindmostState, seat: int) -> list[str]:
        """Every distinct play, longest move first (singles before combinations on a tie)."""
        rid = state.current()
        if rid is None or state.seat_of(rid) != seat:
            return []
        hand = state.hands[seat]
        label = label_of(state.d[rid])
        distinct = list(dict.fromkeys(hand))  # the hand is sorted, so these are too (jokers last)
        plays = [(-_MOVES[card][label], 0, index, card) for index, card in enumerate(distinct)]
        if distinct[-1] == JOKER and self._combo_allowed(state, seat):
            plays += [
                (-_MOVES[card][label] - JOKER_MOVE, 1, index, f"{JOKER}+{card}")
                for index, card in enumerate(distinct[:-1])
            ]
            if hand.count(JOKER) >= 2:
                plays.append((-2 * JOKER_MOVE, 1, len(distinct), f"{JOKER}+{JOKER}"))
        plays.sort()
        return [play[3] for play in plays]

    def offered_actions(self, state: HindmostState, seat: int) -> list[str]:
        """One play per distinct effect. A card moves by its value alone and no rule reads a
        suit, so plays that differ only in suits (9♠ and 9♣, Joker + 9♠ and Joker + 9♣) leave the
        race, the hand and the draws alike: the first of them is offered. Plays of different values
        stay apart even when they move the rider as far (Joker + 4 and Joker + 6 both +8 on most
        spaces): the card kept is a choice, since a card whose value is a space's label moves further."""
        offered: dict[tuple[str, ...], str] = {}
        for action in self.legal_actions(state, seat):
            values = tuple(card if card == JOKER else card[:-1] for card in action.split("+"))
            offered.setdefault(values, action)
        return list(offered.values())

    def explain_illegal(self, state: HindmostState, seat: int, action: str) -> GameError | None:
        """Why a well-formed play is refused: a card not in the hand, or a joker combination with
        too few cards left (the generic message covers the rest, such as a code that is no card)."""
        hand = state.hands[seat]
        cards = action.split("+")
        for card in dict.fromkeys(cards):
            if (card in _MOVES or card == JOKER) and cards.count(card) > hand.count(card):
                return IllegalAction(f"You do not hold {card}.", "not-in-hand", card=card)
        if len(cards) == 2 and not self._combo_allowed(state, seat):
            return IllegalAction("A joker combination needs at least 3 cards in hand.", "combo-too-few")
        return None

    @staticmethod
    def _combo_allowed(state: HindmostState, seat: int) -> bool:
        """Two cards out, one drawn: allowed only if at least 2 cards remain. A draw always succeeds,
        because the played cards are discarded first and the discards refill an empty pile."""
        return len(state.hands[seat]) - 2 + 1 >= MIN_KEPT_AFTER_COMBO

    # ---- playing ------------------------------------------------------------------------------
    def _apply(self, state: HindmostState, seat: int, action: str) -> tuple[HindmostState, list[Event]]:
        s = state.clone()
        events: list[Event] = []
        rid = s.turn[s.turn_pos]
        cards = action.split("+")
        hand = s.hands[seat]
        for card in cards:
            hand.remove(card)
        s.discards[s.pile_index(seat)].extend(cards)
        already_crossed = s.finish_crossed()
        self._move(s, rid, cards, action, events)
        if not already_crossed and s.d[rid] >= FINISH:
            events.append({"type": "crossed", "seat": seat, "num": s.num_of(rid)})
        self._draw(s, seat, events)
        s.moved[rid] = True
        s.turn_pos += 1
        if s.turn_pos == len(s.turn):
            if already_crossed or s.d[rid] >= FINISH:
                self._end_lap(s, events)
            else:
                self._start_turn(s)
        s.last = events
        return s, events

    def _move(self, s: HindmostState, rid: int, cards: list[str], action: str, events: list[Event]) -> None:
        start = s.d[rid]
        spaces = movement(cards, label_of(start))
        self._leave(s, rid)
        self._land(s, rid, start + spaces)
        moved = s.d[rid] - start
        seat, num = s.seat_of(rid), s.num_of(rid)
        events.append(
            {
                "type": "played",
                "seat": seat,
                "num": num,
                "cards": action,
                "from": label_of(start),
                "to": label_of(s.d[rid]),
                "spaces": moved,
                "from_space": space_of(start),
                "to_space": space_of(s.d[rid]),
            }
        )
        if moved < spaces:
            events.append({"type": "blocked", "seat": seat, "num": num, "spaces": spaces - moved})

    @staticmethod
    def _leave(s: HindmostState, rid: int) -> None:
        """The riders outside the leaving one close up inward, keeping their order."""
        space, lane = s.d[rid], s.lane[rid]
        for other in range(s.total):
            if other != rid and not s.out[other] and s.d[other] == space and s.lane[other] > lane:
                s.lane[other] -= 1

    @staticmethod
    def _land(s: HindmostState, rid: int, target: int) -> None:
        """Take the innermost free lane of ``target``, or of the first non-full space behind it
        (full spaces may be jumped, so only the landing space counts)."""
        while (taken := s.occupancy(target, ignore=rid)) >= LANES:
            target -= 1
        s.d[rid] = target
        s.lane[rid] = taken

    def _draw(self, s: HindmostState, seat: int, events: list[Event]) -> None:
        index = s.pile_index(seat)
        pile = s.piles[index]
        if not pile:
            self._reshuffle(s, index, events)
        insort(s.hands[seat], pile.pop(), key=CARD_ORDER.__getitem__)

    @staticmethod
    def _reshuffle(s: HindmostState, index: int, events: list[Event]) -> None:
        pile = s.piles[index]
        pile.extend(s.discards[index])
        s.discards[index].clear()
        rng = Rng(s.rng)
        rng.shuffle(pile)
        s.rng = rng.state
        if s.options["own_decks"]:
            events.append({"type": "reshuffled-own", "seat": index, "cards": len(pile)})
        else:
            events.append({"type": "reshuffled", "cards": len(pile)})

    # ---- lap and race ends ---------------------------------------------------------------------
    def _end_lap(self, s: HindmostState, events: list[Event]) -> None:
        order = s.race_order()
        leader = order[0]
        if s.bank is not None and s.pot:
            s.bank[s.seat_of(leader)] += s.pot
            events.append({"type": "pot-won", "seat": s.seat_of(leader), "num": s.num_of(leader), "amount": s.pot})
            s.pot = 0
        if len(order) == 2:
            self._finish_race(s, order, events)
            return
        self._eliminate(s, order[-1], events)
        self._regroup(s, order[:-1], events)
        s.lap += 1
        self._start_lap(s, events)

    def _eliminate(self, s: HindmostState, rid: int, events: list[Event]) -> None:
        points = len(s.eliminated) + 1
        seat = s.seat_of(rid)
        s.out[rid] = True
        s.eliminated.append(rid)
        s.race_points[seat] += points
        events.append({"type": "eliminated", "seat": seat, "num": s.num_of(rid), "points": points})
        if s.riders_left(seat) == 0:
            # A team without riders takes no further part; its cards go back to its discard pile.
            s.discards[s.pile_index(seat)].extend(s.hands[seat])
            s.hands[seat] = []
            events.append({"type": "team-out", "seat": seat})

    @staticmethod
    def _regroup(s: HindmostState, order: list[int], events: list[Event]) -> None:
        for place, rid in enumerate(order):
            s.d[rid] = -place
            s.lane[rid] = 0
        events.append({"type": "regrouped", "riders": len(order)})

    def _finish_race(self, s: HindmostState, order: list[int], events: list[Event]) -> None:
        winner, second = order
        points = race_points_for(s.total)
        for rid, pts, kind in ((second, points[-2], "runner-up"), (winner, points[-1], "race-won")):
            seat = s.seat_of(rid)
            s.race_points[seat] += pts
            events.append({"type": kind, "seat": seat, "num": s.num_of(rid), "points": pts})
        s.race_wins[s.seat_of(winner)] += 1
        if s.race < s.options["races"]:
            s.match_base = [base + pts for base, pts in zip(s.match_base, s.race_points, strict=True)]
            s.race += 1
            self._start_race(s, events)
            return
        s.over = True
        s.turn, s.turn_pos = [], 0
        s.moved = [False] * s.total
        totals = self._totals(s)
        placements = placements_from_keys(list(zip(totals, s.race_wins, strict=True)))
        for seat in range(s.players):
            if placements[seat] == 1:
                events.append({"type": "match-over", "seat": seat, "points": totals[seat], "wins": s.race_wins[seat]})

    @staticmethod
    def _totals(s: HindmostState) -> list[int]:
        return [base + pts for base, pts in zip(s.match_base, s.race_points, strict=True)]

    # ---- outcome and views ------------------------------------------------------------------------
    def scores_now(self, state: HindmostState) -> list[float]:
        """Race points so far (plus the points carried in from earlier matches)."""
        return [float(x) for x in self._totals(state)]

    def outcome(self, state: HindmostState) -> Outcome | None:
        if not state.over:
            return None
        totals = self._totals(state)
        placements = placements_from_keys(list(zip(totals, state.race_wins, strict=True)))
        detail: dict[str, Any] = {"race_wins": list(state.race_wins)}
        if state.bank is not None:
            detail["bank"] = list(state.bank)
        return Outcome(placements=placements, scores=totals, detail=detail)

    def _public_view(self, state: HindmostState) -> HindmostPublic:
        s = state
        riders = s.riders
        current = s.current()
        return {
            "game": self.name,
            "players": s.players,
            "options": dict(s.options),
            "race": s.race,
            "races": s.options["races"],
            "lap": s.lap,
            "laps": s.laps,
            "final_sprint": not s.over and s.lap == s.laps,
            "finish_crossed": s.finish_crossed(),
            "riders": [
                {
                    "seat": rid // riders,
                    "num": rid % riders + 1,
                    "d": s.d[rid],
                    "lane": s.lane[rid],
                    "out": s.out[rid],
                    "moved": s.moved[rid],
                }
                for rid in range(s.total)
            ],
            "current": None if current is None else {"seat": current // riders, "num": current % riders + 1},
            "order": [[rid // riders, rid % riders + 1] for rid in s.race_order()],
            "eliminated": [[rid // riders, rid % riders + 1, k] for k, rid in enumerate(s.eliminated, 1)],
            "race_points": list(s.race_points),
            "match_points": self._totals(s),
            "race_wins": list(s.race_wins),
            "bank": None if s.bank is None else list(s.bank),
            "pot": s.pot,
            "hand_sizes": [len(hand) for hand in s.hands],
            # All draw piles and discard piles together; each seat's own are in its private part.
            "draw_pile": sum(len(pile) for pile in s.piles),
            "discards": sum(len(pile) for pile in s.discards),
        }

    def _private_view(self, state: HindmostState, seat: int) -> HindmostPrivate:
        pile = state.pile_index(seat)
        return {
            "hand": list(state.hands[seat]),
            "draw_pile": len(state.piles[pile]),
            "discards": len(state.discards[pile]),
            "plays": self._plays(state, seat),
        }

    def _last_events(self, state: HindmostState) -> list[Event]:
        return state.last

    # ---- persistence -------------------------------------------------------------------------
    def _plays(self, s: HindmostState, seat: int) -> dict[str, dict[str, Any]]:
        """What each legal play of ``seat`` would do, so buttons need not repeat the rules: the
        rider, its label now, the label aimed at, where it really lands (full spaces push it back),
        the spaces it really moves and whether it crosses the line. Derived from the seat's own
        hand, so it is only ever in that seat's view."""
        rid = s.current()
        plays: dict[str, dict[str, Any]] = {}
        for action in self.legal_actions(s, seat):
            if rid is None:
                break
            start = s.d[rid]
            target = start + movement(action.split("+"), label_of(start))
            landing = target
            while s.occupancy(landing, ignore=rid) >= LANES:
                landing -= 1
            plays[action] = {
                "num": s.num_of(rid),
                "from": label_of(start),
                "target": label_of(target),
                "to": label_of(landing),
                "target_space": space_of(target),
                "to_space": space_of(landing),
                "spaces": landing - start,
                "blocked": target - landing,
                "crosses": start < FINISH <= landing,
            }
        return plays

    def _dump(self, state: HindmostState) -> dict[str, Any]:
        """Flat and compact (strings where they stay readable): the bot stores a state per move."""
        s = state
        return {
            "players": s.players,
            "options": dict(s.options),
            "rng": s.rng,
            "race": s.race,
            "lap": s.lap,
            "d": list(s.d),
            "lanes": "".join(map(str, s.lane)),
            "out": "".join("1" if gone else "0" for gone in s.out),
            "moved": "".join("1" if done else "0" for done in s.moved),
            "turn": list(s.turn),
            "turn_pos": s.turn_pos,
            "eliminated": list(s.eliminated),
            "race_points": list(s.race_points),
            "match_base": list(s.match_base),
            "race_wins": list(s.race_wins),
            "bank": None if s.bank is None else list(s.bank),
            "pot": s.pot,
            # Cards are two characters each, so a hand or pile is one string ("7HJKTS").
            "hands": ["".join(hand) for hand in s.hands],
            "piles": ["".join(pile) for pile in s.piles],
            "discards": ["".join(pile) for pile in s.discards],
            "last": [dict(event) for event in s.last],
            "over": s.over,
        }

    def _load(self, data: dict[str, Any]) -> HindmostState:
        players = CHECK.seats(data["players"], self)
        options = CHECK.options(data["options"], lambda raw: self.resolve_options(players, raw), complete=True)
        total = players * options["riders"]
        state = HindmostState(
            players=players,
            options=options,
            rng=data["rng"],
            race=data["race"],
            lap=data["lap"],
            d=CHECK.whole_list(data["d"], "d", total),
            lane=[int(ch) for ch in _flags(data["lanes"], total, "0123", "lanes")],
            out=[ch == "1" for ch in _flags(data["out"], total, "01", "out")],
            moved=[ch == "1" for ch in _flags(data["moved"], total, "01", "moved")],
            turn=CHECK.whole_list(data["turn"], "turn"),
            turn_pos=data["turn_pos"],
            eliminated=CHECK.whole_list(data["eliminated"], "eliminated"),
            race_points=CHECK.whole_list(data["race_points"], "race_points", players),
            match_base=CHECK.whole_list(data["match_base"], "match_base", players),
            race_wins=CHECK.whole_list(data["race_wins"], "race_wins", players),
            bank=None if data["bank"] is None else CHECK.whole_list(data["bank"], "bank", players),
            pot=data["pot"],
            hands=[_parse_cards(text) for text in CHECK.str_list(data["hands"], "hands", players)],
            piles=[_parse_cards(text) for text in CHECK.str_list(data["piles"], "piles")],
            discards=[_parse_cards(text) for text in CHECK.str_list(data["discards"], "discards")],
            last=data["last"],
            over=data["over"],
        )
        _check_state(state)
        return state


# ---- load-time checks ---------------------------------------------------------------------------
CHECK = LoadCheck("hindmost")


def _flags(value: Any, length: int, alphabet: str, what: str) -> str:
    CHECK.require(isinstance(value, str) and len(value) == length, f"wrong length of {what}")
    CHECK.require(all(ch in alphabet for ch in value), f"bad character in {what}")
    checked: str = value
    return checked


def _parse_cards(text: str) -> list[str]:
    CHECK.require(len(text) % 2 == 0, "a card list has an odd length")
    cards = [text[i : i + 2] for i in range(0, len(text), 2)]
    CHECK.require(all(card in VALID_CARDS for card in cards), "unknown card")
    return cards


def _check_state(s: HindmostState) -> None:
    CHECK.generator(s.rng)
    CHECK.require(type(s.over) is bool, "over must be a boolean")
    CHECK.whole(s.race, "race", 1, s.options["races"])
    CHECK.whole(s.lap, "lap", 1, s.laps)
    CHECK.whole(s.turn_pos, "turn position")
    CHECK.whole(s.pot, "pot")
    _check_riders(s)
    _check_turn(s)
    _check_points(s)
    _check_bank(s)
    _check_cards(s)
    CHECK.events(s.last)


def _check_riders(s: HindmostState) -> None:
    CHECK.require(all(-s.total <= d <= MAX_D for d in s.d), "rider distance out of range")
    lanes_by_space: dict[int, list[int]] = {}
    for rid in s.in_race():
        lanes_by_space.setdefault(s.d[rid], []).append(s.lane[rid])
    for lanes in lanes_by_space.values():
        # A space's riders fill lanes 0..k-1: inside first, closed up, at most 4.
        CHECK.require(len(lanes) <= LANES and sorted(lanes) == list(range(len(lanes))), "lanes are not closed up")


def _check_turn(s: HindmostState) -> None:
    if s.over:
        CHECK.require(s.turn == [] and s.turn_pos == 0 and not any(s.moved), "a finished game has no turn")
        CHECK.require(s.race == s.options["races"] and s.lap == s.laps, "a finished game ends on its last lap")
        return
    in_race = s.in_race()
    CHECK.require(sorted(s.turn) == in_race, "the turn must list every rider in the race once")
    CHECK.require(0 <= s.turn_pos < len(s.turn), "turn position out of range")
    done = set(s.turn[: s.turn_pos])
    CHECK.require(all(s.moved[rid] == (rid in done) for rid in range(s.total)), "moved flags disagree with the turn")
    CHECK.require(all(s.moved[rid] for rid in in_race if s.d[rid] >= FINISH), "only a moved rider can be past the line")


def _check_points(s: HindmostState) -> None:
    CHECK.require(all(0 <= rid < s.total for rid in s.eliminated), "bad eliminated rider")
    CHECK.require(sorted(s.eliminated) == [rid for rid in range(s.total) if s.out[rid]], "out riders disagree")
    CHECK.require(len(s.eliminated) == s.lap - 1, "the lap number must follow the eliminations")
    expected = [0] * s.players
    for points, rid in enumerate(s.eliminated, 1):
        expected[s.seat_of(rid)] += points
    if s.over:
        winner, second = s.race_order()
        table = race_points_for(s.total)
        expected[s.seat_of(second)] += table[-2]
        expected[s.seat_of(winner)] += table[-1]
    CHECK.require(expected == s.race_points, "race points disagree with the results")
    CHECK.require(min(s.match_base) >= 0 and min(s.race_wins) >= 0, "negative match points or wins")
    CHECK.require(sum(s.match_base) == (s.race - 1) * sum(race_points_for(s.total)), "match points disagree with races")
    CHECK.require(sum(s.race_wins) == s.race - 1 + (1 if s.over else 0), "race wins disagree with the races run")


def _check_bank(s: HindmostState) -> None:
    if s.bank is None:
        CHECK.require(not s.options["betting"] and s.pot == 0, "betting needs a bank")
        return
    CHECK.require(s.options["betting"], "a bank without the betting option")
    # Stakes only move between the banks and the pot, and the pot holds exactly this lap's stakes.
    CHECK.require(sum(s.bank) + s.pot == 0, "bank and pot do not balance")
    CHECK.require(s.pot == (0 if s.over else len(s.in_race())), "the pot must hold this lap's stakes")


def _check_cards(s: HindmostState) -> None:
    decks = s.players if s.options["own_decks"] else 1
    CHECK.require(len(s.piles) == decks and len(s.discards) == decks, "wrong number of piles")
    for seat, hand in enumerate(s.hands):
        CHECK.require(hand == _sort_hand(hand), "a hand is not sorted")
        if s.riders_left(seat):
            CHECK.require(MIN_KEPT_AFTER_COMBO <= len(hand) <= HAND_SIZE, "a hand has a wrong size")
        else:
            CHECK.require(not hand, "a team without riders holds cards")
    if s.options["own_decks"]:
        for seat in range(s.players):
            owned = s.hands[seat] + s.piles[seat] + s.discards[seat]
            CHECK.same_cards(owned, DECK, "an own deck is not complete")
    else:
        owned = [card for hand in s.hands for card in hand] + s.piles[0] + s.discards[0]
        CHECK.same_cards(owned, DECK, "the deck is not complete")


def _as_int(value: Any, name: str) -> int:
    if isinstance(value, bool):
        raise BadOption(f"Option '{name}' must be a whole number.", "bad-option", option=name)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise BadOption(f"Option '{name}' must be a whole number.", "bad-option", option=name)


def _as_bool(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "false", "no", "off"):
        return value.strip().lower() in ("true", "yes", "on")
    raise BadOption(f"Option '{name}' must be yes or no.", "bad-option", option=name)


ENGINE = HindmostEngine()

"""Duvelen: everybody plays at once, building shared suit piles from their own 52-card decks.

Rules: ``../shared/rules/duvelen.md``. Cards are codes such as ``5H`` (rank ``A 2..9 T J Q K`` +
suit ``S H D C``). A card never changes hands, so in a seat's own piles (Stok, Rij, Draaistok) the
owner is that seat; in the middle every Hoop records the owner of each of its cards.

Actions (each names the card it moves, so an old button can never play a different card):

- ``s.<card>``  play the open top card of the own Stok
- ``r<n>.<card>``  play the card in Rij slot ``n`` (1..4); the Stok top fills the gap
- ``d.<card>``  play the open top card of the own Draaistok
- ``turn``  turn three cards of the Draaistok (recycling it first when nothing is face down)
- ``stop``  call Stop (own Stok empty, nobody called it yet)
- ``done``  "I can't or won't play any more this round"; final for the round
- ``pass``  relaxed mode only: end the turn when turning is impossible

Live mode: every seat that may still act is in ``to_move`` at once. Relaxed mode: one seat at a
time plays any number of cards and ends its turn with ``turn`` (or ``pass``/``done``).

After Stop nobody turns any more; a seat whose open Draaistok pile is (or becomes) empty lays the
rest of its Draaistok face up in its order, so its cards stay in reach (rules page, End of round).

Round end (the Ruling): as soon as every seat has said ``done`` or has nothing left to do but say
it (no card play, no turn, no Stop), the round is scored and the next is dealt at once; the bot
ends a stalled round after its lull through ``DuvelenEngine.timeout``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, TypedDict, cast

from engines.base import Deadline, Engine, Event, Outcome, ViewEnvelope, placements_from_keys
from engines.errors import BadOption, GameOver
from engines.load_checks import LoadCheck
from engines.rng import Rng

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = tuple(r + s for s in SUITS for r in RANKS)
DECK_SET = frozenset(DECK)
STOK_SIZE = 13
RIJ_SIZE = 4
TURN_COUNT = 3
STOP_BONUS = 10
STOK_PENALTY = 2
MODES = ("live", "relaxed")
SOURCES = {"s": "stok", "d": "draai"}  # plus "r1".."r4": the Rij

_PLAY = re.compile(r"^(s|d|r[1-4])\.([A2-9TJQK][SHDC])$")


def rank_of(card: str) -> int:
    """1 for an Ace ... 13 for a King."""
    return RANKS.index(card[0]) + 1


def suit_of(card: str) -> str:
    return card[1]


def card_of(rank: int, suit: str) -> str:
    return RANKS[rank - 1] + suit


@dataclass
class Seat:
    """One player's own piles. Every list has its *top* (the playable or next card) last."""

    stok: list[str]
    rij: list[str | None]
    down: list[str]  # the face-down Draaistok; the last card is turned first
    open: list[str]  # the open Draaistok pile; the last card is playable
    done: bool = False
    idle_turns: int = 0  # turns since the last card reached the middle: public, shows being stuck
    # The cards seen on top of the open Draaistok pile this round and not played since: each was
    # public at that moment, and a Draaistok card only ever leaves to the middle, so every one of
    # them is still somewhere in this Draaistok (never in the Stok). What an attentive player at
    # the table remembers (rules page, Hidden information); the computer players read it.
    seen: set[str] = field(default_factory=set)

    def clone(self) -> Seat:
        return Seat(
            list(self.stok),
            list(self.rij),
            list(self.down),
            list(self.open),
            self.done,
            self.idle_turns,
            set(self.seen),
        )

    def show_top(self) -> None:
        """The open top card, if any, is public now: remember it."""
        if self.open:
            self.seen.add(self.open[-1])


@dataclass
class Hoop:
    """A pile in the middle: ``owners[i]`` owns the card of rank ``i + 1``."""

    suit: str
    owners: list[int]

    @property
    def top_rank(self) -> int:
        return len(self.owners)


@dataclass
class Herenhoop:
    seat: int  # who laid the King
    suit: str
    owners: list[int]


@dataclass
class DuvelenState:
    players: int
    options: dict[str, Any]
    rng: int
    round: int
    seats: list[Seat]
    hoops: list[Hoop]
    herenhopen: list[Herenhoop]
    stop_seat: int | None = None
    turn_seat: int | None = None
    history: list[list[dict[str, int]]] = field(default_factory=list)

    @property
    def over(self) -> bool:
        rounds: int = self.options["rounds"]
        return len(self.history) >= rounds

    @property
    def relaxed(self) -> bool:
        mode: str = self.options["mode"]
        return mode == "relaxed"

    def clone(self) -> DuvelenState:
        return DuvelenState(
            self.players,
            self.options,
            self.rng,
            self.round,
            [s.clone() for s in self.seats],
            [Hoop(h.suit, list(h.owners)) for h in self.hoops],
            list(self.herenhopen),  # finished Herenhopen never change: sharing them is safe
            self.stop_seat,
            self.turn_seat,
            list(self.history),
        )


# ---- the table ------------------------------------------------------------------------------


def _deal_round(state: DuvelenState) -> None:
    """Shuffle every deck and lay out Stok, Rij and Draaistok; the middle starts empty."""
    rng = Rng(state.rng)
    seats = []
    for _ in range(state.players):
        deck = list(DECK)
        rng.shuffle(deck)
        stok = deck[:STOK_SIZE]
        rij: list[str | None] = list(deck[STOK_SIZE : STOK_SIZE + RIJ_SIZE])
        seats.append(Seat(stok=stok, rij=rij, down=deck[STOK_SIZE + RIJ_SIZE :], open=[]))
    state.rng = rng.state
    state.seats = seats
    state.hoops = []
    state.herenhopen = []
    state.stop_seat = None
    state.turn_seat = (state.round - 1) % state.players if state.relaxed else None


def _source_card(seat: Seat, source: str) -> str | None:
    """The card a play from ``source`` ('s', 'd', 'r1'..'r4') would move, if any."""
    if source == "s":
        return seat.stok[-1] if seat.stok else None
    if source == "d":
        return seat.open[-1] if seat.open else None
    return seat.rij[int(source[1]) - 1]


def _fitting_hoops(state: DuvelenState, card: str) -> list[int]:
    """Indexes of the Hoops the card can go on (an Ace fits nowhere: it opens a new Hoop)."""
    suit, below = suit_of(card), rank_of(card) - 1
    return [i for i, h in enumerate(state.hoops) if h.suit == suit and h.top_rank == below]


def fits(state: DuvelenState, card: str) -> bool:
    return rank_of(card) == 1 or bool(_fitting_hoops(state, card))


def _choose_hoop(state: DuvelenState, seat: int, card: str) -> int:
    """Where a card goes when it fits several Hoops (two Hoops of a suit can share a top rank).

    The Hoop already holding most of the player's own cards, ties to the oldest: for a King this
    makes the player's Herenhoop worth the most (own cards in it count double); for lower cards it
    keeps the player's cards together, so a King they lay later gains most.
    """
    candidates = _fitting_hoops(state, card)
    return max(candidates, key=lambda i: (state.hoops[i].owners.count(seat), -i))


def can_turn(state: DuvelenState, seat: int) -> bool:
    s = state.seats[seat]
    return state.stop_seat is None and bool(s.down or s.open)


def can_stop(state: DuvelenState, seat: int) -> bool:
    return state.stop_seat is None and not state.seats[seat].stok


def _plays(state: DuvelenState, seat: int) -> list[str]:
    s = state.seats[seat]
    sources = ["s", *(f"r{i}" for i in range(1, RIJ_SIZE + 1)), "d"]
    out = []
    for source in sources:
        card = _source_card(s, source)
        if card is not None and fits(state, card):
            out.append(f"{source}.{card}")
    return out


def _seat_actions(state: DuvelenState, seat: int) -> list[str]:
    """What ``seat`` could do if it were its turn (ignores relaxed-mode turn order)."""
    if state.over or state.seats[seat].done:
        return []
    acts = _plays(state, seat)
    if can_turn(state, seat):
        acts.append("turn")
    elif state.relaxed:
        acts.append("pass")
    if can_stop(state, seat):
        acts.append("stop")
    acts.append("done")
    return acts


def finished(state: DuvelenState, seat: int) -> bool:
    """Said done, or has nothing left to do but say it (no card play, no turn, no Stop)."""
    return all(a in ("done", "pass") for a in _seat_actions(state, seat))


def _next_turn_seat(state: DuvelenState, after: int) -> int | None:
    for step in range(1, state.players + 1):
        seat = (after + step) % state.players
        if not finished(state, seat):
            return seat
    return None


# ---- scoring ------------------------------------------------------------------------------


def round_breakdown(state: DuvelenState) -> list[dict[str, int]]:
    """Per seat: cards worth +1, own cards in own Herenhopen (+2), Stok cards (-2), Stop, score."""
    rows = [{"plus1": 0, "own_heren": 0, "stok": len(s.stok), "stop": 0} for s in state.seats]
    for hoop in state.hoops:
        for owner in hoop.owners:
            rows[owner]["plus1"] += 1
    for heren in state.herenhopen:
        for owner in heren.owners:
            rows[owner]["own_heren" if owner == heren.seat else "plus1"] += 1
    if state.stop_seat is not None:
        rows[state.stop_seat]["stop"] = 1
    for row in rows:
        row["score"] = row["plus1"] + 2 * row["own_heren"] - STOK_PENALTY * row["stok"] + STOP_BONUS * row["stop"]
    return rows


def totals(state: DuvelenState) -> list[int]:
    return [sum(rnd[seat]["score"] for rnd in state.history) for seat in range(state.players)]


def _end_round(state: DuvelenState, reason: str) -> list[Event]:
    """Score the round on ``state`` (already a private copy) and deal the next one, if any."""
    rows = round_breakdown(state)
    state.history.append(rows)
    running = totals(state)
    events: list[Event] = [{"type": "round_end", "round": state.round, "reason": reason}]
    for seat, row in enumerate(rows):
        events.append(
            {"type": "round_score", "seat": seat, "score": row["score"], "stok": row["stok"], "total": running[seat]}
        )
    if state.over:
        state.turn_seat = None
        best = max(running)
        events += [
            {"type": "winner", "seat": seat, "score": best} for seat in range(state.players) if running[seat] == best
        ]
        return events
    state.round += 1
    _deal_round(state)
    events.append({"type": "round_start", "round": state.round})
    return events


def _settle(state: DuvelenState) -> list[Event]:
    """After any action: end the round if nobody has anything left, else move the relaxed turn on."""
    if all(finished(state, seat) for seat in range(state.players)):
        reason = "done" if all(s.done for s in state.seats) else "stuck"
        return _end_round(state, reason)
    # In relaxed play some seat is always in turn.
    if state.relaxed and finished(state, cast(int, state.turn_seat)):
        state.turn_seat = _next_turn_seat(state, cast(int, state.turn_seat))
    return []


# ---- applying actions ---------------------------------------------------------------------


def _play(state: DuvelenState, seat: int, source: str, card: str) -> list[Event]:
    s = state.seats[seat]
    slot = 0
    if source == "s":
        s.stok.pop()
    elif source == "d":
        s.open.pop()
        s.seen.discard(card)
        s.show_top()  # the card beneath is uncovered
    else:
        slot = int(source[1])
        # Ruling: with the Stok empty the gap stays empty.
        s.rij[slot - 1] = s.stok.pop() if s.stok else None
    events: list[Event] = []
    if rank_of(card) == 1:
        state.hoops.append(Hoop(suit_of(card), [seat]))
        events.append({"type": "open_hoop", "seat": seat, "card": card, "source": SOURCES.get(source, "rij")})
    else:
        hoop_index = _choose_hoop(state, seat, card)
        hoop = state.hoops[hoop_index]
        hoop.owners.append(seat)
        events.append({"type": "play", "seat": seat, "card": card, "source": SOURCES.get(source, "rij")})
        if hoop.top_rank == len(RANKS):
            del state.hoops[hoop_index]
            state.herenhopen.append(Herenhoop(seat, hoop.suit, hoop.owners))
            events.append({"type": "herenhoop", "seat": seat, "suit": hoop.suit, "own": hoop.owners.count(seat)})
    if slot:
        refill = s.rij[slot - 1]
        if refill is not None:
            events.append({"type": "refill", "seat": seat, "slot": slot, "card": refill})
    for other in state.seats:
        other.idle_turns = 0
    return events


def _turn(state: DuvelenState, seat: int) -> list[Event]:
    s = state.seats[seat]
    events: list[Event] = []
    if not s.down:
        events.append({"type": "recycle", "seat": seat, "count": len(s.open)})
        s.down = _recycled(s.open)
        s.open = []
    count = min(TURN_COUNT, len(s.down))
    for _ in range(count):
        s.open.append(s.down.pop())
    s.show_top()
    s.idle_turns += 1
    events.append({"type": "turn", "seat": seat, "count": count, "card": s.open[-1]})
    return events


def _lay_open_after_stop(state: DuvelenState) -> list[Event]:
    """After Stop, a seat whose open Draaistok pile is empty lays the rest of its Draaistok face up
    as one pile (rules page, End of round, and its Ruling): at Stop for a seat whose open pile is
    already empty, and the moment the last open card is played after it. The pile keeps its
    order: the card that would have been turned next (``down[-1]``) becomes the playable top."""
    if state.stop_seat is None:
        return []
    events: list[Event] = []
    for seat, s in enumerate(state.seats):
        if not s.open and s.down:
            s.open, s.down = s.down, []
            s.show_top()
            events.append({"type": "lay_open", "seat": seat, "count": len(s.open), "card": s.open[-1]})
    return events


def _recycled(open_pile: list[str]) -> list[str]:
    """The open pile picked up and turned face down, its top card then moved to the bottom.

    Turned over, the open pile's first-turned card ``open[0]`` is on top (last in our list) and
    its open top at the bottom; moving the new top card to the bottom shifts the threes the next
    pass turns up, so other cards come into reach (Ruling: always top-to-bottom).
    """
    face_down_top_last = list(reversed(open_pile))  # reversed: open[0] last (on top)
    top = face_down_top_last.pop()
    return [top, *face_down_top_last]


def parse_play(action: str) -> tuple[str, str] | None:
    """(source, card) for a play action such as ``r2.5H``; None for anything else."""
    m = _PLAY.match(action)
    return (m.group(1), m.group(2)) if m else None


# ---- the engine ---------------------------------------------------------------------------


# ---- the view: every card a view shows lies face up (or did, in plain sight), so no private part -
class DuvelenSeat(TypedDict):
    stok_count: int
    stok_top: str | None
    rij: list[str | None]
    draai_down: int
    draai_open: int
    draai_top: str | None
    done: bool
    idle_turns: int
    draai_seen: list[str]  # sorted: seen on top of the open Draaistok this round, not played since (``Seat.seen``)
    # The Draaistok as an attentive player knows it: the face-down part then the open pile, each
    # bottom first (the open top last), a seen card where it lies now (turning, recycling and
    # playing move cards by fixed rules, so a card seen once is placed for good) and None for a card
    # never seen.
    draai_known: list[str | None]


class DuvelenPublic(TypedDict):
    game: str
    players: int
    mode: str
    round: int
    rounds: int
    stop_seat: int | None
    turn_seat: int | None  # relaxed play: the seat in turn
    can_turn: bool
    hoops: list[dict[str, Any]]  # {"suit", "top", "size", "owners"}
    herenhopen: list[dict[str, Any]]  # {"seat", "suit", "owners"}
    seats: list[DuvelenSeat]
    round_score: list[int]
    round_detail: list[dict[str, int]]
    totals: list[int]  # the rounds played
    standing: list[int]  # the score shown (``scores_shown``: the rounds played): the board's total and the page's
    history: list[list[int]]


class DuvelenView(DuvelenPublic, ViewEnvelope[None]):
    pass


class DuvelenEngine(Engine[DuvelenState, "DuvelenView"]):
    name = "duvelen"
    min_players = 2
    max_players = 8
    simultaneous = True

    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        opts = dict(options or {})
        unknown = set(opts) - {"rounds", "mode"}
        if unknown:
            name = sorted(unknown)[0]
            raise BadOption(f"Unknown option '{name}'.", "unknown-option", option=name)
        rounds = opts.get("rounds", 3)
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 10:
            raise BadOption("The number of rounds must be between 1 and 10.", "rounds", rounds=str(rounds)[:20])
        mode = opts.get("mode", "live")
        if mode not in MODES:
            raise BadOption("The mode must be 'live' or 'relaxed'.", "mode", mode=str(mode)[:20])
        return {"rounds": rounds, "mode": mode}

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> tuple[DuvelenState, list[Event]]:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadOption("Duvelen is for 2 to 8 players.", "players", players=str(players))
        opts = self.normalize_options(options or {})
        state = DuvelenState(players, opts, int(seed), 1, [], [], [])
        _deal_round(state)
        return state, []

    def players(self, state: DuvelenState) -> int:
        return state.players

    def is_live(self, state: DuvelenState) -> bool:
        # The whole round of live play is one live phase, even when one player is left acting.
        return not state.over and not state.relaxed

    def deadline(self, state: DuvelenState) -> Deadline:
        # A running live round ends after the host's lull with no card played. Relaxed
        # play takes turns: the table's move deadline waits for the seat whose turn it is.
        return Deadline(self.to_move(state), lull=not state.over and not state.relaxed)

    def timeout(self, state: DuvelenState) -> tuple[DuvelenState, list[Event]]:
        """End the running round: the host's lull passed with no card played."""
        if state.over:
            raise GameOver("The game is over.", "game-over")
        new = state.clone()
        # "quiet" is the stored event reason (in saved states and their texts): kept, so stored games
        # replay to the states they saved.
        return new, _end_round(new, "quiet")

    def restarts_lull(self, action: str, events: list[Event]) -> bool:
        """A card reached the middle, or a new round began. Turning the Draaistok alone is not
        progress."""
        return parse_play(action) is not None or any(e.get("type") == "round_start" for e in events)

    def asks_confirmation(self, action: str) -> bool:
        """ "Done" ends your round for good and sits beside "Turn three": asked once."""
        return action == "done"

    def lost_race(self, state: DuvelenState, seat: int, action: str) -> bool:
        """The play names a card the seat still holds in that place but it no longer fits: the
        loser of a race for the same spot is told "too late", and the card stays where it was."""
        parsed = parse_play(action)
        if parsed is None or state.over or not 0 <= seat < state.players:
            return False
        source, card = parsed
        return _source_card(state.seats[seat], source) == card and not fits(state, card)

    def to_move(self, state: DuvelenState) -> frozenset[int]:
        if state.over:
            return frozenset()
        if state.relaxed:
            return frozenset({cast(int, state.turn_seat)})
        return frozenset(seat for seat in range(state.players) if _seat_actions(state, seat))

    def legal_actions(self, state: DuvelenState, seat: int) -> list[str]:
        if not 0 <= seat < state.players or (state.relaxed and seat != state.turn_seat):
            return []
        return _seat_actions(state, seat)

    def _apply(self, state: DuvelenState, seat: int, action: str) -> tuple[DuvelenState, list[Event]]:
        new = state.clone()
        ends_relaxed_turn = action in ("turn", "pass", "done")
        if action == "turn":
            events = _turn(new, seat)
        elif action == "stop":
            new.stop_seat = seat
            events = [{"type": "stop", "seat": seat}]
        elif action == "done":
            new.seats[seat].done = True
            events = [{"type": "done", "seat": seat}]
        elif action == "pass":
            events = [{"type": "pass", "seat": seat}]
        else:
            source, card = cast(tuple[str, str], parse_play(action))  # a legal action: play or the above
            events = _play(new, seat, source, card)
        events += _lay_open_after_stop(new)
        if new.relaxed and ends_relaxed_turn:
            following = _next_turn_seat(new, seat)
            new.turn_seat = following if following is not None else seat
        events += _settle(new)
        return new, events

    def scores_now(self, state: DuvelenState) -> list[float]:
        """The points of the rounds played, plus the running round scored as it stands (a game
        ended early ends its round there, as the lull would)."""
        if state.over:
            return [float(x) for x in totals(state)]
        running = round_breakdown(state)
        return [float(t + running[seat]["score"]) for seat, t in enumerate(totals(state))]

    def scores_shown(self, state: DuvelenState) -> list[float]:
        """The rounds played: the rules score a round when it ends. The running round as it stands
        counts every card still in the Stok at -2, so before the first card it says -26 for
        everyone; the board shows it apart, as this round's figure."""
        return [float(x) for x in totals(state)]

    def outcome(self, state: DuvelenState) -> Outcome | None:
        if not state.over:
            return None
        scores = totals(state)
        return Outcome(
            placements=placements_from_keys(scores),
            scores=[float(x) for x in scores],
            detail={"rounds": [[row["score"] for row in rnd] for rnd in state.history]},
        )

    # ---- views --------------------------------------------------------------------------

    def _public_view(self, state: DuvelenState) -> DuvelenPublic:
        """Everything public; no face-down card reaches any view, not even its owner's (so no
        private part either), except as a card every seat saw on top of an open Draaistok earlier
        in the round (``draai_seen``: where it is now stays hidden). The game keeps no last
        events: its live board shows the piles."""
        breakdown = round_breakdown(state)
        return {
            "game": self.name,
            "players": state.players,
            "mode": state.options["mode"],
            "round": state.round,
            "rounds": state.options["rounds"],
            "stop_seat": state.stop_seat,
            "turn_seat": state.turn_seat,
            "can_turn": state.stop_seat is None,
            "hoops": [
                {"suit": h.suit, "top": card_of(h.top_rank, h.suit), "size": h.top_rank, "owners": list(h.owners)}
                for h in state.hoops
            ],
            "herenhopen": [{"seat": h.seat, "suit": h.suit, "owners": list(h.owners)} for h in state.herenhopen],
            "seats": [_seat_view(s) for s in state.seats],
            "round_score": [row["score"] for row in breakdown],
            "round_detail": breakdown,
            "totals": totals(state),
            "standing": [round(x) for x in self.scores_shown(state)],
            "history": [[row["score"] for row in rnd] for rnd in state.history],
        }

    # ---- persistence --------------------------------------------------------------------

    def _dump(self, state: DuvelenState) -> dict[str, Any]:
        return {
            "players": state.players,
            "options": dict(state.options),
            "rng": state.rng,
            "round": state.round,
            "stop_seat": state.stop_seat,
            "turn_seat": state.turn_seat,
            "history": [[dict(row) for row in rnd] for rnd in state.history],
            "seats": [
                {
                    "stok": list(s.stok),
                    "rij": list(s.rij),
                    "down": list(s.down),
                    "open": list(s.open),
                    "done": s.done,
                    "idle": s.idle_turns,
                    "seen": sorted(s.seen),
                }
                for s in state.seats
            ],
            "hoops": [{"suit": h.suit, "owners": list(h.owners)} for h in state.hoops],
            "herenhopen": [{"seat": h.seat, "suit": h.suit, "owners": list(h.owners)} for h in state.herenhopen],
        }

    def _load(self, data: dict[str, Any]) -> DuvelenState:
        players = CHECK.seats(data["players"], self)
        options = CHECK.options(data["options"], self.normalize_options)
        state = DuvelenState(
            players=players,
            options=options,
            rng=int(data["rng"]),
            round=int(data["round"]),
            seats=[_load_seat(raw) for raw in data["seats"]],
            hoops=[_load_hoop(raw, players) for raw in data["hoops"]],
            herenhopen=[_load_herenhoop(raw, players) for raw in data["herenhopen"]],
            stop_seat=data["stop_seat"],
            turn_seat=data["turn_seat"],
            history=[[_load_score_row(row) for row in rnd] for rnd in data["history"]],
        )
        _check_invariants(state)
        return state


def _seat_view(s: Seat) -> DuvelenSeat:
    return {
        "stok_count": len(s.stok),
        "stok_top": s.stok[-1] if s.stok else None,
        "rij": list(s.rij),
        "draai_down": len(s.down),
        "draai_open": len(s.open),
        "draai_top": s.open[-1] if s.open else None,
        "done": s.done,
        "idle_turns": s.idle_turns,
        "draai_seen": sorted(s.seen),
        "draai_known": [card if card in s.seen else None for card in s.down + s.open],
    }


# ---- loading and invariants ---------------------------------------------------------------

CHECK = LoadCheck("duvelen")


def _cards(raw: Any, what: str) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(c, str) and c in DECK_SET for c in raw):
        raise CHECK.damaged(f"{what} holds something that is not a card")
    return list(raw)


def _load_seat(raw: dict[str, Any]) -> Seat:
    rij = raw["rij"]
    if not isinstance(rij, list) or len(rij) != RIJ_SIZE:
        raise CHECK.damaged("a Rij must have 4 slots")
    for card in rij:
        if card is not None and card not in DECK_SET:
            raise CHECK.damaged("a Rij holds something that is not a card")
    done = raw["done"]
    CHECK.require(isinstance(done, bool), "bad seat flags")
    idle = CHECK.whole(raw["idle"], "idle turns", low=0)
    seat = Seat(
        stok=_cards(raw["stok"], "a Stok"),
        rij=list(rij),
        down=_cards(raw["down"], "a Draaistok"),
        open=_cards(raw["open"], "a Draaistok"),
        done=done,
        idle_turns=idle,
        # Games stored before the seen cards were kept have none: they start with the open top.
        seen=set(_cards(raw.get("seen", []), "the seen Draaistok cards")),
    )
    if not seat.seen <= set(seat.down) | set(seat.open):
        raise CHECK.damaged("a seen Draaistok card is no longer in that Draaistok")
    seat.show_top()
    return seat


def _owners(raw: Any, players: int) -> list[int]:
    if not isinstance(raw, list) or not all(isinstance(o, int) and 0 <= o < players for o in raw):
        raise CHECK.damaged("a Hoop card has no valid owner")
    return list(raw)


def _load_hoop(raw: dict[str, Any], players: int) -> Hoop:
    owners = _owners(raw["owners"], players)
    if raw["suit"] not in SUITS or not 1 <= len(owners) < len(RANKS):
        raise CHECK.damaged("a Hoop must have a suit and hold Ace up to at most the Queen")
    return Hoop(raw["suit"], owners)


def _load_herenhoop(raw: dict[str, Any], players: int) -> Herenhoop:
    owners = _owners(raw["owners"], players)
    seat = raw["seat"]
    if raw["suit"] not in SUITS or len(owners) != len(RANKS) or not isinstance(seat, int) or not 0 <= seat < players:
        raise CHECK.damaged("a Herenhoop must be a full suit with an owner")
    if owners[-1] != seat:
        raise CHECK.damaged("a Herenhoop belongs to whoever laid its King")
    return Herenhoop(seat, raw["suit"], owners)


def _load_score_row(raw: dict[str, Any]) -> dict[str, int]:
    return {key: CHECK.whole(raw[key], "a round score") for key in ("plus1", "own_heren", "stok", "stop", "score")}


def _check_invariants(state: DuvelenState) -> None:
    n = state.players
    if len(state.seats) != n:
        raise CHECK.damaged("one set of piles per player is needed")
    rounds = state.options["rounds"]
    if not 1 <= state.round <= rounds or len(state.history) not in (state.round - 1, state.round):
        raise CHECK.damaged("round number and score history disagree")
    if len(state.history) == state.round and state.round != rounds:
        raise CHECK.damaged("a finished round must be followed by the next one")
    if any(len(rnd) != n for rnd in state.history):
        raise CHECK.damaged("a round score needs one row per player")
    _check_conservation(state)
    for s in state.seats:
        if len(s.stok) > STOK_SIZE:
            raise CHECK.damaged("a Stok holds more than 13 cards")
        if None in s.rij and s.stok:
            raise CHECK.damaged("a Rij gap with cards left in the Stok")
    stopper = state.stop_seat
    if stopper is not None and (not isinstance(stopper, int) or not 0 <= stopper < n or state.seats[stopper].stok):
        raise CHECK.damaged("only a player with an empty Stok can have called Stop")
    _check_turn(state)


def _check_conservation(state: DuvelenState) -> None:
    """Every one of the players x 52 cards is in exactly one place."""
    placed: list[list[str]] = [[] for _ in range(state.players)]
    for seat, s in enumerate(state.seats):
        placed[seat] += s.stok + s.down + s.open + [c for c in s.rij if c is not None]
    for hoop in state.hoops:
        for rank, owner in enumerate(hoop.owners, start=1):
            placed[owner].append(card_of(rank, hoop.suit))
    for heren in state.herenhopen:
        for rank, owner in enumerate(heren.owners, start=1):
            placed[owner].append(card_of(rank, heren.suit))
    for seat, cards in enumerate(placed):
        CHECK.same_cards(cards, DECK, f"the cards of player {seat + 1} are not each in exactly one place")


def _check_turn(state: DuvelenState) -> None:
    if state.over:
        if state.turn_seat is not None:
            raise CHECK.damaged("a finished game has nobody to move")
        return
    if all(finished(state, seat) for seat in range(state.players)):
        raise CHECK.damaged("a running round in which nobody can act")
    if not state.relaxed:
        if state.turn_seat is not None:
            raise CHECK.damaged("live play has no turns")
        return
    seat = state.turn_seat
    if not isinstance(seat, int) or not 0 <= seat < state.players or finished(state, seat):
        raise CHECK.damaged("relaxed play needs a seat to move that can still act")


ENGINE = DuvelenEngine()

# The names from before the engines were named alike, for code outside the project that imports them.
State = DuvelenState

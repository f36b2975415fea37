"""Duvelen's ``hard`` computer player (``engines.levels``): determinized play-outs.

Every seat's face-down cards are hidden from everyone (no view shows them, not even the owner's),
so a world deals, for every seat, the cards of its own deck that the table does not show (its Rij,
the tops of its Stok and open Draaistok, and its cards in the middle, which the piles there record
by owner) at random under those tops, in the pile sizes the view shows; except that a card seen on
top of the open Draaistok earlier in the round and not played since lies where the fixed rules of
turning and recycling have taken it (``draai_known`` in the view: what an attentive player at the
table knows), so only the cards never seen are dealt at random, and the Stok gets only those.

Relaxed play (turns) at two players: the candidates are every play that fits now and ending the
turn without playing more ("turn": holding the rest back), plus Stop. A play is judged *alone*: in its
play-out the seat plays on only with cards that were not playable at the decision (what the play
uncovers), so "play this one" is compared with "hold everything back" card by card, and a card
that would let a rival chain their own open cards on it is kept back when that costs less than it
gives away. At three or more players (``HOLD_BACK_PLAYERS``) a card held from one rival is held
from all, and any of them may lay its own copy there first: hard holds back only where no rival
shows its own copy of a card that fits or is known to turn it up next. Where it does not hold back
it plays on as the normal player would after each candidate, so it compares only the order of its
plays (which rarely matters: every card that fits is played in the turn anyway) and Stop.

Live play (everyone at once, no turns to hold a card through): the candidates are the plays, Stop,
and turning the Draaistok over the cards that fit ("turn"); after each the seat plays on as the
normal player would, so turning is judged by what it brings up and what it keeps shut.

Every candidate is played in the same worlds, then every seat plays on with the normal player's
rules until the round ends (or ``TURNS_AHEAD`` own turns in relaxed play, ``LIVE_HORIZON`` moves
in live play), and the seat's score in the round against the best rival's is averaged. Speed is
the other half of live play: the level also sets how fast a computer reacts
(``engines.levels.PACE``).
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.duvelen import (
    DECK,
    RANKS,
    STOK_PENALTY,
    STOP_BONUS,
    TURN_COUNT,
    DuvelenState,
    Herenhoop,
    Hoop,
    Seat,
    card_of,
    parse_play,
    rank_of,
    suit_of,
)

# The play-outs follow the normal player's rules, so they read its constants and scores.
from engines.duvelen_normal import (
    PASSES_BEFORE_STUCK,
    RIVAL_STOK_ALARM,
    VERY_STUCK_FACTOR,
    WORK_BUDGET,
    choose_normal,
    decide,
    play_values,
)
from engines.rng import Rng
from engines.search import RolloutSearch

CANDIDATES = 6
# Own turns a play-out covers (the current one included; it ends as the second one does), unless
# the round ends first. Letting the rivals' replies to that second turn in as well was worse on the
# same 80 deals (seed 101: 61% against 71% of games won against normal), so it stops there.
# Other ends and values measured against this one on the same two-player deals (seed 23, safety
# stop off; this one 62.0% of the first 200 games, 64.9% of 350, 63.8% of 400): ending when the
# turn comes back to the seat (every rival replies once, a held card that still fits counted at
# its play value) 63.9% of 350, or counted 1 each 60.8% of 200; the value a smooth chance of
# finishing first (30 * tanh of the lead in totals plus round over 30 points per round left)
# 62.0% of 200, equal to this one there. None was kept.
# Worlds that keep the seen Draaistok cards where they lie (``sample_world``), same deals, safety
# stop off, 2 players: 66.4% of 400 (seed 23) against 63.8% before (paired +2.6, standard error
# 2.2); seed 101: 67.5% against 67.9% of 251; seed 102: 68.0% against 61.1% of 400 (+6.9, 2.3).
# With them 3 own turns ahead lost again (56.0% of 50 against 68.0%, seed 101).
TURNS_AHEAD = 2
# Holding back pays at two players only: at four (one hard among three normals, 200 games, seed 23)
# it won 17.2% of games, below main's 22.2%; without it 26.9% (80 games, seed 101). A card kept
# from one rival there is also kept from the rivals it would not have helped, and each of them may
# lay their own copy on the spot first. Measured again at four (seed 23, safety stop off; 36.0% of
# the first 50 games and 28.0% of 100 without holding back): 22.0% of 50 holding back as at two
# players; 24.0% of 100 when a hold had to beat playing on by two standard errors of the paired
# differences over the worlds; 23.5% of 100 with the play-outs ending when the turn comes back.
# Beyond ``HOLD_BACK_PLAYERS`` it now holds back only where no rival can take the spots
# (``_nobody_takes_the_spots``, reading the remembered Draaistok cards): at four, seed 23, safety
# stop off, 200 games, 28.2% against 22.2% for never holding back on the same deals (paired
# difference +6.0 points, standard error 3.6), while holding back everywhere with the same
# knowledge of the Draaistok won 27.5% of the first 140 (33.2% for the selective hold there);
# seed 101, 200 games: 31.0% against 26.0% (+5.0, 3.6). Play-outs of 6 own turns instead of 2 at three or
# more players (with the selective hold) measured no better on the same deals: 29.8% (seed 23),
# 27.5% (seed 101).
HOLD_BACK_PLAYERS = 2
MAX_PLIES = 400  # a round's worth of moves at most (the turn count normally ends a play-out first)
# Relaxed searches usually reach all 64 worlds within the budget (at two and four players). Taking
# a candidate over the normal player's only when it wins by one standard error of the paired
# differences over the worlds (against the winner's curse of keeping the best of noisy means) won
# 64.8% of the same 400 two-player games (seed 23, safety stop off): four games more, well within
# the noise of taking the best mean, so the best mean stays.
MAX_WORLDS = 64
END_TURN = ("turn", "pass", "done")
# Live play (issue 47): "turn" (turning the Draaistok over a card that fits) is a candidate too,
# and a play-out runs ``LIVE_HORIZON`` moves (or to the round's end) instead of ``TURNS_AHEAD`` own
# turns, which in live play end within a few moves and made a turn's play-out shorter than a
# play's. Against hard as it was (live, two players, seed 23, safety stop off, 60 games each):
# the turn alone 54.2%, the horizon alone (60) 53.3%, both with horizons 15, 30, 60, 120, 240 and
# to the round's end 65.0%, 77.5%, 78.3%, 82.5%, 81.7%, 80.0%. Playing a Draaistok card shifts which
# cards the later turns bring up (every third), which the sampled worlds know (``draai_known``):
# the yardstick turned where hard played the Draaistok card in 34 of its 49 different choices.
LIVE_HORIZON = 120


def choose_hard(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """Stop, Turn and Done as the normal player judges them; where a card fits, which to play is
    searched (in live play with Turn among the candidates)."""
    return decide(view, legal, lambda me, plays: _search_plays(view, legal, me, plays, seed, budget))


def _search_plays(view: dict[str, Any], legal: list[str], me: int, plays: list[str], seed: int, budget: Budget) -> str:
    normal_choice = choose_normal(view, legal, seed, Budget(WORK_BUDGET, seconds=None))
    if normal_choice not in plays:
        return normal_choice
    playable = frozenset(action[-2:] for action in plays)  # a play names its card last
    ranked = sorted(play_values(view, me, plays), key=lambda item: -item[0])
    candidates = [normal_choice] + [a for _, a in ranked if a != normal_choice][: CANDIDATES - 1]
    hold_back = (
        view["mode"] == "relaxed"
        and "turn" in legal
        and (view["players"] <= HOLD_BACK_PLAYERS or _nobody_takes_the_spots(view, me, playable))
        and _may_hold_back(view, me, seed)
    )
    if hold_back or (view["mode"] == "live" and "turn" in legal):
        candidates.append("turn")
    candidates += [a for a in ("stop",) if a in legal]
    if len(candidates) == 1:
        return normal_choice
    totals_ = [0.0] * len(candidates)
    rng = Rng(seed)
    for _world_index in range(MAX_WORLDS):
        world = Sim(sample_world(view, rng))
        values: list[float] = []
        for action in candidates:
            if budget.left() <= 0 or budget.out_of_time():
                budget.bound = not budget.timed_out
                return RolloutSearch.pick(candidates, totals_)
            # Where the seat may hold back, a play is judged alone (the other cards that fit now
            # are held for the rest of the turn) against holding everything back; where it never
            # does (live play, three or more players) the seat plays on as the normal player
            # would, so the candidates differ only in the order of the plays and Stop.
            card = parse_play(action)
            held = playable - {card[1]} if hold_back and card else frozenset()
            values.append(_rollout(world, me, action, held, budget))
        for index, value in enumerate(values):
            totals_[index] += value
    return RolloutSearch.pick(candidates, totals_)


def _nobody_takes_the_spots(view: dict[str, Any], me: int, cards: frozenset[str]) -> bool:
    """At three or more players a card held back from one rival is held from all, and any of them
    may lay its own copy on the spot first: hold back only when no rival shows its own copy of a
    playable card (Rij, Stok top, open Draaistok top) or is known to turn it up next (among the
    next three face-down cards of its Draaistok, ``draai_known``)."""
    for seat, s in enumerate(view["seats"]):
        if seat == me or s["done"]:
            continue
        soon = {c for c in s["rij"] if c} | {s["stok_top"], s["draai_top"]}
        soon |= set(s["draai_known"][max(0, s["draai_down"] - TURN_COUNT) : s["draai_down"]])
        if cards & soon:
            return False
    return True


def _may_hold_back(view: dict[str, Any], me: int, seed: int) -> bool:
    """Holding back (ending the turn with cards that fit) pays only while a rival still gets a
    turn before the held cards come back; and never once the seat's whole Draaistok has gone round
    without a card played (``idle_turns``), so two players holding back from each other cannot
    turn for ever. After Stop nothing can be turned, and passing with cards that fit is never
    offered: there it would only wait."""
    world = Sim(sample_world(view, Rng(seed)))  # the public parts are the same in every world
    if world.idle[me] >= _stuck_turns(world, me):
        return False
    return any(not world.finished(seat) for seat in range(world.n) if seat != me)


def _rollout(world: Sim, me: int, action: str, held: frozenset[str], budget: Budget) -> float:
    """Play ``action``, then everybody plays on by the normal player's rules (``me`` without the
    ``held`` cards for the rest of this turn) until the round ends or ``me`` has ended
    ``TURNS_AHEAD`` turns; the seat's score against the best rival's."""
    sim = world.copy()
    sim.apply(me, action)
    budget.charge()
    turns_ended = 1 if action in END_TURN else 0
    live_steps = 0
    for _ply in range(MAX_PLIES if sim.relaxed else LIVE_HORIZON):
        if sim.ended or (sim.relaxed and turns_ended >= TURNS_AHEAD):
            break
        if sim.relaxed:
            mover = sim.turn_seat
            assert mover is not None
        else:
            movers = [seat for seat in range(sim.n) if not sim.done[seat]]
            mover = movers[live_steps % len(movers)]
            live_steps += 1
        choice = rollout_policy(sim, mover, held if mover == me and turns_ended == 0 else frozenset())
        sim.apply(mover, choice)
        budget.charge()
        if mover == me and choice in END_TURN:
            turns_ended += 1
    scores = sim.scores()
    return float(scores[me] - max(s for seat, s in enumerate(scores) if seat != me))


def rollout_policy(sim: Sim, seat: int, held: frozenset[str] = frozenset()) -> str:
    """The normal player's rules (``engines.duvelen_normal.choose_normal``) read straight off a world's
    public parts, without building a view, so the play-outs' many moves cost less. Cards in
    ``held`` are not played."""
    fitting = sim.plays(seat)
    plays = [(source, card) for source, card in fitting if card not in held]
    if held and not plays and len(fitting) > len(plays):
        # Only held cards fit: end the turn (never "done", which would give them up for the round).
        return "turn" if sim.can_turn(seat) else "pass"
    stok = sim.stok
    rival_may_stop = any(
        other != seat and not sim.done[other] and len(stok[other]) <= RIVAL_STOK_ALARM for other in range(sim.n)
    )
    if sim.stop_seat is None and not stok[seat] and (not plays or rival_may_stop):
        return "stop"
    if plays:
        source, card = max(plays, key=lambda play: _play_value(sim, seat, play))  # the first of equals
        return f"{source}.{card}"
    if not sim.can_turn(seat):
        return "done"
    if _is_stuck(sim, seat) and (
        sim.idle[seat] >= VERY_STUCK_FACTOR * _stuck_turns(sim, seat)
        or all(_is_stuck(sim, other) for other in range(sim.n) if other != seat)
    ):
        return "done"
    return "turn"


def _play_value(sim: Sim, seat: int, play: tuple[str, str]) -> float:
    source, card = play
    value = 1.0
    if source == "s" or (source[0] == "r" and sim.stok[seat]):
        value += 2.0
    elif source == "d":
        value += 0.5
    if _RANK[card] == len(RANKS):
        suit = card[1]
        value += max(
            (owners.count(seat) + 1 for s, owners in sim.hoops if s == suit and len(owners) == len(RANKS) - 1),
            default=0,
        )
    return value


def _stuck_turns(sim: Sim, seat: int) -> int:
    return PASSES_BEFORE_STUCK * -(-(len(sim.down[seat]) + len(sim.open[seat])) // 3) + 1


def _is_stuck(sim: Sim, seat: int) -> bool:
    if sim.done[seat] or sim.stop_seat is not None or not (sim.down[seat] or sim.open[seat]):
        return True
    return sim.idle[seat] >= _stuck_turns(sim, seat)


def sample_world(view: dict[str, Any], rng: Rng) -> DuvelenState:
    """A whole game state consistent with ``view`` (built from the view alone)."""
    players = view["players"]
    shown: list[list[str]] = [[] for _ in range(players)]
    for hoop in view["hoops"]:
        for index, owner in enumerate(hoop["owners"]):
            shown[owner].append(card_of(index + 1, hoop["suit"]))
    for heren in view["herenhopen"]:
        for index, owner in enumerate(heren["owners"]):
            shown[owner].append(card_of(index + 1, heren["suit"]))
    seats = []
    for index, s in enumerate(view["seats"]):
        # A card seen on top of the open Draaistok this round and not played since is still in it
        # (a Draaistok card leaves only to the middle), where the fixed rules of turning and
        # recycling have moved it (``draai_known``); the cards never seen fill the Stok below its
        # top and the Draaistok's other places.
        known = set(shown[index] + [c for c in s["rij"] if c] + [c for c in (s["stok_top"], s["draai_top"]) if c])
        known |= set(s["draai_seen"])
        unseen = [card for card in DECK if card not in known]
        rng.shuffle(unseen)
        stok_rest = max(0, s["stok_count"] - 1)
        stok = unseen[:stok_rest] + ([s["stok_top"]] if s["stok_top"] else [])
        rest = iter(unseen[stok_rest:])
        draai = [card if card is not None else next(rest) for card in s["draai_known"]]
        down, opened = draai[: s["draai_down"]], draai[s["draai_down"] :]
        seats.append(Seat(stok, list(s["rij"]), down, opened, s["done"], s["idle_turns"], set(s["draai_seen"])))
    return DuvelenState(
        players=players,
        options={"rounds": view["rounds"], "mode": view["mode"]},
        rng=rng.next64(),
        round=view["round"],
        seats=seats,
        hoops=[Hoop(h["suit"], list(h["owners"])) for h in view["hoops"]],
        herenhopen=[Herenhoop(h["seat"], h["suit"], list(h["owners"])) for h in view["herenhopen"]],
        stop_seat=view["stop_seat"],
        turn_seat=view["turn_seat"],
        history=[[{"score": score} for score in rnd] for rnd in view["history"]],
    )


# ---- a lean copy of the rules for the play-outs ------------------------------------------------
# ``ENGINE._apply`` copies the whole state and re-derives every seat's actions on each move (about
# 35 us a move with the view the normal player reads); the play-outs make thousands of moves per
# decision, so they run on this mutable copy of the same rules (about 6 us a move). A test plays
# whole rounds on both and checks they agree move by move (tests/engines/test_duvelen_hard.py).

_RANK = {card: rank_of(card) for card in DECK}
_NEXT = {card: (card_of(_RANK[card] + 1, suit_of(card)) if _RANK[card] < len(RANKS) else "") for card in DECK}
_SOURCES = ("s", "r1", "r2", "r3", "r4", "d")


class Sim:
    """One world of a running round, changed in place. Lists have their top last (as ``Seat``)."""

    __slots__ = (
        "n",
        "relaxed",
        "stok",
        "rij",
        "down",
        "open",
        "done",
        "idle",
        "hoops",
        "heren",
        "need",
        "stop_seat",
        "turn_seat",
        "ended",
    )

    def __init__(self, state: DuvelenState) -> None:
        self.n = state.players
        self.relaxed = state.relaxed
        self.stok = [list(s.stok) for s in state.seats]
        self.rij = [list(s.rij) for s in state.seats]
        self.down = [list(s.down) for s in state.seats]
        self.open = [list(s.open) for s in state.seats]
        self.done = [s.done for s in state.seats]
        self.idle = [s.idle_turns for s in state.seats]
        self.hoops: list[tuple[str, list[int]]] = [(h.suit, list(h.owners)) for h in state.hoops]
        self.heren: list[tuple[int, list[int]]] = [(h.seat, h.owners) for h in state.herenhopen]
        self.need: dict[str, int] = {}  # card -> how many Hoops it fits (Aces always fit)
        for suit, owners in self.hoops:
            nxt = card_of(len(owners) + 1, suit)
            self.need[nxt] = self.need.get(nxt, 0) + 1
        self.stop_seat = state.stop_seat
        self.turn_seat = state.turn_seat
        self.ended = False

    def copy(self) -> Sim:
        new = Sim.__new__(Sim)
        new.n, new.relaxed = self.n, self.relaxed
        new.stok = [list(x) for x in self.stok]
        new.rij = [list(x) for x in self.rij]
        new.down = [list(x) for x in self.down]
        new.open = [list(x) for x in self.open]
        new.done, new.idle = list(self.done), list(self.idle)
        new.hoops = [(suit, list(owners)) for suit, owners in self.hoops]
        new.heren = list(self.heren)  # finished Herenhopen never change
        new.need = dict(self.need)
        new.stop_seat, new.turn_seat, new.ended = self.stop_seat, self.turn_seat, self.ended
        return new

    def fits(self, card: str) -> bool:
        return _RANK[card] == 1 or self.need.get(card, 0) > 0

    def plays(self, seat: int) -> list[tuple[str, str]]:
        out = []
        stok, opened = self.stok[seat], self.open[seat]
        if stok and self.fits(stok[-1]):
            out.append(("s", stok[-1]))
        for index, card in enumerate(self.rij[seat]):
            if card is not None and self.fits(card):
                out.append((_SOURCES[index + 1], card))
        if opened and self.fits(opened[-1]):
            out.append(("d", opened[-1]))
        return out

    def can_turn(self, seat: int) -> bool:
        return self.stop_seat is None and bool(self.down[seat] or self.open[seat])

    def finished(self, seat: int) -> bool:
        if self.done[seat]:
            return True
        if self.can_turn(seat) or (self.stop_seat is None and not self.stok[seat]):
            return False
        return not self.plays(seat)

    def next_turn_seat(self, after: int) -> int | None:
        for step in range(1, self.n + 1):
            seat = (after + step) % self.n
            if not self.finished(seat):
                return seat
        return None

    def apply(self, seat: int, action: str) -> None:
        if action == "turn":
            down, opened = self.down[seat], self.open[seat]
            if not down:
                # The engine's ``_recycled``: turned over, then the new top card to the bottom.
                down[:] = [opened[0], *opened[:0:-1]] if opened else []
                opened.clear()
            for _ in range(min(3, len(down))):
                opened.append(down.pop())
            self.idle[seat] += 1
        elif action == "stop":
            self.stop_seat = seat
        elif action == "done":
            self.done[seat] = True
        elif action != "pass":
            self.play(seat, action[:-3], action[-2:])
        if self.stop_seat is not None:
            for other in range(self.n):
                if not self.open[other] and self.down[other]:
                    self.open[other], self.down[other] = self.down[other], []
        if self.relaxed and action in END_TURN:
            following = self.next_turn_seat(seat)
            self.turn_seat = following if following is not None else seat
        if all(self.finished(other) for other in range(self.n)):
            self.ended = True
        elif self.relaxed and self.turn_seat is not None and self.finished(self.turn_seat):
            self.turn_seat = self.next_turn_seat(self.turn_seat)

    def play(self, seat: int, source: str, card: str) -> None:
        if source == "s":
            self.stok[seat].pop()
        elif source == "d":
            self.open[seat].pop()
        else:
            stok = self.stok[seat]
            self.rij[seat][int(source[1]) - 1] = stok.pop() if stok else None
        rank, suit = _RANK[card], card[1]
        if rank == 1:
            self.hoops.append((suit, [seat]))
            nxt = _NEXT[card]
            self.need[nxt] = self.need.get(nxt, 0) + 1
        else:
            fitting = [i for i, (s, owners) in enumerate(self.hoops) if s == suit and len(owners) == rank - 1]
            index = max(fitting, key=lambda i: (self.hoops[i][1].count(seat), -i))
            owners = self.hoops[index][1]
            owners.append(seat)
            self.need[card] -= 1
            if rank == len(RANKS):
                del self.hoops[index]
                self.heren.append((seat, owners))
            else:
                nxt = _NEXT[card]
                self.need[nxt] = self.need.get(nxt, 0) + 1
        for other in range(self.n):
            self.idle[other] = 0

    def scores(self) -> list[int]:
        """The round as it stands, scored as ``round_breakdown`` does."""
        out = [-STOK_PENALTY * len(stok) for stok in self.stok]
        for _suit, owners in self.hoops:
            for owner in owners:
                out[owner] += 1
        for seat, owners in self.heren:
            for owner in owners:
                out[owner] += 2 if owner == seat else 1
        if self.stop_seat is not None:
            out[self.stop_seat] += STOP_BONUS
        return out

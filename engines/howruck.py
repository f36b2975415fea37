"""How Ruck! (Richard Borg, Kosmos 2002): two clans, a tug of war, the first to 3 whisky barrels.

The rules are ../shared/rules/howruck.md; the cards are data in ``engines/howruck_cards.py``.
Seat 0 is player A (goal field 1, start field 6, side ``a`` of the rope), seat 1 is player B (goal
12, start 7, side ``b``). Fields are named by side and colour: ``ar ab ag br bb bg``.

Each round has two phases.

**Forming the teams** is simultaneous: both seats are in ``to_move`` and the table flow applies
their actions in the order they arrive, which is what makes it a race.
- ``keep:3:a`` / ``keep:3:b``: of your 3rd pair, keep the first / second card for your own team
  and give the other one to the opponent's team. The next pair is then taken up from your stack.
  The pair number makes a repeated or late click illegal instead of splitting a pair the player
  never saw (the table flow accepts clicks on older boards in simultaneous games). A pair of
  identical cards offers only the ``a`` choice.
- ``stop``: legal once all your own 20 cards are split. Finishing does not call Stop by itself.
- **Ruling (the first Stop wins):** the seat whose ``stop`` is applied first is the faster player,
  even if the opponent has also split all their cards by then. The tie-break draw (two of the 15
  set-aside cards, one per seat; higher value wins, action cards count 0; on equal value
  white > red > blue > green > action card; still equal: draw again; the cards go back) is only
  for two Stops handled as one (``stops_together``); the table applies actions one at a time, so
  in play that never happens.
  The slower one may then split only the pair in hand;
  the faster one splits the rest of the slower one's stack with ``rest:7:a`` / ``rest:7:b`` (the
  slower one's 7th pair: keep one card, give the other to the slower player). The tug starts as soon
  as neither has anything left to split.
- Option ``learning`` skips forming in the first round: the 20 dealt cards are the draw pile, a
  random seat puts the barrel on its start field and the other seat begins.

**The tug** is turn based. An action names a card by its code (see howruck_cards) and a choice:
- ``R2:br``  a man onto a field of its colour, either side (``R2:ar`` or ``R2:br``);
- ``W3h:ag`` a white card (dame or Nessie) onto any of the six fields;
- ``AD``, ``HR``, ``MM``, ``ZW``, ``TB``, ``MO``, ``VS``: play the action card and carry it out;
- ``TZ:3`` Tot ziens naming a value (only values showing on a top card are offered: naming
  another value would do nothing, which is what declining does);
- ``WK:ar-br`` Wisselen van kant: move the top card of one field to the other side (a man onto
  its colour's field, a white card onto any field there);
- ``VT:2`` Vuile truc: take the opponent's 2nd hand card, blind (hands are held in the order the
  cards were drawn). The stolen card is then public and pending; the same seat plays it at once
  with its own action (``G1:ag``, ``TZ:1``, ``AD:x`` ...). Under this card set every card can be
  played (a man always has its colour's field on each side, an action can be declined), so the
  rulebook's "if it cannot be played, discard it" never arises. The thief draws only once, for
  the Vuile truc; the victim draws no replacement;
- ``XX:x`` any action card played but declined (onto the discard pile, no effect).
Identical copies of a card share a code and therefore the same actions.

**Rulings beyond the rules page**
- Only a card *laid* from hand (or a stolen card laid by the thief) with the "How Ruck!" label
  triggers a comparison; a labelled card moved by Wisselen van kant does not.
- Mucho Macho and Tot ziens remove the top cards present when played (one layer); what they
  uncover stays. Tot ziens never removes a printed Scot, so naming 2 leaves empty fields at 2.
- The barrel stops on a goal field ("reaches or passes" wins; it cannot go beyond the track).
- A player whose hand is empty passes automatically (event ``pass``); when both hands are empty
  the barrel's half decides (fields 1-6 A, 7-12 B). The middle has no neutral field.
- The pending stolen card is public (it is being played face up).
- Legal actions come in hand order (the order the cards were drawn), own side of the rope first.

**The view** (``view(state, seat)``; card codes only, never ids):
- ``game``, ``seat`` (the viewer or None), ``round``, ``phase`` (forming / tug / over),
  ``barrels`` (won per seat), ``barrels_to_win``, ``learning``, ``winner``, ``to_move``;
- ``forming`` (None outside forming): ``faster`` (seat that called Stop first, or won the draw),
  ``splits`` (own pairs split per seat), ``rest_splits`` (pairs the faster split for the slower),
  ``stack`` (unsplit cards per stack, pair in hand excluded), ``holding`` (a pair in hand per
  seat), ``team`` (cards in each seat's two team piles so far);
- ``tug`` (None while forming): ``barrel`` (1..12), ``starter``, ``turn``, ``fields`` (field ->
  stack of codes, bottom first), ``strength`` per side, ``hands`` and ``piles`` (counts),
  ``discard`` (codes, oldest first), ``pending`` ({seat, card} of a stolen card or None);
- ``last``: the public events of the last action;
- ``private`` (None for spectators): ``hand`` (codes in hand order), ``pair`` (the pair in hand
  while forming), ``rest_pair`` (the faster one's current pair from the slower one's stack),
  ``kept`` and ``given`` (this round's cards this seat kept and gave while forming, sorted).
The other hand, the draw piles, the preparation stacks and the set-aside cards appear only as counts.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any, TypedDict, cast

from engines.base import Deadline, Engine, Event, Outcome, ViewEnvelope
from engines.errors import BadOption, GameOver, IllegalAction
from engines.howruck_cards import (
    CARDS,
    DECK_SIZE,
    EMPTY_FIELD_VALUE,
    MEN_COLOURS,
    Card,
    code_of,
    tiebreak_key,
)
from engines.load_checks import LoadCheck
from engines.rng import Rng

SIDES = ("a", "b")
FIELDS = tuple(side + colour for side in SIDES for colour in MEN_COLOURS)
SIDE_FIELDS = {side: tuple(side + colour for colour in MEN_COLOURS) for side in SIDES}
TRACK_LENGTH = 12
GOAL = (1, TRACK_LENGTH)
START = (6, 7)
PREP_SIZE = 20
HAND_SIZE = 6
REINFORCEMENTS = 3
ADRENALINE_STEPS = 2
DEFAULT_BARRELS_TO_WIN = 3
MAX_BARRELS_TO_WIN = 3  # the box holds 5 barrels: enough for a first-to-3 match, not more
PAIR_CHOICES = ("a", "b")
STOP = "stop"
DECLINE = "x"

HowRuckState = dict[str, Any]
# What an action card's handler returns: (seat, reason) when the card ends the tug, else None.
ActionHandler = Callable[[HowRuckState, int, str, list[Event]], "tuple[int, str] | None"]


# ---- small pure helpers (the renderer and the computer player use some of them too) -----------


def side_of(seat: int) -> str:
    return SIDES[seat]


def own_sides_first(seat: int) -> tuple[str, str]:
    return (SIDES[seat], SIDES[1 - seat])


def side_strength(
    fields: dict[str, list[Any]], side: str, value_of: Callable[[Any], int] = lambda cid: CARDS[cid].value
) -> int:
    """Sum of the three top cards on one side of the rope; an empty field counts as its printed Scot.
    A plain loop over the side's fields: the hard computer player's play-outs ask this of every board
    they score (a generator over the three fields cost a sixth of How Ruck!'s play-outs)."""
    total = 0
    for name in SIDE_FIELDS[side]:
        stack = fields[name]
        total += value_of(stack[-1]) if stack else EMPTY_FIELD_VALUE
    return total


def barrel_after(barrel: int, toward_seat: int, steps: int) -> int:
    moved = barrel - steps if toward_seat == 0 else barrel + steps
    return max(GOAL[0], min(GOAL[1], moved))


def half_of(barrel: int) -> int:
    return 0 if barrel <= START[0] else 1


def _clone(obj: Any) -> Any:
    """A deep copy of plain JSON-like data; marshal does it in C, many times faster than deepcopy."""
    return marshal.loads(marshal.dumps(obj))


def _codes(ids: list[int]) -> list[str]:
    return [code_of(cid) for cid in ids]


def _joined(ids: list[int]) -> str:
    return ",".join(_codes(ids))


def text_colour(card_id: int) -> str:
    """A card's colour as event texts select on it: r b g w, n for Nessie, x for an action card."""
    c = CARDS[card_id]
    if c.kind == "nessie":
        return "n"
    return c.colour or "x"


def _card_params(card_id: int, suffix: str = "") -> dict[str, Any]:
    return {
        f"card{suffix}": code_of(card_id),
        f"colour{suffix}": text_colour(card_id),
        f"value{suffix}": CARDS[card_id].value,
    }


# ---- the view --------------------------------------------------------------------------------
class HowRuckForming(TypedDict):
    faster: int | None
    splits: list[int]
    rest_splits: int
    stack: list[int]  # cards left to split, per seat
    holding: list[bool]  # per seat: a pair in hand
    team: list[int]  # team sizes so far


class HowRuckTug(TypedDict):
    barrel: int
    starter: int
    turn: int
    fields: dict[str, list[str]]  # field -> card codes laid there, bottom up
    strength: list[int]  # per side
    hands: list[int]  # hand sizes
    piles: list[int]  # reinforcement pile sizes
    discard: list[str]
    pending: dict[str, Any] | None  # {"seat", "card"}: a stolen card waiting for its new owner


class HowRuckPublic(TypedDict):
    game: str
    round: int
    phase: str  # "forming", "tug" or "over"
    barrels: list[int]
    barrels_to_win: int
    learning: bool
    winner: int | None
    forming: HowRuckForming | None
    tug: HowRuckTug | None


class HowRuckPrivate(TypedDict):
    hand: list[str]  # the tug's hand
    pair: list[str]  # the pair to split now (forming)
    rest_pair: list[str]  # the faster seat splits the slower one's last pair (forming)
    kept: list[str]  # own team so far: cards kept
    given: list[str]  # cards given to the other team


class HowRuckView(HowRuckPublic, ViewEnvelope[HowRuckPrivate]):
    pass


class HowRuckEngine(Engine[HowRuckState, "HowRuckView"]):
    name = "howruck"
    min_players = 2
    max_players = 2
    simultaneous = True
    dump_version = 1

    # ---- options and setup -------------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        options = dict(options or {})
        unknown = sorted(set(options) - {"learning", "barrels_to_win"})
        if unknown:
            raise BadOption(f"Unknown option: {', '.join(unknown)}.", "unknown-option", option=unknown[0])
        learning = options.get("learning", False)
        if not isinstance(learning, bool):
            raise BadOption("The option learning must be true or false.", "learning")
        target = options.get("barrels_to_win", DEFAULT_BARRELS_TO_WIN)
        if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= MAX_BARRELS_TO_WIN:
            raise BadOption(
                f"barrels_to_win must be a whole number from 1 to {MAX_BARRELS_TO_WIN}.",
                "barrels-to-win",
                max=MAX_BARRELS_TO_WIN,
            )
        return {"learning": learning, "barrels_to_win": target}

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> tuple[HowRuckState, list[Event]]:
        if players != 2:
            raise BadOption("How Ruck! is a game for exactly 2 players.", "players", players=players)
        state: HowRuckState = {
            "options": self.normalize_options(options or {}),
            "rng": Rng(seed).next64(),
            "round": 0,
            "barrels": [0, 0],
            "phase": "forming",
            "winner": None,
            "aside": [],
            "forming": None,
            "tug": None,
            "last": [],
        }
        events: list[Event] = []
        self._start_round(state, 1, events)
        state["last"] = events
        return state, list(events)

    def players(self, state: HowRuckState) -> int:
        return 2

    # ---- whose move, which moves ---------------------------------------------------------------
    def to_move(self, state: HowRuckState) -> frozenset[int]:
        return frozenset(seat for seat in (0, 1) if self.legal_actions(state, seat))

    def deadline(self, state: HowRuckState) -> Deadline:
        # The team-forming race is live play with the table's short lull; the tug is
        # turn-based and waits on the table's move deadline.
        return Deadline(self.to_move(state), lull=state["phase"] == "forming")

    def timeout(self, state: HowRuckState) -> tuple[HowRuckState, list[Event]]:
        """Ruling (online): the team-forming race stalls when nobody splits a pair for the table's
        lull. Then every remaining split is made as dealt: each pair's first card is kept
        and its second given, the seat further ahead splitting first (seat 0 on equal progress).
        So whoever was ahead finishes and calls Stop first, as they would have, with no tie
        draw, and then splits the other's rest the same way until the tug starts. The rules
        decide, not a computer player's judgement, so a replay needs nothing but the log."""
        if state["phase"] != "forming":
            raise IllegalAction("Only the team-forming race has a lull.", "no-timeout")
        events: list[Event] = [{"type": "forming-timeout"}]
        for _ in range(4 * PREP_SIZE):  # more than the splits and Stops there can be
            if state["phase"] != "forming":
                break
            forming = state["forming"]
            progress = {s: forming["splits"][s] + (PREP_SIZE if forming["faster"] == s else 0) for s in (0, 1)}
            seat = min(self.to_move(state), key=lambda s: (-progress[s], s))
            state, more = self.apply(state, seat, self.legal_actions(state, seat)[0])
            events += more
        return state, events

    def legal_actions(self, state: HowRuckState, seat: int) -> list[str]:
        if state["phase"] == "forming":
            return self._forming_actions(state["forming"], seat)
        if state["phase"] == "tug":
            return self._tug_actions(state["tug"], seat)
        return []

    @classmethod
    def _forming_actions(cls, forming: HowRuckState, seat: int) -> list[str]:
        other = 1 - seat
        own = cls._keep_choices("keep", forming["splits"][seat] + 1, forming["pair"][seat])
        if forming["faster"] is None:
            return own or [STOP]
        if forming["faster"] == seat:
            rest = forming["prep"][other]
            return cls._keep_choices("rest", (PREP_SIZE - len(rest)) // 2 + 1, rest[:2])
        return own

    @staticmethod
    def _keep_choices(verb: str, number: int, pair: list[int]) -> list[str]:
        if not pair:
            return []
        # Two copies of the same card: keeping either is the same move, so offer it once.
        choices = PAIR_CHOICES[:1] if code_of(pair[0]) == code_of(pair[1]) else PAIR_CHOICES
        return [f"{verb}:{number}:{choice}" for choice in choices]

    def _tug_actions(self, tug: HowRuckState, seat: int) -> list[str]:
        pending = tug["pending"]
        if pending is not None:
            return self._card_options(tug, seat, pending["card"]) if pending["seat"] == seat else []
        if tug["turn"] != seat:
            return []
        actions: list[str] = []
        seen: set[str] = set()
        for cid in tug["hands"][seat]:
            if code_of(cid) not in seen:
                seen.add(code_of(cid))
                actions.extend(self._card_options(tug, seat, cid))
        return actions

    def _card_options(self, tug: HowRuckState, seat: int, cid: int) -> list[str]:
        card = CARDS[cid]
        code = card.code
        if card.kind == "man":
            return [f"{code}:{side}{card.colour}" for side in own_sides_first(seat)]
        if card.is_scot:
            return [f"{code}:{field}" for side in own_sides_first(seat) for field in self._side_fields(side)]
        decline = f"{code}:{DECLINE}"
        if card.action == "VT":
            victim_hand = tug["hands"][1 - seat]
            return [f"VT:{pos}" for pos in range(1, len(victim_hand) + 1)] + [decline]
        if card.action == "TZ":
            values = sorted({CARDS[stack[-1]].value for stack in tug["fields"].values() if stack})
            return [f"TZ:{value}" for value in values] + [decline]
        if card.action == "WK":
            return self._switch_options(tug) + [decline]
        return [code, decline]

    @staticmethod
    def _side_fields(side: str) -> list[str]:
        return [side + colour for colour in MEN_COLOURS]

    def _switch_options(self, tug: HowRuckState) -> list[str]:
        options: list[str] = []
        for source in FIELDS:
            stack = tug["fields"][source]
            if not stack:
                continue
            moved = CARDS[stack[-1]]
            other_side = SIDES[1 - SIDES.index(source[0])]
            targets = [other_side + moved.colour] if moved.kind == "man" else self._side_fields(other_side)
            options.extend(f"WK:{source}-{target}" for target in targets)
        return options

    # ---- applying ------------------------------------------------------------------------------
    def _apply(self, state: HowRuckState, seat: int, action: str) -> tuple[HowRuckState, list[Event]]:
        state = _clone(state)
        events: list[Event] = []
        if state["phase"] == "forming":
            self._apply_forming(state, seat, action, events)
        else:
            self._apply_tug(state, seat, action, events)
        state["last"] = _clone(events)
        return state, events

    # forming the teams
    def _apply_forming(self, state: HowRuckState, seat: int, action: str, events: list[Event]) -> None:
        forming = state["forming"]
        if action == STOP:
            self._call_stop(state, seat, events)
        elif action.startswith("rest:"):
            self._split_rest(forming, seat, PAIR_CHOICES.index(action[-1]), events)
        else:
            self._split_own(forming, seat, PAIR_CHOICES.index(action[-1]), events)
        if not any(self._forming_actions(forming, s) for s in (0, 1)):
            self._start_tug_after_forming(state, events)

    @staticmethod
    def _split(forming: HowRuckState, seat: int, pair: list[int], keep: int) -> None:
        forming["kept"][seat].append(pair[keep])
        forming["given"][seat].append(pair[1 - keep])

    def _split_own(self, forming: HowRuckState, seat: int, keep: int, events: list[Event]) -> None:
        self._split(forming, seat, forming["pair"][seat], keep)
        forming["splits"][seat] += 1
        # Before Stop the next pair is taken up at once; after Stop the slower one's stack is no
        # longer theirs to split.
        if forming["faster"] is None:
            forming["pair"][seat] = forming["prep"][seat][:2]
            forming["prep"][seat] = forming["prep"][seat][2:]
        else:
            forming["pair"][seat] = []
        events.append({"type": "split", "seat": seat, "done": forming["splits"][seat]})

    def _split_rest(self, forming: HowRuckState, seat: int, keep: int, events: list[Event]) -> None:
        other = 1 - seat
        pair = forming["prep"][other][:2]
        forming["prep"][other] = forming["prep"][other][2:]
        self._split(forming, seat, pair, keep)
        forming["rest_splits"] += 1
        events.append({"type": "split-rest", "seat": seat, "other_seat": other, "left": len(forming["prep"][other])})

    def _call_stop(self, state: HowRuckState, seat: int, events: list[Event]) -> None:
        # The first Stop applied wins, whether or not the other seat has finished splitting too.
        forming = state["forming"]
        forming["faster"] = seat
        events.append({"type": "stop", "seat": seat, "other_seat": 1 - seat})

    def stops_together(self, state: HowRuckState) -> tuple[HowRuckState, list[Event]]:
        """Both seats' Stops handled as one: the tie-break draw decides who is the faster one.

        The table applies actions one at a time (the first Stop wins), so this is the rule for a
        table that could receive two Stops at once; both seats must be able to call Stop."""
        if self.outcome(state) is not None:
            raise GameOver("The game is over.", "game-over")
        if any(STOP not in self.legal_actions(state, s) for s in (0, 1)):
            raise IllegalAction("Both players must be able to call Stop.", "illegal", action=STOP)
        state = _clone(state)
        events: list[Event] = [{"type": "stop-tie", "seat": 0, "other_seat": 1}]
        state["forming"]["faster"] = self._tiebreak(state, events)
        self._start_tug_after_forming(state, events)
        state["last"] = _clone(events)
        return state, events

    @staticmethod
    def _tiebreak(state: HowRuckState, events: list[Event]) -> int:
        rng = Rng(state["rng"])
        aside = state["aside"]
        while True:
            first = rng.below(len(aside))
            second = rng.below(len(aside) - 1)
            second += second >= first
            drawn = (aside[first], aside[second])
            events.append(
                {
                    "type": "tiebreak-draw",
                    "a_seat": 0,
                    "b_seat": 1,
                    **_card_params(drawn[0], "_a"),
                    **_card_params(drawn[1], "_b"),
                }
            )
            keys = (tiebreak_key(drawn[0]), tiebreak_key(drawn[1]))
            if keys[0] != keys[1]:
                break
        state["rng"] = rng.state
        winner = 0 if keys[0] > keys[1] else 1
        events.append({"type": "tiebreak-won", "seat": winner})
        return winner

    def _start_tug_after_forming(self, state: HowRuckState, events: list[Event]) -> None:
        forming = state["forming"]
        faster = forming["faster"]
        rng = Rng(state["rng"])
        piles = []
        for seat in (0, 1):
            team = forming["kept"][seat] + forming["given"][1 - seat]
            rng.shuffle(team)
            piles.append(team)
        state["rng"] = rng.state
        memory = [{"kept": sorted(forming["kept"][s]), "given": sorted(forming["given"][s])} for s in (0, 1)]
        state["forming"] = None
        self._start_tug(state, piles, barrel_seat=faster, starter=faster, memory=memory, events=events)

    # rounds
    def _start_round(self, state: HowRuckState, number: int, events: list[Event]) -> None:
        state["round"] = number
        rng = Rng(state["rng"])
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        preps = [deck[:PREP_SIZE], deck[PREP_SIZE : 2 * PREP_SIZE]]
        state["aside"] = deck[2 * PREP_SIZE :]
        state["tug"] = None
        state["phase"] = "forming"
        events.append({"type": "round-start", "round": number})
        if number == 1 and state["options"]["learning"]:
            barrel_seat = rng.below(2)
            state["rng"] = rng.state
            state["forming"] = None
            empty: list[dict[str, list[int]]] = [{"kept": [], "given": []}, {"kept": [], "given": []}]
            self._start_tug(state, preps, barrel_seat=barrel_seat, starter=1 - barrel_seat, memory=empty, events=events)
            return
        state["rng"] = rng.state
        state["forming"] = {
            "prep": [p[2:] for p in preps],
            "pair": [p[:2] for p in preps],
            "kept": [[], []],
            "given": [[], []],
            "splits": [0, 0],
            "faster": None,
            "rest_splits": 0,
        }

    @staticmethod
    def _start_tug(
        state: HowRuckState,
        piles: list[list[int]],
        *,
        barrel_seat: int,
        starter: int,
        memory: list[dict[str, list[int]]],
        events: list[Event],
    ) -> None:
        state["phase"] = "tug"
        state["tug"] = {
            "barrel": START[barrel_seat],
            "starter": starter,
            "turn": starter,
            "hands": [pile[:HAND_SIZE] for pile in piles],
            "piles": [pile[HAND_SIZE:] for pile in piles],
            "fields": {field: [] for field in FIELDS},
            "discard": [],
            "pending": None,
            "memory": memory,
        }
        events.append({"type": "tug-start", "seat": starter, "barrel_seat": barrel_seat, "barrel": START[barrel_seat]})

    def _end_round(self, state: HowRuckState, winner: int, reason: str, events: list[Event]) -> None:
        state["barrels"][winner] += 1
        events.append({"type": "round-won", "seat": winner, "reason": reason, "barrels": state["barrels"][winner]})
        if state["barrels"][winner] >= state["options"]["barrels_to_win"]:
            state["phase"] = "over"
            state["winner"] = winner
            state["tug"]["turn"] = None
            state["tug"]["pending"] = None
            events.append({"type": "game-won", "seat": winner, "barrels": state["barrels"][winner]})
            return
        self._start_round(state, state["round"] + 1, events)

    # the tug
    def _apply_tug(self, state: HowRuckState, seat: int, action: str, events: list[Event]) -> None:
        tug = state["tug"]
        code, _, choice = action.partition(":")
        if tug["pending"] is not None:
            cid = tug["pending"]["card"]
            tug["pending"] = None
        else:
            hand = tug["hands"][seat]
            cid = hand.pop(next(i for i, c in enumerate(hand) if code_of(c) == code))
        result = self._play_card(tug, seat, cid, choice, events)
        if result is None and tug["pending"] is None:
            result = self._end_turn(tug, seat, events)
        if result is not None:
            self._end_round(state, result[0], result[1], events)

    def _play_card(
        self, tug: HowRuckState, seat: int, cid: int, choice: str, events: list[Event]
    ) -> tuple[int, str] | None:
        """Lay or carry out one card; the round's winner and reason if it ended the round."""
        card = CARDS[cid]
        if card.is_scot:
            tug["fields"][choice].append(cid)
            events.append(
                {
                    "type": "play",
                    "seat": seat,
                    **_card_params(cid),
                    "side_seat": SIDES.index(choice[0]),
                    "field": choice[1],
                }
            )
            return self._compare(tug, seat, weakest=False, events=events) if card.howruck else None
        tug["discard"].append(cid)
        events.append({"type": "action", "seat": seat, "card": card.code})
        if choice == DECLINE:
            events.append({"type": "decline", "seat": seat, "card": card.code})
            return None
        # Every action card has its ``_action_<code>`` below.
        handler: ActionHandler = getattr(self, f"_action_{cast(str, card.action).lower()}")
        return handler(tug, seat, choice, events)

    def _end_turn(self, tug: HowRuckState, seat: int, events: list[Event]) -> tuple[int, str] | None:
        if tug["piles"][seat]:
            tug["hands"][seat].append(tug["piles"][seat].pop(0))
        other = 1 - seat
        if tug["hands"][other]:
            tug["turn"] = other
            return None
        if tug["hands"][seat]:
            events.append({"type": "pass", "seat": other})
            tug["turn"] = seat
            return None
        return (half_of(tug["barrel"]), "half")

    @staticmethod
    def _pull(tug: HowRuckState, toward: int, steps: int) -> tuple[int, str] | None:
        tug["barrel"] = barrel_after(tug["barrel"], toward, steps)
        return (toward, "goal") if tug["barrel"] == GOAL[toward] else None

    def _compare(self, tug: HowRuckState, seat: int, *, weakest: bool, events: list[Event]) -> tuple[int, str] | None:
        strength_a = side_strength(tug["fields"], "a")
        strength_b = side_strength(tug["fields"], "b")
        base = {"seat": seat, "a_seat": 0, "a": strength_a, "b_seat": 1, "b": strength_b}
        if strength_a == strength_b:
            events.append({"type": "compare-even", **base})
            return None
        stronger = 0 if strength_a > strength_b else 1
        toward = 1 - stronger if weakest else stronger
        pull = abs(strength_a - strength_b)
        result = self._pull(tug, toward, pull)
        events.append(
            {
                "type": "compare-weakest" if weakest else "compare",
                **base,
                "pull": pull,
                "toward_seat": toward,
                "barrel": tug["barrel"],
            }
        )
        return result

    # the ten action cards: (tug, seat, choice, events) -> round result or None
    def _action_ad(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        result = self._pull(tug, seat, ADRENALINE_STEPS)
        events.append({"type": "adrenaline", "seat": seat, "steps": ADRENALINE_STEPS, "barrel": tug["barrel"]})
        return result

    def _action_vt(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        victim = 1 - seat
        position = int(choice)
        stolen = tug["hands"][victim].pop(position - 1)
        tug["pending"] = {"seat": seat, "card": stolen}
        events.append(
            {"type": "steal", "seat": seat, "victim_seat": victim, "position": position, "card": code_of(stolen)}
        )
        return None

    def _action_hr(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        return self._compare(tug, seat, weakest=False, events=events)

    def _action_zw(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        return self._compare(tug, seat, weakest=True, events=events)

    def _action_mm(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        removed = self._discard_tops(tug, lambda card: card.kind == "dame")
        events.append({"type": "mucho-macho", "seat": seat, "count": len(removed), "cards": _joined(removed)})
        return None

    def _action_tz(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        value = int(choice)
        removed = self._discard_tops(tug, lambda card: card.value == value)
        events.append(
            {"type": "tot-ziens", "seat": seat, "value": value, "count": len(removed), "cards": _joined(removed)}
        )
        return None

    @staticmethod
    def _discard_tops(tug: HowRuckState, doomed: Callable[[Card], bool]) -> list[int]:
        removed = []
        for field in FIELDS:
            stack = tug["fields"][field]
            if stack and doomed(CARDS[stack[-1]]):
                removed.append(stack.pop())
        tug["discard"].extend(removed)
        return removed

    def _action_tb(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        tug["barrel"] = START[seat]
        events.append({"type": "rope-breaks", "seat": seat, "barrel": tug["barrel"]})
        return None

    def _action_wk(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        source, target = choice.split("-")
        moved = tug["fields"][source].pop()
        tug["fields"][target].append(moved)
        events.append(
            {
                "type": "switch",
                "seat": seat,
                **_card_params(moved),
                "from_seat": SIDES.index(source[0]),
                "from_field": source[1],
                "to_seat": SIDES.index(target[0]),
                "to_field": target[1],
            }
        )
        return None

    def _action_mo(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        victim = 1 - seat
        hit = any(
            tug["fields"][field] and CARDS[tug["fields"][field][-1]].kind == "nessie"
            for field in self._side_fields(SIDES[victim])
        )
        events.append({"type": "monster-hit" if hit else "monster-miss", "seat": seat, "victim_seat": victim})
        return (seat, "monster") if hit else None

    def _action_vs(self, tug: HowRuckState, seat: int, choice: str, events: list[Event]) -> tuple[int, str] | None:
        pile = tug["piles"][seat]
        taken = pile[:REINFORCEMENTS]
        tug["piles"][seat] = pile[REINFORCEMENTS:]
        tug["hands"][seat].extend(taken)
        events.append({"type": "reinforce", "seat": seat, "count": len(taken)})
        return None

    # ---- what a seat may see -------------------------------------------------------------------
    def _public_view(self, state: HowRuckState) -> HowRuckPublic:
        tug = state["tug"]
        forming = state["forming"]
        return {
            "game": self.name,
            "round": state["round"],
            "phase": state["phase"],
            "barrels": list(state["barrels"]),
            "barrels_to_win": state["options"]["barrels_to_win"],
            "learning": state["options"]["learning"],
            "winner": state["winner"],
            "forming": self._public_forming(forming) if forming else None,
            "tug": self._public_tug(tug) if tug else None,
        }

    def _private_view(self, state: HowRuckState, seat: int) -> HowRuckPrivate:
        return self._private(state, seat)

    def _last_events(self, state: HowRuckState) -> list[Event]:
        return list(state["last"])

    @staticmethod
    def _public_forming(forming: HowRuckState) -> HowRuckForming:
        return {
            "faster": forming["faster"],
            "splits": list(forming["splits"]),
            "rest_splits": forming["rest_splits"],
            "stack": [len(forming["prep"][s]) for s in (0, 1)],
            "holding": [bool(forming["pair"][s]) for s in (0, 1)],
            "team": [len(forming["kept"][s]) + len(forming["given"][1 - s]) for s in (0, 1)],
        }

    @staticmethod
    def _public_tug(tug: HowRuckState) -> HowRuckTug:
        return {
            "barrel": tug["barrel"],
            "starter": tug["starter"],
            "turn": tug["turn"],
            "fields": {field: _codes(stack) for field, stack in tug["fields"].items()},
            "strength": [side_strength(tug["fields"], side) for side in SIDES],
            "hands": [len(hand) for hand in tug["hands"]],
            "piles": [len(pile) for pile in tug["piles"]],
            "discard": _codes(tug["discard"]),
            "pending": None
            if tug["pending"] is None
            else {"seat": tug["pending"]["seat"], "card": code_of(tug["pending"]["card"])},
        }

    @staticmethod
    def _private(state: HowRuckState, seat: int) -> HowRuckPrivate:
        forming = state["forming"]
        tug = state["tug"]
        private: HowRuckPrivate = {"hand": [], "pair": [], "rest_pair": [], "kept": [], "given": []}
        if forming is not None:
            private["pair"] = _codes(forming["pair"][seat])
            if forming["faster"] == seat:
                private["rest_pair"] = _codes(forming["prep"][1 - seat][:2])
            private["kept"] = sorted(_codes(forming["kept"][seat]))
            private["given"] = sorted(_codes(forming["given"][seat]))
        elif tug is not None:
            private["hand"] = _codes(tug["hands"][seat])
            private["kept"] = sorted(_codes(tug["memory"][seat]["kept"]))
            private["given"] = sorted(_codes(tug["memory"][seat]["given"]))
        return private

    # ---- result ----------------------------------------------------------------------------------
    def scores_now(self, state: HowRuckState) -> list[float]:
        """Barrels won so far."""
        return [float(b) for b in state["barrels"]]

    def outcome(self, state: HowRuckState) -> Outcome | None:
        if state["phase"] != "over":
            return None
        winner = state["winner"]
        placements = [1 if seat == winner else 2 for seat in (0, 1)]
        return Outcome(
            placements=placements,
            scores=[float(b) for b in state["barrels"]],
            detail={"rounds": state["round"], "barrels": list(state["barrels"])},
        )

    # ---- storage -----------------------------------------------------------------------------
    def _dump(self, state: HowRuckState) -> dict[str, Any]:
        dumped: dict[str, Any] = _clone(state)
        return dumped

    def _load(self, data: dict[str, Any]) -> HowRuckState:
        state = {key: data[key] for key in _STATE_KEYS}
        _Checker(self, state).check()
        return state


_STATE_KEYS = ("options", "rng", "round", "barrels", "phase", "winner", "aside", "forming", "tug", "last")


CHECK = LoadCheck("howruck")


class _Checker:
    """The invariants ``_load`` insists on, each failure a ``BadState`` naming what is wrong."""

    def __init__(self, engine: HowRuckEngine, state: HowRuckState) -> None:
        self.engine = engine
        self.state = state

    def check(self) -> None:
        st = self.state
        CHECK.options(st["options"], self.engine.normalize_options, complete=True)
        CHECK.generator(st["rng"])
        CHECK.whole(st["round"], "round number", low=1)
        CHECK.events(st["last"])
        self.check_barrels()
        CHECK.require(st["phase"] in ("forming", "tug", "over"), "phase")
        if st["phase"] == "forming":
            CHECK.require(st["forming"] is not None and st["tug"] is None, "forming phase without forming")
            self.check_forming()
        else:
            CHECK.require(st["forming"] is None and st["tug"] is not None, "tug phase without tug")
            self.check_tug()
        if st["phase"] != "over":
            CHECK.require(bool(self.engine.to_move(st)), "nobody can move")

    def check_barrels(self) -> None:
        st = self.state
        barrels, target, winner = st["barrels"], st["options"]["barrels_to_win"], st["winner"]
        CHECK.require(
            isinstance(barrels, list) and len(barrels) == 2 and all(isinstance(b, int) and b >= 0 for b in barrels),
            "barrels",
        )
        CHECK.require(sum(barrels) == st["round"] - (st["phase"] != "over"), "barrels do not match the round")
        if st["phase"] == "over":
            CHECK.require(winner in (0, 1) and barrels[winner] == target, "winner")
            CHECK.require(barrels[1 - winner] < target, "two winners")
        else:
            CHECK.require(winner is None and max(barrels) < target, "game should be over")

    def check_cards(self, zones: list[list[int]]) -> None:
        every = [cid for zone in zones for cid in zone]
        CHECK.require(all(isinstance(cid, int) for cid in every), "card ids")
        CHECK.same_cards(every, range(DECK_SIZE), "every card exactly once")

    def pairs(self, value: Any) -> bool:
        return isinstance(value, list) and len(value) == 2 and all(isinstance(v, list) for v in value)

    def check_forming(self) -> None:
        forming = self.state["forming"]
        for key in ("prep", "pair", "kept", "given"):
            CHECK.require(self.pairs(forming[key]), f"forming {key}")
        faster, splits, rest = forming["faster"], forming["splits"], forming["rest_splits"]
        CHECK.require(faster in (None, 0, 1), "faster seat")
        CHECK.require(isinstance(rest, int) and rest >= 0 and (faster is not None or rest == 0), "rest splits")
        for seat in (0, 1):
            by_faster = rest if faster == seat else 0
            CHECK.require(len(forming["pair"][seat]) in (0, 2), "a pair is two cards")
            CHECK.require(len(forming["prep"][seat]) % 2 == 0, "stacks hold pairs")
            CHECK.require(
                len(forming["kept"][seat]) == len(forming["given"][seat]) == splits[seat] + by_faster, "split counts"
            )
            if faster is None:
                CHECK.require(forming["pair"][seat] or not forming["prep"][seat], "a pair must be in hand")
            if faster == seat:
                CHECK.require(not forming["pair"][seat] and not forming["prep"][seat], "the faster one has finished")
        other_rest = rest if faster is not None else 0
        own = [splits[s] * 2 + len(forming["pair"][s]) + len(forming["prep"][s]) for s in (0, 1)]
        if faster is not None:
            own[1 - faster] += other_rest * 2
        CHECK.require(own == [PREP_SIZE, PREP_SIZE], "stack sizes")
        CHECK.require(len(self.state["aside"]) == DECK_SIZE - 2 * PREP_SIZE, "set-aside cards")
        self.check_cards([self.state["aside"], *forming["prep"], *forming["pair"], *forming["kept"], *forming["given"]])

    def check_tug(self) -> None:
        st, tug = self.state, self.state["tug"]
        over = st["phase"] == "over"
        CHECK.require(isinstance(tug["barrel"], int) and GOAL[0] <= tug["barrel"] <= GOAL[1], "barrel position")
        CHECK.require(over or tug["barrel"] not in GOAL, "barrel on a goal in a running round")
        CHECK.require(tug["starter"] in (0, 1), "starting seat")
        CHECK.require(self.pairs(tug["hands"]) and self.pairs(tug["piles"]), "hands and piles")
        CHECK.require(sorted(tug["fields"]) == sorted(FIELDS), "fields")
        CHECK.require(isinstance(tug["discard"], list), "discard pile")
        pending = tug["pending"]
        pending_ids = []
        if pending is not None:
            CHECK.require(not over and set(pending) == {"seat", "card"} and pending["seat"] in (0, 1), "pending card")
            pending_ids = [pending["card"]]
        self.check_cards(
            [st["aside"], *tug["hands"], *tug["piles"], *tug["fields"].values(), tug["discard"], pending_ids]
        )
        for field, stack in tug["fields"].items():
            for cid in stack:
                card = CARDS[cid]
                CHECK.require(card.is_scot, f"an action card lies on field {field}")
                CHECK.require(card.kind != "man" or card.colour == field[1], f"a man on a wrong colour at {field}")
        memory = tug["memory"]
        CHECK.require(
            isinstance(memory, list) and len(memory) == 2 and all(set(m) == {"kept", "given"} for m in memory),
            "forming memory",
        )
        remembered = [cid for m in memory for cid in m["kept"] + m["given"]]
        CHECK.require(all(isinstance(cid, int) and 0 <= cid < DECK_SIZE for cid in remembered), "forming memory ids")
        if over:
            CHECK.require(tug["turn"] is None, "turn after the game")
        else:
            CHECK.require(tug["turn"] in (0, 1), "turn")
            CHECK.require(bool(tug["hands"][tug["turn"]]) or pending is not None, "the seat to move has cards")
            if pending is not None:
                CHECK.require(pending["seat"] == tug["turn"], "pending card belongs to the seat to move")


ENGINE = HowRuckEngine()

# The names from before the engines were named alike, for code outside the project that imports them.
State = HowRuckState
HowRuck = HowRuckEngine

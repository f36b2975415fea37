"""Das glorreiche Manöver (Schmidt Spiele, Roland Siegers): rules engine.

The specification is ``../shared/rules/manoever.md``. Twelve recruits race along an 84-field route
from the barracks courtyard back to it. After the opening dice there is no luck and no hidden
information: a recruit's maximum distance is rank × passenger factor × bonus factor.

Recruits are ``(seat, number)`` pairs, numbered 1..k per seat. The route is a mapping
``field -> stack`` where a stack is a tuple of recruits from bottom to top; only the top of a stack
is free. The courtyard is the tuple of arrivals in order: the first arrival takes place 12.

Action grammar: ``<recruit>-<distance>``, e.g. ``3-15`` (recruit 3 of the seat to move goes 15
fields). A move that passes field 84 reaches the courtyard; its one canonical distance is
``85 - field`` (any longer distance would do the same, so only the shortest is offered).

The opening has no decisions (the rolling player's recruits are interchangeable), so ``new_game``
resolves it and keeps its events: in a channel, one summary line per player reads better than a
dozen "roll" button presses that decide nothing.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from typing import Any, TypedDict

from engines.base import Engine, Event, Outcome, ViewEnvelope, placements_from_keys
from engines.errors import BadAction, BadOption, IllegalAction
from engines.load_checks import LoadCheck
from engines.rng import Rng

LAST_FIELD = 84
COURTYARD = LAST_FIELD + 1  # a "field" number past the route: reaching it means arriving home
MAX_STACK = 3
TOTAL_RECRUITS = 12
FIRST_PLACE = 12
RECRUITS_PER_SEAT = {2: 6, 3: 4, 4: 3}
REWARD_VALUES = (1, 2, 3)
REWARD_FIELDS = (7, LAST_FIELD)
BONUS_FIELDS = (7, 78)
BONUS_STRETCHES = 10
BONUS_FACTORS = (3,) * 4 + (2,) * 6  # 4 black (×3), 6 white (×2)

Recruit = tuple[int, int]
Stacks = dict[int, tuple[Recruit, ...]]

PLAN_JOIN = ","  # ``table.spec.PLAN_JOIN``: the moves of a whole turn as one action
_ACTION = re.compile(r"^(\d{1,2})-(\d{1,3})$")


# ---- the rules as small pure functions (shared with the computer player) ---------------------


def rank_of(stacks: Stacks, field: int) -> int:
    """1 + the number of occupied fields ahead; a stack counts once, the courtyard not at all."""
    return 1 + sum(1 for other in stacks if other > field)


def passenger_factor(stacks: Stacks, field: int) -> int:
    """×1 alone, ×2 on one recruit, ×3 on two: the top's height in its stack."""
    return len(stacks[field])


def max_distance(stacks: Stacks, bonus: dict[int, int], field: int) -> int:
    """How far the top recruit of ``field`` may go now.

    Every recruit on the route got to its field by landing there (the opening only uses fields
    1..6, where no bonus stone lies), so a bonus stone under it always counts.
    """
    return rank_of(stacks, field) * passenger_factor(stacks, field) * bonus.get(field, 1)


def legal_distances(stacks: Stacks, bonus: dict[int, int], field: int) -> list[int]:
    """Distances 1..max that land on a field with room, plus the one canonical courtyard distance."""
    reach = min(max_distance(stacks, bonus, field), COURTYARD - field)
    return [d for d in range(1, reach + 1) if field + d == COURTYARD or len(stacks.get(field + d, ())) < MAX_STACK]


def free_fields(stacks: Stacks, seat: int) -> list[int]:
    """Fields whose top recruit belongs to ``seat``, back of the column first."""
    return sorted(field for field, stack in stacks.items() if stack[-1][0] == seat)


def rank_in(sorted_fields: list[int], field: int) -> int:
    """``rank_of`` from the sorted occupied fields, for computing many ranks at once."""
    return 1 + len(sorted_fields) - bisect_right(sorted_fields, field)


def move_recruit(stacks: Stacks, field: int, distance: int) -> tuple[Stacks, Recruit, bool]:
    """A new route with the top of ``field`` moved; returns (stacks, recruit, arrived home)."""
    new = dict(stacks)
    stack = new[field]
    recruit = stack[-1]
    if len(stack) == 1:
        del new[field]
    else:
        new[field] = stack[:-1]
    target = field + distance
    if target >= COURTYARD:
        return new, recruit, True
    new[target] = (*new.get(target, ()), recruit)
    return new, recruit, False


def place_for_arrival(arrived_before: int) -> int:
    return FIRST_PLACE - arrived_before


# ---- the state ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ManoeverState:
    players: int
    seed: int
    start_seat: int
    seat: int  # the seat to move (meaningless once the game is over)
    turn: int  # 1 for the first turn after the opening
    stacks: Stacks
    courtyard: tuple[Recruit, ...]  # arrival order: index 0 took place 12
    bonus: dict[int, int]  # field -> factor; bonus stones stay on the board
    rewards: dict[int, int]  # field -> value of the reward stones still on the board
    taken: tuple[tuple[int, ...], ...]  # reward stone values per seat
    moved: frozenset[int]  # recruit numbers of ``seat`` that moved this turn
    opening: tuple[Event, ...]
    last: tuple[Event, ...]  # the events of the latest step (the opening for a new game)

    @property
    def over(self) -> bool:
        return len(self.courtyard) == TOTAL_RECRUITS

    @property
    def per_seat(self) -> int:
        return RECRUITS_PER_SEAT[self.players]


def locate(stacks: Stacks, recruit: Recruit) -> tuple[int, int] | None:
    """(field, height index) of a recruit on the route, or None if it is home."""
    for field, stack in stacks.items():
        if recruit in stack:
            return field, stack.index(recruit)
    return None


def pending_fields(state: ManoeverState) -> list[int]:
    """Fields of the recruits that must still move this turn, back to front.

    Free (top of its stack), not moved yet, and with somewhere to land: the rules page's ruling
    skips a free recruit with no legal landing (which the rank rule never allows, but be safe).
    """
    return [
        field
        for field in free_fields(state.stacks, state.seat)
        if state.stacks[field][-1][1] not in state.moved and legal_distances(state.stacks, state.bonus, field)
    ]


def scores_so_far(state: ManoeverState) -> list[int]:
    points = [sum(values) for values in state.taken]
    for index, (seat, _number) in enumerate(state.courtyard):
        points[seat] += place_for_arrival(index)
    return points


# ---- setup ------------------------------------------------------------------------------


def place_rewards(rng: Rng) -> dict[int, int]:
    fields: dict[int, int] = {}
    for value in REWARD_VALUES:
        field = rng.between(*REWARD_FIELDS)
        while field in fields:
            field = rng.between(*REWARD_FIELDS)
        fields[field] = value
    return fields


def bonus_stretches() -> list[range]:
    """Fields 7..78 cut into 10 stretches as equal as whole fields allow (lengths 7 and 8)."""
    low, high = BONUS_FIELDS
    size = high - low + 1
    cuts = [low + size * i // BONUS_STRETCHES for i in range(BONUS_STRETCHES + 1)]
    return [range(cuts[i], cuts[i + 1]) for i in range(BONUS_STRETCHES)]


def place_bonus(rng: Rng, rewards: dict[int, int]) -> dict[int, int]:
    factors = list(BONUS_FACTORS)
    rng.shuffle(factors)
    bonus: dict[int, int] = {}
    for stretch, factor in zip(bonus_stretches(), factors, strict=True):
        free = [field for field in stretch if field not in rewards]
        bonus[free[rng.below(len(free))]] = factor
    return bonus


def play_opening(rng: Rng, players: int, start_seat: int) -> tuple[Stacks, list[Event]]:
    """Each player in turn rolls and places their next recruit; a roll onto a full field is re-rolled."""
    stacks: Stacks = {}
    rolled: dict[int, list[int]] = {seat: [] for seat in range(players)}
    rerolls = dict.fromkeys(range(players), 0)
    order = [(start_seat + i) % players for i in range(players)]
    for number in range(1, RECRUITS_PER_SEAT[players] + 1):
        for seat in order:
            die = rng.die()
            while len(stacks.get(die, ())) >= MAX_STACK:
                rerolls[seat] += 1
                die = rng.die()
            stacks[die] = (*stacks.get(die, ()), (seat, number))
            rolled[seat].append(die)
    events: list[Event] = [{"type": "start", "seat": start_seat}]
    events += [{"type": "opening", "seat": seat, "fields": rolled[seat], "rerolls": rerolls[seat]} for seat in order]
    return stacks, events


# ---- turn flow --------------------------------------------------------------------------


def has_recruits_on_route(state: ManoeverState, seat: int) -> bool:
    return any(recruit[0] == seat for stack in state.stacks.values() for recruit in stack)


def next_turn(state: ManoeverState, events: list[Event]) -> ManoeverState:
    """Hand the turn on in seat order; a seat with no free recruit passes (one with none left is skipped)."""
    seat = state.seat
    turn = state.turn
    for _ in range(state.players):
        seat = (seat + 1) % state.players
        turn += 1
        candidate = replace(state, seat=seat, turn=turn, moved=frozenset())
        if pending_fields(candidate):
            events.append({"type": "turn", "seat": seat})
            return candidate
        if has_recruits_on_route(state, seat):
            events.append({"type": "pass", "seat": seat})
    # Some recruit is always on top of a stack while the game runs, so this cannot be reached.
    raise AssertionError("no seat can move")


def finish_if_needed(state: ManoeverState, events: list[Event]) -> ManoeverState:
    """At the 11th arrival the exercise ends: the one recruit left takes place 1."""
    if len(state.courtyard) != TOTAL_RECRUITS - 1:
        return state
    ((field, stack),) = state.stacks.items()
    (last,) = stack
    state = replace(state, stacks={}, courtyard=(*state.courtyard, last))
    events.append({"type": "last", "seat": last[0], "recruit": last[1], "field": field, "place": 1})
    out = outcome_of(state)
    winner = out.placements.index(1)
    events.append({"type": "end", "winner_seat": winner, "score": int(out.scores[winner])})
    return state


def outcome_of(state: ManoeverState) -> Outcome:
    totals = scores_so_far(state)
    best = [0] * state.players
    places: list[list[int]] = [[] for _ in range(state.players)]
    for index, (seat, _number) in enumerate(state.courtyard):
        place = place_for_arrival(index)
        places[seat].append(place)
        best[seat] = max(best[seat], place)
    # Places are unique, so the tie-break (single highest place) always separates a tie.
    keys = [(totals[seat], best[seat]) for seat in range(state.players)]
    return Outcome(
        placements=placements_from_keys(keys),
        scores=[float(total) for total in totals],
        detail={"places": places, "rewards": [list(values) for values in state.taken], "best_place": best},
    )


# ---- the engine -------------------------------------------------------------------------


# ---- the view: no hidden information, so no private part ---------------------------------------
class ManoeverPublic(TypedDict):
    game: str
    players: int
    recruits_per_seat: int
    start_seat: int
    turn: int
    mover: int | None  # the one seat to move (the envelope's ``to_move`` as a number); None when over
    stacks: list[dict[str, Any]]  # {"field", "recruits": [{"seat", "recruit"}, ...] bottom up}
    bonus: list[dict[str, int]]  # {"field", "factor"}
    rewards: list[dict[str, int]]  # {"field", "value"} still on the board
    courtyard: list[dict[str, int]]  # {"place", "seat", "recruit"} in order of arrival
    rewards_taken: list[list[int]]
    scores: list[int]
    moved: list[int]
    pending: list[dict[str, Any]]  # ``pending_entries``: what the mover must still move, how far
    opening: list[Event]
    result: dict[str, Any] | None  # {"placements", "scores"} once over


class ManoeverView(ManoeverPublic, ViewEnvelope[None]):
    pass


class ManoeverEngine(Engine[ManoeverState, "ManoeverView"]):
    name = "manoever"
    min_players = 2
    max_players = 4
    simultaneous = False
    dump_version = 1

    def normalize_options(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(options or {}))
        if unknown:
            raise BadOption(f"Das glorreiche Manöver has no option '{unknown[0]}'.", "option", option=unknown[0])
        return {}

    def new_game(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> tuple[ManoeverState, list[Event]]:
        self.normalize_options(options or {})
        if players not in RECRUITS_PER_SEAT:
            raise BadOption("Das glorreiche Manöver is for 2 to 4 players.", "players", players=players)
        rng = Rng(seed)
        start_seat = rng.below(players)
        rewards = place_rewards(rng)
        bonus = place_bonus(rng, rewards)
        stacks, events = play_opening(rng, players, start_seat)
        state = ManoeverState(
            players=players,
            seed=seed,
            start_seat=start_seat,
            # next_turn starts from the seat before the start player, so the start player moves first.
            seat=(start_seat - 1) % players,
            turn=0,
            stacks=stacks,
            courtyard=(),
            bonus=bonus,
            rewards=rewards,
            taken=tuple(() for _ in range(players)),
            moved=frozenset(),
            opening=tuple(events),
            last=(),
        )
        state = next_turn(state, events)
        return replace(state, last=tuple(events)), list(events)

    def players(self, state: ManoeverState) -> int:
        return state.players

    def to_move(self, state: ManoeverState) -> frozenset[int]:
        return frozenset() if state.over else frozenset({state.seat})

    def legal_actions(self, state: ManoeverState, seat: int) -> list[str]:
        if state.over or seat != state.seat:
            return []
        moves = []
        for field in pending_fields(state):
            number = state.stacks[field][-1][1]
            moves += [(number, d) for d in legal_distances(state.stacks, state.bonus, field)]
        return [f"{number}-{d}" for number, d in sorted(moves)]

    def apply(self, state: ManoeverState, seat: int, action: str) -> tuple[ManoeverState, list[Event]]:
        """The shared checks, with a precise reason when a well-formed move is refused. A turn's
        moves joined by ``,`` (``3-15,5-8``: a whole turn, one button) are played one by one, each
        checked as if played alone; if any is refused nothing is played."""
        if PLAN_JOIN in action:
            return self.apply_plan(state, seat, action)
        try:
            return super().apply(state, seat, action)
        except IllegalAction:
            raise self.why_illegal(state, seat, action) from None

    def apply_plan(self, state: ManoeverState, seat: int, action: str) -> tuple[ManoeverState, list[Event]]:
        self.check_syntax(action)
        steps = action.split(PLAN_JOIN)
        events: list[Event] = []
        for number, step in enumerate(steps):
            if number and seat not in self.to_move(state):
                raise IllegalAction(
                    f"The turn is over before '{step}': a plan holds only this turn's moves.", "plan-too-long"
                )
            state, step_events = self.apply(state, seat, step)
            events += step_events
        return replace(state, last=tuple(events)), events

    def why_illegal(self, state: ManoeverState, seat: int, action: str) -> BadAction | IllegalAction:
        parsed = parse_action(action)
        if parsed is None:
            return BadAction(
                f"'{action}' is not a move: write recruit-distance, e.g. 3-15.", "format", action=action[:40]
            )
        number, distance = parsed
        if not 1 <= number <= state.per_seat:
            return IllegalAction(f"You have no recruit {number}.", "no-recruit", recruit=number)
        where = locate(state.stacks, (seat, number))
        if where is None:
            return IllegalAction(f"Recruit {number} is already home.", "home", recruit=number)
        field, height = where
        if number in state.moved:
            return IllegalAction(f"Recruit {number} has already moved this turn.", "moved", recruit=number)
        if height != len(state.stacks[field]) - 1:
            return IllegalAction(f"Recruit {number} is covered and cannot move.", "covered", recruit=number)
        limit = max_distance(state.stacks, state.bonus, field)
        if distance < 1:
            return IllegalAction("A recruit moves at least 1 field.", "zero", recruit=number)
        if distance > limit:
            return IllegalAction(
                f"Recruit {number} may move at most {limit} fields.", "too-far", recruit=number, max=limit
            )
        if field + distance > COURTYARD:
            home = COURTYARD - field
            return IllegalAction(
                f"Recruit {number} reaches the courtyard with {home}; use {number}-{home}.",
                "overshoot",
                recruit=number,
                distance=home,
            )
        return IllegalAction(f"Field {field + distance} already holds 3 recruits.", "full", field=field + distance)

    def _apply(self, state: ManoeverState, seat: int, action: str) -> tuple[ManoeverState, list[Event]]:
        parsed = parse_action(action)
        assert parsed is not None, "a legal action always parses"
        number, distance = parsed
        field = next(f for f, stack in state.stacks.items() if stack[-1] == (seat, number))
        limit = max_distance(state.stacks, state.bonus, field)
        stacks, recruit, arrived = move_recruit(state.stacks, field, distance)
        events: list[Event] = []
        if arrived:
            place = place_for_arrival(len(state.courtyard))
            state = replace(state, stacks=stacks, courtyard=(*state.courtyard, recruit))
            events.append(
                {"type": "arrive", "seat": seat, "recruit": number, "from": field, "distance": distance, "place": place}
            )
        else:
            state = self._land(state, stacks, seat, number, field, distance, limit, events)
        state = finish_if_needed(replace(state, moved=state.moved | {number}), events)
        if state.over:
            return replace(state, last=tuple(events)), events
        self._note_uncovered(state, field, events)
        if not pending_fields(state):
            events.append({"type": "turn-end", "seat": seat})
            state = next_turn(state, events)
        return replace(state, last=tuple(events)), events

    @staticmethod
    def _land(
        state: ManoeverState,
        stacks: Stacks,
        seat: int,
        number: int,
        field: int,
        distance: int,
        limit: int,
        events: list[Event],
    ) -> ManoeverState:
        target = field + distance
        events.append(
            {
                "type": "move",
                "seat": seat,
                "recruit": number,
                "from": field,
                "to": target,
                "distance": distance,
                "max": limit,
                "onto": len(stacks[target]) - 1,
                "bonus": state.bonus.get(target, 0),
            }
        )
        if target not in state.rewards:
            return replace(state, stacks=stacks)
        value = state.rewards[target]
        rewards = {f: v for f, v in state.rewards.items() if f != target}
        taken = tuple((*values, value) if s == seat else values for s, values in enumerate(state.taken))
        events.append({"type": "reward", "seat": seat, "value": value, "field": target})
        return replace(state, stacks=stacks, rewards=rewards, taken=taken)

    @staticmethod
    def _note_uncovered(state: ManoeverState, field: int, events: list[Event]) -> None:
        """Say so when the move freed one of the mover's own recruits that must now move too."""
        stack = state.stacks.get(field)
        if stack and stack[-1][0] == state.seat and stack[-1][1] not in state.moved:
            events.append({"type": "freed", "seat": state.seat, "recruit": stack[-1][1], "field": field})

    # ---- views ----------------------------------------------------------------------------
    def _public_view(self, state: ManoeverState) -> ManoeverPublic:
        out = outcome_of(state) if state.over else None
        return {
            "game": self.name,
            "players": state.players,
            "recruits_per_seat": state.per_seat,
            "start_seat": state.start_seat,
            "turn": state.turn,
            "mover": None if state.over else state.seat,
            "stacks": [
                {"field": field, "recruits": [{"seat": s, "recruit": n} for s, n in state.stacks[field]]}
                for field in sorted(state.stacks)
            ],
            "bonus": [{"field": field, "factor": state.bonus[field]} for field in sorted(state.bonus)],
            "rewards": [{"field": field, "value": state.rewards[field]} for field in sorted(state.rewards)],
            "courtyard": [
                {"place": place_for_arrival(i), "seat": s, "recruit": n} for i, (s, n) in enumerate(state.courtyard)
            ],
            "rewards_taken": [list(values) for values in state.taken],
            "scores": scores_so_far(state),
            "moved": [] if state.over else sorted(state.moved),
            "pending": [] if state.over else pending_entries(state),
            "opening": [dict(e) for e in state.opening],
            "result": None if out is None else {"placements": out.placements, "scores": out.scores},
        }

    def _last_events(self, state: ManoeverState) -> list[Event]:
        return list(state.last)

    def scores_now(self, state: ManoeverState) -> list[float]:
        """Points so far: the cards taken plus the places of the pieces already in the courtyard."""
        return [float(x) for x in scores_so_far(state)]

    def outcome(self, state: ManoeverState) -> Outcome | None:
        return outcome_of(state) if state.over else None

    def takeback_allowed(
        self, before: ManoeverState, after: ManoeverState, seat: int, action: str, events: list[Event]
    ) -> bool:
        """After the opening there is no chance and nothing hidden (rules: "Hidden information"):
        a recruit's march may be taken back while the turn goes on, not once it has passed."""
        return not after.over and seat in self.to_move(after)

    # ---- storage --------------------------------------------------------------------------
    def _dump(self, state: ManoeverState) -> dict[str, Any]:
        return {
            "players": state.players,
            "seed": state.seed,
            "start_seat": state.start_seat,
            "seat": state.seat,
            "turn": state.turn,
            "stacks": {str(f): [list(r) for r in state.stacks[f]] for f in sorted(state.stacks)},
            "courtyard": [list(r) for r in state.courtyard],
            "bonus": {str(f): state.bonus[f] for f in sorted(state.bonus)},
            "rewards": {str(f): state.rewards[f] for f in sorted(state.rewards)},
            "taken": [list(values) for values in state.taken],
            "moved": sorted(state.moved),
            "opening": [dict(e) for e in state.opening],
            "last": [dict(e) for e in state.last],
        }

    def _load(self, data: dict[str, Any]) -> ManoeverState:
        state = ManoeverState(
            players=_int(data["players"]),
            seed=_int(data["seed"]),
            start_seat=_int(data["start_seat"]),
            seat=_int(data["seat"]),
            turn=_int(data["turn"]),
            stacks={_int(f): tuple((_int(s), _int(n)) for s, n in stack) for f, stack in dict(data["stacks"]).items()},
            courtyard=tuple((_int(s), _int(n)) for s, n in data["courtyard"]),
            bonus={_int(f): _int(v) for f, v in dict(data["bonus"]).items()},
            rewards={_int(f): _int(v) for f, v in dict(data["rewards"]).items()},
            taken=tuple(tuple(_int(v) for v in values) for values in data["taken"]),
            moved=frozenset(_int(n) for n in data["moved"]),
            opening=tuple(CHECK.events(data["opening"], "the opening events")),
            last=tuple(CHECK.events(data["last"])),
        )
        check_state(state)
        return state


# ---- helpers ----------------------------------------------------------------------------


def parse_action(action: str) -> tuple[int, int] | None:
    match = _ACTION.match(action)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2))


def canonical_action(view: dict[str, Any], recruit: int, distance: int) -> str:
    """The action for "recruit moves ``distance``", any distance past the courtyard made canonical.

    For a typed-in number: the courtyard is reached by every distance past field 84, but only the
    shortest of them is a legal action.
    """
    for entry in view.get("pending", []):
        if entry["recruit"] == recruit and distance > COURTYARD - entry["field"] and distance <= entry["max"]:
            return f"{recruit}-{COURTYARD - entry['field']}"
    return f"{recruit}-{distance}"


def pending_entries(state: ManoeverState) -> list[dict[str, Any]]:
    """For the seat to move: each recruit that must still move, with its maximum distance and factors."""
    entries = []
    for field in pending_fields(state):
        entries.append(
            {
                "recruit": state.stacks[field][-1][1],
                "field": field,
                "rank": rank_of(state.stacks, field),
                "passenger": passenger_factor(state.stacks, field),
                "bonus": state.bonus.get(field, 1),
                "max": max_distance(state.stacks, state.bonus, field),
            }
        )
    return sorted(entries, key=lambda e: e["recruit"])


CHECK = LoadCheck("manoever")


def _int(value: Any) -> int:
    """A whole number, also as the string a JSON object key makes of it (the fields of ``stacks``)."""
    if isinstance(value, str):
        return int(value)
    return CHECK.whole(value, "a number")


def check_state(state: ManoeverState) -> None:
    """Every invariant a real game keeps; ``_load`` refuses anything else."""
    if state.players not in RECRUITS_PER_SEAT:
        raise CHECK.damaged(f"{state.players} players")
    if not (0 <= state.start_seat < state.players and 0 <= state.seat < state.players) or state.turn < 0:
        raise CHECK.damaged("seat or turn out of range")
    _check_recruits(state)
    _check_stones(state)
    if state.over:
        return
    if len(state.courtyard) == TOTAL_RECRUITS - 1:
        raise CHECK.damaged("the 11th arrival should have ended the game")
    if any(not 1 <= n <= state.per_seat for n in state.moved):
        raise CHECK.damaged("a moved recruit does not exist")
    if not pending_fields(state):
        raise CHECK.damaged("the seat to move has nothing to move")


def _check_recruits(state: ManoeverState) -> None:
    seen: list[Recruit] = list(state.courtyard)
    for field, stack in state.stacks.items():
        if not 1 <= field <= LAST_FIELD or not 1 <= len(stack) <= MAX_STACK:
            raise CHECK.damaged(f"field {field} holds {len(stack)} recruits")
        seen += stack
    expected = {(s, n) for s in range(state.players) for n in range(1, state.per_seat + 1)}
    if len(seen) != len(set(seen)) or set(seen) != expected:
        raise CHECK.damaged("the recruits on the route and in the courtyard are not each seat's own, once each")


def _check_stones(state: ManoeverState) -> None:
    low, high = BONUS_FIELDS
    if sorted(state.bonus.values()) != sorted(BONUS_FACTORS) or any(not low <= f <= high for f in state.bonus):
        raise CHECK.damaged("the bonus stones are not 4 black and 6 white on fields 7..78")
    low, high = REWARD_FIELDS
    if any(not low <= f <= high or f in state.bonus for f in state.rewards):
        raise CHECK.damaged("a reward stone lies outside fields 7..84 or on a bonus field")
    if len(state.taken) != state.players:
        raise CHECK.damaged("rewards taken are not listed per seat")
    values = sorted([*state.rewards.values(), *(v for values in state.taken for v in values)])
    if values != list(REWARD_VALUES):
        raise CHECK.damaged("the reward stones are not 1, 2 and 3, once each")


ENGINE = ManoeverEngine()

# The names from before the engines were named alike, for code outside the project that imports them.
State = ManoeverState

"""The Duvelen ``normal`` computer player (and ``easy``, its judgement with mistakes; the play-out
policy of ``engines.duvelen_hard``): decides from its own view and legal actions only.

Policy, in order:
1. Stop at once when the Stok is empty and playing on would not pay: nothing of ours fits right
   now (Stop only takes away turning, and the Rij and open Draaistok stay playable after it), or a
   rival is close to an empty Stok and could take the 10 points first.
2. Play whatever fits, most valuable first: a card that empties the Stok a little (from the Stok,
   or from the Rij while the Stok refills the gap) is worth +1 and saves -2; a King also wins a
   Herenhoop whose own cards then count double.
3. Turn when stuck; say done only when turning has shown every card of the Draaistok several
   times without anything reaching the middle, and the rest of the table is stuck too (or we have
   been stuck for very long), so a round of computer players ends by itself.
The bot decides *when* to act; this module only picks *what*.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engines.budget import Budget, scored_within
from engines.duvelen import RANKS, parse_play, rank_of, suit_of
from engines.levels import human_pick
from engines.rng import Rng

# Plays scored per decision (``engines.budget``): no search, one look at each play that fits, a
# handful at most; it never binds and only bounds the unforeseen.
WORK_BUDGET = 1000
RIVAL_STOK_ALARM = 2  # a rival this close to an empty Stok may call Stop before us
PASSES_BEFORE_STUCK = 3  # with the top card moved to the bottom, 3 passes show every card on top
VERY_STUCK_FACTOR = 2
# ``easy`` (``engines.levels``): plays a card worth up to this much less than the best, and now and
# then overlooks that anything fits and turns instead (a person misses cards in a speed game).
EASY_MARGIN = 2.5
EASY_OVERLOOK_RATE = 0.4


def choose_normal(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """The normal player's action: the most valuable play that fits (see above)."""
    return decide(view, legal, lambda me, plays: _best_play(view, me, plays, Rng(seed), budget))


def choose_easy(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    """A play within ``EASY_MARGIN`` of the best, or now and then a turn that overlooks them all."""

    def casual_play(me: int, plays: list[str]) -> str:
        rng = Rng(seed)
        if "turn" in legal and rng.below(1000) < EASY_OVERLOOK_RATE * 1000:
            return "turn"
        scored = scored_within(plays, lambda action: _play_value(view, me, action), budget)
        return human_pick(scored, rng, margin=EASY_MARGIN)

    return decide(view, legal, casual_play)


def decide(view: dict[str, Any], legal: list[str], pick_play: Callable[[int, list[str]], str]) -> str:
    """Every level's frame: Stop, Turn and Done as the normal player judges them; which card to play
    when any fits is ``pick_play(seat, plays)``, the level's own choice."""
    if len(legal) == 1:
        return legal[0]
    me = view["viewer"]
    plays = [a for a in legal if parse_play(a) is not None]
    if "stop" in legal and (not plays or _rival_may_stop(view, me)):
        return "stop"
    if plays:
        return pick_play(me, plays)
    if "done" in legal and _should_quit(view, me, can_turn="turn" in legal):
        return "done"
    for fallback in ("turn", "pass", "done"):
        if fallback in legal:
            return fallback
    return legal[0]


def _rival_may_stop(view: dict[str, Any], me: int) -> bool:
    return any(
        seat != me and not s["done"] and s["stok_count"] <= RIVAL_STOK_ALARM for seat, s in enumerate(view["seats"])
    )


def _best_play(view: dict[str, Any], me: int, plays: list[str], rng: Rng, budget: Budget) -> str:
    tiebreak = {action: rng.below(1000) for action in plays}
    scored = scored_within(plays, lambda action: (_play_value(view, me, action), tiebreak[action]), budget)
    return max(scored, key=lambda item: item[0])[1]  # the first of equals, as before


def play_values(view: dict[str, Any], me: int, plays: list[str]) -> list[tuple[float, str]]:
    """(value, play) for every play by the normal player's judgement (``engines.duvelen_hard``)."""
    return [(_play_value(view, me, action), action) for action in plays]


def _play_value(view: dict[str, Any], me: int, action: str) -> float:
    source, card = cast(tuple[str, str], parse_play(action))  # only plays are scored
    mine = view["seats"][me]
    value = 1.0
    if source == "s" or (source.startswith("r") and mine["stok_count"] > 0):
        value += 2.0  # one card fewer left in the Stok at -2
    if source == "d":
        value += 0.5  # uncovers the next open card, and turning would bury this one
    if rank_of(card) == len(RANKS):
        value += _own_cards_in_closing_hoop(view, me, card)
    return value


def _own_cards_in_closing_hoop(view: dict[str, Any], me: int, king: str) -> int:
    candidates = [h for h in view["hoops"] if h["suit"] == suit_of(king) and h["size"] == len(RANKS) - 1]
    return max((h["owners"].count(me) + 1 for h in candidates), default=0)


def _stuck_turns(seat_view: dict[str, Any]) -> int:
    """Turns without any table change after which turning cannot show anything new."""
    cards: int = seat_view["draai_down"] + seat_view["draai_open"]
    return PASSES_BEFORE_STUCK * -(-cards // 3) + 1


def _is_stuck(seat_view: dict[str, Any], turning_allowed: bool) -> bool:
    if seat_view["done"] or not turning_allowed:
        return True
    if seat_view["draai_down"] + seat_view["draai_open"] == 0:
        return True
    idle: int = seat_view["idle_turns"]
    return idle >= _stuck_turns(seat_view)


def _should_quit(view: dict[str, Any], me: int, *, can_turn: bool) -> bool:
    mine = view["seats"][me]
    if not can_turn:
        return True
    if not _is_stuck(mine, view["can_turn"]):
        return False
    if mine["idle_turns"] >= VERY_STUCK_FACTOR * _stuck_turns(mine):
        return True
    return all(_is_stuck(s, view["can_turn"]) for seat, s in enumerate(view["seats"]) if seat != me)

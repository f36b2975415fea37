"""Duvelen's ``hard`` computer player (``engines.levels``): determinized play-outs.

Every seat's face-down cards are hidden from everyone (no view shows them, not even the owner's),
so a world deals, for every seat, the cards of its own deck that the table does not show (its Rij,
the tops of its Stok and open Draaistok, and its cards in the middle, which the piles there record
by owner) at random under those tops, in the pile sizes the view shows. The normal player's best
few plays are each played in the same worlds, then every seat plays on with the normal player for
``HORIZON`` moves (or to the end of the round), and the seat's score against the best rival's
(the round so far plus the totals) is averaged. Speed is the other half of live play: the level
also sets how fast a computer reacts (``engines.levels.PACE``).
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.duvelen import DECK, ENGINE, DuvelenState, Herenhoop, Hoop, Seat, card_of, round_breakdown, totals
from engines.rng import Rng
from engines.search import RolloutSearch

CANDIDATES = 4
HORIZON_PER_SEAT = 8  # moves of the play-out per seat at the table


def choose_hard(view: dict[str, Any], legal: list[str], plays: list[str], seed: int, budget: Budget) -> str:
    from engines.duvelen_ai import WORK_BUDGET, choose, play_values

    me = view["viewer"]
    normal_choice = choose(view, legal, seed, Budget(WORK_BUDGET, seconds=None))
    if normal_choice not in plays:
        return normal_choice
    ranked = sorted(play_values(view, me, plays), key=lambda item: -item[0])
    candidates = [normal_choice] + [a for _, a in ranked if a != normal_choice][: CANDIDATES - 1]
    # Calling Stop at once, rather than playing on first, is the other choice that decides rounds.
    candidates += [a for a in ("stop",) if a in legal]
    if len(candidates) == 1:
        return normal_choice

    def value(_before: DuvelenState, now: DuvelenState) -> float:
        scores = totals(now)
        if not now.over:
            for seat, row in enumerate(round_breakdown(now)):
                scores[seat] += row["score"]
        return float(scores[me] - max(s for seat, s in enumerate(scores) if seat != me))

    search: RolloutSearch[DuvelenState] = RolloutSearch(
        ENGINE,
        sample=lambda rng: sample_world(view, rng),
        policy=choose,
        stop=lambda before, now: now.round != before.round,
        evaluate=value,
        policy_work=WORK_BUDGET,
        max_plies=HORIZON_PER_SEAT * view["players"],
    )
    return search.best(me, candidates, seed, budget)


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
        known = shown[index] + [c for c in s["rij"] if c] + [c for c in (s["stok_top"], s["draai_top"]) if c]
        pool = [card for card in DECK if card not in set(known)]
        rng.shuffle(pool)
        stok_rest = max(0, s["stok_count"] - 1)
        open_rest = max(0, s["draai_open"] - 1)
        stok = pool[:stok_rest] + ([s["stok_top"]] if s["stok_top"] else [])
        opened = pool[stok_rest : stok_rest + open_rest] + ([s["draai_top"]] if s["draai_top"] else [])
        down = pool[stok_rest + open_rest : stok_rest + open_rest + s["draai_down"]]
        seats.append(Seat(stok, list(s["rij"]), down, opened, s["done"], s["idle_turns"]))
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

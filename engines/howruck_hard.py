"""How Ruck!'s ``hard`` computer player (``engines.levels``): determinized play-outs of the tug.

The seat knows its hand, the board, the discard pile, and which cards it kept and gave while the
teams were formed. A world deals every card it has not seen (the 55 less its hand, the board, the
discards and a pending card) consistently with that: a card it kept and has not seen since is in
its own draw pile, a card it gave away is in the opponent's hand or pile; the rest fill the
opponent's hand and both piles at the sizes the view shows, the others are the cards set aside.
The normal player's best few actions are each played in the same worlds, both seats then play on
with the normal player until the round is decided or ``HORIZON`` moves have passed, and the
outcome (a round won or lost) or the normal player's judgement of the board then is averaged.
It runs only in the tug: forming the teams is a race decided by speed, not by search.
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.howruck import ENGINE, FIELDS, HowRuckState
from engines.howruck_cards import CARDS
from engines.howruck_normal import NESSIE, WORK_BUDGET, Board, choose_normal, normal_pick, ranked, score
from engines.rng import Rng
from engines.search import RolloutSearch

CANDIDATES = 4
HORIZON = 14  # moves played after the candidate before the board is judged
ROUND_WORTH = 400.0  # a round won, in the normal player's units (a field of the barrel is 10)


def choose_hard(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    me = view["viewer"]
    normal_choice = choose_normal(view, legal, seed, Budget(WORK_BUDGET, seconds=None))
    scored = sorted(ranked(view, legal, Rng(seed), Budget(WORK_BUDGET, seconds=None)), key=lambda item: -item[0])
    candidates = [normal_choice] + [a for _, a in scored if a != normal_choice][: CANDIDATES - 1]
    if len(candidates) == 1:
        return normal_choice
    barrels = list(view["barrels"])

    def decided(before: HowRuckState, now: HowRuckState) -> bool:
        return bool(now["phase"] != "tug" or now["round"] != before["round"])

    def value(_before: HowRuckState, now: HowRuckState) -> float:
        if now["barrels"][me] > barrels[me]:
            return ROUND_WORTH
        if now["barrels"][1 - me] > barrels[1 - me]:
            return -ROUND_WORTH
        board = board_of_world(now, me)
        return score(board, board)

    search = _WorldSearch(
        ENGINE,
        sample=lambda rng: sample_world(view, rng),
        policy=choose_normal,
        stop=decided,
        evaluate=value,
        policy_work=WORK_BUDGET,
        max_plies=HORIZON,
    )
    return search.best(me, candidates, seed, budget)


class _WorldSearch(RolloutSearch[HowRuckState]):
    """``RolloutSearch`` whose play-outs ask the normal player from the world directly: the same
    action as ``choose_normal(ENGINE.view(world, seat), ...)`` (``board_of_world`` reads what that view
    shows the seat), without building a whole view for every move (most of a play-out's cost)."""

    def playout_move(self, state: HowRuckState, mover: int, legal: list[str], seed: int) -> str:
        if state["phase"] != "tug":
            return super().playout_move(state, mover, legal, seed)
        return normal_pick(board_of_world(state, mover), legal, Rng(seed), Budget(self.policy_work, seconds=None))


def board_of_world(state: HowRuckState, seat: int) -> Board:
    """What ``board_from_view(ENGINE.view(state, seat))`` gives in the tug, read from the state."""
    tug = state["tug"]
    hands, piles = tug["hands"], tug["piles"]
    pending = tug["pending"]
    return Board(
        seat=seat,
        barrel=tug["barrel"],
        fields={f: [CARDS[cid].code for cid in stack] for f, stack in tug["fields"].items()},
        hand=[CARDS[cid].code for cid in hands[seat]],
        opponent_hand=len(hands[1 - seat]),
        cards_left=len(hands[0]) + len(hands[1]) + len(piles[0]) + len(piles[1]),
        pending=None if pending is None else CARDS[pending["card"]].code,
        nessie_gone=any(CARDS[cid].code == NESSIE for cid in tug["discard"]),
        nessie_given=any(CARDS[cid].code == NESSIE for cid in tug["memory"][seat]["given"]),
    )


def sample_world(view: dict[str, Any], rng: Rng) -> HowRuckState:
    """A whole game state in the tug consistent with ``view`` (built from the view alone)."""
    me = view["viewer"]
    tug = view["tug"]
    private = view["private"]
    unseen = list(range(len(CARDS)))
    by_code: dict[str, list[int]] = {}
    for cid in unseen:
        by_code.setdefault(CARDS[cid].code, []).append(cid)

    def take(code: str) -> int:
        cid = by_code[code].pop()
        unseen.remove(cid)
        return cid

    hand = [take(code) for code in private["hand"]]
    fields = {f: [take(code) for code in tug["fields"][f]] for f in FIELDS}
    discard = [take(code) for code in tug["discard"]]
    pending = None
    if tug["pending"] is not None:
        pending = {"seat": tug["pending"]["seat"], "card": take(tug["pending"]["card"])}
    # What forming the teams told the seat: its kept cards not seen since are in its own pile, the
    # cards it gave away with the opponent.
    left = {code: len(ids) for code, ids in by_code.items()}
    mine_known: list[str] = []
    theirs_known: list[str] = []
    for codes, into in ((private["kept"], mine_known), (private["given"], theirs_known)):
        for code in codes:
            if left.get(code, 0) > 0:
                left[code] -= 1
                into.append(code)
    my_pile_size = tug["piles"][me]
    their_hand_size, their_pile_size = tug["hands"][1 - me], tug["piles"][1 - me]
    my_pile = [take(code) for code in mine_known[:my_pile_size]]
    theirs = [take(code) for code in theirs_known[: their_hand_size + their_pile_size]]
    rng.shuffle(unseen)
    my_pile += [unseen.pop() for _ in range(max(0, my_pile_size - len(my_pile)))]
    theirs += [unseen.pop() for _ in range(max(0, their_hand_size + their_pile_size - len(theirs)))]
    rng.shuffle(my_pile)
    rng.shuffle(theirs)
    hands: list[list[int]] = [[], []]
    piles: list[list[int]] = [[], []]
    hands[me], piles[me] = hand, my_pile
    hands[1 - me], piles[1 - me] = theirs[:their_hand_size], theirs[their_hand_size:]
    memory: list[dict[str, list[int]]] = [{"kept": [], "given": []}, {"kept": [], "given": []}]
    memory[me] = {key: sorted(_ids_of(private[key])) for key in ("kept", "given")}
    return {
        "options": {"learning": view["learning"], "barrels_to_win": view["barrels_to_win"]},
        "rng": rng.next64(),
        "round": view["round"],
        "barrels": list(view["barrels"]),
        "phase": "tug",
        "winner": None,
        "aside": unseen,
        "forming": None,
        "tug": {
            "barrel": tug["barrel"],
            "starter": tug["starter"],
            "turn": tug["turn"],
            "hands": hands,
            "piles": piles,
            "fields": fields,
            "discard": discard,
            "pending": pending,
            "memory": memory,
        },
        "last": [],
    }


def _ids_of(codes: list[str]) -> list[int]:
    """Card ids showing these codes (cards of one code are alike: which id is which does not matter)."""
    free: dict[str, list[int]] = {}
    for cid, c in enumerate(CARDS):
        free.setdefault(c.code, []).append(cid)
    return [free[code].pop() for code in codes]

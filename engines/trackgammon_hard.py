"""Trackgammon's ``hard`` computer player (``engines.levels``): the normal player's turn search
(``engines.trackgammon_normal``) with hard's own weights, then the best few end positions weighed
by the next player's reply, averaged over the 21 rolls.
"""

from __future__ import annotations

from typing import Any

from engines.budget import Budget
from engines.trackgammon import (
    has_won,
    parse_move,
    turn_values,
)
from engines.trackgammon_normal import (
    NORMAL_WEIGHTS,
    ROLLS,
    WIN,
    WORK_BUDGET,
    Weights,
    evaluate,
    first_move,
    own_turn_ends,
    turn_ends,
    turn_over,
)

HARD_CANDIDATES = 3
# The next player's turn search per roll. A plain roll's whole search takes about 60 units (median
# over 2-player games; 90% within 90, the most seen 108), so 120 sees every reply. Moves come
# smallest disc first, so a budget cut short misses exactly the largest discs' replies, the hits
# that cost most: with 60 (before) hard won 62.5% of 40 games against normal, with 120 65.0%. A
# double (1 roll in 36 each) gets less: its best continuations are searched first.
REPLY_WORK = 120
REPLY_WORK_DOUBLE = 40
# Hard's weights, tuned by play against normal (bench/trackgammon_tune.py: the turn search alone with
# changed weights, 200 games a setting on the paired deals of seed 101, one weight at a time scaled
# by 1.6 and 0.6, kept when it gained 2.5 points). The disc allowed home's distance counting 3 times
# (normal: 2) won 56.0%; a foreign smaller disc ahead of it costing 6.4 (normal: 4) 63.5% (59.5% on
# seed 102's deals; 10 gave 61.5%). Every other weight scaled either way lost or stayed within
# noise: the blot danger most of all (near_threat 0.56 won 53.5%, 0.21 51.5%). With the reply
# search on top, hard won 66.0% [61.2, 70.5] of 400 games against normal (bench/ai_strength.py,
# seed 23; 56.7% of 240 with normal's weights). Tuned at two
# players and used there only: at four players they lost (``HARD_MULTI_WEIGHTS``).
HARD_WEIGHTS = NORMAL_WEIGHTS._replace(candidate_weight=3.0, blocked_ahead=6.4)
# Hard's weights at three and four players: normal's, with blocking worth half. At four players a
# purple point is shared with one neighbour only, and holding a neighbour back helps the two other
# opponents as much as us (the evaluation weighs a neighbour's score a sixth when the leader sits
# across), while the block bonus counts in full in our own score. Tuned at four players
# (bench/trackgammon_tune.py --players 4: one such turn search among three normal ones, 200 games a
# setting on the paired deals of seed 101, one weight at a time scaled by 0.5 and 2): block_bonus
# 1.25 won 35.0% (normal's weights 25.0%; 0.6 32.0%, 0 30.5%; on seed 102's deals 29.5% against
# 26.5%); two-player hard's weights lost there (21.8% of 400). From block_bonus 1.25, every other
# weight scaled either way stayed within noise or lost (candidate_weight 1 14.0%, 4 33.5%;
# leader_share 0.25 32.0%, 1 27.5%; blocked_ahead 8 24.5%; home_bonus 20 36.0%, 80 35.5%).
# Finer steps did not hold up either (the turn search, 200 paired games a setting, safety stop off):
# bury_loss 10.64 (x1.33) won +4.5 and +3.5 points on seeds 111 and 112's deals but -2.5 and -2.0 on
# 113 and 114's, and the full hard with it 28.0% [22.2, 34.6] of 200 on seed 23 (34.5% without).
# On seed 111: near_threat x0.75 and x1.33 -3.0 both, bury_loss 6 +1.0, blocked_ahead 3 +2.0 and
# 5.32 -1.0, leader_share 0.375 +0.5; foreign_cover 4.5 and 7.98 played the very same 200 games (only
# others' moves cover our discs, so it changes no decision of the turn search). Two random joint
# changes of every weight (x e^N(0, 0.3)): -4.5 and +1.5. Blocking the race leader (fewest points
# to travel) with 2.5 and the other opponents with a quarter of it: -7.0 on seed 113. A paired
# difference has a standard error of about 3 points at 200 games: smaller effects need more games.
# Where the games are decided (the same turn search, 120 games on seed 111, per seat and game): a
# disc is buried rarely (0.07 for hard's seat, 0.10 for a normal one), which is why bury_loss moves
# little; hits are the exchange: hard's seat was hit 1.07 times (normal 1.47, 9.8 and 13.0 points of
# race lost) and hit 1.52 (1.32), in games of about 17 turns a seat.
# Threats by the rolls and by turn order (the full hard, one among three normals, 200 games a
# setting, safety stop off; main's hard won 32.0% on seed 111's deals and 34.5% on seed 23's). At
# four players a purple point is shared with one neighbour: our early discs (2..12) with the
# previous player, who moves last before our next turn, our late ones with the next player. The
# flat chances above count a disc both dice away as a tenth of a shot, while 8 or 9 points off it is
# reached in 1 roll of 2 or 3 (``_shots``: two dice on one disc, doubles' four moves, bounces).
# shot_weight 0.5 (the exact chance halved: a hit needs the other player to want it, and a shot one
# die away comes out near the old 0.35) won 33.0% on seed 111; with ``later_threat`` 0.5 as well
# (a threat from a player who moves only after the threatened seat counts half: that seat can move
# the disc first; this is what the evaluation after the next player's reply needs, where that
# reply's own threats come after our next turn and the previous player's before it) 37.5% on seed
# 111, 37.0% on 112 (main 35.0%) and 35.5% [29.2, 42.3] on 23: +2.8 points over the 600 paired
# deals, short of the 37.5% target on seed 23. The two work together: later_threat 0.5 with the
# flat chances won 32.5% on seed 111; on that seed shot_weight 0.7 won 32.0%, later_threat 0.25
# 37.0%. Two-player hard keeps the flat chances (unmeasured).
HARD_MULTI_WEIGHTS = NORMAL_WEIGHTS._replace(block_bonus=1.25, shot_weight=0.5, later_threat=0.5)
# The reply search weighs the next player's turn at every table size. Measured at four players (hard
# among three normals, safety stop off): it won 30.0% of 80 games on seed 101's deals against 28.7%
# for the turn search alone (the weights, not the replies, carry hard there); weighing both
# neighbours (the previous player shares our purple points too) 29.0% of 200 on seed 23 against
# 34.5%, the replier judged by normal's weights 32.0%, our own next turn instead 3 of 20 (8 of 20).
# On seed 23's deals, though, the turn search alone won 26.5% of 200 against the full hard's 34.5%
# (reproduced exactly with the safety stop off), and 27.6% of 1000 over five seeds' deals (23,
# 111-114): the replies may carry more at four players than the 80 games above showed.


def hard_weights(players: int) -> Weights:
    """Hard's evaluation weights at this table size (also the tuning script's starting point)."""
    return HARD_WEIGHTS if players == 2 else HARD_MULTI_WEIGHTS


def choose_hard(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    moves = [action for action in legal if parse_move(action)]
    if not moves:
        return turn_over(legal)
    seat = view["turn"]
    players = view["players"]
    weights = hard_weights(players)
    # The turn search gets what the normal player has; the rest weighs the replies.
    search_budget = Budget(min(WORK_BUDGET, budget.work), seconds=None)
    ends = own_turn_ends(view, moves, search_budget, weights)
    if ends:
        budget.charge(search_budget.spent)
        ends = _weigh_replies(ends, players, seat, budget, weights)
    return first_move(ends, moves, seed)


def _weigh_replies(
    ends: dict[tuple[int, ...], tuple[float, tuple[str, ...]]],
    players: int,
    seat: int,
    budget: Budget,
    weights: Weights,
) -> dict[tuple[int, ...], tuple[float, tuple[str, ...]]]:
    """The best ``HARD_CANDIDATES`` ends (by their own score) scored again: the mean, over the next
    player's 21 rolls, of the end's score after that player's best turn (its own evaluation). Ends
    not reached within the budget keep their own score less a margin, so a weighed end wins ties."""
    ranked = sorted(ends.items(), key=lambda item: (-item[1][0], item[1][1]))
    if len(ranked) < 2 or ranked[0][1][0] >= WIN / 2:
        return ends  # one way to play, or a win: nothing to weigh
    nxt = (seat + 1) % players
    after_reply = (nxt + 1) % players  # who moves next after the reply
    weighed: dict[tuple[int, ...], tuple[float, tuple[str, ...]]] = {}
    for end, (_own, plan) in ranked[:HARD_CANDIDATES]:
        total = 0.0
        for (a, b), weight in ROLLS:
            if budget.left() <= 0 or budget.out_of_time():
                budget.bound = not budget.timed_out
                return weighed if weighed else ends
            reply_budget = Budget(REPLY_WORK if a != b else REPLY_WORK_DOUBLE, seconds=None)
            replies = turn_ends(end, players, nxt, tuple(sorted(turn_values((a, b)))), reply_budget, None, weights)
            budget.charge(reply_budget.spent)
            after = end if not replies else max(replies.items(), key=lambda item: item[1][0])[0]
            score = -WIN / 1000 if has_won(after, nxt) else evaluate(after, players, seat, weights, after_reply)
            total += weight * score
        weighed[end] = (total / 36.0, plan)
    return weighed

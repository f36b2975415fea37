"""Determinized look-ahead for the ``hard`` computer players of card games (``engines.levels``).

The seat knows its own cards and the table, not the others' hands or the order of the piles. A
*world* is one full game state consistent with the seat's view: the unseen cards dealt at random
to where the view says cards lie unseen (the game's own ``sample`` function builds it from the
view alone; nothing here ever sees the real state). Each candidate action is played in the same
worlds (common random numbers, so the comparison is fair), every seat then plays on with the
``normal`` player until the game's ``stop`` says the consequences are in (the end of a lap, a
round...), and the game's ``evaluate`` scores what the seat has then. The candidate with the best
mean wins; ties go to the earlier candidate (the normal player's preference).

Work is counted in moves played (``engines.budget``): the search plays whole rounds of worlds (every
candidate once per world) while the budget lasts, so the same view, seed and budget always give
the same move; the wall-clock safety stop ends it early with the rounds done so far.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from engines.base import Engine
from engines.budget import Budget
from engines.rng import Rng, derive_seed

S = TypeVar("S")
Policy = Callable[[Any, list[str], int, Budget], str]


class RolloutSearch(Generic[S]):
    def __init__(
        self,
        engine: Engine[S, Any],
        *,
        sample: Callable[[Rng], S],
        policy: Policy,
        stop: Callable[[S, S], bool],
        evaluate: Callable[[S, S], float],
        policy_work: int,
        max_plies: int,
    ) -> None:
        self.engine = engine
        self.sample = sample
        self.policy = policy  # the normal player: (view, legal, seed, budget) -> action
        self.stop = stop  # (world before the candidate, world now) -> the consequences are in
        self.evaluate = evaluate  # (world before the candidate, world at the end) -> value for the seat
        self.policy_work = policy_work
        self.max_plies = max_plies

    def best(self, seat: int, candidates: Sequence[str], seed: int, budget: Budget, *, max_worlds: int = 64) -> str:
        """The candidate with the best mean value over as many whole rounds of worlds as fit."""
        totals = [0.0] * len(candidates)
        rng = Rng(seed)
        for world_index in range(max_worlds):
            world = self.sample(rng)
            values: list[float] = []
            for index, action in enumerate(candidates):
                if budget.left() <= 0 or budget.out_of_time():
                    budget.bound = not budget.timed_out
                    return self.pick(candidates, totals)
                value = self._rollout(world, seat, action, derive_seed(seed, world_index, index), budget)
                values.append(value)
            for index, value in enumerate(values):
                totals[index] += value
        return self.pick(candidates, totals)

    @staticmethod
    def pick(candidates: Sequence[str], totals: list[float]) -> str:
        """The candidate with the best total; ties go to the earlier one (the normal player's)."""
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def playout_move(self, state: S, mover: int, legal: list[str], seed: int) -> str:
        """The play-out policy's move for ``mover``, decided from that seat's view of the world. A
        game may override it to read the same facts straight from the world when building views
        costs a large share of each play-out (``engines.hindmost_hard``)."""
        view = self.engine.view(state, mover)
        return self.policy(view, legal, seed, Budget(self.policy_work, seconds=None))

    def _rollout(self, world: S, seat: int, action: str, seed: int, budget: Budget) -> float:
        engine = self.engine
        state, _ = engine._apply(world, seat, action)  # legal: it is one of the seat's own legal actions
        budget.charge()
        for ply in range(self.max_plies):
            if engine.outcome(state) is not None or self.stop(world, state):
                break
            movers = sorted(engine.to_move(state))
            if not movers:
                break
            mover = movers[ply % len(movers)]
            legal = engine.legal_actions(state, mover)
            if not legal:
                break
            state, _ = engine._apply(state, mover, self.playout_move(state, mover, legal, derive_seed(seed, ply)))
            budget.charge()
        return self.evaluate(world, state)

"""Random playouts with the invariants every engine must keep (../shared/design.md, Tests).

Use from a game's test module:

    from tests.engines.playout import random_playout
    def test_playouts():
        for seed in range(200):
            for players in (2, 3, 4):
                random_playout(ENGINE, players, seed, options={...}, private_keys=("hand",))
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engines.base import Engine, Outcome
from engines.rng import Rng


def _json_roundtrip(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def random_playout(
    engine: Engine,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    max_steps: int = 20000,
    leak_check: Callable[[dict, int, Any], None] | None = None,
    chooser: Callable[[Rng, list[str]], str] | None = None,
) -> tuple[Any, list[tuple[int, str]]]:
    """Play one game with random legal actions, checking the shared invariants at every step.

    - a non-final state has someone to move and each such seat has a legal action;
    - every legal action the chooser picks applies, and ``apply`` does not mutate its input;
    - dump/load round-trips (through real JSON) at every step;
    - views are JSON-able; ``leak_check(view, viewer_seat_or_None, state)`` may assert no leaks;
    - replaying the same seed and actions gives the same final state;
    - the game ends within ``max_steps`` with placements and scores for every seat, and then
      ``scores_now`` gives the outcome's scores.
    Returns the final state and the action log.
    """
    opts = engine.normalize_options(dict(options or {}))
    state = engine.new_game(players, seed, opts)[0]
    pick = Rng(seed * 7919 + players)
    log: list[tuple[int, str]] = []
    for _step in range(max_steps):
        dumped = engine.dump(state)
        assert engine.dump(engine.load(_json_roundtrip(dumped))) == dumped, "dump/load round-trip changed the state"
        for viewer in [None, *range(players)]:
            view = engine.view(state, viewer)
            assert _json_roundtrip(view) == view, "view is not plain JSON"
            if leak_check is not None:
                leak_check(view, viewer, state)
        if engine.outcome(state) is not None:
            break
        movers = sorted(engine.to_move(state))
        assert movers, "a running game has nobody to move"
        for seat in movers:
            assert engine.legal_actions(state, seat), f"seat {seat} must move but has no legal action"
        seat = movers[pick.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        action = chooser(pick, legal) if chooser else legal[pick.below(len(legal))]
        state2, events = engine.apply(state, seat, action)
        assert engine.dump(state) == dumped, "apply mutated its input state"
        assert isinstance(events, list)
        _json_roundtrip(events)
        log.append((seat, action))
        state = state2
    else:
        raise AssertionError(f"game did not end within {max_steps} steps")
    out = engine.outcome(state)
    assert isinstance(out, Outcome)
    assert len(out.placements) == players and len(out.scores) == players
    assert min(out.placements) == 1
    assert engine.scores_now(state) == list(out.scores), "scores_now at the end must be the outcome's"
    assert engine.to_move(state) == frozenset()
    # Same seed and same actions: the same game.
    replay = engine.new_game(players, seed, opts)[0]
    for seat, action in log:
        replay, _ = engine.apply(replay, seat, action)
    assert engine.dump(replay) == engine.dump(state), "replay gave a different game"
    return state, log


def random_steps(engine: Engine, players: int, seed: int, steps: int, options: dict | None = None):
    """Up to ``steps`` random legal actions from a new game, seeded: yields (step, seat, state)
    after each action (stops at the end of the game)."""
    state = engine.new_game(players, seed, engine.normalize_options(dict(options or {})))[0]
    pick = Rng(seed)
    for step in range(steps):
        if engine.outcome(state) is not None:
            return
        movers = sorted(engine.to_move(state))
        seat = movers[pick.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        state, _ = engine.apply(state, seat, legal[pick.below(len(legal))])
        yield step, seat, state

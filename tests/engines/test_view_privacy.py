"""No view shows anything its viewer may not know. The check is ``tests.conformance.check_privacy``,
run over every registered game by ``tests/test_conformance.py``; here: that it can fail.

The views share one envelope (``engines.base.ViewEnvelope``): everything outside ``viewer`` and
``private`` is the game's public part, which the engine builds without knowing who looks. So, at
every step of many seeded random games, for every seat count:

1. every seat's view equals the spectator's view except for ``viewer`` and ``private``, and the
   spectator's ``private`` is None (nothing private can hide outside ``private``);
2. each seat's ``private`` is exactly what that seat may see, worked out from the state apart from
   the engine's view code (the game's ``CHECKS.expected_private``, tests/engines/test_<game>_playouts.py);
3. *non-interference*: redeal every card the viewer has never seen (the other seats' hands, the
   draw piles, face-down cards, cards set aside) and move the random generator on: the viewer's
   whole view must not change. Whatever of seat B's private part leaked into seat A's view (or the
   spectator's) would change with the redeal, so this fails on any leak, however it is encoded,
   while public cards that happen to share a code with a hidden one (two decks) do not confuse it.
   The test also counts the redeals that did change another seat's hand, so it cannot pass by
   redealing nothing.

"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from engines.hindmost import HindmostEngine, HindmostPublic, HindmostState
from tests.conformance import checks_of, play_and_check
from tests.engines.test_hindmost_playouts import expected_private as hindmost_private

# ---- the check can fail ---------------------------------------------------------------------------
HINDMOST = checks_of("hindmost")


class _LeakyPublic(HindmostEngine):
    """Hand sizes are public, but this engine also puts a count of everyone's jokers there."""

    def _public_view(self, state: HindmostState) -> HindmostPublic:
        public = copy.deepcopy(super()._public_view(state))
        public["hand_sizes"] = [sum(card == "JK" for card in hand) * 100 + len(hand) for hand in state.hands]
        return public


class _LeakyPrivate(HindmostEngine):
    """A seat's private part that also holds the next seat's first card."""

    def _private_view(self, state: HindmostState, seat: int) -> Any:
        private = dict(super()._private_view(state, seat))
        private["hand"] = [*private["hand"], *state.hands[(seat + 1) % state.players][:1]]
        return private


@pytest.mark.parametrize("leaky", [_LeakyPublic, _LeakyPrivate])
def test_a_leaking_engine_is_caught(leaky):
    engine = leaky()
    with pytest.raises(AssertionError):
        for seed in range(5):
            play_and_check(engine, HINDMOST, 3, seed)


def test_a_leak_into_the_private_part_is_caught_by_the_redeal_alone():
    """Even if the expected private part were wrong the same way, the redeal sees the leak."""
    wrong_the_same_way = dataclasses.replace(
        HINDMOST,
        expected_private=lambda state, seat: {
            **hindmost_private(state, seat),
            "hand": [*state.hands[seat], *state.hands[(seat + 1) % state.players][:1]],
        },
    )
    with pytest.raises(AssertionError, match="has never seen"):
        play_and_check(_LeakyPrivate(), wrong_the_same_way, 3, 1)

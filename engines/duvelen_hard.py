"""Duvelen's ``hard`` computer player (``engines.levels``)."""

from __future__ import annotations

from typing import Any

from engines.budget import Budget


def choose_hard(view: dict[str, Any], legal: list[str], plays: list[str], seed: int, budget: Budget) -> str:
    from engines.duvelen_ai import _best_play
    from engines.rng import Rng

    return _best_play(view, view["viewer"], plays, Rng(seed), budget)

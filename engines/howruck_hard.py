"""How Ruck!'s ``hard`` computer player (``engines.levels``)."""

from __future__ import annotations

from typing import Any

from engines.budget import Budget


def choose_hard(view: dict[str, Any], legal: list[str], seed: int, budget: Budget) -> str:
    from engines.howruck_ai import choose

    return choose(view, legal, seed, budget)

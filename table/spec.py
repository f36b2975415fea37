"""What the table flow needs to know about one game: its engine, pictures, labels and AI.

A new game is one ``GameSpec`` plus a small cog that declares its ``new`` options.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.base import Engine
from table.registry import GameEntry, entry

Renderer = Callable[..., bytes]


@dataclass(frozen=True)
class GameSpec:
    key: str
    engine: Engine
    render_board: Renderer
    action_label: Callable[..., str]
    choose: Callable[[dict, list[str], int], str]
    render_hand: Renderer | None = None
    action_group: Callable[..., str] | None = None
    # Optional ``format_event(event) -> dict`` of the renderer: prettier params for the event line
    # (card codes as "7♥" and the like).
    event_formatter: Callable[[dict], dict] | None = None
    # Seconds a computer player waits before acting (scaled by the bot's configured factor).
    bot_delay: float = 1.0


def load_spec(game: str | GameEntry) -> GameSpec:
    """Build the spec from a registered game's modules (see ``table.registry``)."""
    found = entry(game) if isinstance(game, str) else game
    key = found.key
    engine_mod = importlib.import_module(found.engine_module)
    ai_mod = importlib.import_module(found.ai_module)
    render_mod = importlib.import_module(found.render_module)
    extra: dict[str, Any] = {}
    if hasattr(render_mod, "render_hand"):
        extra["render_hand"] = render_mod.render_hand
    if hasattr(render_mod, "action_group"):
        extra["action_group"] = render_mod.action_group
    if hasattr(render_mod, "format_event"):
        extra["event_formatter"] = render_mod.format_event
    return GameSpec(
        key=key,
        engine=engine_mod.ENGINE,
        render_board=render_mod.render_board,
        action_label=render_mod.action_label,
        choose=ai_mod.choose,
        bot_delay=getattr(ai_mod, "BOT_DELAY", 1.0),
        **extra,
    )

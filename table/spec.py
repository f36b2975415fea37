"""What the table flow needs to know about one game: its engine, pictures, labels and AI.

The modules a registry entry names must provide what the protocols below describe; the entry's
``Extras`` say which optional renderer parts exist, so nothing is guessed from a module's names.
``tests/typing_contract.py`` has mypy check every registered module against these protocols.
A new game is one ``GameEntry`` plus a small cog that declares its ``new`` options.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

import locales
from engines.base import Engine
from engines.budget import Budget
from table.registry import Extras, GameEntry, entry

# Views are TypedDicts built on ``engines.base.ViewEnvelope``; renderers and computer players read
# them as plain JSON-able dicts.
View = Any
Renderer = Callable[..., bytes]


class EngineModule(Protocol):
    """``engines.<key>``: the rules."""

    @property
    def ENGINE(self) -> Engine[Any, Any]: ...  # noqa: N802  (a module constant, read only)


class ComputerModule(Protocol):
    """``engines.<key>_ai``: the computer player, deciding from its own view and the legal actions."""

    COMPUTER_DELAY: float  # seconds a computer player waits before acting

    def choose(self, view: View, legal: list[str], seed: int, budget: Budget | None = ..., level: str = ...) -> str: ...


class BoardRenderer(Protocol):
    """``render.<key>``: what every game's renderer provides."""

    def render_board(self, view: View, *, names: list[str], locale: str = ...) -> bytes: ...

    def action_label(self, view: View, action: str, locale: str = ...) -> str: ...


class HandRenderer(Protocol):
    """``Extras.HAND``: the viewer's own cards as a picture, shown only to them."""

    def render_hand(self, view: View, *, names: list[str], locale: str = ...) -> bytes: ...


class GroupRenderer(Protocol):
    """``Extras.GROUPS``: the first of two choices (a recruit, then where to), as a label."""

    def action_group(self, view: View, action: str, locale: str = ...) -> str: ...


class EventFormatter(Protocol):
    """``Extras.EVENT_FORMAT``: event params made prettier for the event line."""

    def format_event(self, event: dict[str, Any]) -> dict[str, Any]: ...


class CardNamer(Protocol):
    """``Extras.CARD_NAMES``: a card code in words (alt text), for cards that are not playing cards."""

    def card_name(self, code: str, locale: str = ...) -> str: ...


class TapRenderer(Protocol):
    """``Extras.TAPS``: the spot keys (``render.spots``) of what a tap selects, then where it goes;
    empty for an action with nothing on the pictures to tap (a button)."""

    def action_spots(self, view: View, action: str) -> tuple[str, ...]: ...


class PlanOfferer(Protocol):
    """``Extras.PLANS``: a few whole turns (or the rest of one) to offer as one button each, best
    first, each one action: its steps, legal actions in order, joined by ``PLAN_JOIN`` (the engine
    accepts that as one action). The controls show them beside the step-by-step ones."""

    def turn_plans(self, view: View, legal: list[str]) -> list[str]: ...


PLAN_JOIN = ","


def plan_steps(action: str) -> list[str]:
    """The steps of a whole-turn action (``PlanOfferer``); an ordinary action is its own one step."""
    return action.split(PLAN_JOIN)


@dataclass(frozen=True)
class GameSpec:
    key: str
    engine: Engine[Any, Any]
    render_board: Renderer
    action_label: Callable[..., str]
    # ``choose(view, legal, seed, budget, level)``: the budget None for the module's own, the level
    # one of ``engines.levels.LEVELS``.
    choose: Callable[[View, list[str], int, Budget | None, str], str]
    render_hand: Renderer | None = None
    action_group: Callable[..., str] | None = None
    # Optional ``format_event(event) -> dict`` of the renderer: prettier params for the event line
    # (card codes as "7♥" and the like).
    event_formatter: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # Optional ``card_name(code, locale)``: the game's cards in words (default: playing cards).
    card_name: Callable[..., str] | None = None
    # Optional ``action_spots(view, action)``: where an action is tapped on the pictures (the web page).
    action_spots: Callable[[View, str], tuple[str, ...]] | None = None
    # Optional ``turn_plans(view, legal)``: whole turns offered as one button each (``PlanOfferer``).
    turn_plans: Callable[[View, list[str]], list[str]] | None = None
    # Seconds a computer player waits before acting (scaled by the bot's configured factor).
    computer_delay: float = 1.0


def load_spec(game: str | GameEntry) -> GameSpec:
    """Build the spec from a registered game's modules (see ``table.registry``)."""
    found = entry(game) if isinstance(game, str) else game
    engine_mod = cast(EngineModule, importlib.import_module(found.engine_module))
    ai_mod = cast(ComputerModule, importlib.import_module(found.ai_module))
    render_mod = importlib.import_module(found.render_module)
    board = cast(BoardRenderer, render_mod)
    if found.locale_folder:
        locales.add_folder(Path(found.locale_folder))
    return GameSpec(
        key=found.key,
        engine=engine_mod.ENGINE,
        render_board=board.render_board,
        action_label=board.action_label,
        choose=ai_mod.choose,
        computer_delay=ai_mod.COMPUTER_DELAY,
        render_hand=cast(HandRenderer, render_mod).render_hand if Extras.HAND in found.extras else None,
        action_group=cast(GroupRenderer, render_mod).action_group if Extras.GROUPS in found.extras else None,
        event_formatter=(
            cast(EventFormatter, render_mod).format_event if Extras.EVENT_FORMAT in found.extras else None
        ),
        card_name=cast(CardNamer, render_mod).card_name if Extras.CARD_NAMES in found.extras else None,
        action_spots=cast(TapRenderer, render_mod).action_spots if Extras.TAPS in found.extras else None,
        turn_plans=cast(PlanOfferer, render_mod).turn_plans if Extras.PLANS in found.extras else None,
    )

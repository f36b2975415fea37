"""The one list of games. Everything that needs to know which games exist reads it: the bot's
start-up (which cogs to load), ``/rules``, the league's game menus and ``tafelbot simulate``.

A game is a handful of modules found by convention from its key (``engines.<key>`` with
``ENGINE``, ``engines.<key>_ai`` with ``choose``, ``render.<key>`` with ``render_board`` and
``action_label``, the cog extension ``cogs.<key>``, and ``locales/*/<key>.ftl``), so adding a game
is one ``GameEntry`` line below. The entry also says which of the renderer's optional pictures and
labels the game has (``Extras``), so nothing is guessed from what a module happens to define. An
entry may name other modules and another locale folder (the tests' toy game does, see
``tests/test_nim_game.py``). ``CONTRIBUTING.md`` walks through adding a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Flag, auto


class Extras(Flag):
    """The renderer's optional parts (see ``table.spec`` for their signatures)."""

    NONE = 0
    HAND = auto()  # render_hand: the private picture of a seat's own cards
    GROUPS = auto()  # action_group: a first choice when one button row would be too long
    EVENT_FORMAT = auto()  # format_event: prettier event params ("7♥" for "7H")
    CARD_NAMES = auto()  # card_name: a card code in words, for alt text (other games: playing cards)
    TAPS = auto()  # action_spots: where an action's piece and target are drawn (web page taps)
    PLANS = auto()  # turn_plans: whole turns offered as one button each (Manöver's several moves a turn)


@dataclass(frozen=True)
class GameEntry:
    key: str
    extras: Extras = Extras.NONE
    engine_module: str = ""
    ai_module: str = ""
    render_module: str = ""
    cog_extension: str = ""
    # A folder holding ``en/<key>.ftl`` and ``nl/<key>.ftl``; empty: the package ``locales``.
    locale_folder: str = ""

    def __post_init__(self) -> None:
        defaults = {
            "engine_module": f"engines.{self.key}",
            "ai_module": f"engines.{self.key}_ai",
            "render_module": f"render.{self.key}",
            "cog_extension": f"cogs.{self.key}",
        }
        for name, default in defaults.items():
            if not getattr(self, name):
                object.__setattr__(self, name, default)


# In the order menus show them.
GAMES: tuple[GameEntry, ...] = (
    GameEntry("hindmost", Extras.HAND | Extras.EVENT_FORMAT | Extras.TAPS),
    GameEntry("trackgammon", Extras.GROUPS | Extras.TAPS),
    GameEntry("manoever", Extras.GROUPS | Extras.TAPS | Extras.PLANS),
    GameEntry("howruck", Extras.HAND | Extras.GROUPS | Extras.CARD_NAMES | Extras.TAPS),
    GameEntry("duvelen", Extras.HAND | Extras.EVENT_FORMAT | Extras.TAPS),
)

GAME_KEYS: tuple[str, ...] = tuple(entry.key for entry in GAMES)


def entry(key: str, games: tuple[GameEntry, ...] = GAMES) -> GameEntry:
    for candidate in games:
        if candidate.key == key:
            return candidate
    raise KeyError(f"no game {key!r} is registered")

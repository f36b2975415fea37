"""The one list of games. Everything that needs to know which games exist reads it: the bot's
start-up (which cogs to load), ``/rules``, the league's game menus and ``tafelbot simulate``.

A game is a handful of modules found by convention from its key (``engines.<key>`` with
``ENGINE``, ``engines.<key>_ai`` with ``choose``, ``render.<key>`` with ``render_board`` and
``action_label``, the cog extension ``cogs.<key>``, and ``locales/*/<key>.ftl``), so adding a game
is one ``GameEntry`` line below. An entry may name other modules (the tests' toy game does).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameEntry:
    key: str
    engine_module: str = ""
    ai_module: str = ""
    render_module: str = ""
    cog_extension: str = ""

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
    GameEntry("hindmost"),
    GameEntry("trackgammon"),
    GameEntry("manoever"),
    GameEntry("howruck"),
    GameEntry("duvelen"),
)

GAME_KEYS: tuple[str, ...] = tuple(entry.key for entry in GAMES)


def entry(key: str, games: tuple[GameEntry, ...] = GAMES) -> GameEntry:
    for candidate in games:
        if candidate.key == key:
            return candidate
    raise KeyError(f"no game {key!r} is registered")

"""The small error hierarchy every engine raises.

Messages are plain English and safe to show users. ``code`` names the message in the translation
catalogues (``locales/*/<game>.ftl`` as ``<game>-error-<code>``, shared ones as ``error-<code>``);
``params`` fills its placeholders. A catalogue without the code falls back to the English text.
"""

from __future__ import annotations


class GameError(Exception):
    """Base of every error a user can cause."""

    code = "game"
    # The game whose engine raised it (set by ``Engine.apply``), so the answer uses its wording.
    game: str = ""

    def __init__(self, message: str, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.params = params


class BadAction(GameError):
    """The action string is malformed: not something this game could ever accept."""

    code = "bad-action"


class NotYourTurn(GameError):
    """The player may not act right now."""

    code = "not-your-turn"


class IllegalAction(GameError):
    """Well formed, but not legal in the current position."""

    code = "illegal"


class GameOver(GameError):
    """The game has ended; nothing more can be played."""

    code = "game-over"


class BadOption(GameError):
    """A table option (or the number of players) is out of range."""

    code = "bad-option"


class BadState(GameError):
    """Stored data that ``load`` refuses: wrong version or broken invariants."""

    code = "bad-state"

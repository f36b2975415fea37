"""News of changed games, for whoever watches them (the web companion's live pages).

The table service calls ``publish(game_id, version)`` after every committed write of a game (a
move, a start, an end, a new deadline): always after the transaction, so a watcher that reads the
game finds the new version. In one process (SQLite) the web app subscribes here directly; with
PostgreSQL the bot also sends the news on with ``NOTIFY`` (``db.web_data``) and the separate web
processes hear it with ``LISTEN``. Without a subscriber, publishing costs a loop over an empty list.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger("tafelbot.news")

Listener = Callable[[int, int], None]


class GameNews:
    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(game_id, version)`` for every change; returns the unsubscribe."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def publish(self, game_id: int, version: int) -> None:
        for listener in list(self._listeners):
            try:
                listener(game_id, version)
            except Exception:  # a watcher's bug must never fail the move that was saved
                log.exception("a listener failed on the news of game %s v%s", game_id, version)

    @property
    def listened(self) -> bool:
        return bool(self._listeners)

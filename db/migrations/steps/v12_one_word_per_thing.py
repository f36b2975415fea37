"""One word per thing in stored data (issue 37): a seat played by the program is a "computer", never
a "bot" (the bot is the Discord client), and a live phase's idle time is its "lull", not its
"quiet" time (quiet hours are a person's). So:

- ``games.seats``: each seat's ``bot`` flag becomes ``computer``;
- ``games.settings`` and ``tournaments.settings``: ``quiet`` becomes ``lull`` and ``bot_speed``
  becomes ``computer_speed`` (``quiet_pause`` stays: it is about quiet hours);
- ``games.deadline``: a deadline of kind ``quiet`` becomes kind ``lull``;
- ``results.is_bot`` becomes ``results.is_computer``.

Nothing else changes: not a game's version (buttons on its board stay valid), not its times, not
the move log (whose ``!quiet`` entries ``table.service`` still writes and reads). The rows are
converted in Python (the JSON is text in both dialects), once, as step 4 does.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from db.backend import Tx
from db.migrations.runner import MIGRATIONS

log = logging.getLogger("tafelbot.migrations")

_SETTING_WORDS = {"quiet": "lull", "bot_speed": "computer_speed"}


def seats_in_words(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seat with ``computer`` where it had ``bot``, keys in their old order."""
    return [{("computer" if key == "bot" else key): value for key, value in seat.items()} for seat in seats]


def settings_in_words(settings: dict[str, Any]) -> dict[str, Any]:
    return {_SETTING_WORDS.get(key, key): value for key, value in settings.items()}


def deadline_in_words(deadline: dict[str, Any]) -> dict[str, Any]:
    return {**deadline, "kind": "lull"} if deadline.get("kind") == "quiet" else deadline


def _converted(text: str | None, convert: Callable[[Any], Any]) -> str | None:
    """The JSON text converted, or None when it is empty or already in the new words."""
    if not text:
        return None
    old = json.loads(text)
    if not old:
        return None
    new = convert(old)
    return json.dumps(new) if new != old else None


@MIGRATIONS.register(12, "one word per thing: computer seats and settings, a live phase's lull, results.is_computer")
async def _one_word_per_thing(tx: Tx, dialect: str) -> None:
    await tx.execute("ALTER TABLE results RENAME COLUMN is_bot TO is_computer")
    games = []
    for row in await tx.fetch("SELECT id, seats, settings, deadline FROM games ORDER BY id"):
        seats = _converted(row["seats"], seats_in_words)
        settings = _converted(row["settings"], settings_in_words)
        deadline = _converted(row["deadline"], deadline_in_words)
        if seats or settings or deadline:
            games.append((seats or row["seats"], settings or row["settings"], deadline or row["deadline"], row["id"]))
    await tx.executemany("UPDATE games SET seats = ?, settings = ?, deadline = ? WHERE id = ?", games)
    tournaments = []
    for row in await tx.fetch("SELECT id, settings FROM tournaments ORDER BY id"):
        settings = _converted(row["settings"], settings_in_words)
        if settings:
            tournaments.append((settings, row["id"]))
    await tx.executemany("UPDATE tournaments SET settings = ? WHERE id = ?", tournaments)
    if games or tournaments:
        log.info("stored words brought up to date in %d game(s) and %d tournament(s)", len(games), len(tournaments))

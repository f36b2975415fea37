"""Games opened before step 3 kept their table settings as options with a leading underscore
(``_quiet``: the quiet time of a live phase, ``_bot_speed``: seconds a computer player takes),
and every reader had to tell such a game from a newer one. This step gives each of them its
settings once, exactly as the readers took them: the two values in seconds, and no move clock (a
game from before move clocks carries on without one); every other setting keeps its default, as
an absent key does. The options keep only the rules. Nothing else of the game changes: not its
version (buttons on its board stay valid), nor its times.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from db.backend import Tx
from db.migrations.runner import MIGRATIONS

log = logging.getLogger("tafelbot.migrations")


_LEGACY_SETTINGS = {"_quiet": "quiet", "_bot_speed": "bot_speed"}


def _settings_from_legacy_options(game_id: int, options: dict[str, Any]) -> dict[str, Any]:
    """The settings of a game from before step 3, from its ``_`` options."""
    settings: dict[str, Any] = {}
    for option, setting in _LEGACY_SETTINGS.items():
        if option not in options:
            continue
        try:
            settings[setting] = float(options[option])
        except (TypeError, ValueError):
            log.warning(
                "game %d: %s=%r is not a number of seconds; the default is kept", game_id, option, options[option]
            )
    settings["move_seconds"] = 0
    return settings


@MIGRATIONS.register(4, "table settings of games from before v3 out of their options (_quiet, _bot_speed)")
async def _settings_out_of_options(tx: Tx, dialect: str) -> None:
    # Every game is looked at (in Python: the options are JSON text in both dialects). Rows are
    # small without their state, and this runs once.
    changed = []
    for row in await tx.fetch("SELECT id, options, settings FROM games ORDER BY id"):
        options = json.loads(row["options"])
        stored = json.loads(row["settings"]) if row["settings"] else None
        settings = stored or _settings_from_legacy_options(row["id"], options)
        rules = {key: value for key, value in options.items() if key not in _LEGACY_SETTINGS}
        if settings != stored or rules != options:
            changed.append((json.dumps(rules), json.dumps(settings), row["id"]))
    await tx.executemany("UPDATE games SET options = ?, settings = ? WHERE id = ?", changed)
    if changed:
        log.info("table settings taken out of the options of %d game(s)", len(changed))

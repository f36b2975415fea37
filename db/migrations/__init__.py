"""The schema's numbered, described steps, one list for both dialects (after mautrix's
``UpgradeTable``): the runner in ``db/migrations/runner.py``, each step in a file of its own in
``db/migrations/steps/`` (``v04_settings_out_of_options.py`` takes a database from v3 to v4).

A step is an async function registered with its number and what it does::

    @MIGRATIONS.register(4, "table settings of games from before v3 out of their options (_quiet, _bot_speed)")
    async def _settings_out_of_options(tx: Tx, dialect: str) -> None:
        ...

It gets the open transaction and the dialect (``"sqlite"`` or ``"postgresql"``). Where the dialects
differ, both scripts stand side by side in the step (PostgreSQL needs ``BIGINT`` for Discord ids,
``DOUBLE PRECISION`` for times and scores, an identity column where SQLite has ``INTEGER PRIMARY
KEY``); a step that converts stored rows does it in Python, once, instead of every reader coping
with the old form for ever.

The schema version is the number of the last step run: ``PRAGMA user_version`` on SQLite, the
one-row table ``tafelbot_schema`` on PostgreSQL. Both dialects always have the same version.
:func:`upgrade` runs the steps a database has not had, each in its own transaction together with
its new version number (a step that fails leaves the database at the version before it), and logs
each as ``database from v3 to v4: <description>``. A database whose version is higher than the
last step was written by newer code and is refused (:class:`DatabaseTooNew`) rather than damaged.

Add new steps; never edit one that has shipped. How to add one: see the docstring of
``db/__init__.py``.
"""

from db.migrations.runner import MIGRATIONS, DatabaseTooNew, Step, Upgrade, UpgradeTable, upgrade

# Imported for what importing does: each step registers itself on MIGRATIONS, and this list (kept
# in file-name order, which is step order) is the order they register in. A step out of place
# fails here, at import, with the number it has and the one expected.
from db.migrations.steps import (  # noqa: F401
    v01_games_moves_results,
    v02_league,
    v03_clocks,
    v04_settings_out_of_options,
    v05_deadline_column,
    v06_tournaments_and_queue,
    v07_comforts,
    v08_web_servers,
    v09_takeover_level,
    v10_bot_settings,
    v11_self_healing,
    v12_one_word_per_thing,
    v13_web_sessions,
    v14_inbox,
    v15_cross_server,
)

__all__ = ["MIGRATIONS", "DatabaseTooNew", "Step", "Upgrade", "UpgradeTable", "upgrade"]

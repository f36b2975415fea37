"""Settings of the bot as a whole, not of a server or a person: a name and a text value. The first is
the hash of the command list last synced to Discord (``cogs/command_sync.py``), so a restart with
unchanged commands does not spend one of Discord's 200 command creates a day.
"""

from __future__ import annotations

from db.backend import Tx
from db.migrations.runner import MIGRATIONS


@MIGRATIONS.register(10, "bot-wide settings (name and value), such as the hash of the commands last synced")
async def _bot_settings(tx: Tx, dialect: str) -> None:
    await tx.execute("CREATE TABLE bot_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)")

"""Computer levels (easy, normal, hard): the level that takes over an absent player's seat is a
server setting (NULL: the default, hard). A computer seat's own level is kept with the seat in the
game's seats JSON, so games need no change (a seat without one plays at the default level).
"""

from __future__ import annotations

from db.backend import Tx
from db.migrations.runner import MIGRATIONS


@MIGRATIONS.register(9, "server setting: the computer level that takes over absent players' seats")
async def _takeover_level(tx: Tx, dialect: str) -> None:
    await tx.execute("ALTER TABLE table_server_settings ADD COLUMN takeover_level TEXT")

"""``games.clock`` renamed ``deadline``: the column keeps the bookkeeping of a game's next
deadline, and "clock" is left to mean the time source.
"""

from __future__ import annotations

from db.backend import Tx
from db.migrations.runner import MIGRATIONS


@MIGRATIONS.register(
    5, "games.clock renamed deadline: the bookkeeping of a game's next deadline ('clock' is the time source)"
)
async def _deadline_column(tx: Tx, dialect: str) -> None:
    # The same statement in both dialects (SQLite 3.25 and later, PostgreSQL): the column keeps its
    # data and the indexes, only its name changes.
    await tx.execute("ALTER TABLE games RENAME COLUMN clock TO deadline")

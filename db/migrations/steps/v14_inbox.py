"""One inbox for a person's games (issue 49): their choice of direct messages when a table waits
for them (``inbox_mode``: ``one`` message kept current, ``each`` turn its own message, a daily
``digest``, ``off``), the language they chose it in, and the one inbox message itself (its DM
channel and message id, so after a restart the same message is edited) with the turns it already
told them about (``inbox_shown``: JSON list of "game:turn start" keys, so a restart does not
notify twice).
"""

from __future__ import annotations

from db.backend import POSTGRESQL, Tx
from db.migrations.runner import MIGRATIONS


@MIGRATIONS.register(14, "one inbox: a person's choice of turn DMs and their kept inbox message")
async def _inbox(tx: Tx, dialect: str) -> None:
    big = "BIGINT" if dialect == POSTGRESQL else "INTEGER"
    await tx.run_script(
        f"""
        ALTER TABLE table_people ADD COLUMN inbox_mode TEXT NOT NULL DEFAULT 'off'
            CHECK (inbox_mode IN ('one', 'each', 'digest', 'off'));
        ALTER TABLE table_people ADD COLUMN inbox_locale TEXT;
        ALTER TABLE table_people ADD COLUMN inbox_channel {big};
        ALTER TABLE table_people ADD COLUMN inbox_message {big};
        ALTER TABLE table_people ADD COLUMN inbox_shown TEXT;
        """
    )

"""Self-healing tables. The version of a game its newest board shows (posted or edited), so that
after a restart or a fault the table platform knows which running games still owe their board
(``table.reconcile``): NULL or a smaller number than ``version`` means the stored move was never
shown; running games from before count as shown (their players were pinged, and a restart after
the upgrade must not post every board again). And the channels the bot cannot post in now (deleted, locked, permission lost, the bot
removed from the server), since when and why: their games' clocks stand still, their hosts were
told, and after a while the games are cancelled (``cogs.table.trouble``); kept across restarts.
And each person's choice whether a decision with one legal action is played for them
(``table.autoplay``; on unless they turned it off).
"""

from __future__ import annotations

from db.backend import POSTGRESQL, Tx
from db.migrations.runner import MIGRATIONS


@MIGRATIONS.register(11, "self-healing tables: the version each board shows, channels in trouble; auto-play")
async def _self_healing(tx: Tx, dialect: str) -> None:
    big, real = ("BIGINT", "DOUBLE PRECISION") if dialect == POSTGRESQL else ("INTEGER", "REAL")
    await tx.run_script(
        f"""
        ALTER TABLE games ADD COLUMN board_version INTEGER;
        UPDATE games SET board_version = version WHERE status = 'active';
        ALTER TABLE table_people ADD COLUMN auto_play INTEGER NOT NULL DEFAULT 1 CHECK (auto_play IN (0, 1));

        CREATE TABLE table_channel_trouble (
            channel_id  {big} PRIMARY KEY,
            guild_id    {big},
            since       {real} NOT NULL,
            reason      TEXT NOT NULL
        );
        """
    )

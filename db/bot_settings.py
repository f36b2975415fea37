"""Settings of the bot as a whole (not of a server or a person): a name and a text value.

Plain data only: what a value means belongs to whoever writes it (``cogs/command_sync.py`` keeps
the hash of the command list it last synced to Discord here)."""

from __future__ import annotations

from db.store import Store


async def bot_setting(store: Store, name: str) -> str | None:
    """The value stored under ``name``, or None if there is none."""
    value = await store.fetchval("SELECT value FROM bot_settings WHERE name = ?", (name,))
    return None if value is None else str(value)


async def set_bot_setting(store: Store, name: str, value: str) -> None:
    # An upsert: two processes writing the same name at once leave one row, not an error.
    async with store.transaction() as tx:
        await tx.execute(
            "INSERT INTO bot_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            (name, value),
        )

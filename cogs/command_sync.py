"""Syncing the command list to Discord only when it changed.

Discord allows 200 command creates a day, and discord.py's maintainers advise syncing only when
the commands change; a bot restarted often (deploys, crashes, several shard processes) used to
send the whole list at every start. Now the list is hashed exactly as it would be sent (with its
translations, for the application and the dev server it goes to), and the hash of the last list
Discord accepted is kept in the database: a start with the same hash sends nothing.

A refused sync (a 429 on the daily limit, a 5xx, no answer in time) is a warning, not a stop: the
commands Discord already has keep working, the hash is not stored, and the next start tries again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from db import Store
from db.bot_settings import bot_setting, set_bot_setting

log = logging.getLogger("tafelbot.commands")

SYNCED = "commands_synced"  # bot_settings: the hash of the command list Discord last accepted
# A sync waits at most this long: discord.py sleeps through a 429 however long its retry_after
# (hours, on the daily create limit) and retries a 500 for 25 s, while the bot has not yet connected.
SYNC_SECONDS = 30.0


async def command_payload(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> list[Any]:
    """The commands as ``tree.sync(guild=guild)`` sends them (translated when the tree has a
    translator), in a fixed order."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is not None:
        payload = [await command.get_translated_payload(tree, translator) for command in commands]
    else:
        payload = [command.to_dict(tree) for command in commands]
    return sorted(payload, key=lambda c: (c.get("type", 1), c["name"]))


def payload_hash(payload: list[Any], *, application_id: int | None, guild_id: int | None) -> str:
    """SHA-256 of the payload and where it goes: another application (another token on the same
    database) or another dev server needs its own sync."""
    where = {"application_id": application_id, "guild_id": guild_id, "commands": payload}
    text = json.dumps(where, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_commands(
    tree: app_commands.CommandTree[Any],
    store: Store,
    *,
    application_id: int | None,
    guild_id: int | None,
    force: bool = False,
) -> bool:
    """Send the command list to Discord if it changed since the last accepted sync (always, with
    ``force``): globally, or to the dev server ``guild_id`` only (the global commands copied there,
    so changes show at once). True when Discord has the tree's commands now."""
    guild = discord.Object(guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    digest = payload_hash(await command_payload(tree, guild), application_id=application_id, guild_id=guild_id)
    if not force and await bot_setting(store, SYNCED) == digest:
        log.info("commands unchanged since the last sync: not sent again")
        return True
    where = f"server {guild_id}" if guild_id else "every server"
    try:
        synced = await asyncio.wait_for(tree.sync(guild=guild), SYNC_SECONDS)
    except app_commands.CommandSyncFailure:
        # Discord found the commands themselves invalid (400): our mistake, not Discord's mood.
        log.exception("Discord refused the command list for %s as invalid; the bot runs with the old one", where)
        return False
    except discord.HTTPException as error:
        log.warning(
            "command sync for %s refused (HTTP %s: %s); the bot runs with the commands Discord has, "
            "and the next start tries again",
            where,
            error.status,
            error.text or error,
        )
        return False
    except TimeoutError:
        log.warning(
            "command sync for %s not answered within %.0f s (rate limited?); the bot runs with the commands "
            "Discord has, and the next start tries again",
            where,
            SYNC_SECONDS,
        )
        return False
    await set_bot_setting(store, SYNCED, digest)
    log.info("%d command(s) synced to %s", len(synced), where)
    return True

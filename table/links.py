"""Links to a table's Discord messages (jump links), for reminders, lists and the web page."""

from __future__ import annotations

from db import GameRow


def jump_link(row: GameRow, message_id: int | None = None) -> str | None:
    message_id = message_id or row.board_message_id or row.lobby_message_id
    if message_id is None:
        return None
    guild = row.guild_id if row.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{row.channel_id}/{message_id}"

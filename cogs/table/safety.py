"""Who a public message may ping: exactly the seated people it names, never anyone else.

Names in the text are escaped (``table.safety``), so the only mentions left are the ``<@id>`` the
bot wrote itself for seated players; the allowed mentions list those users by id, so even a
mention that slipped into a line by mistake could not ping a bystander, a role or everyone.
"""

from __future__ import annotations

import discord

from db import GameRow


def seat_mentions(row: GameRow, content: str) -> discord.AllowedMentions:
    """Allowed mentions for a table message: the human seats whose mention ``content`` holds."""
    users = [
        discord.Object(seat.user_id)
        for seat in row.seats
        if seat.user_id is not None and not seat.computer and f"<@{seat.user_id}>" in content
    ]
    return discord.AllowedMentions(users=users, roles=False, everyone=False, replied_user=False)

"""Answering an interaction late: within its 15 minutes through the interaction, after them in the
channel.

Discord keeps an interaction's token for 15 minutes: follow-ups and edits of the original answer
work until then and fail with 401 "Invalid Webhook Token" (code 50027) after. Work that may take
longer than that after the command (a replay waiting behind others, say) answers through an
``AnswerWindow``: it edits the deferred answer while the token lives and posts in the channel once
it may not. The time is the table platform's clock, so tests move it instead of waiting.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from cogs.table.presenter import NO_MENTIONS, edit_answer
from table.clock import Clock

log = logging.getLogger("tafelbot.table")

TOKEN_LIFETIME = 15 * 60.0
# The token's 15 minutes run from the interaction's creation at Discord, a moment before the bot
# sees it; a request sent just before the end may arrive after it. A minute covers both.
SAFETY = 60.0


class AnswerWindow:
    def __init__(self, interaction: discord.Interaction, clock: Clock) -> None:
        self.interaction = interaction
        self.clock = clock
        self.closes = clock.now() + TOKEN_LIFETIME - SAFETY

    @property
    def open(self) -> bool:
        return self.clock.now() < self.closes

    async def note(self, content: str) -> None:
        """A passing note (progress): shown while the token lives, dropped after."""
        if self.open:
            await edit_answer(self.interaction, content=content)

    async def answer(
        self, content: str, *, file: discord.File | None = None, view: discord.ui.View | None = None
    ) -> None:
        """The final answer: the deferred message becomes it, or, too late for that, it is posted
        in the channel (where the "thinking" message stays, as Discord left it)."""
        if self.open:
            extra: dict[str, Any] = {"attachments": [file]} if file is not None else {}
            if view is not None:
                extra["view"] = view
            await edit_answer(self.interaction, content=content, allowed_mentions=NO_MENTIONS, **extra)
            return
        channel = self.interaction.channel
        if not isinstance(channel, discord.abc.Messageable):
            raise RuntimeError(f"interaction {self.interaction.id} has no channel to answer in")
        extra = {"file": file} if file is not None else {}
        if view is not None:
            extra["view"] = view
        await channel.send(content=content, allowed_mentions=NO_MENTIONS, **extra)


class AnswerWindows:
    """The open ``new`` answers of lobbies or sign-ups, by table or tournament: such a message is
    an interaction's answer, and Discord documents editing it through the interaction's webhook,
    so that is how it is edited while the token lives (after that, through the channel)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._windows: dict[int, AnswerWindow] = {}

    def remember(self, key: int, interaction: discord.Interaction) -> None:
        self._windows = {k: w for k, w in self._windows.items() if w.open}  # the expired go
        self._windows[key] = AnswerWindow(interaction, self.clock)

    async def edit(self, key: int, **fields: Any) -> bool:
        """Edit the answer through its webhook; False when its token is gone or Discord refused
        (then the caller edits through the channel)."""
        window = self._windows.pop(key, None)
        if window is None or not window.open:
            return False
        try:
            await edit_answer(window.interaction, **fields)
        except discord.HTTPException as error:
            log.info("answer %s not edited through its interaction (%r)", key, error)
            return False
        self._windows[key] = window
        return True

"""The "Play on the board" button: it launches the application's Activity, the table's web page
inside Discord (``web.activity``), in the channel of the board it sits on.

The answer is Discord's LAUNCH_ACTIVITY; the Activity then finds the table from its channel, so
nothing about the game travels with the launch. The button is on boards only when the Activity
is configured (``TAFELBOT_ACTIVITY``); a click on an old board, or by someone not playing, gets
the ordinary short answer.
"""

from __future__ import annotations

import logging

import discord

from cogs.table.presenter import Presenter
from db import GameStatus
from table.service import TableError

log = logging.getLogger("tafelbot.table")


class ActivityLauncher(Presenter):
    async def on_play_button(self, interaction: discord.Interaction, game_id: int) -> None:
        async def launch_the_activity() -> None:
            row = await self.service.get(game_id)
            if row.status != GameStatus.ACTIVE:
                raise TableError("not-running")
            if row.seat_of(interaction.user.id) is None:
                raise TableError("not-a-player")
            try:
                await interaction.response.launch_activity()
            except discord.HTTPException as error:
                if error.status != 400:
                    raise
                # Discord refuses the launch when the application has no Activity (switched off in
                # the Developer Portal): the operator's setting, not a bug; the person is told so.
                log.warning("Discord refused to launch the Activity (%s): are Activities enabled?", error.text)
                raise TableError("activity-off") from None

        await self.guarded(interaction, None, launch_the_activity)

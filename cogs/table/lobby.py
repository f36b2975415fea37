"""The lobby: opening a table, joining and leaving, computer seats, starting and cancelling.

The lobby message (an embed with buttons) is edited in place as people join; the slash commands
do the same as the buttons. When a game starts, its first board and first mover follow through
the table platform's aftermath (``table.aftermath``), which the flow hands in. A change is saved,
what follows it is started, and only then is the person answered.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from cogs.table.answer_window import AnswerWindows
from cogs.table.components import buttons_view, lobby_button
from cogs.table.levels import LEVEL_OPS, level_name
from cogs.table.permissions import missing_for_interaction, missing_text
from cogs.table.presenter import (
    NO_MENTIONS,
    Presenter,
    TableParts,
    answer_then_follow,
    channel_id_of,
    is_admin,
    lang_of,
    log_failure,
    player_of,
    unarchiving,
)
from cogs.table.reminders import duration_text
from cogs.table.table_options import table_opening
from db import GameRow, GameStatus
from locales import tr
from table import lobby, rematch
from table.aftermath import Aftermath, Change
from table.lobby import LobbyResult
from table.rematch import Rematch
from table.service import ActResult, TableError
from table.settings import TableSettings
from table.text import game_name, option_label, option_value, seat_name

log = logging.getLogger("tafelbot.table")


class LobbyPresenter(Presenter):
    def __init__(self, shared: TableParts, *, aftermath: Aftermath | None = None) -> None:
        """``aftermath``: what follows a started game (its first board, the first to move). Only a
        lobby that merely draws its messages (``embed``, ``view``: a test of the lobby's texts)
        goes without one."""
        super().__init__(shared)
        self._aftermath = aftermath
        self._answers = AnswerWindows(shared.service.clock)  # lobby messages, while ``new``'s token lives

    @property
    def aftermath(self) -> Aftermath:
        if self._aftermath is None:
            raise RuntimeError("this lobby was built without an aftermath: it cannot start games")
        return self._aftermath

    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        options: dict[str, Any],
        settings: dict[str, Any] | None = None,
    ) -> None:
        """Open a table. ``settings``: the game cog's table settings (``table.settings.TableSettings``
        fields); the options every game's ``new`` shares (language, time per move) arrive in
        ``interaction.extras`` (``cogs.table.table_options``)."""

        async def open_the_table() -> None:
            lacking = missing_for_interaction(interaction)
            if lacking:
                # The board could never be posted here: say so now, not after the first move.
                await self.shared.guard.tell(interaction, missing_text(lang_of(interaction), lacking))
                return
            opening = table_opening(interaction, options)
            row = await lobby.create(
                self.service,
                game,
                guild_id=interaction.guild_id,
                channel_id=channel_id_of(interaction),
                host=player_of(interaction),
                options=opening.options,
                locale=opening.locale,
                settings={**opening.settings, **(settings or {})},
                parent_id=getattr(interaction.channel, "parent_id", None),
            )
            response = await interaction.response.send_message(
                embed=self.embed(row), view=self.view(row), allowed_mentions=NO_MENTIONS
            )
            message = getattr(response, "resource", None)
            message_id = getattr(message, "id", None)
            if message_id is None:
                message_id = (await interaction.original_response()).id
            await lobby.set_message(self.service, row, message_id)
            self._answers.remember(row.id, interaction)

        await self.guarded(interaction, game, open_the_table)

    def embed(self, row: GameRow) -> discord.Embed:
        lang = row.locale
        engine = self.spec(row.game).engine
        title = {GameStatus.LOBBY: "lobby-title", GameStatus.CANCELLED: "lobby-title-cancelled"}.get(
            row.status, "lobby-title-playing"
        )
        embed = discord.Embed(title=tr(lang, title, game=game_name(lang, row.game)), colour=0x2E7D32)
        embed.description = tr(lang, "lobby-host", host=f"<@{row.host_id}>")
        players = "\n".join(
            f"{i + 1}. {seat_name(row.seats, i, mention=True)}"
            + (f" ({tr(lang, 'computer-label')}, {level_name(lang, s.level)})" if s.computer else "")
            for i, s in enumerate(row.seats)
        )
        embed.add_field(
            name=tr(lang, "lobby-players", count=len(row.seats), max=engine.max_players),
            value=players or "-",
            inline=False,
        )
        shown = option_lines(lang, row.game, row.options, self.service.settings_of(row))
        if shown:
            embed.add_field(name=tr(lang, "lobby-options"), value="\n".join(shown), inline=False)
        if row.status == GameStatus.LOBBY:
            embed.set_footer(text=tr(lang, "lobby-hint", min=engine.min_players))
        elif row.status == GameStatus.CANCELLED:
            embed.set_footer(text=tr(lang, "lobby-cancelled"))
        else:
            embed.set_footer(text=tr(lang, "lobby-started"))
        return embed

    def view(self, row: GameRow) -> discord.ui.View:
        view = buttons_view()
        if row.status != GameStatus.LOBBY:
            return view
        lang = row.locale
        styles = {
            "join": discord.ButtonStyle.success,
            "start": discord.ButtonStyle.primary,
            "cancel": discord.ButtonStyle.danger,
        }
        labels = {
            "join": "button-join",
            "leave": "button-leave",
            "add-computer": "button-add-computer",
            **{op: f"button-{op}" for op in LEVEL_OPS},
            "remove-computer": "button-remove-computer",
            "start": "button-start",
            "cancel": "button-cancel",
        }
        for op, key in labels.items():
            view.add_item(
                lobby_button(row.id, op, label=tr(lang, key), style=styles.get(op, discord.ButtonStyle.secondary))
            )
        return view

    async def op(self, op: str, row_id: int, interaction: discord.Interaction) -> LobbyResult | GameRow:
        player = player_of(interaction)
        svc = self.service
        if op == "join":
            return await lobby.join(svc, row_id, player)
        if op == "leave":
            return await lobby.leave(svc, row_id, player)
        if op == "add-computer":
            return await lobby.add_computer(svc, row_id, player)
        if op in LEVEL_OPS:
            return await lobby.add_computer(svc, row_id, player, LEVEL_OPS[op])
        if op == "remove-computer":
            return await lobby.remove_computer(svc, row_id, player)
        if op == "start":
            return await lobby.start(svc, row_id, player, is_admin=is_admin(interaction))
        if op == "cancel":
            return await lobby.cancel(svc, row_id, player, is_admin=is_admin(interaction))
        raise TableError("unknown-button")

    async def on_button(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        async def press_the_lobby_button() -> None:
            result = await self.op(op, game_id, interaction)
            row = result.row if isinstance(result, LobbyResult) else result
            await answer_then_follow(
                lambda: unarchiving(
                    interaction, lambda: interaction.response.edit_message(embed=self.embed(row), view=self.view(row))
                ),
                self._follow(row, result, interaction),
            )

        await self.guarded(interaction, None, press_the_lobby_button)

    async def command(self, interaction: discord.Interaction, game: str, op: str) -> None:
        """The slash-command twins of the lobby buttons: same effect, plus the lobby message updated."""

        async def do_the_lobby_step_by_command() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            result = await self.op(op, row.id, interaction)
            row = result.row if isinstance(result, LobbyResult) else result
            following = self._follow(row, result, interaction, refresh=True)
            await answer_then_follow(
                lambda: interaction.response.send_message(tr(lang_of(interaction), "played-ok"), ephemeral=True),
                following,
            )

        await self.guarded(interaction, game, do_the_lobby_step_by_command)

    async def cancel_command(self, interaction: discord.Interaction, game: str) -> None:
        await self.command(interaction, game, "cancel")

    async def refresh_message(self, row: GameRow) -> None:
        """Show the lobby as it now stands: through the ``new`` command's webhook while its token
        lives, else through the channel; where Discord refuses the edit (an old message's edit
        limit, 30046; an archived thread, 50083; a deleted message), a fresh lobby message."""
        if row.lobby_message_id is None:
            return
        embed, view = self.embed(row), self.view(row)
        if await self._answers.edit(row.id, embed=embed, view=view):
            return
        try:
            channel = await self.channel(row.channel_id)
            try:
                await channel.get_partial_message(row.lobby_message_id).edit(embed=embed, view=view)
            except discord.HTTPException as error:
                if row.status != GameStatus.LOBBY:
                    # A started or closed table's board says the rest (a new lobby message
                    # would be a write, and so a new version under the board's buttons).
                    log.info("lobby message of game %s not edited (%r)", row.id, error)
                    return
                log.info("lobby message of game %s not edited (%r); posting it afresh", row.id, error)
                message = await channel.send(embed=embed, view=view, allowed_mentions=NO_MENTIONS)
                await lobby.set_message(self.service, row, message.id)
        except discord.HTTPException as error:
            log.warning("could not show the lobby of game %s (%r)", row.id, error)

    async def announce_start(
        self, row: GameRow, result: LobbyResult, *, actor: discord.Interaction | None = None
    ) -> None:
        """A game has started: its first board with who plays, then the first to move (a computer
        player starts thinking, a person gets the heads-up)."""
        names = ", ".join(seat_name(row.seats, i, mention=True) for i in range(len(row.seats)))
        intro = tr(row.locale, "game-started", game=game_name(row.locale, row.game), players=names)
        started = ActResult(row, -1, "", list(result.events), result.state, None)
        await asyncio.shield(self.aftermath.follow(Change(started, intro=intro, actor=actor)))

    async def expired(self, row: GameRow) -> None:
        """The table scheduler closed a lobby nobody started: say so, and update its message."""
        lang = row.locale
        channel = await self.channel(row.channel_id)
        await channel.send(tr(lang, "time-lobby-expired", game=game_name(lang, row.game)), allowed_mentions=NO_MENTIONS)
        await self.refresh_message(row)

    async def rematch(self, interaction: discord.Interaction, old_id: int) -> None:
        """The end-of-game post's Rematch: open the rematch table, or join it; it starts by itself
        once every player of the old game has pressed."""

        async def open_the_rematch() -> None:
            done = await rematch.press(self.service, old_id, player_of(interaction))
            lang = lang_of(interaction)
            # Answered first: the new lobby's post and any start come after, whatever the answer met.
            following = asyncio.create_task(self._rematch_lobby(done.result.row, done, interaction))
            await answer_then_follow(
                lambda: interaction.response.send_message(
                    tr(lang, "rematch-opened" if done.opened else "rematch-joined"), ephemeral=True
                ),
                following,
            )

        await self.guarded(interaction, None, open_the_rematch)

    async def _rematch_lobby(self, row: GameRow, done: Rematch, interaction: discord.Interaction) -> None:
        """The rematch lobby's message (posted when it opened, edited when someone joined), then
        what follows if the press started the game."""
        try:
            if done.opened:
                channel = await self.channel(row.channel_id)
                message = await channel.send(embed=self.embed(row), view=self.view(row), allowed_mentions=NO_MENTIONS)
                row = await lobby.set_message(self.service, row, message.id)
            else:
                await self.refresh_message(row)
        except Exception as error:
            log_failure(error, "the rematch lobby of game %s could not be shown", row.id)
        await self._follow(row, done.result, interaction)

    def _follow(
        self, row: GameRow, result: Any, interaction: discord.Interaction, *, refresh: bool = False
    ) -> asyncio.Task[None]:
        """Start what follows a lobby change (``refresh``: the lobby message too, for the slash
        commands); a task that never raises, to be awaited after answering."""
        return asyncio.create_task(self._after(row, result, interaction, refresh=refresh))

    async def _after(
        self, row: GameRow, result: Any, interaction: discord.Interaction, *, refresh: bool = False
    ) -> None:
        try:
            if refresh:
                await self.refresh_message(row)
            if isinstance(result, LobbyResult) and result.started:
                await self.announce_start(row, result, actor=interaction)
            elif isinstance(result, GameRow) and result.status == GameStatus.CANCELLED:
                channel = await self.channel(row.channel_id)
                await channel.send(
                    tr(row.locale, "game-cancelled", user=interaction.user.mention), allowed_mentions=NO_MENTIONS
                )
                await self.refresh_message(row)
        except Exception as error:
            log_failure(error, "what follows the lobby change of game %s failed", row.id)


def option_lines(lang: str, game: str, options: dict[str, Any], settings: TableSettings) -> list[str]:
    """The lobby's settings field: the game's options, then the table's own settings, each as
    "label: value" in ``lang`` (``<game>-option-<key>`` and ``option-<setting>``)."""
    lines = [f"{option_label(lang, game, k)}: {option_value(lang, game, k, v)}" for k, v in options.items()]
    return lines + setting_lines(lang, settings)


# Table settings counted in seconds (shown with their unit); the time per move is a duration.
SECONDS_SETTINGS = ("lull", "computer_speed")


def setting_lines(lang: str, settings: TableSettings) -> list[str]:
    """The table's own settings for the lobby (time per move and the like)."""
    lines = []
    for key, value in settings.shown():
        if key in ("move_seconds", "bank_seconds", "bank_increment"):
            shown = duration_text(lang, value) if value else tr(lang, "option-none")
        elif isinstance(value, bool):
            shown = tr(lang, "option-yes" if value else "option-no")
        elif key in SECONDS_SETTINGS:
            shown = tr(lang, "option-seconds", n=value)
        else:
            shown = tr(lang, "option-number", n=value)
        lines.append(f"{tr(lang, f'option-{key}', default=key)}: {shown}")
    return lines

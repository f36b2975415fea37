"""Moves: each player's private controls (their picture and one button per legal action), the
move buttons and commands, autocomplete, resigning and handing an absent player's seat over. The
public board is the board presenter's job: the flow hands it in, and every result goes there.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from cogs.table.board import BoardPresenter
from cogs.table.components import ActButton, NavButton, TakeBackButton, buttons_view
from cogs.table.presenter import NO_MENTIONS, Presenter, TableParts, channel_id_of, is_admin, lang_of, player_of
from db import GameRow, GameStatus
from engines.errors import GameError
from locales import tr
from table import takeback
from table.alt_text import hand_description
from table.controls import build_page
from table.service import TableError
from table.text import who


class MovePresenter(Presenter):
    def __init__(self, shared: TableParts, *, board: BoardPresenter) -> None:
        super().__init__(shared)
        self.board = board

    async def controls(
        self, row: GameRow, state: Any, user_id: int, lang: str, *, group: int = -1, page: int = 0, note: str = ""
    ) -> dict[str, Any]:
        """The ephemeral message for one user: their picture and one button per legal action."""
        spec = self.spec(row.game)
        engine = spec.engine
        seat = row.seat_of(user_id)
        view_data = engine.view(state, seat)
        to_move = engine.to_move(state)
        ui = buttons_view()
        lines = [note] if note else []
        if seat is None:
            lines.append(tr(lang, "controls-spectator"))
            picture = await self.picture(row, spec.render_board, view_data, lang)
        else:
            picture = await self.picture(row, spec.render_hand or spec.render_board, view_data, lang)
            if seat in to_move and row.status == GameStatus.ACTIVE:
                legal = engine.legal_actions(state, seat)
                action_group = spec.action_group
                group_of: Callable[[str], str] | None = None
                if action_group is not None:
                    group_of = lambda a: action_group(view_data, a, locale=lang)  # noqa: E731
                listing = build_page(
                    legal, lambda a: spec.action_label(view_data, a, locale=lang), group_of, group=group, page=page
                )
                if any(c.kind == "group" for c in listing.choices):
                    lines.append(tr(lang, "controls-pick-group"))
                else:
                    lines.append(tr(lang, "controls-your-turn"))
                for choice in listing.choices:
                    if choice.kind == "group":
                        ui.add_item(
                            NavButton(
                                row.id,
                                row.version,
                                choice.group,
                                0,
                                label=choice.label,
                                style=discord.ButtonStyle.primary,
                            )
                        )
                    else:
                        ui.add_item(ActButton(row.id, row.version, choice.action, label=choice.label))
                if listing.pages > 1:
                    lines.append(
                        tr(lang, "controls-many", count=listing.total, page=listing.page + 1, pages=listing.pages)
                    )
                    ui.add_item(
                        NavButton(
                            row.id,
                            row.version,
                            listing.group,
                            max(listing.page - 1, 0),
                            label=tr(lang, "button-previous"),
                            disabled=listing.page == 0,
                        )
                    )
                    ui.add_item(
                        NavButton(
                            row.id,
                            row.version,
                            listing.group,
                            listing.page + 1,
                            label=tr(lang, "button-next"),
                            disabled=listing.page + 1 >= listing.pages,
                        )
                    )
                if listing.group >= 0:
                    ui.add_item(NavButton(row.id, row.version, -1, 0, label=tr(lang, "button-back")))
                if await takeback.offered(self.service, row, seat):
                    ui.add_item(TakeBackButton(row.id, row.version, label=tr(lang, "button-take-back")))
            elif row.status == GameStatus.ACTIVE:
                lines.append(
                    tr(lang, "controls-waiting", players=who(row.seats, sorted(to_move), mention=False, lang=lang))
                )
        public_view = engine.view(state, None)
        alt = hand_description(lang, row.game, view_data, public_view, lines, card_namer=spec.card_name)
        return {
            "content": "\n".join(lines) or None,
            "file": discord.File(io.BytesIO(picture), filename="hand.png", description=alt),
            "view": ui,
        }

    async def show_controls(self, interaction: discord.Interaction, row: GameRow) -> None:
        lang = lang_of(interaction)
        state = self.service.state_of(row)
        payload = await self.controls(row, state, interaction.user.id, lang)
        await interaction.response.send_message(ephemeral=True, allowed_mentions=NO_MENTIONS, **payload)

    async def on_hand_button(self, interaction: discord.Interaction, game_id: int) -> None:
        async def work() -> None:
            row = await self.service.get(game_id)
            if row.status != GameStatus.ACTIVE:
                raise TableError("not-running")
            await self.show_controls(interaction, row)

        await self.guarded(interaction, None, work)

    async def hand_command(self, interaction: discord.Interaction, game: str) -> None:
        async def work() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            await self.show_controls(interaction, row)

        await self.guarded(interaction, game, work)

    async def on_nav_button(
        self, interaction: discord.Interaction, game_id: int, version: int, group: int, page: int
    ) -> None:
        async def work() -> None:
            row = await self.service.get(game_id)
            if row.status != GameStatus.ACTIVE:
                raise TableError("not-running")
            if row.version != version:
                raise TableError("board-moved-on")
            state = self.service.state_of(row)
            payload = await self.controls(row, state, interaction.user.id, lang_of(interaction), group=group, page=page)
            await interaction.response.edit_message(
                content=payload["content"], attachments=[payload["file"]], view=payload["view"]
            )

        await self.guarded(interaction, None, work)

    async def on_act_button(self, interaction: discord.Interaction, game_id: int, version: int, action: str) -> None:
        async def work() -> None:
            result = await self.service.act(
                game_id, user_id=interaction.user.id, action=action, expected_version=version
            )
            # Durable now: answer the clicker, then tell the channel.
            lang = lang_of(interaction)
            engine = self.spec(result.row.game).engine
            if result.seat in engine.to_move(result.state):
                # Still this player's move (several moves a turn, or live play): fresh controls,
                # after a deferral, since drawing the picture may take longer than Discord waits.
                await interaction.response.defer()
                payload = await self.controls(result.row, result.state, interaction.user.id, lang)
                await interaction.edit_original_response(
                    content=payload["content"], attachments=[payload["file"]], view=payload["view"]
                )
            else:
                # The turn passed: a short note; "My hand" shows the new hand when it matters.
                waiting = who(result.row.seats, sorted(engine.to_move(result.state)), mention=False, lang=lang)
                note = tr(lang, "played-ok") + ("\n" + tr(lang, "controls-waiting", players=waiting) if waiting else "")
                await interaction.response.edit_message(content=note, attachments=[], view=None)
            await self.board.publish_result(result, interaction)

        await self.guarded(interaction, None, work)

    async def play_command(self, interaction: discord.Interaction, game: str, action: str) -> None:
        async def work() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            result = await self.service.act(row.id, user_id=interaction.user.id, action=action.strip())
            lang = lang_of(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)  # the move is saved; now draw
            payload = await self.controls(
                result.row, result.state, interaction.user.id, lang, note=tr(lang, "played-ok")
            )
            await interaction.followup.send(ephemeral=True, allowed_mentions=NO_MENTIONS, **payload)
            await self.board.publish_result(result, interaction)

        await self.guarded(interaction, game, work)

    async def autocomplete_actions(
        self, interaction: discord.Interaction, game: str, current: str
    ) -> list[app_commands.Choice[str]]:
        """Up to 25 legal actions of the user, matching what they typed (by label or code)."""
        try:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            seat = row.seat_of(interaction.user.id)
            spec = self.spec(game)
            state = self.service.state_of(row)
            if seat is None or seat not in spec.engine.to_move(state):
                return []
            lang = lang_of(interaction)
            view_data = spec.engine.view(state, seat)
            needle = current.lower().strip()
            choices: list[app_commands.Choice[str]] = []
            for action in spec.engine.legal_actions(state, seat):
                label = spec.action_label(view_data, action, locale=lang)
                if needle and needle not in label.lower() and needle not in action.lower():
                    continue
                choices.append(app_commands.Choice(name=f"{label} [{action}]"[:100], value=action))
                if len(choices) == 25:
                    break
            return choices
        except (TableError, GameError):
            return []

    async def resign_command(self, interaction: discord.Interaction, game: str) -> None:
        async def work() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            result = await self.service.resign(row.id, player_of(interaction))
            await interaction.response.send_message(tr(lang_of(interaction), "played-ok"), ephemeral=True)
            await self.board.publish_result(result, interaction)

        await self.guarded(interaction, game, work)

    async def on_takeback_button(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """The controls' Take back: the same as ``/game take-back``, for the board it was shown with."""

        async def work() -> None:
            result = await takeback.take_back(self.service, game_id, interaction.user.id, version=version)
            lang = lang_of(interaction)
            payload = await self.controls(
                result.row, result.state, interaction.user.id, lang, note=tr(lang, "takeback-done")
            )
            await interaction.response.edit_message(
                content=payload["content"], attachments=[payload["file"]], view=payload["view"]
            )
            await self.board.publish_result(result, interaction)

        await self.guarded(interaction, None, work)

    async def takeback_command(self, interaction: discord.Interaction, game: str) -> None:
        """``/game take-back``: the person's own last action of this turn, if the game allows it;
        the board is edited (the same turn goes on), and the person gets their controls again."""

        async def work() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            result = await takeback.take_back(self.service, row.id, interaction.user.id)
            lang = lang_of(interaction)
            payload = await self.controls(
                result.row, result.state, interaction.user.id, lang, note=tr(lang, "takeback-done")
            )
            await interaction.response.send_message(ephemeral=True, allowed_mentions=NO_MENTIONS, **payload)
            await self.board.publish_result(result, interaction)

        await self.guarded(interaction, game, work)

    async def hand_over_command(self, interaction: discord.Interaction, game: str, member: discord.abc.User) -> None:
        """``/game hand-over``: the host or a moderator gives an absent player's seat to the computer."""

        async def work() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            seat = row.seat_of(member.id)
            if seat is None:
                raise TableError("not-seated")
            result = await self.service.hand_over(
                row.id, seat, by=player_of(interaction), is_admin=is_admin(interaction)
            )
            await interaction.response.send_message(tr(lang_of(interaction), "played-ok"), ephemeral=True)
            await self.board.publish_result(result)

        await self.guarded(interaction, game, work)

"""Moves: each player's private controls (their picture and one button per legal action), the
move buttons and commands, autocomplete, resigning and handing an absent player's seat over.

Every handler that changes a game does it in this order: save (``TableService``), start what
follows the change (``table.aftermath``: the public board, the computers, the heads-up), then
answer the person; what follows runs whatever becomes of that answer. Every answer comes before
a drawing that may outlast Discord's three seconds: fresh controls (after "My hand", a move that
leaves the player to move, a page of controls, a take-back) are the answer itself when they are
ready within ``QUICK_ANSWER`` (one request instead of a deferral and an edit, issue 48), else the
click is deferred then, with two seconds to spare, and the controls are edited in when drawn.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from cogs.table.components import (
    act_button,
    act_select,
    buttons_view,
    hand_button,
    nav_button,
    sure_button,
    take_back_button,
)
from cogs.table.presenter import (
    NO_MENTIONS,
    Presenter,
    TableParts,
    answer_then_follow,
    channel_id_of,
    edit_answer,
    is_admin,
    lang_of,
    player_of,
    unarchiving,
)
from db import GameRow, GameStatus
from engines.errors import GameError
from locales import tr
from table import takeback
from table.aftermath import Aftermath, Change
from table.alt_text import hand_description
from table.autoplay import forced_actions
from table.controls import ControlsPage, build_page
from table.service import ActResult, TableError
from table.spec import GameSpec
from table.text import who

QUICK_ANSWER = 1.0  # seconds "My hand" may take before it defers (Discord waits 3 for an answer)


async def drawn_in_time(
    making: Awaitable[dict[str, Any]], timeout: float, defer: Callable[[], Awaitable[Any]]
) -> tuple[dict[str, Any], bool]:
    """Fresh controls and whether they were drawn within ``timeout``: then they can be the
    click's answer itself (one request to Discord instead of a deferral and an edit). Otherwise
    ``defer`` answers the click first, since Discord waits only three seconds, and the controls
    are awaited after it."""
    drawing = asyncio.ensure_future(making)
    try:
        done, _ = await asyncio.wait({drawing}, timeout=timeout)
        if done:
            return drawing.result(), True
        await defer()
        return await drawing, False
    finally:
        if not drawing.done():
            drawing.cancel()


def shortcuts(spec: GameSpec, view: Any, legal: list[str], listing: ControlsPage, lang: str) -> list[tuple[str, str]]:
    """(action, label) of the whole turns the game offers (``GameSpec.turn_plans``), without one
    that is a single move already on a button of this page."""
    if spec.turn_plans is None or len(legal) < 2:
        return []
    on_buttons = {c.action for c in listing.choices if c.kind == "act"}
    return [
        (plan, spec.action_label(view, plan, locale=lang))
        for plan in spec.turn_plans(view, legal)
        if plan not in on_buttons
    ]


class MovePresenter(Presenter):
    def __init__(self, shared: TableParts, *, aftermath: Aftermath) -> None:
        super().__init__(shared)
        self.aftermath = aftermath

    def follow(self, result: ActResult, interaction: discord.Interaction | None = None) -> asyncio.Task[None]:
        """Start what follows a saved change (``interaction``: who caused it, told if their board
        is not allowed); call before answering, and await through ``answer_then_follow``."""
        return self.aftermath.follow(Change(result, actor=interaction))

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
            # An only move the table is playing for them right now (``table.autoplay``): a button
            # for it would be dead on arrival, so they are told and get "My hand / play" instead.
            played = dict(await forced_actions(self.service, row, state)).get(seat) if seat in to_move else None
            if played is not None:
                lines.append(tr(lang, "auto-playing", action=spec.action_label(view_data, played, locale=lang)))
                ui.add_item(hand_button(row.id, label=tr(lang, "button-hand")))
            elif seat in to_move and row.status == GameStatus.ACTIVE:
                legal = engine.offered_actions(state, seat)  # one button per distinct effect
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
                if listing.group < 0:
                    # Whole turns first, one button each (green), beside the step-by-step controls.
                    plans = shortcuts(spec, view_data, legal, listing, lang)
                    if plans:
                        lines.append(tr(lang, "controls-plans"))
                    for action, label in plans:
                        ui.add_item(
                            act_button(row.id, row.version, action, label=label, style=discord.ButtonStyle.success)
                        )
                for n, menu in enumerate(listing.menus):
                    ui.add_item(
                        act_select(
                            row.id,
                            row.version,
                            n,
                            [(c.label, c.action) for c in menu],
                            placeholder=f"{menu[0].label} … {menu[-1].label}",
                        )
                    )
                for choice in listing.choices:
                    if choice.kind == "group":
                        ui.add_item(
                            nav_button(
                                row.id,
                                row.version,
                                choice.group,
                                0,
                                label=choice.label,
                                style=discord.ButtonStyle.primary,
                            )
                        )
                    else:
                        ui.add_item(act_button(row.id, row.version, choice.action, label=choice.label))
                if listing.pages > 1:
                    lines.append(
                        tr(lang, "controls-many", count=listing.total, page=listing.page + 1, pages=listing.pages)
                    )
                    ui.add_item(
                        nav_button(
                            row.id,
                            row.version,
                            listing.group,
                            max(listing.page - 1, 0),
                            label=tr(lang, "button-previous"),
                            disabled=listing.page == 0,
                        )
                    )
                    ui.add_item(
                        nav_button(
                            row.id,
                            row.version,
                            listing.group,
                            listing.page + 1,
                            label=tr(lang, "button-next"),
                            disabled=listing.page + 1 >= listing.pages,
                        )
                    )
                if listing.group >= 0:
                    ui.add_item(nav_button(row.id, row.version, -1, 0, label=tr(lang, "button-back")))
                if await takeback.offered(self.service, row, seat):
                    ui.add_item(take_back_button(row.id, row.version, label=tr(lang, "button-take-back")))
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
        making = self.controls(row, self.service.state_of(row), interaction.user.id, lang_of(interaction))
        # In a thread that archived itself the edit of a deferred answer unarchives it (``unarchiving``).
        quick = not getattr(interaction.channel, "archived", False)
        payload, in_time = await drawn_in_time(
            making, QUICK_ANSWER if quick else 0, lambda: interaction.response.defer(ephemeral=True, thinking=True)
        )
        if not in_time:
            await self.replace_thinking(interaction, payload)
            return
        await interaction.response.send_message(
            content=payload["content"],
            file=payload["file"],
            view=payload["view"],
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    async def replace_controls(self, interaction: discord.Interaction, making: Awaitable[dict[str, Any]]) -> None:
        """The clicked controls become the fresh ones ``making`` draws: the click's own answer
        when drawn in time, else edited into its deferred answer."""
        payload, in_time = await drawn_in_time(making, QUICK_ANSWER, interaction.response.defer)
        if not in_time:
            await self.replace_thinking(interaction, payload)
            return
        await unarchiving(
            interaction,
            lambda: interaction.response.edit_message(
                content=payload["content"],
                attachments=[payload["file"]],
                view=payload["view"],
                allowed_mentions=NO_MENTIONS,
            ),
            payload["file"],
        )

    async def on_hand_button(self, interaction: discord.Interaction, game_id: int) -> None:
        async def show_the_hand() -> None:
            row = await self.service.get(game_id)
            if row.status != GameStatus.ACTIVE:
                raise TableError("not-running")
            await self.show_controls(interaction, row)

        await self.guarded(interaction, None, show_the_hand)

    async def hand_command(self, interaction: discord.Interaction, game: str) -> None:
        async def show_the_hand() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            await self.show_controls(interaction, row)

        await self.guarded(interaction, game, show_the_hand)

    async def on_nav_button(
        self, interaction: discord.Interaction, game_id: int, version: int, group: int, page: int
    ) -> None:
        async def turn_the_controls_page() -> None:
            row = await self.service.get(game_id)
            if row.status != GameStatus.ACTIVE:
                raise TableError("not-running")
            if row.version != version:
                raise TableError("board-moved-on")
            state = self.service.state_of(row)
            await self.replace_controls(
                interaction,
                self.controls(row, state, interaction.user.id, lang_of(interaction), group=group, page=page),
            )

        await self.guarded(interaction, None, turn_the_controls_page)

    async def on_act_button(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str, *, confirmed: bool = False
    ) -> None:
        async def play_the_action() -> None:
            if not confirmed and await self.ask_first(interaction, game_id, version, action):
                return
            result = await self.service.act(
                game_id, user_id=interaction.user.id, action=action, expected_version=version
            )
            following = self.follow(result, interaction)  # durable now: the board goes out regardless
            lang = lang_of(interaction)
            engine = self.spec(result.row.game).engine

            async def answer() -> None:
                if result.seat in engine.to_move(result.state):
                    # Still this player's move (several moves a turn, or live play): fresh controls.
                    await self.replace_controls(
                        interaction, self.controls(result.row, result.state, interaction.user.id, lang)
                    )
                else:
                    # The turn passed: a short note; "My hand" shows the new hand when it matters.
                    waiting = who(result.row.seats, sorted(engine.to_move(result.state)), mention=False, lang=lang)
                    note = tr(lang, "played-ok")
                    if waiting:
                        note += "\n" + tr(lang, "controls-waiting", players=waiting)
                    await unarchiving(
                        interaction,
                        lambda: interaction.response.edit_message(content=note, attachments=[], view=None),
                    )

            await answer_then_follow(answer, following)

        await self.guarded(interaction, None, play_the_action)

    async def ask_first(self, interaction: discord.Interaction, game_id: int, version: int, action: str) -> bool:
        """An action that ends something for good (``Engine.asks_confirmation``) asks once: the
        controls become the question, with "Yes" and "Back". True when it asked."""
        if not any(spec.engine.asks_confirmation(action) for spec in self.service.specs.values()):
            return False  # no game asks about it: no need to read the game first (a move's read)
        row = await self.service.get(game_id)
        spec = self.spec(row.game)
        if not spec.engine.asks_confirmation(action) or row.version != version:
            return False  # an older board is told so by the move itself
        lang = lang_of(interaction)
        view_data = spec.engine.view(self.service.state_of(row), row.seat_of(interaction.user.id))
        ui = buttons_view()
        ui.add_item(sure_button(game_id, version, action, label=tr(lang, "controls-sure-yes")))
        ui.add_item(nav_button(game_id, version, -1, 0, label=tr(lang, "button-back")))
        label = spec.action_label(view_data, action, locale=lang)
        question = tr(lang, "controls-sure", action=label)
        await unarchiving(interaction, lambda: interaction.response.edit_message(content=question, view=ui))
        return True

    async def play_command(self, interaction: discord.Interaction, game: str, action: str) -> None:
        async def play_the_typed_action() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            result = await self.service.act(row.id, user_id=interaction.user.id, action=action.strip())
            await answer_then_follow(
                lambda: self.controls_after(interaction, result, "played-ok"), self.follow(result, interaction)
            )

        await self.guarded(interaction, game, play_the_typed_action)

    async def controls_after(self, interaction: discord.Interaction, result: ActResult, note: str) -> None:
        """A command's answer after a change: deferred first, then the person's fresh controls."""
        lang = lang_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        payload = await self.controls(result.row, result.state, interaction.user.id, lang, note=tr(lang, note))
        await self.replace_thinking(interaction, payload)

    @staticmethod
    async def replace_thinking(interaction: discord.Interaction, payload: dict[str, Any]) -> None:
        """The deferred "thinking…" answer becomes the controls (one message, not two)."""
        await edit_answer(
            interaction,
            content=payload["content"],
            attachments=[payload["file"]],
            view=payload["view"],
            allowed_mentions=NO_MENTIONS,
        )

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
        async def resign_from_the_game() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            result = await self.service.resign(row.id, player_of(interaction))
            await answer_then_follow(
                lambda: interaction.response.send_message(tr(lang_of(interaction), "played-ok"), ephemeral=True),
                self.follow(result, interaction),
            )

        await self.guarded(interaction, game, resign_from_the_game)

    async def on_takeback_button(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """The controls' Take back: the same as ``/game take-back``, for the board it was shown with."""

        async def take_the_action_back() -> None:
            result = await takeback.take_back(self.service, game_id, interaction.user.id, version=version)
            following = self.follow(result, interaction)
            lang = lang_of(interaction)

            async def answer() -> None:
                await self.replace_controls(
                    interaction,
                    self.controls(result.row, result.state, interaction.user.id, lang, note=tr(lang, "takeback-done")),
                )

            await answer_then_follow(answer, following)

        await self.guarded(interaction, None, take_the_action_back)

    async def takeback_command(self, interaction: discord.Interaction, game: str) -> None:
        """``/game take-back``: the person's own last action of this turn, if the game allows it;
        the board is edited (the same turn goes on), and the person gets their controls again."""

        async def take_the_action_back() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            result = await takeback.take_back(self.service, row.id, interaction.user.id)
            await answer_then_follow(
                lambda: self.controls_after(interaction, result, "takeback-done"),
                self.follow(result, interaction),
            )

        await self.guarded(interaction, game, take_the_action_back)

    async def hand_over_command(self, interaction: discord.Interaction, game: str, member: discord.abc.User) -> None:
        """``/game hand-over``: the host or a moderator gives an absent player's seat to the computer."""

        async def hand_the_seat_over() -> None:
            row = await self.service.in_channel(channel_id_of(interaction), game)
            seat = row.seat_of(member.id)
            if seat is None:
                raise TableError("not-seated")
            result = await self.service.hand_over(
                row.id, seat, by=player_of(interaction), is_admin=is_admin(interaction)
            )
            await answer_then_follow(
                lambda: interaction.response.send_message(tr(lang_of(interaction), "played-ok"), ephemeral=True),
                self.follow(result),
            )

        await self.guarded(interaction, game, hand_the_seat_over)

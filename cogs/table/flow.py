"""The Discord side of the shared table flow.

Every game cog and every persistent button ends up here: load → apply → save (``TableService``)
→ answer the clicker → post the board in the channel → let computer players move. Rules never live
here; only the order of those steps and how things look.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.table.components import ActButton, HandButton, LobbyButton, NavButton
from cogs.table.live import LiveBoards
from db import GameRow
from engines.errors import GameError
from locales import language_of, tr
from table.bots import ComputerPlayers
from table.controls import build_page
from table.pictures import Painter
from table.service import ActResult, LobbyResult, Player, TableError, TableService
from table.spec import GameSpec
from table.text import error_text, event_lines, game_name, seat_name, standings, who

log = logging.getLogger("tafelbot.table")

NO_MENTIONS = discord.AllowedMentions.none()
DEFAULT_QUIET_SECONDS = 60.0
USER_MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def player_of(interaction: discord.Interaction) -> Player:
    return Player(interaction.user.id, interaction.user.display_name)


def is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


def lang_of(interaction: discord.Interaction) -> str:
    return language_of(interaction.locale)


class TableFlow:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        bot_delay_factor: float = 1.0,
        live_interval: float = 1.5,
        render_processes: int = 0,
    ) -> None:
        self.client = client
        self.service = service
        self.painter = Painter(render_processes)
        self.bots = ComputerPlayers(service, self.publish_result, delay_factor=bot_delay_factor)
        self.live = LiveBoards(self, interval=live_interval)
        self._quiet_clocks: dict[int, asyncio.Task] = {}
        self._in_flight = 0
        self._quiet = asyncio.Event()
        self._quiet.set()

    async def resume(self) -> int:
        """After a restart: computer players and quiet-time clocks pick every running game up."""
        count = await self.bots.resume()
        for row in await self.service.store.games_with_status("active"):
            if row.game in self.service.specs and self.spec(row.game).engine.deadline(self.service.state_of(row)).quiet:
                self._wind_quiet_clock(ActResult(row, -1, "!resume", [], None, None))
        return count

    async def close(self) -> None:
        await self.drain()
        await self.bots.close()
        await self.live.close()
        for clock in self._quiet_clocks.values():
            clock.cancel()
        self._quiet_clocks.clear()
        self.painter.close()

    async def drain(self, timeout: float = 5.0) -> None:
        """On shutdown: let interactions being answered finish (not computer players' pauses)."""
        try:
            await asyncio.wait_for(self._quiet.wait(), timeout)
        except TimeoutError:
            log.warning("shutting down with %d interaction(s) still being answered", self._in_flight)

    async def answered(self) -> None:
        """Wait until no interaction is being handled (computer players may still be thinking)."""
        await self._quiet.wait()

    async def idle(self) -> None:
        """Wait until no interaction is being handled and no computer player is thinking."""
        while True:
            await self._quiet.wait()
            await self.bots.idle()
            if self._quiet.is_set() and not self.bots.busy:
                return

    def spec(self, game: str) -> GameSpec:
        return self.service.spec(game)

    # ---- answering safely ----------------------------------------------------------------
    async def guarded(self, interaction: discord.Interaction, game: str | None, work: Callable[[], Awaitable[Any]]):
        """Run ``work``; user mistakes become a short ephemeral answer, our own bugs an apology."""
        self._in_flight += 1
        self._quiet.clear()
        try:
            return await work()
        except (TableError, GameError) as error:
            await self.tell(interaction, error_text(lang_of(interaction), game, error))
        except Exception:
            log.exception("interaction failed (user %s, game %s)", interaction.user.id, game)
            await self.tell(interaction, tr(lang_of(interaction), "error-internal"))
        finally:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._quiet.set()
        return None

    @staticmethod
    async def tell(interaction: discord.Interaction, text: str) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # ---- lobby -----------------------------------------------------------------------------
    async def create(self, interaction: discord.Interaction, game: str, options: dict[str, Any]) -> None:
        async def work():
            lang = language_of(interaction.guild_locale or interaction.locale)
            row = await self.service.create(
                game,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host=player_of(interaction),
                options=options,
                locale=lang,
            )
            response = await interaction.response.send_message(
                embed=self.lobby_embed(row), view=self.lobby_view(row), allowed_mentions=NO_MENTIONS
            )
            message = getattr(response, "resource", None)
            message_id = getattr(message, "id", None)
            if message_id is None:
                message_id = (await interaction.original_response()).id
            await self.service.set_lobby_message(row, message_id)

        await self.guarded(interaction, game, work)

    def lobby_embed(self, row: GameRow) -> discord.Embed:
        lang = row.locale
        engine = self.spec(row.game).engine
        embed = discord.Embed(title=tr(lang, "lobby-title", game=game_name(lang, row.game)), colour=0x2E7D32)
        embed.description = tr(lang, "lobby-host", host=f"<@{row.host_id}>")
        players = "\n".join(
            f"{i + 1}. {seat_name(row.seats, i, mention=True)}" + (f" ({tr(lang, 'bot-label')})" if s.bot else "")
            for i, s in enumerate(row.seats)
        )
        embed.add_field(
            name=tr(lang, "lobby-players", count=len(row.seats), max=engine.max_players),
            value=players or "-",
            inline=False,
        )
        if row.options:
            opts = "\n".join(
                f"{_option_label(lang, row.game, k)}: {_option_text(lang, v)}" for k, v in row.options.items()
            )
            embed.add_field(name=tr(lang, "lobby-options"), value=opts, inline=False)
        if row.status == "lobby":
            embed.set_footer(text=tr(lang, "lobby-hint", min=engine.min_players))
        elif row.status == "cancelled":
            embed.set_footer(text=tr(lang, "lobby-cancelled"))
        else:
            embed.set_footer(text=tr(lang, "lobby-started"))
        return embed

    def lobby_view(self, row: GameRow) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        if row.status != "lobby":
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
            "bot": "button-add-bot",
            "unbot": "button-remove-bot",
            "start": "button-start",
            "cancel": "button-cancel",
        }
        for op, key in labels.items():
            view.add_item(
                LobbyButton(row.id, op, label=tr(lang, key), style=styles.get(op, discord.ButtonStyle.secondary))
            )
        return view

    async def lobby_op(self, op: str, row_id: int, interaction: discord.Interaction) -> LobbyResult | GameRow:
        player = player_of(interaction)
        svc = self.service
        if op == "join":
            return await svc.join(row_id, player)
        if op == "leave":
            return await svc.leave(row_id, player)
        if op == "bot":
            return await svc.add_bot(row_id, player)
        if op == "unbot":
            return await svc.remove_bot(row_id, player)
        if op == "start":
            return await svc.start(row_id, player, is_admin=is_admin(interaction))
        if op == "cancel":
            return await svc.cancel(row_id, player, is_admin=is_admin(interaction))
        raise TableError("unknown-button")

    async def on_lobby_button(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        async def work():
            result = await self.lobby_op(op, game_id, interaction)
            row = result.row if isinstance(result, LobbyResult) else result
            await interaction.response.edit_message(embed=self.lobby_embed(row), view=self.lobby_view(row))
            await self._after_lobby(row, result, interaction)

        await self.guarded(interaction, None, work)

    async def lobby_command(self, interaction: discord.Interaction, game: str, op: str) -> None:
        """The slash-command twins of the lobby buttons: same effect, plus the lobby message updated."""

        async def work():
            row = await self.service.in_channel(interaction.channel_id, game)
            result = await self.lobby_op(op, row.id, interaction)
            row = result.row if isinstance(result, LobbyResult) else result
            await interaction.response.send_message(tr(lang_of(interaction), "played-ok"), ephemeral=True)
            await self._refresh_lobby_message(row)
            await self._after_lobby(row, result, interaction)

        await self.guarded(interaction, game, work)

    async def _refresh_lobby_message(self, row: GameRow) -> None:
        if row.lobby_message_id is None:
            return
        channel = await self._channel(row.channel_id)
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(
                embed=self.lobby_embed(row), view=self.lobby_view(row)
            )
        except discord.HTTPException:
            log.warning("could not update lobby message %s of game %s", row.lobby_message_id, row.id)

    async def _after_lobby(self, row: GameRow, result: Any, interaction: discord.Interaction) -> None:
        if isinstance(result, LobbyResult) and result.started:
            names = ", ".join(seat_name(row.seats, i, mention=True) for i in range(len(row.seats)))
            intro = tr(row.locale, "game-started", game=game_name(row.locale, row.game), players=names)
            await self.publish(row, result.state, result.events, intro=intro)
            self.bots.poke(row)
            self._wind_quiet_clock(ActResult(row, -1, "!start", result.events, result.state, None))
        elif isinstance(result, GameRow) and result.status == "cancelled":
            channel = await self._channel(row.channel_id)
            await channel.send(
                tr(row.locale, "game-cancelled", user=interaction.user.mention), allowed_mentions=NO_MENTIONS
            )
            await self._refresh_lobby_message(row)

    # ---- private controls --------------------------------------------------------------------
    async def controls(
        self, row: GameRow, state: Any, user_id: int, lang: str, *, group: int = -1, page: int = 0, note: str = ""
    ) -> dict[str, Any]:
        """The ephemeral message for one user: their picture and one button per legal action."""
        spec = self.spec(row.game)
        engine = spec.engine
        seat = row.seat_of(user_id)
        names = [s.name for s in row.seats]
        view_data = engine.view(state, seat)
        to_move = engine.to_move(state)
        ui = discord.ui.View(timeout=None)
        lines = [note] if note else []
        if seat is None:
            lines.append(tr(lang, "controls-spectator"))
            picture = await self.painter.paint(spec.render_board, view_data, names=names, locale=lang)
        else:
            render = spec.render_hand or spec.render_board
            picture = await self.painter.paint(render, view_data, names=names, locale=lang)
            if seat in to_move and row.status == "active":
                legal = engine.legal_actions(state, seat)
                group_of = (lambda a: spec.action_group(view_data, a, locale=lang)) if spec.action_group else None
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
            elif row.status == "active":
                lines.append(tr(lang, "controls-waiting", players=who(row.seats, to_move, mention=False)))
        return {
            "content": "\n".join(lines) or None,
            "file": discord.File(io.BytesIO(picture), filename="hand.png"),
            "view": ui,
        }

    async def show_controls(self, interaction: discord.Interaction, row: GameRow) -> None:
        lang = lang_of(interaction)
        state = self.service.state_of(row)
        payload = await self.controls(row, state, interaction.user.id, lang)
        await interaction.response.send_message(ephemeral=True, allowed_mentions=NO_MENTIONS, **payload)

    async def on_hand_button(self, interaction: discord.Interaction, game_id: int) -> None:
        async def work():
            row = await self.service.get(game_id)
            if row.status != "active":
                raise TableError("not-running")
            await self.show_controls(interaction, row)

        await self.guarded(interaction, None, work)

    async def hand_command(self, interaction: discord.Interaction, game: str) -> None:
        async def work():
            row = await self.service.in_channel(interaction.channel_id, game)
            await self.show_controls(interaction, row)

        await self.guarded(interaction, game, work)

    async def on_nav_button(
        self, interaction: discord.Interaction, game_id: int, version: int, group: int, page: int
    ) -> None:
        async def work():
            row = await self.service.get(game_id)
            if row.status != "active":
                raise TableError("not-running")
            if row.version != version:
                raise TableError("board-moved-on")
            state = self.service.state_of(row)
            payload = await self.controls(row, state, interaction.user.id, lang_of(interaction), group=group, page=page)
            await interaction.response.edit_message(
                content=payload["content"], attachments=[payload["file"]], view=payload["view"]
            )

        await self.guarded(interaction, None, work)

    # ---- playing -----------------------------------------------------------------------------
    async def on_act_button(self, interaction: discord.Interaction, game_id: int, version: int, action: str) -> None:
        async def work():
            result = await self.service.act(
                game_id, user_id=interaction.user.id, action=action, expected_version=version
            )
            # Durable now: answer the clicker, then tell the channel.
            lang = lang_of(interaction)
            engine = self.spec(result.row.game).engine
            if result.seat in engine.to_move(result.state):
                # Still this player's move (several moves a turn, or live play): fresh controls.
                payload = await self.controls(result.row, result.state, interaction.user.id, lang)
                await interaction.response.edit_message(
                    content=payload["content"], attachments=[payload["file"]], view=payload["view"]
                )
            else:
                # The turn passed: a short note; "My hand" shows the new hand when it matters.
                waiting = who(result.row.seats, engine.to_move(result.state), mention=False)
                note = tr(lang, "played-ok") + ("\n" + tr(lang, "controls-waiting", players=waiting) if waiting else "")
                await interaction.response.edit_message(content=note, attachments=[], view=None)
            await self.publish_result(result)

        await self.guarded(interaction, None, work)

    async def play_command(self, interaction: discord.Interaction, game: str, action: str) -> None:
        async def work():
            row = await self.service.in_channel(interaction.channel_id, game)
            result = await self.service.act(row.id, user_id=interaction.user.id, action=action.strip())
            lang = lang_of(interaction)
            payload = await self.controls(
                result.row, result.state, interaction.user.id, lang, note=tr(lang, "played-ok")
            )
            await interaction.response.send_message(ephemeral=True, allowed_mentions=NO_MENTIONS, **payload)
            await self.publish_result(result)

        await self.guarded(interaction, game, work)

    async def autocomplete_actions(self, interaction: discord.Interaction, game: str, current: str):
        """Up to 25 legal actions of the user, matching what they typed (by label or code)."""
        try:
            row = await self.service.in_channel(interaction.channel_id, game)
            seat = row.seat_of(interaction.user.id)
            spec = self.spec(game)
            state = self.service.state_of(row)
            if seat is None or seat not in spec.engine.to_move(state):
                return []
            lang = lang_of(interaction)
            view_data = spec.engine.view(state, seat)
            needle = current.lower().strip()
            choices = []
            for action in spec.engine.legal_actions(state, seat):
                label = spec.action_label(view_data, action, locale=lang)
                if needle and needle not in label.lower() and needle not in action.lower():
                    continue
                choices.append(discord.app_commands.Choice(name=f"{label} [{action}]"[:100], value=action))
                if len(choices) == 25:
                    break
            return choices
        except (TableError, GameError):
            return []

    async def resign_command(self, interaction: discord.Interaction, game: str) -> None:
        async def work():
            row = await self.service.in_channel(interaction.channel_id, game)
            result = await self.service.resign(row.id, player_of(interaction))
            await interaction.response.send_message(tr(lang_of(interaction), "played-ok"), ephemeral=True)
            await self.publish_result(result)

        await self.guarded(interaction, game, work)

    async def cancel_command(self, interaction: discord.Interaction, game: str) -> None:
        await self.lobby_command(interaction, game, "cancel")

    async def board_command(self, interaction: discord.Interaction, game: str) -> None:
        async def work():
            row = await self.service.in_channel(interaction.channel_id, game)
            state = self.service.state_of(row)
            content, file, view = await self.board_message(row, state, [], intro=None)
            await interaction.response.send_message(content=content, file=file, view=view, allowed_mentions=NO_MENTIONS)

        await self.guarded(interaction, game, work)

    # ---- the public board ----------------------------------------------------------------------
    async def board_message(
        self, row: GameRow, state: Any, events: list, *, intro: str | None, outcome=None
    ) -> tuple[str, discord.File, discord.ui.View]:
        spec = self.spec(row.game)
        lang = row.locale
        names = [s.name for s in row.seats]
        picture = await self.painter.paint(spec.render_board, spec.engine.view(state, None), names=names, locale=lang)
        formatter = spec.event_formatter
        lines = [intro] if intro else []
        lines += event_lines(lang, row.game, events, row.seats, formatter)
        view = discord.ui.View(timeout=None)
        if outcome is not None:
            lines.append(standings(lang, row, outcome.placements, outcome.scores))
        elif row.status == "active":
            to_move = sorted(spec.engine.to_move(state))
            humans = [s for s in to_move if row.seats[s].human]
            key = "turn-next-simultaneous" if len(to_move) > 1 else "turn-next"
            lines.append(tr(lang, key, players=who(row.seats, to_move, mention=True)))
            if humans:
                lines.append(tr(lang, "turn-press"))
            view.add_item(HandButton(row.id, label=tr(lang, "button-hand")))
        content = "\n".join(lines)
        if len(content) > 1900:
            content = content[:1890] + "…"
        return content, discord.File(io.BytesIO(picture), filename="board.png"), view

    async def publish(self, row: GameRow, state: Any, events: list, *, intro: str | None = None, outcome=None) -> None:
        content, file, view = await self.board_message(row, state, events, intro=intro, outcome=outcome)
        channel = await self._channel(row.channel_id)
        await channel.send(content=content, file=file, view=view, allowed_mentions=USER_MENTIONS)

    async def publish_result(self, result: ActResult) -> None:
        """Tell the channel what an action did (it is already saved), then let computers move."""
        started = time.perf_counter()
        engine = self.spec(result.row.game).engine
        try:
            if result.outcome is None and engine.is_live(result.state):
                await self.live.update(result)
            else:
                unseen = await self.live.finish(result.row.id)
                await self.publish(result.row, result.state, [*unseen, *result.events], outcome=result.outcome)
        except Exception:
            log.exception("could not post the board of game %s", result.row.id)
        log.debug(
            "published game %s v%s in %.1f ms",
            result.row.id,
            result.row.version,
            1000 * (time.perf_counter() - started),
        )
        if result.row.status == "active":
            self.bots.poke(result.row)
        self._wind_quiet_clock(result)

    def _wind_quiet_clock(self, result: ActResult) -> None:
        """Games with a quiet time (Duvelen): end the round when nobody has played for a while."""
        spec = self.spec(result.row.game)
        game_id = result.row.id
        state = result.state if result.state is not None else self.service.state_of(result.row)
        if result.row.status != "active" or not spec.engine.deadline(state).quiet:
            clock = self._quiet_clocks.pop(game_id, None)
            if clock is not None and clock is not asyncio.current_task():
                clock.cancel()
            return
        if game_id in self._quiet_clocks and not spec.engine.restarts_quiet_clock(result.action, result.events):
            return
        old = self._quiet_clocks.pop(game_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        seconds = float(result.row.options.get("_quiet", DEFAULT_QUIET_SECONDS))
        self._quiet_clocks[game_id] = asyncio.create_task(self._quiet_then_end(game_id, seconds))

    async def _quiet_then_end(self, game_id: int, seconds: float) -> None:
        try:
            await asyncio.sleep(seconds)
            self._quiet_clocks.pop(game_id, None)
            result = await self.service.end_quiet(game_id)
            if result is not None:
                await self.publish_result(result)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("quiet-time end of game %s failed", game_id)

    async def _channel(self, channel_id: int):
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        return channel


def _option_label(lang: str, game: str, key: str) -> str:
    name = key.lstrip("_")  # table settings such as "_quiet" are shown like any option
    return tr(lang, f"{game}-option-{name}", default=name)


def _option_text(lang: str, value: Any) -> str:
    if isinstance(value, bool):
        return tr(lang, "option-yes" if value else "option-no", default="yes" if value else "no")
    return str(value)

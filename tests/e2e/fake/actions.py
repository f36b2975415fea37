"""Acting as users: slash commands, autocomplete, context menus, buttons, selects and modals.

Every method sends one INTERACTION_CREATE to the bot (on the session of the channel's guild's
shard), waits for the bot's answer (and, after a defer, for its first follow-up or edit) and
returns the ``Interaction`` record. A mixin of ``FakeDiscord``, kept apart so each file stays one
subject; it uses the fake's ``world``, ``gateway`` and interaction bookkeeping.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from .models import FakeChannel, FakeUser
from .payloads import SELECT_KINDS, Payloads, modal_submit_components, split_path
from .protocol import (
    ACTION_ROW,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    BUTTON,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
    FakeDiscordError,
    id_of,
)
from .records import FakeMessage, Interaction

if TYPE_CHECKING:
    from .gateway import Gateway
    from .interactions import Interactions
    from .rest import RestApi
    from .world import World


class UserActions:
    world: World
    gateway: Gateway
    rest: RestApi
    _interactions: Interactions
    _payloads: Payloads

    async def slash(
        self,
        user: FakeUser | int,
        channel_id: int,
        *path: str | dict,
        options: dict | None = None,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
        stale: bool = False,
    ) -> Interaction:
        """Run a slash command: ``slash(user, channel, "game", "new", options={"riders": 3})``.

        Path words are the command, then an optional group, then the subcommand (also accepted
        as one string "game new"); a trailing dict is taken as ``options``. In a direct-message
        channel (``FakeDiscord.dm_channel(user)``) it is a DM interaction: a global command,
        ``user`` instead of ``member``, context 1 (BOT_DM). Refused (``FakeDiscordError``) in an
        archived thread and in a guild the bot was removed from, where Discord sends nothing.
        ``stale``: sent even where the command's ``contexts`` do not offer it (a DM, say), as a
        client with stale command registrations would."""
        path, options = split_path(path, options)
        user, channel = self.world.user_or_error(user), self._command_channel(channel_id)
        command = self._payloads.command_for(user, channel, path[0], stale=stale)
        data = self._payloads.command_data(command, path[1:], options, user, channel, focused=None)
        payload = self._payloads.interaction_payload(APPLICATION_COMMAND, user, channel, data, locale)
        record = self._new_record(APPLICATION_COMMAND, user, channel, payload, f"/{' '.join(path)}")
        return await self._run(record, timeout, wait_followup)

    async def autocomplete(
        self,
        user: FakeUser | int,
        channel_id: int,
        *path: str | dict,
        options: dict | None = None,
        focused: str,
        locale: str | None = None,
        timeout: float | None = None,
        stale: bool = False,
    ) -> list[dict]:
        """The choices the bot offers while ``user`` types option ``focused`` (its value in
        ``options``, default ""); ``stale`` as for ``slash``."""
        path, options = split_path(path, options)
        user, channel = self.world.user_or_error(user), self._command_channel(channel_id)
        command = self._payloads.command_for(user, channel, path[0], stale=stale)
        data = self._payloads.command_data(command, path[1:], options, user, channel, focused=focused)
        payload = self._payloads.interaction_payload(AUTOCOMPLETE, user, channel, data, locale)
        record = self._new_record(AUTOCOMPLETE, user, channel, payload, f"autocomplete /{' '.join(path)} {focused}")
        await self._run(record, timeout, False)
        return record.choices or []

    async def context_menu(
        self,
        user: FakeUser | int,
        channel_id: int,
        name: str,
        target: FakeUser | FakeMessage,
        *,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
    ) -> Interaction:
        """Run a user or message context-menu command on ``target``."""
        user, channel = self.world.user_or_error(user), self._command_channel(channel_id)
        kind = 3 if isinstance(target, FakeMessage) else 2
        command = self.world.command(name, guild_id=channel.guild_id, type=kind)
        data: dict[str, Any] = {"id": command["id"], "name": name, "type": kind, "target_id": str(target.id)}
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        if isinstance(target, FakeMessage):
            data["resolved"] = {"messages": {str(target.id): target.to_dict()}}
        else:
            resolved: dict = {}
            self._payloads.resolve_user(resolved, target, channel)
            data["resolved"] = resolved
        payload = self._payloads.interaction_payload(APPLICATION_COMMAND, user, channel, data, locale)
        record = self._new_record(APPLICATION_COMMAND, user, channel, payload, f"context menu {name!r}")
        return await self._run(record, timeout, wait_followup)

    async def click(
        self,
        user: FakeUser | int,
        message: FakeMessage | Interaction | int,
        custom_id: str,
        *,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
    ) -> Interaction:
        """Press the button ``custom_id`` on ``message`` as ``user``."""
        user, message = self.world.user_or_error(user), self.world.message_or_error(message)
        component = self._component_for(user, message, custom_id, {BUTTON})
        if component.get("style") in (5, 6):
            raise FakeDiscordError(f"button {custom_id!r} is a link/premium button: it sends no interaction")
        data = {"custom_id": custom_id, "component_type": BUTTON}
        if "id" in component:
            data["id"] = component["id"]
        return await self._component_interaction(user, message, data, locale, timeout, wait_followup, "button")

    async def select(
        self,
        user: FakeUser | int,
        message: FakeMessage | Interaction | int,
        custom_id: str,
        values: list,
        *,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
    ) -> Interaction:
        """Choose ``values`` in the select menu ``custom_id`` on ``message`` (option values for
        a string select; users, roles or channel ids for the other kinds)."""
        user, message = self.world.user_or_error(user), self.world.message_or_error(message)
        component = self._component_for(user, message, custom_id, SELECT_TYPES)
        kind = component["type"]
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise FakeDiscordError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        channel = self.world.channel_or_error(message.channel_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == STRING_SELECT:
            offered = [o["value"] for o in component.get("options", [])]
            unknown = [v for v in values if v not in offered]
            if unknown:
                raise FakeDiscordError(f"select {custom_id!r} offers {offered}; {unknown} are not among them")
            data["values"] = list(values)
        else:
            resolved: dict = {}
            data["values"] = [str(id_of(v)) for v in values]
            for value in values:
                self._payloads.resolve_snowflake(resolved, value, SELECT_KINDS[kind], user, channel)
            data["resolved"] = resolved
        return await self._component_interaction(user, message, data, locale, timeout, wait_followup, "select")

    async def submit_modal(
        self,
        user: FakeUser | int,
        channel_id: int,
        custom_id: str,
        values: dict[str, str | list[str]],
        *,
        locale: str | None = None,
        timeout: float | None = None,
        wait_followup: bool = True,
    ) -> Interaction:
        """Submit the modal ``custom_id`` the bot showed ``user``, with ``{field custom_id: value}``
        (a list of values for selects inside a modal)."""
        user, channel = self.world.user_or_error(user), self.world.channel_or_error(channel_id)
        opener = self._interactions.modal_sources.get((user.id, custom_id))
        if opener is not None:
            components = modal_submit_components(opener.modal["components"], values, custom_id)
        else:
            components = [
                {"type": ACTION_ROW, "components": [{"type": TEXT_INPUT, "custom_id": k, "value": v}]}
                for k, v in values.items()
            ]
        data = {"custom_id": custom_id, "components": components}
        payload = self._payloads.interaction_payload(MODAL_SUBMIT, user, channel, data, locale)
        source = opener.source_message if opener else None
        if source is not None:
            payload["message"] = source.to_dict()
        record = self._new_record(MODAL_SUBMIT, user, channel, payload, f"modal {custom_id!r}")
        record.source_message = source
        record.opened_by = opener
        return await self._run(record, timeout, wait_followup)

    async def _component_interaction(
        self,
        user: FakeUser,
        message: FakeMessage,
        data: dict,
        locale: str | None,
        timeout: float | None,
        wait_followup: bool,
        what: str,
    ) -> Interaction:
        channel = self.world.channel_or_error(message.channel_id)
        payload = self._payloads.interaction_payload(MESSAGE_COMPONENT, user, channel, data, locale)
        payload["message"] = message.to_dict()
        record = self._new_record(MESSAGE_COMPONENT, user, channel, payload, f"{what} {data['custom_id']!r}")
        record.source_message = message
        return await self._run(record, timeout, wait_followup)

    def _new_record(self, type: int, user: FakeUser, channel: FakeChannel, payload: dict, what: str) -> Interaction:
        interaction_id = self.world.snowflake()
        token = f"fake-{interaction_id}-{secrets.token_hex(6)}"
        payload.update(id=str(interaction_id), token=token)
        record = Interaction(interaction_id, token, type, user, channel.id, payload)
        record.description = f"{what} by {user.name}"
        return record

    def _command_channel(self, channel_id: int) -> FakeChannel:
        """Where a user may run a command: Discord offers no application commands in an archived
        thread (one idle past its auto-archive duration is archived first)."""
        channel = self.world.channel_or_error(channel_id)
        self.rest.lifecycle.archive_if_idle(channel)
        if channel.archived:
            raise FakeDiscordError(
                f"thread {channel.id} is archived: Discord offers no commands there until it is unarchived"
            )
        return channel

    async def _run(self, record: Interaction, timeout: float | None, wait_followup: bool) -> Interaction:
        guild_id = self.world.channels[record.channel_id].guild_id
        if guild_id is not None and not self.world.guilds[guild_id].bot_present:
            raise FakeDiscordError(f"the bot is not in guild {guild_id}: Discord sends it no interactions from there")
        # Direct-message interactions go to shard 0, which is the shard of "guild" 0.
        session = self.gateway.session_for(guild_id or 0)
        return await self._interactions.run(record, session, timeout, wait_followup)

    def _component_for(self, user: FakeUser, message: FakeMessage, custom_id: str, kinds: set[int]) -> dict:
        if message.ephemeral and message.for_user is not None and message.for_user.id != user.id:
            raise FakeDiscordError(
                f"message {message.id} is ephemeral for {message.for_user.name}; {user.name} cannot see it"
            )
        if message.loading:
            raise FakeDiscordError(f"message {message.id} is still a 'thinking' placeholder")
        component = message.component(custom_id)
        if component is None or component.get("type") not in kinds:
            have = [(c.get("type"), c.get("custom_id")) for c in message.walk_components() if c.get("custom_id")]
            raise FakeDiscordError(
                f"message {message.id} has no {'button' if kinds == {BUTTON} else 'select'} with custom_id "
                f"{custom_id!r}; it has (type, custom_id) {have}"
            )
        if component.get("disabled"):
            raise FakeDiscordError(f"component {custom_id!r} on message {message.id} is disabled")
        return component

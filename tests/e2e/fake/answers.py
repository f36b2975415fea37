"""The REST routes by which the bot answers interactions: the callback and webhook follow-ups.

The callback is where Discord's interaction rules bite (see ``checks.check_first_answer``). The
first follow-up after a deferred reply fills the "thinking" message and ignores its own ephemeral
flag, as on Discord; an interaction token works as a webhook only once it has been answered.
A callback may be made to fail on purpose (``FakeDiscord.fail_callbacks``): the interaction then
stays unanswered, and after 10062 Discord has forgotten it for good.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from aiohttp import web

from .checks import check_first_answer, validated_choices, validated_modal
from .faults import CallbackFailure
from .protocol import (
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    EPHEMERAL,
    LAUNCH_ACTIVITY,
    LOADING,
    MODAL,
    UPDATE_MESSAGE,
    ApiError,
    snowflake_param,
)
from .records import FakeMessage, Interaction
from .rest import RestApi

TRUE = ("1", "true", "True")


class InteractionAnswers:
    """Routes of ``/interactions/{id}/{token}/callback`` and ``/webhooks/{app}/{token}``."""

    def __init__(self, rest: RestApi, *, response_deadline: float | None) -> None:
        self.rest = rest
        self.world = rest.world
        self.interactions = rest.interactions
        self.response_deadline = response_deadline  # Discord: 3 s; None turns the check off

    def routes(self) -> list[tuple[str, str, Callable]]:
        hook = "/webhooks/{app_id}/{token}"
        return [
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._callback),
            ("POST", hook, self._followup),
            ("GET", hook + "/messages/{message_id}", self._webhook_get),
            ("PATCH", hook + "/messages/{message_id}", self._webhook_edit),
        ]

    async def _callback(self, request: web.Request) -> web.StreamResponse:
        record = self.interactions.by_id.get(snowflake_param(request.match_info["interaction_id"]))
        if record is None or record.token != request.match_info["token"] or record.unknown:
            raise ApiError(404, 10062, "Unknown interaction")
        if record.response_type is None:
            failure = self.world.faults.next_callback_failure()
            if failure is not None:
                return await self._fail_callback(request, record, failure)
        elapsed = asyncio.get_running_loop().time() - record.sent_at
        payload, files = await self.rest.read_body(request)
        response_type, data = payload.get("type"), payload.get("data") or {}
        check_first_answer(record, response_type, elapsed, self.response_deadline)

        world = self.world
        changed: list[tuple[str, FakeMessage]] = []
        if response_type == CHANNEL_MESSAGE:
            message = world.create_message(
                record.channel_id, data, files, record=record, original=True, allow_ephemeral=True
            )
            record.message = message
            changed.append(("create", message))
        elif response_type == DEFERRED_MESSAGE:
            flags = LOADING | ((data.get("flags") or 0) & EPHEMERAL)
            message = world.create_message(
                record.channel_id,
                {"flags": flags},
                {},
                record=record,
                original=True,
                allow_ephemeral=True,
                validate=False,
            )
            record.message = message
            record._original_loading = True
            changed.append(("create", message))
        elif response_type in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            record.message = record.source_message
            if response_type == UPDATE_MESSAGE:
                world.edit_message(record.source_message, data, files)
                changed.append(("update", record.source_message))
        elif response_type == AUTOCOMPLETE_RESULT:
            record.choices = validated_choices(data.get("choices", []))
        elif response_type == MODAL:
            record.modal = validated_modal(data)
            self.interactions.modal_sources[(record.user.id, data["custom_id"])] = record
        elif response_type == LAUNCH_ACTIVITY:
            channel = world.channels.get(record.channel_id)
            guild_id = channel.guild_id if channel is not None else None
            record.activity = world.activities.launch(record.user.id, guild_id, record.channel_id).instance_id

        record.response_type, record.response = response_type, payload
        record.answered_after = elapsed
        deferred = response_type in (DEFERRED_MESSAGE, DEFERRED_UPDATE)
        record._awaiting_followup = record._awaiting_followup and deferred
        complete = [] if record._awaiting_followup else [record]
        if record._awaiting_followup and response_type == DEFERRED_UPDATE:
            self.interactions.deferred_updates.setdefault(record.message.id, []).append(record)
        body = self._callback_body(record) if request.query.get("with_response") in TRUE else None
        return await self.rest.reply(request, body, changed=changed, complete=complete)

    async def _fail_callback(
        self, request: web.Request, record: Interaction, failure: CallbackFailure
    ) -> web.StreamResponse:
        """An injected failure: the interaction stays unanswered, so its token is no webhook
        (follow-ups answer 10015). After 10062 Discord has forgotten it: later callbacks get
        10062 too; after a 5xx or a reset a retry may still land. The test's pending action
        returns at once with the failure in ``record.callback_failures``."""
        record.callback_failures.append(failure.kind)
        record.unknown = record.unknown or failure.code == 10062
        record._complete()
        if failure.reset:
            # The connection closes with no answer at all, as when Discord's edge drops it; the
            # response returned is never written (aiohttp drops it quietly on the closed socket).
            if request.transport is not None:
                request.transport.abort()
            return web.Response(status=500)
        raise failure.error()

    @staticmethod
    def _callback_body(record: Interaction) -> dict:
        # discord.py needs this body: a 204 makes every send_message fail. A ``resource`` comes
        # only with a message sent or updated (types 4 and 7) or an Activity launched (12).
        interaction: dict[str, Any] = {"id": str(record.id), "type": record.type}
        body: dict[str, Any] = {"interaction": interaction}
        message = record.message
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            if record.response_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
                body["resource"] = {"type": record.response_type, "message": message.to_dict()}
        if record.activity is not None:
            body["resource"] = {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": record.activity}}
        return body

    # -- webhooks (interaction follow-ups) ------------------------------------------------------

    def _record_for_webhook(self, request: web.Request) -> Interaction:
        record = self.interactions.by_token.get(request.match_info["token"])
        app_id = snowflake_param(request.match_info["app_id"])
        if record is None or app_id != self.world.application_id or record.response_type is None:
            # Discord knows an interaction token as a webhook only once it has been answered.
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.interactions.token_expired(record):
            # ... and for 15 minutes: a late edit or follow-up must go to the channel instead.
            self.world.faults.note_expired_token(record.token)
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return record

    def _webhook_target(self, record: Interaction, request: web.Request) -> FakeMessage:
        message_id = request.match_info["message_id"]
        if message_id == "@original":
            message = record.message
        else:
            message = self.world.messages.get(snowflake_param(message_id))
            if message is not None and message is not record.message and message not in record.followups:
                message = None
        if message is None or message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def _followup(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for_webhook(request)
        payload, files = await self.rest.read_body(request)
        if "thread_id" in request.query:
            channel_id = snowflake_param(request.query["thread_id"])
        else:
            channel_id = record.channel_id
        if record._original_loading and record.message is not None:
            # Discord: the first follow-up after a deferred reply edits the "thinking" message and
            # ignores its own ephemeral flag; the defer decided the visibility.
            message = record.message
            record._original_loading = False
            payload = {**payload, "flags": (payload.get("flags") or 0) & ~EPHEMERAL}
            self.world.edit_message(message, payload, files, finish_loading=True)
            changed = [("update", message)]
        else:
            message = self.world.create_message(channel_id, payload, files, record=record, allow_ephemeral=True)
            record.followups.append(message)
            changed = [("create", message)]
        complete = [record] if record._awaiting_followup else []
        body = message.to_dict() if request.query.get("wait") in TRUE else None
        return await self.rest.reply(request, body, changed=changed, complete=complete)

    async def _webhook_get(self, request: web.Request) -> web.Response:
        record = self._record_for_webhook(request)
        return self.rest.json(self._webhook_target(record, request).to_dict())

    async def _webhook_edit(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for_webhook(request)
        message = self._webhook_target(record, request)
        payload, files = await self.rest.read_body(request)
        finishing = message is record.message and record._original_loading
        if finishing:
            record._original_loading = False
        self.world.edit_message(message, payload, files, finish_loading=finishing)
        complete = [record] if record._awaiting_followup and message is record.message else []
        return await self.rest.reply(request, message.to_dict(), changed=[("update", message)], complete=complete)

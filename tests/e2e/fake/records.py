"""What tests inspect: messages as Discord stores them, and what each user action caused."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .checks import walk_components
from .models import FakeUser, now_iso
from .protocol import BUTTON, EPHEMERAL, LOADING, MESSAGE_COMPONENT, SELECT_TYPES, TEXT_DISPLAY, FakeDiscordError

if TYPE_CHECKING:
    from .world import World


class FakeMessage:
    """A message as Discord stores it, plus what the tests need (uploaded bytes, visibility)."""

    def __init__(self, world: World, id: int, channel_id: int, author: FakeUser) -> None:
        self._world = world
        self.id = id
        self.channel_id = channel_id
        self.author = author
        self.content = ""
        self.embeds: list[dict] = []
        self.components: list[dict] = []
        self.attachments: list[dict] = []
        self.flags = 0
        self.type = 0
        self.for_user: FakeUser | None = None  # whom an ephemeral message is shown to
        self.via_interaction: int | None = None
        self.interaction_metadata: dict | None = None
        self.allowed_mentions: dict | None = None  # as the bot sent it
        self.mentions: list[FakeUser] = []  # users this message pings (content filtered by allowed_mentions)
        self.edits = 0
        self.deleted = False
        self.timestamp = now_iso()
        self.created_clock = world.clock()  # on the fake's clock, for the cap on edits of old messages
        self.edited_timestamp: str | None = None
        self.versions: list[dict] = []  # earlier states, oldest first

    def __repr__(self) -> str:
        kind = "ephemeral" if self.ephemeral else "public"
        gone = " deleted" if self.deleted else ""
        return f"<FakeMessage {self.id} {kind}{gone} in {self.channel_id}: {self.content[:40]!r}>"

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while the bot is "thinking" after a deferred reply."""
        return bool(self.flags & LOADING)

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return [(a["filename"], self._world.blobs[int(a["id"])][1]) for a in self.attachments]

    @property
    def guild_id(self) -> int | None:
        channel = self._world.channels.get(self.channel_id)
        return channel.guild_id if channel else None

    def to_dict(self) -> dict:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_dict(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.to_dict() for u in self.mentions],
            "mention_roles": [],
            "attachments": self.attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.via_interaction is not None:
            data["webhook_id"] = str(self._world.application_id)
            data["application_id"] = str(self._world.application_id)
        if self.interaction_metadata:
            data["interaction_metadata"] = self.interaction_metadata
        return data

    # -- component helpers --------------------------------------------------------------------

    def walk_components(self) -> Iterator[dict]:
        """Every component, nested ones included (rows, containers, sections and accessories)."""
        return walk_components(self.components)

    def buttons(self) -> list[dict]:
        return [
            {**c, "label": c.get("label"), "custom_id": c.get("custom_id"), "disabled": c.get("disabled", False)}
            for c in self.walk_components()
            if c.get("type") == BUTTON
        ]

    def selects(self) -> list[dict]:
        return [
            {**c, "disabled": c.get("disabled", False)} for c in self.walk_components() if c.get("type") in SELECT_TYPES
        ]

    def component(self, custom_id: str) -> dict | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)

    def find_button(self, label_contains: str | None = None, custom_id_prefix: str | None = None) -> dict:
        for button in self.buttons():
            if label_contains is not None and label_contains not in (button["label"] or ""):
                continue
            if custom_id_prefix is not None and not (button["custom_id"] or "").startswith(custom_id_prefix):
                continue
            return button
        have = [(b["label"], b["custom_id"]) for b in self.buttons()]
        raise FakeDiscordError(
            f"no button with label containing {label_contains!r} and custom_id prefix {custom_id_prefix!r} "
            f"on message {self.id}; its buttons (label, custom_id) are {have}"
        )

    def text(self) -> str:
        """Content, embed texts and components-v2 text displays in one string, for assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
        parts += [c.get("content", "") for c in self.walk_components() if c.get("type") == TEXT_DISPLAY]
        return "\n".join(p for p in parts if p)

    def summary(self) -> dict:
        """A JSON-able description for a driver in another process (see ``control.py``)."""
        files = [
            {
                k: a[k]
                for k in ("id", "filename", "size", "content_type", "width", "height", "description", "url")
                if k in a
            }
            for a in self.attachments
        ]
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author_id": str(self.author.id),
            "content": self.content,
            "text": self.text(),
            "embeds": self.embeds,
            "components": self.components,
            "buttons": [
                {"label": b["label"], "custom_id": b["custom_id"], "disabled": b["disabled"]} for b in self.buttons()
            ],
            "selects": [
                {"custom_id": m["custom_id"], "values": [o["value"] for o in m.get("options", [])]}
                for m in self.selects()
            ],
            "flags": self.flags,
            "ephemeral": self.ephemeral,
            "for_user": str(self.for_user.id) if self.for_user else None,
            "files": files,
            "allowed_mentions": self.allowed_mentions,
            "mentions": [str(u.id) for u in self.mentions],
            "via_interaction": str(self.via_interaction) if self.via_interaction else None,
            "edits": self.edits,
            "deleted": self.deleted,
        }


class Interaction:
    """What one user action caused: the bot's answer and the messages that came of it."""

    def __init__(self, id: int, token: str, type: int, user: FakeUser, channel_id: int, payload: dict) -> None:
        self.id = id
        self.token = token
        self.type = type
        self.user = user
        self.channel_id = channel_id
        self.payload = payload  # the INTERACTION_CREATE data sent to the bot
        self.response_type: int | None = None
        self.response: dict | None = None  # the callback body the bot sent
        self.message: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        self.choices: list[dict] | None = None
        self.modal: dict | None = None
        self.activity: str | None = None  # the Activity instance a LAUNCH_ACTIVITY answer started
        self.source_message: FakeMessage | None = None  # the message a component sat on
        self.opened_by: Interaction | None = None  # a modal submit's: the interaction that showed the modal
        self.sent_at = 0.0  # the event loop's time when sent (for the 3-second deadline)
        self.created = 0.0  # the token clock's time when sent (for the token's 15 minutes)
        self.answered_after: float | None = None  # seconds from dispatch to callback
        self.callback_failures: list[str] = []  # faults injected into its callbacks (FakeDiscord.fail_callbacks)
        self.unknown = False  # Discord answered 10062: every later callback gets 10062 too
        self.description = ""
        self._future: asyncio.Future[Interaction] | None = None
        self._awaiting_followup = False
        self._original_loading = False

    def __repr__(self) -> str:
        return f"<Interaction {self.id} {self.description} response={self.response_type}>"

    def metadata(self) -> dict:
        """The ``interaction_metadata`` of a message answering this interaction (without
        ``original_response_message_id``, which depends on the message)."""
        metadata: dict = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.to_dict(),
            "authorizing_integration_owners": self.payload.get("authorizing_integration_owners", {}),
        }
        if self.source_message is not None and self.type == MESSAGE_COMPONENT:
            metadata["interacted_message_id"] = str(self.source_message.id)
        if self.opened_by is not None:
            metadata["triggering_interaction_metadata"] = self.opened_by.metadata()
        return metadata

    @property
    def done(self) -> bool:
        return self._future is not None and self._future.done()

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral if self.message else False

    @property
    def content(self) -> str | None:
        return self.message.content if self.message else None

    @property
    def embeds(self) -> list[dict]:
        return self.message.embeds if self.message else []

    @property
    def components(self) -> list[dict]:
        return self.message.components if self.message else []

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return self.message.files if self.message else []

    def summary(self) -> dict:
        """A JSON-able description for a driver in another process (see ``control.py``)."""
        return {
            "id": str(self.id),
            "type": self.type,
            "response_type": self.response_type,
            "answered_after": self.answered_after,
            "callback_failures": list(self.callback_failures),
            "ephemeral": self.ephemeral,
            "message": self.message.summary() if self.message else None,
            "followups": [m.summary() for m in self.followups],
            "choices": self.choices,
            "modal": self.modal,
        }

    def _complete(self) -> None:
        self._awaiting_followup = False
        if self._future is not None and not self._future.done():
            self._future.set_result(self)

    def _fail(self, message: str) -> None:
        if self._future is not None and not self._future.done():
            self._future.set_exception(FakeDiscordError(message))


# The same class under a name that does not shadow discord.Interaction in test modules.
InteractionRecord = Interaction

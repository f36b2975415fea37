"""The bookkeeping between a test's action and the bot's answer.

Every interaction the fake sends is an ``Interaction`` record with a future; the REST routes
complete it when the bot has answered (and, after a defer, followed up). ``wait_for`` waiters are
told of every message created or edited.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from .gateway import Session
from .protocol import FakeDiscordError
from .records import FakeMessage, Interaction

# Discord: an interaction token works for follow-ups and edits for 15 minutes after it was created.
TOKEN_LIFETIME = 15 * 60


class Interactions:
    def __init__(self, timeout: float) -> None:
        self.timeout = timeout  # default wait of the driving methods
        # Wall-clock seconds for the tokens' lifetime: a test on a fake clock hands its clock's
        # ``now`` in (``FakeDiscord.token_clock``) so 15 minutes pass when it moves time.
        self.token_clock: Callable[[], float] = time.time
        self.records: list[Interaction] = []
        self.by_id: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.modal_sources: dict[tuple[int, str], Interaction] = {}  # (user, modal custom_id) -> opener
        self.deferred_updates: dict[int, list[Interaction]] = {}  # message id -> records waiting
        self._waiters: list[tuple[Callable[[FakeMessage], bool], asyncio.Future]] = []

    async def run(
        self, record: Interaction, session: Session, timeout: float | None, wait_followup: bool
    ) -> Interaction:
        """Send INTERACTION_CREATE on ``session`` and wait for the bot's answer (and follow-up)."""
        loop = asyncio.get_running_loop()
        record._future = loop.create_future()
        record._awaiting_followup = wait_followup  # cleared unless the answer is a defer
        self.records.append(record)
        self.by_id[record.id] = record
        self.by_token[record.token] = record
        record.sent_at = loop.time()
        record.created = self.token_clock()
        session.dispatch("INTERACTION_CREATE", record.payload)
        timeout = self.timeout if timeout is None else timeout
        try:
            return await asyncio.wait_for(asyncio.shield(record._future), timeout)
        except TimeoutError:
            raise FakeDiscordError(_timeout_message(record, timeout)) from None

    def token_expired(self, record: Interaction) -> bool:
        return self.token_clock() - record.created > TOKEN_LIFETIME

    async def wait_for(
        self,
        predicate: Callable[[FakeMessage], bool],
        existing: list[FakeMessage],
        timeout: float | None,
    ) -> FakeMessage:
        for message in reversed(existing):
            if predicate(message):
                return message
        future = asyncio.get_running_loop().create_future()
        entry = (predicate, future)
        self._waiters.append(entry)
        timeout = self.timeout if timeout is None else timeout
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise FakeDiscordError(f"no message satisfied the predicate within {timeout} s") from None
        finally:
            if entry in self._waiters:
                self._waiters.remove(entry)

    def notify(self, message: FakeMessage) -> None:
        for predicate, future in list(self._waiters):
            if future.done():
                continue
            try:
                matched = predicate(message)
            except Exception as error:  # a broken predicate should fail the wait, not the fake
                future.set_exception(error)
                continue
            if matched:
                future.set_result(message)

    def fail_all(self, reason: str) -> None:
        for record in self.by_id.values():
            if not record.done:
                record._fail(f"{record.description}: {reason}")
        for _, future in self._waiters:
            if not future.done():
                future.set_exception(FakeDiscordError(reason))


def _timeout_message(record: Interaction, timeout: float) -> str:
    if record.response_type is None:
        return (
            f"the bot did not answer {record.description} within {timeout} s. Likely causes: nothing "
            "handles it (discord.py silently drops a custom_id no view or DynamicItem claims), the "
            "handler raised (look for ERROR logs), or it is too slow."
        )
    return (
        f"the bot deferred {record.description} (response type {record.response_type}) but sent no "
        f"follow-up or edit of the original response within {timeout} s (pass wait_followup=False "
        "if a bare acknowledgement is intended)"
    )

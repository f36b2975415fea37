"""Faults the fake injects on purpose, and the bookkeeping a chaos script reads afterwards.

- Failed interaction callbacks (``FakeDiscord.fail_callbacks``): the next on-time callbacks are
  answered 404 10062 "Unknown interaction", a 5xx, or a connection closed without an answer.
- The cap on edits of messages older than an hour (``limit_old_edits``): 429 with code 30046.
- Discord's invalid request limit: it bans an IP for an hour after 10,000 answers with status 401,
  403 or 429 in 10 minutes (429s of the ``shared`` scope excepted; its "Rate Limits" page). The
  fake counts those answers in a sliding 10-minute window on its clock, in total and per request
  (method and path with its ids), so a test sees a request repeated against a dead channel.
- Requests to dead channels: every request naming a channel that was deleted, whose thread is
  locked, or whose guild the bot was removed from, with the reason and the answer's status.
- Requests on expired interaction tokens: every 401 50027 by token, so a test sees a token used
  again after Discord refused it (``dead_token_reuses``).
- ``counts``: every fault applied, by kind (what ``FakeDiscord.faults`` shows).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass

from .protocol import ApiError

INVALID_STATUSES = frozenset({401, 403, 429})
INVALID_WINDOW = 10 * 60  # seconds (Discord: 10,000 invalid requests per 10 minutes)
OLD_MESSAGE = 60 * 60  # seconds after which an edit counts against the old-message edit cap
DEFAULT_CALLBACK_CODES = {404: 10062}
CALLBACK_MESSAGES = {10062: "Unknown interaction"}


@dataclass(frozen=True)
class CallbackFailure:
    """How one interaction callback fails: with ``status`` and ``code``, or (``reset``) by a
    connection closed before any answer."""

    status: int | None
    code: int
    reset: bool = False

    @property
    def kind(self) -> str:
        if self.reset:
            return "callback reset"
        return "callback unknown interaction" if self.code == 10062 else f"callback {self.status}"

    def error(self) -> ApiError:
        assert self.status is not None
        message = CALLBACK_MESSAGES.get(self.code) or f"{self.status}: Server Error"
        return ApiError(self.status, self.code, message)


class Faults:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock  # the fake's clock (``World.clock``), seconds
        self.counts: Counter[str] = Counter()
        self.callback_failures: deque[CallbackFailure] = deque()
        self.old_edit_retry_after: float | None = None  # None: the cap is off
        self._invalid: deque[tuple[float, str, str]] = deque()  # (time, method, path)
        self.dead_channel_requests: list[dict] = []
        self.expired_token_answers: Counter[str] = Counter()  # token -> 401 50027 answers

    def fail_callbacks(self, count: int, *, status: int | None, code: int | None, reset: bool) -> None:
        if reset:
            failure = CallbackFailure(None, 0, reset=True)
        else:
            if status is None or not 400 <= status <= 599:
                raise ValueError(f"a failed callback needs an error status, not {status!r}")
            failure = CallbackFailure(status, DEFAULT_CALLBACK_CODES.get(status, 0) if code is None else code)
        self.callback_failures.extend([failure] * count)

    def next_callback_failure(self) -> CallbackFailure | None:
        if not self.callback_failures:
            return None
        failure = self.callback_failures.popleft()
        self.counts[failure.kind] += 1
        return failure

    def check_edit_age(self, created: float) -> None:
        """Refuse an edit of a message older than an hour while the cap is on. Discord's body for
        it is a rate-limit body (the spec's for a 429), so ``retry_after`` and ``global`` too."""
        if self.old_edit_retry_after is None or self.clock() - created <= OLD_MESSAGE:
            return
        self.counts["old edit refused"] += 1
        raise ApiError(
            429,
            30046,
            "Maximum number of edits to messages older than 1 hour reached. Try again later",
            extra={"retry_after": self.old_edit_retry_after, "global": False},
        )

    # -- what the answers were ----------------------------------------------------------------

    def note_answer(self, method: str, path: str, status: int, scope: str | None) -> None:
        if status in INVALID_STATUSES and not (status == 429 and scope == "shared"):
            self._invalid.append((self.clock(), method, path))
            self._forget_old()

    def note_dead_channel(self, channel_id: int, reason: str, method: str, path: str, status: int) -> None:
        self.dead_channel_requests.append(
            {"channel_id": channel_id, "reason": reason, "method": method, "path": path, "status": status}
        )

    def note_expired_token(self, token: str) -> None:
        self.expired_token_answers[token] += 1

    @property
    def dead_token_reuses(self) -> int:
        """Requests on a token after its first 401 50027 (the bot had been told it is dead)."""
        return sum(count - 1 for count in self.expired_token_answers.values())

    def shift(self, seconds: float) -> None:
        """The fake moved to another clock this far ahead: the answers noted keep their age."""
        self._invalid = deque((when + seconds, method, path) for when, method, path in self._invalid)

    def _forget_old(self) -> None:
        horizon = self.clock() - INVALID_WINDOW
        while self._invalid and self._invalid[0][0] <= horizon:
            self._invalid.popleft()

    @property
    def invalid_requests(self) -> int:
        self._forget_old()
        return len(self._invalid)

    def invalid_requests_by_route(self) -> dict[tuple[str, str], int]:
        self._forget_old()
        return dict(Counter((method, path) for _, method, path in self._invalid))

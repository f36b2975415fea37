"""One post per turn: which board message an action's lines go to.

A person's turn may take several actions (Trackgammon's dice values, Manöver's recruits), and
computer seats may move one after another. Posting a picture for each would flood the channel, so
the board flow asks here: post a fresh board (with a mention) only when a person's turn begins,
i.e. when someone who may act now could not act at the last post or edit; otherwise edit the last
board message and add the new lines to it. The memory is per process: after a restart the next
action simply posts a fresh board.

A board Discord will not take now waits in the outbox, and a newer board of the same game replaces
it there. So the mention follows the boards made, not only the boards delivered: a fresh board
pings when someone may act now who could not at the last board made, or when the board it
replaces was to ping them and never went out.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

# A board's posts are kept per game, and per place for a table across servers (``table.places``).
PostKey = int | tuple[int, int]
KEEP_LINES = 30  # lines of one turn kept on its board message (the oldest drop off)


@dataclass
class TurnPost:
    message_id: int
    lines: list[str] = field(default_factory=list)
    turn: frozenset[int] = frozenset()  # people who could act at the last post or edit
    added: list[str] = field(default_factory=list)  # lines edits added since it was posted


class TurnPosts:
    def __init__(self) -> None:
        self._posts: dict[PostKey, TurnPost] = {}
        self._locks: dict[PostKey, asyncio.Lock] = {}
        self._made: dict[PostKey, frozenset[int]] = {}  # who could act at the last board made
        self._owed: dict[PostKey, frozenset[int]] = {}  # whom a waiting board was to ping

    def lock(self, game_id: PostKey) -> asyncio.Lock:
        """Held while a game's board is posted or edited, so its lines keep their order."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    def to_edit(self, game_id: PostKey, turn: frozenset[int]) -> TurnPost | None:
        """The post to edit, or None when a fresh board is due (a person's turn begins)."""
        post = self._posts.get(game_id)
        if post is None or turn - post.turn:
            return None
        return post

    def pings(self, game_id: PostKey, turn: frozenset[int]) -> bool:
        """Whether a fresh board (not one a game's start, end or live round asks for) should
        ping: someone in ``turn`` could not act at the last board made, or a board that was to
        ping them is still waiting. Without memory (a restart, a first board) it pings."""
        made = self._made.get(game_id)
        return made is None or bool(turn - made) or bool(turn & self._owed.get(game_id, frozenset()))

    def posted(self, game_id: PostKey, message_id: int, lines: list[str], turn: frozenset[int]) -> None:
        self._posts[game_id] = TurnPost(message_id, lines[-KEEP_LINES:], turn)
        self._made[game_id] = turn
        self._owed.pop(game_id, None)

    def edited(self, post: TurnPost, lines: list[str], turn: frozenset[int], game_id: PostKey) -> None:
        post.lines = (post.lines + lines)[-KEEP_LINES:]
        post.added = (post.added + lines)[-KEEP_LINES:]
        post.turn = turn
        self._made[game_id] = turn

    def waits(self, game_id: PostKey, turn: frozenset[int], pinging: bool) -> None:
        """A fresh board waits in the outbox: nothing to edit until it is out (the next action
        posts afresh and replaces it there), but who could act, and whom it was to ping, is kept."""
        self._posts.pop(game_id, None)
        self._made[game_id] = turn
        self._owed[game_id] = turn if pinging else self._owed.get(game_id, frozenset()) & turn

    def since_posted(self, game_id: PostKey) -> list[str]:
        """Lines added to the last board after it was posted: a fresh board repeats them, so the
        person whose turn begins reads everything since their last board in one place."""
        post = self._posts.get(game_id)
        return list(post.added) if post else []

    def forget(self, game_id: PostKey) -> None:
        """The game is over: nothing of it is kept."""
        self._posts.pop(game_id, None)
        self._locks.pop(game_id, None)
        self._made.pop(game_id, None)
        self._owed.pop(game_id, None)

"""One post per turn: which board message an action's lines go to.

A person's turn may take several actions (Trackgammon's dice values, Manöver's recruits), and
computer seats may move one after another. Posting a picture for each would flood the channel, so
the board flow asks here: post a fresh board (with a mention) only when a person's turn begins,
i.e. when someone who may act now could not act at the last post or edit; otherwise edit the last
board message and add the new lines to it. The memory is per process: after a restart the next
action simply posts a fresh board.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

KEEP_LINES = 30  # lines of one turn kept on its board message (the oldest drop off)


@dataclass
class TurnPost:
    message_id: int
    lines: list[str] = field(default_factory=list)
    turn: frozenset[int] = frozenset()  # people who could act at the last post or edit
    added: list[str] = field(default_factory=list)  # lines edits added since it was posted


class TurnPosts:
    def __init__(self) -> None:
        self._posts: dict[int, TurnPost] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        """Held while a game's board is posted or edited, so its lines keep their order."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    def to_edit(self, game_id: int, turn: frozenset[int]) -> TurnPost | None:
        """The post to edit, or None when a fresh board is due (a person's turn begins)."""
        post = self._posts.get(game_id)
        if post is None or turn - post.turn:
            return None
        return post

    def posted(self, game_id: int, message_id: int, lines: list[str], turn: frozenset[int]) -> None:
        self._posts[game_id] = TurnPost(message_id, lines[-KEEP_LINES:], turn)

    def edited(self, post: TurnPost, lines: list[str], turn: frozenset[int]) -> None:
        post.lines = (post.lines + lines)[-KEEP_LINES:]
        post.added = (post.added + lines)[-KEEP_LINES:]
        post.turn = turn

    def since_posted(self, game_id: int) -> list[str]:
        """Lines added to the last board after it was posted: a fresh board repeats them, so the
        person whose turn begins reads everything since their last board in one place."""
        post = self._posts.get(game_id)
        return list(post.added) if post else []

    def forget(self, game_id: int) -> None:
        self._posts.pop(game_id, None)
        self._locks.pop(game_id, None)

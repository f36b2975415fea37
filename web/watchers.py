"""Who watches which game, and what their streams send.

``changed(game_id, version)`` comes from the table service's news (in the bot's process) or from
PostgreSQL's LISTEN (in a separate web process). It wakes every stream of that game; each stream
then asks ``update`` for what to send, and the first stream to ask builds it (one database read
and one template rendering per change and language, however many watch).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager


class Watchers:
    def __init__(self, build: Callable[[int, str], Awaitable[tuple[int, bool, str]]], keep: int = 256) -> None:
        self._build = build  # (game id, language) -> (version, what to send)
        self._events: dict[int, set[asyncio.Event]] = {}
        self._news: dict[int, int] = {}  # game -> how many changes were heard while watched
        self._built: OrderedDict[tuple[int, int, str], asyncio.Future[tuple[int, bool, str]]] = OrderedDict()
        self.keep = keep
        self.heard = 0

    @property
    def streams(self) -> int:
        return sum(len(events) for events in self._events.values())

    def changed(self, game_id: int, version: int) -> None:
        self.heard += 1
        events = self._events.get(game_id)
        if not events:
            return
        self._news[game_id] = self._news.get(game_id, 0) + 1
        for event in events:
            event.set()

    def everything_changed(self) -> None:
        """After news may have been lost (a dropped LISTEN connection): every stream looks again."""
        for game_id in list(self._events):
            self.changed(game_id, -1)

    @contextmanager
    def watch(self, game_id: int) -> Iterator[asyncio.Event]:
        event = asyncio.Event()
        self._events.setdefault(game_id, set()).add(event)
        try:
            yield event
        finally:
            events = self._events.get(game_id)
            if events is not None:
                events.discard(event)
                if not events:
                    del self._events[game_id]
                    self._news.pop(game_id, None)

    async def update(self, game_id: int, lang: str) -> tuple[int, bool, str]:
        """The game's newest (version, event data) in ``lang``, built once per change heard."""
        key = (game_id, self._news.get(game_id, 0), lang)
        future = self._built.get(key)
        if future is None or (future.done() and future.exception() is not None):
            future = asyncio.ensure_future(self._build(game_id, lang))
            self._built[key] = future
            while len(self._built) > self.keep:
                self._built.popitem(last=False)
        return await asyncio.shield(future)

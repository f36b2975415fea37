"""Who watches which game, and sending them its changes.

``changed(game_id, version)`` comes from the table service's news (in the bot's process) or from
PostgreSQL's LISTEN (in a separate web process). It schedules one broadcast for the game: the
update is built once per language watched (one database read and one template rendering, however
many pages watch) and written to every page's stream. Broadcasts of one game are at least
``coalesce`` seconds apart: news heard meanwhile is sent together, so a game moving many times a
second costs a few builds, not one per move. Streams are not tasks that wake on every change: a
stream's handler waits only for its end, and one heartbeat for all streams keeps them alive (and
finds the ones whose browser left).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("tafelbot.web")

Built = tuple[int, bool, str]  # (version, over, the event's data); version -1: the game is gone
HEARTBEAT = b": heartbeat\n\n"


@dataclass(eq=False)
class Stream:
    """One page's event stream: ``response`` is aiohttp's (anything with ``async write(bytes)``)."""

    response: Any
    lang: str
    seen: int  # the version the browser has (-1: none)
    last: str | None = None  # the data sent last (or found already shown)
    # The news mark the page opened the stream with (``web.state.news_mark``), if it sent one: the
    # first update is news when its mark differs, though its version does not (the clock stood
    # still while the page polled, or while its stream was down).
    mark: str | None = None
    done: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    def finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)


class Watchers:
    def __init__(self, build: Callable[[int, str], Awaitable[Built]], coalesce: float = 0.2) -> None:
        self._build = build
        self.coalesce = coalesce
        self._streams: dict[int, set[Stream]] = {}
        self._news: dict[int, int] = {}  # game -> changes heard while watched
        self._built: dict[tuple[int, str], tuple[int, Built]] = {}  # (news covered, built)
        self._building: dict[tuple[int, str], tuple[int, asyncio.Future[Built]]] = {}
        self._broadcasts: dict[int, asyncio.Task[None]] = {}
        self._last_start: dict[int, float] = {}
        self.heard = 0
        self.builds = 0

    @property
    def streams(self) -> int:
        return sum(len(streams) for streams in self._streams.values())

    # ---- streams come and go ----------------------------------------------------------------------
    def add(self, game_id: int, stream: Stream) -> None:
        self._streams.setdefault(game_id, set()).add(stream)

    def remove(self, game_id: int, stream: Stream) -> None:
        streams = self._streams.get(game_id)
        if streams is None:
            return
        streams.discard(stream)
        if not streams:
            del self._streams[game_id]
            self._news.pop(game_id, None)
            self._last_start.pop(game_id, None)
            for key in [k for k in self._built if k[0] == game_id]:
                del self._built[key]

    # ---- news ----------------------------------------------------------------------------------------
    def changed(self, game_id: int, version: int) -> None:
        self.heard += 1
        if game_id not in self._streams:
            return
        self._news[game_id] = self._news.get(game_id, 0) + 1
        if game_id not in self._broadcasts:
            self._broadcasts[game_id] = asyncio.create_task(self._broadcast(game_id))

    def everything_changed(self) -> None:
        """After news may have been lost (a dropped LISTEN connection): every stream looks again."""
        for game_id in list(self._streams):
            self.changed(game_id, -1)

    async def _broadcast(self, game_id: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            wait = self._last_start.get(game_id, -self.coalesce) + self.coalesce - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)  # news arriving meanwhile goes out with this broadcast
            self._last_start[game_id] = loop.time()
            covered = self._news.get(game_id, 0)
            for lang in sorted({s.lang for s in self._streams.get(game_id, ())}):
                built = await self._fresh(game_id, lang, covered)
                for stream in [s for s in self._streams.get(game_id, ()) if s.lang == lang]:
                    await self.send(stream, built)
        except Exception:
            log.exception("the update of game %s could not be sent", game_id)
        finally:
            del self._broadcasts[game_id]
        if game_id in self._streams and self._news.get(game_id, 0) != covered:
            self._broadcasts[game_id] = asyncio.create_task(self._broadcast(game_id))

    async def _fresh(self, game_id: int, lang: str, covered: int) -> Built:
        """A build covering the news up to ``covered``, shared by everyone asking at once (a build
        that began before that news is waited out, then one more is made)."""
        key = (game_id, lang)
        while True:
            known = self._built.get(key)
            if known is not None and known[0] >= covered:
                return known[1]
            building = self._building.get(key)
            if building is None:
                break
            started, future = building
            built = await asyncio.shield(future)
            if started >= covered:
                return built
        started = self._news.get(game_id, 0)  # everything heard until now is read by this build
        future = asyncio.ensure_future(self._build(game_id, lang))
        self._building[key] = (started, future)
        self.builds += 1
        try:
            built = await asyncio.shield(future)
        finally:
            if self._building.get(key, (0, None))[1] is future:
                del self._building[key]
        if game_id in self._streams:
            self._built[key] = (started, built)
        return built

    async def update(self, game_id: int, lang: str) -> Built:
        """The game's newest (version, over, data) in ``lang``: for a stream that just opened."""
        return await self._fresh(game_id, lang, self._news.get(game_id, 0))

    # ---- writing ---------------------------------------------------------------------------------------
    async def send(self, stream: Stream, built: Built) -> None:
        """Write ``built`` to ``stream`` if it shows something the page does not have yet; a game
        that ended (or is gone) ends the stream after its last update."""
        version, over, data = built
        if stream.done.done():
            return
        if version < 0:
            stream.finish()
            return
        # A new version, or the same one with news (more time on the clock).
        if version != stream.seen or _news_on_the_clock(stream, data):
            try:
                await stream.response.write(f"id: {version}\nevent: update\ndata: {data}\n\n".encode())
            except Exception:  # the browser left (a reset connection, a closed transport)
                stream.finish()
                return
            stream.seen = version
        stream.last = data
        if over:
            stream.finish()

    async def heartbeat(self) -> None:
        """A comment to every stream: keeps proxies from closing quiet ones, and finds those whose
        browser is gone (their write fails)."""
        for streams in list(self._streams.values()):
            for stream in list(streams):
                if stream.done.done():
                    continue
                try:
                    await stream.response.write(HEARTBEAT)
                except Exception:
                    stream.finish()

    async def close(self) -> None:
        for task in list(self._broadcasts.values()):
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.gather(*self._broadcasts.values(), return_exceptions=True)
        for streams in self._streams.values():
            for stream in streams:
                stream.finish()


def _news_on_the_clock(stream: Stream, data: str) -> bool:
    """Whether ``data``, of the version the page shows, is news to it all the same."""
    if stream.last is not None:
        return data != stream.last
    # The first update of a stream: what the page shows is known only by the mark it sent.
    return stream.mark is not None and json.loads(data).get("mark") != stream.mark

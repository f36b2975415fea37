"""Where a game is shown: its own channel, and for a table across servers (issue 49) the thread in
each further server (``db.cross.Place``). Each is a ``Spot``: the board goes to every spot after
every move, in the spot's language, mentioning only the people who play from there, and each spot
remembers the version its newest board shows (the game's own ``board_version`` for the first,
``game_places.board_version`` for the others), so ``table.reconcile`` can tell which one owes a board.

A table of one server has one spot, its channel, where everyone may be mentioned. A table across
servers mentions in each spot only the people who play from that server: anyone else is named, so
no user id of one server's person reaches another server's messages (``local_mentions``).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from db import GameRow, Seat, Store, cross, table_data
from db.cross import Place
from table.safety import safe_name

MENTION = re.compile(r"<@!?(\d+)>")
KEEP_GAMES = 10_000  # games whose places are remembered (the ones that moved last)


@dataclass(frozen=True)
class Spot:
    """One channel a game is shown in."""

    channel_id: int
    key: int | tuple[int, int]  # what its board posts are remembered by (the game id for the first)
    locale: str
    people: frozenset[int] | None  # who may be mentioned here; None: everyone (a table of one server)
    version: int | None  # the version its newest board shows
    first: bool  # the game's own channel
    guild_id: int | None = None
    message_id: int | None = None  # its newest board

    def owes(self, row: GameRow) -> bool:
        return self.version is None or self.version < row.version

    def holds(self, user_id: int) -> bool:
        """Whether ``user_id`` plays from here (everyone does at a table of one server)."""
        return self.people is None or user_id in self.people

    def seen(self, row: GameRow) -> GameRow:
        """``row`` as this channel shows it: its language, server, channel and board (for the
        texts and jump links made for it)."""
        if self.first:
            return replace(row, locale=self.locale)
        return replace(
            row,
            locale=self.locale,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            board_message_id=self.message_id,
        )


def local_mentions(text: str, seats: Sequence[Seat], people: frozenset[int] | None) -> str:
    """``text`` with every mention of someone not in ``people`` replaced by their name (an id
    that is nobody's seat by nothing at all)."""
    if people is None:
        return text
    names = {s.user_id: f"**{safe_name(s.name)}**" for s in seats if s.user_id is not None}

    def named(match: re.Match[str]) -> str:
        user_id = int(match[1])
        return match[0] if user_id in people else names.get(user_id, "")

    return MENTION.sub(named, text)


class Places:
    """The spots of each game, read once per game and process (a table's places never change
    after it opened), and what each spot shows."""

    def __init__(self, store: Store, *, keep: int = KEEP_GAMES) -> None:
        self.store = store
        self.keep = keep
        self._places: OrderedDict[int, tuple[Place, ...]] = OrderedDict()  # the games used last, last

    async def further(self, game_id: int, *, read: bool = False) -> tuple[Place, ...]:
        """The game's places beyond its own channel (none for a table of one server); ``read``:
        from the database now, with the versions their boards show."""
        if read or game_id not in self._places:
            self._places[game_id] = tuple(await cross.places(self.store, game_id))
            while len(self._places) > self.keep:
                self._places.popitem(last=False)
        self._places.move_to_end(game_id)
        return self._places[game_id]

    async def spots(self, row: GameRow, *, read: bool = False) -> list[Spot]:
        further = await self.further(row.id, read=read)
        if not further:
            return [
                Spot(
                    row.channel_id,
                    row.id,
                    row.locale,
                    None,
                    row.board_version,
                    True,
                    row.guild_id,
                    row.board_message_id,
                )
            ]
        elsewhere = frozenset().union(*(p.people for p in further))
        here = frozenset(s.user_id for s in row.seats if s.user_id is not None and s.user_id not in elsewhere)
        return [
            Spot(row.channel_id, row.id, row.locale, here, row.board_version, True, row.guild_id, row.board_message_id),
            *(
                Spot(
                    p.channel_id,
                    (row.id, p.channel_id),
                    p.locale,
                    p.people,
                    p.board_version,
                    False,
                    p.guild_id,
                    p.board_message_id,
                )
                for p in further
            ),
        ]

    async def seen_by(self, row: GameRow, user_id: int) -> GameRow:
        """``row`` as ``user_id`` sees it: from their own server's thread (for their links)."""
        for spot in await self.spots(row, read=True):
            if not spot.first and spot.holds(user_id):
                return spot.seen(row)
        return row

    async def shown(self, row: GameRow, spot: Spot, message_id: int | None) -> None:
        """A board of ``row``'s version reached ``spot`` (``message_id`` None: an edit)."""
        if spot.first:
            await table_data.set_board_message(self.store, row.id, message_id, row.version)
        else:
            await cross.set_place_board(self.store, row.id, spot.channel_id, message_id, row.version)

    async def resume(self) -> None:
        """After a restart: the places of every open game, read at once, so that ``across``
        knows each table across servers before its first board of this process (a deadline
        coming while its first thread is in trouble must not stop its clock)."""
        for game_id, places in list((await cross.open_places(self.store)).items())[-self.keep :]:
            self._places[game_id] = tuple(places)

    def across(self, game_id: int) -> bool:
        """Whether the game is known (read already) to be a table across servers."""
        return bool(self._places.get(game_id))

    def forget(self, game_id: int) -> None:
        self._places.pop(game_id, None)

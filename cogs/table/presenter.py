"""What the lobby, move, board, reminder and replay presenters share, and Discord helpers.

Every presenter is built from ``TableParts`` (the Discord client, the table service, the picture
painter and the ``Guard`` that answers interactions safely) plus, as constructor arguments, the
other presenters it works with: nothing is reached through the flow, so the flow builds them in
the order they need one another (``cogs.table.flow``). This module imports no other module of
``cogs.table``: it is the bottom of the package.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

from db import GameRow
from engines.errors import GameError
from locales import language_of, tr
from table.levels import picture_names
from table.picture_cache import PictureKey
from table.pictures import Painter
from table.service import Player, TableError, TableService
from table.spec import GameSpec
from table.text import error_text
from table.weblinks import WebLinks

log = logging.getLogger("tafelbot.table")

NO_MENTIONS = discord.AllowedMentions.none()
USER_MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)

# The channels a table posts in: those with both ``send`` and ``get_partial_message``.
PostChannel = (
    discord.TextChannel
    | discord.VoiceChannel
    | discord.StageChannel
    | discord.Thread
    | discord.DMChannel
    | discord.PartialMessageable
)


def player_of(interaction: discord.Interaction) -> Player:
    return Player(interaction.user.id, interaction.user.display_name)


def is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


def lang_of(interaction: discord.Interaction) -> str:
    return language_of(interaction.locale)


def channel_id_of(interaction: discord.Interaction) -> int:
    """Where ``interaction`` happened. Discord sends the channel with every command and click;
    discord.py types it optional, and without one there is no table here either."""
    if interaction.channel_id is None:
        raise TableError("no-game-here", game="")
    return interaction.channel_id


class DeadTokens:
    """Interaction tokens Discord has refused for good: expired after their 15 minutes (401 50027
    "Invalid Webhook Token") or never a webhook (404 10015, the interaction was not answered).
    Nothing more is sent on them (an apology after a refused edit, say): none of it could work,
    and every 401 counts towards Discord's ban of the address after 10,000 invalid requests in
    10 minutes. One memory for the process (tokens are unique; the ban is per address), of the
    newest ``KEEP`` tokens (a token lives 15 minutes)."""

    CODES = frozenset({50027, 10015})
    KEEP = 10_000

    def __init__(self) -> None:
        self._tokens: dict[str, None] = {}  # in the order they died

    def note(self, interaction: discord.Interaction, error: BaseException) -> bool:
        """Remember the interaction's token if ``error`` says it is dead; True if it did."""
        token = getattr(interaction, "token", None)
        if token is None or not (isinstance(error, discord.HTTPException) and error.code in self.CODES):
            return False
        self._tokens[token] = None
        while len(self._tokens) > self.KEEP:
            del self._tokens[next(iter(self._tokens))]
        return True

    def known(self, interaction: discord.Interaction) -> bool:
        return getattr(interaction, "token", None) in self._tokens


dead_tokens = DeadTokens()


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A short ephemeral answer (a follow-up when the interaction was answered already)."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


ARCHIVED_THREAD = 50083  # Discord: "Tried to perform an operation on an archived thread"


async def unarchiving(interaction: discord.Interaction, answer: Callable[[], Awaitable[Any]], *files: Any) -> None:
    """Answer ``interaction`` by ``answer`` (an edit of its message or of its deferred answer). In
    a thread that archived itself Discord refuses edits (400 50083) though the click came through
    (phones leave an archived thread's buttons pressable), which left the person looking at
    "thinking…". A post would unarchive the thread, so the answer does it and tries once more
    (refused when the thread is also locked: then that error stands). ``files``: the answer's
    ``discord.File``s, rewound for the second try (discord.py sends a file from where it is)."""
    try:
        await answer()
    except discord.HTTPException as error:
        if error.code != ARCHIVED_THREAD or interaction.channel_id is None:
            raise
        # Only Send Messages is needed to unarchive a thread that is not locked (Discord's docs).
        await interaction.client.http.edit_channel(interaction.channel_id, archived=False)
        for file in files:
            if isinstance(file, discord.File):
                file.reset()
        await answer()


async def edit_answer(interaction: discord.Interaction, **fields: Any) -> None:
    """Edit the interaction's answer (a deferred "thinking…" becomes the hand, say), unarchiving
    its thread if need be (``unarchiving``)."""
    files = fields.get("attachments") or []
    await unarchiving(interaction, lambda: interaction.edit_original_response(**fields), *files)


def discord_failed(error: BaseException) -> bool:
    """Whether ``error`` is Discord refusing or failing a request (an expired token, an unknown
    interaction, an archived or locked thread, lost access, a 5xx or a lost connection), not a
    mistake of ours: a 400 other than "archived thread" means we sent something malformed."""
    if isinstance(error, aiohttp.ClientError | OSError | TimeoutError):
        return True
    if isinstance(error, discord.HTTPException):
        return error.status != 400 or error.code == ARCHIVED_THREAD
    return False


def log_failure(error: BaseException, message: str, *args: object) -> None:
    """A warning when Discord failed us (``discord_failed``), an error with its traceback when
    the failure is ours."""
    if discord_failed(error):
        log.warning(message + " (%r)", *args, error)
    else:
        log.error(message, *args, exc_info=error)


async def answer_then_follow(answer: Callable[[], Awaitable[Any]], following: asyncio.Future[Any]) -> None:
    """Answer the person who caused a saved change while ``following`` (already started: what
    follows the change, ``table.aftermath``) runs; it is awaited whatever became of the answer (an
    expired token, a refused or late answer), so the interaction ends only once the board is out."""
    try:
        await answer()
    except Exception as error:
        if not discord_failed(error):
            raise
        # Discord's side (an expired token, a refused or lost answer): the change is saved and
        # what follows it goes on; nothing is left to tell this person through this interaction.
        log.warning("the answer to a saved change could not be delivered (%r)", error)
    finally:
        await asyncio.shield(following)


def name_of_work(work: Callable[..., Awaitable[Any]]) -> str:
    """What guarded work does, for a log line: its function's name (``play_the_action``)."""
    return getattr(work, "__name__", None) or repr(work)


class Guard:
    """Answers interactions safely and knows how many are being answered: user mistakes become
    a short ephemeral answer, our own bugs an apology; on shutdown (``closing``) nothing new starts."""

    def __init__(self) -> None:
        self.closing = False
        # An attribute, not a method: a test may replace it to watch every refusal.
        self.tell: Callable[[discord.Interaction, str], Awaitable[None]] = tell
        self.in_flight = 0
        self._settled = asyncio.Event()
        self._settled.set()

    async def guarded(
        self, interaction: discord.Interaction, game: str | None, work: Callable[[], Awaitable[Any]]
    ) -> Any:
        """Run ``work``; user mistakes become a short ephemeral answer, our own bugs an apology.
        ``work`` is named for what it does (``play_the_action``, ``show_the_hand``): the name is
        in the log line and in the traceback of a failure."""
        if self.closing:
            # Shutting down: nothing new is started, so nothing is cut off half-way.
            await self._tell_safely(interaction, tr(lang_of(interaction), "bot-stopping"))
            return None
        self.in_flight += 1
        self._settled.clear()
        try:
            return await work()
        except (TableError, GameError) as error:
            await self._tell_safely(interaction, error_text(lang_of(interaction), game, error))
        except Exception as error:
            dead_tokens.note(interaction, error)  # then no apology follows on the same token
            # A warning where Discord refused or lost a request of this interaction, else our bug.
            log_failure(
                error, "interaction failed (user %s, game %s, in %s)", interaction.user.id, game, name_of_work(work)
            )
            await self._tell_safely(interaction, tr(lang_of(interaction), "error-internal"))
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                self._settled.set()
        return None

    async def _tell_safely(self, interaction: discord.Interaction, text: str) -> None:
        """An explanation or apology that cannot be delivered is logged, never raised: nothing
        else is left to do for this interaction. On a token Discord refused already nothing is
        tried (``dead_tokens``)."""
        if dead_tokens.known(interaction):
            log.info("not answering user %s: the interaction's token is dead", interaction.user.id)
            return
        try:
            await self.tell(interaction, text)
        except Exception as error:
            dead_tokens.note(interaction, error)
            log.warning("could not answer user %s (%r)", interaction.user.id, error)

    @contextlib.asynccontextmanager
    async def working(self) -> AsyncIterator[bool]:
        """Counted like an interaction being answered, for work a gateway event starts (so a
        shutdown waits for it); yields False once shutting down: then nothing new starts."""
        if self.closing:
            yield False
            return
        self.in_flight += 1
        self._settled.clear()
        try:
            yield True
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                self._settled.set()

    async def settled(self) -> None:
        """Wait until no interaction is being answered."""
        await self._settled.wait()

    @property
    def is_settled(self) -> bool:
        return self._settled.is_set()


@dataclass(frozen=True)
class TableParts:
    """What every presenter uses (a presenter's ``shared``); built once by the flow."""

    client: discord.Client
    service: TableService
    painter: Painter
    guard: Guard
    web: WebLinks | None = None  # the web companion's addresses, when it is on (link buttons)
    activity: bool = False  # the web page runs inside Discord as an Activity ("Play on the board")

    async def channel(self, channel_id: int) -> PostChannel:
        """The channel a table lives in: from the cache, else asked of Discord."""
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        if not isinstance(channel, PostChannel):
            raise TypeError(f"channel {channel_id} is a {type(channel).__name__}: no table posts there")
        return channel

    def cached_channel(self, channel_id: int) -> PostChannel | None:
        """The channel from the cache only (None when it is not there, or cannot hold a post)."""
        channel = self.client.get_channel(channel_id)
        return channel if isinstance(channel, PostChannel) else None


class Presenter:
    def __init__(self, shared: TableParts) -> None:
        self.shared = shared

    @property
    def service(self) -> TableService:
        return self.shared.service

    @property
    def painter(self) -> Painter:
        return self.shared.painter

    def spec(self, game: str) -> GameSpec:
        return self.service.spec(game)

    async def picture(self, row: GameRow, renderer: Callable[..., bytes], view: Any, lang: str) -> bytes:
        """``renderer``'s picture of ``view`` (the view of ``row``'s stored version for
        ``view["viewer"]``), drawn once: the painter's cache knows it by what it depends on."""
        names = picture_names(lang, row.seats)
        key = PictureKey.of(row.id, row.version, view["viewer"], lang, renderer, names)
        return await self.painter.paint(renderer, view, key=key, names=names, locale=lang)

    async def guarded(
        self, interaction: discord.Interaction, game: str | None, work: Callable[[], Awaitable[Any]]
    ) -> Any:
        return await self.shared.guard.guarded(interaction, game, work)

    async def watch_button(self, row: GameRow, lang: str, *, replay: bool = False) -> discord.ui.Button[Any] | None:
        """The link to the game's web page ("Watch"), or its replay; None while the web is off."""
        web = self.shared.web
        if web is None:
            return None
        if replay:
            return discord.ui.Button(label=tr(lang, "web-replay-button"), url=await web.replay_url(row), emoji="🌐")
        return discord.ui.Button(label=tr(lang, "web-watch"), url=await web.table_url(row), emoji="🌐")

    async def channel(self, channel_id: int) -> PostChannel:
        return await self.shared.channel(channel_id)

"""Smoke test against the real Discord: run it after every upgrade, before the bot goes back to work.

    DISCORD_TOKEN=... python scripts/smoke_discord.py --guild <server id> [--channel <id>] [--game trackgammon]

It logs in with the bot's token (DISCORD_TOKEN, also read from a .env file), syncs the slash
commands to the test server as TAFELBOT_DEV_GUILD does (a command list Discord refuses fails the
test), posts a short note in a text channel and starts a thread from it, opens a table there whose
seats are all computer players, and lets them play to the end through the bot's own table flow:
the lobby, every board picture, the edits of a turn's board and the end-of-game post go to
Discord as they do for players. Then it checks that the game finished, that Discord accepted
every request (no refusal, nothing left waiting in the bot's outbox), that no error was logged and
that every board message in the thread has its picture (a PNG Discord could read, with alt text).
Finally it cleans up: deletes the thread (or archives it, without Manage Threads) and the note,
and removes the commands from the server again (unless --keep-commands). Its database is a
temporary SQLite file. Every step is printed; the exit code is 0 when all went well, 1 when
something failed, 2 when it could not start (no token, bad arguments).

A bot cannot run its own slash commands or press its own buttons, so the script drives the
table platform the commands use (the table service and the board presenter) directly.

Permissions the bot needs in the channel (the server's channel settings or the bot's role):
View Channel, Send Messages, Create Public Threads, Send Messages in Threads, Embed Links,
Attach Files and Read Message History; with Manage Threads it deletes the thread afterwards,
without it the thread is archived. The bot must have been invited with the applications.commands
scope. Without --channel the first text channel where it has all of these is used.

Use a test server (or a channel nobody plays in): for the minute or so it runs, the server shows
every command twice (the synced copy beside the global one). If the running bot uses
TAFELBOT_DEV_GUILD with this same server, pass --keep-commands, or its commands there are
removed until ``tafelbot sync`` puts them back (a restart does not resend an unchanged list). A separate test application (its own token) keeps the test
entirely away from the live bot.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp  # noqa: E402
import discord  # noqa: E402

from bot import Config, ConfigError, create_bot, load_config, run_loop, setup_logging  # noqa: E402
from cogs.table.permissions import THREAD_BOARD, missing_in_channel  # noqa: E402
from cogs.table.presenter import NO_MENTIONS  # noqa: E402
from db import GameStatus, Seat  # noqa: E402
from table import lobby  # noqa: E402
from table.registry import GAMES, GameEntry  # noqa: E402
from table.service import Player  # noqa: E402
from table.spec import load_spec  # noqa: E402
from table.text import game_name  # noqa: E402

# The games whose quickest table with computer players takes options: (players, options). How
# Ruck!'s learning game to one barrel is a single tug without the team-forming race: 2 to 40 moves,
# about 20, against about 100 for Hindmost and Manöver, 170 for Trackgammon and 300 for Duvelen.
# Discord lets a bot edit messages in one channel about once a second, and most moves edit the
# board, so the default game takes about half a minute there.
SHORTER_BY_OPTIONS: dict[str, tuple[int, dict[str, Any]]] = {
    "howruck": (2, {"learning": True, "barrels_to_win": 1}),
    "hindmost": (2, {"riders": 3, "races": 1}),
    "duvelen": (2, {"rounds": 1, "mode": "relaxed"}),
}


def fast_table(game: GameEntry) -> tuple[int, dict[str, Any]]:
    """The table of ``game`` that finishes in the fewest moves: its entry above, else the fewest
    players with the default options (so a newly registered game needs nothing here)."""
    return SHORTER_BY_OPTIONS.get(game.key) or (load_spec(game).engine.min_players, {})


# Per registered game: (players, options).
FAST_GAMES: dict[str, tuple[int, dict[str, Any]]] = {game.key: fast_table(game) for game in GAMES}
DEFAULT_GAME = "howruck"

# In the channel: the note and the thread (then the board's own needs in a thread), the lobby's
# embed, and reading the thread back. Manage Threads is optional (delete rather than archive).
NEEDED = ("send_messages", "create_public_threads", "embed_links", "read_message_history", *THREAD_BOARD)
PICTURE_TYPES = ("image/png",)

log = logging.getLogger("smoke_discord")  # not "tafelbot": the script's own errors are not the bot's


class SmokeFailure(Exception):
    """A step that cannot go on; the message says what to do about it."""


@dataclass(frozen=True)
class SmokeOptions:
    guild_id: int
    channel_id: int | None = None
    game: str = DEFAULT_GAME
    keep_commands: bool = False
    keep_thread: bool = False
    timeout: float = 600.0  # seconds for logging in, and again for the game


@dataclass
class SmokeReport:
    say: Callable[[str], Any] = print
    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    thread_id: int | None = None
    note_id: int | None = None
    game_id: int | None = None
    finished: bool = False
    moves: int = 0
    board_posts: int = 0
    board_edits: int = 0
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        return not self.problems

    def line(self, text: str) -> None:
        self.lines.append(text)
        self.say(text)

    def step(self, text: str) -> None:
        self.line(f"- {text}")

    def ok(self, text: str) -> None:
        self.line(f"    ok: {text}")

    def note(self, text: str) -> None:
        self.notes.append(text)
        self.line(f"    note: {text}")

    def problem(self, text: str) -> None:
        self.problems.append(text)
        self.line(f"    FAILED: {text}")


@dataclass
class Request:
    method: str
    path: str  # below the API base, without the query
    status: int | None  # None: no answer (a network error)
    error: str = ""

    @property
    def accepted(self) -> bool:
        return self.status is not None and 200 <= self.status < 300

    @property
    def refused(self) -> bool:
        return self.status is None or (400 <= self.status < 500 and self.status != 429)

    def __str__(self) -> str:
        answer = self.status if self.status is not None else self.error
        return f"{self.method} {self.path} -> {answer}"


class RequestLog:
    """Every REST request the bot makes and Discord's answer, heard through discord.py's
    ``http_trace`` (an aiohttp ``TraceConfig``): nothing of discord.py is patched."""

    def __init__(self) -> None:
        self.requests: list[Request] = []

    def attach(self, bot: Any) -> None:
        """Listen to ``bot``'s requests (before it logs in, which opens its HTTP session). The
        bot's own trace config (its pacer's) gets these callbacks as well, so it keeps working."""
        trace = bot.http.http_trace
        if trace is None:
            bot.http.http_trace = trace = aiohttp.TraceConfig()
        trace.on_request_end.append(self._end)
        trace.on_request_exception.append(self._exception)

    def _path(self, url: Any) -> str | None:
        base = str(discord.http.Route.BASE)  # read now: tests point it at the fake Discord
        text = str(url)
        return text[len(base) :].split("?")[0] if text.startswith(base) else None

    async def _end(self, session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        path = self._path(params.url)
        if path is not None:
            self.requests.append(Request(params.method, path, params.response.status))

    async def _exception(self, session: Any, context: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
        path = self._path(params.url)
        if path is not None:
            self.requests.append(Request(params.method, path, None, repr(params.exception)))

    def since(self, start: int) -> list[Request]:
        return self.requests[start:]

    def synced(self, guild_id: int) -> bool:
        """Whether Discord took a command list for the server (then it is removed at the end)."""
        path = f"/guilds/{guild_id}/commands"
        return any(r.method == "PUT" and r.path.endswith(path) and r.accepted for r in self.requests)


class LogWatch(logging.Handler):
    """Warnings and errors logged by discord.py and the bot while the smoke test runs."""

    LOGGERS = ("discord", "tafelbot")

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def __enter__(self) -> LogWatch:
        for name in self.LOGGERS:
            logging.getLogger(name).addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        for name in self.LOGGERS:
            logging.getLogger(name).removeHandler(self)

    @staticmethod
    def text(record: logging.LogRecord) -> str:
        text = f"{record.levelname} {record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            text += f" [{type(record.exc_info[1]).__name__}: {record.exc_info[1]}]"
        return text


# ---- the steps ---------------------------------------------------------------------------------


class SmokeRun:
    """One smoke test: the bot, what it made on Discord (to clean up) and the report."""

    def __init__(self, config: Config, options: SmokeOptions, report: SmokeReport, client_options: dict) -> None:
        self.config = config
        self.options = options
        self.report = report
        self.requests = RequestLog()
        self.bot = create_bot(config, **client_options)
        self.requests.attach(self.bot)
        self.task: asyncio.Task | None = None
        self.thread: discord.Thread | None = None
        self.note: discord.Message | None = None

    async def run(self) -> None:
        report, bot = self.report, self.bot
        with LogWatch() as watch:
            try:
                try:
                    await self.steps()
                except SmokeFailure as failure:
                    report.problem(str(failure))
                except Exception as error:  # a bug in the bot or in this script: say so, still clean up
                    log.exception("smoke test step failed")
                    report.problem(f"{type(error).__name__}: {error}")
                check_logs(watch, report)
            finally:
                try:
                    if self.requests.synced(self.options.guild_id):
                        await self.clean_up()
                finally:
                    await bot.close()
                    if self.task is not None:
                        await asyncio.wait({self.task}, timeout=10)
                        if self.task.done() and not self.task.cancelled():
                            self.task.exception()  # already reported; not "never retrieved"

    async def steps(self) -> None:
        report, options, bot = self.report, self.options, self.bot
        report.step(f"logging in and syncing the slash commands to server {options.guild_id}")
        await self.start_bot()
        guild = bot.get_guild(options.guild_id)
        if guild is None:
            raise SmokeFailure(f"the bot is not in server {options.guild_id} (invite it first)")
        if not bot.commands_synced:
            # A refused sync does not stop the bot (it runs with the commands Discord has); here it fails.
            raise SmokeFailure("Discord did not take the command list (see the warning above)")
        commands = bot.tree.get_commands(guild=guild)
        report.ok(f"logged in as {bot.user} in {guild.name}; Discord took the {len(commands)} commands")
        channel = pick_channel(guild, options.channel_id)
        manage = channel.permissions_for(guild.me).manage_threads
        report.step(f"opening a thread in #{channel.name}")
        thread = await self.open_thread(channel)
        archive = "" if manage else " (no Manage Threads: it will be archived, not deleted)"
        report.ok(f"thread {thread.name!r}: {thread.jump_url}{archive}")
        report.step(f"opening a table of {FAST_GAMES[options.game][0]} computer players: {options.game}")
        mark = len(self.requests.requests)
        report.game_id = await open_table(bot, guild, thread, options.game)
        lobby_id = (await bot.table_service.get(report.game_id)).lobby_message_id
        report.ok(f"game {report.game_id} started; the lobby and the first board are posted")
        report.step("letting the computer players play to the end")
        await play(bot, report.game_id, options.timeout, report)
        report.step("checking what Discord accepted")
        await check(bot, thread, lobby_id, self.requests.since(mark), report)

    async def start_bot(self) -> None:
        """Log in and run ``setup_hook`` (database, cogs, the command sync); return once ready."""
        bot = self.bot
        self.task = task = asyncio.create_task(bot.start(self.config.token), name="smoke test bot")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.options.timeout
        while not (bot.is_ready() and getattr(bot, "resumed", None) is not None and bot.resumed.is_set()):
            if task.done():
                error = None if task.cancelled() else task.exception()
                raise SmokeFailure(start_failure(error, self.requests))
            if loop.time() > deadline:
                raise SmokeFailure(f"the bot was not ready after {self.options.timeout:.0f} s")
            await asyncio.wait({task}, timeout=0.02)

    async def open_thread(self, channel: discord.TextChannel) -> discord.Thread:
        """A note in ``channel`` and a public thread started from it (nothing else is left in the
        channel once both are deleted)."""
        bot, game = self.bot, self.options.game
        stamp = time.strftime("%Y-%m-%d %H:%M")
        self.note = await channel.send(
            f"Tafelbot smoke test ({stamp}): computer players play {game_name('en', game)} in the thread "
            "below. The thread and this note are removed when it ends.",
            allowed_mentions=NO_MENTIONS,
        )
        self.report.note_id = self.note.id
        self.thread = await self.note.create_thread(
            name=f"tafelbot smoke test {stamp}", auto_archive_duration=60, reason="Tafelbot smoke test"
        )
        self.report.thread_id = self.thread.id
        # The board edits its messages through the cached channel: wait until the gateway told the
        # bot about the thread, as it does for a thread a player opens.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while (cached := bot.get_channel(self.thread.id)) is None:
            if loop.time() > deadline:
                raise SmokeFailure("the gateway never announced the new thread (THREAD_CREATE)")
            await asyncio.sleep(0.02)
        self.thread = cached
        return cached

    async def clean_up(self) -> None:
        report, options, bot, thread = self.report, self.options, self.bot, self.thread
        if thread is not None and options.keep_thread:
            report.step(f"keeping the thread {thread.jump_url} and the note (--keep-thread)")
        elif thread is not None:
            report.step("removing the thread and the note")
            try:
                await thread.delete(reason="Tafelbot smoke test done")
                report.ok("thread deleted")
            except discord.Forbidden:
                try:
                    await thread.edit(archived=True, reason="Tafelbot smoke test done")
                    report.ok("thread archived (deleting it takes Manage Threads)")
                except discord.HTTPException as error:
                    report.problem(f"the thread could neither be deleted nor archived ({error}): remove it by hand")
            except discord.HTTPException as error:
                report.problem(f"the thread could not be deleted ({error}): remove it by hand")
        if self.note is not None and not options.keep_thread:
            try:
                await self.note.delete()
                report.ok("note deleted")
            except discord.HTTPException as error:
                report.problem(f"the note in the channel could not be deleted ({error}): remove it by hand")
        if options.keep_commands:
            report.step("keeping the commands in the server (--keep-commands)")
            return
        report.step("removing the commands from the server again")
        server = discord.Object(options.guild_id)
        try:
            bot.tree.clear_commands(guild=server)
            await bot.tree.sync(guild=server)
            report.ok("none of the bot's commands is left in the server itself (its global commands stay)")
        except discord.HTTPException as error:
            report.problem(f"the commands could not be removed from the server ({error})")


def start_failure(error: BaseException | None, requests: RequestLog) -> str:
    if isinstance(error, discord.LoginFailure):
        return "Discord refused the token (DISCORD_TOKEN): copy it again from the Developer Portal"
    if isinstance(error, aiohttp.ClientConnectionError | OSError):
        return f"cannot reach Discord ({error}): check the network connection"
    refused = [r for r in requests.requests if r.refused]
    if isinstance(error, discord.HTTPException) and refused and refused[-1].path.endswith("/commands"):
        hint = ""
        if error.status == 403:
            hint = " (is the bot in that server, invited with the applications.commands scope?)"
        return f"Discord refused the command sync{hint}: {refused[-1]}: {error}"
    return f"the bot did not start: {error!r}"


def pick_channel(guild: discord.Guild, channel_id: int | None) -> discord.TextChannel:
    """The given text channel, or the first one where the bot has every permission it needs."""
    if channel_id is not None:
        channel = guild.get_channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise SmokeFailure(f"{channel_id} is not a text channel of {guild.name} (that the bot can see)")
        candidates = [channel]
    else:
        candidates = sorted(guild.text_channels, key=lambda c: (c.position, c.id))
        if not candidates:
            raise SmokeFailure(f"the bot sees no text channel in {guild.name}")
    for channel in candidates:
        if not lacking(channel, guild.me):
            return channel
    first = candidates[0]
    raise SmokeFailure(
        f"the bot lacks {', '.join(permission_names(lacking(first, guild.me)))} in #{first.name}"
        + ("" if channel_id is not None else " (and something in every other text channel)")
        + ": grant them, or pass --channel with a channel where it has them"
    )


def lacking(channel: discord.TextChannel, me: discord.Member) -> list[str]:
    permissions = channel.permissions_for(me)
    return [name for name in NEEDED if not getattr(permissions, name)]


def permission_names(names: list[str]) -> list[str]:
    return [name.replace("_", " ").title() for name in names]


async def open_table(bot: Any, guild: discord.Guild, thread: discord.Thread, game: str) -> int:
    """A table in ``thread`` whose seats are all computer players, started, its first board
    posted and the computers told to move: what ``new``, the lobby buttons and Start do."""
    service, flow = bot.table_service, bot.table_flow
    players, options = FAST_GAMES[game]
    host = Player(bot.user.id, bot.user.display_name)
    missing = missing_in_channel(thread)  # the check ``new`` makes before opening a table
    if missing:
        raise SmokeFailure(f"the bot lacks {', '.join(permission_names(missing))} in the thread")
    row = await lobby.create(
        service, game, guild_id=guild.id, channel_id=thread.id, host=host, options=options, parent_id=thread.parent_id
    )
    # The script is no person: every seat, the host's as well, goes to a computer player.
    seats = [Seat(f"Computer {i + 1}", computer=True) for i in range(players)]
    await service.store.update_game(row.id, row.version, seats=seats)
    row = await service.get(row.id)
    lobby_message = await thread.send(
        embed=flow.lobby.embed(row), view=flow.lobby.view(row), allowed_mentions=NO_MENTIONS
    )
    row = await lobby.set_message(service, row, lobby_message.id)
    started = await lobby.start(service, row.id, host)
    await flow.lobby.refresh_message(started.row)
    await flow.lobby.announce_start(started.row, started)  # what the Start button does next
    return row.id


async def play(bot: Any, game_id: int, timeout: float, report: SmokeReport) -> None:
    flow, service = bot.table_flow, bot.table_service
    try:
        await asyncio.wait_for(flow.idle(), timeout)
    except TimeoutError:
        report.problem(f"the computer players were still playing after {timeout:.0f} s")
    row = await service.get(game_id)
    report.moves = len(await service.store.moves(game_id))
    report.finished = row.status == GameStatus.FINISHED
    if not report.finished:
        report.problem(f"the game did not finish (status {row.status}, {report.moves} moves)")
        return
    results = await service.store.results(game_id)
    placed = ", ".join(f"{r.name} place {r.placement}" for r in sorted(results, key=lambda r: r.placement or 0))
    report.ok(f"the game finished after {report.moves} moves: {placed}")


async def check(
    bot: Any, thread: discord.Thread, lobby_id: int | None, requests: list[Request], report: SmokeReport
) -> None:
    """Discord accepted every request, nothing waits in the outbox, and every board message in
    the thread, read back from Discord, carries its picture."""
    found = len(report.problems)
    outbox = bot.table_flow.board.outbox
    if outbox.pending():
        report.problem(f"{outbox.pending()} board post(s) still waiting in the outbox (Discord refused them)")
    if outbox.sent_later:
        report.problem(f"{outbox.sent_later} board post(s) went through only on a retry (Discord refused them first)")
    refused = [r for r in requests if r.refused]
    for request in refused:
        report.problem(f"Discord refused {request}")
    limited = sum(1 for r in requests if r.status == 429)
    troubled = [r for r in requests if r.status is not None and r.status >= 500]
    if limited:
        report.note(f"Discord asked the bot to slow down {limited} time(s) (429); discord.py waited and retried")
    if troubled:
        report.note(f"Discord had trouble {len(troubled)} time(s) ({troubled[0]}); discord.py retried")
    if not refused:
        report.ok(f"Discord accepted every request of the game ({sum(r.accepted for r in requests)})")
    in_thread = f"/channels/{thread.id}/messages"
    posts = [r for r in requests if r.method == "POST" and r.path == in_thread and r.accepted]
    report.board_posts = max(0, len(posts) - 1)  # the lobby is the first post
    report.board_edits = sum(
        1
        for r in requests
        if r.accepted
        and r.method == "PATCH"
        and r.path.startswith(f"{in_thread}/")
        and r.path != f"{in_thread}/{lobby_id}"
    )
    messages = [m async for m in thread.history(limit=100)]  # newest first
    ours = [m for m in messages if m.author.id == bot.user.id and m.type == discord.MessageType.default]
    boards = [m for m in ours if m.id != lobby_id]
    if len(ours) != len(posts):
        report.problem(f"the bot posted {len(posts)} message(s) in the thread, but Discord shows {len(ours)}")
    if not boards:
        report.problem("no board message is in the thread")
    for message in boards:
        trouble = picture_trouble(message)
        if trouble:
            report.problem(f"board message {message.id}: {trouble}")
    row = await bot.table_service.get(report.game_id)
    if boards and row.board_message_id != boards[0].id:
        report.problem(f"the newest board message is {boards[0].id}, the game's last board {row.board_message_id}")
    if boards and len(report.problems) == found:
        report.ok(
            f"{len(boards)} board message(s) in the thread (edited {report.board_edits} times), "
            "each with its picture and alt text"
        )


def picture_trouble(message: discord.Message) -> str | None:
    """What is wrong with a board message's picture as Discord stored it, or None."""
    if len(message.attachments) != 1:
        return f"{len(message.attachments)} attachments instead of one picture"
    picture = message.attachments[0]
    if picture.content_type is not None and picture.content_type.split(";")[0] not in PICTURE_TYPES:
        return f"the attachment is {picture.content_type}, not a PNG picture"
    if not picture.width or not picture.height:
        return f"Discord could not read {picture.filename} as a picture (no width or height)"
    if not picture.description:
        return f"{picture.filename} has no alt text"
    return None


def check_logs(watch: LogWatch, report: SmokeReport) -> None:
    errors = [r for r in watch.records if r.levelno >= logging.ERROR]
    for record in errors:
        report.problem(f"logged: {LogWatch.text(record)}")
    warnings = [r for r in watch.records if r.levelno < logging.ERROR]
    for record in warnings[:5]:
        report.note(f"logged: {LogWatch.text(record)}")
    if len(warnings) > 5:
        report.note(f"... and {len(warnings) - 5} more warning(s)")
    if not errors:
        report.ok("no error logged by discord.py or the bot")


async def run_smoke(
    config: Config,
    options: SmokeOptions,
    *,
    say: Callable[[str], Any] = print,
    client_options: dict[str, Any] | None = None,
) -> SmokeReport:
    """The whole smoke test with the bot ``create_bot(config)`` makes; ``config.dev_guild_id``
    must be the test server (commands are synced there at start-up, as TAFELBOT_DEV_GUILD does).
    ``client_options`` go to discord.py (tests pass a short ``guild_ready_timeout``)."""
    if options.game not in FAST_GAMES:
        raise ValueError(f"unknown game {options.game!r}; one of {', '.join(FAST_GAMES)}")
    if config.dev_guild_id != options.guild_id or not config.sync_commands:
        raise ValueError("config must sync the commands to the test server (dev_guild_id = options.guild_id)")
    report = SmokeReport(say=say)
    began = time.perf_counter()
    await SmokeRun(config, options, report, client_options or {}).run()
    report.seconds = time.perf_counter() - began
    verdict = "PASSED" if report.passed else f"FAILED ({len(report.problems)} problem(s))"
    report.line(f"Smoke test {verdict} in {report.seconds:.1f} s.")
    for problem in report.problems:
        report.line(f"  - {problem}")
    return report


# ---- the command line --------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="smoke_discord.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--guild", type=int, required=True, help="the test server's id (right-click it: Copy Server ID)"
    )
    parser.add_argument("--channel", type=int, default=None, help="a text channel's id (default: the first that fits)")
    parser.add_argument(
        "--game", choices=sorted(FAST_GAMES), default=DEFAULT_GAME, help=f"the game to play (default: {DEFAULT_GAME})"
    )
    parser.add_argument("--keep-commands", action="store_true", help="leave the synced commands in the server")
    parser.add_argument("--keep-thread", action="store_true", help="leave the thread and the note to look at")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds for the login and for the game")
    parser.add_argument("--verbose", action="store_true", help="also print the bot's own INFO log")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        from dotenv import load_dotenv

        load_dotenv(override=False)  # DISCORD_TOKEN may be in .env, as for the bot itself
    except ImportError:  # pragma: no cover - python-dotenv is a dependency
        pass
    with tempfile.TemporaryDirectory(prefix="tafelbot-smoke-") as folder:
        env = {
            "DISCORD_TOKEN": os.environ.get("DISCORD_TOKEN", ""),
            "TAFELBOT_DB": str(Path(folder) / "smoke.sqlite3"),
            "TAFELBOT_DEV_GUILD": str(args.guild),
            "TAFELBOT_COMPUTER_DELAY": "0",
            "TAFELBOT_LOG_LEVEL": "INFO" if args.verbose else "WARNING",
            "TAFELBOT_RENDER_PROCESSES": os.environ.get("TAFELBOT_RENDER_PROCESSES", "auto"),
        }
        try:
            config = load_config(env)
        except ConfigError as error:
            print(f"smoke_discord: {error}", file=sys.stderr)
            return 2
        setup_logging(config)  # the bot's own: the token never reaches a log line
        options = SmokeOptions(
            guild_id=args.guild,
            channel_id=args.channel,
            game=args.game,
            keep_commands=args.keep_commands,
            keep_thread=args.keep_thread,
            timeout=args.timeout,
        )
        report = run_loop(run_smoke(config, options))
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())

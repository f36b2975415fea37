"""What the pages show, read from the database and the move log: only the spectator's view.

``GameLogs`` follows each watched game's move log from the seed (``table.replay.Replayer``), fed
only the entries it has not seen, so the table page's last lines and every replay step come from
one replay per game (kept for the most recently watched games). ``Pages`` turns a game row into
the plain data the templates show: nothing here ever reads a seat's private part, and Discord ids
never leave this module (names only, which the templates escape).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from db import GameRow, GameStatus, Seat, Store, table_data, web_data
from db import ladder as ladder_data
from db import league as league_data
from locales import tr
from table.alt_text import describe, plain
from table.clock import Clock
from table.deadlines import TableDeadline, time_left
from table.levels import level_name, picture_names
from table.links import jump_link
from table.listing import listed
from table.picture_cache import Drawing, PictureKey
from table.pictures import Painter
from table.replay import Replayer, ReplayFrame
from table.spec import GameSpec
from table.text import duration_text, event_lines, game_name

logger = logging.getLogger("tafelbot.web")

LAST_LINES = 8
STANDINGS = 25


class GameLog:
    """One game's replay so far: every frame (the opening, then one per move that changed the board).

    ``broken``: the log stopped replaying (the rules refuse an entry, as after a change of the
    rules or damaged data). It keeps the frames before that entry and is fed no more; the pages
    follow the stored game without it and say so instead of failing."""

    def __init__(self, spec: GameSpec, row: GameRow) -> None:
        self.spec = spec
        self.frames: list[ReplayFrame] = []
        self.broken = False
        self.replayer: Replayer | None = None
        try:
            self.replayer = Replayer(spec, row)
        except Exception as error:
            self._broke(row.id, 0, error)
        else:
            self.frames.append(self.replayer.first)
        self.lock = asyncio.Lock()
        self.lines: dict[tuple[int, str, tuple[str, ...]], list[str]] = {}  # (step, language, names)

    def lines_of(self, lang: str, row: GameRow, frame: ReplayFrame) -> list[str]:
        """A step's lines, made once per language (and names: a seat's name is part of them)."""
        key = (frame.step, lang, tuple(picture_names(row.locale, row.seats)))
        found = self.lines.get(key)
        if found is None:
            found = self.lines[key] = step_lines(lang, self.spec, row, frame)
        return found

    def feed(self, game_id: int, moves: Sequence[tuple[int, int | None, str]]) -> None:
        """Replay these entries onto ``frames`` (in a worker thread, under ``lock``)."""
        for seq, seat, action in moves:
            if self.replayer is None or self.broken:
                return
            try:
                frame = self.replayer.feed(seq, seat, action)
            except Exception as error:
                self._broke(game_id, seq, error)
                return
            if frame is not None:
                self.frames.append(frame)

    def _broke(self, game_id: int, seq: int, error: Exception) -> None:
        # The error's kind only: its message could quote the entry (a card not yet shown).
        self.broken = True
        logger.warning("the move log of game %s no longer replays at entry %s (%s)", game_id, seq, type(error).__name__)


class GameLogs:
    def __init__(self, store: Store, specs: dict[str, GameSpec], size: int = 64) -> None:
        self.store = store
        self.specs = specs
        self.size = size
        self._logs: OrderedDict[int, GameLog] = OrderedDict()

    async def of(self, row: GameRow) -> GameLog:
        """The game's replay up to its newest move-log entry."""
        log = self._logs.get(row.id)
        if log is None:
            log = await asyncio.to_thread(GameLog, self.specs[row.game], row)
            log = self._logs.setdefault(row.id, log)
        self._logs.move_to_end(row.id)
        while len(self._logs) > self.size:
            self._logs.popitem(last=False)
        async with log.lock:
            if log.replayer is not None and not log.broken:
                moves = await web_data.moves_after(self.store, row.id, log.replayer.seq)
                if moves:
                    await asyncio.to_thread(log.feed, row.id, moves)
        return log


@dataclass(frozen=True)
class PlayerLine:
    name: str
    score: str
    to_move: bool
    place: int | None
    resigned: bool
    computer: str  # "computer, hard" beside a computer's name, "" for a person
    seat: int  # the seat's number: its colour and shape beside the name (``/seat/<n>.png``)


@dataclass(frozen=True)
class Line:
    step: int
    text: str


@dataclass
class TablePage:
    game_id: int
    version: int
    title: str
    status: str
    over: bool
    picture: bool
    alt: str
    turn: str | None
    left: str | None
    lines: list[Line]
    players: list[PlayerLine]
    discord: str | None
    steps: int
    ended: str | None = None
    # The clock's figures for the page's countdown: the deadline and the time the page was made
    # (the browser counts from its own clock's difference to this one), and the text around the time.
    due: float | None = None
    now: float = 0.0
    left_around: tuple[str, str] = ("", "")
    left_time: str = ""
    broken: str | None = None  # the move log no longer replays: what the page says instead


@dataclass
class ReplayPage:
    game_id: int
    title: str
    steps: list[list[str]] = field(default_factory=list)  # the lines of each step, 0 the opening
    alts: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ServerTable:
    game_id: int
    token: str
    title: str
    players: list[str]
    turn: str | None
    left: str | None
    yours: bool = False  # on "Your tables": the signed-in person is to move there


@dataclass(frozen=True)
class StandingLine:
    rank: int
    name: str
    played: int
    wins: int
    rating: int


@dataclass(frozen=True)
class LadderLine:
    """One rung of the ladder that travels, as the page shows it."""

    rank: int
    name: str  # the person's name, or the words for a hidden one
    rating: str  # "1012", or "987?" while provisional
    games: int


LADDER_LINES = 20


def _computer_note(lang: str, seat: Seat) -> str:
    return tr(lang, "web-computer", level=level_name(lang, seat.level)) if seat.computer else ""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0").rstrip(".")


def _placeholder(_seats: Sequence[Seat], seat: int) -> str:
    return f"\ue000{seat}\ue001"


_PLACEHOLDER = re.compile("\ue000(-?[0-9]+)\ue001")


def step_lines(lang: str, spec: GameSpec, row: GameRow, frame: ReplayFrame) -> list[str]:
    """The lines of a step as plain text with the names as typed (the templates escape them):
    each name stands in as a placeholder while the Discord markup around it is taken off."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return row.seats[seat].name if 0 <= seat < len(row.seats) else f"#{seat + 1}"

    lines = event_lines(lang, row.game, frame.events, row.seats, spec.event_formatter, name_of=_placeholder)
    return [_PLACEHOLDER.sub(name, plain(line)) for line in lines]


class Pages:
    def __init__(self, store: Store, specs: dict[str, GameSpec], painter: Painter, clock: Clock) -> None:
        self.store = store
        self.specs = specs
        self.painter = painter
        self.clock = clock
        self.logs = GameLogs(store, specs)

    async def game(self, game_id: int) -> GameRow | None:
        row = await self.store.get_game(game_id)
        if row is None or row.game not in self.specs:
            return None
        return row

    def state(self, row: GameRow) -> Any:
        return self.specs[row.game].engine.load(row.state)

    # ---- the table page ---------------------------------------------------------------------------
    async def table(self, row: GameRow, lang: str) -> TablePage:
        spec = self.specs[row.game]
        title = tr(lang, "web-table-title", game=game_name(lang, row.game), id=row.id)
        status = str(row.status)
        players: list[PlayerLine] = []
        lines: list[Line] = []
        turn = left = ended = due = None
        left_time, before, after = "", "", ""
        steps = 0
        alt = ""
        over = row.status in (GameStatus.FINISHED, GameStatus.CANCELLED)
        if row.state is None:  # a lobby: only who sits down so far
            players = [
                PlayerLine(s.name, "", False, None, False, _computer_note(lang, s), i) for i, s in enumerate(row.seats)
            ]
            if row.status == GameStatus.LOBBY:
                turn = tr(lang, "web-lobby")
            else:
                ended = tr(lang, "web-cancelled")
            return TablePage(
                row.id, row.version, title, status, over, False, "", turn, None, [], players, jump_link(row), 0, ended
            )
        state = await asyncio.to_thread(self.state, row)
        engine = spec.engine
        log = await self.logs.of(row)
        steps = max(0, len(log.frames) - 1)
        for frame in log.frames[-LAST_LINES:]:
            for text in log.lines_of(lang, row, frame):
                lines.append(Line(frame.step, text))
        lines = lines[-LAST_LINES:]
        to_move = set(engine.to_move(state)) if row.status == GameStatus.ACTIVE else set()
        places: dict[int, int | None] = {}
        if row.status == GameStatus.FINISHED:
            results = {r.seat: r for r in await self.store.results(row.id)}
            scores = [float(results[i].score or 0) if i in results else 0.0 for i in range(len(row.seats))]
            places = {i: results[i].placement if i in results else None for i in range(len(row.seats))}
        else:
            scores = [float(x) for x in engine.scores_shown(state)]
        for i, seat in enumerate(row.seats):
            players.append(
                PlayerLine(
                    seat.name,
                    _number(scores[i]) if i < len(scores) else "",
                    i in to_move,
                    places.get(i),
                    seat.resigned,
                    "" if seat.resigned else _computer_note(lang, seat),
                    i,
                )
            )
        if row.status == GameStatus.FINISHED:
            players.sort(key=lambda p: p.place or 99)
            ended = tr(lang, "web-finished")
        elif row.status == GameStatus.CANCELLED:
            ended = tr(lang, "web-cancelled")
        elif to_move:
            names = ", ".join(row.seats[s].name for s in sorted(to_move))
            turn = tr(lang, "web-turn", players=names, count=len(to_move))
            deadline = TableDeadline.from_json(row.deadline)
            seconds = time_left(deadline, self.clock.now())
            if seconds is not None:
                due, left_time = deadline.due, duration_text(lang, seconds)
                left = tr(lang, "web-left", left=left_time)
                before, _, after = tr(lang, "web-left", left="\x00").partition("\x00")
        status_lines = [x for x in (ended, turn, left) if x]
        alt = describe(
            tr(lang, "web-alt-board", game=game_name(lang, row.game)), [*status_lines, *(x.text for x in lines[-3:])]
        )
        return TablePage(
            row.id,
            row.version,
            title,
            status,
            over,
            True,
            alt,
            turn,
            left,
            lines,
            players,
            jump_link(row),
            steps,
            ended,
            due,
            self.clock.now(),
            (before, after),
            left_time,
            tr(lang, "web-log-broken") if log.broken else None,
        )

    async def board_picture(self, row: GameRow, lang: str) -> bytes:
        """The board of the stored version, exactly as Discord shows it (the bot's own cache key:
        in the bot's process the picture is usually drawn already), in the page's language: a Dutch
        page shows a Dutch board whatever the table's language."""
        return (await self.board_drawing(row, lang)).png

    async def board_drawing(self, row: GameRow, lang: str) -> Drawing:
        """The board picture with the spots recorded while drawing it: one drawing per version and
        language, shared by Discord, the spectators and every seat's plan of taps."""
        spec = self.specs[row.game]
        key = self._board_key(row, row.version, lang)
        drawn = self.painter.cache.drawing(key)
        if drawn is not None:
            return drawn
        state = await asyncio.to_thread(self.state, row)
        view = spec.engine.view(state, None)
        names = picture_names(lang, row.seats)
        return await self.painter.drawing(spec.render_board, view, key=key, names=names, locale=lang)

    def drawn_board(self, row: GameRow, version: int, lang: str) -> bytes | None:
        """The board of ``version`` if it is drawn already (a page's plan may name the version
        just before the newest for a moment), else None."""
        return self.painter.cache.get(self._board_key(row, version, lang))

    def _board_key(self, row: GameRow, version: int, lang: str) -> PictureKey:
        renderer = self.specs[row.game].render_board
        names = picture_names(lang, row.seats)
        return PictureKey.of(row.id, version, None, lang, renderer, names)

    # ---- the replay ----------------------------------------------------------------------------------
    async def replay(self, row: GameRow, lang: str) -> ReplayPage:
        log = await self.logs.of(row)
        page = ReplayPage(row.id, tr(lang, "web-replay-title", game=game_name(lang, row.game), id=row.id))
        total = len(log.frames) - 1
        for frame in log.frames:
            # Step 0 has no move to tell of: it says what it shows instead of nothing.
            lines = log.lines_of(lang, row, frame) or ([tr(lang, "web-replay-opening")] if frame.step == 0 else [])
            page.steps.append(lines)
            heading = tr(lang, "web-replay-step", step=frame.step, total=total)
            page.alts.append(describe(tr(lang, "web-alt-board", game=game_name(lang, row.game)), [heading, *lines]))
        return page

    @staticmethod
    def _replay_key(row: GameRow, step: int, lang: str) -> tuple[object, ...]:
        return ("web-replay", row.id, step, lang, tuple(picture_names(lang, row.seats)))

    def drawn_replay_picture(self, row: GameRow, step: int, lang: str) -> bytes | None:
        """A step's picture if it is drawn already (costs nothing to send), else None."""
        return self.painter.cache.get(self._replay_key(row, step, lang))

    async def replay_picture(self, row: GameRow, step: int, lang: str) -> bytes | None:
        spec = self.specs[row.game]
        log = await self.logs.of(row)
        if not 0 <= step < len(log.frames):
            return None
        names = picture_names(lang, row.seats)
        key = self._replay_key(row, step, lang)
        return await self.painter.paint(spec.render_board, log.frames[step].view, key=key, names=names, locale=lang)

    # ---- the server page -------------------------------------------------------------------------------
    async def server(self, guild_id: int, lang: str, token_of: Any) -> tuple[list[ServerTable], list[StandingLine]]:
        rows = [r for r in await table_data.open_games_in_guild(self.store, guild_id) if r.status == GameStatus.ACTIVE]
        tables = await self._tables(rows, lang, token_of)
        standings = [
            StandingLine(s.rank, s.name, s.played, s.wins, s.rating)
            for s in (await league_data.standings(self.store, guild_id))[:STANDINGS]
        ]
        return tables, standings

    async def ladder(self, lang: str) -> list[tuple[str, list[LadderLine]]]:
        """Each game's ladder across servers (``db.ladder``): the best ``LADDER_LINES``, names as
        each person chose to be seen."""
        games = []
        for key in self.specs:
            rungs = (await ladder_data.ladder(self.store, key))[:LADDER_LINES]
            lines = [
                LadderLine(
                    rank,
                    r.name if r.name is not None else tr(lang, "cross-ladder-unnamed"),
                    f"{r.rating}?" if r.provisional else str(r.rating),
                    r.games,
                )
                for rank, r in enumerate(rungs, start=1)
            ]
            games.append((game_name(lang, key), lines))
        return games

    async def mine(self, user_id: int, lang: str, token_of: Any) -> list[ServerTable]:
        """The running tables where ``user_id`` sits, in every server: those where they are to
        move first, then the longest waiting."""
        rows = await table_data.open_games_of(self.store, user_id, as_seen=False)
        rows = [r for r in rows if r.status == GameStatus.ACTIVE]
        return await self._tables(rows, lang, token_of, user_id=user_id)

    async def _tables(
        self, rows: list[GameRow], lang: str, token_of: Any, *, user_id: int | None = None
    ) -> list[ServerTable]:
        engines = {k: s.engine for k, s in self.specs.items()}
        tables = []
        for g in listed([r for r in rows if r.game in self.specs], engines, self.clock.now(), user_id=user_id):
            row = g.row
            turn = ", ".join(row.seats[s].name for s in g.to_move) or None
            left = duration_text(lang, g.left) if g.left is not None else None
            names = picture_names(lang, row.seats)
            title = game_name(lang, row.game)
            tables.append(ServerTable(row.id, await token_of(row), title, names, turn, left, g.your_turn))
        return tables

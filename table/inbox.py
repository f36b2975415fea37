"""What a person's inbox says: every table, in every server, where it is their move now (issue 49's
one inbox). Pure: the Discord side (send, edit, delete, coalesce) is ``cogs.table.inbox``.

Built from the public parts of a game row only (the game, the seats' names as the board shows
them, whose move it is, the deadline, the board's link), never from a view: an inbox message is a
direct message, and it holds no hand. Names and server names are user text, escaped; nobody is
mentioned.

A table "starts waiting" for a person when their turn begins; the turn is known by the move log
(``turn_start``: the first entry after the person's last turn), and ``Waiting.key`` is the game
and that entry, so the inbox can tell a table that newly waits (notify: send anew) from one it
already listed (edit silently). Not the deadline: a table without time per move has none, and its
``updated_at`` moves with every action of the turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from db import GameStatus
from locales import tr
from table.deadlines import LULL, TableDeadline
from table.links import jump_link
from table.listing import Listed
from table.quiet import QuietHours
from table.safety import safe_name
from table.text import duration_text, game_name, player_name

ONE, EACH, DIGEST, OFF = "one", "each", "digest", "off"
# One message kept current, one message per turn, one a day, none (the default).
MODES = (ONE, EACH, DIGEST, OFF)
DIGEST_AT = 9 * 60  # the daily digest's time of day (minutes, UTC) for people without quiet hours
LIMIT = 1900  # characters of one message (Discord takes 2000)


@dataclass(frozen=True)
class Waiting:
    """One table waiting for the person's move."""

    game_id: int
    game: str  # the game's key
    server: str | None  # the server's name, escaped (None: not known to this bot)
    others: tuple[str, ...]  # the other seats, as the board names them (escaped, never a mention)
    since: float  # when their turn began
    turn: int  # the move log's entry that began it (``turn_start``)
    left: float | None  # seconds on the move deadline, when one runs
    link: str | None  # a jump link to the latest board

    @property
    def key(self) -> str:
        """The turn: the same table waiting again later is a new key."""
        return f"{self.game_id}:{self.turn}"


def turn_start(log: Sequence[tuple[int | None, float]], seat: int) -> tuple[int, float] | None:
    """Where the seat's current turn began in a move log of (seat, time) entries: the first entry
    after the seat's last earlier turn, its own actions of this turn left out (so the seat's own
    actions and, at a table where all act at once, the others' actions of the same round keep
    it); None: the log has nothing before the turn (the table's start)."""
    end = len(log)
    while end and log[end - 1][0] == seat:
        end -= 1  # this turn's own actions
    start = end
    while start and log[start - 1][0] != seat:
        start -= 1  # what the others (and the platform) did since the seat's last turn
    return (start, log[start][1]) if start < end else None


def waiting_for(
    user_id: int,
    games: Sequence[Listed],
    servers: Mapping[int, str],
    lang: str = "en",
    turns: Mapping[int, tuple[int, float] | None] | None = None,
) -> list[Waiting]:
    """The running tables of ``games`` (``table.listing.listed`` of the person's open games) where
    ``user_id`` owes a move now, longest waiting first. ``turns``: each table's ``turn_start``
    (a table without one counts from when its turn began by the listing)."""
    found = []
    for g in games:
        row = g.row
        seat = row.seat_of(user_id)
        if row.status != GameStatus.ACTIVE or not g.your_turn or seat is None:
            continue
        if TableDeadline.from_json(row.deadline).kind == LULL:
            # A live phase (Duvelen's live round): everyone at the table plays now, in seconds;
            # a DM would come after it, and every card would make it a new turn.
            continue
        others = tuple(player_name(row.seats, i, lang=lang) for i in range(len(row.seats)) if i != seat)
        server = servers.get(row.guild_id) if row.guild_id is not None else None
        turn, since = (turns or {}).get(row.id) or (-1, g.waiting_since)
        found.append(
            Waiting(
                row.id,
                row.game,
                safe_name(server) if server else None,
                others,
                since,
                turn,
                g.left,
                jump_link(row),
            )
        )
    return sorted(found, key=lambda w: (w.since, w.game_id))


def line(lang: str, waiting: Waiting) -> str:
    """One table: the game, the server, who else plays, the time left and the link."""
    server = waiting.server or tr(lang, "inbox-server-unknown")
    text = tr(
        lang,
        "inbox-line",
        game=game_name(lang, waiting.game),
        server=f"**{server}**",
        others=", ".join(waiting.others) or "—",
    )
    if waiting.left is not None:
        text += " · " + tr(lang, "inbox-left", left=duration_text(lang, waiting.left))
    if waiting.link:
        text += "\n  " + waiting.link
    return text


def inbox_text(lang: str, waiting: Sequence[Waiting]) -> str:
    """The one inbox message: every waiting table, longest waiting first, or the "all caught up"
    line when nothing waits. Tables that do not fit in one message are counted at the end."""
    if not waiting:
        return tr(lang, "inbox-caught-up")
    lines = [tr(lang, "inbox-title", count=len(waiting))]
    for shown, w in enumerate(waiting):
        entry = "• " + line(lang, w)
        more = len(waiting) - shown
        if len("\n".join([*lines, entry])) + 20 > LIMIT:
            lines.append(tr(lang, "inbox-more", count=more))
            break
        lines.append(entry)
    return "\n".join(lines)


def turn_text(lang: str, waiting: Waiting) -> str:
    """The message of one turn (the ``each`` mode)."""
    return tr(lang, "inbox-turn", table=line(lang, waiting))


def next_digest(hours: QuietHours | None, now: float) -> float:
    """When the daily digest goes out next after ``now``: at the end of the person's quiet hours,
    or at ``DIGEST_AT`` (UTC: no time zone of theirs is known) when they set none."""
    day = hours if hours is not None else QuietHours(0, DIGEST_AT, "UTC")  # a window that ends then
    _start, end = next(day.windows(now, float("inf")))
    return end

"""Turning engine events, errors and results into short lines of Dutch or English."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from db import GameRow, Seat
from engines.base import Event
from engines.errors import GameError
from locales import has, tr
from table.deadlines import short_duration
from table.levels import level_name
from table.safety import excerpt, safe_name

# Events of the table itself (not of a game's rules); their messages have no game prefix.
PLATFORM_EVENTS = (
    "resigned",
    "resigned-ended",
    "timed-out",
    "handed-over",
    "handed-over-ended",
    "decided-at-deadline",
    "knockout-seed-goes-on",
    "took-back",
    "auto-played",
)


def game_name(lang: str, game: str) -> str:
    return tr(lang, f"{game}-name", default=game)


def seat_name(seats: Sequence[Seat], seat: int, *, mention: bool = False) -> str:
    if not 0 <= seat < len(seats):
        return f"#{seat + 1}"
    s = seats[seat]
    if mention and s.user_id is not None and not s.computer:
        return f"<@{s.user_id}>"
    return f"**{safe_name(s.name)}**"


def _arg(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | str):
        return value
    if isinstance(value, list | tuple):
        return ", ".join(str(_arg(v)) for v in value)
    return str(value)


def event_line(
    lang: str,
    game: str,
    event: Event,
    seats: Sequence[Seat],
    formatter: Any = None,
    name_of: Callable[[Sequence[Seat], int], str] = seat_name,
) -> str | None:
    """One line for an event; None for event types that have no message (internal bookkeeping).
    ``name_of`` shows a seat (Discord's escaped bold name by default)."""
    kind = event.get("type", "")
    # Platform events (resignations) have shared messages; all others are the game's own.
    msg_id = kind if kind in PLATFORM_EVENTS else f"{game}-event-{kind}"
    if not has("en", msg_id):
        return None
    params = dict(formatter(event) if formatter else event)
    args: dict[str, Any] = {}
    for key, value in params.items():
        if key == "type":
            continue
        if (key == "seat" or key.endswith("_seat")) and isinstance(value, int):
            args[key] = name_of(seats, value)
        else:
            args[key] = _arg(value)
    return tr(lang, msg_id, **args)


def event_lines(
    lang: str,
    game: str,
    events: Sequence[Event],
    seats: Sequence[Seat],
    formatter: Any = None,
    limit: int = 12,
    name_of: Callable[[Sequence[Seat], int], str] = seat_name,
) -> list[str]:
    """One line per event: the same line over and over once, with how often ("… ×8"); past
    ``limit`` lines the oldest go (the newest, where scores and results stand, always stay)."""
    lines = collapsed([line for e in events if (line := event_line(lang, game, e, seats, formatter, name_of))])
    if len(lines) > limit:
        lines = ["…", *lines[-(limit - 1) :]]
    return lines


def collapsed(lines: Sequence[str]) -> list[str]:
    """Runs of the same line as one line with its count: a board does not repeat itself."""
    out: list[str] = []
    counts: list[int] = []
    for line in lines:
        if out and out[-1] == line:
            counts[-1] += 1
        else:
            out.append(line)
            counts.append(1)
    return [line if n == 1 else f"{line} ×{n}" for line, n in zip(out, counts, strict=True)]


def _safe_arg(value: Any) -> Any:
    """Error parameters may hold what a user typed: a short escaped excerpt of it at most."""
    shown = _arg(value)
    return excerpt(shown) if isinstance(shown, str) else shown


def error_text(lang: str, game: str | None, error: Exception) -> str:
    """A short answer, safe to send: user input in it is an escaped excerpt of ``EXCERPT_LENGTH``."""
    from table.service import TableError

    if isinstance(error, TableError):
        args = {k: _safe_arg(v) for k, v in error.params.items()}
        # A game may say it its own way (``<game>-table-error-<code>``): where its own controls differ.
        if game and has("en", f"{game}-table-error-{error.code}"):
            return tr(lang, f"{game}-table-error-{error.code}", **args)
        return tr(lang, f"table-error-{error.code}", **args)
    if isinstance(error, GameError):
        game = getattr(error, "game", None) or game  # set by the table service when it knows
        args = {k: _safe_arg(v) for k, v in error.params.items()}
        if game and has("en", f"{game}-error-{error.code}"):
            return tr(lang, f"{game}-error-{error.code}", **args)
        if lang == "en" or not has(lang, f"error-{error.code}"):
            # The engine's own English message may quote the action: never more than a short line.
            return excerpt(error.message, 200)
        return tr(lang, f"error-{error.code}", **args)
    return tr(lang, "error-internal")


def option_label(lang: str, game: str, key: str) -> str:
    """The lobby's name of a game's option: ``<game>-option-<key>``."""
    return tr(lang, f"{game}-option-{key}", default=key)


def option_value_id(game: str, key: str, value: Any) -> str | None:
    """The message that shows ``value`` of a game's option in the lobby; None for a number, which
    is shown as a number. A word an engine keeps (``relaxed``) is ``<game>-option-<key>-<value>``;
    None (the option left to the game) is ``option-default``."""
    if value is None:
        return "option-default"
    if isinstance(value, bool):
        return "option-yes" if value else "option-no"
    if isinstance(value, int | float):
        return None
    return f"{game}-option-{key}-{value}"


def option_value(lang: str, game: str, key: str, value: Any) -> str:
    """``value`` of a game's option as the lobby shows it: a word of ``lang``, or a number written
    the language's way (Fluent writes 1.5 as 1,5 in Dutch)."""
    msg_id = option_value_id(game, key, value)
    if msg_id is None:
        return tr(lang, "option-number", n=value)
    return tr(lang, msg_id, default=str(value))


def player_name(seats: Sequence[Seat], seat: int, *, mention: bool = False, lang: str = "en") -> str:
    """The seat as whoever plays it now: a person's seat the computer took over (a resignation, a
    hand-over) is named as that computer, with its level ("Computer (hard, for cat)"), never as the person."""
    if 0 <= seat < len(seats) and seats[seat].computer and seats[seat].user_id is not None:
        level = level_name(lang, seats[seat].level)
        return "**" + tr(lang, "seat-computer-for", name=safe_name(seats[seat].name), level=level) + "**"
    return seat_name(seats, seat, mention=mention)


def who(seats: Sequence[Seat], to_move: Sequence[int], *, mention: bool, lang: str = "en") -> str:
    """The seats to move, as who plays them now (``player_name``)."""
    return ", ".join(player_name(seats, s, mention=mention, lang=lang) for s in sorted(to_move))


def standings(lang: str, row: GameRow, placements: Sequence[int], scores: Sequence[float]) -> str:
    """The end-of-game lines, with the places as they count (``resigned_last``): a person who
    resigned is named like everyone else (not as the computer that took the seat) and marked,
    so a higher score ranked last is explained."""
    from table.service import resigned_last

    placements = resigned_last(row.seats, placements)
    lines = [tr(lang, "game-over-title")]
    order = sorted(range(len(row.seats)), key=lambda i: (placements[i], i))
    for i in order:
        score = scores[i]
        shown = int(score) if float(score).is_integer() else round(score, 2)
        seat = row.seats[i]
        name = (
            f"<@{seat.user_id}>"
            if seat.resigned and seat.user_id is not None
            else seat_name(row.seats, i, mention=True)
        )
        line = tr(lang, "game-over-line", place=placements[i], name=name, score=shown)
        if seat.resigned:
            line += " " + tr(lang, "game-over-resigned")
        lines.append(line)
    return "\n".join(lines)


def duration_text(lang: str, seconds: float) -> str:
    """A duration in words: "22 h", "3 days" (days from 2 days, hours from 1 hour, else minutes)."""
    unit, amount = short_duration(seconds)
    return tr(lang, f"time-duration-{unit}", n=amount)

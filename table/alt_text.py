"""Descriptions (alt text) of the pictures the bot posts, so screen readers say what happened.

A board's description is built from the same lines as the message beside it: the game's name,
what just happened and whose turn it is, as plain text (no markdown, mentions turned back into
names). A hand picture's description names the viewer's own cards only; it goes out in an
ephemeral message to that viewer alone. Nothing here ever reads another seat's private part.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from db import Seat
from locales import tr
from table.text import game_name

MAX_DESCRIPTION = 1024  # Discord's limit for an attachment's description

_MENTION = re.compile(r"<@!?(\d+)>")
# Undoes ``table.safety.escape_markdown`` (the same characters, ``<`` and ``:`` among them).
_ESCAPED = re.compile(r"\\([\\*_~`|>#\[\]()<:-])")
_MARKUP = re.compile(r"\*\*|__|~~|\|\||`")
# Keys every view carries that say who looks, not what they hold.
_VIEWER_KEYS = frozenset({"viewer", "seat"})


def plain(text: str, seats: Sequence[Seat] = ()) -> str:
    """``text`` without Discord markdown, with user mentions replaced by the seated names."""
    names = {str(s.user_id): s.name for s in seats if s.user_id is not None}
    text = _MENTION.sub(lambda m: names.get(m.group(1), ""), text)
    text = _MARKUP.sub("", text)
    return _ESCAPED.sub(r"\1", text)


def clip(text: str, limit: int = MAX_DESCRIPTION) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def describe(title: str, lines: Iterable[str], seats: Sequence[Seat] = ()) -> str:
    """One description: a title, then the lines as plain sentences."""
    parts = [title] + [plain(line, seats).strip() for line in lines]
    return clip(" ".join(_sentence(p) for p in parts if p and p != "…"))


def _sentence(text: str) -> str:
    """``text`` as one sentence: its own end kept ("…61 points!"), a colon or none made a full stop."""
    text = " ".join(text.split()).removesuffix(":")
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def board_description(
    lang: str, game: str, lines: Iterable[str], seats: Sequence[Seat], *, story: Sequence[str] = ()
) -> str:
    """The public board: game name, the message's status lines (standings, whose turn), then what
    happened (``story``, the message's event lines): the oldest events are left out first when it
    all would not fit Discord's limit, so the status is always said."""
    title = tr(lang, "alt-board", game=game_name(lang, game))
    status = list(lines)
    events = list(story)
    text = describe(title, [*status, *events], seats)
    while events and len(text) >= MAX_DESCRIPTION:
        events = events[1:]
        text = describe(title, [*status, *events], seats)
    return text


def replay_description(
    lang: str, game: str, game_id: int, frames: int, lines: Iterable[str], seats: Sequence[Seat]
) -> str:
    title = tr(lang, "alt-replay", game=game_name(lang, game), id=game_id, frames=frames)
    return describe(title, lines, seats)


def standings_description(lang: str, title: str, rows: Iterable[Any]) -> str:
    """A league table: its title, then one sentence per line shown (``db.league.Standing``)."""
    lines = [
        tr(lang, "alt-standings-line", rank=r.rank, name=r.name, wins=r.wins, played=r.played, rating=r.rating)
        for r in rows
    ]
    return clip(" ".join(_sentence(p) for p in [plain(title), *lines]))


def hand_description(
    lang: str,
    game: str,
    own_view: dict[str, Any],
    public_view: dict[str, Any],
    lines: Iterable[str] = (),
    *,
    card_namer: Callable[..., str] | None = None,
) -> str:
    """The viewer's own picture: their private part (what their view shows beyond a spectator's).
    ``card_namer``: the game's own card names (``GameSpec.card_name``); playing cards otherwise."""
    cards = [card_name(code, lang, card_namer) for code in private_codes(own_view, public_view)]
    title = tr(lang, "alt-hand", game=game_name(lang, game))
    found = [tr(lang, "alt-hand-cards", cards=", ".join(cards))] if cards else []
    return describe(title, [*found, *lines])


def private_codes(own_view: dict[str, Any], public_view: dict[str, Any]) -> list[str]:
    """The strings (card codes) in the parts of ``own_view`` a spectator does not see."""
    codes: list[str] = []
    for key, value in own_view.items():
        if key in _VIEWER_KEYS or public_view.get(key) == value:
            continue
        codes.extend(_strings(value, public_view.get(key)))
    return codes


def _strings(value: Any, public: Any) -> list[str]:
    if isinstance(value, str):
        return [] if value == public else [value]
    if isinstance(value, dict):
        public = public if isinstance(public, dict) else {}
        return [s for k, v in value.items() if k not in _VIEWER_KEYS for s in _strings(v, public.get(k))]
    if isinstance(value, list | tuple):
        if isinstance(public, list | tuple) and len(public) == len(value):
            return [s for v, p in zip(value, public, strict=True) for s in _strings(v, p)]
        return [s for v in value for s in _strings(v, None)]
    return []


def card_name(code: str, lang: str, card_namer: Callable[..., str] | None = None) -> str:
    """A card code in words: the game's own names (``card_namer``) if it has them, else a
    playing card ("7♥"), else the code itself."""
    if card_namer is not None:
        try:
            return str(card_namer(code, locale=lang))
        except (KeyError, ValueError):  # an odd code: the code is still a fine name
            return code
    try:
        from render.cards import card_text, parse

        parse(code)
        return card_text(code)
    except (KeyError, ValueError, IndexError):
        return code

"""What must never show in public, shared by the fuzz suite and the crash suite.

Private cards: each game's engine says what a seat sees (``view(state, seat)``) and what a
spectator sees (``view(state, None)``). A card is *hidden* when it is in a seat's private view, is
not shown to spectators and has never been named by a move in the log (a played card is public).
Cards are recognised by their code ("7S", "W3h") and by the words the bot writes for them ("7♠",
"Dame 3 (How Ruck!)"). Card codes repeat (two decks, copies of a How Ruck! card), so a code that
is public anywhere is never counted as hidden: the check finds real leaks (a hand in a public
line or file) without crying wolf over a card someone already played.

Mentions: a public message may ping only people seated at a table of its channel, and never a
role, @everyone or @here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from tests.conformance import PrivateCards, checks_of

MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE = re.compile(r"(?<![\\`])@(everyone|here)\b")


def private_cards(game: str) -> PrivateCards | None:
    """The game's own ``PrivateCards`` (None: what a seat holds is no secret from the others)."""
    return checks_of(game).private_cards


_CODE_CHARS = re.compile(r"[A-Za-z0-9]+")


def _codes_in(text: str) -> set[str]:
    return set(_CODE_CHARS.findall(text))


def _words_of(how: PrivateCards, code: str) -> set[str]:
    try:
        return {w for w in how.words(code) if len(w) >= 2 and w not in how.ordinary}
    except (KeyError, ValueError, IndexError):  # not a card code (a word of a view or an action)
        return set()


def hidden_cards(game: str, engine: Any, state: Any, moves: Iterable[str]) -> dict[int, dict[str, set[str]]]:
    """Seat -> {hidden card code: the words that would name it} (see the module docstring). A
    word that also names a public card ("green 3" for a labelled and a plain green 3) is left out."""
    how = private_cards(game)
    if how is None or state is None:
        return {}
    public = _codes_in(json.dumps(engine.view(state, None), default=str))
    for action in moves:
        public |= _codes_in(action)
    public_words = set().union(*(_words_of(how, code) for code in public))
    hidden: dict[int, dict[str, set[str]]] = {}
    for seat in range(engine.players(state)):
        cards = {code for code in how.private(engine.view(state, seat)) if code not in public}
        named = {code: _words_of(how, code) - public_words for code in cards}
        if named := {code: words for code, words in named.items() if words}:
            hidden[seat] = named
    return hidden


def _word_pattern(word: str) -> re.Pattern[str]:
    # A code or name as a whole word: "7S" not inside "17S", "dame 3" not inside "Dame 3 (How Ruck!)".
    return re.compile(rf"(?<![\w]){re.escape(word)}(?![\w]| \()")


def leaks(text: str, hidden: dict[int, dict[str, set[str]]]) -> list[str]:
    """Descriptions of the hidden cards that ``text`` names (empty: nothing leaked)."""
    found = []
    for seat, cards in sorted(hidden.items()):
        for code, words in sorted(cards.items()):
            for word in sorted(words):
                if _word_pattern(word).search(text):
                    found.append(f"seat {seat}'s hidden card {code} as {word!r}")
                    break
    return found


def public_text(summary: dict) -> str:
    """Everything a public message shows as text: content, embeds, file names and alt texts."""
    parts = [summary.get("content") or ""]
    for embed in summary.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields") or []]
        parts += [(embed.get("footer") or {}).get("text") or "", (embed.get("author") or {}).get("name") or ""]
    for attachment in summary.get("files") or summary.get("attachments") or []:
        parts += [attachment.get("filename") or "", attachment.get("description") or ""]
    parts.append(summary.get("text") or "")
    return "\n".join(p for p in parts if p)


PRIVATE_FILE_NAMES = re.compile(r"hand", re.IGNORECASE)


def private_files(summary: dict) -> list[str]:
    """A public message carrying a picture made for one player (``hand.png``) is a leak whatever it shows."""
    files = summary.get("files") or summary.get("attachments") or []
    return [f["filename"] for f in files if PRIVATE_FILE_NAMES.search(f.get("filename") or "")]


def mention_problems(summary: dict, seated: set[int]) -> list[str]:
    """Who or what a public message could ping that it must not: anyone not in ``seated``, any
    role, @everyone/@here. Reads what the bot sent (``allowed_mentions`` and content) and whom
    Discord would ping (``mentions``)."""
    problems = []
    content = summary.get("content") or ""
    allowed = summary.get("allowed_mentions")
    parse = set((allowed or {}).get("parse") or []) if allowed is not None else {"users", "roles", "everyone"}
    # No allowed_mentions at all: Discord parses the content as it stands (checked below); one
    # that lets @everyone or roles through is a mistake waiting for the wrong name or text.
    if allowed is not None and "everyone" in parse:
        problems.append(f"allowed_mentions lets @everyone through: {allowed}")
    if allowed is not None and ("roles" in parse or allowed.get("roles")):
        problems.append(f"allowed_mentions lets roles through: {allowed}")
    for user in (allowed or {}).get("users") or []:
        if int(user) not in seated:
            problems.append(f"allowed_mentions names user {user}, who is not seated")
    if "users" in parse:
        for user in MENTION.findall(content):
            if int(user) not in seated:
                problems.append(f"content pings <@{user}> (allowed_mentions parse users), who is not seated")
    for user in summary.get("mentions") or []:
        user_id = int(user["id"]) if isinstance(user, dict) else int(user)
        if user_id not in seated:
            problems.append(f"Discord would ping {user_id}, who is not seated")
    if "everyone" in parse and EVERYONE.search(content):
        problems.append("content pings @everyone/@here")
    if "roles" in parse and ROLE_MENTION.search(content):
        problems.append("content pings a role")
    return problems

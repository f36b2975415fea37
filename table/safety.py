"""Making what users typed safe to show: names and excerpts that cannot format or ping.

Display names and typed text reach public lines, embeds and error answers. Left alone, a name
such as ``<@123>``, ``@everyone`` or ``**big**`` would mention someone or change the formatting
of the bot's own message. Everything a user chose is therefore shown escaped: Markdown characters
get a backslash (as ``discord.utils.escape_markdown`` does) and every ``@`` gets a zero-width space
after it (as ``discord.utils.escape_mentions`` does, for every form of mention), so Discord shows
the text as typed and never resolves it. Standard library only: the table platform knows nothing
of Discord.
"""

from __future__ import annotations

import re

EXCERPT_LENGTH = 40  # the most of a user's typing an answer ever repeats
NAME_LENGTH = 64

_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()<:-])")
_ZERO_WIDTH_SPACE = "\u200b"
_WHITESPACE = re.compile(r"\s+")


def escape_mentions(text: str) -> str:
    """No ``@everyone``, ``@here``, ``<@id>``, ``<@&role>``: an ``@`` never starts a mention."""
    return text.replace("@", "@" + _ZERO_WIDTH_SPACE)


def escape_markdown(text: str) -> str:
    """Every character Discord's Markdown (and its ``<...>`` syntax) reads gets a backslash."""
    return _MARKDOWN.sub(r"\\\1", text)


def escape(text: str) -> str:
    return escape_mentions(escape_markdown(text))


def shorten(text: str, limit: int) -> str:
    """At most ``limit`` characters on one line (whitespace runs become one space)."""
    text = _WHITESPACE.sub(" ", str(text)).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def safe_name(name: str, limit: int = NAME_LENGTH) -> str:
    """A display name as it may appear in any text the bot sends."""
    return escape(shorten(name, limit)) or "?"


def excerpt(text: str, limit: int = EXCERPT_LENGTH) -> str:
    """A short, escaped piece of what a user typed, for an answer that repeats it."""
    return escape(shorten(text, limit))

"""Dutch and English text through Project Fluent (``fluent.runtime``).

Catalogues are ``locales/<lang>/*.ftl``, one file per game plus ``common.ftl``. Message ids:
``<game>-event-<type>`` (what an action did), ``<game>-error-<code>`` (errors users cause),
``<game>-label-*`` (words on pictures and buttons), ``<game>-rules`` (the /rules text),
and shared ones without a game prefix. A missing translation falls back to English, and a missing
English message to the caller's ``default`` (or the id itself), so a gap never crashes a command.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast as ftl

LANGUAGES = ("en", "nl")
_ROOT = Path(__file__).parent
# Folders with more ``<lang>/*.ftl`` catalogues: a game registered from outside this package (the
# tests' toy game) brings its own (``table.registry.GameEntry.locale_folder``).
_FOLDERS: list[Path] = [_ROOT]


def language_of(locale: object) -> str:
    """Map a Discord locale (``discord.Locale`` or a string such as ``nl`` / ``en-US``) to ours."""
    value = str(getattr(locale, "value", locale) or "en").lower()
    return "nl" if value.startswith("nl") else "en"


@cache
def _bundle(lang: str) -> FluentBundle:
    bundle = FluentBundle([lang], use_isolating=False)
    for folder in _FOLDERS:
        for path in sorted((folder / lang).glob("*.ftl")):
            bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


def add_folder(folder: Path) -> None:
    """Read the catalogues of ``folder/<lang>/*.ftl`` too (once; idempotent)."""
    folder = folder.resolve()
    if folder not in _FOLDERS:
        _FOLDERS.append(folder)
        _bundle.cache_clear()
        _formatted.cache_clear()
        _plain.cache_clear()


def has(lang: str, msg_id: str) -> bool:
    return _bundle(language_of(lang)).has_message(msg_id)


def tr(lang: object, msg_id: str, default: str | None = None, **args: Any) -> str:
    """The text of ``msg_id`` in ``lang`` (a language code or a Discord locale)."""
    try:
        # The type is part of the key: 1, 1.0 and True are equal as keys but not as text.
        key = tuple((name, type(value), value) for name, value in sorted(args.items()))
        return _formatted(language_of(lang), msg_id, default, key)
    except TypeError:  # an argument that cannot be a cache key (a list): formatted afresh
        return _format(language_of(lang), msg_id, default, args)


@lru_cache(maxsize=8192)
def _formatted(lang: str, msg_id: str, default: str | None, args: tuple[tuple[str, type, Any], ...]) -> str:
    """``tr``, remembered: every button label, event line and alt text goes through Fluent, which
    formats each number through Babel; a move asks for the same few dozen texts again and again."""
    return _format(lang, msg_id, default, {name: value for name, _type, value in args})


# The parts of a message that is text and ``{ $variable }`` placeables only (most of them are):
# a text, or a 1-tuple naming the variable. None: selectors, functions, references (Fluent's way).
Plain = tuple[str | tuple[str], ...]


@lru_cache(maxsize=4096)
def _plain(lang: str, msg_id: str) -> Plain | None:
    bundle = _bundle(lang)
    if bundle.use_isolating or not bundle.has_message(msg_id):
        return None
    pattern = bundle.get_message(msg_id).value
    # Fluent's compiler hands a text alone as its TextElement and a lone placeable unwrapped.
    if isinstance(pattern, ftl.TextElement | ftl.Placeable):
        elements = [pattern]
    elif isinstance(pattern, ftl.Pattern) and len(pattern.elements) <= pattern.MAX_PARTS:
        elements = list(pattern.elements)
    else:
        return None
    parts: list[str | tuple[str]] = []
    for element in elements:
        if isinstance(element, ftl.TextElement):
            parts.append(element.value)
        elif isinstance(element, ftl.Placeable) and isinstance(element.expression, ftl.VariableReference):
            parts.append((element.expression.id.name,))
        else:
            return None
    return tuple(parts)


_PLAIN_TEXT_MAX = 2500  # Fluent refuses a longer placeable ("{???}"): left to Fluent


def _filled(parts: Plain, args: dict[str, Any]) -> str | None:
    """``parts`` with ``args`` put in as Fluent puts them, or None where only Fluent knows (a
    missing argument, a number Babel would group or write as a decimal, any other type). A whole
    number under 1000 is written by Babel as Python writes it, in English and Dutch alike."""
    out = []
    for part in parts:
        if type(part) is str:
            out.append(part)
            continue
        value = args.get(part[0])
        if type(value) is str and len(value) <= _PLAIN_TEXT_MAX:
            out.append(value)
        elif type(value) is int and -1000 < value < 1000:
            out.append(str(value))
        else:
            return None
    return "".join(out)


def _format(lang: str, msg_id: str, default: str | None, args: dict[str, Any]) -> str:
    for code in dict.fromkeys((lang, "en")):
        bundle = _bundle(code)
        if bundle.has_message(msg_id):
            # Fluent's resolver and Babel cost about a millisecond a move on the bot's loop and
            # in the picture worker for texts that are only text and arguments: those are filled
            # here, to the same characters (tests/locales/test_plain_texts.py checks every one).
            parts = _plain(code, msg_id)
            if parts is not None:
                text = _filled(parts, args)
                if text is not None:
                    return text
            message = bundle.get_message(msg_id)
            if message.value is None:
                continue
            text, _errors = bundle.format_pattern(message.value, args)
            return text
    if default is not None:
        try:
            return default.format(**args)
        except (KeyError, IndexError, ValueError):
            return default
    return msg_id


def reload() -> None:
    """Forget loaded catalogues (tests that edit .ftl files)."""
    _bundle.cache_clear()
    _formatted.cache_clear()
    _plain.cache_clear()

"""Texts that are only text and ``{ $variable }`` are filled without Fluent's resolver (a cost on
every move): each one must come out as Fluent writes it, whatever the arguments."""

from __future__ import annotations

import locales
from locales import LANGUAGES, _bundle, _filled, _plain

SAMPLES = [
    "Anna",
    "",
    "x" * 2500,
    "x" * 2501,
    0,
    7,
    -3,
    999,
    -999,
    1000,
    -1000,
    123456,
    2.5,
    True,
    None,
    ["7S", "JK"],
]


def fluent(lang: str, msg_id: str, args: dict) -> str:
    bundle = _bundle(lang)
    text, _errors = bundle.format_pattern(bundle.get_message(msg_id).value, args)
    return text


def test_every_plain_text_is_filled_as_fluent_fills_it() -> None:
    locales.reload()
    checked = 0
    for lang in LANGUAGES:
        bundle = _bundle(lang)
        for msg_id in list(bundle._messages):
            parts = _plain(lang, msg_id)
            if parts is None:
                continue
            names = [p[0] for p in parts if isinstance(p, tuple)]
            for sample in SAMPLES:
                for missing in (False, True):
                    args = {name: sample for name in names[1:] if not missing} | ({names[0]: sample} if names else {})
                    filled = _filled(parts, args)
                    if filled is not None:
                        assert filled == fluent(lang, msg_id, args), (lang, msg_id, args)
                        checked += 1
    assert checked > 1000  # most texts are plain


def test_texts_fluent_must_resolve_are_not_plain() -> None:
    # A choice by number, a term, a function: Fluent's way, as before.
    for lang in LANGUAGES:
        bundle = _bundle(lang)
        for msg_id, message in bundle._messages.items():
            source = repr(message.value)
            if "SelectExpression" in source or "TermReference" in source or "FunctionReference" in source:
                assert _plain(lang, msg_id) is None, msg_id


def test_numbers_babel_would_group_are_left_to_fluent() -> None:
    assert _filled(("n = ", ("n",)), {"n": 999}) == "n = 999"
    assert _filled(("n = ", ("n",)), {"n": 1000}) is None
    assert _filled(("n = ", ("n",)), {"n": True}) is None
    assert _filled(("n = ", ("n",)), {}) is None
    assert locales.tr("nl", "no-such-message", default="{n} x", n=1234) == "1234 x"

"""The Fluent catalogues as a whole: no id twice, both languages complete, counts that agree.

Fluent keeps the first of two messages with one id and drops the other without a word, so a
duplicate shows the wrong text (``/competitie instellingen`` once showed ``/tafel instellingen``'s
description). A number shown before a noun needs a plural selector, or a player reads "met 1 vaten".
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast

import locales

ROOT = Path(locales.__file__).parent
TOY = Path(__file__).parent  # the tests' toy game brings its own catalogues (tests/locales/<lang>/)
FOLDERS = (ROOT, TOY)


def catalogue_files(lang: str) -> list[Path]:
    return [path for folder in FOLDERS for path in sorted((folder / lang).glob("*.ftl"))]


def messages(path: Path) -> list[ast.Message | ast.Term]:
    resource = FluentParser().parse(path.read_text(encoding="utf-8"))
    junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
    assert not junk, f"{path}: {junk[0].content[:200]}"
    return [entry for entry in resource.body if isinstance(entry, ast.Message | ast.Term)]


@pytest.mark.parametrize("lang", locales.LANGUAGES)
def test_no_message_id_is_defined_twice(lang):
    found: dict[str, list[str]] = defaultdict(list)
    for path in catalogue_files(lang):
        for message in messages(path):
            found[message.id.name].append(f"{path.parent.parent.name}/{lang}/{path.name}")
    twice = {msg_id: where for msg_id, where in found.items() if len(where) > 1}
    assert not twice, f"defined more than once (Fluent keeps only the first): {twice}"


def ids(lang: str) -> set[str]:
    return {m.id.name for path in catalogue_files(lang) for m in messages(path) if isinstance(m, ast.Message)}


def test_every_english_text_has_a_dutch_one_and_back():
    english, dutch = ids("en"), ids("nl")
    assert not english - dutch, f"no Dutch text: {sorted(english - dutch)}"
    # Dutch alone may have the command names (English is the source text in the cogs).
    assert not {i for i in dutch - english if not i.startswith("cmd-")}, sorted(dutch - english)


# Variables that count things, per catalogue (file name): where one is shown next to a word, that
# word has to agree with the number, so the text must sit in a plural selector on that variable. A
# game's catalogue says it in the game's own CHECKS.text_counts (tests/engines/test_<key>_playouts.py).
COUNTS: dict[str, set[str]] = {
    "accessible": {"frames", "wins", "played"},
    "time": {"n"},
    "common": {"count"},
    "comforts": {"n", "count"},
    "commands": set(),
    "league-commands": set(),
    "table-commands": set(),
    "help": set(),
    "levels": set(),
    "league": {"count", "games", "rated", "played", "wins"},
    "replay": {"frames", "mb", "moves", "total"},
    "tournament": {"count", "games", "points", "minutes"},  # "elke 1 minuten" (issue 46)
    "tournament-commands": set(),
    "queue": {"count", "players"},
    "cross": {"count", "players", "minutes"},
    "web": {"count", "steps", "total"},
    "activity": set(),
    "trouble": {"days"},
}
# The same name meaning something else in one message.
NOT_A_COUNT: dict[str, frozenset[str]] = {}


def counts_of(stem: str) -> tuple[set[str], dict[str, frozenset[str]]]:
    """A catalogue's counting variables and its exceptions: a game's from its own declaration
    (``GameChecks.text_counts``, tests/engines/test_<key>_playouts.py; none for a game whose texts
    count nothing, as tic-tac-toe's), the others' from ``COUNTS``."""
    if stem in COUNTS:
        return COUNTS[stem], NOT_A_COUNT
    from tests.conformance import checks_of

    try:
        checks = checks_of(stem)
    except ModuleNotFoundError:
        raise AssertionError(f"{stem}.ftl: say which of its variables are counts in COUNTS") from None
    return set(checks.text_counts), checks.not_a_count


# Words that may follow a count without changing with it: prepositions, adjectives standing
# alone ("3 open"), units and "keer" (Dutch says "1 keer" and "3 keer").
INVARIANT = {
    "en": {"of", "in", "from", "to", "left", "more", "open", "down", "under", "rated", "won", "s", "h", "min", "MB"},
    "nl": {"van", "in", "uit", "tot", "over", "open", "dicht", "eronder", "met", "gewonnen", "keer", "extra"}
    | {"s", "uur", "min", "MB", "pt"},
}
WORD = re.compile(r"\s*([^\W\d_]+)")


def counts_shown_before_words(
    pattern: ast.Pattern, counts: set[str], selectors: tuple[str, ...] = ()
) -> Iterator[tuple[str, str]]:
    """(variable, next word) for each count in ``pattern`` followed by a word outside a selector on it."""
    elements = pattern.elements
    for index, element in enumerate(elements):
        if not isinstance(element, ast.Placeable):
            continue
        expression = element.expression
        if isinstance(expression, ast.SelectExpression):
            selector = expression.selector
            name = selector.id.name if isinstance(selector, ast.VariableReference) else ""
            for variant in expression.variants:
                yield from counts_shown_before_words(variant.value, counts, (*selectors, name))
        elif isinstance(expression, ast.VariableReference) and expression.id.name in counts:
            after = elements[index + 1] if index + 1 < len(elements) else None
            word = WORD.match(after.value) if isinstance(after, ast.TextElement) else None
            if word and expression.id.name not in selectors:
                yield expression.id.name, word.group(1)


@pytest.mark.parametrize("lang", locales.LANGUAGES)
def test_a_count_next_to_a_noun_has_a_plural_selector(lang):
    bad = []
    for path in catalogue_files(lang):
        stem_counts, not_a_count = counts_of(path.stem)
        for message in messages(path):
            if message.value is None:
                continue
            counts = stem_counts - not_a_count.get(message.id.name, set())
            for variable, word in counts_shown_before_words(message.value, counts):
                if word not in INVARIANT[lang]:
                    bad.append(f"{message.id.name}: {{ ${variable} }} {word}")
    assert not bad, "a count next to a word that changes with it needs a plural selector:\n" + "\n".join(bad)


def test_the_check_finds_what_it_is_for():
    def found(text: str, counts: set[str]) -> list[tuple[str, str]]:
        (message,) = FluentParser().parse(text).body
        return list(counts_shown_before_words(message.value, counts))

    assert found("x = met { $barrels } vaten!", {"barrels"}) == [("barrels", "vaten")]
    assert found("x = met { $barrels ->\n    [one] 1 vat\n   *[other] { $barrels } vaten\n}!", {"barrels"}) == []
    assert found("x = renner { $num } wint", {"barrels"}) == []  # not a count


MOVE = {"seat": "Anna", "recruit": 1, "from": 1, "to": 3, "distance": 2, "max": 4, "bonus": 0}


@pytest.mark.parametrize(
    ("lang", "msg_id", "args", "shown"),
    [
        ("en", "howruck-event-game-won", {"seat": "Anna", "barrels": 1}, "with 1 barrel!"),
        ("en", "howruck-event-game-won", {"seat": "Anna", "barrels": 3}, "with 3 barrels!"),
        ("nl", "howruck-event-game-won", {"seat": "Anna", "barrels": 1}, "met 1 vat!"),
        ("nl", "howruck-event-game-won", {"seat": "Anna", "barrels": 3}, "met 3 vaten!"),
        ("en", "manoever-event-move", {**MOVE, "onto": 1}, "on top of 1 recruit."),
        ("nl", "manoever-event-move", {**MOVE, "onto": 2}, "bovenop 2 rekruten."),
        ("nl", "manoever-event-move", {**MOVE, "onto": 0}, "(2 van 4)."),
        ("en", "tournament-table-retry", {"minutes": 1}, "every minute until the round's deadline."),
        ("nl", "tournament-table-retry", {"minutes": 1}, "elke minuut opnieuw tot de deadline van de ronde."),
        ("nl", "tournament-table-retry", {"minutes": 10}, "elke 10 minuten opnieuw tot de deadline van de ronde."),
    ],
)
def test_plural_selectors_pick_the_form_of_the_number(lang, msg_id, args, shown):
    text = locales.tr(lang, msg_id, **args)
    assert text.endswith(shown) or f"{shown} " in text

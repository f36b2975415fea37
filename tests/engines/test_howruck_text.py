"""How Ruck!'s Fluent catalogues: complete in both languages for every event, error and label."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast

import locales
from engines.howruck import ENGINE
from engines.rng import Rng

ROOT = Path(locales.__file__).parent
EVENT_TYPES = {
    "round-start",
    "split",
    "split-rest",
    "stop",
    "stop-tie",
    "tiebreak-draw",
    "tiebreak-won",
    "tug-start",
    "play",
    "action",
    "decline",
    "compare",
    "compare-even",
    "compare-weakest",
    "adrenaline",
    "steal",
    "mucho-macho",
    "tot-ziens",
    "rope-breaks",
    "switch",
    "monster-hit",
    "monster-miss",
    "reinforce",
    "pass",
    "round-won",
    "game-won",
}
ERROR_CODES = {"unknown-option", "learning", "barrels-to-win", "players", "bad-state"}


def message_ids(lang: str) -> set[str]:
    resource = FluentParser().parse((ROOT / lang / "howruck.ftl").read_text(encoding="utf-8"))
    junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
    assert not junk, junk[0].content[:200]
    return {entry.id.name for entry in resource.body if isinstance(entry, ast.Message)}


def formatted(lang: str, msg_id: str, **args) -> str:
    bundle = locales._bundle(lang)
    text, errors = bundle.format_pattern(bundle.get_message(msg_id).value, args)
    assert not errors, (lang, msg_id, errors)
    return text


def sample_events() -> dict[str, list[dict]]:
    """Events of every type the engine emits, gathered from seeded random games."""
    found: dict[str, list[dict]] = {}
    for seed in range(120):
        state = ENGINE.new_game(2, seed, {"learning": seed % 3 == 0})[0]
        pick = Rng(seed)
        while ENGINE.outcome(state) is None:
            movers = sorted(ENGINE.to_move(state))
            seat = movers[pick.below(len(movers))]
            legal = ENGINE.legal_actions(state, seat)
            if seed % 2 and "stop" not in legal and state["phase"] == "forming":
                seat = movers[0]  # keep one side slow now and then so Stop is not always a tie
                legal = ENGINE.legal_actions(state, seat)
            state, events = ENGINE.apply(state, seat, legal[pick.below(len(legal))])
            for event in events:
                found.setdefault(event["type"], []).append(event)
        if "stop-tie" not in found:
            # Two Stops handled as one (never in play, since actions are applied one at a time).
            state = ENGINE.new_game(2, seed, {})[0]
            for seat in (0, 1):
                while ENGINE.legal_actions(state, seat) != ["stop"]:
                    state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
            for event in ENGINE.stops_together(state)[1]:
                found.setdefault(event["type"], []).append(event)
        if set(found) >= EVENT_TYPES:
            break
    return found


@pytest.mark.parametrize("lang", locales.LANGUAGES)
def test_every_message_is_there(lang):
    ids = message_ids(lang)
    assert {"howruck-name", "howruck-rules"} <= ids
    assert {f"howruck-event-{t}" for t in EVENT_TYPES} <= ids
    assert {f"howruck-error-{c}" for c in ERROR_CODES} <= ids
    assert message_ids("en") == ids  # both catalogues are complete


@pytest.mark.parametrize("lang", locales.LANGUAGES)
def test_rules_summary_fits_a_discord_message(lang):
    text = formatted(lang, "howruck-rules")
    assert 400 < len(text) <= 1800


def test_the_engine_emits_exactly_the_catalogued_events_and_all_format():
    found = sample_events()
    assert set(found) == EVENT_TYPES
    for lang in locales.LANGUAGES:
        for event_type, events in found.items():
            for event in events[:30]:
                args = {k: ("Anna" if k == "seat" or k.endswith("_seat") else v) for k, v in event.items()}
                text = formatted(lang, f"howruck-event-{event_type}", **args)
                assert "{" not in text and "\n" not in text.strip(), text


def test_error_messages_format():
    for lang in locales.LANGUAGES:
        assert "4" not in formatted(lang, "howruck-error-players")
        assert "3" in formatted(lang, "howruck-error-barrels-to-win", max=3)


def test_card_names():
    assert formatted("en", "howruck-label-card", colour="x", card="TZ", value=0) == "Bye Bye"
    assert formatted("nl", "howruck-label-card", colour="x", card="TZ", value=0) == "Tot ziens"
    assert formatted("nl", "howruck-label-card", colour="r", card="R3h", value=3) == "rode 3"
    assert formatted("en", "howruck-label-card", colour="n", card="N6", value=6) == "Nessie"
    assert re.fullmatch(r"dame 4", formatted("en", "howruck-label-card", colour="w", card="W4", value=4))

"""Checked by mypy only (``tests/test_types.py``): every game's modules against the plug-in
protocols of ``table.spec``. A module that lacks a function, or has one with the wrong signature,
fails the type check instead of failing at run time in front of users."""

from __future__ import annotations

import engines.duvelen
import engines.duvelen_ai
import engines.hindmost
import engines.hindmost_ai
import engines.howruck
import engines.howruck_ai
import engines.manoever
import engines.manoever_ai
import engines.trackgammon
import engines.trackgammon_ai
import render.duvelen
import render.hindmost
import render.howruck
import render.manoever
import render.trackgammon
import tests.nim
from table.spec import (
    BoardRenderer,
    CardNamer,
    ComputerModule,
    EngineModule,
    EventFormatter,
    GroupRenderer,
    HandRenderer,
)

ENGINES: list[EngineModule] = [
    engines.hindmost,
    engines.trackgammon,
    engines.manoever,
    engines.howruck,
    engines.duvelen,
    tests.nim,
]
COMPUTERS: list[ComputerModule] = [
    engines.hindmost_ai,
    engines.trackgammon_ai,
    engines.manoever_ai,
    engines.howruck_ai,
    engines.duvelen_ai,
    tests.nim,
]
BOARDS: list[BoardRenderer] = [
    render.hindmost,
    render.trackgammon,
    render.manoever,
    render.howruck,
    render.duvelen,
    tests.nim,
]
# The optional parts, as ``table.registry.GAMES`` declares them (Extras).
HANDS: list[HandRenderer] = [render.hindmost, render.howruck, render.duvelen]
GROUPS: list[GroupRenderer] = [render.trackgammon, render.manoever, render.howruck]
EVENT_FORMATS: list[EventFormatter] = [render.hindmost, render.duvelen]
CARD_NAMERS: list[CardNamer] = [render.howruck]

"""Which buttons a player sees: the legal actions, grouped and paged to fit Discord's 25 components.

Pure and plain data (a ``ControlsPage`` of ``Choice`` items), so the paging rules are easy to test;
``cogs.table.moves`` turns a page into ``discord.ui`` buttons.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

ACTIONS_PER_PAGE = 20  # four rows of five; the fifth row holds navigation


@dataclass(frozen=True)
class Choice:
    kind: str  # "act": an action; "group": open a group of actions
    label: str
    action: str = ""
    group: int = -1


@dataclass(frozen=True)
class ControlsPage:
    choices: list[Choice]
    page: int
    pages: int
    group: int  # -1: top level
    total: int  # actions (or groups) on this level


def _paged(items: list[Choice], page: int, group: int) -> ControlsPage:
    pages = max(1, math.ceil(len(items) / ACTIONS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    start = page * ACTIONS_PER_PAGE
    return ControlsPage(items[start : start + ACTIONS_PER_PAGE], page, pages, group, len(items))


def build_page(
    legal: list[str],
    label: Callable[[str], str],
    group_of: Callable[[str], str] | None,
    *,
    group: int = -1,
    page: int = 0,
) -> ControlsPage:
    """Top level: the actions themselves, or, when they are too many for one page and the game names
    groups, one button per group. Inside a group: that group's actions. Both levels are paged."""
    if group_of is not None and len(legal) > ACTIONS_PER_PAGE:
        groups: dict[str, list[str]] = {}
        for action in legal:
            groups.setdefault(group_of(action), []).append(action)
        names = list(groups)
        if len(names) > 1:
            if group < 0 or group >= len(names):
                items = [Choice("group", name, group=i) for i, name in enumerate(names)]
                return _paged(items, page, -1)
            items = [Choice("act", label(a), action=a) for a in groups[names[group]]]
            return _paged(items, page, group)
    items = [Choice("act", label(a), action=a) for a in legal]
    return _paged(items, page, -1)

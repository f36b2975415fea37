"""Which controls a player sees: the legal actions as buttons, or select menus, in one step.

A decision fits one message: up to ``ACTIONS_PER_PAGE`` actions as buttons; more, where the game
names groups (a recruit, a disc, a card), one button per group and then that group's actions; a
group (or a game without groups) with more actions than buttons fit gets select menus of up to
``OPTIONS_PER_MENU`` actions each, up to ``MENUS`` of them, so Manöver's 72 destinations of one
recruit are one pick. Inside a group, the part every label shares ("Recruit 3: ") is left off.
Pages remain only as a fallback past ``MENUS`` full menus, which no game reaches
(``bench/turn_clicks.py`` measures it).

Pure and plain data (a ``ControlsPage`` of ``Choice`` items), so the rules are easy to test;
``cogs.table.moves`` turns a page into ``discord.ui`` buttons and selects.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

ACTIONS_PER_PAGE = 20  # four rows of five; the fifth row holds Back and Take back
OPTIONS_PER_MENU = 25  # Discord's limit of a select menu
MENUS = 4  # a select menu takes a whole row; the fifth row holds Back and Take back


@dataclass(frozen=True)
class Choice:
    kind: str  # "act": an action; "group": open a group of actions
    label: str
    action: str = ""
    group: int = -1


@dataclass(frozen=True)
class ControlsPage:
    choices: list[Choice]  # buttons
    page: int
    pages: int
    group: int  # -1: top level
    total: int  # actions (or groups) on this level
    menus: tuple[tuple[Choice, ...], ...] = ()  # select menus of actions, instead of buttons


def _paged(items: list[Choice], page: int, group: int) -> ControlsPage:
    pages = max(1, math.ceil(len(items) / ACTIONS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    start = page * ACTIONS_PER_PAGE
    return ControlsPage(items[start : start + ACTIONS_PER_PAGE], page, pages, group, len(items))


def _listed(items: list[Choice], page: int, group: int) -> ControlsPage:
    """Buttons while they fit, else select menus of actions, else (never reached) pages."""
    if len(items) <= ACTIONS_PER_PAGE or any(c.kind != "act" for c in items):
        return _paged(items, page, group)
    if len(items) <= OPTIONS_PER_MENU * MENUS:
        per_menu = math.ceil(len(items) / math.ceil(len(items) / OPTIONS_PER_MENU))  # menus of even size
        menus = tuple(tuple(items[i : i + per_menu]) for i in range(0, len(items), per_menu))
        return ControlsPage([], 0, 1, group, len(items), menus)
    return _paged(items, page, group)


def without_shared_start(labels: list[str]) -> list[str]:
    """The labels without the words they all begin with, up to and with a ": " ("Recruit 3: 41 →
    56" becomes "41 → 56" when the group's button already said "Recruit 3")."""
    if len(labels) < 2:
        return labels
    shared = labels[0]
    for label in labels[1:]:
        while not label.startswith(shared):
            shared = shared[:-1]
    cut = shared.rfind(": ")
    if cut < 0:
        return labels
    return [label[cut + 2 :] or label for label in labels]


def grouped(
    legal: list[str], label: Callable[[str], str], group_of: Callable[[str], str] | None
) -> list[tuple[str, list[tuple[str, str]]]]:
    """The actions as Discord offers them: (group name, [(action, label)]) per group when they are
    too many for one page and the game names more than one group (labels without the words
    every label of the group shares), else one unnamed group of them all. The web page lists
    them the same way."""
    if group_of is not None and len(legal) > ACTIONS_PER_PAGE:
        groups: dict[str, list[str]] = {}
        for action in legal:
            groups.setdefault(group_of(action), []).append(action)
        if len(groups) > 1:
            named = []
            for name, actions in groups.items():
                labels = without_shared_start([label(a) for a in actions])
                named.append((name, list(zip(actions, labels, strict=True))))
            return named
    return [("", [(a, label(a)) for a in legal])]


def build_page(
    legal: list[str],
    label: Callable[[str], str],
    group_of: Callable[[str], str] | None,
    *,
    group: int = -1,
    page: int = 0,
) -> ControlsPage:
    """Top level: the actions themselves, or, when they are too many for one row of buttons and
    the game names groups, one button per group. Inside a group: that group's actions, without
    the words every label there shares. Many actions become select menus (see the module)."""
    groups = grouped(legal, label, group_of)
    if len(groups) > 1:
        if group < 0 or group >= len(groups):
            items = [Choice("group", name, group=i) for i, (name, _actions) in enumerate(groups)]
            return _listed(items, page, -1)
        items = [Choice("act", text, action=a) for a, text in groups[group][1]]
        return _listed(items, page, group)
    items = [Choice("act", text, action=a) for a, text in groups[0][1]]
    return _listed(items, page, -1)

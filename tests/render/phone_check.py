"""Shared checks for the phone layouts: random games of every player count, sampled views, long
Dutch names, emoji and accents; every picture must have no text outside its box, no overlapping
texts and no text too small at 400 px wide (``render.layout.problems``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engines.rng import Rng
from render.layout import picture_size, problems, recording

LONG_NAMES = [
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",  # 32 of the widest letter
    "Wilhelmina van Oranje-Nassau WWW",
    "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM",
    "Ŵîłhéłmïñâ Ŵàśśëñâàŕ ŴŴŴŴŴŴŴŴŴŴ",
    "Gerrit-Jan van den Woudenberg WW",
    "Wouter Willem Wagenaar Wolters W",
]
EMOJI_NAMES = ["🎲 Anna 🎲", "Bram 🚴‍♂️", "Chloë ★", "😀😀😀", "Ève Ünal", "Đorđe Ćosić 🇳🇱"]
NAME_SETS = [LONG_NAMES, EMOJI_NAMES]


def sample_games(
    engine,
    players: int,
    seeds: range,
    options: dict | None = None,
    every: int = 9,
    choose: Callable[[dict, list[str], int], str] | None = None,
) -> Iterator[tuple[Any, int | None]]:
    """(state, seat to move or None) at several points of games, the end included: random play, or
    ``choose(view, legal, step)`` (a computer player) for games that random play drags on."""
    for seed in seeds:
        rng = Rng(seed * 7919 + players)
        state, _ = engine.new_game(players, seed, options) if options is not None else engine.new_game(players, seed)
        step = 0
        yield state, _mover(engine, state)
        while engine.outcome(state) is None:
            seat = min(engine.to_move(state))
            legal = engine.legal_actions(state, seat)
            if choose is None or rng.below(4) == 0:  # some random moves even with a computer player
                action = legal[rng.below(len(legal))]
            else:
                action = choose(engine.view(state, seat), legal, step)
            state, _events = engine.apply(state, seat, action)
            step += 1
            if step % every == 0:
                yield state, _mover(engine, state)
        yield state, None


def _mover(engine, state) -> int | None:
    to_move = engine.to_move(state)
    return min(to_move) if to_move else None


def layout_problems(render: Callable[..., bytes], view: dict, names: list[str], locale: str) -> list[str]:
    return render_checked(render, view, names, locale)[1]


def render_checked(
    render: Callable[..., bytes], view: dict, names: list[str], locale: str
) -> tuple[tuple[int, int], list[str]]:
    """The picture's size and its layout problems."""
    with recording() as placed:
        png = render(view, names=names, locale=locale)
    size = picture_size(png)
    return size, problems(placed, size)


def piece_px_on_phone(diameter: float, width: int) -> float:
    """How many pixels across a piece of ``diameter`` is on a phone showing the picture 400 px wide."""
    return diameter * 400 / width


def button_labels(board, view: dict, locale: str) -> tuple[Callable[[str], str], Callable[[str], str] | None]:
    """A seat's button label and group functions, as the controls use them (``board``: a
    renderer module; ``action_group`` only where it has one)."""

    def label(action: str) -> str:
        return board.action_label(view, action, locale)

    group = getattr(board, "action_group", None)
    return label, (lambda action: group(view, action, locale)) if group is not None else None


def labels_pairwise_different(
    legal: list[str], label: Callable[[str], str], group_of: Callable[[str], str] | None
) -> list[str]:
    """Labels that repeat within one group (or among all actions when there are no groups), and
    labels longer than Discord's 80 characters."""
    from table.controls import ACTIONS_PER_PAGE

    groups: dict[str, list[str]] = {}
    for action in legal:
        key = group_of(action) if group_of is not None and len(legal) > ACTIONS_PER_PAGE else ""
        groups.setdefault(key, []).append(action)
    found = []
    for key, actions in groups.items():
        labels = [label(a) for a in actions]
        found += [f"{key}: {x!r} repeats" for x in set(labels) if labels.count(x) > 1]
        found += [f"{x!r} is longer than 80" for x in labels if len(x) > 80 or not x.strip()]
    return found

"""The standings picture of a tournament and its alt text, from an ``Overview``; drawn off the
event loop (``Painter.compute`` calls ``draw`` with plain data)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from locales import tr
from render.tournament import render_standings
from table.safety import safe_name
from table.text import game_name
from table.tournament.service import Overview
from table.tournament.standings import Standing


def draw(
    rows: Sequence[Standing],
    names: dict[int, str],
    title: str,
    subtitle: str,
    table_size: int,
    bracket: list[list[tuple[list[int], list[int]]]],
    locale: str,
) -> bytes:
    return render_standings(
        rows, names=names, title=title, subtitle=subtitle, table_size=table_size, bracket=bracket, locale=locale
    )


def picture_args(overview: Overview, lang: str) -> tuple[Any, ...]:
    """The arguments of ``draw`` for ``overview`` in ``lang``."""
    row = overview.tournament
    title = tr(lang, "tournament-standings-title", name=row.name)
    subtitle = tr(
        lang,
        "tournament-standings-sub",
        game=game_name(lang, row.game),
        format=tr(lang, f"tournament-format-{row.format}"),
        n=rounds_done(overview),
    )
    return (overview.standings, overview.names, title, subtitle, row.table_size, bracket(overview), lang)


def rounds_done(overview: Overview) -> int:
    """How many rounds have every table finished."""
    rounds: dict[int, bool] = {}
    for t in overview.tables:
        rounds[t.round] = rounds.get(t.round, True) and t.finished
    return sum(1 for done in rounds.values() if done)


def bracket(overview: Overview) -> list[list[tuple[list[int], list[int]]]]:
    """A knockout's rounds: each table's players and who went on (the next round's players)."""
    if overview.tournament.format != "knockout":
        return []
    rounds: dict[int, list[Any]] = {}
    for t in overview.tables:
        rounds.setdefault(t.round, []).append(t)
    shown = []
    for number in sorted(rounds):
        later = {u for t in rounds.get(number + 1, []) for u in t.players}
        if number == max(rounds) and overview.tournament.winner_id is not None:
            later = {overview.tournament.winner_id}
        shown.append([(list(t.players), [u for u in t.players if u in later]) for t in rounds[number] if not t.bye])
    return shown


def alt_text(overview: Overview, lang: str) -> str:
    """What the picture shows, for screen readers (Discord allows 1,024 characters)."""
    lines = [tr(lang, "tournament-standings-title", name=overview.tournament.name)]
    for s in overview.standings[:12]:
        lines.append(
            tr(
                lang,
                "tournament-alt-line",
                position=s.position,
                player=safe_name(overview.names.get(s.user_id, str(s.user_id))),
                points=number(s.points),
                games=s.games,
                byes=s.byes,
            )
        )
    text = "\n".join(lines)
    return text if len(text) <= 1000 else text[:999] + "…"


def number(value: float) -> int | float:
    """Points as Fluent should show (and pluralise) them: whole numbers as integers."""
    return int(value) if float(value).is_integer() else round(value, 1)

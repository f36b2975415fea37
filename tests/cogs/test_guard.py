"""Guarded work is named for what it does, and a failure says which work failed."""

import ast
import logging
from pathlib import Path
from types import SimpleNamespace

import discord

from cogs.table.presenter import Guard

ROOT = Path(__file__).resolve().parent.parent.parent


async def test_a_failing_work_is_logged_by_its_name_and_the_user_gets_an_apology(caplog):
    told: list[str] = []

    async def tell(_interaction, text):
        told.append(text)

    guard = Guard()
    guard.tell = tell
    interaction = SimpleNamespace(user=SimpleNamespace(id=7), locale=discord.Locale.british_english)

    async def play_the_action() -> None:
        raise RuntimeError("a bug of ours")

    with caplog.at_level(logging.ERROR):
        assert await guard.guarded(interaction, "nim", play_the_action) is None
    failed = [r for r in caplog.records if r.getMessage().startswith("interaction failed")]
    assert len(failed) == 1 and "in play_the_action" in failed[0].getMessage()
    assert failed[0].exc_info is not None and failed[0].exc_info[0] is RuntimeError
    assert len(told) == 1 and told[0]
    assert guard.in_flight == 0


def test_no_guarded_work_is_an_anonymous_closure_called_work():
    # Every traceback of a click would say ``work``: each closure handed to the guard says what it
    # does instead (``show_the_hand``, ``play_the_action``).
    anonymous = []
    for path in sorted((ROOT / "cogs").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                anonymous += [
                    f"{path.relative_to(ROOT)}:{inner.lineno} in {node.name}"
                    for inner in node.body
                    if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)) and inner.name == "work"
                ]
    assert not anonymous, anonymous

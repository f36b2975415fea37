"""One word per thing (CONTRIBUTING's glossary, issue 37): the words retired from the code stay out of
its identifiers. "bot" is the Discord client only, never a computer seat; "quiet" is a person's quiet
hours only, never a live phase's lull or the interaction guard; "clock" is the time source only.

Read from the source (every module of the project, the tests too), so a retired name is caught
where it is written, not only where it happens to run. The readers that must still understand the
old words are named below, each with what it reads."""

from __future__ import annotations

import ast
import re
from dataclasses import fields
from pathlib import Path

from cogs.table.presenter import Guard
from db import ResultRow, Seat
from engines.base import Deadline
from startup.config import Config
from table.settings import TableSettings
from tests.sources import project_files

ROOT = Path(__file__).resolve().parent.parent

# Names that meant a computer seat, a lull, the guard being idle, or a player's time.
RETIRED_NAMES = {
    "add_bot",
    "remove_bot",
    "bot_op",
    "BOT_DELAY",
    "bot_speed",
    "bot_delay",
    "bot_delay_factor",
    "is_bot",
    "unbot",
    "restarts_quiet_time",
    "end_quiet",
    "QUIET_ACTION",
    "DEFAULT_QUIET_SECONDS",
    "is_quiet",
    "parse_clock_time",
    "clock_time",
    "start_clock",
    "clocked_settings",
}
# Stored or sent forms of the old words: only the compatibility readers below may write them.
RETIRED_STRINGS = {"bot_speed", "is_bot", "unbot", "bot-easy", "bot-hard", "TAFELBOT_BOT_DELAY", "no-move-clock"}
OLD_LOBBY_ID = re.compile(r":(bot|unbot|bot-[a-z]+)$")  # the end of a lobby button's old custom_id
COMPATIBILITY_READERS = {
    "cogs/table/components.py": "lobby buttons still in channels with the ops bot, bot-<level>, unbot",
    "startup/config.py": "TAFELBOT_BOT_DELAY, the computer delay's first name",
    "tests/test_config.py": "checks that TAFELBOT_BOT_DELAY is still read",
    "tests/e2e/test_levels_e2e.py": "clicks lobby buttons with the old ops",
    "tests/db/test_migrations.py": "writes databases as older versions did",
    "tests/db/test_league.py": "writes a database as version 1 did",
    "tests/test_words.py": "this list",
}
SKIPPED = (
    ".venv/",
    "db/migrations/steps/",  # history: each step is left as it shipped (step 12 renames the old words)
    "tests/e2e/fake/",  # the fake Discord: a Discord user's own "bot" flag
)


def sources(root: Path = ROOT) -> list[tuple[str, ast.Module]]:
    found = []
    for path in project_files(".py", root):  # ours only: not build/lib's copies (issue 46)
        name = path.relative_to(root).as_posix()
        if name.startswith(SKIPPED) or "/." in f"/{name}":
            continue
        found.append((name, ast.parse(path.read_text(encoding="utf-8"), filename=name)))
    return found


def nodes_of(tree: ast.Module) -> list[ast.AST]:
    """A module's nodes, walked once for all the checks (the walk is most of their time)."""
    return list(ast.walk(tree))


def names_in(nodes: list[ast.AST]) -> list[tuple[int, str]]:
    """Every identifier the module defines or uses, with its line."""
    found: list[tuple[int, str]] = []
    for node in nodes:
        if isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.append((node.lineno, node.name))
        elif isinstance(node, ast.arg):
            found.append((node.lineno, node.arg))
        elif isinstance(node, ast.keyword) and node.arg is not None:
            found.append((node.value.lineno, node.arg))
        elif isinstance(node, ast.alias):
            found.append((node.lineno, (node.asname or node.name).rsplit(".", 1)[-1]))
    return found


def seat_like(node: ast.expr) -> bool:
    """Whether an expression reads as a seat (``seat``, ``s``, ``row.seats[i]``): its ``.bot`` would
    be the retired computer flag rather than the Discord client."""
    text = ast.unparse(node)
    return text in ("s", "seat") or "seats[" in text or text.endswith(".seat")


def retired_in(nodes: list[ast.AST]) -> list[tuple[int, str]]:
    """The retired identifiers of one module (its ``nodes_of``), with their lines."""
    found: list[tuple[int, str]] = [(line, word) for line, word in names_in(nodes) if word in RETIRED_NAMES]
    for node in nodes:
        if isinstance(node, ast.Attribute) and node.attr == "bot" and seat_like(node.value):
            found.append((node.lineno, f"{ast.unparse(node)} (a seat's computer flag)"))
        elif isinstance(node, ast.Attribute) and node.attr in ("quiet", "bots"):
            found.append((node.lineno, f".{node.attr} (a lull, the guard or the computers)"))
        elif isinstance(node, ast.keyword) and node.arg == "bot":
            found.append((node.value.lineno, "bot= (a seat's computer flag)"))
    return found


def old_strings_in(nodes: list[ast.AST]) -> list[tuple[int, str]]:
    return [
        (node.lineno, repr(node.value))
        for node in nodes
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and (node.value in RETIRED_STRINGS or OLD_LOBBY_ID.search(node.value))
    ]


def test_retired_words_are_not_identifiers_and_old_forms_only_in_their_readers():
    found = []
    for name, tree in sources():
        nodes = nodes_of(tree)
        found += [f"{name}:{line}: {what}" for line, what in retired_in(nodes)]
        if name not in COMPATIBILITY_READERS:
            found += [f"{name}:{line}: {what} (an old stored or sent form)" for line, what in old_strings_in(nodes)]
    assert not found, "retired words (see CONTRIBUTING's glossary):\n" + "\n".join(found)


def test_the_renamed_records_have_only_their_new_fields():
    assert "computer" in {f.name for f in fields(Seat)} and "bot" not in {f.name for f in fields(Seat)}
    assert "is_computer" in {f.name for f in fields(ResultRow)}
    assert {f.name for f in fields(Deadline)} == {"owing", "lull"}
    settings = {f.name for f in fields(TableSettings)}
    assert {"lull", "computer_speed"} <= settings and not {"quiet", "bot_speed"} & settings
    assert "computer_delay" in {f.name for f in fields(Config)}
    assert hasattr(Guard, "settled") and not hasattr(Guard, "quiet")
    assert not (ROOT / "table" / "bots.py").exists()


def test_the_checks_catch_what_they_look_for():
    # The checks themselves: each form of the old words, written the way the code wrote it.
    tree = ast.parse(
        "row.seats[i].bot\nSeat('x', bot=True)\nspec.engine.deadline(s).quiet\nflow.bots\nBOT_DELAY = 1.0\n"
        "guard.is_quiet\nsettings = {'bot_speed': 2.0}\nself.bot.store\ninteraction.client.bot_user\n"
        "click(f'tb:lobby:{game_id}:bot')\n"
    )
    found = [what for _, what in retired_in(nodes_of(tree))]
    assert found.count("BOT_DELAY") == 1 and "is_quiet" in found
    assert "row.seats[i].bot (a seat's computer flag)" in found and "bot= (a seat's computer flag)" in found
    assert (
        ".quiet (a lull, the guard or the computers)" in found and ".bots (a lull, the guard or the computers)" in found
    )
    assert len(found) == 6, found  # the Discord client's "bot" is left alone
    assert old_strings_in(nodes_of(tree)) == [(7, "'bot_speed'"), (10, "':bot'")]

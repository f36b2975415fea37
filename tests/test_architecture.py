"""The dependency rules of ../shared/design.md, checked by reading imports."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STDLIB_ONLY_FORBIDDEN = {
    "discord",
    "aiosqlite",
    "sqlite3",
    "PIL",
    "asyncio",
    "aiohttp",
    "random",
    "requests",
    "cogs",
    "render",
    "db",
    "locales",
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engines_use_only_the_standard_library_and_each_other():
    for path in (ROOT / "engines").glob("*.py"):
        bad = imports_of(path) & STDLIB_ONLY_FORBIDDEN
        assert not bad, f"{path.name} imports {bad}"


def test_render_depends_only_on_engines_locales_and_pillow():
    for path in (ROOT / "render").glob("*.py"):
        bad = imports_of(path) & {"discord", "aiosqlite", "db", "cogs", "asyncio"}
        assert not bad, f"{path.name} imports {bad}"


def test_db_knows_nothing_of_games_or_discord():
    for path in (ROOT / "db").glob("*.py"):
        bad = imports_of(path) & {"discord", "engines", "render", "cogs", "locales", "table"}
        assert not bad, f"{path.name} imports {bad}"


def test_engines_never_use_the_global_random_generator():
    for path in (ROOT / "engines").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import random" not in text, path.name


def test_the_table_platform_knows_nothing_of_discord():
    for path in (ROOT / "table").glob("*.py"):
        bad = imports_of(path) & {"discord", "cogs", "aiohttp"}
        assert not bad, f"{path.name} imports {bad}"


def test_render_and_db_never_reach_up_into_the_table_platform():
    for folder in ("render", "db", "engines"):
        for path in (ROOT / folder).glob("*.py"):
            assert "table" not in imports_of(path), f"{folder}/{path.name} imports the table platform"

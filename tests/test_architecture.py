"""The dependency rules of ../shared/design.md, checked by reading imports."""

import ast
import functools
import re
from collections import Counter
from pathlib import Path

from tests.sources import project_files

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


@functools.cache
def facts_of(path: Path) -> tuple[tuple[ast.Import | ast.ImportFrom, ...], tuple[str, ...]]:
    """A file's import statements (wherever they stand) and its string literals that are SQL
    statements, from one walk of its syntax tree: several tests walk the whole project, and
    parsing and walking every file was most of their time."""
    imports, sql = [], []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.append(node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value):
            sql.append(node.value)
    return tuple(imports), tuple(sql)


def import_statements(path: Path) -> tuple[ast.Import | ast.ImportFrom, ...]:
    return facts_of(path)[0]


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in import_statements(path):
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
    for path in (ROOT / "db").rglob("*.py"):  # the migration steps live in a sub-package
        bad = imports_of(path) & {"discord", "engines", "render", "cogs", "locales", "table"}
        assert not bad, f"{path.name} imports {bad}"


SQL = re.compile(r"^\s*(SELECT\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|CREATE\s|ALTER\s)")


def sql_strings(path: Path) -> list[str]:
    """The string literals of a file that are SQL statements."""
    return list(facts_of(path)[1])


def test_sql_lives_only_in_db():
    # The queries are the store's: above it, code asks db/ for data by name (db.table_data and
    # the others), so a change of schema is a change in one package.
    found = [
        f"{path.relative_to(ROOT)}: {sql.strip()[:60]!r}"
        for folder in ("table", "cogs", "web", "engines", "render")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for sql in sql_strings(path)
    ]
    assert not found, "\n".join(found)
    assert sql_strings(ROOT / "db" / "table_data.py"), "the check sees SQL where it lives"


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
        for path in (ROOT / folder).rglob("*.py"):
            assert "table" not in imports_of(path), f"{folder}/{path.name} imports the table platform"


# ---- the whole layering at once -------------------------------------------------------------------
# Who may import whom among our own packages (../shared/design.md, "Dependencies point one way"):
# cogs → table → engines, render, db; render → engines; db → nothing of ours; engines → the
# standard library. ``locales`` (the texts) is a leaf anyone above the rules may read. A layer may
# use every layer under it; nothing imports a layer above it. ``startup`` (the process's start-up,
# under the entry point ``bot.py``) is the top: it wires the others together and no package
# imports it.
OURS = ("engines", "render", "db", "table", "cogs", "locales", "web", "startup")
ALLOWED = {
    "engines": set(),
    "locales": set(),
    "db": set(),
    "render": {"engines", "locales"},
    "table": {"engines", "render", "db", "locales"},
    "cogs": {"table", "engines", "render", "db", "locales"},
    # The web companion stands beside the Discord side, on the same platform: it never imports
    # cogs, and nothing but the start-up imports it.
    "web": {"table", "engines", "render", "db", "locales"},
    "startup": {"cogs", "web", "table", "engines", "render", "db", "locales"},
}


def package_imports() -> list[tuple[str, str, str]]:
    """(importing package, imported package, file) for every import of one of our packages by
    another, counted once per file and imported module; imports inside functions count too."""
    found = []
    for package in OURS:
        for path in sorted((ROOT / package).rglob("*.py")):
            modules: set[str] = set()
            for node in import_statements(path):
                if isinstance(node, ast.Import):
                    modules.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    modules.add(node.module)
            for module in sorted(modules):
                target = module.split(".")[0]
                if target in OURS and target != package:
                    found.append((package, target, str(path.relative_to(ROOT))))
    return found


def count_between_packages() -> Counter:
    """How many (file, module) imports cross from one of our packages into another, per pair."""
    return Counter((source, target) for source, target, _file in package_imports())


def test_the_whole_layering_holds():
    wrong = [
        f"{file} ({source}) imports {target}"
        for source, target, file in package_imports()
        if target not in ALLOWED[source]
    ]
    assert not wrong, "\n".join(wrong)


def test_the_web_companion_never_reaches_into_the_discord_side():
    for path in (ROOT / "web").rglob("*.py"):
        assert not imports_of(path) & {"cogs", "discord", "bot"}, path.name
    assert count_between_packages()[("web", "table")] >= 1
    assert {source for source, target, _file in package_imports() if target == "web"} == {"startup"}


def test_the_counting_sees_the_known_edges():
    counts = count_between_packages()
    # The table platform builds on the rules and the store, and the game cogs on the table.
    assert counts[("table", "engines")] >= 1 and counts[("table", "db")] >= 1 and counts[("cogs", "table")] >= 1
    assert counts[("render", "engines")] >= 1
    assert not any(source in ("engines", "db", "locales") for source, _target in counts)
    assert not any(target == "web" for source, target in counts if source != "startup")
    # Only the start-up wires the Discord side in, and nothing imports the start-up.
    assert counts[("startup", "cogs")] >= 1
    assert not any(target == "startup" for _source, target in counts)


# ---- no import circle inside the table flow ----------------------------------------------------
# cogs/table's modules import one another in one direction: the presenters are handed the other
# presenters they work with (``cogs.table.flow`` builds them), so none needs to import the module
# that builds it. Imports only for the type checker (``if TYPE_CHECKING:``) count too: a circle
# there is a circle in the design.
def module_imports(folder: Path, package: str) -> dict[str, set[str]]:
    """For every module of ``package`` (the files of ``folder``): the modules of the package it
    imports, however it imports them (``import a.b``, ``from a.b import c``, ``from a import b``)."""
    modules = {f"{package}.{path.stem}": path for path in folder.glob("*.py") if path.stem != "__init__"}
    return graph_of(modules)


def graph_of(modules: dict[str, Path]) -> dict[str, set[str]]:
    """For every module (dotted name → file): the modules of ``modules`` it imports. Every import
    statement of the file counts, wherever it stands: at the top, inside a function (a lazy import
    that only dodges a circle at load time is still a circle) or under ``if TYPE_CHECKING:``."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        # What ``from . import x`` is relative to: a package's ``__init__`` is the package itself.
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in import_statements(path):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                origin = absolute(node.module, node.level, package)
                found.add(origin)
                found.update(f"{origin}.{alias.name}" if origin else alias.name for alias in node.names)
        graph[name] = {module for module in found if module in modules and module != name}
    return graph


def absolute(module: str | None, level: int, package: str) -> str:
    """The module a ``from`` import names, made absolute (``from ..a import b`` in ``p.q.r``: ``p.a``)."""
    if level == 0:
        return module or ""
    base = package.split(".")[: len(package.split(".")) - (level - 1)] if package else []
    return ".".join([*base, *([module] if module else [])])


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (as the path round it), or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return path[path.index(module) :] + [module]
        if module in done:
            return None
        for imported in sorted(graph[module]):
            circle = visit(imported, [*path, module])
            if circle:
                return circle
        done.add(module)
        return None

    for module in sorted(graph):
        circle = visit(module, [])
        if circle:
            return circle
    return None


def test_the_table_flow_has_no_import_circle():
    graph = module_imports(ROOT / "cogs" / "table", "cogs.table")
    assert "cogs.table.presenter" in graph and graph["cogs.table.flow"], "the graph sees the package"
    circle = find_circle(graph)
    assert circle is None, "import circle: " + " → ".join(circle or [])
    # The presenters' shared base imports none of the package: it is its bottom.
    assert graph["cogs.table.presenter"] == set()


def test_the_circle_finder_finds_a_circle():
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


# ---- no import circle among the rules, and one layout for every computer player ------------------
# A game's computer player that is split is three modules: the front the registry loads
# (``engines.<key>_ai``: ``choose`` by level, the pace, the budgets), the normal player
# (``engines.<key>_normal``, with easy; also the play-out policy) and the hard player on top of it
# (``engines.<key>_hard``). The imports go front → hard → normal, never back, so neither player
# needs a lazy import to load. A small game's player may stay one module (``engines.<key>_ai``
# alone: no import to go round in a circle); never half a split.
def test_the_rules_have_no_import_circle():
    graph = module_imports(ROOT / "engines", "engines")
    # The counting sees the edges that once closed circles: each hard player reads its normal one.
    assert "engines.howruck_normal" in graph["engines.howruck_hard"]
    assert "engines.duvelen_normal" in graph["engines.duvelen_hard"]
    circle = find_circle(graph)
    assert circle is None, "import circle: " + " → ".join(circle or [])


def layout_faults(graph: dict[str, set[str]], keys: list[str]) -> list[str]:
    """What breaks the computer players' layout (above) for the games ``keys``."""
    faults = []
    for key in keys:
        front, normal, hard = (f"engines.{key}_{part}" for part in ("ai", "normal", "hard"))
        if not {normal, hard} & graph.keys():
            continue  # one module plays every level
        if not {normal, hard} <= graph.keys():
            faults.append(f"{key}'s player is split in three modules, not two")
        elif not {normal, hard} <= graph[front]:
            faults.append(f"{front} dispatches to its normal and hard players")
        elif normal not in graph[hard] or front in graph[hard]:
            faults.append(f"{hard} builds on {normal} only")
        elif {front, hard} & graph[normal]:
            faults.append(f"{normal} knows neither the front nor the hard player")
    return faults


def test_every_computer_player_has_the_same_layout():
    from table.registry import GAMES

    graph = module_imports(ROOT / "engines", "engines")
    assert layout_faults(graph, [game.key for game in GAMES]) == []


def test_a_small_games_player_may_be_one_module_but_never_half_a_split():
    split = {"engines.a_ai": {"engines.a_normal", "engines.a_hard"}, "engines.a_normal": set()}
    split["engines.a_hard"] = {"engines.a_normal"}
    one = {"engines.b_ai": {"engines.b"}, "engines.b": set()}  # a sixth game's dice race (issue 46)
    half = {"engines.c_ai": {"engines.c_normal"}, "engines.c_normal": set()}
    backwards = {**split, "engines.a_normal": {"engines.a_ai"}}
    assert layout_faults({**split, **one}, ["a", "b"]) == []
    assert layout_faults(half, ["c"]) == ["c's player is split in three modules, not two"]
    assert layout_faults(backwards, ["a"]) == ["engines.a_normal knows neither the front nor the hard player"]


# ---- no import circle between the start-up and the Discord side ---------------------------------
# The bot class builds the table flow, so nothing the flow reaches may import the bot class back,
# not even for the type checker: the table's buttons are received in ``cogs.table.clicks``, an
# extension the start-up loads by name, typed against ``cogs.table.host.TableHost``.
STARTUP_SIDE = ("bot.py", "startup", "cogs")


def project_module_imports(places: tuple[str, ...]) -> dict[str, set[str]]:
    """``module_imports`` over several places at once (top-level files and packages, searched
    recursively), by dotted module name; a package's ``__init__`` counts as the package."""
    modules: dict[str, Path] = {}
    for place in places:
        target = ROOT / place
        paths = [target] if target.suffix == ".py" else sorted(target.rglob("*.py"))
        for path in paths:
            if any(part.startswith(".") or part == "node_modules" for part in path.relative_to(ROOT).parts):
                continue  # not ours: a virtual environment, the Activity's JavaScript packages
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return graph_of(modules)


def test_the_start_up_and_the_discord_side_have_no_import_circle():
    graph = project_module_imports(STARTUP_SIDE)
    # The counting sees the edges that once closed a circle: the bot class builds the flow, the
    # flow's presenters build the buttons, and the cogs type ``self.bot`` with the bot class.
    assert "cogs.table.flow" in graph["startup.client"]
    assert "cogs.table.components" in graph["cogs.table.moves"]
    assert "bot" in graph["cogs.rules"]
    circle = find_circle(graph)
    assert circle is None, "import circle: " + " → ".join(circle or [])


def test_lazy_and_type_only_imports_close_circles_too(tmp_path):
    # A circle made only of an import inside a function and one under ``if TYPE_CHECKING:``, and
    # one made of relative imports: the graph sees every one of those edges.
    files = {
        "a.py": "def late():\n    from b import thing\n",
        "b.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    import a\n",
        "p/__init__.py": "from .q import x\n",
        "p/q.py": "def late():\n    from . import r\n",
        "p/r.py": "from .q import x\nfrom .. import a\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    names = {"a": "a.py", "b": "b.py", "p": "p/__init__.py", "p.q": "p/q.py", "p.r": "p/r.py"}
    graph = graph_of({name: tmp_path / path for name, path in names.items()})
    assert graph == {"a": {"b"}, "b": {"a"}, "p": {"p.q"}, "p.q": {"p", "p.r"}, "p.r": {"p.q", "a"}}
    assert find_circle({name: graph[name] for name in ("a", "b")}) == ["a", "b", "a"]


# ---- no import circle in the web companion ------------------------------------------------------
# ``web.app`` wires the app together from ``web.state`` (what every request reads), ``web.lookups``,
# ``web.handlers``, ``web.play``, ``web.signin`` and ``web.activity``; they build on the state and
# the lookups and never import the app back, not even inside a function.
def test_the_web_companion_has_no_import_circle():
    graph = project_module_imports(("web",))
    # The counting sees the edges that once closed circles through lazy imports: the app wires the
    # player's part and the Activity in, the table page shows the player's part, the Activity
    # frames the table page, and the sign-in reads the page's language.
    assert {"web.play", "web.activity", "web.handlers", "web.signin"} <= graph["web.app"]
    assert "web.play" in graph["web.handlers"] and "web.handlers" in graph["web.activity"]
    assert "web.state" in graph["web.sessions"] and "web.state" in graph["web.signin"]
    circle = find_circle(graph)
    assert circle is None, "import circle: " + " → ".join(circle or [])
    # Only the way the app runs (inside the bot or on its own) imports the module that builds it.
    assert {module for module, imported in graph.items() if "web.app" in imported} == {"web.serve"}


# ---- no import circle anywhere in the project ---------------------------------------------------
# All of our Python is one graph (the packages, ``bot.py``, the tests, the benchmarks and the
# scripts), so a circle across packages is found as well as one inside a package, and a new
# folder is checked without anyone adding it here.
def project_places(root: Path = ROOT) -> tuple[str, ...]:
    """Every top-level Python file and every top-level folder holding Python of ours (not the
    copies in build/lib that ``pip install .`` leaves, issue 46)."""
    tops = {path.relative_to(root).parts[0] for path in project_files(".py", root)}
    return tuple(sorted(top for top in tops if not top.startswith(".")))


# Known circles, each left out by one of its edges (importer, imported) until it is untangled: the
# fake Discord's modules (tests/e2e/fake) name each other for the type checker. Each edge here is
# an ``if TYPE_CHECKING:`` import that closes a circle with the other module's real import.
KNOWN_CIRCLES = {
    # validate_message types its message; records imports walk_components from checks.
    ("tests.e2e.fake.checks", "tests.e2e.fake.records"),
    # A FakeMessage reads the world's clock, files and channels; the world makes FakeMessages.
    ("tests.e2e.fake.records", "tests.e2e.fake.world"),
    # The control API types the fake it drives; the fake adds its routes (lazily, control=True).
    ("tests.e2e.fake.control", "tests.e2e.fake.server"),
}


def test_the_whole_project_has_no_import_circle():
    places = project_places()
    assert {"bot.py", "startup", "cogs", "web", "table", "engines", "render", "db", "tests", "bench"} <= set(places)
    graph = project_module_imports(places)
    # The counting sees an edge that once closed a circle through a lazy import: the leak checks
    # read each game's declared private cards from the conformance checks.
    assert "tests.conformance" in graph["tests.fuzz.public_checks"]
    for importer, imported in KNOWN_CIRCLES:
        # An exemption whose import is gone is stale: take it out of the list.
        assert imported in graph[importer], f"{importer} no longer imports {imported}: drop it from KNOWN_CIRCLES"
        graph[importer] = graph[importer] - {imported}
    circle = find_circle(graph)
    assert circle is None, "import circle: " + " → ".join(circle or [])

"""The tests that read the source read ours only (issue 46): the README's run command
(``pip install .``) leaves copies of every module in ``build/lib/``, and ``npm ci`` fills
``node_modules/``; a retired word or an import in those copies is not the project's."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.sources import project_files
from tests.test_architecture import project_places
from tests.test_words import sources

GITIGNORE = "build/\nnode_modules/\n*.egg-info/\n.venv/\n"


def a_checkout_after_install(root: Path) -> None:
    """Our module, plus what ``pip install .`` and ``npm ci`` leave beside it."""
    (root / "engines").mkdir()
    (root / "engines" / "hindmost.py").write_text("seats = 3\n", encoding="utf-8")
    (root / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
    for left in ("build/lib/engines", "web/activity-app/node_modules/x", "tafelbot.egg-info", "dist"):
        (root / left).mkdir(parents=True)
        (root / left / "old.py").write_text("add_bot = 1\n", encoding="utf-8")


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


@pytest.fixture(params=["git checkout", "unpacked archive"])
def checkout(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    a_checkout_after_install(tmp_path)
    if request.param == "git checkout":
        git(tmp_path, "init", "-q")
        git(tmp_path, "add", "engines", ".gitignore")
        (tmp_path / "scratch.py").write_text("seats = 4\n", encoding="utf-8")  # new, not yet added
    return tmp_path


def test_only_our_files_are_read(checkout: Path):
    names = [path.relative_to(checkout).as_posix() for path in project_files(".py", checkout)]
    expected = ["engines/hindmost.py"] + (["scratch.py"] if (checkout / ".git").exists() else [])
    assert names == expected


def test_the_word_check_does_not_read_build_lib(checkout: Path):
    assert [name for name, _ in sources(checkout) if "old.py" in name] == []


def test_the_import_graph_does_not_take_build_for_a_package(checkout: Path):
    assert "build" not in project_places(checkout) and "dist" not in project_places(checkout)

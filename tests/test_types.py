"""mypy, strict on the rules (``engines/``) and the table platform (``table/``), as part of the
suite so CI runs it (settings in ``pyproject.toml``, ``[tool.mypy]``). It also checks every
registered game's modules against the plug-in protocols: ``tests/typing_contract.py`` writes that
check from the registry, and mypy reads it with the files ``pyproject.toml`` names."""

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.typing_contract import contract_source, registered

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install -e '.[test]')")
def test_engines_and_table_pass_a_strict_type_check(request):
    # The cache under pytest's own cache folder keeps later runs to a few seconds.
    cache = request.config.cache.mkdir("mypy")
    contract = request.config.cache.mkdir("typing-contract") / "registered_games_contract.py"
    contract.write_text(contract_source(registered()), encoding="utf-8")
    files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache), *files, str(contract)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found in" in done.stdout


def test_the_contract_names_every_registered_module_under_its_protocols():
    source = contract_source(registered())
    for game in registered():
        for module in (game.engine_module, game.ai_module, game.render_module):
            assert f"import {module}\n" in source
    assert "WITH_HAND: list[HandRenderer] = [render.hindmost, render.howruck, render.duvelen]" in source

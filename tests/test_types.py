"""mypy, strict on the rules (``engines/``) and the table platform (``table/``), as part of the
suite so CI runs it (settings in ``pyproject.toml``, ``[tool.mypy]``). It also checks every game's
modules against the plug-in protocols (``tests/typing_contract.py``)."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install -e '.[test]')")
def test_engines_and_table_pass_a_strict_type_check(request):
    # The cache under pytest's own cache folder keeps later runs to a few seconds.
    cache = request.config.cache.mkdir("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr

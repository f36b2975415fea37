"""The web companion ships: its package, templates and static files are in the package data, and
the container image copies it (bot.py imports it at start)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_is_installed_and_copied_into_the_image():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = [p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]]
    assert "web" in packages
    copied = set(re.findall(r"^COPY (\w+) \./\1$", (ROOT / "deploy" / "Dockerfile").read_text(), re.M))
    assert set(packages) <= copied, f"the image lacks {set(packages) - copied}"


def test_templates_and_static_files_are_package_data():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["web"]
    files = [p for p in (ROOT / "web").rglob("*") if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts]
    assert files
    for path in files:
        relative = path.relative_to(ROOT / "web")
        assert any(relative.match(pattern) for pattern in patterns), relative

"""The web companion ships: its package, templates and static files are in the package data, and
the container image copies it (bot.py imports it at start)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = "activity-app"  # the npm project the Activity's script is built from: a source, not package data


def test_every_package_is_installed_and_copied_into_the_image():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = [p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]]
    assert "web" in packages
    copied = set(re.findall(r"^COPY (\w+) \./\1$", (ROOT / "deploy" / "Dockerfile").read_text(), re.M))
    assert set(packages) <= copied, f"the image lacks {set(packages) - copied}"


def test_templates_and_static_files_are_package_data():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["web"]
    files = [
        p
        for p in (ROOT / "web").rglob("*")
        if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts and APP not in p.parts
    ]
    assert files
    for path in files:
        relative = path.relative_to(ROOT / "web")
        assert any(relative.match(pattern) for pattern in patterns), relative


def test_the_activity_bundle_is_built_into_the_package_data():
    """``npm ci --prefix web/activity-app`` (the README's commands) writes the one script the
    Activity's page loads where ``pip install .`` takes static files from."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["web"]
    assert any(Path("static/activity.js").match(pattern) for pattern in patterns)
    package = json.loads((ROOT / "web" / APP / "package.json").read_text(encoding="utf-8"))
    assert "node build.mjs" in package["scripts"]["prepare"]  # npm ci runs prepare
    assert "../static/activity.js" in (ROOT / "web" / APP / "build.mjs").read_text(encoding="utf-8")
    # No native bundler binary: the WebAssembly build only.
    assert set(package["devDependencies"]) == {"esbuild-wasm"}
    lock = json.loads((ROOT / "web" / APP / "package-lock.json").read_text(encoding="utf-8"))
    assert not [name for name in lock["packages"] if name.endswith(("/esbuild", "/rollup")) or "@esbuild/" in name]
    assert "web/static/activity.js" in (ROOT / ".gitignore").read_text(encoding="utf-8")
    docker = (ROOT / "deploy" / "Dockerfile").read_text(encoding="utf-8")
    assert f"npm ci --prefix web/{APP}" in docker

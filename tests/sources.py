"""The project's own files, for the tests that read the source (issue 46).

A checkout also holds what running it leaves behind: ``pip install .`` copies every module to
``build/lib/``, ``npm ci`` fills ``node_modules/``, and there are ``.venv``, ``dist`` and
``*.egg-info``. A test that walked the folders would judge those copies as ours (the README's two
commands run in order failed ``tests/test_words.py`` on ``build/lib``). In a git checkout git says
which files are ours (tracked, or new and not ignored, so a file not yet added is still checked);
elsewhere (an unpacked archive) the walk leaves out the folders that only builds and installs make."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Made by installing, building or running, never written by hand (see .gitignore).
BUILT = frozenset({"build", "dist", "node_modules", "__pycache__", "data", "out"})


def _from_git(root: Path) -> list[Path] | None:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=root,
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    names = [name for name in listed.decode("utf-8").split("\0") if name]
    return [root / name for name in names if (root / name).is_file()]


def _ours(path: Path, root: Path) -> bool:
    parts = path.relative_to(root).parts
    return not any(part.startswith(".") or part in BUILT or part.endswith(".egg-info") for part in parts)


def project_files(suffix: str = "", root: Path = ROOT) -> list[Path]:
    """The project's own files under ``root`` ending in ``suffix``, sorted."""
    found = _from_git(root) if (root / ".git").exists() else None
    if found is None:
        found = [path for path in root.rglob("*") if path.is_file()]
    # Git too: what an install leaves may not be in .gitignore (dist/ is not).
    return sorted(path for path in found if path.name.endswith(suffix) and _ours(path, root))

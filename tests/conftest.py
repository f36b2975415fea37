"""The two tiers of the suite: ``pytest -m "not slow"`` for day-to-day work, plain ``pytest`` (the
README's command and CI) for everything.

Whole suites are marked slow here, by folder, so a new test in them is slow without anyone
remembering a mark; single slow tests elsewhere carry ``@pytest.mark.slow`` themselves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

# The real bot against the fake Discord, and the random sessions and crashes: minutes each.
SLOW_FOLDERS = (TESTS / "e2e", TESTS / "fuzz")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.path.is_relative_to(folder) for folder in SLOW_FOLDERS):
            item.add_marker(pytest.mark.slow)

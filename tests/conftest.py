"""The two tiers of the suite: ``pytest -m "not slow"`` for day-to-day work, plain ``pytest`` (the
README's command and CI) for everything; and, at the end of a run, how much of it was held to
Discord's spec, added up over pytest-xdist's worker processes when the run has them.

Whole suites are marked slow here, by folder, so a new test in them is slow without anyone
remembering a mark; single slow tests elsewhere carry ``@pytest.mark.slow`` themselves.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

# The real bot against the fake Discord, and the random sessions and crashes: minutes each.
SLOW_FOLDERS = (TESTS / "e2e", TESTS / "fuzz")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.path.is_relative_to(folder) for folder in SLOW_FOLDERS):
            item.add_marker(pytest.mark.slow)


# ---- how much of the run was held to Discord's spec (tests.e2e.fake.openapi.Conformance) ----------
# Counted in each process that ran end-to-end tests; a pytest-xdist worker hands its counts over
# when it finishes.
FAKE = "tests.e2e.fake.openapi"
_from_workers: Counter[str] = Counter()


def _counted_here() -> Counter[str]:
    module = sys.modules.get(FAKE)  # not imported: no end-to-end test ran in this process
    return Counter(module.Conformance.TOTALS) if module is not None else Counter()


def pytest_sessionfinish(session: pytest.Session) -> None:
    handed = getattr(session.config, "workeroutput", None)  # set in a pytest-xdist worker only
    if handed is not None:
        handed["conformance"] = dict(_counted_here())


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: the controller hears a worker finish
def pytest_testnodedown(node: object, error: object) -> None:
    _from_workers.update(getattr(node, "workeroutput", {}).get("conformance", {}))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """A non-conforming body or answer failed its test already: this says how much was checked."""
    totals = _from_workers + _counted_here()
    if totals:
        terminalreporter.write_line(
            f"fake Discord, held to Discord's OpenAPI spec: {totals['requests']} request bodies "
            f"({totals['requests refused']} refused), {totals['answers']} answers "
            f"({totals['answers not conforming']} not conforming), {totals['gateway events']} gateway events "
            f"({totals['gateway events not conforming']} not conforming)"
        )

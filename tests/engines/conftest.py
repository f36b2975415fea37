"""The engines' tests decide with the work budget alone.

A computer's move is a pure function of its view, seed and work budget; only the wall-clock safety
stop (``engines.budget.SAFETY_SECONDS``, for machines far slower than the reference) can change it,
and a test machine busy with other tests is such a machine for a moment. So here it is off, as
``bench/ai_strength.py --no-safety-stop`` has it, except in the tests of the stop itself
(``@pytest.mark.safety_stop``).
"""

from __future__ import annotations

import pytest

from engines import budget as budget_module


@pytest.fixture(autouse=True)
def _work_budget_only(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("safety_stop") is None:
        monkeypatch.setattr(budget_module, "SAFETY_SECONDS", None)

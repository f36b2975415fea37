"""Every bench ends: ``give_up_after(seconds)`` stops a run that takes longer than it should.

A bench is run by hand on a quiet machine; one that waits for good (a bot that never answers, a
game that never ends) wastes the run and hides the cause. The alarm raises ``SystemExit`` in the
main thread, so ``finally`` blocks still stop bot processes and remove temporary files.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType


def give_up_after(seconds: float, what: str | None = None) -> None:
    """Stop the process with a message once ``seconds`` have passed (0: no limit)."""
    name = what or sys.argv[0].rsplit("/", 1)[-1]

    def stop(_signum: int, _frame: FrameType | None) -> None:
        raise SystemExit(f"{name}: gave up after {seconds:g} s (allow longer with --timeout)")

    if seconds > 0:
        signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, seconds)

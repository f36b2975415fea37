"""Issue 15, item 10: the crash suite, CI-sized (a few kills). ``scripts/crash.py`` runs 1,000."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.fuzz.crash import CrashRun

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

KILLS = int(os.environ.get("TAFELBOT_CRASH_KILLS", "2"))
SEED = int(os.environ.get("TAFELBOT_CRASH_SEED", "15"))


async def test_the_bot_killed_at_random_moments_loses_nothing(tmp_path):
    counts = await CrashRun(tmp_path, kills=KILLS, seed=SEED, say=print).run()
    print(f"crash: {counts}")
    assert counts.kills == KILLS
    assert counts.games_finished == counts.games
    assert counts.acknowledged > 0, "alice's moves were acknowledged, so the check had something to check"

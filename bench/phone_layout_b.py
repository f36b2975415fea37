"""The long run of the phone layout checks: many seeded games of How Ruck! and Duvelen rendered with
long names in both languages, every picture checked by ``render.layout.problems``. The test suite
runs a few seeds; this runs as many as asked and prints each problem found (none is the goal).
Run: ``python bench/phone_layout_b.py [seeds]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.limits import give_up_after  # noqa: E402
from engines.duvelen import ENGINE as DUVELEN  # noqa: E402
from engines.howruck import ENGINE as HOWRUCK  # noqa: E402
from render import duvelen, howruck  # noqa: E402
from tests.render.phone import LONG_NAMES, phone_problems  # noqa: E402
from tests.render.test_phone_duvelen import snapshots as duvelen_snapshots  # noqa: E402
from tests.render.test_phone_howruck import snapshots as howruck_snapshots  # noqa: E402


def main(seeds: int) -> None:
    checked = found = 0
    for seed in range(100, 100 + seeds):
        names = [LONG_NAMES[seed % 8], LONG_NAMES[(seed + 3) % 8]]
        for i, state in enumerate(howruck_snapshots(seed, every=4)):
            for viewer in (None, 0, 1):
                view = HOWRUCK.view(state, viewer)
                locale = ("en", "nl")[(i + seed) % 2]
                renders = [howruck.render_board] + ([howruck.render_hand] if viewer is not None else [])
                for render in renders:
                    _png, problems = phone_problems(render, view, names=names, locale=locale)
                    checked += 1
                    found += len(problems)
                    for problem in problems:
                        print(f"howruck seed {seed} state {i} viewer {viewer} {render.__name__}: {problem}")
        players = 2 + seed % 7
        for mode in ("live", "relaxed"):
            for i, state in enumerate(duvelen_snapshots(players, mode, seed, every=40)):
                view = DUVELEN.view(state, i % players)
                locale = ("en", "nl")[(i + seed) % 2]
                for render in (duvelen.render_board, duvelen.render_hand):
                    _png, problems = phone_problems(render, view, names=LONG_NAMES[:players], locale=locale)
                    checked += 1
                    found += len(problems)
                    for problem in problems:
                        print(f"duvelen seed {seed} {players}p {mode} state {i} {render.__name__}: {problem}")
    print(f"{checked} pictures checked, {found} problems")


if __name__ == "__main__":
    give_up_after(3600)
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)

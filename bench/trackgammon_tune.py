"""Tune the Trackgammon evaluation's weights by play against the normal player.

A *probe* player is a second copy of the player of its level (the working tree's
``engines/trackgammon_normal.py`` or ``engines/trackgammon_hard.py``) whose evaluation weights (or other constants) are set from ``--set NAME=VALUE``; it plays the module's
own ``normal`` player, two players with the seats alternated (or one probe among ``--players``
normal ones), on the seeded deals of ``bench/ai_strength.py``: the same ``--seed`` and ``--games``
replay the same dice, so two settings compare on identical deals. ``--level`` is the probe's
level: ``normal`` (the turn search alone, about 0.3 s of CPU a two-player game: the cheap way to
rank weights) or ``hard`` (with the reply search, about 3 s a game).

``--ascent`` runs a coordinate ascent: each named constant in turn is multiplied by each
``--factors`` value, and a change is kept when the probe's share rises by at least ``--keep``
points; the settings and shares are printed as it goes (the figures are the tuning record).

    nice -n 10 python bench/trackgammon_tune.py --games 200 --seed 101 --set block_bonus=6
    nice -n 10 python bench/trackgammon_tune.py --games 200 --seed 101 --ascent block_bonus,bury_loss
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import tuning  # noqa: E402
from engines import trackgammon_ai, trackgammon_hard, trackgammon_normal  # noqa: E402
from engines.budget import Budget  # noqa: E402
from engines.rng import derive_seed  # noqa: E402
from engines.trackgammon import ENGINE  # noqa: E402

_probes: dict[tuple[tuning.Settings, str, int], types.ModuleType] = {}
# Read once, so that editing the module while a tuning run goes on does not change the probe.
# The probe copies the player of its level: the hard one (hard's weights) or the normal one.
SOURCES = {name: (ROOT / "engines" / f"trackgammon_{name}.py").read_text() for name in ("normal", "hard")}


def _probe(settings: tuning.Settings, level: str, players: int) -> types.ModuleType:
    """The probe for these settings; its lower-case settings go to the ``Weights`` of its level
    and player count (``NORMAL_WEIGHTS``, ``HARD_WEIGHTS`` or ``HARD_MULTI_WEIGHTS``)."""
    if (settings, level, players) not in _probes:
        table = "NORMAL_WEIGHTS" if level != "hard" else "HARD_WEIGHTS" if players == 2 else "HARD_MULTI_WEIGHTS"
        source = SOURCES["hard" if level == "hard" else "normal"]
        _probes[settings, level, players] = tuning.load_probe(source, "trackgammon_probe", settings, table)
    return _probes[settings, level, players]


def play(job: tuning.Job) -> float:
    """One game; the probe's share of it (a cut-off game counts as its fair share)."""
    settings, level, seed, probe_seat, players = job
    probe = _probe(settings, level, players)
    state = ENGINE.new_game(players, seed, ENGINE.normalize_options({}))[0]
    for step in range(20000):
        outcome = ENGINE.outcome(state)
        if outcome is not None:
            return tuning.share_of(outcome.placements, probe_seat)
        seat = sorted(ENGINE.to_move(state))[0]
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        decision_seed = derive_seed(seed, step, seat)
        if seat == probe_seat:
            # What ``trackgammon_ai.choose`` does at this level, with the probe's constants.
            work = trackgammon_ai.HARD_WORK_BUDGET if level == "hard" else probe.WORK_BUDGET
            action = getattr(probe, f"choose_{level}")(view, legal, decision_seed, Budget(work))
        else:
            action = trackgammon_ai.choose(view, legal, decision_seed, None, "normal")
        state, _events = ENGINE.apply(state, seat, action)
    return 1.0 / players


def main() -> None:
    args = tuning.arguments(__doc__.splitlines()[0], games=200, keep=2.0, players=2).parse_args()

    def default(name: str) -> float:
        player = trackgammon_hard if args.level == "hard" else trackgammon_normal
        table = (
            trackgammon_hard.hard_weights(args.players) if args.level == "hard" else trackgammon_normal.NORMAL_WEIGHTS
        )
        return float(getattr(table if name.islower() else player, name))

    tuning.run(args, "trackgammon", play, default)


if __name__ == "__main__":
    main()

"""Tune Devil Take The Hindmost's evaluation by play: one probe player among normal ones.

A *probe* player is a second copy of the hard player ``engines/hindmost_hard.py`` (the working
tree's) with some of its constants set from ``--set NAME=VALUE`` (a lower-case name is a field of hard's weights at
three or more players, ``HARD_MULTI_WEIGHTS``; an upper-case one a module constant); it plays the module's own ``normal`` players, one
probe among ``--players`` seats (the probe's seat going round the table, on the multi-player deals
of ``bench/ai_strength.py``), or at two players with the seats alternated on its two-player deals.
The same ``--seed`` and ``--games`` replay the same deals, so two settings compare on identical
deals. ``--level`` is the probe's level: ``normal`` (the one-move scoring alone with hard's
weights, what hard plays wherever it does not search: a few hundredths of a second of CPU a game,
the cheap way to rank weights) or ``hard`` (about 0.7 s a game).

``--ascent`` runs a coordinate ascent: each named constant in turn is multiplied by each
``--factors`` value, and a change is kept when the probe's share rises by at least ``--keep``
points. The wall-clock safety stop is off (as ``bench/ai_strength.py --no-safety-stop``).

    nice -n 10 python bench/hindmost_tune.py --players 4 --games 3000 --seed 101 --set team_weight=0.1
    nice -n 10 python bench/hindmost_tune.py --games 3000 --ascent elimination_cost,team_weight
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import tuning  # noqa: E402
from engines import hindmost_ai, hindmost_hard  # noqa: E402
from engines.budget import Budget  # noqa: E402
from engines.hindmost import ENGINE  # noqa: E402
from engines.rng import derive_seed  # noqa: E402

# Read once, so that editing the module while a tuning run goes on does not change the probe.
SOURCE = (ROOT / "engines" / "hindmost_hard.py").read_text()
_probes: dict[tuning.Settings, types.ModuleType] = {}


def _probe(settings: tuning.Settings) -> types.ModuleType:
    """The probe for these settings (its weights are hard's at three or more players)."""
    if settings not in _probes:
        _probes[settings] = tuning.load_probe(SOURCE, "hindmost_probe", settings, "HARD_MULTI_WEIGHTS")
    return _probes[settings]


def play(job: tuning.Job) -> float:
    """One game; the probe's share of it (a shared first place splits it, a cut-off game is fair)."""
    settings, level, seed, probe_seat, players = job
    probe = _probe(settings)
    state = ENGINE.new_game(players, seed, ENGINE.normalize_options({}))[0]
    for step in range(20000):
        outcome = ENGINE.outcome(state)
        if outcome is not None:
            return tuning.share_of(outcome.placements, probe_seat)
        seat = sorted(ENGINE.to_move(state))[step % len(ENGINE.to_move(state))]
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        decision_seed = derive_seed(seed, step, seat)
        if seat != probe_seat:
            action = hindmost_ai.choose(view, legal, decision_seed, None, "normal")
        elif level == "normal":  # the normal player's choice with hard's weights
            scored = probe.ranked(view, legal, Budget(probe.WORK_BUDGET), probe.hard_weights(players))
            action = probe.best_of(scored, decision_seed)
        else:  # what ``hindmost_ai.choose`` does at ``hard``, with the probe's constants
            action = probe.choose_hard(view, legal, decision_seed, Budget(hindmost_ai.hard_work(players)))
        state, _events = ENGINE.apply(state, seat, action)
    return 1.0 / players


def main() -> None:
    args = tuning.arguments(__doc__.splitlines()[0], games=2000, keep=1.0, players=4).parse_args()

    def default(name: str) -> float:
        source = hindmost_hard.hard_weights(args.players) if name.islower() else hindmost_hard
        return float(getattr(source, name))

    tuning.run(args, "hindmost", play, default)


if __name__ == "__main__":
    main()

"""How fair How Ruck!'s team-forming race is: a person against a computer at each level and speed.

Plays the race of seeded games with the engine itself on a simulated clock: the person makes a
decision every ``--person`` seconds (a split, then Stop once their own pairs are split); the
computer waits what the bot waits before each of its actions (the table's computer speed times
``engines.levels.pause_factor``, as ``table/computers.py``) and then plays its normal choice. A race is
the person's when they call Stop before the computer does.

    python bench/race_pace.py [--races 200] [--person 2.0] [--speeds 1.5,2,2.5,3]

Prints, per level and computer speed, the share of races the person wins (the target: at least 9
in 10 against the default computer at the game's default speed). A measurement, not a test.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import howruck_ai  # noqa: E402
from engines.howruck import ENGINE, STOP  # noqa: E402
from engines.levels import LEVELS, NORMAL, pause_factor  # noqa: E402
from engines.rng import derive_seed  # noqa: E402

PERSON, COMPUTER = 0, 1


def race(seed: int, speed: float, level: str, person_every: float) -> bool:
    """Whether the person calls Stop first."""
    state = ENGINE.new_game(2, seed, ENGINE.normalize_options({}))[0]
    version = 1
    now = {PERSON: person_every, COMPUTER: speed * pause_factor(seed, version, COMPUTER, level, racing_people=True)}
    for _ in range(200):
        if state["phase"] != "forming":
            break
        movers = ENGINE.to_move(state)
        seat = min(movers, key=lambda s: now[s])
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        action = howruck_ai.choose(view, legal, derive_seed(seed, version, seat), None, NORMAL)
        if action == STOP:
            return seat == PERSON
        state = ENGINE.apply(state, seat, action)[0]
        version += 1
        if seat == PERSON:
            now[PERSON] += person_every
        else:
            now[COMPUTER] += speed * pause_factor(seed, version, COMPUTER, level, racing_people=True)
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=200)
    parser.add_argument("--person", type=float, default=2.0, help="seconds the person takes per decision")
    parser.add_argument("--speeds", default="1.5,2,2.5,3", help="computer speeds (seconds per card) to try")
    args = parser.parse_args()
    speeds = [float(s) for s in args.speeds.split(",")]
    print(f"person: one decision every {args.person:g} s; default computer speed {howruck_ai.COMPUTER_DELAY:g} s")
    print(f"{'level':8s}" + "".join(f"{f'{s:g} s':>10s}" for s in speeds))
    for level in LEVELS:
        shares = [sum(race(seed, s, level, args.person) for seed in range(args.races)) / args.races for s in speeds]
        print(f"{level:8s}" + "".join(f"{share:10.0%}" for share in shares))


if __name__ == "__main__":
    main()

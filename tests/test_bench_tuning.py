"""The tuning scripts' shared parts (bench/tuning.py): a probe is a separate copy of the hard player,
the deals are the paired ones of bench/ai_strength.py, and a shared first place splits the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import tuning
from engines import hindmost_hard

SOURCE = (Path(__file__).resolve().parent.parent / "engines" / "hindmost_hard.py").read_text()


def test_a_probe_changes_its_own_copy_only():
    probe = tuning.load_probe(
        SOURCE, "hindmost_probe_test", (("spread", 3.0), ("HARD_CANDIDATES", 5.0)), "HARD_MULTI_WEIGHTS"
    )
    assert probe.HARD_MULTI_WEIGHTS.spread == 3.0 and probe.HARD_CANDIDATES == 5
    assert isinstance(probe.HARD_CANDIDATES, int)  # the constant keeps its type
    assert hindmost_hard.HARD_MULTI_WEIGHTS.spread != 3.0 and hindmost_hard.HARD_CANDIDATES != 5


@pytest.mark.parametrize("name", ["no_such_weight", "NO_SUCH_CONSTANT"])
def test_an_unknown_setting_stops_the_run(name):
    with pytest.raises(SystemExit):
        tuning.load_probe(SOURCE, "hindmost_probe_test", ((name, 1.0),), "HARD_MULTI_WEIGHTS")


def test_two_player_deals_are_played_from_both_seats_and_others_go_round_the_table():
    two = tuning.deals("hindmost", {"spread": 3.0}, "hard", 4, 7, 2)
    assert [job[2] for job in two[:2]] == [two[0][2]] * 2 and two[0][2] != two[2][2]
    assert [job[3] for job in two] == [0, 1, 0, 1]
    four = tuning.deals("hindmost", {}, "normal", 5, 7, 4)
    assert [job[3] for job in four] == [0, 1, 2, 3, 0] and len({job[2] for job in four}) == 5
    assert two[0][0] == (("spread", 3.0),)


def test_a_shared_first_place_splits_the_game():
    assert tuning.share_of([1, 2, 1, 3], 0) == 0.5
    assert tuning.share_of([2, 1, 3, 4], 0) == 0.0
    assert tuning.share_of([1, 2], 0) == 1.0

"""bench/ai_strength.py's live pacing: computers act as the bot paces them (table/computers.py), so a
faster level acts more often, and a seat that may not act is never picked."""

from __future__ import annotations

from bench.ai_strength import PacedSeats, play_game
from engines.levels import PACE


def test_a_faster_level_acts_more_often_by_its_pace():
    paced = PacedSeats(["hard", "normal"], seed=5)
    picks = [paced.next([0, 1], version) for version in range(2000)]
    ratio = picks.count(0) / picks.count(1)
    expected = PACE["normal"] / PACE["hard"]
    assert abs(ratio - expected) < 0.05 * expected


def test_only_seats_that_may_act_are_picked():
    paced = PacedSeats(["normal"] * 3, seed=9)
    picks = [paced.next([0, 2] if version % 3 else [1], version) for version in range(300)]
    for version, seat in enumerate(picks):
        assert seat in ([0, 2] if version % 3 else [1])


def test_the_same_seed_paces_the_same():
    first, second = PacedSeats(["easy", "hard", "normal"], 3), PacedSeats(["easy", "hard", "normal"], 3)
    assert [first.next([0, 1, 2], v) for v in range(50)] == [second.next([0, 1, 2], v) for v in range(50)]


def test_a_live_duvelen_game_is_played_to_its_end():
    placements, finished, _times = play_game(("duvelen", ["hard", "normal"], 11, 20000, "main", {"mode": "live"}))
    assert finished and sorted(placements) in ([1, 2], [1, 1])

"""Turn times from the move log (issue 25, item 7): quiet hours, away time and timeouts left out."""

from table.quiet import QuietHours
from table.turn_times import median, turn_seconds

H = 3600.0


def test_turns_are_timed_from_the_entry_before_the_first_action_of_the_turn():
    log = [
        (0, "a", 0.0),  # the first turn of the game: not timed
        (1, "b", 2 * H),
        (1, "b2", 3 * H),  # the same turn goes on
        (0, "c", 4 * H),
        (1, "!timeout", 10 * H),
        (1, "d", 10 * H),  # the computer's move for seat 1: not seat 1's time
        (0, "e", 10.5 * H),
        (None, "!quiet", 11 * H),
        (1, "f", 12 * H),
        (1, "!handover", 13 * H),
        (1, "g", 14 * H),  # the computer plays the seat now
    ]
    assert turn_seconds(log, 1) == [2 * H, 1 * H]
    assert turn_seconds(log, 0) == [1 * H, 0.5 * H]
    assert median(turn_seconds(log, 0)) == 0.75 * H and median([]) is None


def test_quiet_hours_and_away_periods_do_not_count():
    night = QuietHours(0, 6 * 60, "UTC")  # midnight to six, UTC
    day = 1_800_057_600.0  # a midnight, UTC
    log = [(0, "a", day - 2 * H), (1, "b", day + 7 * H)]  # 9 h, 6 of them quiet
    assert turn_seconds(log, 1, quiet=night) == [3 * H]
    assert turn_seconds(log, 1, quiet=night, away=[(day + 6 * H, day + 6.5 * H)]) == [2.5 * H]

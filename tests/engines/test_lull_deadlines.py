"""Which phases have a lull (live play) and what its timeout does; relaxed play has none."""

import pytest

from engines.duvelen import ENGINE as DUVELEN
from engines.errors import IllegalAction
from engines.howruck import ENGINE as HOWRUCK


def test_duvelen_live_rounds_have_a_lull_relaxed_ones_use_the_time_per_move():
    live = DUVELEN.new_game(2, 1, {"mode": "live"})[0]
    relaxed = DUVELEN.new_game(2, 1, {"mode": "relaxed"})[0]
    assert DUVELEN.deadline(live).lull
    relaxed_deadline = DUVELEN.deadline(relaxed)
    assert not relaxed_deadline.lull and relaxed_deadline.owing == DUVELEN.to_move(relaxed)


def test_how_ruck_team_forming_is_live_and_its_timeout_finishes_the_split_as_dealt():
    state, _ = HOWRUCK.new_game(2, 5, {})
    assert HOWRUCK.deadline(state).lull
    # Seat 1 is ahead by two splits when the race stalls.
    for _ in range(2):
        state, _ = HOWRUCK.apply(state, 1, HOWRUCK.legal_actions(state, 1)[0])
    final, events = HOWRUCK.timeout(state)
    assert events[0] == {"type": "forming-timeout"}
    stops = [e for e in events if e["type"] in ("stop", "stop-tie")]
    assert [(e["type"], e["seat"]) for e in stops] == [("stop", 1)]  # whoever was ahead, no tie
    assert HOWRUCK.view(final, None)["phase"] == "tug"
    assert not HOWRUCK.deadline(final).lull
    # The same state always times out the same way (a replay needs only the log).
    assert HOWRUCK.dump(HOWRUCK.timeout(state)[0]) == HOWRUCK.dump(final)
    with pytest.raises(IllegalAction):
        HOWRUCK.timeout(final)


def test_how_ruck_timeout_events_show_no_cards():
    state, _ = HOWRUCK.new_game(2, 9, {})
    _, events = HOWRUCK.timeout(state)
    for event in events:
        assert not any(k.startswith(("card", "value", "colour")) for k in event), event

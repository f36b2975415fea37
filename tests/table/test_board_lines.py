"""A board's lines read short: the same line over and over once with its count, and past the limit
the oldest go, never the newest (where the scores and the result stand)."""

from table.text import collapsed, event_lines


def test_a_run_of_the_same_line_is_one_line_with_its_count():
    lines = ["Ann turns 3 cards", "Ann turns 3 cards", "Bob plays", "Ann turns 3 cards", "Ann turns 3 cards"]
    assert collapsed(lines) == ["Ann turns 3 cards ×2", "Bob plays", "Ann turns 3 cards ×2"]
    assert collapsed([]) == []


def test_past_the_limit_the_oldest_lines_go_and_the_last_ones_stay(monkeypatch):
    events = [{"type": "took", "seat": 0, "n": n, "left": 20 - n} for n in range(1, 16)]

    def line(lang, game, event, seats, formatter, name_of):
        return f"took {event['n']}"

    monkeypatch.setattr("table.text.event_line", line)
    lines = event_lines("en", "nim", events, [], limit=12)
    assert len(lines) == 12 and lines[0] == "…"
    assert lines[1:] == [f"took {n}" for n in range(5, 16)], "the newest eleven, in order"

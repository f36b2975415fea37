"""Reading "away until ..." texts (a fake moment: Wednesday 2027-01-13 10:00 UTC)."""

from datetime import UTC, datetime

from table.until import parse_until

NOW = datetime(2027, 1, 13, 10, 0, tzinfo=UTC).timestamp()


def test_weekdays_in_english_and_dutch_mean_the_start_of_the_next_such_day():
    friday = datetime(2027, 1, 15, tzinfo=UTC).timestamp()
    assert parse_until("Friday", NOW) == friday
    assert parse_until("until vrijdag", NOW) == friday
    assert parse_until("wednesday", NOW) == datetime(2027, 1, 20, tzinfo=UTC).timestamp()


def test_amounts_and_dates():
    assert parse_until("3 days", NOW) == NOW + 3 * 86400
    assert parse_until("12u", NOW) == NOW + 12 * 3600
    assert parse_until("2027-02-01", NOW) == datetime(2027, 2, 1, tzinfo=UTC).timestamp()


def test_nonsense_and_the_past_are_refused():
    assert parse_until("someday", NOW) is None
    assert parse_until("2020-01-01", NOW) is None
    assert parse_until("3 parsecs", NOW) is None

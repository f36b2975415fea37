"""Quiet hours: a person's daily window, in their own time zone, when the bot neither pings nor
sends them direct messages (what would have gone out then is held until the window ends, once),
and, on tables that ask for it, their time per move stands still.

The window is two wall-clock times ("23:00" to "08:00") and an IANA time zone name read with the
standard library's ``zoneinfo`` (the ``tzdata`` package brings the zone data where the system has
none). A window may run across midnight. Each day's window is placed on that day's own clock, so a
daylight-saving change moves it with the local time: the window from 23:00 to 08:00 lasts ten
hours in the night the clocks go back. Pure functions of the time given; the time comes from the
table's ``table.clock.Clock``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

DAY_MINUTES = 24 * 60
MAX_CHOICES = 25  # Discord's limit for autocomplete choices
_HHMM = re.compile(r"^\s*(\d{1,2})(?:[:.h](\d{2}))?\s*$")


@dataclass(frozen=True)
class QuietHours:
    start: int  # minutes after local midnight
    end: int  # minutes after local midnight; before ``start``: the window runs across midnight
    zone: str  # IANA name

    @property
    def tz(self) -> ZoneInfo:
        return zone_info(self.zone)

    def windows(self, after: float, until: float) -> Iterator[tuple[float, float]]:
        """The windows (start, end) as timestamps that end after ``after`` and start before ``until``,
        in order."""
        tz = self.tz
        day = datetime.fromtimestamp(after, tz).date() - timedelta(days=1)
        while True:
            start = _at(day, self.start, tz)
            end_day = day + timedelta(days=1) if self.end <= self.start else day
            end = _at(end_day, self.end, tz)
            if start >= until:
                return
            if end > after:
                yield start, end
            day += timedelta(days=1)

    def contains(self, moment: float) -> bool:
        return any(start <= moment < end for start, end in self.windows(moment, moment + 1))

    def ends(self, moment: float) -> float | None:
        """When the window ``moment`` falls in ends (None outside the window)."""
        for start, end in self.windows(moment, moment + 1):
            if start <= moment < end:
                return end
        return None

    def overlap(self, begin: float, finish: float) -> float:
        """Seconds of ``begin``..``finish`` that fall within the windows."""
        if finish <= begin:
            return 0.0
        return sum(min(end, finish) - max(start, begin) for start, end in self.windows(begin, finish))

    def after_active(self, begin: float, seconds: float) -> float:
        """The moment when ``seconds`` outside the windows have passed since ``begin`` (a move deadline
        that stands still during quiet hours)."""
        moment, left = begin, seconds
        while True:
            start, end = next(self.windows(moment, float("inf")))  # the next window not over yet
            if start > moment:
                if left <= start - moment:
                    return moment + left
                left -= start - moment
            moment = end


def _at(day: date, minutes: int, tz: ZoneInfo) -> float:
    if minutes >= DAY_MINUTES:
        day, minutes = day + timedelta(days=1), minutes - DAY_MINUTES
    return datetime.combine(day, time(minutes // 60, minutes % 60), tz).timestamp()


@cache
def zone_info(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def known_zone(name: str) -> str | None:
    """The IANA zone ``name`` as spelled in the database (any case), or None if there is none."""
    name = name.strip()
    if name in _zones():
        return name
    return _zones_by_lower().get(name.lower())


@cache
def _zones() -> frozenset[str]:
    found = set()
    for name in available_timezones():
        try:
            zone_info(name)
        except (ZoneInfoNotFoundError, ValueError):
            continue
        found.add(name)
    return frozenset(found)


@cache
def _zones_by_lower() -> dict[str, str]:
    return {name.lower(): name for name in _zones()}


@cache
def _sorted_zones() -> tuple[str, ...]:
    # Region/City names first (what people look for), the legacy and abbreviated ones after.
    return tuple(sorted(_zones(), key=lambda z: ("/" not in z or z.startswith(("Etc/", "SystemV/")), z)))


def zone_choices(typed: str, limit: int = MAX_CHOICES) -> list[str]:
    """Zones for an autocomplete: those starting with what was typed (or its part after a "/"),
    then those containing it; at most ``limit`` (Discord takes 25)."""
    needle = typed.strip().lower().replace(" ", "_")
    if not needle:
        return list(_sorted_zones()[:limit])
    starts = [z for z in _sorted_zones() if z.lower().startswith(needle) or z.lower().split("/")[-1].startswith(needle)]
    inside = [z for z in _sorted_zones() if needle in z.lower() and z not in starts]
    return (starts + inside)[:limit]


def parse_time_of_day(text: str) -> int | None:
    """ "23:00", "8:30", "7", "07.15", "22h30" as minutes after midnight; None if it is none."""
    found = _HHMM.match(text)
    if found is None:
        return None
    hours, minutes = int(found.group(1)), int(found.group(2) or 0)
    if hours > 24 or minutes > 59 or (hours == 24 and minutes):
        return None
    return (hours * 60 + minutes) % DAY_MINUTES


def time_of_day(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def of_person(start: int | None, end: int | None, zone: str | None) -> QuietHours | None:
    """A person's stored quiet hours, if they set any that still make sense."""
    if start is None or end is None or not zone or start == end or known_zone(zone) != zone:
        return None
    return QuietHours(start, end, zone)

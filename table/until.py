"""Reading "away until friday" / "3 days" / "12h" / "2026-12-24" into a moment (UTC). Pure."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

WEEKDAYS = {
    "monday": 0, "maandag": 0, "mon": 0, "ma": 0,
    "tuesday": 1, "dinsdag": 1, "tue": 1, "di": 1,
    "wednesday": 2, "woensdag": 2, "wed": 2, "wo": 2,
    "thursday": 3, "donderdag": 3, "thu": 3, "do": 3,
    "friday": 4, "vrijdag": 4, "fri": 4, "vr": 4,
    "saturday": 5, "zaterdag": 5, "sat": 5, "za": 5,
    "sunday": 6, "zondag": 6, "sun": 6, "zo": 6,
}  # fmt: skip
UNITS = {
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "minuut": 60, "minuten": 60,
    "h": 3600, "u": 3600, "hour": 3600, "hours": 3600, "uur": 3600, "uren": 3600,
    "d": 86400, "day": 86400, "days": 86400, "dag": 86400, "dagen": 86400,
    "w": 604800, "week": 604800, "weeks": 604800, "weken": 604800,
}  # fmt: skip
_AMOUNT = re.compile(r"^(\d+)\s*([a-z]+)$")


def parse_until(text: str, now: float) -> float | None:
    """The moment meant, or None if the text is not understood. A weekday means the start of the
    next such day (today's name means a week from today); a date means the start of that day."""
    words = text.strip().lower().removeprefix("until ").removeprefix("tot ").strip()
    moment = datetime.fromtimestamp(now, UTC)
    if words in WEEKDAYS:
        days = (WEEKDAYS[words] - moment.weekday()) % 7 or 7
        day = (moment + timedelta(days=days)).replace(hour=0, minute=0, second=0, microsecond=0)
        return day.timestamp()
    found = _AMOUNT.match(words)
    if found and found[2] in UNITS:
        return now + int(found[1]) * UNITS[found[2]]
    try:
        day = datetime.strptime(words, "%Y-%m-%d").replace(tzinfo=UTC)
    except ValueError:
        return None
    return day.timestamp() if day.timestamp() > now else None


def shown(moment: float) -> str:
    """A moment for messages: Discord shows ``<t:…:f>`` in each reader's own time zone."""
    return f"<t:{int(moment)}:f>"

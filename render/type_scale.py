"""The type scale every picture draws its text at, chosen for a phone.

Discord shows a picture about 400 px wide on a phone, so what a size reads like depends on the
width it is drawn on: 28 px on a 1280 px picture is 7 px capitals there, the smallest that reads
(``min_text``). The boards are 1080 to 1200 px wide, so their steps start at 24 px.
"""

from __future__ import annotations

SMALL = 24  # the smallest text on a board: min_text(1080)
TEXT = 28  # running text: lines, captions, counts
NAME = 30  # a player's name beside their seat
BIG = 34  # a panel's heading
TITLE = 36  # a picture's title


def min_text(width: int) -> int:
    """The smallest font size on a picture ``width`` pixels wide: 7 px cap height at 400 px."""
    return -(-width * 28 // 1280)

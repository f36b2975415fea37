"""Shared checks for pictures read on a phone: text inside its box, no overlaps, nothing too small."""

from __future__ import annotations

from render.layout import picture_size, problems, recording

# Names that strain a layout: 32 wide letters, accents and emoji, long Dutch words.
LONG_NAMES = [
    "W" * 32,
    "Ëmma 😀 van der Wijngaarden-Groot",
    "Zoë-Françoise Østergård 🦜🦜 MMMM",
    "Bartholomeus Maximiliaan Wolff 1",
    "MWMWMWMWMWMWMWMWMWMWMWMWMWMWMWMW",
    "Jörg 🎲 Brandenburg-Hohenzollern",
    "Ann",
    "Wilhelmina Koningin Wonderwereld",
]


def phone_problems(render, *args, **kwargs) -> tuple[bytes, list[str]]:
    """Render once while recording text placements; the PNG and every layout problem."""
    with recording() as placed:
        png = render(*args, **kwargs)
    return png, problems(placed, picture_size(png))


def min_piece(width: int) -> float:
    """The smallest piece (card index, barrel, counter) allowed: 40 px on a 1280 px-wide picture."""
    return 40 * width / 1280

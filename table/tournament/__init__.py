"""Tournaments without Discord: pairings (Swiss, knockout, round robin), standings and the
service that runs rounds by itself (``table.tournament.service``).

The pairing and standings modules are pure functions of plain data (players as Discord user ids,
past tables and results), so they are tested over random fields without a database or a clock.
"""

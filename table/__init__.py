"""The table platform without Discord: the game registry, the table service (lobby, moves,
resignations, results), deadlines and what happens when they pass (``deadlines``, ``timeouts``,
on the time source of ``clock``), computer players, the picture workers, replays, the table and
server settings, and the event texts.

``cogs/`` adapts it to Discord; nothing here imports discord.py.
"""

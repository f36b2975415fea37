"""The table platform without Discord: the game registry, the table service (lobby, moves,
resignations, results), computer players, the picture workers and the event texts.

``cogs/`` adapts it to Discord; nothing here imports discord.py.
"""

"""discord.py layer: one thin GroupCog per game on top of the shared table flow (``cogs.table``)."""

"""discord.py layer: one thin GroupCog per game on top of the shared table flow (``cogs.table``),
the commands across games (``/table``, ``/league``, ``/rules``, ``/replay``, ``/help``), the Dutch
command texts (``translator``) and the pacing under Discord's global rate limit (``pacing``)."""

"""Start-up of the bot process: configuration, logging, the bot class and the command line.

The top of the layering: it may import every package (it wires them together), and only the
entry point ``bot.py`` imports it; the cogs are loaded as extensions by name.
"""

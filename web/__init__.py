"""The web companion: read-only pages of tables, replays and a server's league, in the browser.

``web.config`` reads the settings (and nothing else is imported until the web is on);
``web.app`` builds the aiohttp application from ``web.state`` (what every request reads),
``web.lookups`` (a table's address checked), ``web.handlers`` (the pages) and ``web.play``,
``web.signin`` and ``web.activity``; ``web.pages`` is what the pages show, ``web.watchers`` who
follows which game, ``web.limits`` the per-address limits and ``web.serve`` how it runs (inside the
bot, or as ``tafelbot web``). No module of the package imports one that imports it back
(``tests/test_architecture.py``). It builds on the table platform, the store and the renderers
only; never on the Discord side (``cogs``).
"""

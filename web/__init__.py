"""The web companion: read-only pages of tables, replays and a server's league, in the browser.

``web.config`` reads the settings (and nothing else is imported until the web is on);
``web.app`` is the aiohttp application, ``web.pages`` what the pages show, ``web.watchers`` who
follows which game, ``web.limits`` the per-address limits and ``web.serve`` how it runs (inside the
bot, or as ``tafelbot web``). It builds on the table platform, the store and the renderers only;
never on the Discord side (``cogs``).
"""

## /help (cogs/help.py)

help-title = Tafelbot commands
help-intro = Open a table with a game's `new`; the buttons under the boards do the rest. Only you see this list.
help-game-placeholder = game
help-every-game = Every game has
help-nothing-else = (nothing more)
help-general = General

## /help (cogs/help.py)

help-title = Tafelbot-commando's
help-intro = Open een tafel met `nieuw` van een spel; de knoppen onder de borden doen de rest. Alleen jij ziet deze lijst.
help-game-placeholder = spel
help-every-game = Elk spel heeft
help-nothing-else = (verder niets)
help-general = Algemeen

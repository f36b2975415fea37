## Dutch names and descriptions of the table options and the general commands added with them.

# Options every game's `new` has (cogs/table/table_options.py)
cmd-param-language = taal
cmd-param-desc-new-language = Taal van het openbare bord en de regels erbij (standaard: jouw Discord-taal)

# /replay
cmd-name-replay = herhaling
cmd-desc-replay = Bekijk een afgelopen spel nog eens als bewegend plaatje
cmd-param-game_id = spelnummer
cmd-param-desc-replay-game_id = Het nummer van het spel (standaard: het laatst afgelopen spel in dit kanaal)

# /help
cmd-name-help = hulp
cmd-desc-help = Alle commando's van alle spellen (alleen jij ziet het)

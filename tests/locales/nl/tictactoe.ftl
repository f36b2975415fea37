## Boter-kaas-en-eieren, het korte spel van de tests (Nederlands)

tictactoe-name = Boter-kaas-en-eieren
tictactoe-rules = **Boter-kaas-en-eieren**: 2 spelers zetten om de beurt hun teken in een vrij vak van een rooster van 3×3. Drie op een rij, kolom of diagonaal wint; een vol rooster zonder is gelijkspel.

## Gebeurtenissen
tictactoe-event-marked = { $seat } zette een teken in vak { $cell }.
tictactoe-event-won = { $seat } heeft drie op een rij en wint.
tictactoe-event-draw = Het rooster is vol: gelijkspel.

## Fouten
tictactoe-error-players = Boter-kaas-en-eieren is voor 2 spelers.

## Commando's (discord.py's Translator: het Engels staat in de cog)
cmd-name-tictactoe = tictactoe
cmd-group-tictactoe = Boter-kaas-en-eieren: drie op een rij

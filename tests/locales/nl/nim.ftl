## Nim, het speelgoedspel van de tests (Nederlands)

nim-name = Nim
nim-rules = **Nim**: 2–3 spelers nemen om de beurt 1, 2 of 3 fiches van één stapel. Wie het laatste fiche neemt, wint.

## Gebeurtenissen
nim-event-took = { $seat } nam er { $n } ({ $left } over).
nim-event-won = { $seat } nam het laatste fiche en wint.

## Fouten
nim-error-bad-pile = De stapel moet 1 tot 50 fiches hebben.
nim-error-players = Nim is voor 2 of 3 spelers.

## Opties in de lobby
nim-option-pile = Fiches

## Commando's (discord.py's Translator: het Engels staat in de cog)
cmd-group-nim = Nim: neem het laatste fiche
cmd-param-pile = stapel
cmd-param-desc-new-pile = Fiches op de stapel (1-50)

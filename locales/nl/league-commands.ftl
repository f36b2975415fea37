## Dutch names and descriptions of /league (English is the source text in cogs/league.py).
## Ids follow cogs/translator.py; cmd-param-game ("spel") and cmd-name-new ("nieuw") are shared
## with the game commands in commands.ftl.

cmd-name-league = competitie
cmd-group-league = De competitie van deze server: stand, ratings en seizoenen
cmd-name-standings = stand
cmd-desc-standings = De stand van de competitie (top 10 en je eigen regel)
cmd-param-desc-standings-game = Eén spel (standaard: alle spellen)
cmd-param-season = seizoen
cmd-param-desc-standings-season = Nummer van het seizoen (standaard: het huidige)
cmd-name-profile = profiel
cmd-desc-profile = Wat een speler per spel in de competitie deed
cmd-param-member = lid
cmd-param-desc-profile-member = Van wie (standaard: van jou)
cmd-name-history = geschiedenis
cmd-desc-history = De laatste spellen op deze server, met links naar hun tafels
cmd-param-desc-history-game = Eén spel (standaard: alle spellen)
cmd-name-season = seizoen
cmd-group-season = De seizoenen van de competitie
# /league season new: "new" shares cmd-desc-new with every game; cogs/league.py reads this id instead.
cmd-desc-season-new = Begin een nieuw seizoen (Server beheren)
cmd-name-list = lijst
cmd-desc-list = Alle seizoenen van de competitie van deze server
# /league settings: "settings" is /table's too (time.ftl); cogs/translator.py reads this id instead.
cmd-desc-league-settings = Of ratings meegaan naar een nieuw seizoen (Server beheren)
cmd-param-ratings = ratings
cmd-param-desc-settings-ratings = Ratings meenemen naar nieuwe seizoenen, of opnieuw beginnen
cmd-choice-carry = meenemen
cmd-choice-reset = opnieuw beginnen

## Dutch names and descriptions of /tournament (English is the source text in cogs/tournament.py).
## cmd-name-new, -start, -cancel, -leave, -standings, -history and cmd-param-game, -member
## are shared with other commands; the descriptions are this group's own (cmd-desc-tournament-*), and
## so is the name of `mine` (cmd-name-tournament-mine: your one game, not all your games).

cmd-name-tournament = toernooi
cmd-group-tournament = Toernooien die de bot zelf leidt
cmd-desc-tournament-new = Open een toernooi met een aanmeldbericht (organisatoren)
cmd-desc-tournament-start = Start het toernooi nu (organisatoren)
cmd-name-pause = pauze
cmd-desc-tournament-pause = Pauzeer het toernooi, of ga verder (organisatoren)
cmd-name-remove = verwijderen
cmd-desc-tournament-remove = Haal een speler uit het toernooi (organisatoren)
cmd-desc-tournament-cancel = Breek het toernooi af (organisatoren)
cmd-name-organisers = organisatoren
cmd-desc-tournament-organisers = Laat een rol toernooien organiseren (Server beheren)
cmd-desc-tournament-leave = Verlaat het toernooi (geen indelingen meer)
cmd-desc-tournament-standings = De stand van het toernooi (alleen jij ziet hem)
cmd-name-tournament-mine = mijn-partij
cmd-desc-tournament-mine = Je partij in de huidige ronde (alleen jij ziet hem)
cmd-desc-tournament-history = Eerdere toernooien van deze server en hun winnaars
cmd-param-desc-new-game = Het spel dat gespeeld wordt
cmd-param-format = vorm
cmd-param-desc-new-format = Zwitsers systeem, knock-out of iedereen tegen iedereen
cmd-param-name = naam
cmd-param-desc-new-name = De naam van het toernooi
cmd-param-swiss_rounds = zwitserse-rondes
cmd-param-desc-new-swiss_rounds = Rondes bij het Zwitsers systeem (standaard: genoeg voor een winnaar)
cmd-param-table_players = spelers-per-tafel
cmd-param-desc-new-table_players = Spelers per tafel, voor spellen met meer dan twee
cmd-param-move_time = zettijd
cmd-param-desc-new-move_time = Tijd per zet (standaard: de instelling van de server)
cmd-param-round_hours = uren-per-ronde
cmd-param-desc-new-round_hours = Uren per ronde; daarna eindigen partijen met de stand (standaard 72)
cmd-param-start_in_hours = uren-tot-start
cmd-param-desc-new-start_in_hours = Begin vanzelf na zoveel uur (standaard: als de organisator start)
cmd-param-game_options = spelopties
cmd-param-desc-new-game_options = De opties van het spel, als "naam=waarde, naam=waarde"
cmd-param-desc-remove-member = Wie eruit gaat (geen indelingen meer)
cmd-param-role = rol
cmd-param-desc-organisers-role = De rol (leeg: alleen Server beheren)
cmd-choice-swiss = Zwitsers systeem
cmd-choice-knockout = knock-out
cmd-choice-round-robin = iedereen tegen iedereen

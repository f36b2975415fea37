## De webpagina's (web/): de pagina's, en de knoppen en instellingen ervan in Discord.

# Knoppen onder berichten in Discord
web-watch = Bekijken
web-replay-button = Herhaling in de browser
web-server-button = Serverpagina

# /table settings
settings-web-page = Serverpagina op het web: { $value }
settings-web-off = De webpagina's zijn op deze bot niet ingesteld (de beheerder zet TAFELBOT_WEB_URL).
settings-web-rotated = Nieuwe tafeladressen gemaakt: de oude links werken niet meer.

# Pagina's
web-skip = Naar de tafel
web-language = Taal
web-lang-en = English
web-lang-nl = Nederlands
web-footer = Alleen meekijken: hier kun je niets aan het spel veranderen. Handen worden nooit getoond.
web-table-title = { $game }, tafel { $id }
web-lobby = De tafel is nog niet begonnen.
web-cancelled = Deze tafel is afgebroken.
web-finished = Deze tafel is uitgespeeld.
web-turn = { $count ->
    [one] Aan zet: { $players }
   *[other] Aan zet (allemaal tegelijk): { $players }
}
web-left = nog { $left }
web-alt-board = Bord van { $game }
web-players = Spelers
web-player = Speler
web-place = Plaats
web-score = Score
web-to-move = aan zet
web-computer = computer, { $level }
web-resigned = opgegeven
web-last-lines = Laatste zetten
web-replay-link = { $steps ->
    [one] Herhaling (1 zet)
   *[other] Herhaling ({ $steps } zetten)
}
web-discord-link = Openen in Discord
web-replay-title = Herhaling van { $game }, tafel { $id }
web-replay-step = Zet { $step } van { $total }
web-replay-opening = De tafel bij het begin van het spel.
web-replay-controls = Bediening van de herhaling
web-replay-first = Begin
web-replay-prev = Eén zet terug
web-replay-next = Eén zet verder
web-replay-last = Einde
web-replay-slider = Zet
web-replay-keys = Toetsen: ← en → stappen, Home en End springen naar het begin en het einde.
web-replay-all = Alle zetten
web-back-to-table = Terug naar de tafel
web-server-title = Tafels en competitie van deze server
web-server-running = Lopende tafels
web-server-table = { $game }, tafel { $id }
web-server-turn = Aan zet: { $players }
web-server-none = Er lopen geen tafels.
web-server-league = Competitiestand
web-server-no-league = Dit seizoen is nog geen spel voor de competitie afgelopen.
web-played = Gespeeld
web-wins = Gewonnen
web-rating = Rating
web-not-found-title = Niet gevonden
web-not-found = Op dit adres is geen tafel. De link is misschien oud: vraag in Discord een nieuwe.
web-live-paused = Live bijwerken staat even stil; we proberen het opnieuw…
web-too-many = Te veel verzoeken tegelijk; probeer het zo nog eens.

# /table settings: the Dutch names and descriptions of its web options
cmd-param-web_page = webpagina
cmd-param-desc-settings-web_page = Toon de lopende tafels en de competitie van deze server op het web
cmd-param-web_new_links = nieuwe-links
cmd-param-desc-settings-web_new_links = Nieuwe adressen voor de webpagina's van deze server: oude links werken niet meer

# A seated player's own part of the table page (signed in with Discord)
web-play-title = Jouw hand en zetten
web-play-moves = Jouw zetten
web-play-plans = Hele beurt in één keer
web-play-board-moved-on = Het bord was al veranderd toen je zet aankwam. Hieronder staan de zetten die je nu hebt.
web-play-taken-back = Teruggenomen. Je beurt gaat verder.
web-footer-player = Je bent ingelogd: je hand en zetten zie alleen jij.
web-sign-in = Inloggen met Discord
web-sign-out = Uitloggen
web-signed-in-as = Ingelogd als { $name }
web-sign-in-first = Log in met Discord om op deze pagina te spelen.
web-refused-origin = Dit verzoek kwam niet van de pagina's van deze site; er is niets veranderd.
web-refused-csrf = Deze pagina is verouderd (het beveiligingstoken ontbreekt of klopt niet); laad hem opnieuw en probeer het nog eens.
web-too-many-changes = Te veel zetten tegelijk; wacht even en probeer het opnieuw.
web-sign-in-failed = Inloggen met Discord is niet gelukt; er is niets veranderd. Probeer het opnieuw vanaf de pagina van de tafel.
web-sign-in-refused = Je hebt Discord geen toestemming gegeven; je bent niet ingelogd.
web-mine-title = Jouw tafels
web-mine-link = Mijn tafels
web-mine-none = Je zit nu aan geen enkele lopende tafel.
web-mine-signed-out = Log in met Discord om de tafels te zien waar je speelt, in elke server.
web-mine-your-move = Jij bent aan zet
web-log-broken = De zetten van deze tafel kunnen niet meer worden afgespeeld: deze pagina toont het spel zoals het er nu voor staat, zonder de nieuwste regels en stappen van de herhaling.
web-taps-pick = Welke zet?
web-taps-cancel = Annuleren
web-taps-selected = gekozen
web-board-zoom = Bord vergroten
web-board-fit = Bord aan scherm aanpassen

# De ladder die meereist (/ladder): ratings met andere servers
web-ladder-title = Ratings met andere servers
web-ladder-intro = De ratings van elk spel uit tafels met andere servers (/cross wachtrij in Discord). Een rating met een vraagteken is voorlopig: minder dan vijf spellen. Wie een neutrale naam koos, staat er zonder naam.
web-ladder-none = Er is nog geen tafel met andere servers afgelopen.

## Toernooien (cogs/tournament.py, table/tournament/, render/tournament.py).

tournament-default-name = { $game }-toernooi
tournament-format-swiss = Zwitsers systeem
tournament-format-knockout = knock-out
tournament-format-round-robin = iedereen tegen iedereen
tournament-button-join = Meedoen
tournament-button-leave = Verlaten

tournament-signup-game = Spel: { $game }
tournament-signup-format = Vorm: { $format }
tournament-signup-table = Spelers per tafel: { $n }
tournament-signup-rounds = Rondes: { $n }
tournament-signup-round-time = Tijd per ronde: { $time }
tournament-signup-move-time = Tijd per zet: { $time }
tournament-signup-options = Opties: { $options }
tournament-signup-starts = Begint: { $when }
tournament-signup-organiser = Organisator: { $organiser }
tournament-signup-players = Aangemeld ({ $count })
tournament-signup-footer-signup = Toernooi #{ $number } · druk op Meedoen om mee te spelen; de organisator start het met /toernooi start.
tournament-signup-footer-running = Toernooi #{ $number } · bezig: /toernooi mijn-partij toont je partij.
tournament-signup-footer-paused = Toernooi #{ $number } · gepauzeerd door de organisator.
tournament-signup-footer-finished = Toernooi #{ $number } · afgelopen.
tournament-signup-footer-cancelled = Toernooi #{ $number } · afgebroken.

tournament-thread = { $name } · ronde { $round } · tafel { $table }
tournament-round = Ronde { $n }
tournament-round-title = **{ $name }: ronde { $n }**
tournament-round-table = Tafel { $number }: { $players } { $link }
tournament-round-table-waiting = (nog niet open)
tournament-round-table-unplayed = (nooit geopend: telt voor niemand)
tournament-round-bye = Vrij (telt als winst): { $player }
tournament-round-deadline = De ronde eindigt { $when }; partijen die dan nog lopen eindigen met de stand van dat moment.
tournament-finished = 🏆 **{ $name }** is afgelopen. Het podium:
tournament-podium-line = { $medal } { $player }: { $points ->
    [one] { $points } punt
   *[other] { $points } punten
}
tournament-cancelled = Het toernooi **{ $name }** is afgebroken.
tournament-table-not-opened = Tafel { $number } van ronde { $round } ({ $players }) kon niet worden geopend:
tournament-table-retry = Ik probeer het { $minutes ->
        [one] elke minuut
       *[other] elke { $minutes } minuten
    } opnieuw tot de deadline van de ronde. Een tafel die nooit geopend wordt, telt voor niemand: niemand krijgt punten.
tournament-table-unplayed = Tafel { $number } van ronde { $round } ({ $players }) is voor de deadline van de ronde nooit geopend: die telt voor niemand; niemand krijgt punten.

tournament-standings-title = { $name }: stand
tournament-standings-sub = { $game } · { $format } · na ronde { $n }
tournament-col-player = Speler
tournament-col-points = Pnt
tournament-col-games = Partijen
tournament-col-buchholz = Buch.
tournament-col-sonneborn = S-B
tournament-col-score = Score
tournament-picture-empty = Nog niemand aangemeld.
tournament-alt-line = { $position }. { $player }: { $points ->
    [one] { $points } punt
   *[other] { $points } punten
} uit { $games ->
    [one] { $games } partij
   *[other] { $games } partijen
}{ $byes ->
    [0] { "" }
    [one] { " " }en { $byes } vrije ronde
   *[other] { " " }en { $byes } vrije rondes
}

tournament-started-ok = Het toernooi is begonnen: de eerste ronde is ingedeeld.
tournament-paused = Het toernooi is gepauzeerd: partijen spelen door, maar er wordt geen nieuwe ronde ingedeeld en de deadline van de ronde wacht.
tournament-resumed = Het toernooi gaat verder.
tournament-cancelled-ok = Het toernooi is afgebroken. Lopende partijen spelen door als gewone partijen.
tournament-removed = { $player } doet niet meer mee aan het toernooi (geen indelingen meer).
tournament-left = Je doet niet meer mee aan het toernooi: geen indelingen meer. Een partij die je nu speelt gaat door.
tournament-organisers-role = Leden met { $role } mogen nu toernooien organiseren (naast Server beheren).
tournament-organisers-none = Alleen leden met Server beheren mogen toernooien organiseren.

tournament-mine-not-in = Je doet niet mee aan dit toernooi.
tournament-mine-dropped = Je hebt dit toernooi verlaten.
tournament-mine-signed-up = Je bent aangemeld; het toernooi is nog niet begonnen.
tournament-mine-out = Je bent uitgeschakeld of deze ronde niet ingedeeld.
tournament-mine-bye = Je bent vrij in ronde { $n } (telt als winst).
tournament-mine-done = Je partij van ronde { $n } is klaar; de volgende ronde begint als alle tafels klaar zijn.
tournament-mine-game = Je partij van ronde { $n }: { $link }

tournament-history-title = Eerdere toernooien
tournament-history-line = #{ $number } **{ $name }** ({ $game }, { $format }): { $winner }
tournament-history-no-winner = geen winnaar
tournament-history-none = Deze server heeft nog geen afgeronde toernooien.

decided-at-deadline = De deadline van de ronde is voorbij: de partij eindigt met de stand van dit moment.
knockout-seed-goes-on = Gelijkspel bij de deadline: { $seat } gaat door als de hoger geplaatste speler (de plaatsing volgt de competitierating bij de start van het toernooi, daarna wie zich eerst aanmeldde).

table-error-tournament-none = Hier is geen toernooi.
table-error-tournament-ended-finished = Het toernooi **{ $name }** is afgelopen. `/toernooi stand` toont hoe het eindigde; `/toernooi geschiedenis` toont eerdere toernooien.
table-error-tournament-ended-cancelled = Het toernooi **{ $name }** is afgebroken. `/toernooi stand` toont hoe het ervoor stond; `/toernooi geschiedenis` toont eerdere toernooien.
table-error-tournament-no-game = Dat spel is hier niet beschikbaar.
table-error-tournament-bad-format = Kies Zwitsers systeem, knock-out of iedereen tegen iedereen.
table-error-tournament-bad-table-size = Dit spel heeft { $min } tot { $max } spelers per tafel.
table-error-tournament-bad-rounds = Een toernooi heeft 1 tot { $max } rondes.
table-error-tournament-bad-round-time = Een ronde duurt minstens een uur.
table-error-tournament-bad-options = Schrijf de opties van het spel als "naam=waarde, naam=waarde".
table-error-tournament-start-passed = Die begintijd is al voorbij.
table-error-tournament-signup-closed = De aanmelding voor dit toernooi is gesloten.
table-error-tournament-already-in = Je bent al aangemeld.
table-error-tournament-not-in = Die speler doet niet (meer) mee aan het toernooi.
table-error-tournament-over = Dit toernooi is afgelopen.
table-error-tournament-not-running = Het toernooi is niet bezig.
table-error-tournament-organiser-only = Alleen de organisator (of iemand met Server beheren, of de organisatorrol van de server) mag dat.
table-error-tournament-started = Het toernooi is al begonnen.
table-error-tournament-too-few = Eerst moeten er minstens { $min } spelers aangemeld zijn.
table-error-thread-not-possible = Ik kan in dat kanaal geen thread openen (daarvoor zijn een tekstkanaal en het recht om openbare threads te maken nodig).

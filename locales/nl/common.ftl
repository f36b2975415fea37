## Gedeelde teksten van de tafel (Nederlands).

table-error-no-such-game = Dat spel bestaat niet (meer).
table-error-no-game-here = Er is geen open tafel voor { $game } in dit kanaal. Begin er een met `/{ $game } nieuw`.
table-error-channel-busy = In dit kanaal loopt al een spel. Speel het uit of breek het af, of speel in een thread.
table-error-already-joined = Je zit al aan deze tafel.
table-error-table-full = De tafel is vol ({ $max } spelers).
table-error-not-joined = Je zit niet aan deze tafel.
table-error-host-cannot-leave = De gastheer kan de tafel niet verlaten; breek de tafel dan af.
table-error-no-computer-to-remove = Er is geen computerspeler om weg te halen.
table-error-only-host-starts = Alleen de gastheer kan beginnen zolang de tafel niet vol is.
table-error-too-few-players = Er zijn minstens { $min } spelers nodig om te beginnen.
table-error-already-started = Het spel is al begonnen.
table-error-not-open = Deze tafel is gesloten.
table-error-not-started = Het spel is nog niet begonnen.
table-error-not-running = Dit spel loopt niet.
table-error-not-a-player = Je speelt niet mee in dit spel.
table-error-board-moved-on = Het bord is veranderd sinds die knop gemaakt is. Druk op **Mijn hand / spelen** voor nieuwe knoppen.
table-error-only-host-cancels = Alleen de gastheer of iemand met Server beheren kan afbreken.
table-error-not-your-turn-now = Je bent niet aan de beurt. We wachten op { $players }.
table-error-unknown-button = Die knop wordt niet meer gebruikt.
error-not-your-turn = Je bent niet aan de beurt.
error-illegal = Die zet mag nu niet.
error-bad-action = Dat is geen zet in dit spel.
error-game-over = Het spel is afgelopen.
error-bad-option = Die instelling mag niet.
error-internal = Sorry, er ging bij ons iets mis. Het spel is niet veranderd. Probeer het nog eens.
bot-stopping = De bot start opnieuw op; er is niets veranderd. Probeer het zo nog eens.
error-server-only = De commando's van Tafelbot werken in een server, niet in privéberichten. Gebruik ze in een kanaal van een server waar de bot in zit.

lobby-title = { $game }: tafel open
lobby-title-playing = { $game }: het spel loopt
lobby-title-cancelled = { $game }: tafel afgebroken
lobby-host = Gastheer: { $host }
lobby-players = Spelers ({ $count }/{ $max })
lobby-options = Instellingen
lobby-hint = Doe mee met de knop. De gastheer start (als de tafel vol is, mag iedereen starten). Minstens { $min } spelers nodig.
lobby-started = Het spel is begonnen!
lobby-cancelled = Deze tafel is afgebroken.
button-join = Meedoen
button-leave = Verlaten
button-add-computer = Computer erbij
button-remove-computer = Computer weg
button-start = Start
button-cancel = Afbreken
button-hand = Mijn hand / spelen
button-previous = ◀ Vorige
button-next = Volgende ▶
button-back = Terug
button-refresh = Vernieuwen

turn-next = Aan de beurt: { $players }
turn-next-simultaneous = Nu spelen: { $players }
turn-press = Druk op **Mijn hand / spelen** voor je kaarten en zetten.
controls-your-turn = Jouw zet. Kies:
controls-pick-group = Jouw zet. Kies eerst:
controls-waiting = Je bent nog niet aan de beurt. We wachten op { $players }.
controls-spectator = Je speelt niet mee; hier is het bord.
controls-many = { $count ->
    [one] 1 mogelijke zet
   *[other] { $count } mogelijke zetten
}: pagina { $page } van { $pages }.
played-ok = Klaar.
game-cancelled = { $user } heeft het spel afgebroken.
game-started = { $game } begint! Spelers: { $players }
game-over-title = Afgelopen! Eindstand:
game-over-line = { $place }. { $name }: { $score }
game-over-resigned = (opgegeven: eindigt achter iedereen die doorspeelde)
resigned = { $seat } geeft op; een computerspeler neemt de plaats over.
resigned-ended = { $seat } geeft op.
board-again = Het bord van { $game }.
rules-title = Spelregels: { $game }
computer-label = computer
option-yes = ja
option-no = nee
# Waarden in de instellingen van de lobby: een optie die het spel kiest, een getal, seconden.
option-default = standaard
option-number = { $n }
option-seconds = { $n } s
table-error-too-late = Te laat! Iemand anders was sneller; je kaart blijft waar hij was.
table-error-missing-permissions = Ik kan het bord niet in dit kanaal plaatsen: ik mis hier { $permissions }. Vraag een moderator om dat toe te staan (of speel in een ander kanaal).
permission-view_channel = Kanaal bekijken
permission-send_messages = Berichten versturen
permission-send_messages_in_threads = Berichten versturen in threads
permission-attach_files = Bestanden bijvoegen
controls-sure = { $action }: dit kun je niet terugdraaien. Weet je het zeker?
controls-sure-yes = Ja, zeker

## De webpagina's in Discord, als Activity (web/activity.py), en de knop ervoor onder het bord.

button-play-board = Op het bord spelen
table-error-activity-off = Het bord kan hier niet in Discord worden geopend: de Activity van de bot staat niet aan. Vraag de beheerder van de bot om die aan te zetten.
web-activity-title = Het bord in Discord
web-activity-none-title = Hier is geen tafel
web-activity-connecting = De tafel wordt geopend…
web-activity-failed = Discord kon de tafel hier niet openen. Sluit de Activity en start hem opnieuw.
web-activity-outside = Deze pagina werkt in Discord: druk op “Speel op het bord” onder het bord van een tafel.
web-activity-refused-origin = Dit verzoek kwam niet van de Activity.
web-activity-bad-request = Dat verzoek begrijpen we niet.
web-activity-refused-code = Discord bevestigde niet wie je bent. Sluit de Activity en start hem opnieuw.
web-activity-discord-failed = Discord antwoordde niet op tijd. Probeer het zo nog eens.
web-activity-not-in = Je doet niet mee aan deze Activity. Doe mee vanuit het kanaal in Discord.
web-activity-no-table = In dit kanaal is geen tafel open. Open er een met het commando “nieuw” van een spel (bijvoorbeeld /hindmost nieuw) en start de Activity opnieuw.

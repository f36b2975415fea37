## Dutch names and descriptions of the slash commands (English is the source text in the code).

cmd-name-new = nieuw
cmd-desc-new = Open een tafel voor dit spel in dit kanaal
cmd-name-join = meedoen
cmd-desc-join = Doe mee aan de open tafel in dit kanaal
cmd-name-leave = weggaan
cmd-desc-leave = Verlaat de tafel voordat het spel begint
cmd-name-add-computer = computer-erbij
cmd-desc-add-computer = Zet een computerspeler aan tafel
cmd-name-remove-computer = computer-weg
cmd-desc-remove-computer = Haal een computerspeler van tafel
cmd-name-start = start
cmd-desc-start = Begin het spel (gastheer, of iedereen als de tafel vol is)
cmd-name-board = bord
cmd-desc-board = Laat het bord nog eens zien
cmd-name-hand = hand
cmd-desc-hand = Bekijk je hand en je zetten (alleen jij ziet het)
cmd-name-play = spelen
cmd-desc-play = Doe een zet
cmd-param-action = zet
cmd-param-desc-play-action = De zet (begin te typen om de toegestane te zien)
cmd-name-resign = opgeven
cmd-desc-resign = Geef op; een computerspeler neemt je plaats over
cmd-name-cancel = afbreken
cmd-desc-cancel = Breek het spel af (gastheer of Server beheren)
cmd-name-rules = spelregels
cmd-desc-rules = Lees de spelregels van een van de spellen
cmd-param-game = spel
cmd-param-desc-rules-game = Welk spel

cmd-group-hindmost = Devil Take The Hindmost: een afvallingskoers voor wielrenners
cmd-param-riders = renners
cmd-param-desc-new-riders = Renners per speler (2-4; standaard de laagste waarde uit de tabel)
cmd-param-races = wedstrijden
cmd-param-desc-new-races = Aantal wedstrijden in de match (1-5)
cmd-param-own_decks = eigen-stapels
cmd-param-desc-new-own_decks = Elke speler trekt van een eigen stapel kaarten
cmd-param-betting = wedden
cmd-param-desc-new-betting = Zet 1 in per renner voor elke ronde; de eigenaar van de rondewinnaar krijgt de pot

cmd-name-hindmost = hindmost
cmd-name-trackgammon = trackgammon
cmd-name-manoever = manoever
cmd-name-howruck = howruck
cmd-name-duvelen = duvelen

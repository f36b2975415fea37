## De wachtrij: /tafel wachtrij (cogs/table_commands.py, table/queue.py).

queue-joined = Je staat in de wachtrij voor { $game } (spelers: { $players }). Nu wachtend: { $count }/{ $players }. Je plek blijft een dag bewaard.
queue-opened = Er is een tafel voor { $game } geopend met { $players }: { $link }
queue-thread = { $game }: uit de wachtrij
queue-left = Je staat niet meer in de wachtrij.
queue-none = Op deze server wacht niemand op een spel. Doe mee met /tafel wachtrij spel:…
queue-title = Wachten op spelers
queue-line = { $game } (spelers: { $players }): { $names }
table-error-queue-not-in = Je staat niet in de wachtrij.
table-error-queue-bad-players = Dit spel is voor { $min } tot { $max } spelers.
cmd-name-queue = wachtrij
cmd-desc-queue = Wacht op medespelers voor een spel; zonder spel: wie waarop wacht
cmd-param-players = spelers
cmd-param-desc-queue-game = Het spel (leeg: toon wie waarop wacht)
cmd-param-desc-queue-players = Met hoeveel spelers (standaard: het minimum van het spel)
cmd-param-leave = verlaten
cmd-param-desc-queue-leave = Aan: de wachtrij verlaten
queue-passed-over = Er was een tafel voor { $game } uit de wachtrij klaar, maar je hebt op die server al { $limit } open spellen, zoveel als de moderators tegelijk toestaan. Je bent daarom overgeslagen en uit de wachtrij gehaald; meld je opnieuw aan zodra je een spel hebt uitgespeeld of verlaten.

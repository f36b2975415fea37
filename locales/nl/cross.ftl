## Tafels met andere servers: /cross (cogs/cross.py, table/cross_queue.py).

cross-channel-on = Tafels met andere servers worden gespeeld in { $channel }: elke tafel krijgt daar een draad. Aanschuiven met /cross wachtrij.
cross-channel-off = Deze server speelt geen tafels met andere servers meer. Lopende tafels spelen door.
cross-joined = Je wacht op { $game } met mensen van andere servers (spelers: { $players }, { $pace } per zet). Nu wachtend: { $count }/{ $players }. Je plek blijft een dag bewaard.
cross-formed = Er is een tafel klaar: bevestig hem in { $channel }.
cross-none = Niemand wacht op een tafel met andere servers. Doe mee met /cross wachtrij spel:…
cross-title = Wachtend met andere servers
cross-line = { $game } (spelers: { $players }, { $pace } per zet), wachtend: { $count }
cross-ask = { $user }, er is een tafel { $game } met mensen van andere servers klaar (spelers: { $players }, { $pace } per zet). Bevestig binnen { $minutes ->
    [one] { $minutes } minuut
   *[other] { $minutes } minuten
} om je plaats te nemen.
cross-button-confirm = Neem mijn plaats
cross-confirmed-waiting = ✅ Je hebt bevestigd. De tafel opent zodra iedereen dat heeft.
cross-confirmed-opening = ✅ Iedereen heeft bevestigd: de tafel gaat open.
cross-expired-kept = ⌛ Niet iedereen bevestigde op tijd. Jij wel, dus je houdt je plek in de wachtrij.
cross-expired-moved = ⌛ Je bevestigde niet op tijd, dus je staat weer achteraan in de wachtrij (/cross verlaten om te stoppen).
cross-not-opened = De tafel kon niet open (het kanaal van een server weigert de bot). Iedereen wacht weer op zijn plek.
cross-opened = De tafel is open: { $link }
cross-thread = { $game } met andere servers
cross-ladder-none = Nog niemand heeft een rating met andere servers in { $game }.
cross-ladder-title = { $game }: ratings met andere servers
cross-ladder-line = { $place }. { $name }: { $rating } (spellen: { $games })
cross-ladder-provisional = { $place }. { $name }: { $rating }? (spellen: { $games }, voorlopig)
cross-ladder-web = Alle spellen: { $link }
cross-ladder-unnamed = een speler (naam verborgen)
cross-ladder-you = { $name } (jij)
cmd-name-cross-ladder = ladder
cmd-desc-cross-ladder = De ratings met andere servers van één spel
cmd-param-desc-ladder-game = Het spel
cross-name-neutral = Aan tafels met andere servers heet je een neutrale naam (elke tafel een nieuwe).
cross-name-own = Aan tafels met andere servers heet je zoals je weergavenaam.
cross-blocked = Klaar: jullie komen nooit samen aan een tafel met andere servers.
cross-unblocked = De blokkade is opgeheven.
table-error-cross-no-channel = Deze server speelt geen tafels met andere servers. Iemand met Server beheren zet het aan met /cross kanaal in het kanaal dat ervoor dient.
table-error-cross-channel-not-text = Kies een tekstkanaal (geen draad of forum): elke tafel krijgt er een draad in.
table-error-cross-bad-pace = Kies een tempo uit { $paces }.
table-error-cross-being-confirmed = Er wacht een tafel van dat spel op jouw bevestiging: bevestig die eerst.
table-error-cross-confirm-gone = Deze tafel wacht niet meer op jou.
table-error-cross-confirm-not-yours = Deze plaats is van iemand anders: wacht op je eigen tafel met /cross wachtrij.
table-error-cross-confirm-late = De tijd om te bevestigen is om.
table-error-cross-no-rematch = Een tafel met andere servers heeft geen revanche: schuif opnieuw aan met /cross wachtrij.
table-error-cross-block-self = Jezelf blokkeren kan niet.
table-error-cross-no-cancel = Een tafel met andere servers heeft geen gastheer: niemand stopt hem. Geef op met /{ $game } opgeven om je plaats aan een computer te geven.
table-error-cross-no-extend = Een tafel met andere servers heeft geen gastheer: het tempo is in de wachtrij gekozen en niemand geeft extra tijd.

# /cross
cmd-group-cross = cross
cmd-desc-cross = Speel met mensen van andere servers
cmd-name-cross-channel = kanaal
cmd-desc-cross-channel = Speel in dit kanaal tafels met andere servers (Server beheren)
cmd-param-desc-channel-on = Aan: dit kanaal houdt tafels met andere servers; uit: geen in deze server
cmd-name-cross-queue = wachtrij
cmd-desc-cross-queue = Wacht op spelers van andere servers; zonder spel: wie wacht
cmd-param-pace = tempo
cmd-param-desc-queue-pace = De tijd per zet (standaard: 24h)
cmd-name-cross-leave = verlaten
cmd-desc-cross-leave = Stop met wachten op tafels met andere servers
cmd-param-desc-leave-game = Alleen dit spel (leeg: elk spel)
cmd-name-cross-name = naam
cmd-desc-cross-name = Hoe mensen van andere servers je aan tafel zien
cmd-param-neutral = neutraal
cmd-param-desc-name-neutral = Aan: een neutrale naam per tafel (Otter, Panda…); uit: je weergavenaam
cmd-name-cross-block = blokkeer
cmd-desc-cross-block = Kom nooit met deze persoon aan een tafel met andere servers
cmd-param-user = persoon
cmd-param-off = uit
cmd-param-desc-block-user = Wie
cmd-param-desc-block-off = Aan: de blokkade opheffen

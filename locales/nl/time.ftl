## Bedenktijd, herinneringen en afwezige spelers (Nederlands).

time-duration-m = { $n } min
time-duration-h = { $n } uur
time-duration-d = { $n ->
    [one] 1 dag
   *[other] { $n } dagen
}
time-left = ⏳ Nog { $left }.
time-reminder = ⏰ { $players }: { $count ->
    [one] je bent
   *[other] jullie zijn
} aan zet in { $game }, nog { $left }.
time-reminder-last = ⏰ { $players }: { $count ->
    [one] je bent aan zet in { $game } — nog maar { $left } voordat de computer voor je zet.
   *[other] jullie zijn aan zet in { $game } — nog maar { $left } voordat de computer voor jullie zet.
}
time-reminder-dm = ⏰ Je bent aan zet in { $game }: nog { $left }.
time-board-link = Het bord: { $link }
time-lobby-expired = De tafel voor { $game } is niet op tijd begonnen en is gesloten. Het kanaal is weer vrij.
time-extended = { $user } gaf { $players } { $extra } extra: nog { $left }.
time-heads-up = 👀 Seintje: je bent hierna aan de beurt in { $game }.
time-away-note = 💤 { $user } is afwezig tot { $until }.

timed-out = ⏰ De tijd van { $seat } is om; de computer heeft de zet gedaan.
auto-played = ↪ { $seat } had niets te kiezen; de zet is automatisch gedaan.
auto-playing = ↪ Je enige zet, { $action }, wordt voor je gedaan. Druk op **Mijn hand / spelen** voor wat daarna komt.
handed-over = { $seat } miste te veel zetten of is overgedragen; een computerspeler neemt de plaats over (telt als opgegeven).
handed-over-ended = { $seat } is overgedragen aan de computer (telt als opgegeven).

table-error-channel-not-allowed = In dit kanaal kun je op deze server geen spel openen. Vraag een moderator welke kanalen voor spellen zijn (`/tafel instellingen`).
table-error-only-host-hands-over = Alleen de gastheer of iemand met Server beheren kan een plaats overdragen aan de computer.
table-error-not-a-person-seat = Die plaats wordt niet door een persoon gespeeld.
table-error-only-host-extends = Alleen de gastheer of iemand met Server beheren kan de klok verlengen.
table-error-no-move-time = Er loopt nu geen tijd per zet of tijdbank.
table-error-not-seated = Die persoon speelt niet mee aan deze tafel.
table-error-manage-server = Alleen iemand met Server beheren kan deze instellingen wijzigen.
table-error-bad-time = Die tijd begrijp ik niet. Probeer "vrijdag", "3 dagen", "12u" of een datum als 2026-12-24.

option-move_seconds = Tijd per zet
option-handover_after = Aantal keer te laat voordat de computer overneemt
option-computer_speed = Bedenktijd computer per actie
option-none = geen

settings-title = Tafelinstellingen van deze server
settings-move = Standaardtijd per zet: { $value }
settings-dm = Herinneringen per privébericht toegestaan: { $value }
settings-lobby = Tafels die niet beginnen sluiten na: { $value }
settings-channels = Spellen mogen worden geopend in: { $value }
settings-anywhere = elk kanaal
settings-saved = Opgeslagen.
reminders-on = Je krijgt herinneringen nu ook per privébericht.
reminders-off = Geen herinneringen meer per privébericht (de vermelding in het kanaal blijft).
reminders-server-off = Deze server stuurt geen herinneringen per privébericht; je krijgt wel de vermelding in het kanaal.
heads-up-on = Je krijgt een seintje per privébericht als je hierna aan de beurt bent.
auto-play-on = Als je maar één zet hebt, wordt die voor je gedaan.
auto-play-off = Zetten waarbij niets te kiezen valt, doe je voortaan zelf.
heads-up-off = Je krijgt geen seintje meer als je hierna aan de beurt bent.
away-set = Je bent afwezig tot { $until }. Je herinneringen wachten tot dan; de klok loopt door, tenzij de gastheer de tijd verlengt.
away-cleared = Welkom terug: herinneringen staan weer aan.
mine-title = Jouw open spellen
mine-none = Je hebt geen open spellen, op geen enkele server.
mine-line = { $game } in { $channel }: { $turn }{ $left }
mine-your-turn = **jij bent aan zet**
mine-waiting = wacht op { $players }
mine-lobby = tafel open, nog niet begonnen
running-title = Lopende spellen op deze server
running-none = Er lopen geen spellen op deze server.
option-lull = Ronde eindigt na een stilte van

## Commando's (ids volgens cogs/translator.py)
cmd-name-extend = verlengen
cmd-desc-extend = Geef de speler aan zet meer tijd (gastheer of Server beheren)
cmd-param-hours = uren
cmd-param-desc-extend-hours = Uren erbij op hun klok (1-168)
cmd-name-hand-over = overdragen
cmd-desc-hand-over = Geef de plaats van een afwezige speler aan de computer (gastheer of Server beheren)
cmd-param-desc-hand-over-member = De afwezige speler (telt als opgegeven)
cmd-param-time_per_move = tijd-per-zet
cmd-param-desc-new-time_per_move = Tijd die elke speler per zet heeft (standaard: de instelling van de server)
cmd-choice-none = geen
cmd-choice-1h = 1 uur
cmd-choice-12h = 12 uur
cmd-choice-24h = 24 uur
cmd-choice-3d = 3 dagen
cmd-choice-7d = 7 dagen
cmd-name-table = tafel
cmd-group-table = Je spellen, herinneringen en de tafelinstellingen van deze server
cmd-name-mine = mijn-spellen
cmd-desc-mine = Je open spellen op elke server, langst wachtend eerst (alleen jij ziet het)
cmd-name-running = lopend
cmd-desc-running = Alle lopende spellen op deze server, om te volgen (alleen jij ziet het)
cmd-name-reminders = herinneringen
cmd-desc-reminders = Ontvang herinneringen ook per privébericht
cmd-param-direct_messages = privéberichten
cmd-param-desc-reminders-direct_messages = Aan: herinneringen ook per privébericht; uit: alleen de vermelding in het kanaal
cmd-name-heads-up = seintje
cmd-desc-heads-up = Ontvang een seintje per privébericht als je hierna aan de beurt bent
cmd-param-on = aan
cmd-param-desc-heads-up-on = Aan: een seintje als de speler vóór jou aan de beurt komt; uit: geen seintje
cmd-name-auto-play = vanzelf-spelen
cmd-desc-auto-play = Zetten zonder keuze automatisch laten doen, of zelf doen
cmd-param-desc-auto-play-on = Aan: heb je maar één zet, dan wordt die voor je gedaan; uit: die doe je zelf
cmd-name-away = afwezig
cmd-desc-away = Even weg: een briefje in je spellen, herinneringen wachten
cmd-param-until = tot
cmd-param-desc-away-until = Tot wanneer ("vrijdag", "3 dagen", "12u", 2026-12-24); leeg laten als je terug bent
cmd-name-settings = instellingen
cmd-desc-settings = Bekijk de tafelinstellingen van deze server; wijzig ze (Server beheren)
cmd-param-desc-settings-time_per_move = Standaardtijd per zet voor nieuwe tafels
cmd-param-dm_reminders = dm-herinneringen
cmd-param-desc-settings-dm_reminders = Of mensen herinneringen per privébericht mogen krijgen
cmd-param-lobby_hours = tafel-uren
cmd-param-desc-settings-lobby_hours = Sluit tafels die na zoveel uur niet begonnen zijn (1-168)
cmd-param-allow_channel = kanaal-toestaan
cmd-param-desc-settings-allow_channel = Laat spellen openen in dit kanaal (en zijn threads)
cmd-param-disallow_channel = kanaal-weigeren
cmd-param-desc-settings-disallow_channel = Laat in dit kanaal geen spellen meer openen
cmd-param-any_channel = elk-kanaal
cmd-param-desc-settings-any_channel = Laat spellen weer in elk kanaal openen

## de inbox (/table inbox): één privébericht met elk spel dat op jouw zet wacht
inbox-title = 📬 Jij bent aan zet in { $count ->
    [one] één spel
   *[other] { $count } spellen
}:
inbox-line = { $game } in { $server }, met { $others }
inbox-left = ⏳ nog { $left }
inbox-more = … en nog { $count } (/table mine toont ze allemaal)
inbox-server-unknown = een server
inbox-caught-up = ✅ Helemaal bij: geen spel wacht op jouw zet.
inbox-turn = 📬 Jij bent aan zet: { $table }
inbox-set-one = Je krijgt één privébericht met elk spel dat op jouw zet wacht, steeds bijgewerkt.
inbox-set-each = Je krijgt een privébericht telkens als een spel op jouw zet wacht.
inbox-set-off = Geen privéberichten meer als een spel op jouw zet wacht.
inbox-dms-closed = Je privéberichten staan dicht voor deze bot: zet ze open (privacy-instellingen van een server die jullie delen) om je inbox te krijgen.
inbox-server-off = Deze server stuurt geen privéberichten, dus de spellen hier blijven buiten je inbox.
inbox-current = Je inbox: { $mode }
inbox-mode-one = één bericht, steeds bijgewerkt
inbox-mode-each = één bericht per beurt
inbox-mode-off = geen
cmd-name-inbox = inbox
cmd-desc-inbox = Eén privébericht met elk spel dat op jouw zet wacht
cmd-param-messages = berichten
cmd-param-desc-inbox-messages = Eén bericht steeds bijgewerkt, één per beurt, een dagelijks overzicht, of geen (leeg: je keuze)
cmd-choice-one = één bericht, steeds bijgewerkt
cmd-choice-each = één bericht per beurt
cmd-choice-off = geen
table-error-bad-inbox = Kies een van de mogelijkheden: één bericht, één per beurt, een dagelijks overzicht, of geen.
inbox-set-digest = Je krijgt één privébericht per dag met elk spel dat op jouw zet wacht: als je stille uren eindigen, of om 09:00 UTC zonder; geen als er niets wacht.
inbox-mode-digest = een dagelijks overzicht
cmd-choice-digest = een dagelijks overzicht

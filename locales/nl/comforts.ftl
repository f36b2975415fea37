# De plaats van iemand die de computer nu speelt (na opgeven of overdragen).
seat-computer-for = Computer ({ $level }, voor { $name })

## Het maximum aantal open spellen (een serverinstelling)
table-error-open-games-limit = Je hebt al { $limit } open spellen op deze server, zoveel als de moderators tegelijk toestaan. Maak er eerst een af of verlaat er een (`/tafel mijn-spellen` toont ze).
settings-open-games-limit = Maximaal aantal open spellen per persoon: { $value }
cmd-param-open_games_limit = max-open-spellen
cmd-param-desc-settings-open_games_limit = Hoeveel open spellen één persoon tegelijk mag hebben (0: geen maximum)

## Tijdbanken en klokken die stilstaan in stille uren (tafelinstellingen)
option-bank_seconds = Tijdbank per speler
option-bank_increment = Extra tijd per zet
option-quiet_pause = Klokken staan stil in stille uren
time-banks = 🏦 Tijdbanken: { $banks }
time-bank-entry = { $name } { $left }
mine-bank = 🏦 je bank { $left }
cmd-param-time_bank = tijdbank
cmd-param-desc-new-time_bank = Tijdbank in plaats van tijd per zet: starttijd plus extra tijd per zet, nooit boven de starttijd
cmd-param-quiet_clocks = stille-klokken
cmd-param-desc-new-quiet_clocks = Klokken staan stil in de stille uren van elke speler (/tafel stille-uren)
cmd-choice-1h-5m = 1 uur, +5 minuten per zet
cmd-choice-1d-2h = 1 dag, +2 uur per zet
cmd-choice-3d-12h = 3 dagen, +12 uur per zet
cmd-choice-7d-1d = 7 dagen, +1 dag per zet
cmd-choice-14d-1d = 14 dagen, +1 dag per zet

## Stille uren (/tafel stille-uren)
quiet-hours-set = Elke dag stille uren van { $start } tot { $end } ({ $zone }): dan geen vermeldingen en geen privéberichten. Wat je in die tijd anders had gekregen, krijg je in één keer zodra ze voorbij zijn.
quiet-hours-cleared = Je hebt geen stille uren meer.
table-error-bad-quiet-hours = Geef het begin en het einde als tijdstip, zoals `23:00` en `08:00` (niet hetzelfde tijdstip).
table-error-bad-time-zone = Die tijdzone ken ik niet. Kies er een uit de lijst, zoals `Europe/Amsterdam`.
quiet-held-turn = 🌅 { $user }, je stille uren zijn voorbij: je bent aan de beurt in { $game }{ $timed ->
    [yes] {" "}(nog { $left }).
   *[no] .
}
cmd-name-quiet-hours = stille-uren
cmd-desc-quiet-hours = Geen vermeldingen of privéberichten in je stille uren, elke dag
cmd-param-from = van
cmd-param-to = tot
cmd-param-timezone = tijdzone
cmd-param-desc-quiet-hours-from = Begin, in je eigen tijd (23:00); laat alle drie leeg om je stille uren weg te halen
cmd-param-desc-quiet-hours-to = Einde, in je eigen tijd (08:00)
cmd-param-desc-quiet-hours-timezone = Je tijdzone (Europe/Amsterdam)

## Nog een keer (de knop onder de eindstand)
button-rematch = Nog een keer
rematch-opened = Er staat een nieuwe tafel open in dit kanaal, met de plaatsen doorgeschoven. Het spel begint vanzelf zodra alle spelers van het vorige spel op Nog een keer gedrukt hebben (of als de gastheer het start).
rematch-joined = Je zit aan de nieuwe tafel.
table-error-rematch-not-finished = Dat spel is nog niet afgelopen.
table-error-rematch-not-a-player = Alleen de spelers van dat spel kunnen op **Nog een keer** drukken. Open zelf een tafel met `/{ $game } nieuw`.
table-error-rematch-too-late = Op **Nog een keer** drukken kan tot een dag na het einde; open een nieuwe tafel met `/{ $game } nieuw`.

## Beurttijden
turn-times-summary = ⏱ Mediane tijd per zet: { $times }
turn-times-title = Mediane tijd per zet
turn-times-line = { $game }: { $time }
turn-times-on = `/competitie profiel` toont nu je mediane tijd per zet per spel (tijd in je stille uren en terwijl je weg was telt niet mee).
turn-times-off = `/competitie profiel` toont je beurttijden niet meer.
cmd-name-turn-times = beurttijden
cmd-desc-turn-times = Toon je mediane tijd per zet in /competitie profiel
cmd-param-share = delen
cmd-param-desc-turn-times-share = Aan: /competitie profiel toont je mediane tijd per zet per spel

## Zetten terugnemen (/<spel> take-back)
took-back = { $seat } nam de laatste zet terug.
takeback-done = Teruggenomen. Je beurt gaat verder:
table-error-takeback-not-your-turn = Je kunt alleen tijdens je eigen beurt een zet terugnemen.
table-error-takeback-nothing = Er is in deze beurt niets van jou om terug te nemen (een zet kan alleen terug zolang niemand anders iets gedaan heeft).
table-error-takeback-not-allowed = Die zet kan niet terug: in dit spel liet hij iets verborgens zien of speelde toeval mee (dobbelstenen, een getrokken kaart), of het spel staat terugnemen niet toe.
table-error-takeback-none = In dit spel kun je geen zet terugnemen: een gespeelde zet blijft staan.
cmd-name-take-back = terugnemen
cmd-desc-take-back = Neem je laatste zet van deze beurt terug, als het spel het toestaat
button-take-back = Terugnemen

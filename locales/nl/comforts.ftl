# De plaats van iemand die de computer nu speelt (na opgeven of overdragen).
seat-computer-for = Computer (voor { $name })

## Het maximum aantal open spellen (een serverinstelling)
table-error-open-games-limit = Je hebt al { $limit } open spellen op deze server, zoveel als de moderators tegelijk toestaan. Maak er eerst een af of verlaat er een (`/tafel mijn-spellen` toont ze).
settings-open-games-limit = Open spellen per persoon hoogstens: { $value }
cmd-param-open_games_limit = max-open-spellen
cmd-param-desc-settings-open_games_limit = Hoeveel open spellen één persoon tegelijk mag hebben (0: geen maximum)

## Tijdbanken en klokken die stilstaan in stille uren (tafelinstellingen)
option-bank_seconds = Tijdbank per speler
option-bank_increment = Erbij per zet
option-quiet_pause = Klokken staan stil in stille uren
clock-banks = 🏦 Tijdbanken: { $banks }
clock-bank-entry = { $name } { $left }
mine-bank = 🏦 je bank { $left }
cmd-param-time_bank = tijdbank
cmd-param-desc-new-time_bank = Een tijdbank per speler in plaats van tijd per zet: begin, erbij per zet (tot het begin)
cmd-param-quiet_clocks = stille-klokken
cmd-param-desc-new-quiet_clocks = Klokken staan stil in de stille uren van elke speler (/tafel stille-uren)
cmd-choice-1h-5m = 1 uur, +5 minuten per zet
cmd-choice-1d-2h = 1 dag, +2 uur per zet
cmd-choice-3d-12h = 3 dagen, +12 uur per zet
cmd-choice-7d-1d = 7 dagen, +1 dag per zet
cmd-choice-14d-1d = 14 dagen, +1 dag per zet

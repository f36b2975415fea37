# De plaats van iemand die de computer nu speelt (na opgeven of overdragen).
seat-computer-for = Computer (voor { $name })

## Het maximum aantal open spellen (een serverinstelling)
table-error-open-games-limit = Je hebt al { $limit } open spellen op deze server, zoveel als de moderators tegelijk toestaan. Maak er eerst een af of verlaat er een (`/tafel mijn-spellen` toont ze).
settings-open-games-limit = Open spellen per persoon hoogstens: { $value }
cmd-param-open_games_limit = max-open-spellen
cmd-param-desc-settings-open_games_limit = Hoeveel open spellen één persoon tegelijk mag hebben (0: geen maximum)

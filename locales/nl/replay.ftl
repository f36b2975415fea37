## /replay: een afgelopen spel nog eens als bewegend plaatje (cogs/table/replays.py).

replay-drawing = De herhaling van { $game } (spel { $id }) wordt getekend: plaatje { $done } van { $total }…
replay-assembling = { $frames } plaatjes worden samengevoegd…
replay-caption = Herhaling van { $game }, spel { $id } ({ $moves } zetten).
replay-shortened = Alle zetten passen hier niet onder { $mb } MB, dus dit toont { $frames } van { $total } plaatjes.
replay-too-big = Deze herhaling past niet onder de uploadgrens van dit kanaal, zelfs niet met weinig kleine plaatjes.
table-error-replay-not-finished = Spel { $game_id } is nog niet afgelopen: herhalingen zijn er voor afgelopen spellen.
table-error-replay-none-here = In dit kanaal is nog geen spel afgelopen. Geef het nummer van een spel om een ander te zien.

## /replay: een afgelopen spel nog eens als bewegend plaatje (cogs/table/replays.py).

replay-drawing = De herhaling van { $game } (spel { $id }) wordt getekend: plaatje { $done } van { $total }…
replay-assembling = { $frames ->
    [one] 1 plaatje wordt
   *[other] { $frames } plaatjes worden
} samengevoegd…
replay-caption = Herhaling van { $game }, spel { $id } ({ $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
}).
replay-shortened = Niet alle zetten passen onder { $mb } MB, dus dit toont { $frames } van de { $total ->
    [one] 1 plaatje
   *[other] { $total } plaatjes
}.
replay-too-big = Deze herhaling past niet onder de uploadgrens van dit kanaal, zelfs niet met weinig kleine plaatjes.
table-error-replay-not-finished = Spel { $game_id } is nog niet afgelopen: herhalingen zijn er voor afgelopen spellen.
table-error-replay-none-here = In dit kanaal is nog geen spel afgelopen. Geef het nummer van een spel om een ander te zien.

## Beschrijvingen (alt-tekst) van de plaatjes, voorgelezen door schermlezers (table/alt_text.py).

alt-board = { $game }: het bord
alt-hand = { $game }: je eigen weergave, alleen jij ziet die
alt-hand-cards = Jouw kaarten: { $cards }
alt-replay = { $game }, spel { $id }: herhaling in { $frames ->
    [one] 1 plaatje
   *[other] { $frames } plaatjes
}
alt-standings-line = Plaats { $rank }: { $name }, { $wins } van { $played } gewonnen, rating { $rating }

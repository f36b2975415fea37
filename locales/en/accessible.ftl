## Descriptions (alt text) of the pictures, read aloud by screen readers (table/alt_text.py).

alt-board = { $game }: the board
alt-hand = { $game }: your own view, only you see it
alt-hand-cards = Your cards: { $cards }
alt-replay = { $game }, game { $id }: replay in { $frames ->
    [one] 1 picture
   *[other] { $frames } pictures
}
alt-standings-line = Place { $rank }: { $name }, { $wins } of { $played } won, rating { $rating }

## /replay: a finished game again as an animated picture (cogs/table/replays.py).

replay-drawing = Drawing the replay of { $game } (game { $id }): picture { $done } of { $total }…
replay-assembling = Putting { $frames ->
    [one] 1 picture
   *[other] { $frames } pictures
} together…
replay-caption = Replay of { $game }, game { $id } ({ $moves ->
    [one] 1 move
   *[other] { $moves } moves
}).
replay-shortened = Not every move fits under { $mb } MB here, so this shows { $frames } of the { $total ->
    [one] 1 picture
   *[other] { $total } pictures
}.
replay-too-big = This replay does not fit under this channel's upload limit, even with few small pictures.
table-error-replay-not-finished = Game { $game_id } is not finished yet: replays are for finished games.
table-error-replay-none-here = No game has finished in this channel yet. Give a game's number to see another one.

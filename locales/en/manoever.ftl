## Das glorreiche Manöver (English)

manoever-name = Das glorreiche Manöver

manoever-rules = **Das glorreiche Manöver**: 2–4 players bring 12 recruits (6, 4 or 3 per player) along an 84-field route from the barracks courtyard back to it. Early arrivals score most.
    - **Opening**: in turn each player rolls a die and puts a recruit on that field (at most 3 per field, else roll again). After that the die is never used again.
    - **Your turn**: move each of your **free** recruits (alone, or on top of a stack) at least 1 field forward, one by one, in any order. A recruit uncovered during your turn must move too; each recruit moves at most once per turn. With no free recruit you pass.
    - **Maximum distance** = rank × passenger × bonus, counted when the recruit moves:
      - rank: 1 + the number of occupied fields ahead (a stack counts once, the courtyard not); the leader has rank 1.
      - passenger: ×2 on top of one recruit, ×3 on top of two.
      - bonus: ×2 on a white stone, ×3 on a black one, only for a recruit that landed there.
      - Example: on top of two recruits in the fifth group: up to 3 × 5 = 15 fields.
    - Jump over anything, but never land on a field with 3 recruits. Landing on a grey reward stone (1, 2, 3) takes it.
    - **Courtyard**: a move past field 84 arrives home. The first arrival takes place 12, the next 11, and so on. When the 11th recruit arrives, the last one takes place 1 and the game ends.
    - **Score**: the places of your recruits plus your reward stones. On a tie, the player with the single highest place wins.
    - Moves are written recruit-distance: `3-15` moves your recruit 3 by 15 fields.

## Events
manoever-event-start = { $seat } starts the exercise.
manoever-event-opening = { $seat } rolls { $fields } for the opening{ $rerolls ->
        [0] {""}
       *[other] {" "}(rolls { $rerolls } more: field full)
    }.
manoever-event-turn = { $seat } to move.
manoever-event-turn-end = { $seat } has moved every recruit.
manoever-event-pass = { $seat } has no free recruit and passes.
manoever-event-move = { $seat } moves recruit { $recruit } from { $from } to { $to } ({ $distance } of { $max }){ $onto ->
        [0] {""}
        [one] {" "}on top of 1 recruit
       *[other] {" "}on top of { $onto } recruits
    }{ $bonus ->
        [0] {""}
       *[other] , bonus ×{ $bonus }
    }.
manoever-event-reward = { $seat } takes the reward stone worth { $value } on field { $field }.
manoever-event-arrive = { $seat }'s recruit { $recruit } reaches the courtyard from { $from }: place { $place }!
manoever-event-freed = { $seat }'s recruit { $recruit } on { $field } is uncovered and must move too.
manoever-event-last = The exercise is over: { $seat }'s recruit { $recruit } (field { $field }) takes place 1.
manoever-event-end = { $winner_seat } wins with { $score ->
        [one] 1 point
       *[other] { $score } points
    }.

## Errors
manoever-error-option = This game has no option “{ $option }”.
manoever-error-players = Das glorreiche Manöver is for 2 to 4 players.
manoever-error-format = Write a move as recruit-distance, for example 3-15.
manoever-error-no-recruit = You have no recruit { $recruit }.
manoever-error-home = Recruit { $recruit } is already home in the courtyard.
manoever-error-moved = Recruit { $recruit } has already moved this turn.
manoever-error-covered = Recruit { $recruit } is covered by another recruit and cannot move.
manoever-error-zero = A recruit moves at least 1 field.
manoever-error-too-far = Recruit { $recruit } may move at most { $max ->
        [one] 1 field
       *[other] { $max } fields
    }.
manoever-error-overshoot = Recruit { $recruit } already reaches the courtyard with { $distance }.
manoever-error-full = Field { $field } already holds 3 recruits.
manoever-error-plan-too-long = The turn is over before the last moves of that plan: it holds only this turn's moves.
manoever-error-bad-state = The stored game is damaged and cannot be loaded.

## Words on the picture and the buttons
manoever-label-turn = Turn { $turn }
manoever-label-to-move = { $name } to move
manoever-label-winner = Game over: { $name } wins
manoever-label-courtyard = Courtyard
manoever-label-scores = Scores
manoever-label-points = { $points ->
    [one] { $points } pt
   *[other] { $points } pts
}
manoever-label-reward-points = +{ $points } from rewards
manoever-label-must-move = Still to move ({ $name })
manoever-label-all-moved = Every recruit has moved.
manoever-label-pending = { $recruit } on { $field }: max { $max }
manoever-label-factors = = { $rank }{ $passenger ->
        [1] {""}
       *[other] {" "}× { $passenger }
    }{ $bonus ->
        [1] {""}
       *[other] {" "}× { $bonus }
    }
manoever-label-after-84 = after 84: the courtyard
# A run of rows without recruits, folded to one strip on the picture; its stones follow.
manoever-label-fold = { $stones ->
    [0] Fields { $first }–{ $last }: no recruits, no stones
   *[other] Fields { $first }–{ $last }: no recruits; stones on:
}
manoever-label-fold-more = +{ $count } more
manoever-label-legend-black = black stone ×3
manoever-label-legend-white = white stone ×2
manoever-label-legend-reward = reward stone
manoever-label-plan = All: { $moves }
manoever-label-plan-move = { $recruit }: { $field }→{ $to }
manoever-label-plan-home = { $recruit }: { $field }→home
manoever-label-group = Recruit { $recruit } on { $field } (max { $max })
manoever-label-target = Recruit { $recruit }: { $field } → { $to } (+{ $distance })
manoever-label-home = Recruit { $recruit }: { $field } → courtyard, place { $place } (+{ $distance })
manoever-label-onto = on top of { $count ->
    [one] 1 recruit
   *[other] { $count } recruits
}
manoever-label-takes-reward = takes reward { $value }
manoever-label-lands-bonus = { $factor ->
    [3] black stone ×3
   *[other] white stone ×2
}

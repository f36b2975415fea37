## Trackgammon (English)

trackgammon-name = Trackgammon

trackgammon-rules = **Trackgammon**: 2–4 players race five stacked discs (1 = runner … 5 = fat man) along their own 25-point zigzag track into the finish.
    - **Board**: odd points are **yellow** (yours alone), even points **purple** (shared with one neighbour). Point 13 is the S-bend in the middle.
    - **Turn**: the dice roll by themselves. Each value moves one disc exactly that far, **forward or backward**; values are never added. A double also gives the bottom faces: 2-2 plays 2, 2, 5, 5.
    - **Forced play**: you must use as many values as possible (your runner can always move, so in practice: all of them). Build the turn move by move, take moves back, then confirm.
    - **Bounce**: at point 1 going back, or at 25 going forward when not allowed home, the disc turns around; the end point counts as a step. From 3, 5 back lands on 4; then 2 back lands on 2.
    - **Finish**: only your largest disc not yet home may enter, going forward with at least the distance (26 − point); any surplus is lost. Fat man first, runner last.
    - **Restrictions**: only the top disc of a stack moves; never land on a smaller disc; never pass another player's smaller disc (it **blocks**, even when covered; bounce steps count).
    - **Hit**: landing on another player's disc of the same size sends it back to its start, slotted in by size.
    - **Bury**: landing on a larger disc is allowed; a buried disc cannot move until uncovered.
    - **End**: the first with all five discs home wins at once; the others rank by discs home, then by the total distance still to go.
    - Moves are written size-direction-value: `5f3` = disc 5 forward 3, `2b6` = disc 2 back 6; `undo` takes back, `done` confirms.

## Events
trackgammon-event-opening-roll = { $seat } rolls { $dice } ({ $total }) to decide who starts.
trackgammon-event-opening-tie = Tie at { $total }: the tied players roll again.
trackgammon-event-starts = { $seat } rolled highest and starts.
trackgammon-event-rolled = { $seat } rolls { $dice }: values { $values }.
trackgammon-event-no-move = { $seat } cannot use any value of { $dice }; the turn passes.
trackgammon-event-moved = { $seat } moves disc { $size } { $dir ->
        [backward] back
       *[forward] forward
    } { $value }: { $from } → { $to }{ $bounced ->
        [yes] {" "}(bounced)
       *[no] {""}
    }.
trackgammon-event-finished = { $seat } brings disc { $size } home from { $from } (with a { $value }).
trackgammon-event-hit = { $seat } hits disc { $size } of { $victim_seat }: back to the start.
trackgammon-event-buried = { $seat } buries disc { $under } of { $victim_seat } under disc { $size }.
trackgammon-event-undone = { $seat } takes back disc { $size } { $dir ->
        [backward] back
       *[forward] forward
    } { $value }.
trackgammon-event-turn-done = { $seat } ends the turn.
trackgammon-event-won = { $seat } has all five discs home and wins!

## Errors
trackgammon-error-no-options = Trackgammon has no options (got: { $names }).
trackgammon-error-players = Trackgammon is for { $min } to { $max } players.
trackgammon-error-bad-state = This stored Trackgammon game is damaged and cannot be loaded.

## Pictures and buttons
trackgammon-label-to-play = { $name } to play
trackgammon-label-winner = { $name } wins!
trackgammon-label-values-left = Values left: { $values }
trackgammon-label-all-used = All values used: confirm with Done
trackgammon-label-home = home { $count }/5
trackgammon-label-start = start
trackgammon-label-finish = finish
trackgammon-label-own = yellow: own point
trackgammon-label-shared = purple: shared point
trackgammon-label-numbers = numbers: track of { $name }
trackgammon-label-last-move = last move
trackgammon-label-disc-on = Disc { $size } on { $point }
trackgammon-label-forward = Disc { $size } on { $start }: forward { $value } → { $to }
trackgammon-label-backward = Disc { $size } on { $start }: back { $value } → { $to }
trackgammon-label-home-word = home
trackgammon-label-hits = hits
trackgammon-label-buries = buries
trackgammon-label-bounce = bounces
trackgammon-label-undo = ↩ Take back last move
trackgammon-label-done = ✔ Done: end turn
trackgammon-table-error-takeback-none = Trackgammon has no take-back command. During your turn the button “{ trackgammon-label-undo }” (or the move `undo`) takes back your last disc move, while your turn is still going.
trackgammon-label-to-go = { $points ->
    [one] { $points } step to go
   *[other] { $points } steps to go
}

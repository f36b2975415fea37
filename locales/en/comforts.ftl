# A person's seat that the computer plays now (after a resignation or a hand-over).
seat-computer-for = Computer ({ $level }, for { $name })

## The open-game limit (a server setting)
table-error-open-games-limit = You already have { $limit } open games in this server, as many as its moderators allow at once. Finish or leave one first (`/table mine` lists them).
settings-open-games-limit = Open games per person at most: { $value }

## Time banks and clocks that stand still in quiet hours (table settings)
option-bank_seconds = Time bank per player
option-bank_increment = Added to the bank per move
option-quiet_pause = Clocks stand still in quiet hours
time-banks = 🏦 Time banks: { $banks }
time-bank-entry = { $name } { $left }
mine-bank = 🏦 your bank { $left }

## Quiet hours (/table quiet-hours)
quiet-hours-set = Quiet hours every day from { $start } to { $end } ({ $zone }): no pings and no direct messages then. What would have reached you is sent once when they end.
quiet-hours-cleared = Your quiet hours are removed.
table-error-bad-quiet-hours = Give the start and the end as times of day, such as `23:00` and `08:00` (not the same time).
table-error-bad-time-zone = That time zone is unknown. Pick one from the list, such as `Europe/Amsterdam`.
quiet-held-turn = 🌅 { $user }, your quiet hours are over: it is your turn in { $game }{ $timed ->
    [yes] {" "}({ $left } left).
   *[no] .
}

## Rematch (the end-of-game post's button)
button-rematch = Rematch
rematch-opened = A rematch table is open in this channel, seats rotated. It starts by itself once every player of the last game has pressed Rematch (or when the host starts it).
rematch-joined = You are seated at the rematch.
table-error-rematch-not-finished = That game has not finished.
table-error-rematch-not-a-player = Only the players of that game can ask for a rematch. Open your own table with `/{ $game } new`.
table-error-rematch-too-late = The rematch could be asked for within a day of the end; open a new table with `/{ $game } new`.

## Turn times
turn-times-summary = ⏱ Median time per move: { $times }
turn-times-title = Median time to move
turn-times-line = { $game }: { $time }
turn-times-on = `/league profile` now shows your median time to move per game (time in your quiet hours and while away left out).
turn-times-off = `/league profile` no longer shows your turn times.

## Take-backs (/<game> take-back)
took-back = { $seat } took their last move back.
takeback-done = Taken back. Your turn goes on:
table-error-takeback-not-your-turn = You can only take a move back during your own turn.
table-error-takeback-nothing = There is nothing of yours to take back in this turn (a move can only be taken back while nobody else has acted since).
table-error-takeback-not-allowed = That move cannot be taken back: in this game it showed something hidden or chance played a part (dice, a card drawn), or the game does not allow take-backs.
table-error-takeback-none = This game has no take-backs: a move stands once it is played.
button-take-back = Take back

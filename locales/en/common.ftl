## Shared texts of the table flow (English).

table-error-no-such-game = That game does not exist (any more).
table-error-no-game-here = There is no open { $game } table in this channel. Start one with `/{ $game } new`.
table-error-channel-busy = This channel already has an open game. Finish or cancel it first, or play in a thread.
table-error-already-joined = You are already at this table.
table-error-table-full = The table is full ({ $max } players).
table-error-not-joined = You are not at this table.
table-error-host-cannot-leave = The host cannot leave; cancel the table instead.
table-error-no-computer-to-remove = There is no computer player to remove.
table-error-only-host-starts = Only the host can start before the table is full.
table-error-too-few-players = At least { $min } players are needed to start.
table-error-already-started = The game has already started.
table-error-not-open = This table is closed.
table-error-not-started = The game has not started yet.
table-error-not-running = This game is not running.
table-error-not-a-player = You are not playing in this game.
table-error-board-moved-on = The board has moved on since that button was made. Press **My hand / play** for fresh buttons.
table-error-only-host-cancels = Only the host or someone with Manage Server can cancel.
table-error-not-your-turn-now = It is not your turn. Waiting for { $players }.
table-error-unknown-button = That button is no longer in use.
error-not-your-turn = It is not your turn.
error-illegal = That move is not legal now.
error-bad-action = That is not a move in this game.
error-game-over = The game is over.
error-bad-option = That option is not allowed.
error-internal = Sorry, something went wrong on our side. The game was not changed. Please try again.
bot-stopping = The bot is restarting; nothing was changed. Please try again in a moment.
error-server-only = Tafelbot's commands work in a server, not in direct messages. Use them in a channel of a server the bot is in.

lobby-title = { $game }: table open
lobby-title-playing = { $game }: game on
lobby-title-cancelled = { $game }: table cancelled
lobby-host = Host: { $host }
lobby-players = Players ({ $count }/{ $max })
lobby-options = Options
lobby-hint = Join with the button. The host starts (anyone may start once the table is full). Needs at least { $min } players.
lobby-started = The game has started!
lobby-cancelled = This table was cancelled.
button-join = Join
button-leave = Leave
button-add-computer = Add computer
button-remove-computer = Remove computer
button-start = Start
button-cancel = Cancel
button-hand = My hand / play
button-previous = ◀ Previous
button-next = Next ▶
button-back = Back
button-refresh = Refresh

turn-next = Your turn: { $players }
turn-next-simultaneous = To play now: { $players }
turn-press = Press **My hand / play** for your cards and moves.
controls-your-turn = Your move. Pick one:
controls-pick-group = Your move. First pick:
controls-plans = The green buttons play the rest of your turn at once; the others play one move at a time.
controls-waiting = Not your turn yet. Waiting for { $players }.
controls-spectator = You are not playing in this game; here is the board.
controls-many = { $count ->
    [one] 1 possible move
   *[other] { $count } possible moves
}: page { $page } of { $pages }.
played-ok = Done.
game-cancelled = { $user } cancelled the game.
game-started = { $game } starts! Seats: { $players }
game-over-title = Game over! Final standings:
game-over-line = { $place }. { $name }: { $score }
game-over-resigned = (resigned: ranked after everyone who played on)
resigned = { $seat } resigned; a computer player takes over the seat.
resigned-ended = { $seat } resigned.
board-again = The board of { $game }.
rules-title = Rules: { $game }
computer-label = computer
option-yes = yes
option-no = no
# Values in the lobby's settings: an option left to the game, a number, a number of seconds.
option-default = default
option-number = { $n }
option-seconds = { $n } s
table-error-too-late = Too late! Someone else was quicker; your card stays where it was.
table-error-missing-permissions = I cannot post the board in this channel: I lack { $permissions } here. Ask a moderator to allow it (or play in another channel).
permission-view_channel = View Channel
permission-send_messages = Send Messages
permission-send_messages_in_threads = Send Messages in Threads
permission-attach_files = Attach Files
controls-sure = { $action }: this cannot be undone. Are you sure?
controls-sure-yes = Yes, sure

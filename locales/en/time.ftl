## Time per move, reminders and absent players (English).

time-duration-m = { $n } min
time-duration-h = { $n } h
time-duration-d = { $n ->
    [one] 1 day
   *[other] { $n } days
}
time-left = ⏳ { $left } left.
time-reminder = ⏰ { $players }: your move in { $game }, { $left } left.
time-reminder-last = ⏰ { $players }: your move in { $game } — only { $left } left before the computer moves for you.
time-reminder-dm = ⏰ Your move in { $game }: { $left } left.
time-board-link = The board: { $link }
time-lobby-expired = The { $game } table did not start in time and was closed. The channel is free again.
time-extended = { $user } gave { $players } { $extra } more: { $left } left.
time-heads-up = 👀 Heads-up: you are next in { $game }.
time-away-note = 💤 { $user } is away until { $until }.

## Platform events on the board
timed-out = ⏰ Time ran out for { $seat }; the computer moved for them.
auto-played = ↪ { $seat } had nothing to choose; the move was played automatically.
auto-playing = ↪ Your only move, { $action }, is being played for you. Press **My hand / play** for what comes next.
handed-over = { $seat } missed too many moves or was handed over; a computer player takes the seat (ranked as resigned).
handed-over-ended = { $seat } was handed over to the computer (ranked as resigned).

## Table errors
table-error-channel-not-allowed = Games cannot be opened in this channel on this server. Ask a moderator which channels are for games (`/table settings`).
table-error-only-host-hands-over = Only the host or someone with Manage Server can hand a seat to the computer.
table-error-not-a-person-seat = That seat is not played by a person.
table-error-only-host-extends = Only the host or someone with Manage Server can extend the clock.
table-error-no-move-time = No time per move or time bank is running now.
table-error-not-seated = That person is not playing at this table.
table-error-manage-server = Only someone with Manage Server can change these settings.
table-error-bad-time = I could not read that time. Try "friday", "3 days", "12h" or a date like 2026-12-24.

## Lobby: the table's own settings
option-move_seconds = Time per move
option-handover_after = Timeouts before the computer takes over
option-computer_speed = Computer's time per action
option-none = none

## /table commands
settings-title = Table settings of this server
settings-move = Default time per move: { $value }
settings-dm = Reminders by direct message allowed: { $value }
settings-lobby = Tables that do not start are closed after: { $value }
settings-channels = Games may be opened in: { $value }
settings-anywhere = any channel
settings-saved = Saved.
reminders-on = You will get reminders by direct message too.
reminders-off = No more reminders by direct message (the mention in the channel stays).
reminders-server-off = This server does not send reminders by direct message; you still get the mention in the channel.
heads-up-on = You will get a direct message when you are next.
auto-play-on = When you have only one move, it is played for you.
auto-play-off = Moves that decide nothing wait for you to press them.
heads-up-off = No more heads-up messages.
away-set = You are away until { $until }. Your reminders wait until then; the clock keeps running unless the host extends it.
away-cleared = Welcome back: reminders are on again.
mine-title = Your open games
mine-none = You have no open games in any server.
mine-line = { $game } in { $channel }: { $turn }{ $left }
mine-your-turn = **your turn**
mine-waiting = waiting for { $players }
mine-lobby = lobby, not started
running-title = Running games in this server
running-none = No games are running in this server.
option-lull = Round ends after a quiet spell of

## the inbox (/table inbox): one direct message with every table waiting for your move
inbox-title = 📬 Your move in { $count ->
    [one] one game
   *[other] { $count } games
}:
inbox-line = { $game } in { $server }, with { $others }
inbox-left = ⏳ { $left } left
inbox-more = … and { $count } more (/table mine lists them all)
inbox-server-unknown = a server
inbox-caught-up = ✅ All caught up: no game waits for your move.
inbox-turn = 📬 Your move: { $table }
inbox-set-one = You will get one direct message listing every game waiting for your move, kept up to date.
inbox-set-each = You will get a direct message each time a game waits for your move.
inbox-set-off = No more direct messages when a game waits for your move.
inbox-dms-closed = Your direct messages are closed to this bot: open them (Privacy settings of a server you share) to get your inbox.
inbox-server-off = This server does not send direct messages, so its games stay out of your inbox.
inbox-current = Your inbox: { $mode }
inbox-mode-one = one message, kept up to date
inbox-mode-each = one message per turn
inbox-mode-off = none
table-error-bad-inbox = Pick one of the choices: one message, one per turn, a daily digest, or none.
inbox-set-digest = You will get one direct message a day listing every game waiting for your move: when your quiet hours end, or at 09:00 UTC without them; none when nothing waits.
inbox-mode-digest = a daily digest

## Tournaments (cogs/tournament.py, table/tournament/, render/tournament.py).

tournament-default-name = { $game } tournament
tournament-format-swiss = Swiss
tournament-format-knockout = knockout
tournament-format-round-robin = round robin
tournament-button-join = Join
tournament-button-leave = Leave

tournament-signup-game = Game: { $game }
tournament-signup-format = Format: { $format }
tournament-signup-table = Players per table: { $n }
tournament-signup-rounds = Rounds: { $n }
tournament-signup-round-time = Time per round: { $time }
tournament-signup-move-time = Time per move: { $time }
tournament-signup-options = Options: { $options }
tournament-signup-starts = Starts: { $when }
tournament-signup-organiser = Organiser: { $organiser }
tournament-signup-players = Signed up ({ $count })
tournament-signup-footer-signup = Tournament #{ $number } · press Join to take part; the organiser starts it with /tournament start.
tournament-signup-footer-running = Tournament #{ $number } · running: /tournament mine shows your game.
tournament-signup-footer-paused = Tournament #{ $number } · paused by the organiser.
tournament-signup-footer-finished = Tournament #{ $number } · finished.
tournament-signup-footer-cancelled = Tournament #{ $number } · cancelled.

tournament-thread = { $name } · round { $round } · table { $table }
tournament-round = Round { $n }
tournament-round-title = **{ $name }: round { $n }**
tournament-round-table = Table { $number }: { $players } { $link }
tournament-round-table-waiting = (not open yet)
tournament-round-table-unplayed = (never opened: counts for nobody)
tournament-round-bye = Bye (counts as a win): { $player }
tournament-round-deadline = The round ends { $when }; games still running then end with the scores as they stand.
tournament-finished = 🏆 **{ $name }** is over. The podium:
tournament-podium-line = { $medal } { $player }: { $points ->
    [one] { $points } point
   *[other] { $points } points
}
tournament-cancelled = The tournament **{ $name }** was cancelled.
tournament-table-not-opened = Table { $number } of round { $round } ({ $players }) could not open:
tournament-table-retry = I try again { $minutes ->
        [one] every minute
       *[other] every { $minutes } minutes
    } until the round's deadline. A table that never opens counts for nobody: nobody gets points.
tournament-table-unplayed = Table { $number } of round { $round } ({ $players }) never opened before the round's deadline: it counts for nobody; nobody gets points.

tournament-standings-title = { $name }: standings
tournament-standings-sub = { $game } · { $format } · after round { $n }
tournament-col-player = Player
tournament-col-points = Pts
tournament-col-games = Games
tournament-col-buchholz = Buch.
tournament-col-sonneborn = S-B
tournament-col-score = Score
tournament-picture-empty = Nobody has signed up yet.
tournament-alt-line = { $position }. { $player }: { $points ->
    [one] { $points } point
   *[other] { $points } points
} from { $games ->
    [one] { $games } game
   *[other] { $games } games
}{ $byes ->
    [0] { "" }
    [one] { " " }and { $byes } bye
   *[other] { " " }and { $byes } byes
}

tournament-started-ok = The tournament has started: the first round is paired.
tournament-paused = The tournament is paused: games play on, but no new round is paired and the round's deadline waits.
tournament-resumed = The tournament carries on.
tournament-cancelled-ok = The tournament is cancelled. Games already running play on as ordinary games.
tournament-removed = { $player } is out of the tournament (no more pairings).
tournament-left = You are out of the tournament: no more pairings. A game you are playing now plays on.
tournament-organisers-role = Members with { $role } may now organise tournaments (as well as Manage Server).
tournament-organisers-none = Only members with Manage Server may organise tournaments.

tournament-mine-not-in = You are not in this tournament.
tournament-mine-dropped = You left this tournament.
tournament-mine-signed-up = You are signed up; the tournament has not started yet.
tournament-mine-out = You are out of the tournament (knocked out or not paired this round).
tournament-mine-bye = You have a bye in round { $n } (it counts as a win).
tournament-mine-done = Your game of round { $n } is over; the next round starts when every table has finished.
tournament-mine-game = Your game of round { $n }: { $link }

tournament-history-title = Past tournaments
tournament-history-line = #{ $number } **{ $name }** ({ $game }, { $format }): { $winner }
tournament-history-no-winner = no winner
tournament-history-none = This server has no finished tournaments yet.

decided-at-deadline = The round's deadline passed: the game ends with the scores as they stand.
knockout-seed-goes-on = Tied at the deadline: { $seat } goes on as the better seed (seeds follow the league rating at the start of the tournament, then who signed up first).

table-error-tournament-none = There is no tournament here.
table-error-tournament-ended-finished = The tournament **{ $name }** has ended. `/tournament standings` shows how it ended; `/tournament history` lists past tournaments.
table-error-tournament-ended-cancelled = The tournament **{ $name }** was cancelled. `/tournament standings` shows how it stood; `/tournament history` lists past tournaments.
table-error-tournament-no-game = That game is not available here.
table-error-tournament-bad-format = Choose swiss, knockout or round-robin.
table-error-tournament-bad-table-size = This game seats { $min } to { $max } players per table.
table-error-tournament-bad-rounds = A tournament has 1 to { $max } rounds.
table-error-tournament-bad-round-time = A round needs at least an hour.
table-error-tournament-bad-options = Write the game's options as "name=value, name=value".
table-error-tournament-start-passed = That start time has passed.
table-error-tournament-signup-closed = Sign-up for this tournament is closed.
table-error-tournament-already-in = You are already signed up.
table-error-tournament-not-in = That player is not (or no longer) in the tournament.
table-error-tournament-over = This tournament is over.
table-error-tournament-not-running = The tournament is not running.
table-error-tournament-organiser-only = Only the organiser (or someone with Manage Server, or the server's organiser role) may do that.
table-error-tournament-started = The tournament has started already.
table-error-tournament-too-few = At least { $min } players must sign up first.
table-error-thread-not-possible = I cannot open a thread in that channel (a text channel, and the permission to create public threads, are needed).

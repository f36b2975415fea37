## The table queue: /table queue (cogs/table_commands.py, table/queue.py).

queue-joined = You wait for { $game } (players: { $players }). Waiting now: { $count }/{ $players }. Your place is kept for a day.
queue-opened = A table of { $game } opened for { $players }: { $link }
queue-thread = { $game }: from the queue
queue-left = You are out of the queue.
queue-none = Nobody is waiting for a game in this server. Join with /table queue game:…
queue-title = Waiting for players
queue-line = { $game } (players: { $players }): { $names }
table-error-queue-not-in = You are not in the queue.
table-error-queue-bad-players = This game seats { $min } to { $max } players.
queue-passed-over = A table of { $game } from the queue was ready, but you have { $limit } open games on that server already, as many as its moderators allow at once. So you were passed over and are out of the queue; queue again once you have finished or left a game.

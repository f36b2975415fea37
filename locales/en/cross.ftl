## Tables across servers: /cross (cogs/cross.py, table/cross_queue.py).

cross-channel-on = Tables with other servers are played in { $channel }: each gets a thread there. People queue with /cross queue.
cross-channel-off = This server plays no tables with other servers any more. Tables already running go on.
cross-joined = You wait for { $game } with people of other servers (players: { $players }, { $pace } a move). Waiting now: { $count }/{ $players }. Your place is kept for a day.
cross-formed = A table is ready: confirm it in { $channel }.
cross-none = Nobody waits for a table across servers. Join with /cross queue game:…
cross-title = Waiting across servers
cross-line = { $game } (players: { $players }, { $pace } a move), waiting: { $count }
cross-ask = { $user }, a table of { $game } with people of other servers is ready (players: { $players }, { $pace } a move). Confirm within { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} to take your seat.
cross-button-confirm = Take my seat
cross-confirmed-waiting = ✅ You confirmed. The table opens once everyone has.
cross-confirmed-opening = ✅ Everyone confirmed: the table is opening.
cross-expired-kept = ⌛ Not everyone confirmed in time. You confirmed, so you keep your place in the queue.
cross-expired-moved = ⌛ You did not confirm in time, so you are back at the end of the queue (/cross leave to stop waiting).
cross-not-opened = The table could not open (a server's channel refuses the bot). Everyone waits again in their place.
cross-opened = The table is open: { $link }
cross-thread = { $game } across servers
cross-ladder-none = Nobody has a rating across servers in { $game } yet.
cross-ladder-title = { $game }: ratings across servers
cross-ladder-line = { $place }. { $name }: { $rating } (games: { $games })
cross-ladder-provisional = { $place }. { $name }: { $rating }? (games: { $games }, provisional)
cross-ladder-web = All games: { $link }
cross-ladder-unnamed = a player (name hidden)
cross-ladder-you = { $name } (you)
cross-name-neutral = At tables across servers you are shown with a neutral name (a new one each table).
cross-name-own = At tables across servers you are shown with your display name.
cross-blocked = Done: you two are never seated together across servers.
cross-unblocked = The block is taken back.
table-error-cross-no-channel = This server plays no tables with other servers. Someone with Manage Server can turn it on with /cross channel in the channel to use.
table-error-cross-channel-not-text = Choose a text channel (not a thread or a forum): each table gets a thread in it.
table-error-cross-bad-pace = Choose a pace of { $paces }.
table-error-cross-being-confirmed = A table of that game is waiting for your confirmation: confirm it first.
table-error-cross-confirm-gone = This table is no longer waiting for you.
table-error-cross-confirm-not-yours = This seat is someone else's: wait for your own table with /cross queue.
table-error-cross-confirm-late = The time to confirm ran out.
table-error-cross-no-rematch = A table across servers has no rematch: queue again with /cross queue.
table-error-cross-block-self = You cannot block yourself.
table-error-cross-no-cancel = A table across servers has no host: nobody cancels it. Resign with /{ $game } resign to hand your seat to a computer.
table-error-cross-no-extend = A table across servers has no host: its pace was chosen in the queue, and nobody gives extra time.

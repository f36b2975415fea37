## The web companion (web/): the pages, and its buttons and settings in Discord.

# Buttons under Discord messages (link buttons, only when the web companion is on)
web-watch = Watch
web-replay-button = Replay in the browser
web-server-button = Server page

# /table settings
settings-web-page = Server page on the web: { $value }
settings-web-off = The web companion is not set up on this bot (its operator sets TAFELBOT_WEB_URL).
settings-web-rotated = New table addresses made: the old links no longer work.

# Pages
web-skip = Skip to the table
web-language = Language
web-lang-en = English
web-lang-nl = Nederlands
web-footer = Read-only: nothing here changes a game. Hands are never shown.
web-table-title = { $game }, game { $id }
web-lobby = Waiting for the table to start.
web-cancelled = This game was cancelled.
web-finished = The game has ended.
web-turn = { $count ->
    [one] To move: { $players }
   *[other] To move (all at once): { $players }
}
web-left = { $left } left
web-alt-board = Board of { $game }
web-players = Players
web-player = Player
web-place = Place
web-score = Score
web-to-move = to move
web-computer = computer, { $level }
web-resigned = resigned
web-last-lines = Last moves
web-replay-link = { $steps ->
    [one] Replay (1 move)
   *[other] Replay ({ $steps } moves)
}
web-discord-link = Open in Discord
web-replay-title = Replay of { $game }, game { $id }
web-replay-step = Move { $step } of { $total }
web-replay-opening = The table as the game begins.
web-replay-controls = Replay controls
web-replay-first = First
web-replay-prev = Back one move
web-replay-next = Forward one move
web-replay-last = Last
web-replay-slider = Move
web-replay-keys = Keys: ← and → step, Home and End jump to the start and the end.
web-replay-all = Every move
web-back-to-table = Back to the table
web-server-title = Tables and league of this server
web-server-running = Running tables
web-server-table = { $game }, game { $id }
web-server-turn = To move: { $players }
web-server-none = No game is running.
web-server-league = League standings
web-server-no-league = No rated game has finished this season.
web-played = Played
web-wins = Wins
web-rating = Rating
web-not-found-title = Not found
web-not-found = There is no table at this address. The link may be old: ask for a new one in Discord.
web-live-paused = Live updates paused; trying again…
web-too-many = Too many requests at once; try again in a moment.

# A seated player's own part of the table page (signed in with Discord)
web-play-title = Your hand and moves
web-play-moves = Your moves
web-play-plans = Whole turn at once
web-play-board-moved-on = The board moved on before your move arrived. The moves below are the ones you have now.
web-play-taken-back = Taken back. Your turn goes on.
web-taps-pick = Which move?
web-taps-cancel = Cancel
web-taps-selected = selected
web-board-zoom = Enlarge the board
web-board-fit = Fit the board to the screen
web-footer-player = You are signed in: your hand and moves are shown to you alone.
web-sign-in = Sign in with Discord
web-sign-out = Sign out
web-signed-in-as = Signed in as { $name }
web-sign-in-first = Sign in with Discord to play on this page.
web-refused-origin = This request did not come from this site's own pages; nothing was changed.
web-refused-csrf = This page is out of date (its security token is missing or wrong); reload it and try again.
web-too-many-changes = Too many moves at once; wait a moment and try again.
web-sign-in-failed = Signing in with Discord did not work; nothing was changed. Try again from the table's page.
web-sign-in-refused = You did not allow signing in, so you are not signed in.
web-mine-title = Your tables
web-mine-link = My tables
web-mine-none = You are not seated at any running table.
web-mine-signed-out = Sign in with Discord to see the tables where you play, in every server.
web-mine-your-move = Your move
web-log-broken = The moves of this table can no longer be replayed: this page shows the game as it stands now, without its newest lines and replay steps.

# The ladder that travels (/ladder): ratings across servers
web-ladder-title = Ratings across servers
web-ladder-intro = Every game's ratings from tables played across servers (/cross queue in Discord). A rating with a question mark is provisional: fewer than five games. Who chose a neutral name is listed without a name.
web-ladder-none = No table across servers has finished yet.

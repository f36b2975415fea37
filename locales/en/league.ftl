## The league (/league): standings, profiles, history, seasons (English).

league-all-games = All games
league-col-rank = #
league-col-player = Player
league-col-played = Played
league-col-wins = Wins
league-col-points = Points
league-col-rating = Rating
league-picture-empty = No rated games yet.
league-picture-note = Only games between people count. Rating: a cautious skill estimate (openskill), starting at 1000.

league-standings-title = { $game }: season { $season }
league-standings-empty = No rated games in { $game } in season { $season } yet. Games count when every seat is a person.
league-standings-you = You are in place { $rank } of { $count }, with rating { $rating }.
league-standings-not-you = You have no rated game in this table yet.

league-profile-title = { $name } in the league
league-profile-line = Played { $played } · won { $wins } · rating { $rating } · best: place { $best } of { $of }
league-profile-points = Points: { $points }
league-profile-unrated-title = Unrated
league-profile-unrated = { $count ->
    [one] One game with computer players or cancelled.
   *[other] { $count } games with computer players or cancelled.
}
league-profile-recent = Recent games
league-profile-footer = Games over every season; ratings as they stand in season { $season }.
league-profile-empty = { $name } has not played in this server's league yet.
league-recent-place = place { $place } of { $of }

league-history-title = Recent games: { $game }
league-history-empty = No games of { $game } in this server yet.
league-history-link = to the table
league-history-unrated = unrated
league-history-cancelled = cancelled
league-history-resigned = resigned

league-season-started = Season { $season } has started! { $mode ->
    [carry] Ratings carry over from season { $previous }.
   *[reset] Ratings start afresh.
}
league-season-list-title = Seasons
league-season-line = **Season { $season }** from { $date }: { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $rated } rated · { $mode ->
    [first] the first season
    [carry] ratings carried over
   *[reset] ratings started afresh
}
league-season-current = (current)

league-settings-show = At a new season, ratings { $mode ->
    [carry] carry over from the season before.
   *[reset] start afresh.
} Change it with `/league settings ratings:`.
league-settings-saved = Saved. From the next new season on, ratings { $mode ->
    [carry] carry over from the season before.
   *[reset] start afresh.
}

league-error-no-server = The league lives in a server: use this command in one.
league-error-admin-only = Only members with Manage Server can do that.
league-error-no-season = There is no season { $season } yet; the current season is { $current }.
league-error-season-empty = Season { $season } has no finished game yet, so it is still fresh: no new season was started.
league-error-internal = Sorry, something went wrong on our side. Please try again.

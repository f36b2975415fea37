## De competitie (/league): stand, profielen, geschiedenis, seizoenen (Nederlands).

league-all-games = Alle spellen
league-col-rank = #
league-col-player = Speler
league-col-played = Gespeeld
league-col-wins = Gewonnen
league-col-points = Punten
league-col-rating = Rating
league-picture-empty = Nog geen spellen met rating.
league-picture-note = Alleen spellen tussen mensen tellen. Rating: voorzichtige schatting (openskill), begint op 1000.

league-standings-title = { $game }: seizoen { $season }
league-standings-empty = Nog geen spellen met rating in { $game } in seizoen { $season }. Een spel telt als elke plaats door een mens bezet is.
league-standings-you = Je staat op plaats { $rank } van { $count }, met rating { $rating }.
league-standings-not-you = Je hebt in deze stand nog geen spel met rating.

league-profile-title = { $name } in de competitie
league-profile-line = Gespeeld { $played } · gewonnen { $wins } · rating { $rating } · beste: plaats { $best } van { $of }
league-profile-points = Punten: { $points }
league-profile-unrated-title = Zonder rating
league-profile-unrated = { $count ->
    [one] Eén spel met computerspelers of afgebroken.
   *[other] { $count } spellen met computerspelers of afgebroken.
}
league-profile-recent = Laatste spellen
league-profile-footer = Spellen over alle seizoenen; ratings zoals ze in seizoen { $season } staan.
league-profile-empty = { $name } heeft nog niet in de competitie van deze server gespeeld.
league-recent-place = plaats { $place } van { $of }

league-history-title = Laatste spellen: { $game }
league-history-empty = Nog geen spellen van { $game } op deze server.
league-history-link = naar de tafel
league-history-unrated = zonder rating
league-history-cancelled = afgebroken
league-history-resigned = opgegeven

league-season-started = Seizoen { $season } is begonnen! { $mode ->
    [carry] De ratings gaan mee uit seizoen { $previous }.
   *[reset] De ratings beginnen opnieuw.
}
league-season-list-title = Seizoenen
league-season-line = **Seizoen { $season }** vanaf { $date }: { $games ->
    [one] 1 spel
   *[other] { $games } spellen
}, { $rated } met rating · { $mode ->
    [first] het eerste seizoen
    [carry] ratings meegenomen
   *[reset] ratings opnieuw begonnen
}
league-season-current = (huidig)

league-settings-show = Bij een nieuw seizoen { $mode ->
    [carry] gaan de ratings mee uit het vorige seizoen.
   *[reset] beginnen de ratings opnieuw.
} Wijzig het met `/competitie instellingen ratings:`.
league-settings-saved = Opgeslagen. Vanaf het volgende nieuwe seizoen { $mode ->
    [carry] gaan de ratings mee uit het vorige seizoen.
   *[reset] beginnen de ratings opnieuw.
}

league-error-no-server = De competitie hoort bij een server: gebruik dit commando op een server.
league-error-admin-only = Alleen leden met Server beheren kunnen dat.
league-error-no-season = Seizoen { $season } bestaat nog niet; het huidige seizoen is { $current }.
league-error-season-empty = Seizoen { $season } heeft nog geen uitgespeeld spel en is dus nog vers: er is geen nieuw seizoen begonnen.
league-error-internal = Sorry, er ging bij ons iets mis. Probeer het nog eens.

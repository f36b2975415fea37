## Devil Take The Hindmost (English). Engine texts first; picture labels (hindmost-label-*) below.

hindmost-name = Devil Take The Hindmost

## Events: one line each. $seat and $other_seat are player names, $num a rider's number,
## $cards a play such as 7H, JK or JK+7H, $from and $to space numbers (1-30; from_space and to_space in the event, see render.hindmost.format_event).

hindmost-event-race-started = Race { $race } of { $races } starts.
hindmost-event-lap-started = Lap { $lap } of { $laps }.
hindmost-event-staked = Stakes are in: the pot holds { $pot }.
hindmost-event-final-sprint = Final sprint: { $seat } rider { $num } against { $other_seat } rider { $other_num }!
hindmost-event-played = { $seat } plays { $cards } for rider { $num }: { $from } → { $to } (+{ $spaces }).
hindmost-event-blocked = { $seat } rider { $num } is held back { $spaces ->
        [one] 1 space
       *[other] { $spaces } spaces
    } by full spaces.
hindmost-event-crossed = { $seat } rider { $num } crosses the line: the turn is completed, then the last rider is out.
hindmost-event-reshuffled = The discards are shuffled into a new draw pile ({ $cards ->
        [one] 1 card
       *[other] { $cards } cards
    }).
hindmost-event-reshuffled-own = { $seat }'s discards are shuffled into a new draw pile ({ $cards ->
        [one] 1 card
       *[other] { $cards } cards
    }).
hindmost-event-pot-won = { $seat } wins the pot of { $amount }: rider { $num } led the lap.
hindmost-event-eliminated = { $seat } rider { $num } is the hindmost and is eliminated ({ $points ->
        [one] 1 point
       *[other] { $points } points
    }).
hindmost-event-team-out = { $seat } has no riders left in this race.
hindmost-event-regrouped = { $riders ->
        [one] The rider left regroups behind the line.
       *[other] The { $riders } riders left regroup behind the line.
    }
hindmost-event-runner-up = { $seat } rider { $num } finishes second ({ $points ->
        [one] 1 point
       *[other] { $points } points
    }).
hindmost-event-race-won = { $seat } rider { $num } wins the race! ({ $points ->
        [one] 1 point
       *[other] { $points } points
    })
hindmost-event-match-over = { $seat } wins the match with { $points ->
        [one] 1 point
       *[other] { $points } points
    } and { $wins ->
        [one] 1 race win
       *[other] { $wins } race wins
    }.

## Errors

hindmost-error-bad-option = The option { $option } is not valid here.
hindmost-error-bad-riders = That team size ({ $riders }) is not allowed: choose { $allowed } riders per player.
hindmost-error-bad-races = A match has { $low } to { $high } races (not { $races }).
hindmost-error-bad-players = Devil Take The Hindmost needs { $low } to { $high } players (not { $players }).
hindmost-error-bad-state = This saved game is damaged and cannot be continued.
hindmost-error-not-in-hand = You do not hold { $card }: play a card from your hand.
hindmost-error-combo-too-few = A joker combination needs at least 3 cards in your hand.
hindmost-error-illegal = You cannot play { $action } now. Play a card from your hand; a joker combination needs at least 3 cards in hand.

## /rules

hindmost-rules = **Devil Take The Hindmost**: an elimination race on a track of 30 spaces, numbered 1-30; a space's label for the cards is the last digit of its number (10, 20 and 30 are 10).
    Each player runs a team of riders (2 players: 3-4, 3: 3-4, 4: 2-3, 5: 2-3, 6: 2). Hands are 5 cards.

    ▸ **A turn** moves every rider once, in race order (furthest first; on a shared space the inside lane first). For your rider, play a card and draw one.
    ▸ **Movement** (from the label of the space the rider stands on):
    • 2-10: 3 spaces, but the card's value if it matches the label
    • Jack 6, Queen 7, King 8; Ace 10, but 1 on a "1"
    • Joker 5; Joker + card = that card + 5 (Joker Sprint); two Jokers 10
    A joker combination still draws only one card, so it is only allowed while you hold at least 3 cards.
    ▸ **Lanes**: at most 4 riders side by side. A rider landing on a full space goes to the first space behind it with room.

    ▸ **Lap end**: when a rider crosses the line, the turn is finished; then the hindmost rider (on a tie the outer lane) is eliminated. The rest regroup, one per space, leader on the starred 30. With two riders left they ride a final sprint lap; the one ahead wins.

    ▸ **Points** with N riders: the k-th eliminated scores k, second place N, the winner N + 3. A team scores its riders' points; ties go to the most race wins. A match may run several races.
    ▸ **Options**: own decks (each player draws from their own pack); betting (before every lap each player puts 1 per rider still racing into the pot; the owner of the lap's leader takes it).

## Words on the Devil Take The Hindmost pictures and buttons (render/hindmost.py).

hindmost-label-player = Player { $seat }
hindmost-label-finish = Finish
hindmost-label-race = Race { $race }/{ $races }
hindmost-label-lap = Lap { $lap }/{ $laps }
hindmost-label-final-sprint = Final sprint!
hindmost-label-eliminated = Eliminated
hindmost-label-points = { $points ->
    [one] { $points } pt
   *[other] { $points } pts
}
hindmost-label-riders-left = Riders in the race: { $count }
hindmost-label-first = Race winner
hindmost-label-second = Second
hindmost-label-to-move = { $name } to move
hindmost-label-rider-on = rider { $num } on space { $label }
hindmost-label-finish-crossed = line crossed: last moves of the lap
hindmost-label-then = Then:
hindmost-label-waiting = Waiting…
hindmost-label-game-over = Game over
hindmost-label-winner = Winner: { $names }
hindmost-label-col-team = Team
hindmost-label-col-points = Points
hindmost-label-col-race = Race
hindmost-label-col-match = Match
hindmost-label-col-wins = Wins
hindmost-label-col-bank = Bank
hindmost-label-col-cards = Hand
hindmost-label-pot = Pot: { $pot }
hindmost-label-last-play = Last play
hindmost-label-played = { $name }: { $cards }, rider { $num }: { $start } → { $to }
hindmost-label-piles = Draw pile { $pile } · discards { $discards }
hindmost-label-hand-title = { $name }'s hand
hindmost-label-hand-your-move = Your rider { $num } on space { $label } is to move
hindmost-label-hand-waiting = { $name } is to move (rider { $num })
hindmost-label-hand-next = Then your rider { $num } on space { $label }
hindmost-label-hand-empty = No cards: all your riders are out
hindmost-label-move = { $cards }: rider { $num } → { $to } (+{ $spaces })
hindmost-label-move-blocked = { $cards }: rider { $num } → { $to } (+{ $spaces }, { $full } is full)

## The lobby's settings (the options of /hindmost new)

hindmost-option-riders = Riders per player
hindmost-option-races = Races in the match
hindmost-option-own_decks = Own decks
hindmost-option-betting = Betting

## Duvelen (English)

duvelen-name = Duvelen

duvelen-rules = **Duvelen**: a speed card game for 2–8 players, each with an own 52-card deck. No turns: everybody plays at once. (The Dutch names of the piles are in brackets.)
    - **Your cards**: the **Stack** (*Stok*: 13 cards, top one open), the **Row** (*Rij*: 4 open cards) and the **Turn pile** (*Draaistok*: the other 35).
    - **Middle**: an Ace always starts a new **Heap** (*Hoop*; several per suit are fine). Any other card goes on a Heap of its own suit whose top is exactly one rank lower. The King closes it: a **King's Heap** (*Herenhoop*) for whoever laid the King.
    - **Play** from the top of your Stack, from your Row (the Stack top fills the gap; with an empty Stack the gap stays empty) or the open top of your Turn pile (the card beneath comes free).
    - **Turn three**: turn three Turn pile cards open, the third on top (or the rest). When none are left face down, the open pile is picked up, its top card goes to the bottom, and turning goes on.
    - **Too late?** If someone beats you to a spot, your card simply stays where it was.
    - **Stop**: with an empty Stack you may call Stop (+10). After Stop nobody may turn any more; the Stack, the Row and the open Turn pile still play.
    - **End of the round**: when nobody can play any more, when everybody pressed Done, or after a quiet spell.
    - **Score per round**: +1 per own card in the middle or in someone else's King's Heap, +2 per own card in your own King's Heap, −2 per card left in your Stack, +10 for Stop. Row and Turn pile: 0. Highest total after the last round wins.
    - **Relaxed mode**: players take turns; play any number of cards, then end your turn by turning three (or passing when you cannot turn).

## Events
duvelen-event-play = { $seat } plays { $card } from the { $source ->
        [stok] Stack
        [draai] Turn pile
       *[rij] Row
    }.
duvelen-event-open_hoop = { $seat } opens a new Heap with { $card } from the { $source ->
        [stok] Stack
        [draai] Turn pile
       *[rij] Row
    }.
duvelen-event-herenhoop = { $seat } lays the King: a King's Heap of { $suit ->
        [S] spades
        [H] hearts
        [D] diamonds
       *[C] clubs
    } ({ $own ->
        [one] 1 own card
       *[other] { $own } own cards
    }).
duvelen-event-refill = { $seat } fills Row place { $slot } with { $card } from the Stack.
duvelen-event-turn = { $seat } turns { $count } { $count ->
        [one] card
       *[other] cards
    }: { $card } on top.
duvelen-event-recycle = { $seat } picks up the Turn pile ({ $count ->
        [one] 1 card
       *[other] { $count } cards
    }) and puts its top card at the bottom.
duvelen-event-stop = { $seat } calls Stop! Nobody may turn any more.
duvelen-event-lay_open = { $seat } lays the rest of the Turn pile open ({ $count } { $count ->
    [one] card
   *[other] cards
  }); { $card } is on top.
duvelen-event-done = { $seat } is done for this round.
duvelen-event-pass = { $seat } passes.
duvelen-event-round_end = Round { $round } is over: { $reason ->
        [done] everybody is done
        [stuck] nobody can play any more
       *[quiet] it stayed quiet too long
    }.
duvelen-event-round_score = { $seat }: { $score ->
        [one] { $score } point
       *[other] { $score } points
    } this round ({ $stok } left in the Stack), { $total } in total.
duvelen-event-round_start = Round { $round }: ready? Go!
duvelen-event-winner = { $seat } wins with { $score ->
        [one] { $score } point
       *[other] { $score } points
    }!

## Errors
duvelen-error-players = Duvelen is for 2 to 8 players.
duvelen-error-rounds = The number of rounds must be between 1 and 10.
duvelen-error-mode = The mode must be live or relaxed.
duvelen-error-unknown-option = Unknown option: { $option }.
duvelen-error-too-late = Too late: someone got there first. Your card stays where it was.

## Labels (pictures and buttons)
duvelen-label-stok = Stack
duvelen-label-rij = Row
duvelen-label-rij-slot = Row { $slot }
duvelen-label-draaistok = Turn pile
duvelen-label-draaistok-open = Turn pile, face up: { $count }
duvelen-label-middle = Middle
duvelen-label-no-hoops = No Heaps yet: an Ace starts one
duvelen-label-herenhopen = King's Heaps
duvelen-label-round = Round { $round } of { $rounds }
duvelen-label-relaxed = relaxed
duvelen-label-stop-by = Stop called by { $name }: no more turning
duvelen-label-stopped = STOP
duvelen-label-done = done
duvelen-label-to-move = to move
duvelen-label-score = round { $round } · total { $total }
duvelen-label-ranking = Final ranking
duvelen-label-points = { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
duvelen-label-face-down = { $count } down
duvelen-label-empty = empty
duvelen-label-winner = winner
duvelen-label-game-over = Game over
duvelen-label-play-button = { $card }: { $source } → middle
duvelen-label-turn = Turn three
duvelen-label-stop = Stop!
duvelen-label-done-button = Done
duvelen-label-pass = Pass

## The lobby's settings (the options of /duvelen new)

duvelen-option-rounds = Rounds
duvelen-option-mode = Mode
duvelen-option-mode-live = live
duvelen-option-mode-relaxed = relaxed

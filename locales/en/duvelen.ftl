## Duvelen (English)

duvelen-name = Duvelen

duvelen-rules = **Duvelen**: a speed card game for 2–8 players, each with an own 52-card deck. No turns: everybody plays at once.
    - **Your cards**: the **Stok** (13 cards, top one open), the **Rij** (4 open cards) and the **Draaistok** (the other 35).
    - **Middle**: an Ace always starts a new **Hoop** (several per suit are fine). Any other card goes on a Hoop of its own suit whose top is exactly one rank lower. The King closes it: a **Herenhoop** for whoever laid the King.
    - **Play** from the top of your Stok, from your Rij (the Stok top fills the gap, with an empty Stok the gap stays empty) or the open top of your Draaistok (the card beneath comes free).
    - **Turn three**: turn three Draaistok cards open, the third on top (or the rest). When none are left face down, the open pile is picked up, its top card goes to the bottom, and turning goes on.
    - **Too late?** If someone beats you to a spot, your card simply stays where it was.
    - **Stop**: with an empty Stok you may call Stop (+10). After Stop nobody may turn any more; the Stok, the Rij and the open Draaistok still play.
    - **End of the round**: when nobody can play any more, when everybody pressed Done, or after a quiet spell.
    - **Score per round**: +1 per own card in the middle or in someone else's Herenhoop, +2 per own card in your own Herenhoop, −2 per card left in your Stok, +10 for Stop. Rij and Draaistok: 0. Highest total after the last round wins.
    - **Relaxed mode**: players take turns; play any number of cards, then end your turn by turning three (or passing when you cannot turn).

## Events
duvelen-event-play = { $seat } played { $card } from the { $source ->
        [stok] Stok
        [draai] Draaistok
       *[rij] Rij
    }.
duvelen-event-open_hoop = { $seat } opened a new Hoop with { $card } from the { $source ->
        [stok] Stok
        [draai] Draaistok
       *[rij] Rij
    }.
duvelen-event-herenhoop = { $seat } laid the King: a Herenhoop of { $suit ->
        [S] spades
        [H] hearts
        [D] diamonds
       *[C] clubs
    } ({ $own } own { $own ->
        [one] card
       *[other] cards
    }).
duvelen-event-refill = { $seat } filled Rij slot { $slot } with { $card } from the Stok.
duvelen-event-turn = { $seat } turned { $count } { $count ->
        [one] card
       *[other] cards
    }: { $card } on top.
duvelen-event-recycle = { $seat } picked up the Draaistok ({ $count } cards) and put its top card at the bottom.
duvelen-event-stop = { $seat } calls Stop! Nobody may turn any more.
duvelen-event-lay_open = { $seat } lays the rest of the Draaistok open ({ $count } { $count ->
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
duvelen-event-round_score = { $seat }: { $score } points this round ({ $stok } left in the Stok), { $total } in total.
duvelen-event-round_start = Round { $round }: ready? Go!
duvelen-event-winner = { $seat } wins with { $score } points!

## Errors
duvelen-error-players = Duvelen is for 2 to 8 players.
duvelen-error-rounds = The number of rounds must be between 1 and 10.
duvelen-error-mode = The mode must be live or relaxed.
duvelen-error-unknown-option = Unknown option: { $option }.
duvelen-error-too-late = Too late: someone got there first. Your card stays where it was.

## Labels (pictures and buttons)
duvelen-label-stok = Stok
duvelen-label-rij = Rij
duvelen-label-rij-slot = Rij { $slot }
duvelen-label-draaistok = Draaistok
duvelen-label-middle = Middle
duvelen-label-no-hoops = No Hoops yet: an Ace starts one
duvelen-label-herenhopen = Herenhopen
duvelen-label-round = Round { $round } of { $rounds }
duvelen-label-relaxed = relaxed
duvelen-label-stop-by = Stop called by { $name }: no more turning
duvelen-label-stopped = STOP
duvelen-label-done = done
duvelen-label-to-move = to move
duvelen-label-round-score = round
duvelen-label-total = total
duvelen-label-face-down = { $count } down
duvelen-label-empty = empty
duvelen-label-winner = winner
duvelen-label-game-over = Game over
duvelen-label-turn = Turn three
duvelen-label-stop = Stop!
duvelen-label-done-button = Done
duvelen-label-pass = Pass

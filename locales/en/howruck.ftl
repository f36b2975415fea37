## How Ruck! (English)

howruck-name = How Ruck!

howruck-rules =
    {"**"}How Ruck!** Two clans, a tug of war. Win 3 whisky barrels.
    {"**"}Forming the teams (a race):** each of you gets 20 secret cards. Both at once, take two, keep one for your team and give the other to your opponent's team. The first to split all 20 calls **Stop!**: the slower one splits only the pair in hand and the faster one splits the rest of the slower one's stack. If both had finished, a draw from the set-aside cards decides. The faster player puts the barrel on their start field and begins.
    {"**"}The tug:** hands of 6. In turn play a card, then draw one.
    • Men (red, blue, green) go on a field of their colour, on either side of the rope, covering what lies there.
    • Dames (white) and Nessie (6) go on any field.
    • Action cards are carried out (or declined) and discarded.
    Only top cards count; an empty field counts 2.
    {"**"}How Ruck!** A card with the How Ruck! label starts a strength comparison: add up each side's three top cards, and the stronger side pulls the barrel as many fields as the difference.
    {"**"}Actions:** Adrenaline Rush (barrel 2 toward you), Dirty Trick (take a card blind from the opponent's hand and play it), How Ruck (compare now), Mucho Macho (white tops except Nessie go), The Weakest Wins (weaker side pulls), The Rope Breaks (barrel to your start field), Switch Sides (move a top card across the rope), Bye Bye (name a value: those tops go), Monstrous (Nessie on the opponent's side: they lose the round), Reinforcements (take 3 extra cards).
    {"**"}Round end:** the barrel reaches a goal, or both hands are empty and the barrel's half decides. A player without cards passes.

## Card and field words (shared by the lines below: they read $card, $colour, $value, $field)

howruck-label-action-name = { $card ->
    [AD] Adrenaline Rush
    [VT] Dirty Trick
    [HR] How Ruck
    [MM] Mucho Macho
    [ZW] The Weakest Wins
    [TB] The Rope Breaks
    [WK] Switch Sides
    [TZ] Bye Bye
    [MO] Monstrous
    [VS] Reinforcements
   *[other] { $card }
}
howruck-label-scot-name = { $colour ->
    [r] red { $value }
    [b] blue { $value }
    [g] green { $value }
    [n] Nessie
   *[w] dame { $value }
}
howruck-label-field-name = { $field ->
    [r] red
    [b] blue
   *[g] green
}
# A field's colour standing alone, as the heading of a field in the picture.
howruck-label-field-heading = { $field ->
    [r] red
    [b] blue
   *[g] green
}

## Events

howruck-event-round-start = Round { $round } begins.
howruck-event-split = { $seat } has split { $done } of 10 pairs.
howruck-event-split-rest = { $seat } splits { $other_seat }'s remaining stack ({ $left ->
        [one] 1 card
       *[other] { $left } cards
    } left).
howruck-event-stop = { $seat } calls Stop! and is faster than { $other_seat }.
howruck-event-stop-tie = { $seat } and { $other_seat } call Stop! at the same moment: a draw decides.
howruck-event-tiebreak-draw = Draw: { $a_seat } turns up { $colour_a ->
        [r] red { $value_a }
        [b] blue { $value_a }
        [g] green { $value_a }
        [n] Nessie
        [w] dame { $value_a }
       *[x] an action card (0)
    }, { $b_seat } { $colour_b ->
        [r] red { $value_b }
        [b] blue { $value_b }
        [g] green { $value_b }
        [n] Nessie
        [w] dame { $value_b }
       *[x] an action card (0)
    }.
howruck-event-tiebreak-won = { $seat } wins the draw.
howruck-event-tug-start = The barrel stands on field { $barrel }; { $seat } starts the tug.
howruck-event-play = { $seat } lays { $colour ->
        [n] Nessie
       *[other] a { howruck-label-scot-name }
    } on { $side_seat }'s { howruck-label-field-name } field.
howruck-event-action = { $seat } plays { howruck-label-action-name }.
howruck-event-decline = { $seat } declines the action.
howruck-event-compare = How Ruck! { $a_seat } { $a } against { $b_seat } { $b }: the barrel moves { $pull ->
        [one] 1 field
       *[other] { $pull } fields
    } toward { $toward_seat } (field { $barrel }).
howruck-event-compare-even = How Ruck! { $a_seat } { $a } against { $b_seat } { $b }: equal, the barrel stays.
howruck-event-compare-weakest = The weakest wins! { $a_seat } { $a } against { $b_seat } { $b }: the barrel moves { $pull ->
        [one] 1 field
       *[other] { $pull } fields
    } toward { $toward_seat } (field { $barrel }).
howruck-event-adrenaline = The barrel moves { $steps ->
        [one] 1 field
       *[other] { $steps } fields
    } toward { $seat } (field { $barrel }).
howruck-event-steal = { $seat } takes card { $position } from { $victim_seat }'s hand and must play it now.
howruck-event-mucho-macho = Mucho Macho: { $count ->
        [0] no dame was on top.
        [one] one dame leaves the field.
       *[other] { $count } dames leave the field.
    }
howruck-event-tot-ziens = Bye bye, every { $value }: { $count ->
        [0] nothing was removed.
        [one] one card removed.
       *[other] { $count } cards removed.
    }
howruck-event-rope-breaks = The rope breaks! The barrel goes back to field { $barrel }.
howruck-event-switch = { $colour ->
        [n] Nessie
       *[other] The { howruck-label-scot-name }
    } moves from { $from_seat }'s { $from_field ->
        [r] red
        [b] blue
       *[g] green
    } field to { $to_seat }'s { $to_field ->
        [r] red
        [b] blue
       *[g] green
    } field.
howruck-event-monster-hit = Monstrous! Nessie shows on { $victim_seat }'s side: { $victim_seat } loses the round.
howruck-event-monster-miss = Monstrous, but no Nessie shows on { $victim_seat }'s side.
howruck-event-reinforce = { $seat } takes { $count ->
        [one] one extra card
       *[other] { $count } extra cards
    }.
howruck-event-pass = { $seat } has no cards left and passes.
howruck-event-round-won = { $seat } wins the round { $reason ->
        [goal] on the goal field
        [monster] with Monstrous
       *[half] with the barrel on their half
    } and now has { $barrels ->
        [one] 1 barrel
       *[other] { $barrels } barrels
    }.
howruck-event-game-won = { $seat } wins the game with { $barrels ->
        [one] 1 barrel
       *[other] { $barrels } barrels
    }!

## Errors

howruck-error-unknown-option = Unknown option: { $option }.
howruck-error-learning = The option learning must be true or false.
howruck-error-barrels-to-win = The barrels to win must be a whole number from 1 to { $max }.
howruck-error-players = How Ruck! is a game for exactly 2 players.
howruck-error-bad-state = This stored How Ruck! game is damaged and cannot be loaded.

## Words on pictures and buttons

howruck-label-card = { $colour ->
    [x] { howruck-label-action-name }
   *[other] { howruck-label-scot-name }
}
howruck-label-round = Round { $round }
howruck-label-barrels = Barrels
howruck-label-hand = Hand { $count }
howruck-label-pile = Pile { $count }
howruck-label-strength = Strength { $name }: { $value }
howruck-label-action-card = action
howruck-label-goal = GOAL
howruck-label-start = start
howruck-label-empty = empty = 2
howruck-label-beneath = +{ $count } under
howruck-label-forming = Forming the teams: a race!
howruck-label-pairs = { $done } of 10 pairs split
howruck-label-stack = { $count ->
    [one] 1 card
   *[other] { $count } cards
} still in the stack
howruck-label-faster = Stop! Faster
howruck-label-finished = Finished: may call Stop
howruck-label-splitting-rest = splitting { $name }'s rest ({ $count ->
    [one] 1 card
   *[other] { $count } cards
} left)
howruck-label-turn = { $name } to play
howruck-label-pending = { $name } must play the stolen card
howruck-label-winner = { $name } wins the game!
howruck-label-last = Last move
howruck-label-discard = Discard
howruck-label-keep = Keep { $keep }, give { $give }
howruck-label-stop = Stop!
howruck-label-split = Split a pair
howruck-label-do = Carry it out
howruck-label-decline = Decline
howruck-label-name-value = Name { $value }
howruck-label-steal = Card { $position } of { $count } (blind)
howruck-label-own-field = { howruck-label-field-name } field, your side
howruck-label-their-field = { howruck-label-field-name } field, their side
howruck-label-play-to = { $card } → { $field }
howruck-label-card-does = { $card }: { $what }
howruck-label-ranking = Final ranking
howruck-label-barrels-won = { $count ->
        [one] { $count } barrel
       *[other] { $count } barrels
    }
howruck-label-side-field = { $side ->
        [own] your
       *[their] their
    } { howruck-label-field-name }
howruck-label-switch = { $card }: { $from } → { $to }
howruck-label-stolen = Stolen: { $card }
howruck-label-your-hand = Your hand
howruck-label-your-pair = Your pair: keep one, give one
howruck-label-rest-pair = From { $name }'s stack: keep one, give one
howruck-label-kept-given = Kept { $kept } · given { $given }
howruck-label-waiting = Nothing to split: wait for the tug
howruck-label-how-ruck = HOW RUCK!
howruck-label-hint = { $card ->
    [AD] barrel 2 fields toward you
    [VT] take a card from their hand and play it
    [HR] strength comparison now
    [MM] white top cards go (not Nessie)
    [ZW] comparison: the weaker side pulls
    [TB] barrel back to your start field
    [WK] move a top card across the rope
    [TZ] name a value: those top cards go
    [MO] Nessie on their side: they lose the round
    [VS] take 3 extra cards
   *[other] {""}
}
howruck-label-stolen-card = Stolen
howruck-event-forming-timeout = ⏰ Nobody split a pair for a while: the rest of the teams is split as dealt.

## The lobby's settings (the options of /howruck new)

howruck-option-learning = Learning round
howruck-option-barrels_to_win = Barrels to win

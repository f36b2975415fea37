## How Ruck! (Nederlands)

howruck-name = How Ruck!

howruck-rules =
    {"**"}How Ruck!** Twee clans, een partijtje touwtrekken. Win 3 whiskyvaten.
    {"**"}De ploegen vormen (een race):** ieder krijgt 20 geheime kaarten. Tegelijk neem je er twee, houd je er één voor je eigen ploeg en geef je de andere aan de ploeg van je tegenspeler. Wie als eerste alle 20 verdeeld heeft, roept **Stop!**: de tragere verdeelt alleen nog het paar in de hand en de snellere verdeelt de rest van de stapel van de tragere. Waren beiden al klaar, dan beslist een trekking uit de opzij gelegde kaarten. De snellere zet het vat op zijn startveld en begint.
    {"**"}Touwtrekken:** 6 kaarten in de hand. Om de beurt speel je een kaart en neem je er één bij.
    • Mannen (rood, blauw, groen) gaan op een veld van hun kleur, aan een van beide kanten van het touw, over wat er ligt.
    • Dames (wit) en Nessie (6) mogen op elk veld.
    • Actiekaarten voer je uit (of niet) en leg je op de aflegstapel.
    Alleen de bovenste kaarten tellen; een leeg veld telt 2.
    {"**"}How Ruck!** Een kaart met het opschrift How Ruck! geeft een krachtmeting: tel per kant de drie bovenste kaarten op; de sterkste kant trekt het vat zoveel velden als het verschil.
    {"**"}Acties:** Adrenalinestoot (vat 2 naar jou), Vuile truc (neem blind een kaart uit de hand van je tegenspeler en speel die), How Ruck (krachtmeting nu), Mucho Macho (witte bovenkaarten behalve Nessie weg), De zwakste wint (de zwakste kant trekt), Het touw breekt (vat naar jouw startveld), Wisselen van kant (een bovenkaart naar de overkant), Tot ziens (noem een waarde: die bovenkaarten weg), Monsterlijk (Nessie bij je tegenspeler: die verliest de ronde), Versterking (neem 3 kaarten extra).
    {"**"}Einde van de ronde:** het vat bereikt een doelveld, of beide handen zijn leeg en de helft waarop het vat staat beslist. Wie geen kaarten meer heeft, past.

## Kaart- en veldwoorden (gedeeld door de regels hieronder: ze lezen $card, $colour, $value, $field)

howruck-label-action-name = { $card ->
    [AD] Adrenalinestoot
    [VT] Vuile truc
    [HR] How Ruck
    [MM] Mucho Macho
    [ZW] De zwakste wint
    [TB] Het touw breekt
    [WK] Wisselen van kant
    [TZ] Tot ziens
    [MO] Monsterlijk
    [VS] Versterking
   *[other] { $card }
}
howruck-label-scot-name = { $colour ->
    [r] rode { $value }
    [b] blauwe { $value }
    [g] groene { $value }
    [n] Nessie
   *[w] dame { $value }
}
howruck-label-field-name = { $field ->
    [r] rode
    [b] blauwe
   *[g] groene
}
# Los als kop boven een veld: geen bijvoeglijke buiging.
howruck-label-field-heading = { $field ->
    [r] rood
    [b] blauw
   *[g] groen
}

## Gebeurtenissen

howruck-event-round-start = Ronde { $round } begint.
howruck-event-split = { $seat } heeft { $done } van de 10 paren verdeeld.
howruck-event-split-rest = { $seat } verdeelt de rest van de stapel van { $other_seat } (nog { $left ->
        [one] 1 kaart
       *[other] { $left } kaarten
    }).
howruck-event-stop = { $seat } roept Stop! en is sneller dan { $other_seat }.
howruck-event-stop-tie = { $seat } en { $other_seat } roepen tegelijk Stop!: een trekking beslist.
howruck-event-tiebreak-draw = Trekking: { $a_seat } draait { $colour_a ->
        [r] een rode { $value_a }
        [b] een blauwe { $value_a }
        [g] een groene { $value_a }
        [n] Nessie
        [w] een dame { $value_a }
       *[x] een actiekaart (0)
    } om, { $b_seat } { $colour_b ->
        [r] een rode { $value_b }
        [b] een blauwe { $value_b }
        [g] een groene { $value_b }
        [n] Nessie
        [w] een dame { $value_b }
       *[x] een actiekaart (0)
    }.
howruck-event-tiebreak-won = { $seat } wint de trekking.
howruck-event-tug-start = Het vat staat op veld { $barrel }; { $seat } begint met touwtrekken.
howruck-event-play = { $seat } legt { $colour ->
        [n] Nessie
       *[other] een { howruck-label-scot-name }
    } op het { howruck-label-field-name } veld van { $side_seat }.
howruck-event-action = { $seat } speelt { howruck-label-action-name }.
howruck-event-decline = { $seat } ziet af van de actie.
howruck-event-compare = How Ruck! { $a_seat } { $a } tegen { $b_seat } { $b }: het vat gaat { $pull ->
        [one] 1 veld
       *[other] { $pull } velden
    } naar { $toward_seat } (veld { $barrel }).
howruck-event-compare-even = How Ruck! { $a_seat } { $a } tegen { $b_seat } { $b }: gelijk, het vat blijft staan.
howruck-event-compare-weakest = De zwakste wint! { $a_seat } { $a } tegen { $b_seat } { $b }: het vat gaat { $pull ->
        [one] 1 veld
       *[other] { $pull } velden
    } naar { $toward_seat } (veld { $barrel }).
howruck-event-adrenaline = Het vat gaat { $steps ->
        [one] 1 veld
       *[other] { $steps } velden
    } naar { $seat } (veld { $barrel }).
howruck-event-steal = { $seat } neemt kaart { $position } uit de hand van { $victim_seat } en moet die meteen spelen.
howruck-event-mucho-macho = Mucho Macho: { $count ->
        [0] er ligt geen dame bovenop.
        [one] 1 dame verlaat het veld.
       *[other] { $count } dames verlaten het veld.
    }
howruck-event-tot-ziens = Tot ziens, elke { $value }: { $count ->
        [0] er gaat niets weg.
        [one] 1 kaart gaat weg.
       *[other] { $count } kaarten gaan weg.
    }
howruck-event-rope-breaks = Het touw breekt! Het vat gaat terug naar veld { $barrel }.
howruck-event-switch = { $colour ->
        [n] Nessie
       *[other] De { howruck-label-scot-name }
    } gaat van het { $from_field ->
        [r] rode
        [b] blauwe
       *[g] groene
    } veld van { $from_seat } naar het { $to_field ->
        [r] rode
        [b] blauwe
       *[g] groene
    } veld van { $to_seat }.
howruck-event-monster-hit = Monsterlijk! Nessie ligt bovenop bij { $victim_seat }: { $victim_seat } verliest de ronde.
howruck-event-monster-miss = Monsterlijk, maar bij { $victim_seat } ligt geen Nessie bovenop.
howruck-event-reinforce = { $seat } neemt { $count ->
        [one] 1 kaart
       *[other] { $count } kaarten
    } extra.
howruck-event-pass = { $seat } heeft geen kaarten meer en past.
howruck-event-round-won = { $seat } wint de ronde { $reason ->
        [goal] op het doelveld
        [monster] met Monsterlijk
       *[half] met het vat op de eigen helft
    } en heeft nu { $barrels ->
        [one] 1 vat
       *[other] { $barrels } vaten
    }.
howruck-event-game-won = { $seat } wint het spel met { $barrels ->
        [one] 1 vat
       *[other] { $barrels } vaten
    }!

## Fouten

howruck-error-unknown-option = Onbekende optie: { $option }.
howruck-error-learning = De optie leerronde moet aan of uit staan.
howruck-error-barrels-to-win = Het aantal vaten om te winnen moet een geheel getal van 1 tot { $max } zijn.
howruck-error-players = How Ruck! is een spel voor precies 2 spelers.
howruck-error-bad-state = Dit opgeslagen How Ruck!-spel is beschadigd en kan niet geladen worden.

## Woorden op afbeeldingen en knoppen

howruck-label-card = { $colour ->
    [x] { howruck-label-action-name }
   *[other] { howruck-label-scot-name }
}
howruck-label-round = Ronde { $round }
howruck-label-barrels = Vaten
howruck-label-hand = Hand { $count }
howruck-label-pile = Stapel { $count }
howruck-label-strength = Kracht { $name }: { $value }
howruck-label-action-card = actie
howruck-label-goal = DOEL
howruck-label-start = start
howruck-label-empty = leeg = 2
howruck-label-beneath = +{ $count } eronder
howruck-label-forming = De ploegen vormen: een race!
howruck-label-pairs = { $done } van 10 paren verdeeld
howruck-label-stack = nog { $count ->
    [one] 1 kaart
   *[other] { $count } kaarten
} op de stapel
howruck-label-faster = Stop! Sneller
howruck-label-finished = Klaar: mag Stop roepen
howruck-label-splitting-rest = verdeelt de rest van { $name } (nog { $count ->
    [one] 1 kaart
   *[other] { $count } kaarten
})
howruck-label-turn = { $name } is aan de beurt
howruck-label-pending = { $name } moet de gestolen kaart spelen
howruck-label-winner = { $name } wint het spel!
howruck-label-last = Laatste zet
howruck-label-discard = Aflegstapel
# "de" voor een Schot of dame ("Houd de groene 0"); Nessie en de actiekaarten zijn namen.
howruck-label-keep = Houd { $keep_colour ->
        [n] { $keep_name }
        [x] { $keep_name }
       *[other] de { $keep_name }
    }, geef { $give_colour ->
        [n] { $give_name }
        [x] { $give_name }
       *[other] de { $give_name }
    }
howruck-label-stop = Stop!
howruck-label-split = Verdeel een paar
howruck-label-do = Uitvoeren
howruck-label-decline = Niet uitvoeren
howruck-label-name-value = Noem { $value }
howruck-label-steal = Kaart { $position } van { $count } (blind)
howruck-label-own-field = het { howruck-label-field-name } veld, jouw kant
howruck-label-their-field = het { howruck-label-field-name } veld, overkant
howruck-label-play-to = { $card } → { $field }
howruck-label-card-does = { $card }: { $what }
howruck-label-ranking = Eindstand
howruck-label-barrels-won = { $count ->
        [one] { $count } vat
       *[other] { $count } vaten
    }
howruck-label-side-field = { howruck-label-field-name } ({ $side ->
        [own] jij
       *[their] tegenspeler
    })
howruck-label-switch = { $card }: { $from } → { $to }
howruck-label-stolen = Gestolen: { $card }
howruck-label-your-hand = Jouw hand
howruck-label-your-pair = Jouw paar: houd er 1, geef er 1
howruck-label-rest-pair = Uit de stapel van { $name }: houd er 1, geef er 1
howruck-label-kept-given = Gehouden { $kept } · gegeven { $given }
howruck-label-waiting = Niets te verdelen: wacht op het touwtrekken
howruck-label-how-ruck = HOW RUCK!
howruck-label-hint = { $card ->
    [AD] vat 2 velden naar jou
    [VT] neem een kaart van je tegenspeler en speel die
    [HR] krachtmeting nu
    [MM] witte bovenkaarten weg (niet Nessie)
    [ZW] krachtmeting: de zwakste trekt
    [TB] vat terug naar jouw startveld
    [WK] een bovenkaart naar de overkant
    [TZ] noem een waarde: die bovenkaarten weg
    [MO] Nessie bij je tegenspeler: die verliest de ronde
    [VS] neem 3 kaarten extra
   *[other] {""}
}
howruck-label-stolen-card = Gestolen
howruck-event-forming-timeout = ⏰ Een tijd lang verdeelde niemand een paar: de overige kaarten gaan naar de ploegen zoals ze liggen.

## De instellingen in de lobby (de opties van /howruck nieuw)

howruck-option-learning = Leerronde
howruck-option-barrels_to_win = Vaten om te winnen

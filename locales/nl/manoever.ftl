## Das glorreiche Manöver (Nederlands)

manoever-name = Das glorreiche Manöver

manoever-rules = **Das glorreiche Manöver**: 2–4 spelers brengen samen 12 rekruten (6, 4 of 3 per speler) over een parcours van 84 velden van de binnenplaats van de kazerne terug naar die binnenplaats. Wie vroeg aankomt, scoort het meest.
    - **Begin**: om de beurt gooit elke speler de dobbelsteen en zet een rekruut op dat veld (hooguit 3 per veld, anders opnieuw gooien). Daarna wordt de dobbelsteen niet meer gebruikt.
    - **Jouw beurt**: beweeg elk van je **vrije** rekruten (alleen, of bovenop een groepje) minstens 1 veld vooruit, één voor één, in de volgorde die je wilt. Een rekruut die tijdens je beurt vrijkomt, moet ook bewegen; elke rekruut beweegt hooguit één keer per beurt. Zonder vrije rekruut sla je je beurt over.
    - **Maximale afstand** = positie × passagier × bonus, bepaald op het moment dat de rekruut beweegt:
      - positie: 1 + het aantal bezette velden vóór hem (een groepje telt één keer, de binnenplaats niet); de koploper heeft positie 1.
      - passagier: ×2 bovenop één rekruut, ×3 bovenop twee.
      - bonus: ×2 op een witte steen, ×3 op een zwarte, alleen voor een rekruut die erop geland is.
      - Voorbeeld: bovenop twee rekruten in het vijfde groepje: tot 3 × 5 = 15 velden.
    - Je springt over alles heen, maar landt nooit op een veld met 3 rekruten. Wie op een grijze beloningssteen (1, 2, 3) landt, neemt hem.
    - **Binnenplaats**: wie voorbij veld 84 gaat, is thuis. De eerste krijgt plaats 12, de volgende 11, enzovoort. Komt de 11e rekruut aan, dan krijgt de laatste plaats 1 en is het spel uit.
    - **Score**: de plaatsen van je rekruten plus je beloningsstenen. Bij gelijkstand wint wie de hoogste plaats met één rekruut heeft.
    - Een zet schrijf je als rekruut-afstand: `3-15` beweegt je rekruut 3 over 15 velden.

## Gebeurtenissen
manoever-event-start = { $seat } begint de oefening.
manoever-event-opening = { $seat } gooit { $fields } voor de beginopstelling{ $rerolls ->
        [0] {""}
       *[other] {" "}({ $rerolls } keer opnieuw: veld vol)
    }.
manoever-event-turn = { $seat } is aan de beurt.
manoever-event-turn-end = { $seat } heeft alle rekruten bewogen.
manoever-event-pass = { $seat } heeft geen vrije rekruut en slaat deze beurt over.
manoever-event-move = { $seat } zet rekruut { $recruit } van { $from } naar { $to } ({ $distance } van { $max }){ $onto ->
        [0] {""}
        [one] {" "}bovenop 1 rekruut
       *[other] {" "}bovenop { $onto } rekruten
    }{ $bonus ->
        [0] {""}
       *[other] , bonus ×{ $bonus }
    }.
manoever-event-reward = { $seat } neemt de beloningssteen van { $value } op veld { $field }.
manoever-event-arrive = Rekruut { $recruit } van { $seat } bereikt de binnenplaats vanaf { $from }: plaats { $place }!
manoever-event-freed = Rekruut { $recruit } van { $seat } op { $field } komt vrij en moet ook bewegen.
manoever-event-last = De oefening is voorbij: rekruut { $recruit } van { $seat } (veld { $field }) krijgt plaats 1.
manoever-event-end = { $winner_seat } wint met { $score ->
        [one] 1 punt
       *[other] { $score } punten
    }.

## Foutmeldingen
manoever-error-option = Dit spel heeft geen optie „{ $option }”.
manoever-error-players = Das glorreiche Manöver is voor 2 tot 4 spelers.
manoever-error-format = Schrijf een zet als rekruut-afstand, bijvoorbeeld 3-15.
manoever-error-no-recruit = Je hebt geen rekruut { $recruit }.
manoever-error-home = Rekruut { $recruit } is al thuis op de binnenplaats.
manoever-error-moved = Rekruut { $recruit } heeft deze beurt al bewogen.
manoever-error-covered = Rekruut { $recruit } zit onder een andere rekruut en kan niet bewegen.
manoever-error-zero = Een rekruut beweegt minstens 1 veld.
manoever-error-too-far = Rekruut { $recruit } mag hooguit { $max ->
        [one] 1 veld
       *[other] { $max } velden
    } bewegen.
manoever-error-overshoot = Rekruut { $recruit } bereikt de binnenplaats al met { $distance }.
manoever-error-full = Op veld { $field } staan al 3 rekruten.
manoever-error-bad-state = Het opgeslagen spel is beschadigd en kan niet geladen worden.

## Woorden op de afbeelding en de knoppen
manoever-label-turn = Beurt { $turn }
manoever-label-to-move = { $name } is aan zet
manoever-label-winner = Afgelopen: { $name } wint
manoever-label-courtyard = Binnenplaats
manoever-label-scores = Punten
manoever-label-points = { $points ->
    [one] { $points } punt
   *[other] { $points } punten
}
manoever-label-reward-points = +{ $points } uit beloningen
manoever-label-must-move = Nog te zetten ({ $name })
manoever-label-all-moved = Alle rekruten hebben bewogen.
manoever-label-pending = { $recruit } op { $field }: max { $max }
manoever-label-factors = = { $rank }{ $passenger ->
        [1] {""}
       *[other] {" "}× { $passenger }
    }{ $bonus ->
        [1] {""}
       *[other] {" "}× { $bonus }
    }
manoever-label-after-84 = na 84: de binnenplaats
# Een reeks rijen zonder rekruten, op de afbeelding tot één strook gevouwen; de stenen volgen.
manoever-label-fold = { $stones ->
    [0] Velden { $first }–{ $last }: geen rekruten, geen stenen
   *[other] Velden { $first }–{ $last }: geen rekruten; stenen op:
}
manoever-label-fold-more = en nog { $count }
manoever-label-legend-black = zwarte steen ×3
manoever-label-legend-white = witte steen ×2
manoever-label-legend-reward = beloningssteen
manoever-label-group = Rekruut { $recruit } op { $field } (max { $max })
manoever-label-target = Rekruut { $recruit }: { $field } → { $to } (+{ $distance })
manoever-label-home = Rekruut { $recruit }: { $field } → binnenplaats, plaats { $place } (+{ $distance })
manoever-label-onto = bovenop { $count ->
    [one] 1 rekruut
   *[other] { $count } rekruten
}
manoever-label-takes-reward = pakt beloning { $value }
manoever-label-lands-bonus = { $factor ->
    [3] zwarte steen ×3
   *[other] witte steen ×2
}

## Devil Take The Hindmost (Nederlands). Eerst de teksten van de engine; beeldlabels (hindmost-label-*) hieronder.

hindmost-name = Devil Take The Hindmost

## Gebeurtenissen: één regel elk. $seat en $other_seat zijn spelersnamen, $num het nummer van een
## renner, $cards een zet zoals 7H, JK of JK+7H, $from en $to de nummers van de vakjes (1-30).

hindmost-event-race-started = Wedstrijd { $race } van { $races } begint.
hindmost-event-lap-started = Ronde { $lap } van { $laps }.
hindmost-event-staked = De inzetten liggen in de pot: { $pot }.
hindmost-event-final-sprint = Eindsprint: renner { $num } van { $seat } tegen renner { $other_num } van { $other_seat }!
hindmost-event-played = { $seat } speelt { $cards } voor renner { $num }: { $from } → { $to } (+{ $spaces }).
hindmost-event-blocked = Renner { $num } van { $seat } moet { $spaces ->
        [one] 1 vakje
       *[other] { $spaces } vakjes
    } terug door volle vakjes.
hindmost-event-crossed = Renner { $num } van { $seat } gaat over de lijn: de beurt wordt afgemaakt, daarna valt de laatste af.
hindmost-event-reshuffled = De aflegstapel wordt geschud tot een nieuwe trekstapel ({ $cards ->
        [one] 1 kaart
       *[other] { $cards } kaarten
    }).
hindmost-event-reshuffled-own = De aflegstapel van { $seat } wordt geschud tot een nieuwe trekstapel ({ $cards ->
        [one] 1 kaart
       *[other] { $cards } kaarten
    }).
hindmost-event-pot-won = { $seat } wint de pot van { $amount }: renner { $num } won de ronde.
hindmost-event-eliminated = Renner { $num } van { $seat } is de achterste en valt af ({ $points ->
        [one] 1 punt
       *[other] { $points } punten
    }).
hindmost-event-team-out = { $seat } heeft geen renners meer in deze wedstrijd.
hindmost-event-regrouped = { $riders ->
        [one] De overgebleven renner hergroepeert achter de lijn.
       *[other] De { $riders } overgebleven renners hergroeperen achter de lijn.
    }
hindmost-event-runner-up = Renner { $num } van { $seat } wordt tweede ({ $points ->
        [one] 1 punt
       *[other] { $points } punten
    }).
hindmost-event-race-won = Renner { $num } van { $seat } wint de wedstrijd! ({ $points ->
        [one] 1 punt
       *[other] { $points } punten
    })
hindmost-event-match-over = { $seat } wint met { $points ->
        [one] 1 punt
       *[other] { $points } punten
    } en { $wins ->
        [one] 1 gewonnen wedstrijd
       *[other] { $wins } gewonnen wedstrijden
    }.

## Foutmeldingen

hindmost-error-bad-option = De optie { $option } is hier niet geldig.
hindmost-error-bad-riders = Die ploeggrootte ({ $riders }) mag niet: kies { $allowed } renners per speler.
hindmost-error-bad-races = Een reeks telt { $low } tot { $high } wedstrijden (niet { $races }).
hindmost-error-bad-players = Devil Take The Hindmost is voor { $low } tot { $high } spelers (niet { $players }).
hindmost-error-bad-state = Dit opgeslagen spel is beschadigd en kan niet verder.
hindmost-error-not-in-hand = Je hebt { $card } niet: speel een kaart uit je hand.
hindmost-error-combo-too-few = Een jokercombinatie kan alleen met minstens 3 kaarten in je hand.
hindmost-error-illegal = Je kunt { $action } nu niet spelen. Speel een kaart uit je hand; een jokercombinatie kan alleen met minstens 3 kaarten in je hand.

## /rules

hindmost-rules = **Devil Take The Hindmost**: een afvallingskoers op een baan van 30 vakjes, genummerd 1-30; voor de kaarten telt het laatste cijfer van het nummer (10, 20 en 30 tellen als 10).
    Elke speler heeft een ploeg renners (2 spelers: 3-4, 3: 3-4, 4: 2-3, 5: 2-3, 6: 2). Je hebt 5 kaarten in de hand.

    ▸ **In een beurt** rijdt elke renner één keer, in koersvolgorde (de voorste eerst; op hetzelfde vakje de binnenkant eerst). Speel voor je renner een kaart en trek er één.
    ▸ **Beweging** (volgens het nummer van het vakje waar de renner staat):
    • 2-10: 3 vakjes, maar de waarde van de kaart als die gelijk is aan het vakje
    • Boer 6, Dame 7, Heer 8; Aas 10, maar 1 op een "1"
    • Joker 5; Joker + kaart = die kaart + 5 (Joker Sprint); twee Jokers 10
    Ook bij een jokercombinatie trek je maar één kaart, dus die mag alleen zolang je minstens 3 kaarten hebt.
    ▸ **Banen**: hooguit 4 renners naast elkaar. Wie op een vol vakje zou komen, gaat naar het eerste vakje erachter met plaats.

    ▸ **Einde van een ronde**: gaat een renner over de lijn, dan wordt de beurt afgemaakt; daarna valt de achterste renner af (bij gelijke stand de buitenste). De rest hergroepeert, één per vakje, de eerste op de 30 met het sterretje. Met twee renners over rijden ze een eindsprint; wie voorligt, wint.

    ▸ **Punten** met N renners: de k-de afvaller krijgt k, de tweede N, de winnaar N + 3. Een ploeg telt de punten van haar renners op; bij gelijkstand wint wie meer wedstrijden won. Een reeks kan uit meerdere wedstrijden bestaan.
    ▸ **Opties**: eigen stapels (elke speler trekt uit een eigen kaartspel); weddenschap (voor elke ronde legt elke speler 1 per renner in koers in de pot; de eigenaar van de renner die de ronde wint, krijgt de pot).

## Woorden op de plaatjes en knoppen van Devil Take The Hindmost (render/hindmost.py).

hindmost-label-player = Speler { $seat }
hindmost-label-finish = Aankomst
hindmost-label-race = Wedstrijd { $race }/{ $races }
hindmost-label-lap = Ronde { $lap }/{ $laps }
hindmost-label-final-sprint = Eindsprint!
hindmost-label-eliminated = Afgevallen
hindmost-label-points = { $points } pt
hindmost-label-riders-left = Renners in koers: { $count }
hindmost-label-first = Wedstrijdwinnaar
hindmost-label-second = Tweede
hindmost-label-to-move = { $name } is aan zet
hindmost-label-rider-on = renner { $num } op vakje { $label }
hindmost-label-finish-crossed = over de streep: laatste zetten van de ronde
hindmost-label-then = Daarna:
hindmost-label-waiting = Even wachten…
hindmost-label-game-over = Afgelopen
hindmost-label-winner = Winnaar: { $names }
hindmost-label-col-team = Ploeg
hindmost-label-col-points = Punten
hindmost-label-col-race = Koers
hindmost-label-col-match = Totaal
hindmost-label-col-wins = Zeges
hindmost-label-col-bank = Bank
hindmost-label-col-cards = Hand
hindmost-label-pot = Pot: { $pot }
hindmost-label-last-play = Laatste zet
hindmost-label-played = { $name }: { $cards }, renner { $num }: { $start } → { $to }
hindmost-label-piles = Trekstapel { $pile } · aflegstapel { $discards }
hindmost-label-hand-title = Hand van { $name }
hindmost-label-hand-your-move = Jouw renner { $num } op vakje { $label } is aan zet
hindmost-label-hand-waiting = { $name } is aan zet (renner { $num })
hindmost-label-hand-next = Daarna jouw renner { $num } op vakje { $label }
hindmost-label-hand-empty = Geen kaarten: al je renners zijn afgevallen
hindmost-label-move = { $cards }: renner { $num } → { $to } (+{ $spaces })
hindmost-label-move-blocked = { $cards }: renner { $num } → { $to } (+{ $spaces }, { $full } is vol)

## De instellingen in de lobby (de opties van /hindmost nieuw)

hindmost-option-riders = Renners per speler
hindmost-option-races = Wedstrijden in de reeks
hindmost-option-own_decks = Eigen stapels
hindmost-option-betting = Wedden

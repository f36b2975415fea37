## Duvelen (Nederlands)

duvelen-name = Duvelen

duvelen-rules = **Duvelen**: een snel kaartspel voor 2–8 spelers, ieder met een eigen spel van 52 kaarten. Er zijn geen beurten: iedereen speelt tegelijk.
    - **Jouw kaarten**: de **Stok** (13 kaarten, de bovenste open), de **Rij** (4 open kaarten) en de **Draaistok** (de overige 35).
    - **Midden**: een aas begint altijd een nieuwe **Hoop** (meerdere per kleur mogen). Elke andere kaart gaat op een Hoop van dezelfde kleur waarvan de bovenste kaart precies één lager is. De heer sluit hem af: een **Herenhoop** voor wie de heer legde.
    - **Spelen** mag van de bovenkant van je Stok, uit je Rij (de bovenste Stokkaart vult het gat; is de Stok leeg, dan blijft het gat leeg) of de open bovenste kaart van je Draaistok (de kaart eronder komt vrij).
    - **Draai er drie om**: draai drie kaarten van de Draaistok open, de derde bovenop (of de rest). Zijn er geen dichte kaarten meer, dan pak je de open stapel op, de bovenste kaart gaat onderop en je draait verder.
    - **Te laat?** Was iemand je voor, dan blijft je kaart gewoon liggen.
    - **Stop**: met een lege Stok mag je Stop roepen (+10). Daarna mag niemand meer draaien; Stok, Rij en open Draaistok mogen nog gespeeld worden.
    - **Einde ronde**: als niemand meer kan spelen, als iedereen op Klaar drukt of na een stille periode.
    - **Punten per ronde**: +1 per eigen kaart in het midden of in de Herenhoop van een ander, +2 per eigen kaart in je eigen Herenhoop, −2 per kaart die nog in je Stok zit, +10 voor Stop. Rij en Draaistok: 0. Wie na de laatste ronde de meeste punten heeft, wint.
    - **Rustige variant**: spelers om de beurt; speel zoveel kaarten als je wilt en eindig je beurt door drie te draaien (of te passen als draaien niet kan).

## Gebeurtenissen
duvelen-event-play = { $seat } speelt { $card } uit de { $source ->
        [stok] Stok
        [draai] Draaistok
       *[rij] Rij
    }.
duvelen-event-open_hoop = { $seat } begint een nieuwe Hoop met { $card } uit de { $source ->
        [stok] Stok
        [draai] Draaistok
       *[rij] Rij
    }.
duvelen-event-herenhoop = { $seat } legt de heer: een Herenhoop in { $suit ->
        [S] schoppen
        [H] harten
        [D] ruiten
       *[C] klaveren
    } ({ $own ->
        [one] 1 eigen kaart
       *[other] { $own } eigen kaarten
    }).
duvelen-event-refill = { $seat } vult plek { $slot } van de Rij aan met { $card } uit de Stok.
duvelen-event-turn = { $seat } draait { $count } { $count ->
        [one] kaart
       *[other] kaarten
    } open: { $card } bovenop.
duvelen-event-recycle = { $seat } pakt de Draaistok op ({ $count ->
        [one] 1 kaart
       *[other] { $count } kaarten
    }) en legt de bovenste kaart onderop.
duvelen-event-stop = { $seat } roept Stop! Niemand mag nog draaien.
duvelen-event-lay_open = { $seat } legt de rest van de Draaistok open ({ $count } { $count ->
    [one] kaart
   *[other] kaarten
  }); { $card } ligt bovenop.
duvelen-event-done = { $seat } is klaar voor deze ronde.
duvelen-event-pass = { $seat } past.
duvelen-event-round_end = Ronde { $round } is voorbij: { $reason ->
        [done] iedereen is klaar
        [stuck] niemand kan nog spelen
       *[quiet] het bleef te lang stil
    }.
duvelen-event-round_score = { $seat }: { $score ->
        [one] { $score } punt
       *[other] { $score } punten
    } deze ronde ({ $stok } over in de Stok), { $total } in totaal.
duvelen-event-round_start = Ronde { $round }: Klaar? Af!
duvelen-event-winner = { $seat } wint met { $score ->
        [one] { $score } punt
       *[other] { $score } punten
    }!

## Foutmeldingen
duvelen-error-players = Duvelen is voor 2 tot 8 spelers.
duvelen-error-rounds = Het aantal ronden moet tussen 1 en 10 liggen.
duvelen-error-mode = De speelwijze moet live of rustig zijn.
duvelen-error-unknown-option = Onbekende optie: { $option }.
duvelen-error-too-late = Te laat: iemand was je voor. Je kaart blijft liggen.

## Labels (plaatjes en knoppen)
duvelen-label-stok = Stok
duvelen-label-rij = Rij
duvelen-label-rij-slot = Rij { $slot }
duvelen-label-draaistok = Draaistok
duvelen-label-draaistok-open = Draaistok, open: { $count }
duvelen-label-middle = Midden
duvelen-label-no-hoops = Nog geen Hopen: een aas begint er een
duvelen-label-herenhopen = Herenhopen
duvelen-label-round = Ronde { $round } van { $rounds }
duvelen-label-relaxed = rustig
duvelen-label-stop-by = { $name } riep Stop: niet meer draaien
duvelen-label-stopped = STOP
duvelen-label-done = klaar
duvelen-label-to-move = aan zet
duvelen-label-score = ronde { $round } · totaal { $total }
duvelen-label-ranking = Eindstand
duvelen-label-points = { $points ->
        [one] { $points } punt
       *[other] { $points } punten
    }
duvelen-label-face-down = { $count } dicht
duvelen-label-empty = leeg
duvelen-label-winner = winnaar
duvelen-label-game-over = Einde spel
duvelen-label-play-button = { $card }: { $source } → midden
duvelen-label-turn = Draai er drie om
duvelen-label-stop = Stop!
duvelen-label-done-button = Klaar
duvelen-label-pass = Passen

## De instellingen in de lobby (de opties van /duvelen nieuw)

duvelen-option-rounds = Rondes
duvelen-option-mode = Speelwijze
duvelen-option-mode-live = live
duvelen-option-mode-relaxed = rustig

## Trackgammon (Nederlands)

trackgammon-name = Trackgammon

trackgammon-rules = **Trackgammon**: 2–4 spelers jagen vijf gestapelde schijven (1 = runner … 5 = fat man) over een eigen zigzagspoor van 25 punten naar het finishvak.
    - **Bord**: oneven punten zijn **geel** (alleen van jou), even punten **paars** (gedeeld met één buur). Punt 13 is de S-bocht in het midden.
    - **Beurt**: de dobbelstenen rollen vanzelf. Elke waarde zet één schijf precies zo ver, **vooruit of achteruit**; waarden tel je nooit op. Bij een dubbel tellen ook de onderkanten mee: 2-2 speelt 2, 2, 5, 5.
    - **Zetdwang**: gebruik zoveel waarden als mogelijk (je runner kan altijd bewegen, dus: alle). Bouw je beurt zet voor zet op (terugnemen mag) en bevestig.
    - **Terugkaatsen**: op punt 1 achteruit, of op 25 vooruit als de schijf nog niet naar het finishvak mag, keert de schijf om; het eindpunt telt als stap. Vanaf 3 landt 5 achteruit op 4; daarna 2 achteruit op 2.
    - **Finishvak**: alleen je grootste schijf die nog niet binnen is, mag erin, vooruit met minstens de afstand (26 − punt); wat over is, vervalt. Eerst de fat man, als laatste de runner.
    - **Beperkingen**: alleen de bovenste schijf van een stapel beweegt; nooit landen op een kleinere schijf; nooit voorbij een kleinere schijf van een ander (die **blokkeert**, ook bedekt; terugkaatsen telt mee).
    - **Slaan**: landen op een even grote schijf van een ander stuurt die terug naar zijn beginvak, op de juiste plek in de stapel.
    - **Begraven**: landen op een grotere schijf mag; een begraven schijf kan pas weer bewegen als hij vrij ligt.
    - **Einde**: wie als eerste alle vijf schijven binnen heeft, wint meteen; de anderen worden gerangschikt op schijven binnen, dan op de afstand die nog te gaan is.
    - Zetten schrijf je grootte-richting-waarde: `5f3` = schijf 5 vooruit 3, `2b6` = schijf 2 achteruit 6; `undo` neemt terug, `done` bevestigt.

## Gebeurtenissen
trackgammon-event-opening-roll = { $seat } gooit { $dice } ({ $total }) voor wie mag beginnen.
trackgammon-event-opening-tie = Gelijk op { $total }: de gelijke spelers gooien opnieuw.
trackgammon-event-starts = { $seat } gooit het hoogst en begint.
trackgammon-event-rolled = { $seat } gooit { $dice }: waarden { $values }.
trackgammon-event-no-move = { $seat } kan geen enkele waarde van { $dice } gebruiken; de beurt gaat naar de volgende speler.
trackgammon-event-moved = { $seat } zet schijf { $size } { $dir ->
        [backward] achteruit
       *[forward] vooruit
    } met { $value }: { $from } → { $to }{ $bounced ->
        [yes] {" "}(teruggekaatst)
       *[no] {""}
    }.
trackgammon-event-finished = { $seat } brengt schijf { $size } binnen vanaf { $from } (met een { $value }).
trackgammon-event-hit = { $seat } slaat schijf { $size } van { $victim_seat }: terug naar het beginvak.
trackgammon-event-buried = { $seat } begraaft schijf { $under } van { $victim_seat } onder schijf { $size }.
trackgammon-event-undone = { $seat } neemt de zet van schijf { $size } terug ({ $value } { $dir ->
        [backward] achteruit
       *[forward] vooruit
    }).
trackgammon-event-turn-done = { $seat } sluit de beurt af.
trackgammon-event-won = { $seat } heeft alle vijf schijven binnen en wint!

## Fouten
trackgammon-error-no-options = Trackgammon heeft geen opties (gekregen: { $names }).
trackgammon-error-players = Trackgammon is voor { $min } tot { $max } spelers.
trackgammon-error-bad-state = Dit opgeslagen Trackgammon-spel is beschadigd en kan niet worden geladen.

## Plaatjes en knoppen
trackgammon-label-to-play = { $name } is aan zet
trackgammon-label-winner = { $name } wint!
trackgammon-label-values-left = Nog te spelen: { $values }
trackgammon-label-all-used = Alle waarden gebruikt: bevestig met Klaar
trackgammon-label-home = binnen { $count }/5
trackgammon-label-start = beginvak
trackgammon-label-finish = finishvak
trackgammon-label-own = geel: eigen punt
trackgammon-label-shared = paars: gedeeld punt
trackgammon-label-numbers = nummers: spoor van { $name }
trackgammon-label-last-move = laatste zet
trackgammon-label-disc-on = Schijf { $size } op { $point }
trackgammon-label-forward = Schijf { $size } op { $start }: { $value } vooruit → { $to }
trackgammon-label-backward = Schijf { $size } op { $start }: { $value } achteruit → { $to }
trackgammon-label-home-word = binnen
trackgammon-label-hits = slaat
trackgammon-label-buries = begraaft
trackgammon-label-bounce = kaatst terug
trackgammon-label-undo = ↩ Laatste zet terugnemen
trackgammon-label-done = ✔ Klaar: beurt afsluiten
trackgammon-table-error-takeback-none = Trackgammon heeft geen terugneem-commando. Tijdens je beurt neemt de knop “{ trackgammon-label-undo }” (of de zet `undo`) je laatste zet met een schijf terug, zolang je beurt nog loopt.
trackgammon-label-to-go = nog { $points ->
    [one] { $points } stap
   *[other] { $points } stappen
}

# Een kanaal waar de bot niet meer in kan posten (cogs/table/trouble.py): voor de host van de tafel.
trouble-reason-gone = het kanaal of de thread is verwijderd, of de bot kan het niet meer zien
trouble-reason-locked = de thread is op slot gezet
trouble-reason-permission = de bot mist daar een recht (Kanaal bekijken, Berichten versturen, Berichten versturen in threads of Bestanden bijvoegen)
trouble-reason-removed = de bot is van de server verwijderd
trouble-told-host = ⚠️ Je tafel voor { $game } in { $channel } zit vast: { $reason }. De klok staat stil, dus niemand verliest tijd. Het spel gaat vanzelf verder zodra de bot daar weer kan posten; lukt dat niet binnen { $days ->
        [one] { $days } dag
       *[other] { $days } dagen
    }, dan wordt het spel afgebroken (telt niet mee).
trouble-cancelled = Het spel { $game } in { $channel } is afgebroken: de bot kon daar { $days ->
        [one] { $days } dag
       *[other] { $days } dagen
    } niet posten. Het telt niet mee.
trouble-cancelled-deleted = Je spel { $game } in { $channel } is afgebroken: het kanaal of de thread is verwijderd. Het telt niet mee.
trouble-told-host-across = ⚠️ Je tafel voor { $game } in { $channel } zit vast: { $reason }. De tafel speelt door in de draden van de andere servers en op de webpagina, en de klok loopt; deze draad krijgt het nieuwste bord zodra de bot er weer kan posten.

## Nim, the tests' toy game (English)

nim-name = Nim
nim-rules = **Nim**: 2–3 players take 1, 2 or 3 counters from one pile in turn. Whoever takes the last counter wins.

## Events
nim-event-took = { $seat } took { $n } ({ $left } left).
nim-event-won = { $seat } took the last counter and wins.

## Errors
nim-error-bad-pile = The pile must hold 1 to 50 counters.
nim-error-players = Nim takes 2 or 3 players.

## Options shown in the lobby
nim-option-pile = Counters

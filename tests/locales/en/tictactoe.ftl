## Tic-tac-toe, the tests' short game (English)

tictactoe-name = Tic-tac-toe
tictactoe-rules = **Tic-tac-toe**: 2 players mark a free cell of a 3×3 grid in turn. Three marks in a row, column or diagonal win; a full grid without one is a draw.

## Events
tictactoe-event-marked = { $seat } marked cell { $cell }.
tictactoe-event-won = { $seat } has three in a row and wins.
tictactoe-event-draw = The grid is full: a draw.

## Errors
tictactoe-error-players = Tic-tac-toe takes 2 players.

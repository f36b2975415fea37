"""Pictures: pure functions of a game *view* (never raw state) returning PNG bytes."""

"""Game rules: pure, deterministic, standard library only (see ../shared/design.md)."""

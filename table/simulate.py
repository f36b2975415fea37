"""``tafelbot simulate GAME``: a whole game between computer players, pictures of every move.

No Discord and no database: engine, computer player and renderer only, so a newcomer sees the
games work at once.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from engines.levels import DEFAULT_LEVEL
from engines.rng import derive_seed


class OutFolderInUse(Exception):
    """The output folder holds files, and mixing two games' pictures would mislead."""


def written_by_simulate(path: Path) -> bool:
    """A file this command writes: a move's picture or the replay."""
    return path.is_file() and (path.name == "replay.gif" or (path.name.startswith("move-") and path.suffix == ".png"))


def prepare_out(out: Path, *, clear: bool) -> None:
    """Make ``out`` ready for one game's pictures: missing or empty, or emptied of an earlier run's
    pictures when ``clear`` says so. A short game after a long one would otherwise leave the long
    one's later pictures beside its own. Nothing else is ever deleted: ``--out .`` stays safe."""
    if out.exists() and not out.is_dir():
        raise OutFolderInUse(f"{out} is a file, not a folder.")
    if not out.is_dir():
        return
    present = sorted(out.iterdir())
    if not present:
        return
    if not clear:
        entries = f"{len(present)} {'entry' if len(present) == 1 else 'entries'}"
        raise OutFolderInUse(
            f"{out}/ is not empty ({entries}). Add --clear to delete the pictures of an earlier run, "
            "or choose another folder with --out."
        )
    others = [p.name for p in present if not written_by_simulate(p)]
    if others:
        shown = ", ".join(others[:5]) + (", …" if len(others) > 5 else "")
        raise OutFolderInUse(
            f"{out}/ holds files simulate did not write ({shown}); --clear deletes only its own pictures. "
            "Choose another folder with --out."
        )
    for path in present:
        path.unlink()


def simulate(
    game: str,
    *,
    players: int | None,
    seed: int,
    out: Path,
    gif: bool = False,
    locale: str = "en",
    max_steps: int = 5000,
    progress: Callable[[int, int], None] | None = None,
) -> str:
    """Play a whole game and draw it; ``progress(done, total)`` is told after every picture."""
    from table.spec import load_spec

    spec = load_spec(game)
    engine, choose, render_board = spec.engine, spec.choose, spec.render_board
    count = players or min(engine.min_players + 1, engine.max_players)
    state, _events = engine.new_game(count, seed, engine.normalize_options({}))
    names = [f"Computer {i + 1}" for i in range(count)]
    out.mkdir(parents=True, exist_ok=True)
    # Play first (fast), then draw (slow): the number of pictures is known, so progress is real.
    views = [engine.view(state, None)]
    step = 0
    while engine.outcome(state) is None and step < max_steps:
        movers = sorted(engine.to_move(state))
        seat = movers[step % len(movers)]  # in simultaneous play everyone gets a go in turn
        legal = engine.legal_actions(state, seat)
        action = choose(engine.view(state, seat), legal, derive_seed(seed, step, seat), None, DEFAULT_LEVEL)
        state, _events = engine.apply(state, seat, action)
        step += 1
        views.append(engine.view(state, None))
    frames: list[bytes] = []
    for number, view in enumerate(views):
        png = render_board(view, names=names, locale=locale)
        (out / f"move-{number:04d}.png").write_bytes(png)
        if gif:
            frames.append(png)
        if progress is not None:
            progress(number + 1, len(views))
    if gif and frames:
        from PIL import Image

        images = [Image.open(io.BytesIO(f)).convert("P", palette=Image.Palette.ADAPTIVE) for f in frames]
        images[0].save(out / "replay.gif", save_all=True, append_images=images[1:], duration=400, loop=0)
    outcome = engine.outcome(state)
    result = (
        "unfinished"
        if outcome is None
        else ", ".join(f"{names[i]}: place {outcome.placements[i]}, score {outcome.scores[i]:g}" for i in range(count))
    )
    return f"{game}: {step} moves, pictures in {out}/ — {result}"

"""`tafelbot simulate`: a whole game between computer players, with a picture of every move."""

import pytest
from PIL import Image

from bot import main
from table.registry import GAME_KEYS
from table.spec import load_spec


@pytest.mark.slow  # among the quick tier's slowest (10–50 s on a busy machine, issue 46): the full run has it
def test_simulate_plays_a_whole_game_and_writes_every_picture(tmp_path, capsys):
    assert main(["simulate", "hindmost", "--players", "2", "--seed", "5", "--out", str(tmp_path), "--gif"]) == 0
    summary = capsys.readouterr().out
    assert "place 1" in summary and "unfinished" not in summary
    pictures = sorted(tmp_path.glob("move-*.png"))
    moves = int(summary.split(": ")[1].split(" moves")[0])
    assert len(pictures) == moves + 1  # the start and every move
    assert Image.open(pictures[-1]).width == 1080  # portrait, for phones
    assert Image.open(tmp_path / "replay.gif").n_frames == len(pictures)


@pytest.mark.slow  # among the quick tier's slowest (10–50 s on a busy machine, issue 46): the full run has it
def test_a_folder_with_pictures_in_it_is_refused_unless_cleared(tmp_path, capsys):
    # A short game after a long one left the long one's later pictures beside its own (issue 38).
    assert main(["simulate", "hindmost", "--players", "3", "--seed", "3", "--out", str(tmp_path)]) == 0
    first = len(list(tmp_path.glob("move-*.png")))
    (tmp_path / "move-9999.png").write_bytes(b"an older, longer game")
    assert main(["simulate", "hindmost", "--players", "2", "--out", str(tmp_path)]) == 2
    assert "--clear" in capsys.readouterr().err
    assert len(list(tmp_path.glob("move-*.png"))) == first + 1  # nothing touched

    assert main(["simulate", "hindmost", "--players", "2", "--out", str(tmp_path), "--clear"]) == 0
    moves = int(capsys.readouterr().out.split(": ")[1].split(" moves")[0])
    assert len(list(tmp_path.glob("move-*.png"))) == moves + 1
    assert not (tmp_path / "move-9999.png").exists()


def test_clear_deletes_only_what_simulate_writes(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "move-0000.png").write_bytes(b"old")
    assert main(["simulate", "hindmost", "--players", "2", "--out", str(tmp_path), "--clear"]) == 2
    assert "notes.txt" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text() == "mine" and (tmp_path / "move-0000.png").read_bytes() == b"old"


def test_help_explains_every_option(capsys):
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--help"])
    assert done.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    for option, says in {
        "{" + ",".join(GAME_KEYS) + "}": "which game",  # every registered game, in the registry's order
        "--players PLAYERS": "number of players",
        "--seed SEED": "deals the cards and rolls the dice",
        "--out OUT": "folder for the pictures",
        "--clear": "first delete the pictures of an earlier",
        "--gif": "also write an animated replay.gif",
        "--locale {en,nl}": "language of the words on the pictures",
    }.items():
        assert f"{option} {says}" in shown, option


@pytest.mark.parametrize(("game", "players"), [("howruck", 4), ("duvelen", 9), ("hindmost", 0), ("trackgammon", -1)])
def test_a_player_count_the_game_does_not_allow_gets_a_usage_message(tmp_path, capsys, game, players):
    with pytest.raises(SystemExit) as done:
        main(["simulate", game, "--players", str(players), "--out", str(tmp_path)])
    assert done.value.code == 2  # argparse's code for bad arguments
    err = capsys.readouterr().err
    engine = load_spec(game).engine
    assert err.startswith("usage: tafelbot simulate")
    assert f"{game} is played by {engine.min_players} to {engine.max_players} players, not {players}" in err
    assert "Traceback" not in err and not list(tmp_path.iterdir())  # nothing written

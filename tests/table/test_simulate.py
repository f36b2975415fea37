"""`tafelbot simulate`: a whole game between computer players, with a picture of every move."""

from PIL import Image

from bot import main


def test_simulate_plays_a_whole_game_and_writes_every_picture(tmp_path, capsys):
    assert main(["simulate", "hindmost", "--players", "2", "--seed", "5", "--out", str(tmp_path), "--gif"]) == 0
    summary = capsys.readouterr().out
    assert "place 1" in summary and "unfinished" not in summary
    pictures = sorted(tmp_path.glob("move-*.png"))
    moves = int(summary.split(": ")[1].split(" moves")[0])
    assert len(pictures) == moves + 1  # the start and every move
    assert Image.open(pictures[-1]).width == 1080  # portrait, for phones
    assert Image.open(tmp_path / "replay.gif").n_frames == len(pictures)

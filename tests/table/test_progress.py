"""The command line's progress bar: on a terminal only."""

import io

from bot import main
from table.progress import ProgressBar
from table.simulate import simulate


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_bar_draws_on_a_terminal_and_ends_the_line():
    stream = Terminal()
    bar = ProgressBar("hindmost", stream=stream, width=10)
    bar.update(3, 10)
    bar.update(10, 10)
    bar.close()
    assert stream.getvalue() == "\rhindmost [###.......] 3/10\rhindmost [##########] 10/10\n"


def test_bar_is_silent_when_not_a_terminal():
    stream = io.StringIO()  # a pipe or a log file
    bar = ProgressBar("x", stream=stream)
    bar.update(1, 2)
    bar.close()
    assert stream.getvalue() == ""


def test_simulate_reports_every_picture(tmp_path):
    seen = []
    simulate("hindmost", players=2, seed=3, out=tmp_path, progress=lambda done, total: seen.append((done, total)))
    total = len(list(tmp_path.glob("move-*.png")))
    assert seen == [(i, total) for i in range(1, total + 1)]


def fake_simulate(game, *, progress, **options):
    for done in range(1, 4):
        progress(done, 3)
    return f"{game}: 2 moves"


def test_cli_shows_the_bar_on_a_terminal_only(tmp_path, capsys, monkeypatch):
    import table.simulate

    monkeypatch.setattr(table.simulate, "simulate", fake_simulate)
    assert main(["simulate", "howruck", "--out", str(tmp_path)]) == 0
    assert "[" not in capsys.readouterr().err  # stderr is captured: not a terminal
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["simulate", "howruck", "--out", str(tmp_path)]) == 0
    assert terminal.getvalue().endswith("] 3/3\n")

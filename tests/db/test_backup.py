"""``tafelbot backup``: a consistent copy while another process keeps writing (WAL mode)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap

import pytest

from bot import main
from db.backup import BackupError, backup, database_location

# Every transaction adds one row to each table: a consistent copy has as many rows in both.
WRITER = textwrap.dedent(
    """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE IF NOT EXISTS moves (id INTEGER PRIMARY KEY, payload TEXT)")
    db.execute("CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY, version INTEGER)")
    n = 0
    while True:
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO moves (payload) VALUES (?)", ("x" * 500,))
        db.execute("INSERT INTO games (version) VALUES (?)", (n,))
        db.execute("COMMIT")
        n += 1
        if n == 200:
            print("ready", flush=True)
    """
)


@pytest.fixture
def writer(tmp_path):
    path = tmp_path / "live.sqlite3"
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout.readline().strip() == "ready", process.stderr.read()
        yield path, process
    finally:
        process.kill()
        process.wait()


def counts(path):
    with sqlite3.connect(path) as db:
        return (
            db.execute("SELECT count(*) FROM moves").fetchone()[0],
            db.execute("SELECT count(*) FROM games").fetchone()[0],
        )


def test_backup_while_another_process_writes(writer, tmp_path):
    path, process = writer
    copies = []
    for i in range(3):
        report = backup(path, tmp_path / f"copy{i}.sqlite3")
        copies.append(report.target)
        assert process.poll() is None  # the writer was still writing
    sizes = []
    for copy in copies:
        moves, games = counts(copy)
        assert moves == games >= 200  # one moment in time: never half a transaction
        sizes.append(moves)
        with sqlite3.connect(copy) as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one self-contained file
        assert not copy.with_name(copy.name + "-wal").exists()
    assert sizes == sorted(sizes)  # later copies hold at least as much
    assert not list(tmp_path.glob(".*partial*"))


def test_refuses_to_overwrite_unless_forced(tmp_path):
    source = tmp_path / "db.sqlite3"
    with sqlite3.connect(source) as db:
        db.execute("CREATE TABLE t (x)")
    target = tmp_path / "copy.sqlite3"
    target.write_text("precious")
    with pytest.raises(BackupError, match="--force"):
        backup(source, target)
    assert target.read_text() == "precious"
    backup(source, target, force=True)
    with sqlite3.connect(target) as db:
        assert db.execute("SELECT name FROM sqlite_master").fetchall() == [("t",)]


def test_clear_refusals(tmp_path):
    with pytest.raises(BackupError, match="pg_dump"):
        backup("postgresql://tafel@localhost/tafel", tmp_path / "x.sqlite3")
    with pytest.raises(BackupError, match="no database"):
        backup(tmp_path / "missing.sqlite3", tmp_path / "x.sqlite3")
    assert not (tmp_path / "missing.sqlite3").exists() and not (tmp_path / "x.sqlite3").exists()


def test_database_location():
    assert database_location("a.db", {"TAFELBOT_DB": "b.db"}) == "a.db"
    assert database_location(None, {"TAFELBOT_DB": "b.db"}) == "b.db"
    assert database_location(None, {}) == "data/tafelbot.sqlite3"


def test_cli(tmp_path, capsys, monkeypatch):
    source = tmp_path / "db.sqlite3"
    with sqlite3.connect(source) as db:
        db.execute("CREATE TABLE t (x)")
    monkeypatch.setenv("TAFELBOT_DB", str(source))
    monkeypatch.chdir(tmp_path)  # no .env from the developer's folder
    assert main(["backup", str(tmp_path / "one.sqlite3")]) == 0
    assert "integrity ok" in capsys.readouterr().out
    assert main(["backup", str(tmp_path / "one.sqlite3")]) == 1
    assert "--force" in capsys.readouterr().err
    assert main(["backup", "--db", str(source), "--force", str(tmp_path / "one.sqlite3")]) == 0
